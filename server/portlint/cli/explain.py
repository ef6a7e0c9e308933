"""``portlint explain 'ERROR TEXT' [FILE...] [--server CMD | --url URL]``: which tool, which
line, which rule — for an error a client printed.

Exit status: 0 every recognised error was placed (or no file was given to place it in); 1 an
error was recognised but could not be placed in the files given; 2 the text is not an error
portlint recognises (it says so and guesses nothing), or a file or server could not be read.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from portlint.cli.diff import SideSpec, load_side
from portlint.explain.explain import Explanation, Place, Source, explain
from portlint.explain.formats import FORMATS
from portlint.live.target import Bounds
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


def run_explain(text: str, files: list[str], *, server: str | None = None,
                url: str | None = None, bounds: Bounds | None = None,
                output_format: str = "text", stdout: TextIO | None = None,
                stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    sources: list[Source] = []
    specs = [SideSpec(path=f) for f in files]
    if server is not None or url is not None:
        specs.append(SideSpec(server=server, url=url))
    for spec in specs:
        side = load_side(spec, bounds or Bounds(), err)
        if side is None:
            return 2
        sources.append(Source(side.name, side.text, side.source))
    explanations = explain(text, sources)
    if output_format == "json":
        out.write(json.dumps(explanations_json(explanations, bool(sources)), indent=2,
                             ensure_ascii=False) + "\n")
    else:
        out.write(render_explanations(explanations, bool(sources)))
    if not explanations:
        return 2
    if sources and any(not e.places for e in explanations):
        return 1
    return 0


def _position(place: Place) -> tuple[int, int]:
    return FileResult(place.source.name, place.source.text).position(place.span[0])


def render_explanations(explanations: list[Explanation], have_sources: bool) -> str:
    if not explanations:
        return UNRECOGNISED.format(clients=known_clients()) + "\n"
    blocks: list[str] = []
    for explanation in explanations:
        error = explanation.error
        lines = [f"From {error.format.client}: {error.message}",
                 f"  What it means: {error.format.meaning}"]
        named = []
        if error.tool:
            named.append(f"tool `{error.tool}`")
        if error.tool_index is not None:
            named.append(f"tool index {error.tool_index}")
        from portlint.explain.explain import _shown

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
            "placed": bool(places) or not have_sources,
        })
    return {"recognised": True, "errors": errors}
