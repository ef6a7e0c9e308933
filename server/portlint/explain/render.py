"""A client's error explained, as text and as JSON: what ``portlint explain`` prints and what the
language server's ``portlint.explainError`` command returns."""

from __future__ import annotations

from typing import Any

from portlint.explain.evidence import evidence_for, index_problem
from portlint.explain.explain import Explanation, Place, _shown
from portlint.explain.formats import FORMATS
from portlint.report.summary import FileResult
from portlint.rules import RULES_BY_ID

UNRECOGNISED = ("portlint does not recognise this text as a client's schema error, so it "
                "explains nothing rather than guess. It reads the errors of: {clients}. If "
                "this is a client's refusal of a tool schema, please report the text.")


def known_clients() -> str:
    return "; ".join(dict.fromkeys(row.client.split(" (")[0].split(",")[0] for row in FORMATS))


def rule_section(rule_id: str, section: str) -> str:
    rule = RULES_BY_ID.get(rule_id)
    if rule is None:
        return ""
    parts = rule.doc.split(f"## {section}", 1)
    if len(parts) < 2:
        return ""
    return " ".join(parts[1].split("\n## ", 1)[0].split())


def _position(place: Place) -> tuple[int, int]:
    return FileResult(place.source.name, place.source.text).position(place.span[0])


def evidence_problem(explanations: list[Explanation]) -> str | None:
    """What the explanations lack because the evidence index could not be read: a sentence,
    or None (when it was read, or nothing was recognised that it would back)."""
    problem = index_problem() if explanations else None
    if problem is None:
        return None
    return (f"{problem}; the explanations do not say which real clients were recorded "
            "printing these errors (reinstall portlint, or rebuild the index with "
            "scripts/explain_figures.py --write-evidence)")


def render_explanations(explanations: list[Explanation], have_sources: bool, *,
                        with_problems: bool = True) -> str:
    """The explanations as text; ``with_problems`` ends it with what could not be read (the
    CLI writes that to stderr instead)."""
    if not explanations:
        return UNRECOGNISED.format(clients=known_clients()) + "\n"
    problem = evidence_problem(explanations) if with_problems else None
    return _blocks(explanations, have_sources) + (f"\nNote: {problem}.\n" if problem else "")


def _blocks(explanations: list[Explanation], have_sources: bool) -> str:
    blocks: list[str] = []
    for explanation in explanations:
        error = explanation.error
        lines = [f"From {error.format.client}: {error.message}",
                 f"  What it means: {error.format.meaning}"]
        evidence = evidence_for(error)
        if evidence is not None:
            lines.append("  Recorded from: " + "; ".join(evidence.clients)
                         + " — " + ", ".join(f"`{r}`" for r in evidence.records)
                         + " (" + ", ".join(evidence.files) + ")")
        named = []
        if error.tool:
            named.append(f"tool `{error.tool}`")
        if error.tool_index is not None:
            named.append(f"tool index {error.tool_index}")
        shown = _shown(error)
        if shown:
            named.append(f"path `{shown}`")
        if named:
            lines.append("  It names: " + ", ".join(named))
        if explanation.note:
            lines.append(f"  Note: {explanation.note}")
        for place in explanation.places:
            line, column = _position(place)
            lines.append(f"  In {place.source.name}:{line}:{column}: tool "
                         f"\"{place.tool.name or place.tool.label}\" ({place.how})")
            if place.findings:
                finding = place.findings[0]
                lines.append(f"    Rule: {finding.rule} — {_summary(finding.rule)}")
                lines.append(f"    Finding: {finding.message}")
                if finding.suggestion:
                    lines.append(f"    Fix: {finding.suggestion}")
                for remedy in finding.fixes:
                    if remedy.edits:
                        how = (" (`portlint check --fix` applies it)" if remedy.is_safe
                               else "")
                        lines.append(f"    Fix ({remedy.applicability.value}): "
                                     f"{remedy.title}{how}")
            else:
                lines.append("    No portlint rule reports this place for any client "
                             "profile.")
        if not explanation.places:
            if have_sources:
                lines.append("  Not found in the files given.")
            for rule_id in error.rules[:1]:
                lines.append(f"  Rule: {rule_id} — {_summary(rule_id)}")
                fix = rule_section(rule_id, "Fix safety")
                if fix:
                    lines.append(f"  Fix: {fix}")
                lines.append(f"  More: portlint rule {rule_id}")
            if not error.rules:
                lines.append("  No portlint rule explains this error yet.")
            if not have_sources:
                lines.append("  Name the server's files (or --server) to find the tool and "
                             "the line.")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _evidence_json(error: Any) -> dict[str, list[str]] | None:
    evidence = evidence_for(error)
    if evidence is None:
        return None
    return {"clients": list(evidence.clients), "records": list(evidence.records),
            "files": list(evidence.files)}


def _summary(rule_id: str) -> str:
    rule = RULES_BY_ID.get(rule_id)
    return rule.summary if rule is not None else ""


def explanations_json(explanations: list[Explanation], have_sources: bool) -> dict[str, Any]:
    if not explanations:
        return {"recognised": False, "message": UNRECOGNISED.format(clients=known_clients()),
                "errors": []}
    errors: list[dict[str, Any]] = []
    for explanation in explanations:
        error = explanation.error
        places = []
        for place in explanation.places:
            line, column = _position(place)
            finding = place.findings[0] if place.findings else None
            places.append({
                "file": place.source.name, "tool": place.tool.name,
                "location": {"line": line, "column": column},
                "found": place.how,
                "rule": finding.rule if finding else None,
                "message": finding.message if finding else None,
                "suggestion": finding.suggestion if finding else None,
            })
        errors.append({
            "format": error.format.id, "client": error.format.client,
            "message": error.message, "meaning": error.format.meaning,
            "tool": error.tool, "index": error.tool_index, "role": error.role,
            "path": [s if isinstance(s, (str, int)) else {"property": s.position}
                     for s in error.path],
            "rules": list(error.rules), "note": explanation.note, "places": places,
            "scope": error.format.scope, "evidence": _evidence_json(error),
            "placed": bool(places) or not have_sources,
        })
    return {"recognised": True, "errors": errors,
            "evidence_problem": evidence_problem(explanations)}
