"""The hostile costs of issue 21, before and after: the inputs whose cost grew with the square of
their size, timed with the CLI of the commit before the `cli` stream's merge and with this
checkout's CLI, on the same files.

    python bench/hostile_costs.py            # prints the table, rewrites its section of RESULTS.md
    python bench/hostile_costs.py --no-write # prints it only
    python bench/hostile_costs.py --old REV  # another "before" commit

The inputs, built in a temporary folder:

* ``--fix`` on a tool list with 2,000 and with 8,000 safe fixes (one ``"a": true`` →
  ``"a": {}`` per tool, indented JSON), a fresh copy for every run;
* ``--format sarif`` on ``$PORTLINT_SHARED/corpus/big/tools-large.json`` re-dumped without any
  whitespace (0.63 MB), its tools repeated under new names up to 1 MB: one line;
* ``portlint check`` on a YAML stream of 2,000 documents, one tool and one finding each.

The "before" side is ``git worktree add --detach`` of the first parent of the ``Merge cli``
commit (3970bb0, issue 21's CLI side), removed afterwards; its ``server/`` folder is put first on
PYTHONPATH of this interpreter, so both sides run with the same Python and the same libraries.
Every run is a whole ``python -m portlint`` process; the wall-clock time and the process' CPU
time are both reported (the machine is shared: CPU time is the steadier figure). A "before" run
is stopped at 120 s and reported as ">120 s"; each side runs each input ``--repeat`` times
(default 3; a "before" run over 20 s is not repeated) and the median is shown.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OLD_DEFAULT = "3970bb0^1"  # the commit before `Merge cli: ... (issue 21, CLI side)`
OLD_CAP = 120.0
NEW_CAP = 600.0
MARK = "<!-- written by bench/hostile_costs.py: everything below is its section -->"


def find_corpus() -> Path:
    candidates = [Path(os.environ["PORTLINT_SHARED"])] if os.environ.get("PORTLINT_SHARED") else []
    candidates += [parent / "shared" for parent in ROOT.parents]
    for candidate in candidates:
        if (candidate / "corpus" / "big" / "tools-large.json").is_file():
            return candidate / "corpus"
    raise SystemExit("hostile_costs: cannot find the shared corpus (set PORTLINT_SHARED)")


def fix_list(n: int) -> str:
    return json.dumps({"tools": [
        {"name": f"t{i}", "description": "weather",
         "inputSchema": {"type": "object", "properties": {"a": True}}} for i in range(n)]},
        indent=2) + "\n"


def yaml_stream(n: int) -> str:
    return "---\n".join(f"name: t{i}\ninputSchema:\n  type: object\n  properties:\n"
                        "    a: true\n" for i in range(n))


def minified_megabyte(corpus: Path) -> str:
    """tools-large.json without whitespace (0.63 MB), its tools repeated under new names until
    the one line is 1 MB."""
    large = json.loads((corpus / "big" / "tools-large.json").read_text(encoding="utf-8"))
    tools = list(large["tools"])
    size = len(json.dumps(large, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
    copy = 0
    while size < 1_000_000:
        copy += 1
        for tool in list(large["tools"]):
            renamed = {**tool, "name": f"{tool.get('name')}_copy{copy}"}
            tools.append(renamed)
            size += len(json.dumps(renamed, separators=(",", ":"), ensure_ascii=False)
                        .encode("utf-8")) + 1
            if size >= 1_000_000:
                break
    return json.dumps({**large, "tools": tools}, separators=(",", ":"), ensure_ascii=False)


class Case(NamedTuple):
    label: str
    file: str  # the input's name in the folder
    args: tuple[str, ...]
    fresh: bool  # the run changes the file: copy it anew each time


class Timing(NamedTuple):
    wall: float | None  # None: stopped at the cap
    cpu: float
    code: int | None


def build_inputs(folder: Path, corpus: Path) -> list[Case]:
    (folder / "fix-2000.json").write_text(fix_list(2000), encoding="utf-8")
    (folder / "fix-8000.json").write_text(fix_list(8000), encoding="utf-8")
    (folder / "minified.json").write_text(minified_megabyte(corpus), encoding="utf-8")
    (folder / "stream.yaml").write_text(yaml_stream(2000), encoding="utf-8")
    size = (folder / "minified.json").stat().st_size
    return [
        Case("`--fix`, 2,000 fixes (JSON, 2,000 tools)", "fix-2000.json", ("--fix",), True),
        Case("`--fix`, 8,000 fixes (JSON, 8,000 tools)", "fix-8000.json", ("--fix",), True),
        Case(f"`--format sarif`, minified tools-large.json ({size / 1e6:.2f} MB, one line)",
             "minified.json", ("--format", "sarif"), False),
        Case("`check`, YAML stream of 2,000 documents", "stream.yaml", (), False),
    ]


def run_once(server: Path, case: Case, folder: Path, cap: float) -> Timing:
    target = folder / case.file
    if case.fresh:
        work = folder / f"run-{case.file}"
        shutil.copyfile(target, work)
        target = work
    env = {**os.environ, "PYTHONPATH": str(server)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "portlint", "check", *case.args, str(target)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            cwd=folder, start_new_session=True)
    try:
        code: int | None = proc.wait(timeout=cap)
        wall: float | None = time.perf_counter() - start
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait()
        code, wall = None, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(wall, cpu, code)


def measure(server: Path, case: Case, folder: Path, cap: float, repeat: int) -> list[Timing]:
    runs = [run_once(server, case, folder, cap)]
    while len(runs) < repeat and runs[-1].wall is not None and runs[-1].wall < 20.0:
        runs.append(run_once(server, case, folder, cap))
    return runs


def shown(runs: list[Timing], cap: float) -> tuple[str, str]:
    if any(r.wall is None for r in runs):
        return f">{cap:.0f} s", f">{min(r.cpu for r in runs):.1f} s"
    wall = statistics.median(r.wall for r in runs if r.wall is not None)
    cpu = statistics.median(r.cpu for r in runs)
    return _seconds(wall), _seconds(cpu)


def _seconds(value: float) -> str:
    return f"{value:.2f} s" if value < 10 else f"{value:.1f} s"


def check_side(server: Path) -> str:
    """The portlint the side really imports (a stale PYTHONPATH would measure the wrong one)."""
    out = subprocess.run([sys.executable, "-c", "import portlint; print(portlint.__file__)"],
                         env={**os.environ, "PYTHONPATH": str(server)}, capture_output=True,
                         text=True, check=True).stdout.strip()
    if not out.startswith(str(server)):
        raise SystemExit(f"hostile_costs: {server} is not what python imports ({out})")
    return out


def old_worktree(rev: str, into: Path) -> tuple[Path, str, Callable[[], None]]:
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev],
                            capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(into),
                    commit], check=True)

    def remove() -> None:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(into)],
                       check=False)

    return into / "server", commit, remove


def table(rows: list[tuple[str, tuple[str, str], tuple[str, str], str]], old: str,
          new: str) -> str:
    lines = [f"| input | before ({old}): wall / CPU | after ({new}): wall / CPU | exit after |",
             "|---|---|---|---|"]
    for label, before, after, code in rows:
        lines.append(f"| {label} | {before[0]} / {before[1]} | {after[0]} / {after[1]} "
                     f"| {code} |")
    return "\n".join(lines)


def section(text: str, old: str, new: str) -> str:
    load = os.getloadavg()
    return f"""{MARK}

