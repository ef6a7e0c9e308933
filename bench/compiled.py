"""The figures behind not shipping portlint compiled with mypyc.

Copies the package into a scratch folder, compiles its hot path there with mypyc (which comes
with mypy, a test dependency), and measures the in-process JSON lint of tools-large.json with
the checkout's pure code and the compiled copy in alternating fresh processes, each by
bench/run.py's own ``bench_json`` (json.loads and the lint in alternating blocks). It also
checks that the two print the same ``--format json`` report of the file.

    python bench/compiled.py [--rounds 2] [--keep DIR]

Compiled: the engine's core — walk, linter, placement, shapes, model, the JSON reading modules,
paths, fixes, the verdict — and the rule framework (base, selection, helpers and the metaschema
pre-check). Not the rule modules themselves: mypyc drops a module's docstring, which is each
rule's documentation (``portlint rule``, SARIF's rule descriptions). Measured 2026-12-02 on this
project's two-core machine: the lint went from 50–56 ms to 37–44 ms (10.4–11.4× json.loads pure,
7.3–8.8× compiled), −22% instructions with the rules pure and −28% with them compiled as well
(docs blanked, a scratch build only): short of the ≤ 5× target. Against the compiled copy ten
tests failed — monkeypatched functions a compiled caller no longer looks up, a compiled class
that cannot be weakly referenced, and ``LineIndex.spliced``'s ``__new__`` without ``__init__``,
which a compiled class refuses (the editor's incremental path) — so the decision is recorded here
and portlint ships as pure Python. What remains is work on Python objects (dict lookups,
allocation, the C JSON scanner) that compiling does not make cheaper.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from run import find_corpus, python_env

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CORE = (
    "walk", "linter", "placement", "shapes", "model", "paths",
    "source/json_lazy", "source/located", "source/json_reader", "source/text",
    "source/document", "fixes/render", "fixes/ops", "profiles/verdict",
    "rules/base", "rules/selection", "rules/helpers", "rules/metaschema_precheck",
    "rules/metaschema_types",
)
# one fresh process (the copy measured first on its path): bench_json from bench/run.py
MEASURE = (
    "import json, sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
    "import run, portlint.walk; r = run.bench_json(Path(sys.argv[2]), 15); "
    "r['compiled'] = portlint.walk.__file__.endswith('.so'); print(json.dumps(r))")


def compiled_copy(into: Path) -> Path:
    """The package copied into ``into`` with its core compiled there; its ``server`` folder."""
    server = into / "server"
    shutil.copytree(ROOT / "server", server,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", into / "pyproject.toml")  # mypy's configuration
    mypyc = Path(sys.executable).with_name("mypyc")
    modules = [f"portlint/{name}.py" for name in CORE]
    done = subprocess.run([str(mypyc), *modules], cwd=server, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"bench/compiled.py: mypyc failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    shutil.rmtree(server / "build", ignore_errors=True)
    return server


def env_for(server: Path) -> dict[str, str]:
    """A normal installation's environment (bytecode written), importing ``server``'s code."""
    env = python_env()
    env["PYTHONPATH"] = str(server)
    return env


def measured(server: Path, big: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", MEASURE, str(HERE), str(big)],
                          capture_output=True, text=True, check=True, env=env_for(server))
    result: dict[str, float] = json.loads(done.stdout)
    return result


def report_text(server: Path, big: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           str(big)], capture_output=True, text=True, env=env_for(server))
    if done.returncode not in (0, 1):  # 0: no errors, 1: errors found; anything else failed
        sys.exit(f"bench/compiled.py: portlint check failed ({done.returncode}) with {server}:"
                 f"\n{done.stderr[-3000:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it")
    args = parser.parse_args()
    big = find_corpus() / "big" / "tools-large.json"
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="portlint-compiled-"))
    try:
        pure = ROOT / "server"
        compiled = compiled_copy(scratch)
        runs: dict[str, list[dict[str, float]]] = {"pure": [], "compiled": []}
        for _ in range(args.rounds):
            for name, server in (("pure", pure), ("compiled", compiled)):
                runs[name].append(measured(server, big))
        if not all(r["compiled"] for r in runs["compiled"]):
            sys.exit("bench/compiled.py: the compiled copy did not import its compiled modules")
        for name, results in runs.items():
            lint = statistics.median(r["portlint_ms"] for r in results)
            floor = statistics.median(r["floor_ms"] for r in results)
            ratios = ", ".join(f"{r['ratio']:.1f}×" for r in results)
            print(f"{name}: lint {lint:.1f} ms, json.loads {floor:.2f} ms, "
                  f"{lint / floor:.1f}× (runs: {ratios})")
        same = report_text(pure, big) == report_text(compiled, big)
        print(f"--format json report of {big.name}: {'identical' if same else 'DIFFERENT'}")
    finally:
        if args.keep is None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
