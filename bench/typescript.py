"""The TypeScript reader's speed on the oracle corpus: milliseconds per tool, warm, in-process.

    python bench/typescript.py             # every environment, 5 rounds
    python bench/typescript.py --profile   # and the 25 most expensive functions (cProfile)

Each of the oracle's cases is laid out under every environment it was recorded in (one project
per environment: its ``package.json`` and lockfile at the root, a folder per case), then linted
with ``lint_text`` (the whole pipeline: reading, rules, placement, suppressions) and read with
the reader alone (``analyze``). The figure is the median over the rounds of the total time
divided by the number of tools found, in CPU time (the process's own: on a shared machine wall
clock measures the neighbours). The floor is tree-sitter parsing the same files: what
no reader of the file can avoid. Project files (imports, manifests) are cached by the reader
between lints, as they are in the editor and in ``check`` over a folder.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from tests.typescript.oracle_support import ORACLE, envs, lay_out, recorded  # noqa: E402

from portlint.linter import lint_text  # noqa: E402
from portlint.settings import Settings  # noqa: E402
from portlint.typescript.reader import analyze  # noqa: E402
from portlint.typescript.syntax import Syntax  # noqa: E402


def corpus(work: Path) -> list[tuple[Path, str]]:
    """Every (server module, text) of every recorded case of every environment: one project
    per environment (its manifest and lockfile at the root), one folder per case in it."""
    found: list[tuple[Path, str]] = []
    for env in envs():
        root = work / env
        for case in recorded(env):
            target = root / case
            target.mkdir(parents=True)
            main = lay_out(env, case, target)
            for name in ("package.json", "package-lock.json"):
                (target / name).replace(root / name)
            found.append((main, main.read_text(encoding="utf-8")))
    return found


def measure(files: list[tuple[Path, str]], rounds: int) -> dict[str, float]:
    settings = Settings()
    tools = sum(len(analyze(text, path).tools) for path, text in files)

    def per_tool(action: Callable[[str, Path], object]) -> float:
        times = []
        for _ in range(rounds):
            start = time.process_time()
            for path, text in files:
                action(text, path)
            times.append((time.process_time() - start) * 1000 / tools)
        return statistics.median(times)

    return {
        "files": len(files), "tools": tools,
        "lint_ms_per_tool": per_tool(lambda text, path: lint_text(text, str(path), settings)),
        "read_ms_per_tool": per_tool(analyze),
        "parse_ms_per_tool": per_tool(lambda text, _path: Syntax(text)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    assert (ORACLE / "cases").is_dir()
    with tempfile.TemporaryDirectory() as folder:
        files = corpus(Path(folder))
        for path, text in files:  # warm: imports, caches, the grammar
            lint_text(text, str(path), Settings())
        result = measure(files, args.rounds)
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                          for k, v in result.items()}, indent=1))
        print(f"lint / parse: {result['lint_ms_per_tool'] / result['parse_ms_per_tool']:.1f}x")
        if args.profile:
            profile = cProfile.Profile(time.process_time)
            profile.enable()
            for _ in range(args.rounds):
                for path, text in files:
                    lint_text(text, str(path), Settings())
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
