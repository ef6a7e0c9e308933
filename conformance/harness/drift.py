"""Drift: a live outcome that differs from the committed observation for the same version."""

from __future__ import annotations

import difflib
import json
from typing import Any

from conformance.harness.cases import Case
from conformance.harness.lanes import Lane
from conformance.harness.records import record_id


def _pretty(value: Any) -> list[str]:
    return json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False).splitlines()


def compare(lane: Lane, version: str, committed: dict[str, dict[str, Any]],
            live: dict[str, dict[str, Any]], cases: dict[str, Case]) -> list[str]:
    """One readable block per case whose live outcome is not the committed one."""
    reports = []
    for case_id in sorted(live):
        want = committed.get(case_id)
        got = live[case_id]
        if want == got:
            continue
        label = record_id(lane.id, [version], case_id)
        if want is None:
            reports.append(f"== {label}: no committed observation; live outcome:\n"
                           + "\n".join(_pretty(got)))
            continue
        lines = difflib.unified_diff(_pretty(want), _pretty(got), "committed", "live",
                                     lineterm="", n=2)
        reports.append(f"== {label} ({cases[case_id].construct})\n" + "\n".join(lines))
    return reports
