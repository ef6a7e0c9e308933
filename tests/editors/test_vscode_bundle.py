"""The VS Code extension as users get it: the README's build command makes a .vsix that holds only
what the extension runs — its bundle, portlint and every library portlint needs, with the
compiled ones for each supported CPython — the README's install line installs it, and the bundled
portlint runs on a Python that has nothing installed. Prerequisites: the extension's npm packages
(editors/install-test-editors.sh)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from tests.editors.support import REPO, missing, readme_block
from tests.support.readaudit import editor_cache

EXTENSION = REPO / "editors" / "vscode"
VSIX = EXTENSION / "portlint.vsix"
PYTHONS = ("311", "312", "313", "314")
COMPILED = ("rpds/rpds", "yaml/_yaml", "tree_sitter/_binding", "regress/regress")  # compiled once per CPython
STABLE_ABI = ("tree_sitter_typescript/_binding.abi3.so",)  # compiled once for every CPython


def _npm_ready() -> None:
    if shutil.which("npm") is None or not (EXTENSION / "node_modules" / "@vscode").exists():
        missing("the extension's npm packages (npm ci in editors/vscode)")


@pytest.fixture(scope="module")
def vsix() -> zipfile.ZipFile:
    """The README's build command, run as written from the repository's root."""
    _npm_ready()
    cache = editor_cache()
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "npm_config_cache": str(cache / "npm-cache"), "npm_config_prefer_offline": "true",
           "PORTLINT_WHEEL_CACHE": str(cache / "wheels")}
    proc = subprocess.run(["bash", "-e", "-c", readme_block("vscode-build")], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    return zipfile.ZipFile(VSIX)


def _bare_python(tmp_path: Path) -> Path:
    """A CPython with nothing installed: no portlint, no PyYAML, no jsonschema."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")],
                   check=True)
    python = tmp_path / "bare" / "bin" / "python"
    assert subprocess.run([str(python), "-c", "import portlint"], capture_output=True
                          ).returncode == 1
    return python


def test_the_vsix_holds_only_what_the_extension_runs(vsix: zipfile.ZipFile) -> None:
    names = vsix.namelist()
    outside = sorted(n for n in names if not n.startswith("extension/bundled/libs/"))
    assert outside == ["[Content_Types].xml", "extension.vsixmanifest", "extension/LICENSE.txt",
                       "extension/bundled/bundle.json", "extension/bundled/tool/launch.py",
                       "extension/dist/extension.js", "extension/package.json",
                       "extension/readme.md"]
    assert not [n for n in names if n.endswith((".map", ".pyc", ".ts", ".gitignore"))
                or "/__pycache__/" in n or "/e2e/" in n or "/node_modules/" in n]
    manifest = vsix.read("extension.vsixmanifest").decode()
    assert 'TargetPlatform="linux-x64"' in manifest


