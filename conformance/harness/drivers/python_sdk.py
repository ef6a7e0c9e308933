"""The MCP Python SDK client, through runners/python_sdk.py in the client's own venv."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from conformance.harness import served
from conformance.harness.cases import Case
from conformance.harness.environment import RUNNERS, runner_env
from conformance.harness.handshake import with_handshake
from conformance.harness.lanes import Lane


def run(lane: Lane, version: str, install: Path, cases: list[Case], work: Path, *,
        transports: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    modern = lane.options.get("era") == "modern"
    job: dict[str, Any] = {"era": "modern" if modern else "legacy",
                           "transports": list(transports), "cases": []}
    for case in cases:
        script_path = work / f"{case.id}.script.json"
        script_path.write_text(json.dumps(served.script(case, modern=modern)))
        job["cases"].append({"id": case.id, "script": str(script_path),
                             "calls": served.calls(case)})
    job_path, out_path = work / "job.json", work / "out.json"
    job_path.write_text(json.dumps(job))
    python = install / "venv" / "bin" / "python"
    done = subprocess.run([str(python), str(RUNNERS / "python_sdk.py"), str(job_path),
                           str(out_path)], capture_output=True, text=True,
                          env=runner_env(work), check=False, timeout=60 + 30 * len(cases))
    if done.returncode != 0 or not out_path.is_file():
        raise RuntimeError(f"python-sdk runner failed ({done.returncode}): {done.stderr[-3000:]}")
    raw = json.loads(out_path.read_text())
    return {case_id: {one["transport"]: with_handshake(one) for one in outcomes}
            for case_id, outcomes in raw.items()}
