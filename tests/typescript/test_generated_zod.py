"""Differential test against the real TypeScript SDKs and fastmcp (live layer): servers of random
Zod schemas, registered one by one or several through a loop, a callback, a helper or an
object's entries (tests/typescript/generated_zod.py), generated from fixed seeds for each oracle
environment, are started under that environment's SDK or fastmcp and Zod, and what portlint
derives from their source is compared with the tools/list each really sends — key for key, in
order. A tool must be derived exactly; a list the server cannot send must be said as
`server-list-fails` with the server's own error; a tool portlint does not derive must say why,
for one of the reasons below, never be missing or invented.

Longer runs, to look for new differences: ``python -m tests.typescript.test_generated_zod ENV
START STOP`` prints every program that differs, and the count of each verdict."""

from __future__ import annotations

import random
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tests.typescript import generated_zod
from tests.typescript.oracle_support import ORACLE, Outcome, envs, judge

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
PROGRAMS = 10  # per environment, of six tools each
# why a generated tool may be left underived: what Zod 3 decides by running code, and the
# constructs portlint does not convert (recursive schemas are derived)
UNDERIVED = ("what its refinement says", "check accepts", "decimal remainder", "makes of",
             "`z.preprocess` field is required",
             "has no JSON Schema portlint can derive", "which portlint does not decide")


def _recorder() -> Any:
    sys.path.insert(0, str(SCRIPTS))
    import record_typescript_oracle  # type: ignore[import-not-found]

    return record_typescript_oracle


def _releases(env: str) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    meta = _recorder().env_meta(env)
    found = re.search(r"zod(\d+)\.(\d+)\.(\d+)", env)
    assert found is not None, env
    return meta["api"], tuple(int(x) for x in found.groups()), meta["sdk"]


def outcomes(env: str, seeds: range) -> list[tuple[int, str, list[Outcome]]]:
    """Each seed's program, and how what portlint derives compares with what the server
    sends."""
    recorder = _recorder()
    installed = recorder.install(env)
    api, zod, sdk = _releases(env)

    def one(seed: int) -> tuple[int, str, list[Outcome]]:
        text = generated_zod.program(random.Random(f"{env}/{seed}"), api, zod, sdk)
        with tempfile.TemporaryDirectory() as case_dir, \
                tempfile.TemporaryDirectory() as work_dir:
            case, work = Path(case_dir), Path(work_dir)
            (case / "server.ts").write_text(text, encoding="utf-8")
            (case / "case.json").write_text("{}")
            result = recorder.run_case(installed, case)
            for name in ("package.json", "package-lock.json"):
                shutil.copy(ORACLE / "envs" / env / name, work / name)
            (work / "server.ts").write_text(text, encoding="utf-8")
            return seed, text, judge(env, str(seed), result, work / "server.ts", work)

    with ThreadPoolExecutor(max_workers=recorder.WORKERS) as pool:  # the servers mostly wait
        return list(pool.map(one, seeds))


def wrong(found: list[tuple[int, str, list[Outcome]]]) -> list[str]:
    said = []
    for seed, _, results in found:
        # a list that fails on a tool portlint could not derive: whether the others fail it
        # too is not something portlint can say
        unread = any(o.verdict == "unknown" for o in results)
        for o in results:
            if o.verdict in ("equal", "fails") or (o.verdict == "extra" and unread):
                continue
            if o.verdict == "unknown" and any(reason in o.reason for reason in UNDERIVED):
                continue
            said.append(f"seed {seed}, {o.tool}: {o.verdict} {o.reason}\n  derived "
                        f"{o.derived}\n  sent    {o.recorded}")
    return said


@pytest.mark.live_oracle
@pytest.mark.parametrize("env", envs())
def test_what_portlint_derives_is_what_the_server_sends(env: str) -> None:
    found = outcomes(env, range(PROGRAMS))
    assert wrong(found) == []
    exact = sum(o.verdict in ("equal", "fails") for _, _, results in found for o in results)
    assert exact >= PROGRAMS * 4  # most generated tools are ones portlint derives


if __name__ == "__main__":
    first, last = int(sys.argv[2]), int(sys.argv[3])
    results = outcomes(sys.argv[1], range(first, last))
    for seed, program, judged in results:
        differing = wrong([(seed, program, judged)])
        if differing:
            print(f"--- seed {seed}\n{program}\n" + "\n".join(differing))
    counts: dict[str, int] = {}
    for *_, judged in results:
        for o in judged:
            counts[o.verdict] = counts.get(o.verdict, 0) + 1
    print(counts)
