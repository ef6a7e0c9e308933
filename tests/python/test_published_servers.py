"""Published Python MCP servers, read as installed (live layer): each server of
``tests/python/published/servers.json``, installed from PyPI at the releases its environment's
requirements file pins (``requirements.txt``; ``requirements-mcp1.txt`` for servers the SDK 2.x
does not run; ``requirements-mcp1-aws.txt`` for one pinning exact releases of its own), into the
oracle cache once, is started by its console script and
asked for tools/list; portlint reads the modules it ships — never imported — and must derive
each listed tool as the server lists it: name, title, description, inputSchema and outputSchema
(the fields portlint derives; annotations, `_meta` and `execution` are not). What it may not
derive is named per server with the reason portlint gives; anything else — a tool missing,
different, unknown for another reason, or derived and not listed — fails, as does a server
portlint says cannot start. Of a tool said unknown in part, each field portlint gives must be
the one listed (the parts it says it leaves out, left out of it). A server named as one that does not start (`"starts": false`) is
started as installed and must exit, and portlint must say it cannot start with the exception
the process dies with.

``python -m tests.python.test_published_servers`` prints every server's outcome."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from portlint.cli.schema import schema_document
from tests.support.live_listing import tools_listed

PUBLISHED = Path(__file__).resolve().parent / "published"
CACHE = Path(os.environ.get("PORTLINT_ORACLE_CACHE",
                            Path.home() / ".cache" / "portlint-oracles")) / "published-python"
# the environments the servers are installed in: one for each line of the MCP SDK they need
ENVIRONMENTS = {"mcp2": "requirements.txt", "mcp1": "requirements-mcp1.txt",
                "mcp1-aws": "requirements-mcp1-aws.txt",
                "mcp2-start": "requirements-mcp2-start.txt",
                "mcp2-sentry": "requirements-mcp2-sentry.txt"}
COMPARED = ("name", "title", "description", "inputSchema", "outputSchema")


@dataclass
class Server:
    package: str
    script: str
    read: list[str]
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    unknown: dict[str, str] = field(default_factory=dict)  # tool ("*": any) -> reason said
    environment: str = "mcp2"  # a key of ENVIRONMENTS
    why: str = ""  # what the server does that portlint does not read, in a few words
    starts: bool = True  # False: it exits as installed, and portlint must say where and why


def servers() -> list[Server]:
    spec = json.loads((PUBLISHED / "servers.json").read_text(encoding="utf-8"))
    return [Server(**entry) for entry in spec["servers"]]


def install(environment: str) -> Path:
    """The virtual environment holding the releases ``environment`` pins, made again only when
    its requirements file changed."""
    venv = CACHE if environment == "mcp2" else CACHE.with_name(f"{CACHE.name}-{environment}")
    requirements = PUBLISHED / ENVIRONMENTS[environment]
    stamp = venv / ".portlint-requirements"
    wanted = requirements.read_text(encoding="utf-8")
    if stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
        return venv
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                           "--disable-pip-version-check", "-r", str(requirements)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"pip could not install the published servers:\n{done.stderr[-2000:]}")
    stamp.write_text(wanted, encoding="utf-8")
    return venv


def site_packages(venv: Path) -> Path:
    return next((venv / "lib").glob("python3*/site-packages"))


def derived(venv: Path, server: Server) -> dict[str, Any]:
    paths = [site_packages(venv) / part for part in server.read]
    document, _ok = schema_document(paths, err=io.StringIO())
    return document


def listed(venv: Path, server: Server) -> list[Any]:
    return tools_listed(shlex.join([str(venv / "bin" / server.script), *server.args]),
                        server.env)


def within(derived: Any, listed: Any) -> bool:
    """Whether ``derived`` is ``listed`` with some members of its objects left out."""
    if isinstance(derived, dict) and isinstance(listed, dict):
        return all(key in listed and within(value, listed[key])
                   for key, value in derived.items())
    if isinstance(derived, list) and isinstance(listed, list):
        return len(derived) == len(listed) and all(
            within(d, li) for d, li in zip(derived, listed, strict=True))
    return bool(derived == listed)


def wrong(server: Server, document: dict[str, Any], tools: list[Any]) -> list[str]:
    """What differs from what servers.json expects."""
    said = [f"{server.package}: portlint says it cannot start: {entry}"
            for entry in document.get("cannot_start", [])]
    found = {tool["name"]: tool for tool in document["tools"] if tool.get("name") is not None}
    # registrations on a server portlint does not trace have no name it vouches for: they stand
    # for the listed tools no named one is, in order (each must be said unknown as expected)
    unnamed = [tool for tool in document["tools"] if tool.get("name") is None]
    for tool in tools:
        mine = found.pop(tool["name"], None)
        if mine is None and unnamed:
            mine = unnamed.pop(0)
        if mine is None:
            said.append(f"{server.package} {tool['name']}: missing")
            continue
        expected = server.unknown.get(tool["name"], server.unknown.get("*"))
        if "unknown" in mine and not (expected is not None and expected in mine["unknown"]):
            said.append(f"{server.package} {tool['name']}: unknown {mine['unknown']}")
        elif "unknown" in mine and (partly := [k for k in COMPARED if k in mine and not (
                k == "name" and mine[k] is None) and not (
                within(mine[k], tool.get(k)) if "left out" in mine["unknown"]
                else mine[k] == tool.get(k))]):
            # what is derived of a tool said unknown in part must be what it lists (with the
            # parts it says are left out, a part of what it lists)
            said.append(f"{server.package} {tool['name']}: {', '.join(partly)} different\n"
                        f"  derived {json.dumps(mine)[:800]}\n  listed  {json.dumps(tool)[:800]}")
        elif "unknown" not in mine and tool["name"] in server.unknown:
            said.append(f"{server.package} {tool['name']}: derived now; servers.json still "
                        "names it not derived")
        elif "unknown" not in mine and [tool.get(k) for k in COMPARED] != [
                mine.get(k) for k in COMPARED]:
            said.append(f"{server.package} {tool['name']}: different\n  derived "
                        f"{json.dumps(mine)[:800]}\n  listed  {json.dumps(tool)[:800]}")
    said.extend(f"{server.package} {name}: derived, not listed" for name in found)
    return said


@pytest.mark.live_oracle
@pytest.mark.parametrize("server", [s for s in servers() if s.starts],
                         ids=lambda s: s.package)
def test_what_portlint_reads_in_a_published_server_is_what_it_lists(server: Server) -> None:
    venv = install(server.environment)
    tools = listed(venv, server)
    assert tools, "the server lists no tool"
    assert wrong(server, derived(venv, server), tools) == []


_RAISED = re.compile(r"^(\w+(?:Error|Exception)): (.*?)(?: \(/[^)]*\))?$")


@pytest.mark.live_oracle
@pytest.mark.parametrize("server", [s for s in servers() if not s.starts],
                         ids=lambda s: s.package)
def test_a_published_server_that_exits_is_said_to_with_its_exception(server: Server) -> None:
    """Started as installed, the server exits; portlint says it cannot start, quoting the
    exception the process really dies with (its first line, a module path left out)."""
    venv = install(server.environment)
    ran = subprocess.run([str(venv / "bin" / server.script), *server.args], input="",
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, **server.env})
    raised = [m for line in ran.stderr.splitlines() if (m := _RAISED.match(line.strip()))]
    assert ran.returncode != 0 and raised, ran.stderr[-1500:]
    exception = f"{raised[-1].group(1)}: {raised[-1].group(2)}"
    said = [entry["reason"] for entry in derived(venv, server).get("cannot_start", [])]
    assert said and all(f"({exception})" in reason for reason in said), (exception, said)


def test_the_servers_are_pinned() -> None:
    """Offline: every server named is pinned exactly in its environment's requirements file,
    and every requirements file pins the MCP SDK of the line its name says."""
    named = [s.package.lower() for s in servers()]
    assert len(named) == len(set(named))
    for environment, requirements in ENVIRONMENTS.items():
        pins = {line.split("==")[0].lower(): line.split("==")[1] for line in
                (PUBLISHED / requirements).read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#")}
        assert pins["mcp"].split(".")[0] == environment.removeprefix("mcp").split("-")[0]
        assert all(s.package.lower() in pins for s in servers()
                   if s.environment == environment)


if __name__ == "__main__":
    for each in servers():
        try:
            print(f"== {each.package}")
            where = install(each.environment)
            for line in wrong(each, derived(where, each), listed(where, each)):
                print(line)
        except Exception as error:  # a report of every server, whatever happens
            print(f"   {type(error).__name__}: {error}")
