"""Observations on disk: one JSON file per lane under ``conformance/observations/``.

Per case, consecutive versions (in the lane's order) with the same outcome merge into one
record whose id is ``<lane>@<first>[-<last>]/<case>``. Each record carries the digest of the
case it was made from. The handshake a version made with nearly every case (``initialize
2025-11-25``, ``server/discover``) is kept once per version under ``handshakes``, so that a
change of the requested revision does not split every case's range; a case whose handshake
differs keeps its own. The files are written sorted and indented, so a re-recording's diff shows
exactly what changed.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from conformance.harness.cases import Case, canonical
from conformance.harness.lanes import Lane

OBSERVATIONS_DIR = Path(__file__).resolve().parents[1] / "observations"
PerVersion = dict[str, dict[str, dict[str, Any]]]  # version -> case id -> outcome


def path_for(lane: Lane, root: Path = OBSERVATIONS_DIR) -> Path:
    return root / (lane.id.replace(":", "@") + ".json")


def record_id(lane_id: str, versions: list[str], case_id: str) -> str:
    span = versions[0] if len(versions) == 1 else f"{versions[0]}-{versions[-1]}"
    return f"{lane_id}@{span}/{case_id}"


def merge(lane: Lane, per_version: PerVersion, cases: dict[str, Case]) -> list[dict[str, Any]]:
    """One record per run of consecutive versions (in the lane's order) that agree on a case."""
    ordered = [v for v in lane.versions if v in per_version]
    case_ids = sorted({case_id for outcomes in per_version.values() for case_id in outcomes})
    records: list[dict[str, Any]] = []
    for case_id in case_ids:
        runs: list[tuple[list[str], dict[str, Any]]] = []
        previous_present = False
        for version in ordered:
            outcome = per_version[version].get(case_id)
            if outcome is None:
                previous_present = False
                continue
            if previous_present and canonical(runs[-1][1]) == canonical(outcome):
                runs[-1][0].append(version)
            else:
                runs.append(([version], outcome))
            previous_present = True
        records.extend(_record(lane, versions, case_id, cases, outcome)
                       for versions, outcome in runs)
    return records


def _record(lane: Lane, versions: list[str], case_id: str, cases: dict[str, Case],
            outcome: dict[str, Any]) -> dict[str, Any]:
    case = cases[case_id]
    return {"id": record_id(lane.id, versions, case_id), "lane": lane.id, "case": case_id,
            "case_digest": case.digest, "versions": versions, **outcome}


RECORD_KEYS = ("id", "lane", "case", "case_digest", "versions")


def outcome_of(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in RECORD_KEYS}


def expand(records: list[dict[str, Any]],
           handshakes: dict[str, str] | None = None) -> PerVersion:
    """Per version, each case's full outcome (the version's handshake put back)."""
    per_version: PerVersion = {}
    for record in records:
        for version in record["versions"]:
            outcome = outcome_of(record)
            common = (handshakes or {}).get(version)
            if common and "handshake" not in outcome and outcome["outcome"] != (
                    "transport-dependent"):
                outcome = {**outcome, "handshake": common}
            per_version.setdefault(version, {})[record["case"]] = outcome
    return per_version


def expand_file(data: dict[str, Any]) -> PerVersion:
    return expand(data["records"], data.get("handshakes"))


def split_handshakes(per_version: PerVersion) -> tuple[PerVersion, dict[str, str]]:
    """The outcomes without each version's common handshake, and those handshakes."""
    stripped: PerVersion = {}
    common: dict[str, str] = {}
    for version, outcomes in per_version.items():
        seen = Counter(str(o["handshake"]) for o in outcomes.values() if o.get("handshake"))
        if seen:
            common[version] = seen.most_common(1)[0][0]
        stripped[version] = {
            case_id: {k: v for k, v in outcome.items()
                      if not (k == "handshake" and v == common.get(version))}
            for case_id, outcome in outcomes.items()}
    return stripped, common


def load(lane: Lane, root: Path = OBSERVATIONS_DIR) -> dict[str, Any] | None:
    path = path_for(lane, root)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(lane: Lane, per_version: PerVersion, cases: dict[str, Case],
          environment: dict[str, Any], root: Path = OBSERVATIONS_DIR) -> Path:
    """Merge the lane's per-version outcomes into records and write its file."""
    stripped, handshakes = split_handshakes(per_version)
    records = merge(lane, stripped, cases)
    observed = sorted({v for r in records for v in r["versions"]}, key=lane.versions.index)
    body = {
        "lane": lane.id, "title": lane.title, "package": lane.package,
        "ecosystem": lane.ecosystem, "observes": lane.observes, "versions": observed,
        "environment": environment, "handshakes": handshakes,
        "records": sorted(records, key=lambda r: (r["case"], lane.versions.index(
            r["versions"][0]))),
    }
    path = path_for(lane, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(body, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path
