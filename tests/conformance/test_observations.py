"""The committed observations (conformance/observations/*.json), offline: well-formed, stable,
covering every case for every recorded version of every lane, citing cases that exist, and made
from the case files as they are now (a case edited without re-recording fails here)."""

from __future__ import annotations

import json

import pytest
from conformance.harness import records
from conformance.harness.cases import SIBLING, all_cases
from conformance.harness.lanes import LANES, Lane

CASES = all_cases()
OUTCOMES = {"accepted", "refused", "rewritten", "transport-dependent"}
SCOPES = {"tool-list", "tool", "call", "conversion"}
EFFECTS = {"widens", "narrows", "widens-and-narrows", "annotation", "equivalent", "renamed",
           "unknown"}
LANE_IDS = [lane.id for lane in LANES]
PLAIN_CONTROLS = {"control-input", "control-output", "control-ab", "control-array",
                  "control-output-array"}


def _loaded(lane: Lane) -> dict:  # type: ignore[type-arg]
    data = records.load(lane)
    assert data is not None, f"no observations for {lane.id}: run python -m conformance record"
    return data


def test_every_observation_file_is_a_known_lane() -> None:
    files = sorted(p.name for p in records.OBSERVATIONS_DIR.glob("*.json"))
    assert files == sorted(records.path_for(lane).name for lane in LANES)


@pytest.mark.parametrize("lane", LANES, ids=LANE_IDS)
def test_file_is_stably_written(lane: Lane) -> None:
    path = records.path_for(lane)
    data = json.loads(path.read_text(encoding="utf-8"))
    again = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    assert path.read_text(encoding="utf-8") == again
    assert data["records"] == sorted(data["records"], key=lambda r: (
        r["case"], lane.versions.index(r["versions"][0])))


@pytest.mark.parametrize("lane", LANES, ids=LANE_IDS)
def test_every_version_and_case_recorded_once(lane: Lane) -> None:
    data = _loaded(lane)
    assert data["lane"] == lane.id and data["package"] == lane.package
    assert data["versions"] == list(lane.versions), "re-record the lane's missing versions"
    seen: dict[tuple[str, str], str] = {}
    for record in data["records"]:
        for version in record["versions"]:
            key = (version, record["case"])
            assert key not in seen, f"{key} in {seen.get(key)} and {record['id']}"
            seen[key] = record["id"]
    missing = [(v, c) for v in lane.versions for c in CASES if (v, c) not in seen]
    assert missing == [], f"{len(missing)} (version, case) pairs unrecorded, e.g. {missing[:3]}"


@pytest.mark.parametrize("lane", LANES, ids=LANE_IDS)
def test_records_cite_current_cases_and_consecutive_versions(lane: Lane) -> None:
    for record in _loaded(lane)["records"]:
        case = CASES.get(record["case"])
        assert case is not None, f"{record['id']} cites a case that no longer exists"
        assert record["case_digest"] == case.digest, (
            f"{record['id']}: {case.path.name} changed since it was recorded; re-record it")
        versions = record["versions"]
        first = lane.versions.index(versions[0])
        assert versions == list(lane.versions[first:first + len(versions)])
        assert record["id"] == records.record_id(lane.id, versions, record["case"])
        assert record["lane"] == lane.id


def _check_outcome(outcome: dict, where: str) -> None:  # type: ignore[type-arg]
    kind = outcome["outcome"]
    assert kind in OUTCOMES, where
    if kind == "transport-dependent":
        for one in outcome["by_transport"].values():
            _check_outcome(one, where)
        return
    if kind == "refused":
        assert outcome["scope"] in SCOPES, where
        assert outcome.get("error"), f"{where}: a refusal carries the client's own words"
        # a converter's raise says what it cost: the whole list, or this tool
        assert (outcome["scope"] == "conversion") == ("lost" in outcome), where
        if "lost" in outcome:
            assert outcome["lost"] in ("tool-list", "tool"), where
    else:
        assert "scope" not in outcome and "lost" not in outcome, where
    if kind == "rewritten":
        assert outcome["effect"] in EFFECTS and outcome["diff"], where
    if "tools" in outcome:
        assert {t["status"] for t in outcome["tools"]} <= {"unchanged", "rewritten", "missing"}


@pytest.mark.parametrize("lane", LANES, ids=LANE_IDS)
def test_outcomes_are_well_formed(lane: Lane) -> None:
    for record in _loaded(lane)["records"]:
        _check_outcome(records.outcome_of(record), record["id"])


@pytest.mark.parametrize("lane", LANES, ids=LANE_IDS)
def test_controls_pass_untouched_in_every_lane(lane: Lane) -> None:
    """The harness itself works for the lane: a plain tool is neither refused nor changed in
    substance (a lane whose fake server or model API is off would fail every control). The
    controls that hold a construct of their own (`{}`, `{"not": {}}`) are not plain. A converter
    that rewrites every tool (a strict conversion, another schema dialect) hands a control on
    rewritten as it does the sibling: there the control is only never refused."""
    for record in _loaded(lane)["records"]:
        if record["case"] not in PLAIN_CONTROLS:
            continue
        outcome = records.outcome_of(record)
        assert outcome["outcome"] in ("accepted", "rewritten"), record["id"]
        if outcome["outcome"] == "rewritten" and not lane.rewrites_every_tool:
            assert outcome["effect"] in ("annotation", "equivalent"), record["id"]


@pytest.mark.parametrize("lane", LANES, ids=LANE_IDS)
def test_a_lost_list_loses_the_sibling_too(lane: Lane) -> None:
    """'tool-list' means the clean sibling was lost with the subject; 'tool' that it survived."""
    for record in _loaded(lane)["records"]:
        outcome = records.outcome_of(record)
        if outcome.get("scope") == "tool":
            fates = {t["name"]: t["status"] for t in outcome["tools"]}
            assert fates.get(SIBLING) == "unchanged", record["id"]
        if outcome.get("scope") == "tool-list" or outcome.get("lost") == "tool-list":
            assert "tools" not in outcome, record["id"]
        if outcome.get("lost") == "tool":
            fates = {t["name"]: t["status"] for t in outcome["tools"]}
            assert fates.get(SIBLING) != "missing", record["id"]


LIBRARY_LANES = [lane for lane in LANES if lane.driver in ("library", "google_genai")]


@pytest.mark.parametrize("lane", LIBRARY_LANES, ids=[lane.id for lane in LIBRARY_LANES])
def test_a_library_lane_says_what_it_runs_on(lane: Lane) -> None:
    """A converter lane names the MCP client it sits on (or that it has none) and what it
    compares, and the vscode lane says it is not VS Code."""
    text = _loaded(lane)["observes"]
    assert text == lane.observes
    assert "mcp" in text.lower() or "no mcp path" in text.lower() or "vs code" in text.lower()
    if lane.client == "vscode-json-languageservice":
        assert "NOT VS CODE" in text
