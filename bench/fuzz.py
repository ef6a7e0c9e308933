"""Long fuzzing runs, outside the test suite: `python bench/fuzz.py --count 1000000`.

Generates tool documents (JSON and YAML, legal and not) and mutates every file of the shared
corpus, checking each with the same invariants as tests/robustness: no exception, no rule crash,
every range inside the text, every safe fix re-parses and removes its finding. Stops at the
first failure and prints the input that caused it.
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
from tests.robustness.generators import mutations, to_text, tool_documents  # noqa: E402
from tests.robustness.invariants import check  # noqa: E402
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000, help="inputs of each kind")
    parser.add_argument("--seed", type=int, default=0, help="seed of the corpus mutations")
    args = parser.parse_args()
    started = time.perf_counter()
    fuzz_generated(args.count)
    fuzz_corpus(args.count, args.seed)
    print(f"{2 * args.count} inputs (and their mutations) passed in "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
