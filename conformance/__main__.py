"""``python -m conformance``: install, run, record and check the client conformance lanes.

    python -m conformance list                       the lanes, their versions, what is recorded
    python -m conformance install [--lane L] [--ci]  install the pinned clients into the cache
    python -m conformance record [--lane L] [--version V | --newest] [--case ID]
                                                     run live and write conformance/observations/
    python -m conformance check [--lane L] [--ci] [--version V | --newest] [--case ID]
                                                     run live and compare with the committed
                                                     observations; exit 1 on any drift
    python -m conformance rewrite [--lane L]         re-merge and re-write the committed files
"""

from __future__ import annotations

import argparse
import sys
import time

from conformance.harness import drift, install, records
from conformance.harness.cases import all_cases
from conformance.harness.lanes import LANES, Lane, lane
from conformance.harness.run import dependent_cases, environment, observe, observe_lean


def _lanes(args: argparse.Namespace) -> list[Lane]:
    chosen = [lane(one) for one in args.lane] if args.lane else list(LANES)
    if getattr(args, "ci", False):
        chosen = [one for one in chosen if one.ci]
    return chosen


def _versions(one: Lane, args: argparse.Namespace) -> list[str]:
    if args.newest or getattr(args, "ci", False):
        return [one.newest]
    if args.version:
        unknown = [v for v in args.version if v not in one.versions]
        if unknown:
            raise SystemExit(f"{one.id}: unknown version(s) {unknown}; add them to lanes.py")
        return list(args.version)
    return list(one.versions)


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def cmd_list(args: argparse.Namespace) -> int:
    for one in _lanes(args):
        recorded = records.load(one)
        have = recorded["versions"] if recorded else []
        print(f"{one.id:24} {one.package} {', '.join(one.versions)}"
              f"{'  [ci: ' + one.newest + ']' if one.ci else ''}"
              f"  recorded: {len(have)}/{len(one.versions)}")
    return 0


def cmd_install(args: argparse.Namespace) -> int:
    for one in _lanes(args):
        for version in _versions(one, args):
            started = time.monotonic()
            path = install.ensure(one.ecosystem, one.client, version)
            _say(f"{one.id} {version}: {path} ({time.monotonic() - started:.1f}s)")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    cases = all_cases()
    chosen = [cases[c] for c in args.case] if args.case else list(cases.values())
    for one in _lanes(args):
        existing = records.load(one)
        per_version = records.expand_file(existing) if existing else {}
        if not args.case:
            # a full re-recording of a version replaces it (cases deleted since drop out)
            for version in _versions(one, args):
                per_version.pop(version, None)
        # the newest first, over every transport; the cases whose transports disagreed there
        # run over every transport in the older versions too (the rest in memory only)
        both = dependent_cases(per_version.get(one.newest, {}))
        wanted = _versions(one, args)
        for version in sorted(wanted, key=lambda v: v != one.newest):
            started = time.monotonic()
            if version == one.newest:
                outcomes = observe(one, version, chosen)
                both = dependent_cases(outcomes) | (both if args.case else set())
            else:
                outcomes = observe_lean(one, version, chosen, both)
            per_version.setdefault(version, {}).update(outcomes)
            _say(f"{one.id} {version}: {len(outcomes)} cases in "
                 f"{time.monotonic() - started:.1f}s")
        known = {v: {c: o for c, o in outcomes.items() if c in cases}
                 for v, outcomes in per_version.items() if v in one.versions}
        path = records.write(one, known, cases, environment())
        _say(f"wrote {path}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    cases = all_cases()
    chosen = [cases[c] for c in args.case] if args.case else list(cases.values())
    drifted = 0
    for one in _lanes(args):
        committed = records.load(one)
        expected = records.expand_file(committed) if committed else {}
        for version in _versions(one, args):
            started = time.monotonic()
            # the CI subset runs lean: in memory, plus every transport for the cases whose
            # committed outcome is transport-dependent
            live = (observe_lean(one, version, chosen, dependent_cases(expected.get(version, {})))
                    if args.ci else observe(one, version, chosen))
            report = drift.compare(one, version, expected.get(version, {}), live, cases)
            _say(f"{one.id} {version}: {len(live)} cases in {time.monotonic() - started:.1f}s, "
                 f"{len(report)} drifted")
            for text in report:
                print(text)
            drifted += len(report)
    return 1 if drifted else 0


def cmd_rewrite(args: argparse.Namespace) -> int:
    """Write each lane's file again from its own content (after a merge, or a format change)."""
    cases = all_cases()
    for one in _lanes(args):
        existing = records.load(one)
        if existing is None:
            continue
        per_version = records.expand_file(existing)
        known = {v: {c: o for c, o in outcomes.items() if c in cases}
                 for v, outcomes in per_version.items() if v in one.versions}
        _say(f"wrote {records.write(one, known, cases, existing['environment'])}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, handler in (("list", cmd_list), ("install", cmd_install),
                          ("record", cmd_record), ("check", cmd_check),
                          ("rewrite", cmd_rewrite)):
        one = sub.add_parser(name)
        one.set_defaults(handler=handler)
        one.add_argument("--lane", action="append", help="a lane id (repeatable); default all")
        if name not in ("list", "rewrite"):
            one.add_argument("--version", action="append", help="a version (repeatable)")
            one.add_argument("--newest", action="store_true", help="only each lane's newest")
        if name in ("record", "check"):
            one.add_argument("--case", action="append", help="a case id (repeatable)")
        if name in ("install", "check"):
            one.add_argument("--ci", action="store_true",
                             help="the CI subset: the newest version of each ci lane")
    args = parser.parse_args(argv)
    return int(args.handler(args))


if __name__ == "__main__":
    raise SystemExit(main())