## Hostile costs before and after issue 21 (`python bench/hostile_costs.py`)

Measured on {time.strftime("%Y-%m-%d")}, load average {load[0]:.1f} at the end (the two cores are
shared with other sessions: wall-clock times are inflated and noisy; CPU time is the process'
own). "Before" is the commit before the `cli` stream's merge; a before-run is stopped at
{OLD_CAP:.0f} s. Medians of up to 3 whole-process runs per side (one when a run takes over 20 s).

{text}
"""


def write_section(content: str) -> None:
    path = HERE / "RESULTS.md"
    current = path.read_text(encoding="utf-8") if path.is_file() else ""
    head = current.split(MARK, 1)[0].rstrip("\n")
    path.write_text((head + "\n\n" if head else "") + content, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default=OLD_DEFAULT, help="the 'before' commit")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="do not touch RESULTS.md")
    args = parser.parse_args()
    corpus = find_corpus()
    new_commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="portlint-hostile-") as tmp:
        folder = Path(tmp) / "inputs"
        folder.mkdir()
        cases = build_inputs(folder, corpus)
        old_server, old_commit, remove = old_worktree(args.old, Path(tmp) / "old")
        try:
            check_side(old_server)
            check_side(ROOT / "server")
            rows = []
            for case in cases:
                print(f"{case.label} ...", flush=True)
                before = measure(old_server, case, folder, OLD_CAP, args.repeat)
                after = measure(ROOT / "server", case, folder, NEW_CAP, args.repeat)
                codes = sorted({r.code for r in after if r.code is not None})
                rows.append((case.label, shown(before, OLD_CAP), shown(after, NEW_CAP),
                             ", ".join(map(str, codes)) or "stopped"))
                print(f"  before {rows[-1][1]}  after {rows[-1][2]}", flush=True)
        finally:
            remove()
    text = table(rows, old_commit, new_commit)
    print(text)
    if not args.no_write:
        write_section(section(text, old_commit, new_commit))


if __name__ == "__main__":
    main()
