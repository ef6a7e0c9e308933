"""Rule documentation, rendered from each rule's module docstring.

The same text is printed by ``portlint rule``, written to ``docs/rules/<id>.md`` and linked from
every diagnostic, so there is one source for what a rule does and why.
"""

from __future__ import annotations

from portlint.rules import ALL_RULES, RULES_BY_ID
from portlint.rules.base import Rule

DOCS_URL = "https://github.com/portlint/portlint/blob/main/docs/rules/{id}.md"
REQUIRED_SECTIONS = ("What it does", "Why it matters", "Clients affected", "Example",
                     "Fix safety")


def rule_url(rule_id: str) -> str:
    return DOCS_URL.format(id=rule_id)


def rule_markdown(rule: Rule) -> str:
    lines = rule.doc.strip().splitlines()
    body = "\n".join(lines[1:]).strip()
    return (f"# {rule.id}\n\n{rule.summary}\n\n"
            f"Default severity: **{rule.severity.value}** · Fix: **{rule.fix}**\n\n{body}\n")


def render_rule_docs(rule_id: str | None) -> tuple[str, bool]:
    if rule_id is None:
        return "\n\n".join(rule_markdown(rule) for rule in ALL_RULES), True
    rule = RULES_BY_ID.get(rule_id)
    if rule is None:
        known = ", ".join(r.id for r in ALL_RULES)
        return f"portlint: unknown rule {rule_id!r} (known rules: {known})\n", False
    return rule_markdown(rule), True


def missing_sections(rule: Rule) -> list[str]:
    return [s for s in REQUIRED_SECTIONS if f"## {s}" not in rule.doc]
