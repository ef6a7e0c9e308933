"""The live server's tool list differs from the committed snapshot.

## What it does

Reported by `portlint check --server CMD --snapshot tools.json` (or `--url`), once per
difference between what the server lists now and the snapshot written by `portlint snapshot`: a
tool added or removed, a schema changed (by meaning, as `portlint diff` compares), a description
edited. Each finding says whether the change would break clients, and sits at its place in the
snapshot file. Any difference fails the run, compatible or not: the snapshot is the contract the
repository agreed on.

## Why it matters

A server's advertised schemas are generated — by Pydantic, Zod, a framework upgrade — and change
without anyone editing them. A committed snapshot makes such a change a reviewed diff instead of
a surprise for the clients.

## Clients affected

Every client of the server: this guards the contract, not one client's support.

## Example

The snapshot lists `get_weather` with an optional `unit`; the server now requires it. The check
reports `unit` newly required (breaking) in `tools.json`, and fails.

## Fix safety

No automatic fix: if the change is intended, write the snapshot again with
`portlint snapshot --server CMD -o tools.json` and commit it; otherwise fix the server.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule

RULE = Rule(
    id="snapshot-outdated",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
)
