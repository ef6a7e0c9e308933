"""The TypeScript reader held to what real servers list: every recorded tool of every
environment (SDK 1.17/1.22/1.32 with Zod 3, SDK 1.32 with Zod 4, SDK 2.4 with Zod 4, the `fastmcp`
framework 3.34/4.3/4.5/4.20 with Zod 4 and 4.20 with Zod 3) is derived
exactly — same keys in the same order, same values — or reported as ``unknown-schema`` for a
reason listed here; a case whose server could not list its tools (the SDK threw) is recorded as
that error, and portlint must name the tool that makes it fail (``server-list-fails``) with the
same message. Offline: it reads the committed recordings.

Re-record everything: ``python scripts/record_typescript_oracle.py``. The live test re-records
the newest SDK 1.x, 2.x, fastmcp and Zod 3/4 and fails when their output drifted from the
recordings."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from tests.typescript.oracle_support import ORACLE, compare, envs, recorded

# (environment, case, tool) -> the reason portlint gives for not deriving it: what the server
# does there is not something a static reader should guess at.
EXPECTED_UNKNOWN: dict[tuple[str, str, str], str] = {
    # Zod 3's isOptional() runs the preprocess function on `undefined`: required or not is
    # whatever that function does
    ("sdk1.17.5-zod3.22.4", "preprocess-coerce", "coerced"): "z.preprocess",
    ("sdk1.22.0-zod3.24.0", "preprocess-coerce", "coerced"): "z.preprocess",
    ("sdk1.32.2-zod3.25.76", "preprocess-coerce", "coerced"): "z.preprocess",
    # a getter returning the object it is in, under Zod 3: recursive, not derived (Zod 3's
    # methods read a shape when they are called, before the declaration has its value)
    **{(env, "object-getters", "categories"): "a recursive schema"
       for env in ("sdk1.17.5-zod3.22.4", "sdk1.22.0-zod3.24.0", "sdk1.32.2-zod3.25.76")},
    # a getter giving the schema it is in to a method that reads it (`.pick`): the schema has
    # no value yet when the declaration is read
    ("sdk1.32.2-zod4.6.7", "zod4-definitions", "reads-itself"): "calls `.pick()` on it before it has a value",
    # a description made at run time: left out, the schema derived
    **{(env, "lowlevel-runtime-fields", "uptime"): "`description` left out: a template string"
       for env in ("sdk1.17.5-zod3.22.4", "sdk1.22.0-zod3.24.0", "sdk1.32.2-zod3.25.76",
                   "sdk1.32.2-zod4.6.7")},
    # a list and a schema changed in place after their declarations (push, sort, a write
    # through a loop variable): what is listed is not what is declared
    **{(env, "mutated-lists", tool): "`tools` is assigned or changed after its declaration"
       for env in ("sdk1.17.5-zod3.22.4", "sdk1.22.0-zod3.24.0", "sdk1.32.2-zod3.25.76",
                   "sdk1.32.2-zod4.6.7")
       for tool in ("alpha", "beta", "zeta")},
    # the McpServer's tools/list handler replaced on its low-level server (a literal listed
    # instead, read and equal; or the SDK's own wrapped and its result rewritten): what is
    # registered is not what is listed
    **{(env, case, tool): "is answered by"
       for env in ("sdk1.17.5-zod3.22.4", "sdk1.22.0-zod3.24.0", "sdk1.32.2-zod3.25.76",
                   "sdk1.32.2-zod4.6.7")
       for case, tool in (("replaced-listing", "ask"), ("replaced-listing-wrap", "ask"),
                          ("replaced-listing-wrap", "search"))},
    ("server2.4.0-zod4.6.7", "v2-replaced-listing", "ask"): "is answered by",
    # a helper whose `let` changes before its return: what it returns is not one expression
    **{(env, "helper-constants", "shout"): "the result of calling a function"
       for env in ("sdk1.17.5-zod3.22.4", "sdk1.22.0-zod3.24.0", "sdk1.32.2-zod3.25.76",
                   "sdk1.32.2-zod4.6.7")},
}


def _outcomes(env: str, tmp: Path) -> list:  # type: ignore[type-arg]
    found = []
    for case, result in recorded(env).items():
        work = tmp / case
        work.mkdir()
        found.extend(compare(env, case, result, work))
    return found


@pytest.mark.parametrize("env", envs())
def test_every_recorded_tool_is_derived_exactly_or_reported_unknown(env: str,
                                                                    tmp_path: Path) -> None:
    if not (ORACLE / "recorded" / f"{env}.json").exists():
        pytest.fail(f"no recording for {env}: run scripts/record_typescript_oracle.py")
    outcomes = _outcomes(env, tmp_path)
    wrong = [(o.case, o.tool, o.verdict, o.derived, o.recorded) for o in outcomes
             if o.verdict not in ("equal", "unknown", "fails")]
    assert wrong == []
    unknown = {(o.env, o.case, o.tool): o.reason for o in outcomes if o.verdict == "unknown"}
    expected = {k: v for k, v in EXPECTED_UNKNOWN.items() if k[0] == env}
    assert sorted(unknown) == sorted(expected)
    for key, reason in unknown.items():
        assert expected[key] in reason, key


def test_the_corpus_is_large_enough() -> None:
    cases = [p for p in (ORACLE / "cases").iterdir() if (p / "case.json").exists()]
    assert len(cases) >= 60
    for env in envs():
        assert len(recorded(env)) >= 10


@pytest.mark.live_oracle
def test_the_newest_releases_list_what_was_recorded() -> None:
    """Re-record the newest SDK 1.x (Zod 3 and 4), 2.x (Zod 4) and fastmcp (Zod 3 and 4); each
    must equal the committed recording of its line, or the recordings (and maybe the reader)
    are stale. The marker runs it under ``PORTLINT_LIVE=1`` and fails its absence under
    ``PORTLINT_REQUIRE=live``."""
    import sys

    sys.path.insert(0, str(ORACLE.parent.parent.parent / "scripts"))
    import record_typescript_oracle as recorder

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        matches = recorder.newest(out)
        for env, line in matches.items():
            committed = next(e for e in envs() if _line(e) == line)
            fresh = json.loads((out / f"{env}.json").read_text())
            # as text: key order is part of what a server advertises
            assert json.dumps(fresh) == json.dumps(recorded(committed)), \
                f"{env} drifted from {committed}"


_PREFIXES = {"server": "sdk2", "fastmcp": "fastmcp", "sdk": "sdk1"}  # env name → its API


def _api(env: str) -> tuple[str, str]:
    """The API an environment's name says, and the name's prefix."""
    prefix = next(p for p in _PREFIXES if env.startswith(p))
    return _PREFIXES[prefix], prefix


def _line(env: str) -> str:
    api, prefix = _api(env)
    zod = env.split("-zod", 1)[1].split(".", maxsplit=1)[0]
    newest = max((e for e in envs() if _api(e)[0] == api
                  and e.split("-zod", 1)[1].split(".", maxsplit=1)[0] == zod),
                 key=lambda e: [int(x) for x in e.split("-zod")[0].removeprefix(prefix)
                                .split(".")])
    return f"{api}-zod{zod}" if env == newest else ""
