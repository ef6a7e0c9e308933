"""``portlint check`` over a tree of 10,000 tool files, with one job and with every core.

The tree is made from the real tools of the shared corpus's large tool list: file ``i`` holds
one to three of its tools (about two on average), under a hundred folders, written as a server
would write its tool list. The same command runs with ``--jobs 1`` and ``--jobs N`` (N: every
core), alternately, whole process, the report on a pipe; the two reports must be the same,
byte for byte. Reported: files/s, tools/s per core, and the speed-up from 1 to N cores.

    python bench/many_files.py [--files 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def make_tree(root: Path, tools: list[dict[str, Any]], files: int) -> int:
    """Write ``files`` tool files under ``root``; the number of tools they hold."""
    count = 0
    for i in range(files):
        width = 1 + i % 3
        chosen = [dict(tools[(i * 3 + j) % len(tools)]) for j in range(width)]
        for j, tool in enumerate(chosen):
            tool["name"] = f"{tool.get('name', 'tool')}_{i}_{j}"
        folder = root / f"server-{i % 100:02d}"
        folder.mkdir(exist_ok=True)
        (folder / f"tools-{i:05d}.json").write_text(json.dumps({"tools": chosen}, indent=2),
                                                     encoding="utf-8")
        count += width
    return count


def _command() -> list[str]:
    script = Path(sys.executable).parent / "portlint"
    return [str(script)] if script.exists() else [sys.executable, "-m", "portlint"]


def bench_many_files(big: Path, files: int, repeat: int, portlint: list[str] | None = None,
                     *, parallel: bool = True) -> dict[str, Any]:
    """``parallel``: the code has ``--jobs`` (else it is measured with one job alone)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)
    tools = json.loads(big.read_text(encoding="utf-8"))["tools"]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        tool_count = make_tree(root, tools, files)
        base = [*(portlint or _command()), "check", "--format", "concise", "--exit-zero", "."]
        commands = ({jobs: [*base, "--jobs", str(jobs)] for jobs in sorted({1, cores})}
                    if parallel else {1: base})
        outputs: dict[int, bytes] = {}
        times: dict[int, list[float]] = {jobs: [] for jobs in commands}
        for jobs, command in commands.items():  # warm the caches, keep the reports
            outputs[jobs] = subprocess.run(command, cwd=root, capture_output=True, env=env,
                                           check=False).stdout
        for _ in range(repeat):
            for jobs, command in commands.items():
                start = time.perf_counter()
                subprocess.run(command, cwd=root, capture_output=True, env=env, check=False)
                times[jobs].append(time.perf_counter() - start)
    one = statistics.median(times[1])
    many = statistics.median(times[cores]) if cores in times else float("nan")
    return {
        "files": files, "tools": tool_count, "cores": cores,
        "identical": len(set(outputs.values())) == 1,
        "report_lines": outputs[1].count(b"\n"),
        "seconds_1": one, "seconds_n": many,
        "files_per_s_1": files / one, "files_per_s_n": files / many,
        "tools_per_s_per_core_1": tool_count / one,
        "tools_per_s_per_core_n": tool_count / many / cores,
        "scaling": one / many,
    }


def main() -> None:
    sys.path.insert(0, str(HERE))
    from run import find_corpus

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    result = bench_many_files(find_corpus() / "big" / "tools-large.json", args.files,
                              args.repeat)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
