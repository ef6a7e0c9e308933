"""Long fuzzing runs, outside the test suite: `python bench/fuzz.py --count 1000000`.

Generates tool documents (JSON and YAML, legal and not) and mutates every file of the shared
corpus, checking each with the same invariants as tests/robustness: no exception, no rule crash,
every range inside the text, every safe fix re-parses and removes its finding. Stops at the
first failure and prints the input that caused it.

`--hostile N` also draws N of each hostile class of issue 21 (tests/robustness/generators.py):
documents nested up to `--max-depth` levels in every shape, integer literals longer than `int()`
converts, names of control, bidirectional and reserved characters — each checked at a cost
linear in it (no exception, no crash, ranges inside, fixing everything keeps it parsing) — and
folders of pipes, device links, link loops, unreadable entries, odd and over-long names and
oversized files, each checked as `portlint check --format json .` (every hostile path said to be
unreadable or skipped, the ordinary files checked, exit 2 exactly when something was not).
`--hostile` alone, without the shared corpus, runs only these.

`--typescript N` fuzzes the TypeScript reader (tests/robustness/ts_sources.py): N mutations of
the oracle corpus' server modules (cuts, duplications, token insertions, splices of other
modules), N modules of random Zod schemas registered every way the SDKs offer, and N/10 hostile
modules (nesting up to `--max-depth` levels in Zod calls, parentheses, array and object
literals, method chains; integer and bigint literals past `int()`'s limit; huge strings and
templates), each linted in a project that pins the SDK and Zod, with the invariants above.

`--live N` fuzzes the live mode's intake (tests/robustness/live_intake.py): N random servers'
answers — tool lists of random tools, junk results and entries, cursors that loop or are not
strings, lines that are not JSON-RPC, deep nesting, long literals, odd initialize results — fed
through the SDK's JSON-RPC parsing, session and paging into `portlint check --server ... --format
json`, as the live mode runs, without starting a process: an exit status of 0/1/2, a report
that parses or a message, never a traceback or a rule crash.

`--seconds S` stops each of these modes after S seconds (the count is then a ceiling), and the
process' address space is capped at `--memory-gb` (a blow-up is a MemoryError, not a swapped
machine). A failing input is written to `--keep DIR` as well as printed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from tests.robustness.generators import (  # noqa: E402
    hostile_texts,
    hostile_tree,
    mutations,
    to_text,
    tool_documents,
)
from tests.robustness.invariants import check, check_hostile, check_tree  # noqa: E402
from tests.support.corpus import corpus_files  # noqa: E402


def fuzz_generated(count: int) -> None:
    @settings(max_examples=count, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(document=tool_documents(), fmt=st.sampled_from(["json", "yaml"]),
           indent=st.booleans(), seed=st.integers(0, 2**32))
    def run(document: Any, fmt: str, indent: bool, seed: int) -> None:
        text = to_text(document, fmt, indent)
        check(text, f"tools.{fmt}")
        for variant in mutations(text, random.Random(seed), 3):
            check(variant, f"tools.{fmt}")

    run()


def fuzz_corpus(count: int, seed: int) -> None:
    rng = random.Random(seed)
    files = [(p, p.read_text(encoding="utf-8")) for p in corpus_files()
             if p.stat().st_size < 200_000]
    for i in range(count):
        path, text = files[i % len(files)]
        suffix = path.suffix if path.suffix in (".json", ".yaml", ".yml") else ".json"
        for variant in mutations(text, rng, 1):
            try:
                check(variant, f"tools{suffix}")
            except AssertionError:
                print(f"failed on a mutation of {path}:\n{variant}", file=sys.stderr)
                raise


def fuzz_hostile(count: int, seed: int, max_depth: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        for name, text in hostile_texts(rng, max_depth):
            try:
                check_hostile(text, name)
            except AssertionError:
                print(f"failed on a hostile {name} ({len(text):,} characters):\n{text[:2000]}",
                      file=sys.stderr)
                raise


def fuzz_trees(count: int, seed: int) -> None:
    import os

    from tests.cli.hostile_fs import shared_folder

    rng = random.Random(seed)
    for _ in range(count):
        with shared_folder() as folder:
            expected = hostile_tree(folder, rng)
            unprivileged = hasattr(os, "geteuid")
            try:
                check_tree(folder, expected, unprivileged=unprivileged)
            except AssertionError:
                print(f"failed on a hostile folder: {sorted(expected)}", file=sys.stderr)
                raise


class Budget:
    """A mode's count and time ceiling."""

    def __init__(self, count: int, seconds: float | None) -> None:
        self.count = count
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.done = 0

    def __iter__(self) -> Any:
        while self.done < self.count and (self.deadline is None
                                          or time.perf_counter() < self.deadline):
            yield self.done
            self.done += 1


