"""The live oracle for Python servers: each project of ``tests/python/servers/`` is served over
stdio under the framework it pins, in a cached venv, and its tools/list is recorded in
``tests/python/recordings/<project>.json`` (committed; the default test run compares
``portlint schema`` with these files offline).

Re-record everything (needs the package index; venvs are cached in
``~/.cache/portlint-oracles/python/<framework>-<version>/``)::

    .venv/bin/python -m tests.python.record_servers

``PROJECT...`` records only those; ``--check`` records into memory and prints what drifted
instead of writing. Versions come from the project's pins, read the way an installer reads
them: a lockfile's locked versions (``uv.lock``, ``poetry.lock``), else what pip resolves today
for ``requirements*.txt`` or ``pyproject.toml`` (``pip install --dry-run``). Extra runs under
other versions (where the difference between versions is the point) are listed in
``servers/also-recorded.toml``.

This runs the frameworks and the projects' code — never inside portlint's process: each server
runs in its own venv, and the MCP Python SDK client that asks it for tools/list runs in another.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
SERVERS = HERE / "servers"
RECORDINGS = HERE / "recordings"
CLIENT = HERE / "list_tools_client.py"
CACHE = Path(os.environ.get("PORTLINT_ORACLE_CACHE",
                            Path.home() / ".cache" / "portlint-oracles" / "python"))
# the MCP Python SDK whose client asks every server for its tools
CLIENT_SDK = ("mcp", "1.30.0")
FRAMEWORKS = ("fastmcp", "mcp")
START_TIMEOUT = 240


class Run(NamedTuple):
    framework: str  # "fastmcp" | "mcp"
    version: str
    pydantic: str | None  # None: whatever the framework's own venv has
    why: str  # where the versions came from
    sdk: str | None = None  # a fastmcp project that also pins mcp: that release


def projects() -> list[Path]:
    return sorted(p for p in SERVERS.iterdir() if p.is_dir() and not p.name.startswith((
        ".", "_")))


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;@(]", requirement.strip(), maxsplit=1)[0].lower().replace(
        "_", "-")


def _locked(path: Path) -> dict[str, str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(p["name"]).lower(): str(p["version"]) for p in data.get("package", [])}


def _requirements(project: Path) -> tuple[list[str], str] | None:
    """The requirement lines of a project without a lockfile, and the file they came from."""
    for name in ("requirements.txt", "requirements.in"):
        path = project / name
        if path.is_file():
            lines = [line.split("#", 1)[0].strip() for line in path.read_text(
                encoding="utf-8").splitlines()]
            return [line for line in lines if line and not line.startswith("-")], name
    path = project / "pyproject.toml"
    if path.is_file():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        dependencies = list(data.get("project", {}).get("dependencies", []))
        poetry = data.get("tool", {}).get("poetry", {}).get("dependencies", {})
        for package, spec in poetry.items():
            if package.lower() == "python":
                continue
            version = spec.get("version", "*") if isinstance(spec, dict) else str(spec)
            dependencies.append(package + _poetry_specifier(version))
        return dependencies, "pyproject.toml"
    return None


def _poetry_specifier(spec: str) -> str:
    """Poetry's ``^2.10`` / ``~2.10`` / ``2.10.*`` as a PEP 440 specifier."""
    spec = spec.strip()
    if spec in ("*", ""):
        return ""
    if spec.startswith("^"):
        parts = [int(p) for p in spec[1:].split(".")]
        first = next((i for i, p in enumerate(parts) if p != 0), len(parts) - 1)
        upper = [*parts[:first], parts[first] + 1]
        return f">={spec[1:]},<{'.'.join(map(str, upper))}"
    if spec.startswith("~") and not spec.startswith("~="):
        parts = spec[1:].split(".")
        upper = [parts[0], str(int(parts[1]) + 1)] if len(parts) > 1 else [str(int(parts[0]) + 1)]
        return f">={spec[1:]},<{'.'.join(upper)}"
    if spec[0].isdigit():
        return f"=={spec}"
    return spec


_RESOLVED: dict[tuple[str, ...], dict[str, str]] = {}


def _resolve(requirements: list[str]) -> dict[str, str]:
    """The newest releases these requirements allow today, as pip picks them (only the packages
    named; nothing is installed). The venv's own install then resolves the rest."""
    key = tuple(sorted(requirements))
    if key not in _RESOLVED:
        _RESOLVED[key] = _pip_resolve(requirements)
    return _RESOLVED[key]


def _pip_resolve(requirements: list[str]) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report.json"
        subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--quiet",
                        "--ignore-installed", "--no-deps", "--report", str(report), *requirements],
                       check=True, capture_output=True, text=True)
        data = json.loads(report.read_text(encoding="utf-8"))
    return {item["metadata"]["name"].lower(): item["metadata"]["version"]
            for item in data["install"]}


def pinned_run(project: Path) -> Run:
    """The framework, version and Pydantic an installer gives this project today."""
    for lock in ("uv.lock", "poetry.lock"):
        if (project / lock).is_file():
            versions = _locked(project / lock)
            why = lock
            break
    else:
        found = _requirements(project)
        if found is None:
            raise SystemExit(f"{project.name}: no pins (pyproject.toml, requirements.txt, "
                             "uv.lock or poetry.lock)")
        requirements, why = found
        versions = _resolve(requirements)
    framework = "fastmcp" if "fastmcp" in versions else "mcp"
    sdk = versions.get("mcp") if framework == "fastmcp" and why not in ("uv.lock",
                                                                        "poetry.lock") else None
    return Run(framework, versions[framework], versions.get("pydantic") if why in (
        "uv.lock", "poetry.lock") or _mentions(project, "pydantic") else None, why, sdk)


