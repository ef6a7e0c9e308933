"""Nesting deeper than OpenAI strict mode accepts.

## What it does

Reports the first subschema that lies more than 10 levels below the root, once per branch. A
level is one step into a subschema — a property, `items`, an `anyOf` branch, a `$defs` entry —
counted the way OpenAI's own SDK validator counts (the root is level 0; a `$ref` is not followed).
On in the opt-in `openai-strict` profile.

## Why it matters

Deeply nested parameter objects are legal JSON Schema, but OpenAI Structured Outputs caps the
nesting and refuses the request beyond it — with the observed message `6 levels of nesting
exceeds limit of 5` in July 2025. The documented limit has since been raised to 10 levels.

## Clients affected

- OpenAI strict mode — O4: [O] tidyverse/ellmer#671 (the 5-level error, 2025-07); [P]
  openai/openai-java#732, a 2026-04 reply by an OpenAI maintainer that the docs now allow 10
  levels (openai-java v4.35.0 followed). The openai-java validator @ 24964646 still encodes 5;
  portlint uses the newer, documented 10.

## Example

A `filter` property whose `and` branches nest eleven objects deep.

## Fix safety

No fix: flattening a structure changes its shape. Move deep structure behind a `$ref` to a
`$defs` entry only if the target client counts depth that way, or flatten the parameters.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule

MAX_DEPTH = 10


def check(ctx: RootContext) -> Iterator[Report]:
    # each subschema is one level below the schema holding it (an entry of `properties` or of
    # `anyOf` counts as one level, not two); keyed by the positions, not their paths, so the
    # count costs the same at any depth
    depth: dict[int, int] = {}
    for position in ctx.positions:
        up = position.up
        if up is None:
            depth[id(position)] = 0
            continue
        parent_depth = depth.get(id(up))
        if parent_depth is None or parent_depth > MAX_DEPTH:
            continue  # under a branch already reported
        level = parent_depth + 1
        depth[id(position)] = level
        if level == MAX_DEPTH + 1:
            yield Report(position.path,
                         f"This subschema is nested {level} levels deep; OpenAI strict mode "
                         f"accepts at most {MAX_DEPTH}.",
                         "Flatten the structure, or move part of it to `$defs` behind a `$ref` "
                         "(references are not counted as nesting).",
                         (FixPlan.advice("Flatten the nesting"),))


RULE = Rule(
    id="strict-depth",
    severity=Severity.ERROR,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
)
