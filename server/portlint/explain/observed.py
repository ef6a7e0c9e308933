"""``portlint explain`` measured on the conformance observations: every client error a real
client printed (``conformance/observations/*.json``) explained in the tool list it was printed
for (``conformance/cases/*/*.json``), and judged.

Each error text gets one verdict:

* ``placed`` — recognised, and every place is in a tool under test (never the clean
  ``sibling``), where the lint reports the rule the error names whenever it reports that rule
  in the tool at all;
* ``unplaced`` — recognised, no place;
* ``unrecognised`` — no format row reads it;
* ``wrong`` — a place in the sibling, or away from the rule the lint finds in the tool, or a
  row whose scope is not what the observation recorded.

Only the repository has the observations (they are not part of the wheel); the figures script
(``scripts/explain_figures.py``) and the offline test read them from there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

from portlint.explain.explain import Explanation, Source, explain
from portlint.readers import read_source

Verdict = Literal["placed", "unplaced", "unrecognised", "wrong"]


class Observed(NamedTuple):
    id: str  # the record's id (``#stdio`` / ``#memory`` for one transport of it)
    lane: str
    case: str
    scope: str
    text: str


class Judged(NamedTuple):
    observed: Observed
    verdict: Verdict
    why: str
    explanations: tuple[Explanation, ...]


def observed_errors(root: Path) -> Iterator[Observed]:
    """Every error text of a non-accepted observation, in file order."""
    for path in sorted((root / "conformance" / "observations").glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8"))["records"]:
            if record["outcome"] == "accepted":
                continue
            if record.get("error"):
                yield Observed(record["id"], record["lane"], record["case"],
                               record.get("scope", ""), record["error"])
            for transport, sub in sorted((record.get("by_transport") or {}).items()):
                if sub.get("error"):
                    yield Observed(f"{record['id']}#{transport}", record["lane"],
                                   record["case"], sub.get("scope", ""), sub["error"])


@cache
def _cases(root: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in (root / "conformance" / "cases").glob("*/*.json"):
        case = json.loads(path.read_text(encoding="utf-8"))
        out[case["id"]] = case
    return out


def case_source(root: Path, case_id: str) -> Source:
    """The case's tool list as the document the error is explained in."""
    text = json.dumps({"tools": _cases(root)[case_id]["tools"]}, indent=2)
    return Source("tools.json", text, read_source(text, "json"))


def judge(root: Path, observed: Observed) -> Judged:
    source = case_source(root, observed.case)
    explanations = tuple(explain(observed.text, [source]))
    if not explanations:
        return Judged(observed, "unrecognised", "", explanations)
    tools = _cases(root)[observed.case]["tools"]
    siblings = {i for i, t in enumerate(tools) if isinstance(t, dict)
                and t.get("name") == "sibling"}
    for explanation in explanations:
        scope = explanation.error.format.scope
        if observed.scope and scope != observed.scope:
            return Judged(observed, "wrong", f"format {explanation.error.format.id} says "
                          f"scope {scope}, the observation {observed.scope}", explanations)
        for place in explanation.places:
            if place.tool.path[-1] in siblings:
                return Judged(observed, "wrong", f"placed in the sibling at {place.path}",
                              explanations)
        wanted = explanation.error.rules
        if not explanation.places or not wanted:
            continue
        found = _rules_in_tools(source, {p.tool.label for p in explanation.places})
        if set(wanted) & found and not any(
                f.rule in wanted for p in explanation.places for f in p.findings):
            return Judged(observed, "wrong", "the lint finds "
                          f"{sorted(set(wanted) & found)} in the tool, not at the place",
                          explanations)
    if any(e.places for e in explanations):
        return Judged(observed, "placed", "", explanations)
    return Judged(observed, "unplaced", explanations[0].note, explanations)


def _rules_in_tools(source: Source, labels: set[str]) -> set[str]:
    from portlint.explain.explain import _lint

    return {f.rule for f in _lint(source) if f.tool_label in labels}