def _mentions(project: Path, package: str) -> bool:
    found = _requirements(project)
    return found is not None and any(_name(r) == package for r in found[0])


def pins_of(spec: str) -> dict[str, str]:
    """The releases a spec names, as `--framework` spells them: "fastmcp==2.10.6,mcp==1.12.4"."""
    return dict(part.strip().split("==") for part in spec.split(","))


def extra_runs(project: Path) -> list[Run]:
    table = SERVERS / "also-recorded.toml"
    if not table.is_file():
        return []
    data = tomllib.loads(table.read_text(encoding="utf-8"))
    runs = []
    for spec in data.get(project.name, []):
        # "fastmcp==2.10.6", "mcp==1.30.0,pydantic==2.14.4", "fastmcp==2.10.6,mcp==1.12.4"
        pins = pins_of(spec)
        framework = "fastmcp" if "fastmcp" in pins else "mcp"
        sdk = pins.get("mcp") if framework == "fastmcp" else None
        runs.append(Run(framework, pins[framework], pins.get("pydantic"),
                        f"also-recorded.toml: {spec}", sdk))
    return runs


def _python(venv: Path) -> Path:
    return venv / "bin" / "python"


def installed(venv: Path, package: str) -> str | None:
    found = subprocess.run([str(_python(venv)), "-c", "import importlib.metadata as m, sys; "
                            "print(m.version(sys.argv[1]))", package],
                           capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None


def venv(framework: str, version: str, pydantic: str | None = None,
         sdk: str | None = None) -> Path:
    """The cached venv holding ``framework==version`` (and ``pydantic`` when it must differ
    from what the framework pulls in; for fastmcp, the ``mcp`` release the project pins),
    created on first use."""
    base = CACHE / f"{framework}-{version}" if sdk is None else (
        CACHE / f"{framework}-{version}-mcp-{sdk}")
    if not _python(base).exists():
        create_environment(base, [f"{framework}=={version}"] + ([f"mcp=={sdk}"] if sdk else []))
    if pydantic is None or installed(base, "pydantic") == pydantic:
        return base
    variant = base.with_name(f"{base.name}-pydantic-{pydantic}")
    if not _python(variant).exists():
        create_environment(variant, [f"{framework}=={version}", f"pydantic=={pydantic}"] + (
            [f"mcp=={sdk}"] if sdk else []))
    return variant


def create_environment(path: Path, packages: list[str]) -> None:
    print(f"creating {path} ({' '.join(packages)})", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    subprocess.run([str(_python(path)), "-m", "pip", "install", "--quiet", *packages],
                   check=True)


def _entry(project: Path) -> list[str]:
    """How the project's server is started: ``main.py``, else ``-m PACKAGE``."""
    if (project / "main.py").is_file():
        return ["main.py"]
    packages = [p.parent.name for p in project.glob("*/__main__.py")]
    if len(packages) == 1:
        return ["-m", packages[0]]
    raise SystemExit(f"{project.name}: no main.py and not one package with a __main__.py")


def record(project: Path, run: Run) -> dict[str, Any]:
    environment = venv(run.framework, run.version, run.pydantic, run.sdk)
    client = venv(*CLIENT_SDK)
    listed = subprocess.run([str(_python(client)), str(CLIENT), str(project),
                             str(_python(environment)), *_entry(project)],
                            capture_output=True, text=True, timeout=START_TIMEOUT)
    entry: dict[str, Any] = {
        "framework": run.framework, "version": run.version,
        "mcp": installed(environment, "mcp"), "pydantic": installed(environment, "pydantic"),
        "pinned_by": run.why}
    if run.why.startswith("also-recorded.toml: "):  # what `portlint schema --framework` is given
        entry["override"] = run.why.split(": ", 1)[1]
    if listed.returncode != 0:
        lines = [line.strip(" |+-") for line in listed.stderr.splitlines()]
        errors = [line for line in lines if re.match(r"[\w.]*(Error|Exception)\b", line)
                  and "ExceptionGroup" not in line]
        entry["error"] = errors[0] if errors else f"exit {listed.returncode}"
    else:
        entry["tools"] = json.loads(listed.stdout)
    return entry


def record_project(project: Path) -> dict[str, Any]:
    runs = [pinned_run(project), *extra_runs(project)]
    return {"project": project.name, "runs": [record(project, run) for run in runs]}


def recording_path(project: str) -> Path:
    return RECORDINGS / f"{project}.json"


def dump(recording: dict[str, Any]) -> str:
    return json.dumps(recording, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("projects", nargs="*", help="project names (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed recordings instead of writing them")
    args = parser.parse_args(argv)
    chosen = [p for p in projects() if not args.projects or p.name in args.projects]
    RECORDINGS.mkdir(exist_ok=True)
    drifted = 0
    for project in chosen:
        recording = record_project(project)
        path = recording_path(project.name)
        text = dump(recording)
        errors = [r["error"] for r in recording["runs"] if "error" in r]
        status = "error: " + "; ".join(errors) if errors else "ok"
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            drifted += not same
            status = "same" if same else "DRIFT"
        else:
            path.write_text(text, encoding="utf-8")
        print(f"{project.name}: {status}", file=sys.stderr)
    return 1 if drifted else 0


if __name__ == "__main__":
    sys.exit(main())
