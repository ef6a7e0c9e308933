"""The committed observations as the profiles and ``docs/clients.md`` read them.

A profile entry claims an effect for a client's releases on some cases; this module says, per
lane, version and case, what was observed — in the entry vocabulary: ``accepted``, a refusal's
scope (``tool-list``, ``tool``, ``call``, ``conversion`` — ``conversion-list`` or
``conversion-tool`` when the record says what the raise lost), a rewrite's effect (``widens``,
``narrows``, ``widens-and-narrows``, ``unknown``, ``equivalent``, ``renamed``, ``annotation``)
or ``transport-dependent`` — and which record it comes from.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from conformance.harness import records
from conformance.harness.lanes import LANES, Lane

# what each entry effect accepts as its observation (``unknown``: the harness did not decide
# the direction of a rewrite)
ACCEPTS: dict[str, frozenset[str]] = {
    # a converter that raises loses what it was converting: the whole list, or this tool
    "tool-list": frozenset(("tool-list", "conversion-list")),
    "tool": frozenset(("tool", "conversion-tool")),
    "call": frozenset(("call",)),
    "conversion": frozenset(("conversion", "conversion-list", "conversion-tool")),
    "narrows": frozenset(("narrows",)),
    "widens": frozenset(("widens",)),
    "widens-and-narrows": frozenset(("widens", "narrows", "widens-and-narrows")),
    "rewritten": frozenset(("widens", "narrows", "widens-and-narrows", "unknown")),
    "equivalent": frozenset(("equivalent",)),
    "renamed": frozenset(("renamed",)),
}
REWRITES = frozenset(("widens", "narrows", "widens-and-narrows", "unknown"))


class Seen(NamedTuple):
    label: str  # the observation in the entry vocabulary
    record: dict[str, Any]  # the record it comes from


def label(outcome: dict[str, Any]) -> str:
    kind = outcome["outcome"]
    if kind == "refused":
        if outcome["scope"] == "conversion" and outcome.get("lost") in ("tool-list", "tool"):
            return "conversion-list" if outcome["lost"] == "tool-list" else "conversion-tool"
        return str(outcome["scope"])
    if kind == "rewritten":
        return str(outcome.get("effect", "unknown"))
    return str(kind)


def lane_of(lane_id: str) -> Lane:
    for lane in LANES:
        if lane.id == lane_id:
            return lane
    raise KeyError(lane_id)


@cache
def data(lane_id: str) -> dict[str, Any]:
    loaded = records.load(lane_of(lane_id))
    if loaded is None:
        raise FileNotFoundError(f"no observations for {lane_id}")
    return loaded


@cache
def seen(lane_id: str) -> dict[tuple[str, str], Seen]:
    """(version, case) → what was observed and the record that says so."""
    out: dict[tuple[str, str], Seen] = {}
    for record in data(lane_id)["records"]:
        for version in record["versions"]:
            out[(version, record["case"])] = Seen(label(record), record)
    return out


def observed(lane_id: str, version: str, case: str) -> Seen | None:
    return seen(lane_id).get((version, case))


def versions(lane_id: str) -> tuple[str, ...]:
    return tuple(data(lane_id)["versions"])


def recorded_on(lane_id: str) -> str:
    return str(data(lane_id).get("environment", {}).get("recorded", ""))
