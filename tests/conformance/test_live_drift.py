"""Live: the newest release of each CI lane (MCP TypeScript SDK 1.x, the v2 client in both
eras, the Python SDK, openai-agents strict and non-strict, vscode-json-languageservice) re-run on
every case and compared with the committed observations. Any
difference fails, with a diff per case. Runs with PORTLINT_LIVE=1; the first run installs the
pinned clients into ~/.cache/portlint-conformance. Lean: in memory, plus stdio for the cases
whose committed outcome is transport-dependent (a newest release is recorded over both)."""

from __future__ import annotations

import pytest
from conformance.harness import drift, records
from conformance.harness.cases import all_cases
from conformance.harness.lanes import LANES, Lane
from conformance.harness.run import dependent_cases, observe_lean

CI_LANES = [lane for lane in LANES if lane.ci]


@pytest.mark.live_oracle
@pytest.mark.parametrize("lane", CI_LANES, ids=[lane.id for lane in CI_LANES])
def test_newest_release_matches_the_committed_observations(lane: Lane) -> None:
    cases = all_cases()
    committed = records.load(lane)
    assert committed is not None
    expected = records.expand_file(committed).get(lane.newest, {})
    live = observe_lean(lane, lane.newest, list(cases.values()), dependent_cases(expected))
    report = drift.compare(lane, lane.newest, expected, live, cases)
    assert not report, (f"{len(report)} case(s) drifted for {lane.id}@{lane.newest}; if the "
                        "change is real, re-record: python -m conformance record --lane "
                        f"{lane.id} --newest\n\n" + "\n\n".join(report))
