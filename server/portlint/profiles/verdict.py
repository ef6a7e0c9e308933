"""What the selected targets say about one case of a rule: its severity, the sentence naming the
clients and what they do, and the targets for which it is an error — or nothing, when no
selected target cares about that case."""

from __future__ import annotations

from functools import lru_cache

from portlint import profiles
from portlint.model import Severity

Verdict = tuple[Severity, str, tuple[str, ...]]


@lru_cache(maxsize=1024)
def profile_verdict(rule_key: tuple[str, str, bool], variant: str | None,
                    names: tuple[str, ...], select: frozenset[str] | None) -> Verdict | None:
    """``rule_key`` is the rule's id, own severity and whether it is universal (not the rule:
    hashing a whole rule on every finding costs more than the verdict)."""
    rule_id, own_severity, universal = rule_key
    targets = profiles.resolve(names)
    pairs = profiles.matches(targets, rule_id, variant)
    if not pairs:
        # A rule selected by name that no target knows reports every case at its own severity;
        # for a rule the targets know, the cases they leave out stay quiet.
        if universal or (select and rule_id in select
                         and rule_id not in profiles.rules_in(targets)):
            return Severity(own_severity), "", ()
        return None
    severity = profiles.strongest(entry.severity for _, entry in pairs)
    assert severity is not None
    said: list[str] = []
    for _, entry in pairs:
        rows = ", ".join(dict.fromkeys(e.row for e in entry.evidence))
        phrase = f"{entry.clients} {entry.does} ({rows})"
        if phrase not in said:
            said.append(phrase)
    blocking = tuple(t.profile.name for t, e in pairs if e.severity is Severity.ERROR)
    return severity, "For the selected targets: " + "; ".join(said) + ".", blocking
