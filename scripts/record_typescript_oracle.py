"""Record what real TypeScript MCP servers advertise: the oracle the TypeScript reader is held to.

Each case of ``tests/typescript/oracle/cases/`` (a small server project: ``server.ts`` and the
files it imports) runs under each environment of ``tests/typescript/oracle/envs/`` whose SDK
(or the `fastmcp` framework) and Zod it targets (``case.json``: ``{"api": "sdk1" | "sdk2" |
"fastmcp", "zod": [3, 4]}``, plus
``"min_sdk": "1.23.0"`` for a case that needs that SDK release or a later one, and ``"links"``
for the ``node_modules`` links of a workspace's members). An environment
is a ``package.json`` with pinned versions and its committed ``package-lock.json``; it is installed
with ``npm ci`` under ``~/.cache/portlint-oracles/typescript/<env>/``. The server is started
with Node (through ``tsx``) over stdio, initialised, asked for ``tools/list``; the result (or the
server's failure) is written to ``tests/typescript/oracle/recorded/<env>.json``.

    python scripts/record_typescript_oracle.py            # re-record every environment
    python scripts/record_typescript_oracle.py --env sdk1.32.2-zod4.6.7 --case weather

``--newest DIR`` records into DIR with the newest SDK 1.x, 2.x and Zod 3/4 instead (the live
oracle test uses it to detect drift).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ORACLE = Path(__file__).resolve().parent.parent / "tests" / "typescript" / "oracle"
CACHE = Path(os.environ.get("PORTLINT_ORACLE_CACHE",
                            Path.home() / ".cache" / "portlint-oracles")) / "typescript"
PROTOCOL_VERSION = "2025-06-18"  # a 2025-era client: what most clients negotiate today
TIMEOUT = 60.0  # for one server's whole exchange
MAX_LINE = 64 * 1024 * 1024
WORKERS = 4


# the package each API's environments pin, by API ("sdk" is the release of that package)
API_PACKAGES = {"fastmcp": "fastmcp", "sdk2": "@modelcontextprotocol/server",
                "sdk1": "@modelcontextprotocol/sdk"}


def env_meta(env: str, envs: Path = ORACLE / "envs") -> dict[str, Any]:
    manifest = json.loads((envs / env / "package.json").read_text())
    deps = manifest["dependencies"]
    api = next(api for api, package in API_PACKAGES.items() if package in deps)
    return {"api": api, "zod": int(deps["zod"].split(".")[0]),
            "sdk": _release(deps[API_PACKAGES[api]])}


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version)[:3])


def install(env: str, envs: Path = ORACLE / "envs", cache: Path = CACHE) -> Path:
    """The environment's installed folder (``npm ci`` from the committed lockfile, once)."""
    target = cache / env
    stamp = target / ".portlint-lock"
    lock = (envs / env / "package-lock.json").read_text()
    if stamp.exists() and stamp.read_text() == lock and (target / "node_modules").is_dir():
        return target
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(envs / env / "package.json", target / "package.json")
    shutil.copy(envs / env / "package-lock.json", target / "package-lock.json")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=target,
                   check=True, stdout=subprocess.DEVNULL)
    stamp.write_text(lock)
    return target


def run_case(installed: Path, case: Path) -> dict[str, Any]:
    """Start the case's server in the installed environment and ask it for its tools."""
    work = Path(tempfile.mkdtemp(prefix="case-", dir=installed))
    try:
        for item in case.iterdir():
            if item.name != "case.json":
                if item.is_dir():
                    shutil.copytree(item, work / item.name)
                else:
                    shutil.copy(item, work / item.name)
        link_workspace_members(case, work)
        tsx = installed / "node_modules" / "tsx" / "dist" / "esm" / "index.mjs"
        messages: list[dict[str, Any]] = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": PROTOCOL_VERSION, "capabilities": {},
                "clientInfo": {"name": "portlint-oracle", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
        ]
        errors = (work / "stderr.log").open("w+")  # a file: a chatty server never blocks
        process = subprocess.Popen(
            ["node", "--import", tsx.as_uri(), "server.ts"], cwd=work, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=errors, bufsize=0, start_new_session=True)
        channel = _Channel(process)
        try:
            channel.send(messages[0])
            channel.reply(1)
            for message in messages[1:]:
                channel.send(message)
            reply = channel.reply(2)
            result = ({"tools": reply["result"]["tools"]} if "result" in reply
                      else {"error": reply.get("error", {}).get("message", "")})
        except (EOFError, OSError, KeyError, TypeError) as error:
            errors.flush()
            errors.seek(0)
            printed = errors.read().replace(str(work), ".")
            # what the server threw as it stopped (`Error: Tool find is already registered`;
            # its stack names the environment's folders, so it is not kept), else why no
            # answer came, with the end of what it printed
            thrown = re.search(r"^\w*Error: (.+)$", printed, re.MULTILINE)
            result = ({"error": thrown.group(1), "stopped": True} if thrown else
                      {"error": f"the server stopped: {error}", "stderr": printed[-400:]})
        finally:
            _stop(process)
            errors.close()
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def link_workspace_members(case: Path, work: Path) -> None:
    """A case's ``links`` (``{"node_modules/@acme/schemas": "packages/schemas"}``): the
    symbolic links an installed workspace has from ``node_modules`` to its members."""
    spec = json.loads((case / "case.json").read_text())
    for link, member in spec.get("links", {}).items():
        (work / link).parent.mkdir(parents=True, exist_ok=True)
        (work / link).symlink_to(work / member, target_is_directory=True)


