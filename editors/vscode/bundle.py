"""Bundle portlint and its dependencies into the VS Code extension, and package the .vsix.

    python bundle.py [--target linux-x64] [--package portlint.vsix]

The extension runs the bundled copy with the Python the user chose (``portlint.importStrategy``
``useBundled``, the default), so the bundle must hold every library portlint imports, for every
CPython it supports, on the platform of the .vsix. Two dependencies are compiled: rpds-py (under
jsonschema's ``referencing``, no pure-Python fallback) and PyYAML's libyaml loader (PyYAML falls
back to its pure-Python loader without it). So each .vsix is platform-specific (``vsce package
--target``), and holds these modules once per CPython 3.11–3.14: their file names carry the ABI
(``rpds.cpython-312-x86_64-linux-gnu.so``), so one ``libs/`` folder serves them all and Python
picks its own. The wheels come from PyPI for the target's platform tags (pip's ``--platform``),
so every target builds on any machine.

Wheels are kept in ``$PORTLINT_WHEEL_CACHE`` (default: a ``wheels`` folder beside this file,
ignored by git): a second build downloads nothing and asks no index. Everything is installed
without an index from that folder (what it lacks is downloaded into it first), so a dependency
missing from ``bundled-requirements.txt`` fails the build.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
REQUIREMENTS = HERE / "bundled-requirements.txt"
BUNDLED = HERE / "bundled"
PYTHONS = ("3.11", "3.12", "3.13", "3.14")
# vsce's targets, and the wheel platform tags of each (pip widens manylinux and macOS tags to
# the older ones they include)
PLATFORMS = {
    "linux-x64": ("manylinux_2_17_x86_64", "manylinux2014_x86_64"),
    "linux-arm64": ("manylinux_2_17_aarch64", "manylinux2014_aarch64"),
    "darwin-x64": ("macosx_11_0_x86_64",),
    "darwin-arm64": ("macosx_11_0_arm64",),
    "win32-x64": ("win_amd64",),
}
BUILD_REQUIREMENTS = ("setuptools>=68", "wheel")


def host_target() -> str:
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower(), platform.machine().lower())
    system = {"linux": "linux", "darwin": "darwin", "win32": "win32"}.get(sys.platform,
                                                                          sys.platform)
    return f"{system}-{machine}"


def pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                   check=True)


def offline_or_fetch(wheels: Path, command: list[str], wanted: list[str]) -> None:
    """Run a pip ``command`` from the cache alone; when the cache lacks something, download
    ``wanted`` into it from PyPI first, then run it again (still from the cache)."""
    offline = [*command, "--no-index", "--find-links", str(wheels)]
    try:
        pip(*offline)
    except subprocess.CalledProcessError:
        pip("download", "-d", str(wheels), *wanted)
        pip(*offline)


def platform_args(target: str, python: str) -> list[str]:
    args = ["--only-binary=:all:", "--implementation", "cp", "--python-version", python]
    for tag in PLATFORMS[target]:
        args += ["--platform", tag]
    return args


def build_portlint_wheel(wheels: Path, into: Path) -> Path:
    offline_or_fetch(wheels, ["wheel", "--no-deps", "-w", str(into), str(REPO)],
                     list(BUILD_REQUIREMENTS))
    (wheel,) = into.glob("portlint-*.whl")
    return wheel


def merge(source: Path, into: Path) -> None:
    """Copy one Python version's installation into the shared folder. A file both hold must be
    the same file (only ``*.dist-info`` records differ, by the compiled modules' names)."""
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if relative.parts[0] == "bin" or "__pycache__" in relative.parts:
            continue
        target = into / relative
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif not target.exists():
            shutil.copy2(path, target)
        elif not filecmp.cmp(path, target, shallow=False) and not relative.parts[0].endswith(
                ".dist-info"):
            raise SystemExit(f"bundle: {relative} differs between Python versions")


def bundle(target: str, wheels: Path) -> Path:
    libs = BUNDLED / "libs"
    shutil.rmtree(libs, ignore_errors=True)
    libs.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as scratch:
        portlint = build_portlint_wheel(wheels, Path(scratch) / "dist")
        for python in PYTHONS:
            requirements = ["-r", str(REQUIREMENTS), str(portlint)]
            installed = Path(scratch) / python
            offline_or_fetch(wheels, ["install", "--no-compile", "--target", str(installed),
                                      *platform_args(target, python), *requirements],
                             [*platform_args(target, python), "-r", str(REQUIREMENTS)])
            merge(installed, libs)
        version = portlint.name.split("-")[1]
    manifest = {"target": target, "pythons": list(PYTHONS), "portlint": version}
    (BUNDLED / "bundle.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return libs


def package(target: str, out: str) -> None:
    vsce = HERE / "node_modules" / ".bin" / ("vsce.cmd" if os.name == "nt" else "vsce")
    subprocess.run([str(vsce), "package", "--no-dependencies", "--target", target, "-o", out],
                   cwd=HERE, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", default=host_target(), choices=sorted(PLATFORMS),
                        help="the VS Code platform of the .vsix (default: this machine's)")
    parser.add_argument("--package", metavar="FILE.vsix",
                        help="then package the extension (vsce, from node_modules) into FILE")
    args = parser.parse_args()
    wheels = Path(os.environ.get("PORTLINT_WHEEL_CACHE", HERE / "wheels"))
    wheels.mkdir(parents=True, exist_ok=True)
    bundle(args.target, wheels)
    if args.package:
        package(args.target, args.package)


if __name__ == "__main__":
    main()
