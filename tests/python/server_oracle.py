"""The recorded tools/list of every oracle project (``recordings/``) beside what
``portlint schema`` derives for it, tool by tool, compared as JSON text: the same values in the
same key order.

Compared per tool: ``name``, ``title``, ``description``, ``inputSchema``, ``outputSchema`` — what a
server derives from its code. The rest of a tool (``_meta``, ``annotations``, ``execution``) is
recorded but not derived. Tools are matched by name (a multi-module project registers them in
import order, portlint lists them in file order).

    .venv/bin/python -m tests.python.server_oracle   # the table: equal/total per release
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from portlint.cli.schema import schema_document
from portlint.python.environment import parse_override

HERE = Path(__file__).resolve().parent
SERVERS = HERE / "servers"
RECORDINGS = HERE / "recordings"
COMPARED = ("name", "title", "description", "inputSchema", "outputSchema")


class Case(NamedTuple):
    project: str
    run: dict[str, Any]
    pinned: bool  # the run the project's pins select (else a --framework override)

    @property
    def id(self) -> str:
        return f"{self.project}@{self.run['framework']}-{self.run['version']}"

    @property
    def override(self) -> str | None:
        if self.pinned:
            return None
        # the releases the run installed, the SDK under fastmcp included
        return str(self.run.get("override") or f"{self.run['framework']}=={self.run['version']}")


def cases() -> Iterator[Case]:
    for path in sorted(RECORDINGS.glob("*.json")):
        recording = json.loads(path.read_text(encoding="utf-8"))
        for i, run in enumerate(recording["runs"]):
            if "tools" in run:
                yield Case(recording["project"], run, i == 0)


def wire(tool: dict[str, Any]) -> dict[str, Any]:
    return {key: tool[key] for key in COMPARED if key in tool}


def derived_document(case: Case) -> dict[str, Any]:
    """What `portlint schema` prints for the case's project under its releases."""
    override = parse_override(case.override) if case.override else None
    document, _ = schema_document([SERVERS / case.project], override)
    return document


def derived(case: Case) -> dict[str, dict[str, Any]]:
    return _tools(derived_document(case))


def _tools(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {tool["name"] if tool["name"] is not None else f"?{i}": tool
            for i, tool in enumerate(document["tools"])}


def compare(case: Case) -> list[tuple[str, str]]:
    """(tool, what differs) for each recorded tool portlint does not reproduce exactly, for
    each tool derived that the server does not list, and for each reason portlint gives why
    the server cannot start (it answered tools/list: it started)."""
    document = derived_document(case)
    found = _tools(document)
    # registrations whose name portlint could not read stand for the recorded tools left over
    unnamed = [t for t in found.values() if t["name"] is None]
    problems = []
    for tool in case.run["tools"]:
        want = wire(tool)
        got = found.get(tool["name"])
        if got is None and unnamed:
            got = unnamed.pop(0)
        if got is None:
            problems.append((tool["name"], "not found"))
        elif "unknown" in got:
            problems.append((tool["name"], f"reported as not derivable: {got['unknown']}"))
        elif json.dumps(wire(got)) != json.dumps(want):
            problems.append((tool["name"], f"derived {json.dumps(wire(got))}\n"
                                           f"      recorded {json.dumps(want)}"))
    listed = {tool["name"] for tool in case.run["tools"]}
    problems += [(name, "derived, but the server does not list it") for name, tool in found.items()
                 if name is not None and name not in listed and "unknown" not in tool]
    problems += [("(the server)", f"said not to start, though it answered: {entry['reason']}")
                 for entry in document.get("cannot_start", [])]
    return problems


def reader_ms_per_tool(rounds: int = 3) -> float:
    """The Python reader's CPU time (what `portlint check` and the editor run per file: analysis,
    pins, imported modules, the located tool document) per tool found, best of ``rounds``."""
    from portlint.python.reader import read_python

    files = [(path.read_text(encoding="utf-8"), path) for project in sorted(SERVERS.iterdir())
             if project.is_dir() for path in sorted(project.rglob("*.py"))]
    best = float("inf")
    tools = 0
    for _ in range(rounds):
        started = time.process_time()  # CPU time: the figure holds on a shared machine
        tools = 0
        for text, path in files:
            source = read_python(text, path)
            tools += sum(len(d.value.get("tools", [])) for d in source.documents
                         if isinstance(d.value, dict))
        best = min(best, time.process_time() - started)
    return 1000 * best / max(tools, 1)


def table(verbose: bool = False) -> str:
    rows: dict[str, list[int]] = {}
    elapsed = 0.0
    tools = 0
    for case in cases():
        started = time.perf_counter()
        problems = compare(case)
        elapsed += time.perf_counter() - started
        key = f"{case.run['framework']} {case.run['version']}" + (
            "" if case.pinned else " (override)")
        row = rows.setdefault(key, [0, 0, 0, 0])
        total = len(case.run["tools"])
        reported = sum(1 for _, why in problems if why.startswith("reported"))
        missing = sum(1 for _, why in problems if why == "not found")
        row[0] += total - len(problems)
        row[1] += total
        row[2] += reported
        row[3] += missing
        tools += total
        if verbose:
            for name, why in problems:
                print(f"{case.id} {name}: {why}")
    lines = ["| release | equal/total | reported as not derivable | not found |", "|---|---|---|---|"]
    for key, (equal, total, reported, missing) in sorted(rows.items()):
        lines.append(f"| {key} | {equal}/{total} | {reported} | {missing} |")
    equal = sum(r[0] for r in rows.values())
    total = sum(r[1] for r in rows.values())
    lines.append(f"| all | {equal}/{total} | {sum(r[2] for r in rows.values())} | "
                 f"{sum(r[3] for r in rows.values())} |")
    lines.append(f"\n{1000 * elapsed / max(tools, 1):.2f} ms per tool for `portlint schema` "
                 "(whole projects, pins and imports read, compared); the reader alone: "
                 f"{reader_ms_per_tool():.2f} ms per tool")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(verbose="-v" in sys.argv))
