"""``portlint diff OLD NEW``: the contract changes between two tool lists, each a finding —
``breaking-change`` (exit 1) or ``compatible-change`` — at its place in the document it is
written in. Either side may be a live server (``--old-server``/``--old-url`` for OLD,
``--server``/``--url`` for NEW); files are read in any format portlint reads (JSON, YAML, a
Python server module)."""

from __future__ import annotations

import sys
from typing import NamedTuple, TextIO

from portlint.cli.live_common import fetch, target_or_complain
from portlint.cli.sides import Side, SideError, read_file_side, read_server_side
from portlint.contract.findings import change_finding
from portlint.contract.tools_diff import ToolChange, diff_tools, tools_of
from portlint.live.target import Bounds
from portlint.model import FINDING_ORDER
from portlint.report.summary import FileResult


class SideSpec(NamedTuple):
    path: str | None = None
    server: str | None = None
    url: str | None = None

    @property
    def named(self) -> int:
        return sum(x is not None for x in (self.path, self.server, self.url))


def load_side(spec: SideSpec, bounds: Bounds, err: TextIO, *, compare: bool = True
              ) -> Side | None:
    if spec.path is not None:
        try:
            return read_file_side(spec.path, compare=compare)
        except SideError as error:
            print(f"portlint: {error}", file=err)
            return None
    target = target_or_complain(spec.server, spec.url, err)
    if target is None:
        return None
    fetched = fetch(target, bounds, err)
    if fetched is None:
        return None
    try:
        return read_server_side(fetched.name, fetched.text)
    except SideError as error:
        print(f"portlint: {error}", file=err)
        return None


def run_diff(old: SideSpec, new: SideSpec, bounds: Bounds, *, output_format: str = "text",
             exit_zero: bool = False, stdout: TextIO | None = None,
             stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    for spec, which in ((old, "OLD"), (new, "NEW")):
        if spec.named != 1:
            print(f"portlint: diff: name {which} once: a file, or a server "
                  f"({'--old-server/--old-url' if which == 'OLD' else '--server/--url'})",
                  file=err)
            return 2
    before = load_side(old, bounds, err)
    if before is None:
        return 2
    after = load_side(new, bounds, err)
    if after is None:
        return 2
    for side in (before, after):
        say_duplicate_keys(side, err)
    changes = diff_tools(tools_of(before.source), tools_of(after.source))
    results = contract_results(changes, before, after)
    from portlint.cli.check import _render

    out.write(_render(output_format, results, offer_fixes=False))  # snapshots: nothing to fix
    breaking = sum(1 for c in changes if c.breaking)
    if output_format == "text":
        out.write(contract_summary(changes, before.name, after.name) + "\n")
    return 1 if breaking and not exit_zero else 0


def say_duplicate_keys(side: Side, err: TextIO) -> None:
    """A note for each key written twice in one object of ``side``: the comparison reads the
    last value, and a client whose reader keeps the first sees another contract."""
    from portlint.cli.live_common import DAMAGE_SHOWN
    from portlint.source.text import LineIndex

    found = [p for p in side.source.problems if p.rule == "duplicate-key"]
    lines = LineIndex(side.text)
    for problem in found[:DAMAGE_SHOWN]:
        line, column = lines.position(problem.span[0])
        print(f"portlint: note: {side.name}:{line + 1}:{column + 1}: {problem.message}; diff "
              "compares the last value (as json.loads, JSON.parse and PyYAML read it), a client "
              "that keeps the first may see another contract", file=err)
    if len(found) > DAMAGE_SHOWN:
        print(f"portlint: note: {side.name}: and {len(found) - DAMAGE_SHOWN} more repeated "
              "keys", file=err)


def contract_results(changes: list[ToolChange], before: Side, after: Side, *,
                     rule: str | None = None, prefix: str = "") -> list[FileResult]:
    """The changes as findings: in NEW where they are written there, in OLD for removals."""
    from portlint.model import Severity

    severity = Severity.ERROR if rule is not None else None
    placed: dict[str, list] = {"new": [], "old": []}  # type: ignore[type-arg]
    for change in changes:
        side = after if change.side == "new" else before
        text = prefix.format(kind="breaking" if change.breaking else "compatible")
        placed[change.side].append(change_finding(change, side.source, rule, severity, text))
    results = [FileResult(after.name, after.text, sorted(placed["new"], key=FINDING_ORDER),
                          len(tools_of(after.source)), live=after.live)]
    if placed["old"] or before.name != after.name:
        results.append(FileResult(before.name, before.text,
                                  sorted(placed["old"], key=FINDING_ORDER),
                                  len(tools_of(before.source)), live=before.live))
    return results


def contract_summary(changes: list[ToolChange], old_name: str, new_name: str) -> str:
    breaking = sum(1 for c in changes if c.breaking)
    compatible = len(changes) - breaking
    if not changes:
        return f"No contract changes from {old_name} to {new_name}."
    return (f"Contract from {old_name} to {new_name}: {breaking} breaking, {compatible} "
            f"compatible {'change' if len(changes) == 1 else 'changes'}.")
