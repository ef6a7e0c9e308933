"""The GitHub workflows and the composite action: they parse, every action they use is pinned to
a commit (with the version it is in a comment), their scripts are valid bash and take no
expression text into a script, the release does what the README says — and the action's own
steps, run here as the runner would run them, check examples/ and write annotations and SARIF.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
ACTION = REPO / "action.yml"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def _steps(document: dict[str, Any]) -> list[dict[str, Any]]:
    if "runs" in document:
        return list(document["runs"]["steps"])
    return [step for job in document["jobs"].values() for step in job["steps"]]


def test_the_workflows_and_the_action_exist_and_parse() -> None:
    assert [p.name for p in WORKFLOWS] == ["ci.yml", "release.yml"]
    for path in [*WORKFLOWS, ACTION]:
        document = _load(path)
        assert _steps(document), path


@pytest.mark.parametrize("path", [*WORKFLOWS, ACTION], ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit_with_its_version(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    uses = [line for line in lines if re.match(r"\s*(- )?uses:", line)]
    assert uses
    for line in uses:
        reference, _, comment = line.split("uses:", 1)[1].partition("#")
        assert PINNED.match(reference.strip()), line
        assert re.fullmatch(r"\s*v\d+\.\d+\.\d+\s*", comment), line


@pytest.mark.parametrize("path", [*WORKFLOWS, ACTION], ids=lambda p: p.name)
def test_scripts_are_bash_and_take_expressions_only_through_the_environment(path: Path) -> None:
    for step in _steps(_load(path)):
        if "run" not in step:
            continue
        script = EXPRESSION.sub("X", step["run"])
        assert EXPRESSION.search(step["run"]) is None, step["run"]  # no ${{ }} in a script
        check = subprocess.run(["bash", "-n"], input=script, capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


def test_ci_runs_the_projects_ci_script() -> None:
    ci = _load(REPO / ".github" / "workflows" / "ci.yml")
    job = ci["jobs"]["test"]
    assert job["container"].startswith("python:3.11")  # Debian 12, like the project's machines
    assert [s["run"] for s in job["steps"] if "run" in s] == ["bash portlint/.ci/run"] * 2
    assert ci["permissions"] == {"contents": "read"}


def test_release_builds_checks_publishes_and_attaches() -> None:
    release = _load(REPO / ".github" / "workflows" / "release.yml")
    assert release[True]["push"]["tags"] == ["v*.*.*"]  # YAML 1.1 reads `on` as true
    jobs = release["jobs"]
    assert list(jobs) == ["version", "python", "vsix", "pypi", "github-release"]
    scripts = {name: "\n".join(s.get("run", "") for s in job["steps"])
               for name, job in jobs.items()}
    assert "scripts/release_version.py" in scripts["version"]
    assert "python -m build --sdist --wheel" in scripts["python"]
    assert "twine check --strict" in scripts["python"]
    assert jobs["vsix"]["strategy"]["matrix"]["target"] == [
        "linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"]
    assert "python bundle.py --target" in scripts["vsix"]
    assert jobs["pypi"]["permissions"] == {"id-token": "write"}
    assert jobs["pypi"]["environment"]["name"] == "pypi"
    assert [s["uses"].split("@")[0] for s in jobs["pypi"]["steps"]][-1] == (
        "pypa/gh-action-pypi-publish")
    assert "password" not in json.dumps(jobs["pypi"])  # trusted publishing: no token
    attached = jobs["github-release"]["steps"][-1]["with"]["files"]
    assert "artifacts/*.vsix" in attached and "artifacts/*.whl" in attached


def test_the_release_tag_names_the_version_everywhere() -> None:
    script = [sys.executable, str(REPO / "scripts" / "release_version.py")]
    version = subprocess.run(script, capture_output=True, text=True, check=True).stdout.strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert subprocess.run([*script, f"refs/tags/v{version}"], capture_output=True).returncode == 0
    wrong = subprocess.run([*script, "v9.9.9"], capture_output=True, text=True)
    assert wrong.returncode == 1 and f"want v{version}" in wrong.stderr


def test_the_release_builds_and_checks_the_distributions_as_written(tmp_path: Path) -> None:
    """The release's build step, run as written in a clean copy of the repository, with its
    ``python`` a fresh environment: an sdist and a wheel, and ``twine check --strict`` passes
    (the README renders as the PyPI description)."""
    release = _load(REPO / ".github" / "workflows" / "release.yml")
    [script] = [s["run"] for s in release["jobs"]["python"]["steps"] if "run" in s]
    copy = tmp_path / "portlint"
    subprocess.run(["git", "clone", "-q", str(REPO), str(copy)], check=True)
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    env = {**os.environ, "PATH": f"{tmp_path / 'venv' / 'bin'}{os.pathsep}{os.environ['PATH']}",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=copy, env=env, capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert sorted(p.name for p in (copy / "dist").iterdir()) == [
        "portlint-0.1.0-py3-none-any.whl", "portlint-0.1.0.tar.gz"]
    assert proc.stdout.count("PASSED") == 2


# -- the composite action, run here --------------------------------------------------------------

def _evaluate(text: str, context: dict[str, Any]) -> str:
    def value(match: re.Match[str]) -> str:
        node: Any = context
        for part in match.group(1).split("."):
            node = node[part]
        return str(node)
    return EXPRESSION.sub(value, text)


def _condition(expression: str, context: dict[str, Any]) -> bool:
    left, operator, right = re.fullmatch(r"(\S+) (==|!=) '(.*)'", expression).groups()  # type: ignore[union-attr]
    actual = _evaluate("${{ " + left + " }}", context)
    return (actual == right) == (operator == "==")


def run_action(tmp_path: Path, inputs: dict[str, str], workspace: Path) -> tuple[
        int, dict[str, dict[str, str]], str, list[str]]:
    """The action's steps as the runner runs them: ``run`` steps in bash with their ``env``
    evaluated, outputs through ``$GITHUB_OUTPUT``; ``uses`` steps are recorded, not run (they
    are other projects' actions). Returns the exit status, the outputs, what was printed and
    the ``uses`` steps that would have run."""
    action = _load(ACTION)
    values = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
    values.update(inputs)
    context: dict[str, Any] = {"inputs": values, "steps": {},
                               "github": {"action_path": str(REPO)},
                               "runner": {"temp": str(tmp_path / "runner-temp")}}
    (tmp_path / "runner-temp").mkdir()
    printed: list[str] = []
    skipped: list[str] = []
    for index, step in enumerate(action["runs"]["steps"]):
        if "if" in step and not _condition(step["if"], context):
            continue
        if "uses" in step:
            skipped.append(step["uses"].split("@")[0])
            continue
        output = tmp_path / f"output-{index}"
        output.touch()
        env = {**os.environ, "GITHUB_OUTPUT": str(output),
               **{k: _evaluate(str(v), context) for k, v in step.get("env", {}).items()}}
        proc = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=workspace, env=env,
                              capture_output=True, text=True, timeout=900)
        printed.append(proc.stdout + proc.stderr)
        outputs = dict(line.split("=", 1) for line in output.read_text().splitlines())
        context["steps"][step.get("id", str(index))] = {"outputs": outputs}
        if proc.returncode != 0:
            return proc.returncode, context["steps"], "".join(printed), skipped
    return 0, context["steps"], "".join(printed), skipped


@pytest.fixture(scope="module")
def action_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[
        int, dict[str, dict[str, str]], str, list[str]]:
    tmp = tmp_path_factory.mktemp("action")
    workspace = tmp / "workspace"
    workspace.mkdir()
    for example in (REPO / "examples").iterdir():
        (workspace / example.name).write_bytes(example.read_bytes())
    return run_action(tmp, {"upload-sarif": "true", "python-version": ""}, workspace)


def test_the_action_annotates_uploads_and_fails_on_errors(action_run: tuple[
        int, dict[str, dict[str, str]], str, list[str]]) -> None:
    status, steps, printed, skipped = action_run
    assert status == 1, printed  # the showcase holds error-severity findings
    assert steps["check"]["outputs"]["exit-code"] == "1"
    annotations = [line for line in printed.splitlines() if line.startswith("::")]
    assert any(a.startswith("::error file=weather-server.tools.json,line=20,col=21,")
               for a in annotations), annotations
    assert skipped == ["github/codeql-action/upload-sarif"]  # setup-python: python-version ''
    sarif = json.loads(Path(steps["check"]["outputs"]["sarif-file"]).read_text(encoding="utf-8"))
    schema = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.Draft7Validator(schema).validate(sarif)
    assert len(sarif["runs"][0]["results"]) == sum(a.startswith("::") for a in annotations)


def test_the_action_passes_a_clean_tree_and_can_report_without_failing(
        tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    (workspace / "clean.json").write_text(
        '{"name": "t", "inputSchema": {"type": "object", "properties": {}}}\n')
    status, steps, printed, skipped = run_action(tmp_path, {"python-version": ""}, workspace)
    assert status == 0, printed
    assert steps["check"]["outputs"]["exit-code"] == "0" and skipped == []
