"""The figures behind the choice of metaschema validator for invalid-schema.

Measured in fresh processes, alternately, medians: the cost of the first metaschema check of a
run — importing the validator and checking ``{"type": "dict"}`` against the 2020-12 and draft-07
metaschemas — with ``jsonschema`` (what portlint uses) and with ``jsonschema-rs`` (compiled,
when installed in the running interpreter); then the warm cost of one such check.

    python bench/validators.py [--repeat 9]

The decision (recorded in bench/RESULTS.md): portlint keeps ``jsonschema`` and avoids loading it
at all for the failures a value's type decides (rules/metaschema_types.py) — the common ones.
``jsonschema-rs`` would still cost its own import on every run with a suspect, and it reports
errors in its own form (an error kind object, first error only from ``meta.validate``), so the
messages — written from ``jsonschema``'s ``validator``/``validator_value``/``context`` — would
need a translation layer whose equivalence is a risk of its own.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys

FIRST = {
    "jsonschema": (
        "import time; t = time.perf_counter(); import jsonschema; "
        "v = [c(c.META_SCHEMA) for c in (jsonschema.Draft202012Validator, "
        "jsonschema.Draft7Validator)]; [list(x.iter_errors({'type': 'dict'})) for x in v]; "
        "print((time.perf_counter() - t) * 1000)"),
    "jsonschema-rs": (
        "import time; t = time.perf_counter(); import jsonschema_rs; "
        "[jsonschema_rs.meta.is_valid({'type': 'dict', '$schema': s}) for s in "
        "('https://json-schema.org/draft/2020-12/schema', "
        "'http://json-schema.org/draft-07/schema#')]; "
        "print((time.perf_counter() - t) * 1000)"),
}
WARM = {
    "jsonschema": (
        "import jsonschema, timeit; v = jsonschema.Draft202012Validator("
        "jsonschema.Draft202012Validator.META_SCHEMA); "
        "print(min(timeit.repeat(lambda: list(v.iter_errors({'type': 'dict'})), number=200, "
        "repeat=5)) / 200 * 1000)"),
    "jsonschema-rs": (
        "import jsonschema_rs, timeit; "
        "print(min(timeit.repeat(lambda: jsonschema_rs.meta.is_valid({'type': 'dict'}), "
        "number=200, repeat=5)) / 200 * 1000)"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    names = [n for n in FIRST if importlib.util.find_spec(n.replace("-", "_")) is not None]
    first: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(args.repeat):
        for name in names:
            done = subprocess.run([sys.executable, "-c", FIRST[name]], capture_output=True,
                                  text=True, check=True)
            first[name].append(float(done.stdout))
    for name in names:
        warm = subprocess.run([sys.executable, "-c", WARM[name]], capture_output=True,
                              text=True, check=True)
        print(f"{name}: first check in a process {statistics.median(first[name]):.1f} ms "
              f"(import and both metaschemas), then {float(warm.stdout) * 1000:.0f} µs a check")
    for name in FIRST:
        if name not in names:
            print(f"{name}: not installed in this interpreter")


if __name__ == "__main__":
    main()
