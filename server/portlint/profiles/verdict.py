"""What the selected targets say about one case of a rule in a schema of a role: its severity,
the sentences naming the clients and what they do, and the targets for which it is an error —
or nothing, when no selected client is affected by that case."""

from __future__ import annotations

from functools import lru_cache

from portlint import profiles
from portlint.model import Severity

Verdict = tuple[Severity, str, tuple[str, ...]]


@lru_cache(maxsize=1024)
def profile_verdict(rule_key: tuple[str, str, bool], variant: str | None, role: str,
                    names: tuple[str, ...], select: frozenset[str] | None) -> Verdict | None:
    """``rule_key`` is the rule's id, own severity and whether it is universal (not the rule:
    hashing a whole rule on every finding costs more than the verdict)."""
    from portlint.profiles.compose import verdict

    rule_id, own_severity, universal = rule_key
    targets = profiles.resolve(names)
    found = verdict(profiles.matches(targets, rule_id, variant, role), rule_id, variant)
    if found is None:
        # A rule selected by name that no target knows reports every case at its own severity;
        # for a rule the targets know, the cases they leave out stay quiet.
        if universal or (select and rule_id in select
                         and rule_id not in profiles.rules_in(targets)):
            return Severity(own_severity), "", ()
        return None
    return found
