"""Every profile entry agrees with the committed observations (conformance/observations), offline.

For an observed entry: each cited case shows the entry's effect on exactly the releases the entry
names, in every protocol era it claims (so a release recorded later that changes the behaviour,
or a range that grows, fails here until the entry follows); portlint reports the entry's rule on
that case; and the message names the client, its releases and the effect's true scope. Every
non-accepted observation of a client of the default targets is covered by an entry, or listed in
``portlint.profiles.unreported`` with the reason it is not reported.
"""

from __future__ import annotations

import json

import pytest
from conformance.harness.cases import SIBLING, all_cases
from conformance.harness.lanes import LANES

from conformance import evidence, reported
from portlint import profiles
from portlint.linter import lint_text
from portlint.profiles.base import ANY_ERA, MODERN, Client, Entry, Observed, span
from portlint.profiles.clients import CLIENTS, CLIENTS_BY_ID
from portlint.profiles.compose import evidence_code
from portlint.profiles.unreported import UNREPORTED
from portlint.rules import RULES_BY_ID
from portlint.settings import Settings

CASES = all_cases()
OBSERVED = [(i, e) for i, e in enumerate(profiles.ENTRIES) if e.observed]
DEFAULT_CLIENTS = [CLIENTS_BY_ID[c] for p in profiles.PROFILES if p.default for c in p.clients
                   if CLIENTS_BY_ID[c].observed]


def _id(pair: tuple[int, Entry]) -> str:
    entry = pair[1]
    return f"{entry.client}:{entry.rule}:{','.join(entry.variants or ('*',))}:{entry.versions}"


def _lanes(client: Client, entry: Entry) -> list[tuple[str, str]]:
    """(era, lane id) of the client the entry speaks about."""
    return [(era, lane) for era, lane, _ in client.lanes
            if entry.eras is None or era in entry.eras or era == ANY_ERA]


def _accepts(entry: Entry) -> frozenset[str]:
    accepted = evidence.ACCEPTS[entry.effect.value]
    assert isinstance(entry.evidence, Observed)
    if entry.evidence.judged:
        accepted |= {"unknown"}
    return accepted


def test_the_client_table_is_the_harness_lanes() -> None:
    lanes = {lane.id: lane for lane in LANES}
    listed = {lane for client in CLIENTS for _, lane, _ in client.lanes}
    assert listed <= set(lanes), listed - set(lanes)
    for client in CLIENTS:
        for _, lane_id, versions in client.lanes:
            assert versions == lanes[lane_id].versions, (client.id, lane_id)
            assert client.package == lanes[lane_id].package
    observed_lanes = {lane.id for lane in LANES}
    assert observed_lanes <= listed, f"lanes no client lists: {observed_lanes - listed}"


@pytest.mark.parametrize("pair", OBSERVED, ids=_id)
def test_entry_matches_its_observations_exactly(pair: tuple[int, Entry]) -> None:
    entry = pair[1]
    client = CLIENTS_BY_ID[entry.client]
    assert isinstance(entry.evidence, Observed) and entry.evidence.cases
    assert entry.versions, "an observed entry names its releases"
    accepts = _accepts(entry)
    lanes = _lanes(client, entry)
    assert lanes, f"{client.id} has no lane of the eras {entry.eras}"
    attained: set[str] = set()
    for era, lane in lanes:
        claimed = set(entry.releases(client, era or None))
        assert claimed, f"{entry.versions} names no release of {lane}"
        first, last = entry.bounds or ("", "")
        assert {first, last} <= set(evidence.versions(lane)) | set(client.versions()), (
            f"{entry.versions}: its bounds are not observed releases")
        for case in entry.evidence.cases:
            assert case in CASES, case
            matching = {v for v in evidence.versions(lane)
                        if (seen := evidence.observed(lane, v, case)) is not None
                        and seen.label in accepts}
            labels = {v: evidence.observed(lane, v, case) for v in evidence.versions(lane)}
            assert matching == claimed, (
                f"{lane} {case}: {entry.effect.value} observed on {sorted(matching)}, the entry "
                f"claims {sorted(claimed)}; observed "
                f"{ {v: s.label for v, s in labels.items() if s} }")
            attained.update(s.label for v, s in labels.items() if s and v in claimed)
    if entry.effect.value in ("widens-and-narrows", "rewritten"):
        # the entry says no more than the observations: some observation is that strong
        strongest = {"widens-and-narrows": {"widens-and-narrows"} | (
            {"widens", "narrows"} if {"widens", "narrows"} <= attained else set()),
                     "rewritten": {"unknown"} | ({"widens", "narrows"} if {
                         "widens", "narrows"} <= attained else set())}[entry.effect.value]
        assert attained & strongest, f"{entry.effect.value} is stronger than {attained}"


