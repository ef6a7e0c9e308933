"""How `portlint check` scales with the modules of a Python project: a project whose entry
point imports n tool modules, each defining `register(mcp)` (every module mentions
`register`, and every analysis looks for who calls it) — as a function, and as a method of a
class the entry point makes (`tools_1.Tools().register(mcp)`) — checked whole, for n = 100,
200, 400. The figure is the process' CPU time per module; linear work keeps it flat as n
doubles.

    python bench/python_projects.py [--sizes 100,200,400]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

SHAPES = {
    "function": ('''def register(mcp):
    @mcp.tool()
    def tool_{i}(a: int, b: str = "x") -> str:
        """Tool {i}."""
        return b * a
''', "tools_{i}.register(mcp)\n"),
    "method": ('''class Tools:
    def register(self, mcp):
        @mcp.tool()
        def tool_{i}(a: int, b: str = "x") -> str:
            """Tool {i}."""
            return b * a
''', "tools_{i}.Tools().register(mcp)\n"),
}


def make_project(folder: Path, modules: int, shape: str) -> Path:
    module, call = SHAPES[shape]
    (folder / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    package = folder / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for i in range(modules):
        (package / f"tools_{i}.py").write_text(module.format(i=i), encoding="utf-8")
    (package / "main.py").write_text(
        "from fastmcp import FastMCP\n"
        + "".join(f"from pkg import tools_{i}\n" for i in range(modules))
        + "mcp = FastMCP('x')\n"
        + "".join(call.format(i=i) for i in range(modules)), encoding="utf-8")
    return folder


def cpu_seconds(command: list[str]) -> float:
    """The CPU time (user and system) of running ``command`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(sizes: list[int], shape: str) -> list[tuple[int, float]]:
    rows = []
    for modules in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            project = make_project(Path(scratch), modules, shape)
            command = [sys.executable, "-m", "portlint", "check", "--jobs", "1", str(project)]
            cpu_seconds(command)  # bytecode and first-use caches
            best = min(cpu_seconds(command) for _ in range(3))
            rows.append((modules, best))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,200,400")
    sizes = [int(size) for size in parser.parse_args().sizes.split(",")]
    print("| `register` | modules | CPU, whole process | per module | per module, against the "
          "smallest |")
    print("|---|---|---|---|---|")
    for shape in SHAPES:
        rows = measure(sizes, shape)
        first = rows[0][1] / rows[0][0]
        for modules, seconds in rows:
            each = seconds / modules
            print(f"| {shape} | {modules} | {seconds:.2f} s | {1000 * each:.1f} ms | "
                  f"{each / first:.2f}× |")


if __name__ == "__main__":
    main()
