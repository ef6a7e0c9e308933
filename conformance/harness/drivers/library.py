"""The in-process converter libraries whose runner needs nothing but the cases: the runner named
by the lane's ``runner`` option (a ``.mjs`` file runs on Node, a ``.py`` file in the lane's venv)
gets the install folder, the lane's ``mode`` and each case's fake-server script and calls, and
reports the raw facts per case and transport as the SDK runners do, plus, for a converter,
``conversion`` (a raise that lost the whole list), ``conversion_errors`` (tool name -> the raise
that lost that tool alone) and ``dropped`` (tool name -> why a validator left it out).

A lane with the ``meta_schemas`` option also gets the JSON Schema meta-schemas (draft-03 to
2020-12 and the 2019-09/2020-12 vocabularies) by URI, from the ``jsonschema-specifications``
package: the documents a validator that downloads meta-schemas would fetch, served locally.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import jsonschema_specifications  # type: ignore[import-untyped]

from conformance.harness import served
from conformance.harness.cases import Case
from conformance.harness.environment import RUNNERS, runner_env
from conformance.harness.handshake import with_handshake
from conformance.harness.lanes import Lane


def run(lane: Lane, version: str, install: Path, cases: list[Case], work: Path, *,
        transports: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    runner = RUNNERS / lane.options["runner"]
    job: dict[str, Any] = {"install": str(install), "mode": lane.options.get("mode"),
                           "transports": list(transports), "cases": []}
    for case in cases:
        script_path = work / f"{case.id}.script.json"
        script_path.write_text(json.dumps(served.script(case, modern=False)))
        job["cases"].append({"id": case.id, "script": str(script_path),
                             "calls": served.calls(case)})
    if lane.options.get("meta_schemas"):
        job["meta_schemas"] = meta_schemas()
    job_path, out_path = work / "job.json", work / "out.json"
    job_path.write_text(json.dumps(job))
    if runner.suffix == ".mjs":
        command = ["node", str(runner)]
    else:
        command = [str(install / "venv" / "bin" / "python"), str(runner)]
    done = subprocess.run([*command, str(job_path), str(out_path)], capture_output=True,
                          text=True, env=runner_env(work), check=False,
                          timeout=120 + 30 * len(cases))
    if done.returncode != 0 or not out_path.is_file():
        raise RuntimeError(f"{lane.id} runner failed ({done.returncode}): {done.stderr[-3000:]}")
    raw = json.loads(out_path.read_text())
    return {case_id: {one["transport"]: with_handshake(one) for one in outcomes}
            for case_id, outcomes in raw.items()}


def meta_schemas() -> dict[str, Any]:
    """Each official meta-schema and vocabulary by its id (without a trailing ``#``)."""
    root = Path(jsonschema_specifications.__file__).parent / "schemas"
    found: dict[str, Any] = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        document = json.loads(path.read_text(encoding="utf-8"))
        identifier = document.get("$id") or document.get("id")
        if isinstance(identifier, str):
            found[identifier.rstrip("#")] = document
    return found