def _targets_for(entry: Entry, client: Client) -> tuple[str, ...]:
    era = entry.eras[0] if entry.eras else None
    last = entry.releases(client, era)[-1]
    names = (f"{client.id}@{last}",)
    return names + (("mcp@2026-07-28",) if entry.eras == (MODERN,) else ())


@pytest.mark.parametrize("pair", OBSERVED, ids=_id)
def test_portlint_reports_each_cited_case_with_the_entry_claim(pair: tuple[int, Entry]) -> None:
    entry = pair[1]
    client = CLIENTS_BY_ID[entry.client]
    assert isinstance(entry.evidence, Observed)
    era = entry.eras[0] if entry.eras else None
    releases = entry.releases(client, era)
    settings = Settings(targets=_targets_for(entry, client))
    rule = RULES_BY_ID[entry.rule]
    named = f"{client.title} {span(releases)}"
    scopes = ((entry.effect.verb(False), entry.effect.verb(True)) if entry.effect.refusal
              else (entry.does,))
    for case in entry.evidence.cases:
        text = json.dumps({"tools": CASES[case].tools})
        found = [f for f in lint_text(text, "case.json", settings).findings
                 if f.rule == rule.id and f.tool != SIBLING]
        assert found, f"{case}: portlint does not report {rule.id}"
        said = [f for f in found if named in f.message
                and any(scope in f.message for scope in scopes)]
        assert said, (case, [f.message for f in found])
        assert all(evidence_code(rule.id, None).split("#")[0] in f.message for f in said)
        assert said[0].severity is entry.level


def _covered(client: Client, era: str, version: str, case: str, label: str) -> bool:
    for entry in profiles.ENTRIES_BY_CLIENT[client.id]:
        if not entry.observed or (entry.eras is not None and era not in entry.eras):
            continue
        assert isinstance(entry.evidence, Observed)
        if (case in entry.evidence.cases and version in entry.releases(client, era or None)
                and label in _accepts(entry)):
            return True
    return False


def _uncovered() -> dict[tuple[str, str], list[str]]:
    out: dict[tuple[str, str], list[str]] = {}
    for client in DEFAULT_CLIENTS:
        for era, lane, _ in client.lanes:
            for (version, case), seen in sorted(evidence.seen(lane).items()):
                if seen.label in ("accepted", "annotation"):
                    continue  # the same contract handed on
                if not _covered(client, era, version, case, seen.label):
                    out.setdefault((client.id, case), []).append(
                        f"{lane}@{version}: {seen.label}")
    return out


def test_every_refusal_or_rewrite_of_a_default_client_is_reported_or_listed() -> None:
    listed = {(client, case) for item in UNREPORTED for client in item.clients
              for case in item.cases}
    missing = {k: v for k, v in _uncovered().items() if k not in listed}
    assert not missing, "\n".join(f"{c} {case}: {where}" for (c, case), where in
                                  sorted(missing.items()))


def test_the_unreported_list_is_not_stale() -> None:
    uncovered = _uncovered()
    stale = []
    for item in UNREPORTED:
        assert item.reason.strip()
        for client in item.clients:
            assert client in CLIENTS_BY_ID
            for case in item.cases:
                assert case in CASES, case
                if (client, case) not in uncovered:
                    stale.append(f"{client} {case}")
    assert not stale, f"reported (or accepted) now, drop them from the list: {stale}"


STRENGTH = {"tool-list": 3, "conversion-list": 3, "tool": 2, "conversion-tool": 2, "call": 1,
            "conversion": 1, "request": 1}


def _claimed(entry: Entry, client: Client) -> list[str]:
    """The conformance cases on which the entry speaks: portlint reports its rule there, in a
    variant and schema role the entry covers."""
    return [case for case in CASES
            if any(rule == entry.rule and entry.applies(variant, role, era)
                   for rule, variant, role in reported.reported_roles(case)
                   for era in {e for e, _, _ in client.lanes})]


@pytest.mark.parametrize("pair", OBSERVED, ids=_id)
def test_no_entry_speaks_for_a_case_its_client_handles_otherwise(
        pair: tuple[int, Entry]) -> None:
    """Precision: wherever portlint would show an entry's claim, the client was not observed to
    accept the tool unchanged, and a refusal claimed is a refusal observed, of at least the
    claimed scope (another construct of the same case may lose more)."""
    entry = pair[1]
    client = CLIENTS_BY_ID[entry.client]
    wrong = []
    for era, lane in _lanes(client, entry):
        for case in _claimed(entry, client):
            for version in entry.releases(client, era or None):
                seen = evidence.observed(lane, version, case)
                if seen is None:
                    continue
                label = seen.label
                if entry.effect.refusal:
                    ok = STRENGTH.get(label, 0) >= STRENGTH[entry.effect.value]
                else:
                    ok = label not in ("accepted", "annotation", "equivalent") or (
                        entry.effect.value in ("equivalent", "renamed"))
                if not ok:
                    wrong.append(f"{lane}@{version} {case}: {label}")
    assert not wrong, wrong
