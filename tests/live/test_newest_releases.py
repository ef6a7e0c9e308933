"""Live: portlint's claims follow the releases users install today. A client, framework or
library that publishes a release newer than the newest one recorded turns CI red here, rather
than portlint going on naming an older release as if it were current (a `@google/genai` newer
than its lane's newest was published for two weeks before this test existed).

Three tables are held: the conformance lanes (the clients observed), the Python releases table
(what an unpinned `fastmcp`, `mcp` or `pydantic` resolves to), and the TypeScript oracle's
environments (the SDKs, fastmcp and Zod whose output the TypeScript reader is compared with)."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from conformance.harness.lanes import LANES

from portlint.python.releases import RELEASES
from tests.support.published import behind, release_key

ROOT = Path(__file__).resolve().parents[2]
TS_ENVS = ROOT / "tests" / "typescript" / "oracle" / "envs"
TS_RUNNER_ONLY = frozenset(("tsx",))  # runs the oracle's servers; no schema passes through it

pytestmark = pytest.mark.live_oracle


def _lanes() -> dict[tuple[str, str], set[str]]:
    followed: dict[tuple[str, str], set[str]] = defaultdict(set)
    for lane in LANES:
        followed[lane.package, lane.ecosystem].update(lane.versions)
    return followed


def _typescript_envs() -> dict[tuple[str, str], set[str]]:
    followed: dict[tuple[str, str], set[str]] = defaultdict(set)
    for manifest in sorted(TS_ENVS.glob("*/package.json")):
        for package, version in json.loads(manifest.read_text())["dependencies"].items():
            if package not in TS_RUNNER_ONLY:
                followed[package, "npm"].add(version)
    return followed


def test_release_order_is_numeric() -> None:
    assert sorted(["1.9.4", "1.10.0", "1.2.0"], key=release_key) == ["1.2.0", "1.9.4", "1.10.0"]


def test_every_client_lane_records_the_newest_release() -> None:
    late = behind(_lanes())
    assert not late, ("a client published a release its lane has not recorded: add it "
                      "(conformance/README.md, 'A version') and record it, then re-cite the "
                      "profiles' version ranges\n" + "\n".join(late))


def test_the_python_releases_table_lists_the_newest_release() -> None:
    late = behind({(package, "pypi"): set(versions) for package, versions in RELEASES.items()})
    assert not late, ("server/portlint/python/releases.py is behind PyPI: an unpinned project "
                      "installs a release portlint has not compared with; add it and record the "
                      "oracle projects under it (tests/python/record_servers.py)\n"
                      + "\n".join(late))


def test_the_typescript_oracle_runs_the_newest_releases() -> None:
    late = behind(_typescript_envs())
    assert not late, ("tests/typescript/oracle/envs/ is behind npm: add an environment of the "
                      "new release and record the oracle under it\n" + "\n".join(late))
