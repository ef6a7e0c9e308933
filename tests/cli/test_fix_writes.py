"""`--fix` never loses a byte of the user's work: it writes into the file — through a symbolic
link to its target, keeping the inode (hard links see the new text), owner and mode — refuses a
read-only file, keeps an edit saved while it worked, and puts the original back when a write
fails halfway."""

from __future__ import annotations

import errno
import os
import pwd
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.source.text import DecodedText
from tests.cli.hostile_fs import ERROR_TOOL

FIXED = ERROR_TOOL.replace("true", "{}")


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_through_a_symbolic_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "real" / "tools.json"
    target.parent.mkdir()
    target.write_text(ERROR_TOOL)
    link = tmp_path / "tools.json"
    link.symlink_to(target)
    code, out, _ = _check(capsys, "--fix", str(link))
    assert code == 0 and "Fixed 1 problem in 1 file." in out
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == FIXED


def test_the_file_keeps_its_identity(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tools.json"
    path.write_text(ERROR_TOOL)
    path.chmod(0o640)
    twin = tmp_path / "twin.json"
    os.link(path, twin)
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(path, nobody.pw_uid, nobody.pw_gid)
    before = path.stat()
    code, _, _ = _check(capsys, "--fix", str(path))
    after = path.stat()
    assert code == 0
    assert (after.st_ino, after.st_dev, after.st_uid, after.st_gid, after.st_mode) == (
        before.st_ino, before.st_dev, before.st_uid, before.st_gid, before.st_mode)
    assert twin.read_text() == FIXED  # the hard link sees the new text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tools.json", "twin.json"]


def test_a_read_only_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tools.json"
    path.write_text(ERROR_TOOL)
    path.chmod(0o444)  # even root, who could write it, leaves it alone
    code, out, err = _check(capsys, "--fix", str(path))
    assert code == 2
    assert path.read_text() == ERROR_TOOL
    assert f"portlint: {path}: the file is read-only; the fixes were not written" in err
    assert "[boolean-schema]" in out  # the findings of the text it still has
    assert "Fixed" not in out


def test_an_edit_saved_meanwhile_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    import portlint.fixer

    path = tmp_path / "tools.json"
    path.write_text(ERROR_TOOL)
    edited = ERROR_TOOL.replace('"t"', '"edited"')
    real = portlint.fixer.fix_all

    def fix_all_while_the_user_saves(*args, **kwargs):  # type: ignore[no-untyped-def]
        outcome = real(*args, **kwargs)
        path.write_text(edited)  # the editor saves while portlint works
        return outcome

    monkeypatch.setattr(portlint.fixer, "fix_all", fix_all_while_the_user_saves)
    code, _, err = _check(capsys, "--fix", str(path))
    assert code == 2
    assert path.read_text() == edited
    assert "the file changed while portlint worked" in err


def test_a_failed_write_puts_the_original_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import portlint.cli.atomic as atomic

    path = tmp_path / "tools.json"
    path.write_text(ERROR_TOOL)
    real_write = os.write
    calls = []

    def full_disk(fd: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:  # the fixes: ten bytes written, then the disk is full
            real_write(fd, bytes(data[:10]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", full_disk)
    code, _, err = _check(capsys, "--fix", str(path))
    assert code == 2
    assert path.read_text() == ERROR_TOOL
    assert "cannot write the fixes: no space left on device; the file is unchanged" in err
    assert [p.name for p in tmp_path.iterdir()] == ["tools.json"]  # no backup left behind


def test_text_the_encoding_cannot_hold_is_not_written(tmp_path: Path) -> None:
    from portlint.cli.check import _write

    path = tmp_path / "server.py"
    path.write_bytes(b"# -*- coding: latin-1 -*-\nx = 'caf\xe9'\n")
    original = path.read_bytes()
    problem = _write(path, original, DecodedText(original.decode("latin-1"), "iso8859-1", False),
                     "x = '€'\n")
    assert problem == ("the fixed text has characters iso8859-1 cannot encode; the fixes were "
                       "not written")
    assert path.read_bytes() == b"# -*- coding: latin-1 -*-\nx = 'caf\xe9'\n"


_DECLARED = '''# coding: {codec}
from mcp.server import Server
from mcp.types import Tool

server = Server("x")  # ~home


@server.list_tools()
async def tools():
    return [Tool(name="t", description="a b",
                 inputSchema={{"type": "object", "properties": {{"a": {{"type": "array"}}}}}})]
'''


@pytest.mark.parametrize("codec", ["utf-7", "unicode_escape"])
def test_an_encoding_that_does_not_give_back_the_file_s_bytes_is_not_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], codec: str) -> None:
    # both decode the file, but encoding its own text again changes bytes no fix touches (`~`
    # in utf-7, every line break in unicode_escape): the file is left byte for byte
    path = tmp_path / "server.py"
    original = _DECLARED.format(codec=codec).encode("ascii")
    path.write_bytes(original)
    code, out, err = _check(capsys, "--fix", str(path))
    assert path.read_bytes() == original
    assert code == 2  # the fixes asked for were not made
    assert "[array-missing-items]" in out
    name = codec.replace("_", "-")
    assert err == (f"portlint: {path}: its encoding, {name}, does not give back the file's own "
                   "bytes when its text is written again (writing would change bytes no fix "
                   "touches); the fixes were not written\n")


@pytest.mark.parametrize("codec", ["rot13", "hex", "base64", "zlib"])
def test_a_coding_declaration_naming_no_text_encoding_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], codec: str) -> None:
    path = tmp_path / "server.py"
    path.write_bytes(_DECLARED.format(codec=codec).encode("ascii"))
    other = tmp_path / "tools.json"
    other.write_text(ERROR_TOOL)
    code, out, err = _check(capsys, str(tmp_path))
    assert code == 2  # could not be checked; the other file is still reported
    assert "tools.json" in out and "[boolean-schema]" in out
    assert err == (f"portlint: {path}: the coding declaration names `{codec}`, which is not a "
                   "text encoding\n")


def test_fixed_text_on_standard_output_keeps_the_bytes_read() -> None:
    import subprocess
    import sys

    original = _DECLARED.format(codec="utf-7").encode("ascii")
    done = subprocess.run([sys.executable, "-m", "portlint", "check", "--fix",
                           "--stdin-filename", "server.py", "-"], input=original,
                          capture_output=True, timeout=120, check=False)
    assert done.stdout == original  # passed through unfixed, byte for byte
    assert done.returncode == 2
    assert b"utf-7, does not give back the file's own bytes" in done.stderr
    assert b"the text is passed through unfixed" in done.stderr
