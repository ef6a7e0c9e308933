"""Observing a lane: install the pinned client, run its driver on the cases, classify."""

from __future__ import annotations

import contextlib
import importlib
import os
import platform
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from conformance.harness import install, served
from conformance.harness.cases import Case
from conformance.harness.classify import classify, combine
from conformance.harness.lanes import Lane

REPO = Path(__file__).resolve().parents[2]


def _replacements(install_dir: Path, work: Path) -> dict[str, str]:
    return {str(install_dir): "<install>", str(work): "<work>", str(REPO): "<repo>",
            str(Path.home()): "<home>"}


def transports_for(lane: Lane, version: str) -> tuple[str, ...]:
    """In memory for every version (fast); stdio as well for the newest, where the outcomes of
    the two must agree (a disagreement is recorded as ``transport-dependent``)."""
    available = lane.transports
    if version == lane.newest or len(available) == 1:
        return available
    return available[:1]


def observe(lane: Lane, version: str, cases: list[Case], *,
            transports: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
    """Each case's outcome for one version of a lane (case id -> outcome); ``transports``
    overrides the lane's choice (the CI check runs in memory only)."""
    install_dir = install.ensure(lane.ecosystem, lane.client, version)
    driver = importlib.import_module(f"conformance.harness.drivers.{lane.driver}")
    keep = os.environ.get("PORTLINT_CONFORMANCE_KEEP")
    if keep:  # debugging: leave the work folder (scripts, logs, homes) for inspection
        Path(keep).mkdir(parents=True, exist_ok=True)
        folder: contextlib.AbstractContextManager[str] = contextlib.nullcontext(
            tempfile.mkdtemp(prefix=f"{lane.client}-{version}-", dir=keep))
    else:
        folder = tempfile.TemporaryDirectory(prefix="portlint-conformance-")
    with folder as name:
        work = Path(name)
        raw = driver.run(lane, version, install_dir, cases, work,
                         transports=transports or transports_for(lane, version))
        replacements = _replacements(install_dir, work)
        outcomes = {}
        for case in cases:
            modern = lane.options.get("era") == "modern"
            calls = served.script(case, modern=modern)["calls"]
            per_transport = {transport: classify(case, facts, calls, fields=lane.fields,
                                                 replacements=replacements,
                                                 rewrites_every_tool=lane.rewrites_every_tool)
                             for transport, facts in raw[case.id].items()}
            outcomes[case.id] = combine(per_transport)
    return outcomes


def dependent_cases(outcomes: dict[str, dict[str, Any]]) -> set[str]:
    return {case_id for case_id, outcome in outcomes.items()
            if outcome["outcome"] == "transport-dependent"}


def observe_lean(lane: Lane, version: str, cases: list[Case],
                 both: set[str]) -> dict[str, dict[str, Any]]:
    """The lane's first transport for every case, and every transport for the cases in
    ``both`` (those whose transports were seen to disagree), so that their outcome is comparable
    with the full one."""
    outcomes = observe(lane, version, cases, transports=lane.transports[:1])
    again = [case for case in cases if case.id in both]
    if again and len(lane.transports) > 1:
        outcomes.update(observe(lane, version, again, transports=lane.transports))
    return outcomes


def environment() -> dict[str, Any]:
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    return {"node": node.stdout.strip(), "python": platform.python_version(),
            "recorded": time.strftime("%Y-%m-%d")}