def _keep(keep: Path | None, name: str, text: str) -> None:
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / name).write_text(text, encoding="utf-8", errors="surrogatepass")
        print(f"kept as {keep / name}", file=sys.stderr)


def fuzz_typescript(count: int, seed: int, max_depth: int, seconds: float | None,
                    keep: Path | None) -> dict[str, int]:
    import tempfile

    from tests.robustness.ts_sources import case_modules, hostile_module, mutate, project
    from tests.robustness.ts_sources import random_module as ts_module

    modules = case_modules()
    texts = [m.read_text(encoding="utf-8") for m in modules]
    done: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="portlint-fuzz-ts-") as tmp:
        root = Path(tmp) / "project"
        for kind in ("mutated", "random", "hostile"):
            budget = Budget(count if kind != "hostile" else max(1, count // 10), seconds)
            for i in budget:
                rng = random.Random(f"{seed}/{kind}/{i}")
                case = modules[rng.randrange(len(modules))] if kind == "mutated" else None
                with project(root, case) as path:
                    if kind == "mutated":
                        assert case is not None
                        text, label = mutate(texts[modules.index(case)], rng, texts), str(case)
                    elif kind == "random":
                        text, label = ts_module(rng), "random module"
                    else:
                        text, label = hostile_module(rng, max_depth)
                    try:
                        path.write_text(text, encoding="utf-8", errors="surrogatepass")
                    except UnicodeEncodeError:
                        continue
                    try:
                        (check_hostile if kind == "hostile" else check)(text, str(path))
                    except BaseException:
                        print(f"failed on a {kind} TypeScript module ({label}, seed "
                              f"{seed}/{kind}/{i}, {len(text):,} characters):\n{text[:3000]}",
                              file=sys.stderr)
                        _keep(keep, f"ts-{kind}-{i}.ts", text)
                        raise
            done[kind] = budget.done
    return done


def fuzz_live(count: int, seed: int, max_depth: int, seconds: float | None,
              keep: Path | None) -> dict[str, int]:
    import json

    from tests.robustness.live_intake import check_outcome, random_script, run_live

    codes: dict[str, int] = {}
    for i in Budget(count, seconds):
        script = random_script(random.Random(f"{seed}/live/{i}"), max_depth)
        try:
            outcome = run_live(script, "--format", "json")
            check_outcome(outcome)
        except BaseException:
            print(f"failed on live listing {seed}/live/{i}: pages "
                  f"{[p[:300] for p in script.pages]}", file=sys.stderr)
            _keep(keep, f"live-{i}.json", json.dumps(script._asdict(), default=sorted))
            raise
        key = f"exit {outcome.code}"
        codes[key] = codes.get(key, 0) + 1
    return codes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000, help="inputs of each kind")
    parser.add_argument("--seed", type=int, default=0, help="seed of the corpus mutations")
    parser.add_argument("--hostile", type=int, default=0, metavar="N",
                        help="also N inputs of each hostile class (alone: only those)")
    parser.add_argument("--max-depth", type=int, default=20_000,
                        help="the deepest nesting the hostile documents reach")
    parser.add_argument("--typescript", type=int, default=0, metavar="N",
                        help="N mutated, N random and N/10 hostile TypeScript modules")
    parser.add_argument("--live", type=int, default=0, metavar="N",
                        help="N random servers' answers through the live mode's intake")
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop each --typescript/--live mode after this long")
    parser.add_argument("--memory-gb", type=float, default=6.0,
                        help="the address-space cap of this process")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="write a failing input there")
    args = parser.parse_args()
    import resource

    cap = int(args.memory_gb * (1 << 30))
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    started = time.perf_counter()
    if args.typescript or args.live:
        if args.typescript:
            done = fuzz_typescript(args.typescript, args.seed, args.max_depth, args.seconds,
                                   args.keep)
            print(f"TypeScript: {done} passed in {time.perf_counter() - started:.0f} s",
                  flush=True)
        if args.live:
            codes = fuzz_live(args.live, args.seed, args.max_depth, args.seconds, args.keep)
            print(f"live intake: {sum(codes.values())} listings passed ({codes}) in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
        if "--count" not in sys.argv and not args.hostile:
            return
    if args.hostile:
        fuzz_hostile(args.hostile, args.seed, args.max_depth)
        fuzz_trees(max(1, args.hostile // 10), args.seed)
        print(f"{args.hostile} of each hostile class passed in "
              f"{time.perf_counter() - started:.0f} s")
        if "--count" not in sys.argv:
            return
    fuzz_generated(args.count)
    fuzz_corpus(args.count, args.seed)
    print(f"{2 * args.count} inputs (and their mutations) passed in "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
