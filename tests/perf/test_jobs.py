"""``portlint check --jobs N`` reports exactly what ``--jobs 1`` reports — stdout byte for byte,
stderr, exit status, and with ``--fix`` the files it leaves — on a mixed tree: findings in every
format, unreadable and skipped files, a broken and an excluding configuration, a path that does
not exist, fixes and diffs. The workers are forced on (a tree this small would otherwise be
checked in one process) and the test checks they ran."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from portlint.cli import parallel
from portlint.cli.check import CheckOptions, run_check

REPO = Path(__file__).resolve().parents[2]

TOOLS = {
    "union.json": {"tools": [{"name": "u", "inputSchema": {"type": "object", "properties": {
        "a": {"type": ["string", "null"]}, "b": {"type": "dict"}}}}]},
    "boolean.json": {"tools": [{"name": "b", "inputSchema": {"type": "object", "properties": {
        "flag": True, "n": {"type": "integer", "exclusiveMinimum": True}}}}]},
    "clean.json": {"tools": [{"name": "c", "inputSchema": {"type": "object", "properties": {
        "a": {"type": "string"}}}}]},
    "nested/deep/tools.json": {"tools": [{"name": f"t{i}", "inputSchema": {
        "type": "object", "properties": {"p": {"anyOf": [{"type": "string"}, True]}}}}
        for i in range(5)]},
}


def _tree(root: Path) -> Path:
    for name, document in TOOLS.items():
        path = root / "tools" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document, indent=2) + "\n")
    for example in sorted((REPO / "examples").iterdir()):
        shutil.copy(example, root / "tools" / example.name)
    (root / "tools" / "broken.tools.json").write_text('{"tools": [{"name": "t", "inputSchema": {')
    (root / "tools" / "latin1.json").write_bytes(b'{"tools": [{"name": "caf\xe9"}]}')
    (root / "tools" / "package.json").write_text('{"name": "x"}')
    (root / "tools" / ".hidden").mkdir()
    (root / "tools" / ".hidden" / "tools.json").write_text("{}")
    bad = root / "tools" / "misconfigured"
    bad.mkdir()
    (bad / "portlint.toml").write_text('select = ["no-such-rule"]\n')
    for i in range(2):
        (bad / f"tools-{i}.json").write_text(json.dumps(TOOLS["union.json"]))
    excluding = root / "tools" / "excluding"
    excluding.mkdir()
    (excluding / "portlint.toml").write_text('exclude = ["fixtures/"]\n')
    (excluding / "fixtures").mkdir()
    (excluding / "fixtures" / "tools.json").write_text(json.dumps(TOOLS["union.json"]))
    (excluding / "kept.json").write_text(json.dumps(TOOLS["boolean.json"]))
    return root


def _run(jobs: int, *, paths: list[str] | None = None, **options: Any) -> tuple[int, str, str]:
    """Exit status, stdout and stderr (the working directory written ``<tree>`` in them)."""
    out, err = io.StringIO(), io.StringIO()
    code = run_check(CheckOptions(paths=paths or ["tools", "missing.json"], jobs=jobs,
                                  verbose=True, **options), stdout=out, stderr=err)
    here = str(Path.cwd())
    return code, out.getvalue().replace(here, "<tree>"), err.getvalue().replace(here, "<tree>")


@pytest.fixture
def forced_workers(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Workers for any run of two files or more; the number of runs that used them."""
    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", 0)
    monkeypatch.setattr(parallel, "MIN_PARALLEL_FILES", 2)
    used: list[int] = []
    original = parallel.OrderedChecks._from_workers

    def counted(self: parallel.OrderedChecks, tasks: Any, jobs: int) -> Any:
        used.append(jobs)
        return original(self, tasks, jobs)

    monkeypatch.setattr(parallel.OrderedChecks, "_from_workers", counted)
    return used


@pytest.mark.parametrize("output_format", ["text", "concise", "json", "sarif", "github"])
def test_every_format_is_the_same_with_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               forced_workers: list[int],
                                               output_format: str) -> None:
    monkeypatch.chdir(_tree(tmp_path))
    one = _run(1, output_format=output_format)
    many = _run(3, output_format=output_format)
    assert forced_workers == [3]
    assert many == one
    code, out, err = one
    assert code == 2  # the undecodable file, the broken configuration, the missing path
    assert "latin1.json" in err and "no-such-rule" in err and "missing.json" in err
    assert "skipped tools/package.json" in err and "excluding/fixtures/tools.json" in err
    if output_format == "json":
        report = json.loads(out)
        files = [f["file"] for f in report["findings"]]
        assert files == sorted(files, key=files.index)  # grouped by file, in search order
        assert {"tools/union.json", "tools/excluding/kept.json",
                "tools/broken.tools.json"} <= set(files)


def test_fixes_and_diffs_are_the_same_with_workers(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   forced_workers: list[int]) -> None:
    trees = [_tree(tmp_path / "one"), _tree(tmp_path / "many")]
    monkeypatch.chdir(trees[0])
    diff_one = _run(1, diff=True)
    monkeypatch.chdir(trees[1])
    diff_many = _run(2, diff=True)
    assert diff_many == diff_one and "+++ b/tools/union.json" in diff_one[1]
    reports = []
    for jobs, tree in zip((1, 2), trees, strict=True):
        monkeypatch.chdir(tree)
        reports.append(_run(jobs, fix=True, unsafe_fixes=True))
    assert reports[1] == reports[0]
    written = [{p.relative_to(t): p.read_bytes() for p in sorted(t.rglob("*")) if p.is_file()}
               for t in trees]
    assert written[1] == written[0]
    assert written[0][Path("tools/union.json")] != (
        json.dumps(TOOLS["union.json"], indent=2) + "\n").encode()  # something was fixed
    assert forced_workers == [2, 2]


def test_small_runs_stay_in_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_tree(tmp_path))
    started: list[int] = []
    monkeypatch.setattr(parallel.OrderedChecks, "_from_workers",
                        lambda self, tasks, jobs: started.append(jobs) or iter(()))
    code, out, _ = _run(4)
    assert started == [] and code == 2 and "tools/union.json" in out


_CHECK_BATCH = parallel._check_batch


def _dying_batch(indices: range) -> list[list[Any]]:
    """A worker's batch that ends the worker, as the out-of-memory killer would, on the
    batch holding the first file."""
    if 0 in indices:
        import os

        os._exit(9)
    return _CHECK_BATCH(indices)


def test_a_worker_that_dies_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          forced_workers: list[int]) -> None:
    """A killed worker's files are checked again in the parent: the report is whole."""
    monkeypatch.chdir(_tree(tmp_path))
    expected = _run(1)
    monkeypatch.setattr(parallel, "_check_batch", _dying_batch)
    assert _run(2) == expected
    assert forced_workers == [2]