class _Channel:
    """Newline-delimited JSON-RPC over the server's pipes, every wait bounded: reads go through
    the raw descriptor (nothing hides in a buffer ``select`` cannot see), a line may not grow past
    ``MAX_LINE``, and the whole exchange shares one deadline."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.stdin = process.stdin.fileno()
        self.stdout = process.stdout.fileno()
        self.pending = b""
        self.deadline = time.monotonic() + TIMEOUT

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode()
        while data:
            _, ready, _ = select.select([], [self.stdin], [], self._left())
            if not ready:
                raise EOFError("the server does not read its input")
            data = data[os.write(self.stdin, data):]

    def reply(self, wanted: int) -> dict[str, Any]:
        while True:
            line = self._line()
            try:
                message = json.loads(line)
            except ValueError:
                continue  # a log line on stdout: not protocol
            if isinstance(message, dict) and message.get("id") == wanted:
                return message

    def _line(self) -> bytes:
        while b"\n" not in self.pending:
            if len(self.pending) > MAX_LINE:
                raise EOFError(f"a line longer than {MAX_LINE} bytes")
            ready, _, _ = select.select([self.stdout], [], [], self._left())
            if not ready:
                raise EOFError("no answer in time")
            chunk = os.read(self.stdout, 65536)
            if not chunk:
                raise EOFError("end of output")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def _left(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise EOFError("no answer in time")
        return left


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End the server and anything it started (its own session), by its process group."""
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def cases_for(env: str, envs: Path = ORACLE / "envs") -> list[Path]:
    meta = env_meta(env, envs)
    found = []
    for case in sorted((ORACLE / "cases").iterdir()):
        spec = json.loads((case / "case.json").read_text())
        if spec["api"] == meta["api"] and meta["zod"] in spec["zod"] and \
                meta["sdk"] >= _release(spec.get("min_sdk", "0")):
            found.append(case)
    return found


def record(env: str, only: str | None = None, out: Path | None = None,
           envs: Path = ORACLE / "envs", cache: Path = CACHE) -> dict[str, Any]:
    installed = install(env, envs, cache)
    target = out or ORACLE / "recorded" / f"{env}.json"
    recorded: dict[str, Any] = json.loads(target.read_text()) if only and target.exists() else {}
    from concurrent.futures import ThreadPoolExecutor

    applicable = cases_for(env, envs)
    recorded = {name: result for name, result in recorded.items()
                if name in {case.name for case in applicable}}
    chosen = [case for case in applicable if not only or case.name == only]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:  # the servers mostly wait: overlap
        for case, result in zip(chosen, pool.map(lambda c: run_case(installed, c), chosen),
                                strict=True):
            recorded[case.name] = result
            print(f"{env} {case.name}: {'error' if 'error' in result else 'ok'}",
                  file=sys.stderr)
    recorded = dict(sorted(recorded.items()))
    target.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n")
    return recorded


# line → (package, its major, Zod's major, the environments' name prefix)
NEWEST = {"sdk1-zod3": ("@modelcontextprotocol/sdk", "1", "3", "sdk"),
          "sdk1-zod4": ("@modelcontextprotocol/sdk", "1", "4", "sdk"),
          "sdk2-zod4": ("@modelcontextprotocol/server", "2", "4", "server"),
          "fastmcp-zod4": ("fastmcp", "4", "4", "fastmcp"),
          "fastmcp-zod3": ("fastmcp", "4", "3", "fastmcp")}


def newest(out: Path) -> dict[str, str]:
    """Environments with the newest SDK 1.x, 2.x, fastmcp and Zod 3/4, recorded into ``out``;
    returns which committed environment each one should equal when nothing drifted."""
    envs = out / "envs"
    matches: dict[str, str] = {}
    for name, (package, major, zod, prefix) in NEWEST.items():
        version = _npm_latest(package, major)
        zod_version = _npm_latest("zod", zod)
        env = f"{prefix}{version}-zod{zod_version}"
        (envs / env).mkdir(parents=True, exist_ok=True)
        manifest = {"name": f"portlint-oracle-{env}", "private": True, "type": "module",
                    "dependencies": {package: version, "zod": zod_version, "tsx": "4.23.15"}}
        (envs / env / "package.json").write_text(json.dumps(manifest, indent=2))
        subprocess.run(["npm", "install", "--package-lock-only", "--no-audit", "--no-fund",
                        "--loglevel=error"], cwd=envs / env, check=True)
        record(env, out=out / f"{env}.json", envs=envs, cache=CACHE / "newest")
        matches[env] = name
    return matches


def _npm_latest(package: str, major: str) -> str:
    output = subprocess.run(["npm", "view", f"{package}@{major}", "version", "--json"],
                            capture_output=True, text=True, check=True).stdout
    found = json.loads(output)
    versions = [str(v) for v in (found if isinstance(found, list) else [found])]
    # npm lists them in publishing order (a 3.9.x patch came after 3.25): the highest release
    releases = [v for v in versions if re.fullmatch(r"\d+\.\d+\.\d+", v)]
    return max(releases, key=lambda v: tuple(int(part) for part in v.split(".")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", help="one environment (default: all)")
    parser.add_argument("--case", help="one case (default: all)")
    parser.add_argument("--newest", type=Path, help="record the newest releases into this folder")
    args = parser.parse_args()
    if args.newest:
        print(json.dumps(newest(args.newest), indent=1))
        return 0
    envs = [args.env] if args.env else sorted(p.name for p in (ORACLE / "envs").iterdir())
    for env in envs:
        record(env, args.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
