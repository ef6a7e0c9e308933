"""@google/gemini-cli-core's MCP discovery, through runners/gemini-cli-core.mjs.

Newer releases add their own optional parameter to every declaration (``wait_for_previous``, a
boolean the model may set). It is not the server's and the same for every tool, so it is taken
out of the handed-on schema before comparing; the lane's description says so.
"""

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
    job: dict[str, Any] = {"install": str(install), "cases": []}
    for case in cases:
        script_path = work / f"{case.id}.script.json"
        script_path.write_text(json.dumps(served.script(case, modern=False)))
        job["cases"].append({"id": case.id, "script": str(script_path),
                             "calls": served.calls(case)})
    job_path, out_path = work / "job.json", work / "out.json"
    job_path.write_text(json.dumps(job))
    done = subprocess.run(["node", str(RUNNERS / "gemini-cli-core.mjs"), str(job_path),
                           str(out_path)], capture_output=True, text=True,
                          env=runner_env(work), check=False, timeout=120 + 30 * len(cases))
    if done.returncode != 0 or not out_path.is_file():
        raise RuntimeError(f"gemini-cli-core runner failed ({done.returncode}): "
                           f"{done.stderr[-3000:]}")
    raw = json.loads(out_path.read_text())
    return {case_id: {one["transport"]: with_handshake(_without_injected(one))
                      for one in outcomes}
            for case_id, outcomes in raw["cases"].items()}


INJECTED = ("wait_for_previous",)


def _without_injected(facts: dict[str, Any]) -> dict[str, Any]:
    for tool in (facts.get("list") or {}).get("tools", []):
        schema = tool.get("inputSchema")
        properties = schema.get("properties") if isinstance(schema, dict) else None
        if isinstance(properties, dict):
            for name in INJECTED:
                properties.pop(name, None)
    return facts
