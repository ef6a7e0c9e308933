"""What `portlint check` reads, and what it says about what it cannot: only regular files, the
size limit applied before reading, pipes and devices refused without waiting, permission errors
per path, names too long, link loops — and a directory run that reports every file shaped like a
tool document it could not read or parse, lists what it skipped on purpose, and exits 2 whenever
some input could not be checked, the others still checked and reported."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.hostile_fs import (
    BROKEN_TOOL,
    ERROR_TOOL,
    TOOL,
    json_report,
    run_check,
    shared_folder,
)


def _unreadable(report: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {n["file"]: n["reason"] for n in report["summary"]["unreadable"]}


def _skipped(report: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {n["file"]: n["reason"] for n in report["summary"]["skipped"]}


def _files(report: dict) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return sorted((f["file"], f["rule"]) for f in report["findings"])


def test_a_named_pipe_on_the_command_line_is_refused_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "tools.json")  # nobody ever writes to it: reading would wait forever
    (tmp_path / "ok.json").write_text(ERROR_TOOL)
    proc = run_check("--format", "json", "tools.json", "ok.json", cwd=tmp_path, timeout=60)
    report = json_report(proc)
    assert proc.returncode == 2
    assert _unreadable(report) == {
        "tools.json": "a named pipe (FIFO), not a regular file: portlint reads regular files only"}
    assert "portlint: tools.json: a named pipe (FIFO)" in proc.stderr
    assert _files(report) == [("ok.json", "boolean-schema")]  # the other input still checked


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused(tmp_path: Path, device: str) -> None:
    proc = run_check("--format", "json", device, cwd=tmp_path, timeout=60)
    assert proc.returncode == 2
    assert _unreadable(json_report(proc)) == {
        device: "a character device, not a regular file: portlint reads regular files only"}


def test_special_files_in_a_directory(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "tools.json")  # named like a tool document: reported
    os.mkfifo(tmp_path / "data.json")  # not: skipped, and said why
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "ok.json").write_text(TOOL)
    proc = run_check("--format", "json", ".", cwd=tmp_path, timeout=60)
    report = json_report(proc)
    assert proc.returncode == 2
    assert list(_unreadable(report)) == ["tools.json"]
    assert _skipped(report)["data.json"] == (
        "a named pipe (FIFO), not a regular file: portlint reads regular files only; its name "
        "does not look like a tool document")
    assert _skipped(report)["zero.json"].startswith("a character device, not a regular file")
    assert (report["summary"]["tools_checked"], report["summary"]["files_checked"]) == (1, 1)


def test_a_file_over_the_limit_is_not_read(tmp_path: Path) -> None:
    """1.5 GB sparse files under a 512 MB memory cap: only their first bytes are read."""
    size = 1536 * 1024 * 1024
    for name in ("huge.tools.json", "huge.json"):
        with open(tmp_path / name, "wb") as handle:
            handle.truncate(size)
    with open(tmp_path / "big.json", "wb") as handle:  # a tool list's start, then nothing
        handle.write(b'{"tools": [{"name": "t", "inputSchema": ')
        handle.truncate(size)
    proc = run_check("--format", "json", ".", cwd=tmp_path, timeout=120)
    report = json_report(proc)
    assert proc.returncode == 1
    assert _files(report) == [("big.json", "document-too-large"),
                              ("huge.tools.json", "document-too-large")]
    message = report["findings"][0]["message"]
    assert message.startswith(f"The file is {size:,} bytes long: more than 10,000,000 characters")
    assert _skipped(report)["huge.json"].startswith("larger than the size limit; neither")


def test_stdin_is_read_only_up_to_the_limit(tmp_path: Path) -> None:
    (tmp_path / "portlint.toml").write_text("[limits]\nmax-document-chars = 1000\n")
    with open("/dev/zero", "rb") as endless:
        proc = run_check("--format", "json", "-", cwd=tmp_path, stdin=endless, timeout=60)
    report = json_report(proc)
    assert proc.returncode == 1
    assert _files(report) == [("-", "document-too-large")]


def test_permissions_are_reported_per_path() -> None:
    with shared_folder() as folder:
        (folder / "ok.json").write_text(ERROR_TOOL)
        locked = folder / "locked"
        locked.mkdir()
        (locked / "tools.json").write_text(TOOL)
        secret = folder / "secret.json"
        secret.write_text(TOOL)
        secret.chmod(0)
        locked.chmod(0)
        proc = run_check("--format", "json", ".", "secret.json", cwd=folder, unprivileged=True)
    report = json_report(proc)
    assert proc.returncode == 2
    assert _unreadable(report) == {
        "locked": "cannot list the directory: permission denied",
        "secret.json": "permission denied"}
    assert _files(report) == [("ok.json", "boolean-schema")]
    assert "portlint: locked: cannot list the directory: permission denied" in proc.stderr


def test_an_unprivileged_run_with_workers_is_bound_by_modes() -> None:
    """Large enough for worker processes (their modules are imported only then): the run, in
    a process of its own, starts, loads them and is still refused the file of mode 0 — whatever
    the tests before it imported."""
    from portlint.cli.parallel import MIN_PARALLEL_BYTES, MIN_PARALLEL_FILES

    padding = "x" * (MIN_PARALLEL_BYTES // MIN_PARALLEL_FILES)
    big = ERROR_TOOL.replace('"name": "t"', f'"name": "t", "description": "{padding}"')
    with shared_folder() as folder:
        for i in range(MIN_PARALLEL_FILES + 1):
            (folder / f"ok{i}.json").write_text(big)
        secret = folder / "secret.json"
        secret.write_text(TOOL)
        secret.chmod(0)
        proc = run_check("--format", "json", "--jobs", "2", ".", cwd=folder, unprivileged=True)
    report = json_report(proc)
    assert proc.returncode == 2
    assert _unreadable(report) == {"secret.json": "permission denied"}
    assert _files(report) == [(f"ok{i}.json", "boolean-schema")
                              for i in range(MIN_PARALLEL_FILES + 1)]


def test_a_name_too_long_and_a_missing_path(tmp_path: Path) -> None:
    (tmp_path / "ok.json").write_text(ERROR_TOOL)
    long_name = "a" * 300 + ".json"
    proc = run_check("--format", "json", long_name, "missing.json", "ok.json", cwd=tmp_path)
    report = json_report(proc)
    assert proc.returncode == 2
    assert _unreadable(report) == {
        long_name: "the file name is too long for the file system",
        "missing.json": "no such file or directory"}
    assert _files(report) == [("ok.json", "boolean-schema")]


def test_link_loops_and_dangling_links(tmp_path: Path) -> None:
    (tmp_path / "loop.json").symlink_to("loop.json")
    (tmp_path / "gone.tools.json").symlink_to("nowhere.json")
    (tmp_path / "dir-link").symlink_to(tmp_path)  # not followed: no endless search
    (tmp_path / "ok.json").write_text(TOOL)
    proc = run_check("--format", "json", ".", cwd=tmp_path)
    report = json_report(proc)
    assert proc.returncode == 2
    assert _unreadable(report) == {"gone.tools.json": "no such file or directory",
                                   "loop.json": "too many levels of symbolic links"}
    assert _skipped(report)["dir-link"].startswith("a symbolic link to a directory")


def test_a_directory_run_reports_the_tool_documents_it_cannot_parse(tmp_path: Path) -> None:
    (tmp_path / "tools.json").write_text(BROKEN_TOOL)  # by its name
    (tmp_path / "weather.yaml").write_text("name: w\ninputSchema:\n  type: [object\n")  # start
    (tmp_path / "api.json").write_text('{"tools": [{"name": "a", "inputSchema": {')  # start
    (tmp_path / "bomb.tools.yaml").write_text(
        "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 9)))
    (tmp_path / "package.json").write_text('{"name": "x",}')  # neither: skipped
    (tmp_path / "notes.yaml").write_text("- a\n- b: [\n")  # neither: skipped
    (tmp_path / "latin1.json").write_bytes(b'{"tools": [{"name": "caf\xe9"}]}')  # not UTF-8
    proc = run_check("--format", "json", ".", cwd=tmp_path)
    report = json_report(proc)
    assert proc.returncode == 2  # the undecodable tool list could not be checked
    assert _files(report) == [("api.json", "parse-error"), ("bomb.tools.yaml", "alias-limit"),
                              ("tools.json", "parse-error"), ("weather.yaml", "parse-error")]
    assert list(_unreadable(report)) == ["latin1.json"]
    assert _unreadable(report)["latin1.json"].startswith("not valid UTF-8: byte 0xe9")
    skipped = _skipped(report)
    assert skipped["package.json"] == (
        "cannot be read as a document (parse-error), and neither its name nor its start looks "
        "like a tool document")
    assert skipped["notes.yaml"].startswith("cannot be read as a document (parse-error)")
    assert report["summary"]["errors"] == 4


def test_what_is_skipped_is_said(tmp_path: Path) -> None:
    (tmp_path / ".github").mkdir()
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "venv").mkdir()
    (tmp_path / "venv" / "pyvenv.cfg").write_text("")
    (tmp_path / "package.json").write_text('{"name": "x"}')
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "tools.json").write_text(ERROR_TOOL)
    (tmp_path / "portlint.toml").write_text('exclude = ["fixtures/"]\n')
    proc = run_check("--format", "json", ".", cwd=tmp_path)
    assert proc.returncode == 0
    assert _skipped(json_report(proc)) == {
        ".github": "a hidden directory", "node_modules": "`node_modules` is not searched",
        "venv": "a virtual environment", "package.json": "not a tool-schema document",
        "fixtures/tools.json": "excluded by the configuration (`exclude`)"}
    verbose = run_check("--verbose", ".", cwd=tmp_path)
    assert "portlint: skipped package.json: not a tool-schema document" in verbose.stderr
    assert "portlint: skipped .github: a hidden directory" in verbose.stderr
    quiet = run_check(".", cwd=tmp_path)
    assert "skipped" not in quiet.stderr


def test_the_text_report_never_says_all_passed_when_something_was_not_checked(
        tmp_path: Path) -> None:
    (tmp_path / "ok.json").write_text(TOOL)
    proc = run_check("ok.json", "missing.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert "All checks passed" not in proc.stdout
    assert proc.stdout.splitlines()[-1] == (
        "1 path could not be checked (missing.json): see the messages above.")
    assert "No findings in the 1 tool of the 1 file checked." in proc.stdout


def test_a_broken_configuration_stops_only_its_folder(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "portlint.toml").write_text('select = ["no-such-rule"]\n')
    (tmp_path / "a" / "tools.json").write_text(ERROR_TOOL)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "tools.json").write_text(ERROR_TOOL)
    proc = run_check("--format", "json", ".", cwd=tmp_path)
    assert proc.returncode == 2
    assert "a/portlint.toml: `select`: unknown rule no-such-rule" in proc.stderr
    assert "(so a/tools.json was not checked)" in proc.stderr
    assert _files(json_report(proc)) == [("b/tools.json", "boolean-schema")]


def test_a_rule_that_crashes_makes_the_run_fail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    import portlint.linter as linter
    from portlint.cli.main import main
    from portlint.rules.base import Report, RootContext

    def broken(ctx: RootContext) -> list[Report]:
        raise KeyError("a bug")

    original = linter.active_rules

    def with_broken_rule(settings, rules=None):  # type: ignore[no-untyped-def]
        active = original(settings, rules)
        active.rules = [r._replace(check=broken) if r.id == "boolean-schema" else r
                        for r in active.rules]
        return active

    monkeypatch.setattr(linter, "active_rules", with_broken_rule)
    (tmp_path / "tools.json").write_text(ERROR_TOOL)
    code = main(["check", "--exit-zero", str(tmp_path / "tools.json")])
    out = capsys.readouterr().out
    assert "[internal-error]" in out
    assert code == 2  # --exit-zero is about findings; a rule that failed is a failed run
