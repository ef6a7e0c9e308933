"""Pinned client installs in a cache outside the repository.

Every client version has its pins committed under ``conformance/clients/<client>/<version>/``:
``package.json`` and ``package-lock.json`` for an npm package, ``requirements.txt`` (the
package and every dependency at an exact version) for a PyPI one. ``ensure`` installs exactly
those pins into ``$PORTLINT_CONFORMANCE_CACHE/<client>/<version>/`` (default
``~/.cache/portlint-conformance``) once, and reuses the install while the pins are unchanged.
npm installs run with ``--ignore-scripts``: no package's install script runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PINS_DIR = Path(__file__).resolve().parents[1] / "clients"
MARKER = ".portlint-installed"


def cache_root() -> Path:
    configured = os.environ.get("PORTLINT_CONFORMANCE_CACHE")
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "portlint-conformance"


class InstallError(RuntimeError):
    pass


def pins(client: str, version: str) -> Path:
    folder = PINS_DIR / client / version
    if not folder.is_dir():
        raise InstallError(f"no pins for {client} {version}: {folder} is missing "
                           "(see conformance/README.md, 'Adding a version')")
    return folder


def _same(one: Path, other: Path) -> bool:
    return other.is_file() and one.read_bytes() == other.read_bytes()


def _run(command: list[str], cwd: Path, what: str) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise InstallError(f"{what} failed ({done.returncode}):\n{done.stderr[-4000:]}")


def ensure_npm(client: str, version: str) -> Path:
    source = pins(client, version)
    target = cache_root() / client / version
    lock = source / "package-lock.json"
    installed = (target / "node_modules" / ".package-lock.json").is_file()
    if installed and _same(lock, target / "package-lock.json") and _same(
            source / "package.json", target / "package.json"):
        return target
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copy2(source / "package.json", target / "package.json")
    shutil.copy2(lock, target / "package-lock.json")
    _run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
         target, f"npm ci for {client} {version}")
    (target / MARKER).write_text(version + "\n")
    return target


def ensure_pypi(client: str, version: str) -> Path:
    source = pins(client, version)
    target = cache_root() / client / version
    requirements = source / "requirements.txt"
    python = target / "venv" / "bin" / "python"
    if python.is_file() and (target / MARKER).is_file() and _same(
            requirements, target / "requirements.txt"):
        return target
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    _run([sys.executable, "-m", "venv", str(target / "venv")], target, "venv")
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "-r", str(requirements)],
         target, f"pip install for {client} {version}")
    shutil.copy2(requirements, target / "requirements.txt")
    (target / MARKER).write_text(version + "\n")
    return target


def ensure(ecosystem: str, client: str, version: str) -> Path:
    if ecosystem == "npm":
        return ensure_npm(client, version)
    if ecosystem == "pypi":
        return ensure_pypi(client, version)
    raise InstallError(f"unknown ecosystem {ecosystem!r}")
