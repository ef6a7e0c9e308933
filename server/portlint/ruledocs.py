"""Rule documentation, rendered from each rule's module docstring.

The same text is printed by ``portlint rule``, written to ``docs/rules/<id>.md`` and linked from
every diagnostic, so there is one source for what a rule does and why.
"""

from __future__ import annotations

from portlint import profiles
from portlint.profiles.base import Documented, Entry, Observed, Profile, span
from portlint.profiles.clients import CLIENTS_BY_ID
from portlint.profiles.compose import CLIENTS_URL, anchor
from portlint.rules import ALL_RULES, RULES_BY_ID
from portlint.rules.base import Rule

REPOSITORY_URL = "https://github.com/portlint/portlint"
DOCS_URL = REPOSITORY_URL + "/blob/main/docs/rules/{id}.md"
REQUIRED_SECTIONS = ("What it does", "Why it matters", "Clients affected", "Example",
                     "Fix safety")


def rule_url(rule_id: str) -> str:
    return DOCS_URL.format(id=rule_id)


def entries_for(rule_id: str) -> list[tuple[Profile, Entry]]:
    return [(p, e) for p in profiles.PROFILES for e in p.entries if e.rule == rule_id]


def _current_at_newest(entry: Entry) -> bool:
    """Whether an entry concerns the newest observed release of its client (a documented
    entry always does) in some era it claims."""
    client = CLIENTS_BY_ID[entry.client]
    if not client.observed:
        return True
    for era, _, versions in client.lanes:
        if (entry.eras is None or era in entry.eras) and versions[-1] in entry.releases(
                client, era or None):
            return True
    return False


def default_severity(rule: Rule) -> str:
    """What the default targets make of a rule: its strongest severity there (on the newest
    release of each client), or why it is quiet."""
    if rule.kind == "source" or rule.universal:
        return rule.severity.value + (" (opt-in)" if rule.opt_in else "")
    found = [e.level for p, e in entries_for(rule.id) if p.default and _current_at_newest(e)]
    strongest = profiles.strongest(found)
    if strongest is not None:
        return strongest.value
    opting = sorted({p.name for p, e in entries_for(rule.id)
                     if not p.default and _current_at_newest(e)})
    return "off (on in " + ", ".join(f"`{n}`" for n in opting) + ")" if opting else "off"


def _releases(entry: Entry) -> str:
    client = CLIENTS_BY_ID[entry.client]
    if not client.observed:
        return "—"
    era = entry.eras[0] if entry.eras and len(entry.eras) == 1 else None
    text = span(entry.releases(client, era))
    if entry.eras is not None and len(entry.eras) == 1 and len(client.eras) > 1:
        text += f" (protocol {entry.eras[0]})"
    if not _current_at_newest(entry):
        text += " (older releases only)"
    return text


def _case(rule: Rule, entry: Entry) -> str:
    case = ", ".join(f"`{v}`" for v in entry.variants) if entry.variants else "all"
    if entry.roles:
        case += " in " + "/".join(entry.roles) + " schemas"
    return case


def _evidence(rule: Rule, entry: Entry) -> str:
    first = entry.variants[0] if entry.variants else (rule.variants or (None,))[0]
    link = f"{CLIENTS_URL}#{anchor(rule.id, first)}"
    if isinstance(entry.evidence, Observed):
        count = len(entry.evidence.cases)
        return f"observed, {count} case{'s' if count > 1 else ''}: [docs/clients.md]({link})"
    assert isinstance(entry.evidence, Documented)
    sources = "; ".join(f"[{s.grade.value}] {s.where} ({s.date})"
                        for s in entry.evidence.sources)
    hedge = f" Held at {entry.level.value}: {entry.evidence.hedge}." if entry.evidence.hedge else ""
    return f"documented, not reproduced locally: {sources}.{hedge}"


def _does(entry: Entry) -> str:
    if entry.effect.refusal:
        return entry.effect.verb(False)
    qualifier = entry.effect.qualifier
    return entry.does + (f" ({qualifier})" if qualifier else "")


def _evidence_section(rule: Rule) -> str:
    pairs = entries_for(rule.id)
    if rule.kind == "source":
        return ""
    if not pairs:
        return ("## Evidence by client profile\n\nNo client profile lists this rule: it is "
                "reported whatever the targets are.\n")
    lines = ["## Evidence by client profile", "",
             "| Profile | Client | Case | Releases | What it does | Severity | Evidence |",
             "|---|---|---|---|---|---|---|"]
    for profile, entry in pairs:
        name = f"`{profile.name}`" + ("" if profile.default else " (opt-in)")
        client = CLIENTS_BY_ID[entry.client]
        lines.append(f"| {name} | {client.title} (`{client.id}`) | {_case(rule, entry)} | "
                     f"{_releases(entry)} | {_does(entry)} | {entry.level.value} | "
                     f"{_evidence(rule, entry)} |")
    lines.append("")
    lines.append("Observed entries were reproduced by running each client's shipped code on "
                 "the conformance cases; the matrix, the record ids and the verbatim errors are "
                 f"in [docs/clients.md]({CLIENTS_URL}). Grades of documented sources: primary "
                 "(vendor source or docs, a maintainer), observed (a user's verbatim error), "
                 "secondary (third-party).")
    return "\n".join(lines) + "\n"


def rule_markdown(rule: Rule) -> str:
    lines = rule.doc.strip().splitlines()
    body = "\n".join(lines[1:]).strip()
    evidence = _evidence_section(rule)
    return (f"# {rule.id}\n\n{rule.summary}\n\n"
            f"Severity under the default targets: **{default_severity(rule)}** · "
            f"Fix: **{rule.fix}**\n\n{body}\n" + (f"\n{evidence}" if evidence else ""))


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


TABLE_START = "<!-- rules-table:start (generated by scripts/generate_docs.py) -->"
TABLE_END = "<!-- rules-table:end -->"


def rules_table() -> str:
    """The README's rules table."""
    lines = ["| Rule | Default targets | Fix | Reports |", "|---|---|---|---|"]
    for rule in ALL_RULES:
        lines.append(f"| [`{rule.id}`](docs/rules/{rule.id}.md) | {default_severity(rule)} | "
                     f"{rule.fix} | {rule.summary} |")
    return "\n".join(lines)


def with_rules_table(readme: str) -> str:
    """``readme`` with the text between the table markers regenerated."""
    start = readme.index(TABLE_START) + len(TABLE_START)
    end = readme.index(TABLE_END)
    return readme[:start] + "\n" + rules_table() + "\n" + readme[end:]


def generated_docs() -> dict[str, str]:
    """``docs/rules/<id>.md`` file names and their content."""
    return {f"{rule.id}.md": rule_markdown(rule) for rule in ALL_RULES}