def test_the_bundle_holds_portlint_and_every_library_it_imports(vsix: zipfile.ZipFile) -> None:
    libs = {n.removeprefix("extension/bundled/libs/") for n in vsix.namelist()
            if n.startswith("extension/bundled/libs/")}
    top = {n.split("/", 1)[0] for n in libs}
    packages = {t for t in top if not t.endswith(".dist-info")}
    assert packages == {"portlint", "yaml", "_yaml", "jsonschema", "jsonschema_specifications",
                        "referencing", "rpds", "attr", "attrs", "cattrs", "cattr", "lsprotocol",
                        "pygls", "typing_extensions.py", "tree_sitter", "tree_sitter_typescript",
                        "tree_sitter_javascript",
                        "regress"}
    for module in COMPILED:
        for python in PYTHONS:
            assert any(re.fullmatch(rf"{module}\.cpython-{python}-x86_64-linux-gnu\.so", n)
                       for n in libs), (module, python)
    assert all(name in libs for name in STABLE_ABI)
    assert json.loads(vsix.read("extension/bundled/bundle.json")) == {
        "target": "linux-x64", "pythons": ["3.11", "3.12", "3.13", "3.14"], "portlint": "0.1.0"}
    # every requirement of every bundled distribution is bundled, at a version it accepts
    metadata = {n.split("/", 1)[0]: vsix.read(f"extension/bundled/libs/{n}").decode()
                for n in libs if n.endswith(".dist-info/METADATA")}
    versions = {re.search(r"^Name: (.+)$", m, re.M)[1].lower().replace("_", "-"):  # type: ignore[index]
                Version(re.search(r"^Version: (.+)$", m, re.M)[1]) for m in metadata.values()}  # type: ignore[index]
    for text in metadata.values():
        for line in re.findall(r"^Requires-Dist: (.+)$", text, re.M):
            requirement = Requirement(line)
            wanted = [requirement.marker is None or requirement.marker.evaluate(
                {"python_version": f"3.{p[1:]}", "extra": ""}) for p in PYTHONS]
            if not any(wanted):
                continue
            name = requirement.name.lower().replace("_", "-")
            assert name in versions, requirement
            assert requirement.specifier.contains(versions[name], prereleases=True), requirement


def test_the_bundled_portlint_runs_on_a_python_with_nothing_installed(
        vsix: zipfile.ZipFile, tmp_path: Path) -> None:
    vsix.extractall(tmp_path / "installed")
    launcher = tmp_path / "installed" / "extension" / "bundled" / "tool" / "launch.py"
    python = _bare_python(tmp_path)
    check = subprocess.run([str(python), "-I", str(launcher), "check-bundle"],
                           capture_output=True, text=True, timeout=60)
    assert (check.returncode, check.stdout) == (0, "0.1.0\n"), check.stderr
    bundled = subprocess.run([str(python), "-I", str(launcher), "check", "--format", "json",
                              "examples"], cwd=REPO, capture_output=True, text=True, timeout=120)
    installed = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                                "examples"], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert bundled.returncode == installed.returncode == 1, bundled.stderr
    assert json.loads(bundled.stdout) == json.loads(installed.stdout)


def test_the_launcher_refuses_a_python_the_bundle_has_no_modules_for(tmp_path: Path) -> None:
    tool = tmp_path / "bundled" / "tool"
    tool.mkdir(parents=True)
    shutil.copy(EXTENSION / "bundled" / "tool" / "launch.py", tool)
    (tmp_path / "bundled" / "bundle.json").write_text(json.dumps(
        {"target": "linux-x64", "pythons": ["3.99"], "portlint": "0.1.0"}))
    proc = subprocess.run([sys.executable, "-I", str(tool / "launch.py"), "serve"],
                          capture_output=True, text=True, timeout=60)
    running = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert proc.returncode == 3
    assert proc.stderr == (f"the bundled portlint runs on CPython 3.99; {sys.executable} is "
                           f"cpython {running}\n")


def test_the_readme_install_line_installs_it(vsix: zipfile.ZipFile, tmp_path: Path) -> None:
    """``code --install-extension …`` as written, with ``code`` the code-server of the editor
    tests (the same VS Code, served to a browser)."""
    code_server = editor_cache() / "code-server" / "node_modules" / ".bin" / "code-server"
    node24 = editor_cache() / "node24" / "bin"
    if not code_server.exists() or not node24.exists():
        missing(f"code-server ({code_server})")
    shim = tmp_path / "bin" / "code"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{code_server}" --user-data-dir "{tmp_path / "data"}" '
                    f'--extensions-dir "{tmp_path / "extensions"}" "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "HOME": str(tmp_path / "home"),
           "PATH": f"{shim.parent}{os.pathsep}{node24}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.run(["bash", "-e", "-c", readme_block("vscode-install")], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    [installed] = (tmp_path / "extensions").glob("portlint.portlint-0.1.0*")
    assert (installed / "bundled" / "tool" / "launch.py").exists()
