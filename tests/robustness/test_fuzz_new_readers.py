"""The fuzzer's TypeScript and live-intake modes, a few seeds each in the default run (`python
bench/fuzz.py --typescript N --live N` runs them for as long as wanted): mutated and random
TypeScript server modules keep the engine's invariants; random servers' answers through the
live mode's intake end in a report or a message with the contract's exit status, never a
traceback. Plus the listings the intake must answer exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.robustness.invariants import check
from tests.robustness.live_intake import Script, check_outcome, random_script, run_live
from tests.robustness.ts_sources import case_modules, mutate, project, random_module

MODULES = case_modules()


@pytest.mark.parametrize("seed", range(12))
def test_mutated_typescript_modules(seed: int, tmp_path: Path) -> None:
    rng = random.Random(f"mutated/{seed}")
    case = MODULES[rng.randrange(len(MODULES))]
    with project(tmp_path / "project", case) as path:
        text = mutate(case.read_text(encoding="utf-8"), rng,
                      [m.read_text(encoding="utf-8") for m in MODULES[:20]])
        try:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        except UnicodeEncodeError:
            pytest.skip("a lone surrogate the file system cannot hold")
        check(text, str(path))


@pytest.mark.parametrize("seed", range(8))
def test_random_zod_modules(seed: int, tmp_path: Path) -> None:
    with project(tmp_path / "project") as path:
        text = random_module(random.Random(f"random/{seed}"))
        path.write_text(text, encoding="utf-8")
        assert check(text, str(path)) > 0  # a module of tools: something is always said


@pytest.mark.parametrize("seed", range(25))
def test_random_live_listings(seed: int) -> None:
    check_outcome(run_live(random_script(random.Random(f"live/{seed}"), 3000),
                           "--format", "json"))


def test_a_listing_goes_through_the_live_path() -> None:
    """The scripted server is listed as a real one is: paged, linted, reported by tool."""
    page = json.dumps({"tools": [{"name": "a", "inputSchema": {
        "type": "object", "properties": {"x": True}}}], "nextCursor": "2"})
    outcome = run_live(Script([page, '{"tools": [{"name": "b", "inputSchema": 5}]}']),
                       "--format", "json")
    assert outcome.code == 1, outcome.err
    found = [(f["tool"], f["rule"], f["path"]) for f in json.loads(outcome.out)["findings"]]
    assert ("a", "boolean-schema", "inputSchema.properties.x") in found
    assert any(tool == "b" for tool, _, _ in found)


@pytest.mark.parametrize(("script", "says"), [
    (Script(["not json"], frozenset({0})), "is not a JSON-RPC message"),
    (Script(['{"tools": [], "nextCursor": "c"}', '{"tools": [], "nextCursor": "c"}']),
     "pages in a circle"),
    (Script(['{"tools": 5}']), "without a `tools` array"),
    (Script(['{"tools": [], "nextCursor": 7}']), "`nextCursor` that is not a string"),
])
def test_a_broken_listing_is_one_clear_message(script: Script, says: str) -> None:
    outcome = run_live(script)
    assert (outcome.code, outcome.out) == (2, "")
    assert outcome.err.startswith("portlint: ") and says in outcome.err, outcome.err
