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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000, help="inputs of each kind")
    parser.add_argument("--seed", type=int, default=0, help="seed of the corpus mutations")
    parser.add_argument("--hostile", type=int, default=0, metavar="N",
                        help="also N inputs of each hostile class (alone: only those)")
    parser.add_argument("--max-depth", type=int, default=20_000,
                        help="the deepest nesting the hostile documents reach")
    args = parser.parse_args()
    started = time.perf_counter()
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
