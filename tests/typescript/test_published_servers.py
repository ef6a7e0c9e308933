"""Published MCP servers, read as shipped (live layer): each server package of
``tests/typescript/published/servers.json``, installed from npm at the versions the committed
lockfile pins (into the oracle cache, once, install scripts off), is started with Node and
asked for tools/list; portlint reads the package's own JavaScript — the files it ships, never
run — and must derive each listed tool exactly, key for key in order. What it may not derive,
or derives beyond what the server lists when started so (a tool registered only for a client
with some capability, or with some setting), is named per server with the reason portlint
gives; anything else — a tool missing, one different, one unknown or extra for another reason —
fails. One install holds them all, so npm's hoisting gives the layouts users meet: several SDK
releases nested under their packages, both SDK lines and two Zod majors at the top.

``python -m tests.typescript.test_published_servers`` prints every server's outcome."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from tests.support.live_listing import tools_listed

from portlint.script_suffixes import JAVASCRIPT_SUFFIXES
from portlint.typescript.reader import analyze
from portlint.typescript.tools import ToolDecl
from portlint.typescript.unreached import not_run

PUBLISHED = Path(__file__).resolve().parent / "published"
ENV = PUBLISHED / "envs" / "npm-servers"
CACHE = Path(os.environ.get("PORTLINT_ORACLE_CACHE",
                            Path.home() / ".cache" / "portlint-oracles")) / "published"
_NOT_SHIPPED_CODE = {"node_modules", "__tests__", "test", "tests"}


@dataclass
class Outcome:
    tool: str
    verdict: str  # equal | unknown | extra | missing | different
    reason: str = ""
    derived: Any = None
    listed: Any = None


@dataclass
class Server:
    package: str
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    unknown: dict[str, str] = field(default_factory=dict)  # tool ("*": any) -> reason said
    why: str = ""  # what the server does that portlint does not read, in a few words
    extra: dict[str, str] = field(default_factory=dict)  # tool -> why it is not listed here


def servers() -> list[Server]:
    spec = json.loads((PUBLISHED / "servers.json").read_text(encoding="utf-8"))
    return [Server(**entry) for entry in spec["servers"]]


def install() -> Path:
    """The installed packages (``npm ci`` of the committed lockfile, install scripts off),
    made again only when the lockfile changed."""
    target = CACHE / ENV.name
    stamp = target / ".portlint-lock"
    lock = (ENV / "package-lock.json").read_text(encoding="utf-8")
    if stamp.exists() and stamp.read_text(encoding="utf-8") == lock and \
            (target / "node_modules").is_dir():
        return target
    target.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ENV / name, target / name)
    subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund",
                    "--loglevel=error"], cwd=target, check=True, stdout=subprocess.DEVNULL)
    stamp.write_text(lock, encoding="utf-8")
    return target


def shipped_code(package: Path) -> list[Path]:
    """The package's JavaScript: every module it ships but its own dependencies and tests."""
    return sorted(path for path in package.rglob("*") if path.suffix in JAVASCRIPT_SUFFIXES
                  and path.is_file() and not _NOT_SHIPPED_CODE & set(
                      path.relative_to(package).parts) and ".test." not in path.name)


def derived_tools(package: Path) -> list[ToolDecl]:
    """What portlint derives from the package's code, as `portlint schema` lists it: the tools
    of a module or a function the server never runs are left out (named as not listed)."""
    tools: list[ToolDecl] = []
    for path in shipped_code(package):
        found = analyze(path.read_text(encoding="utf-8", errors="surrogateescape"), path).tools
        never_made = not_run(path, [t.span for t in found])
        tools.extend(t for t, why in zip(found, never_made, strict=True) if why is None)
    return tools


def listed_tools(installed: Path, server: Server, scratch: Path) -> list[Any]:
    manifest = json.loads((installed / "node_modules" / server.package / "package.json")
                          .read_text(encoding="utf-8"))
    bin_ = manifest["bin"] if isinstance(manifest["bin"], str) else \
        next(iter(manifest["bin"].values()))
    entry = installed / "node_modules" / server.package / bin_
    args = [a.replace("{tmp}", str(scratch)) for a in server.args]
    return tools_listed(shlex.join(["node", str(entry), *args]), server.env)


