"""Every way the README says to install portlint, run as written: from a clone, from a wheel built
in one, the pre-commit hook by its release tag. (The GitHub Action: tests/ci/test_workflows.py;
the VS Code build and install: tests/editors/test_vscode_bundle.py; Neovim:
tests/editors/test_neovim.py.) The repository's URL is the one thing replaced: nothing here
reaches GitHub, so ``git clone`` clones this repository's committed state instead.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.editors.support import readme_block

REPO = Path(__file__).resolve().parents[2]
URL = "https://github.com/portlint/portlint"
SHOWCASE_FINDING = 'Error: tool "get_temp" [boolean-schema]'


def _shell(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def _env(tmp_path: Path) -> dict[str, str]:
    """The caller's environment for a fresh user: a ``PYTHONPATH`` pointing at another checkout
    would make the installed ``portlint`` import that checkout instead of what was installed."""
    kept = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    return {**kept, "HOME": str(tmp_path / "home"), "GIT_CONFIG_NOSYSTEM": "1",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The README's clone-and-install block, with the URL pointing at this repository."""
    work = tmp_path_factory.mktemp("install")
    origin = work / "origin" / "portlint"  # stands for the URL: a clone of this repository
    subprocess.run(["git", "clone", "-q", str(REPO), str(origin)], check=True)
    block = readme_block("install-from-clone")
    assert block.startswith(f"git clone {URL} && cd portlint\n")
    _shell(block.replace(URL, str(origin)), work, _env(work))
    return work / "portlint"


def test_install_from_a_clone(clone: Path, tmp_path: Path) -> None:
    portlint = clone / ".venv" / "bin" / "portlint"
    env = _env(tmp_path)
    proc = subprocess.run([str(portlint), "check", "examples/"], cwd=clone, capture_output=True,
                          text=True, timeout=300, env=env)
    assert proc.returncode == 1 and SHOWCASE_FINDING in proc.stdout, proc.stderr
    # a regular install, not a link to the clone: it runs from the environment's site-packages
    where = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-c",
                            "import portlint; print(portlint.__file__)"],
                           capture_output=True, text=True, check=True, env=env).stdout
    assert "/site-packages/portlint/" in where


def test_install_from_a_built_wheel(clone: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    subprocess.run([sys.executable, "-m", "venv", str(target)], check=True)
    env = {**_env(tmp_path), "PATH": f"{target / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    block = readme_block("install-from-wheel")
    assert block.startswith("python3 -m pip wheel --no-deps -w dist . && python3 -m pip install")
    _shell(block, clone, env)  # `python3` is the other environment's
    proc = subprocess.run([str(target / "bin" / "portlint"), "check", str(clone / "examples")],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 1 and SHOWCASE_FINDING in proc.stdout, proc.stderr


def test_pre_commit_by_the_release_tag(clone: Path, tmp_path: Path) -> None:
    """The README's pre-commit configuration, against a copy of the repository tagged as a
    release is (``v`` + the version)."""
    config = readme_block("pre-commit")
    rev = yaml.safe_load(config)["repos"][0]["rev"]
    version = subprocess.run([sys.executable, str(REPO / "scripts" / "release_version.py")],
                             capture_output=True, text=True, check=True).stdout.strip()
    assert rev == f"v{version}"
    env = {**_env(tmp_path), "PRE_COMMIT_HOME": str(tmp_path / "pre-commit"),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    released = tmp_path / "released"
    subprocess.run(["git", "clone", "-q", str(clone), str(released)], check=True, env=env)
    subprocess.run(["git", "tag", rev], cwd=released, check=True, env=env)
    project = tmp_path / "project"
    project.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=project, check=True, env=env)
    (project / ".pre-commit-config.yaml").write_text(config.replace(URL, str(released)))
    (project / "tools.json").write_bytes((REPO / "examples" / "weather-server.tools.json")
                                         .read_bytes())
    subprocess.run(["git", "add", "-A"], cwd=project, check=True, env=env)
    run = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=project,
                         env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 1 and SHOWCASE_FINDING in run.stdout, run.stdout + run.stderr


def test_nothing_says_install_from_pypi_before_the_first_release() -> None:
    """Until a release exists, ``pip install portlint`` and a ``v0.1.0`` rev appear only with a
    note that they are for after it."""
    texts = {p: (REPO / p).read_text(encoding="utf-8") for p in
             ("README.md", "editors/vscode/README.md")}
    for name, text in texts.items():
        for line_no, line in enumerate(text.splitlines(), 1):
            if re.search(r"pip install portlint\b|rev: v\d|portlint/portlint@v\d", line):
                assert "first release" in line or "first release" in text.splitlines()[
                    line_no - 2], f"{name}:{line_no}: {line}"
