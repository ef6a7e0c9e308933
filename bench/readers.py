"""The source readers' cost per tool, on their oracle corpora: each file linted in-process as
``portlint check`` lints it (read, derive the tools' schemas, run every rule), warm, and the
time divided by the tools found.

* Python: every ``.py`` file of the oracle projects, ``tests/python/servers/``.
* TypeScript: every source file of the oracle cases, ``tests/typescript/oracle/cases/``, each
  case laid out beside an oracle environment's manifest as its oracle test does — on a branch
  that has the TypeScript reader (``portlint.typescript``); elsewhere it says so.

    python bench/readers.py [--repeat N]    # or import it: bench/run.py does
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

SUFFIXES = {"python": (".py",), "typescript": (".ts", ".tsx", ".mts", ".cts", ".js", ".mjs")}


def corpus(reader: str, repo: Path = REPO) -> Path:
    if reader == "python":
        return repo / "tests" / "python" / "servers"
    return repo / "tests" / "typescript" / "oracle" / "cases"

ENVIRONMENT = "sdk1.32.2-zod4.6.7"  # the TypeScript cases' environment: the newest SDK and Zod


def _available(reader: str) -> bool:
    if reader != "typescript":
        return True
    from importlib.util import find_spec

    return find_spec("portlint.typescript") is not None


def bench_reader(reader: str, repeat: int, repo: Path = REPO) -> dict[str, Any]:
    folder, suffixes = corpus(reader, repo), SUFFIXES[reader]
    if not folder.is_dir() or not _available(reader):
        return {"reader": reader, "available": False}
    with tempfile.TemporaryDirectory() as work:
        if reader == "typescript":
            folder = _laid_out(Path(work), repo)
        files = sorted(p for p in folder.rglob("*") if p.suffix in suffixes and p.is_file()
                       and "node_modules" not in p.parts)
        texts = [(str(p), p.read_text(encoding="utf-8")) for p in files]
        return _timed(reader, texts, repeat)


def _laid_out(work: Path, repo: Path) -> Path:
    """Each TypeScript case laid out as its oracle test lays it out: beside one recorded
    environment's manifest and lockfile, from which the reader takes the SDK and Zod."""
    sys.path.insert(0, str(repo))
    from importlib import import_module

    oracle = import_module("tests.typescript.oracle_support")  # on the TypeScript branch
    envs, lay_out = oracle.envs, oracle.lay_out
    names = envs()
    env = ENVIRONMENT if ENVIRONMENT in names else names[-1]
    for case in sorted(p.name for p in corpus("typescript", repo).iterdir() if p.is_dir()):
        (work / case).mkdir()
        lay_out(env, case, work / case)
    return work


def _timed(reader: str, texts: list[tuple[str, str]], repeat: int) -> dict[str, Any]:
    from portlint.linter import lint_text

    files = texts
    tools = 0
    for name, text in texts:  # warm: imports, grammars, first-use caches
        tools += len(lint_text(text, name).tools)
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for name, text in texts:
            lint_text(text, name)
        runs.append((time.perf_counter() - start) * 1000)
    total = statistics.median(runs)
    return {"reader": reader, "available": True, "files": len(files), "tools": tools,
            "total_ms": total, "ms_per_tool": total / max(tools, 1),
            "ms_per_file": total / max(len(files), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--repo", type=Path, default=REPO,
                        help="measure another worktree's readers on its corpora (e.g. the "
                             "branch that has the TypeScript reader)")
    args = parser.parse_args()
    repo = args.repo.resolve()
    sys.path.insert(0, str(repo / "server"))
    for reader in SUFFIXES:
        result = bench_reader(reader, args.repeat, repo)
        if not result["available"]:
            print(f"{reader}: no reader or corpus on this branch")
            continue
        print(f"{reader}: {result['files']} files, {result['tools']} tools, "
              f"{result['total_ms']:.1f} ms: {result['ms_per_tool']:.2f} ms per tool "
              f"({result['ms_per_file']:.2f} ms per file)")


if __name__ == "__main__":
    main()
