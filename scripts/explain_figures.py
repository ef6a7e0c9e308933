"""How ``portlint explain`` does on every client error the conformance harness recorded:
placed / recognised but not placed / not recognised / wrong, per lane.

    .venv/bin/python scripts/explain_figures.py [--list VERDICT]

``--write-evidence`` rewrites the index of recorded errors that ``explain`` cites
(server/portlint/explain/evidence.json) from the observations instead.
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path

from portlint.explain.evidence import INDEX, build_index
from portlint.explain.observed import judge, observed_errors

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ("placed", "unplaced", "unrecognised", "wrong")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", choices=VERDICTS, help="print the errors of one verdict")
    parser.add_argument("--write-evidence", action="store_true")
    args = parser.parse_args()
    if args.write_evidence:
        INDEX.write_text(json.dumps(build_index(ROOT), indent=1, ensure_ascii=False) + "\n",
                         encoding="utf-8")
        print(f"wrote {INDEX}")
        return
    per: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    listed = []
    for observed in observed_errors(ROOT):
        judged = judge(ROOT, observed)
        per[observed.lane][judged.verdict] += 1
        if judged.verdict == args.list:
            listed.append(judged)
    total: collections.Counter[str] = collections.Counter()
    print(f"{'lane':40} " + " ".join(f"{v:>12}" for v in VERDICTS))
    for lane, counts in sorted(per.items()):
        total.update(counts)
        print(f"{lane:40} " + " ".join(f"{counts[v]:>12}" for v in VERDICTS))
    print(f"{'all (' + str(sum(total.values())) + ' errors)':40} "
          + " ".join(f"{total[v]:>12}" for v in VERDICTS))
    for judged in listed:
        text = " ".join(judged.observed.text.split())[:240]
        print(f"\n{judged.observed.id}: {judged.why}\n  {text}")


if __name__ == "__main__":
    main()
