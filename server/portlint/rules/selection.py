"""Which rules a run uses, and which of them each schema root is given."""

from __future__ import annotations

from collections.abc import Sequence

from portlint import profiles, rules
from portlint.rules.base import Fact, RootContext, Rule
from portlint.settings import Settings


def active_rules(settings: Settings, chosen_rules: Sequence[Rule] | None = None
                 ) -> ActiveRules:
    """The rules to run (of ``chosen_rules``, else every schema rule): switched on, and either
    relevant to a target, universal, or selected by name."""
    relevant = profiles.rules_in(profiles.resolve(settings.targets))
    selected = settings.select or frozenset()
    candidates = rules.SCHEMA_RULES if chosen_rules is None else chosen_rules
    return ActiveRules([r for r in candidates
                        if r.active(settings)
                        and (r.universal or r.id in relevant or r.id in selected)])


class ActiveRules:
    """The rules of one run, and which of them a schema root is given: those whose trigger
    keywords it carries, of its role, and the tool's own rules on its first root only. The
    choice depends on few things, so it is made once per combination, not per root and rule."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules
        triggers = [r.triggers for r in rules if r.triggers is not None]
        self._keywords = frozenset().union(*(t.keywords for t in triggers))
        self._facts: frozenset[Fact] = frozenset().union(*(t.facts for t in triggers))
        self._chosen: dict[tuple[frozenset[str], frozenset[Fact], str, bool], list[Rule]] = {}

    def for_root(self, ctx: RootContext, first_of_tool: bool) -> list[Rule]:
        keywords = self._keywords.intersection(ctx.keywords)
        facts = ctx.facts(self._facts) if self._facts else frozenset()
        role = ctx.root.role
        key = (keywords, facts, role, first_of_tool)
        chosen = self._chosen.get(key)
        if chosen is None:
            chosen = [r for r in self.rules
                      if (r.triggers is None or not r.triggers.keywords.isdisjoint(keywords)
                          or not r.triggers.facts.isdisjoint(facts))
                      and (r.roles is None or role in r.roles)
                      and (first_of_tool or not r.once_per_tool)]
            self._chosen[key] = chosen
        return chosen