def judge(derived: list[ToolDecl], listed: list[Any]) -> list[Outcome]:
    """Each listed tool against what portlint derives; then what it derives beyond them. A
    declaration whose name portlint could not read stands for the listed tools no other names."""
    unnamed = [t for t in derived if t.name == "?" and t.unknown]
    by_name = {t.name: t for t in derived if t not in unnamed}
    outcomes = []
    for tool in listed:
        found = by_name.pop(tool["name"], None)
        if found is None:
            outcomes.append(Outcome(tool["name"], "unknown", unnamed[0].unknown[0][0])
                            if unnamed else Outcome(tool["name"], "missing", listed=tool))
        elif found.unknown:
            outcomes.append(Outcome(tool["name"], "unknown", found.unknown[0][0]))
        elif _same(found.entry, tool):
            outcomes.append(Outcome(tool["name"], "equal"))
        elif found.parts_unread and _same(found.entry, {k: v for k, v in tool.items() if k not in
                                                        {p for p, _, _ in found.parts_unread}}):
            part, reason, _span = found.parts_unread[0]
            outcomes.append(Outcome(tool["name"], "unknown", f"`{part}` left out: {reason}"))
        else:
            outcomes.append(Outcome(tool["name"], "different", derived=found.entry, listed=tool))
    outcomes.extend(Outcome(name, "extra", found.unknown[0][0] if found.unknown else "",
                            derived=found.entry) for name, found in by_name.items())
    return outcomes


def _same(derived: Any, listed: Any) -> bool:
    return json.dumps(derived, ensure_ascii=False) == json.dumps(listed, ensure_ascii=False)


def wrong(server: Server, outcomes: list[Outcome]) -> list[str]:
    """The outcomes ``servers.json`` does not expect."""
    said = []
    for o in outcomes:
        expected = server.unknown.get(o.tool, server.unknown.get("*")) \
            if o.verdict == "unknown" else server.extra.get(o.tool) \
            if o.verdict == "extra" else None
        if o.verdict == "equal" or (o.verdict == "unknown" and expected is not None and
                                    expected in o.reason) or (
                o.verdict == "extra" and expected is not None):
            continue
        said.append(f"{server.package} {o.tool}: {o.verdict} {o.reason}\n  derived "
                    f"{json.dumps(o.derived)[:600]}\n  listed  {json.dumps(o.listed)[:600]}")
    return said


def outcomes(server: Server, installed: Path) -> list[Outcome]:
    with tempfile.TemporaryDirectory() as scratch:
        listed = listed_tools(installed, server, Path(scratch))
    return judge(derived_tools(installed / "node_modules" / server.package), listed)


@pytest.fixture(scope="module")
def installed() -> Path:
    return install()


@pytest.mark.live_oracle
@pytest.mark.parametrize("server", servers(), ids=lambda s: s.package)
def test_what_portlint_reads_in_a_published_server_is_what_it_lists(
        server: Server, installed: Path) -> None:
    found = outcomes(server, installed)
    assert found, "the server lists no tool"
    assert wrong(server, found) == []
    for tool, verdict in [*((t, "unknown") for t in server.unknown),
                          *((t, "extra") for t in server.extra)]:
        # an expectation portlint has outgrown (the tool now derived, or gone) is stale
        assert tool == "*" or any(o.tool == tool and o.verdict == verdict for o in found), (
            f"{tool} is expected {verdict} no more")


def test_the_servers_are_the_pinned_packages() -> None:
    """Offline: every server named is a dependency the lockfile pins, exactly."""
    manifest = json.loads((ENV / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ENV / "package-lock.json").read_text(encoding="utf-8"))
    named = [s.package for s in servers()]
    assert len(named) == len(set(named))
    assert sorted(named) == sorted(manifest["dependencies"])
    for package, version in manifest["dependencies"].items():
        assert lock["packages"][f"node_modules/{package}"]["version"] == version


if __name__ == "__main__":
    where = install()
    for each in servers():
        if len(sys.argv) > 1 and each.package not in sys.argv[1:]:
            continue
        try:
            results = outcomes(each, where)
        except Exception as error:  # a report of every server, whatever happens
            print(f"== {each.package}: {type(error).__name__}: {error}")
            continue
        counts: dict[str, int] = {}
        for o in results:
            counts[o.verdict] = counts.get(o.verdict, 0) + 1
        print(f"== {each.package}: {counts}")
        for line in wrong(each, results):
            print(line)
