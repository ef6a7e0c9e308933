"""A file portlint generates (a snapshot, a baseline) is written whole, through a symbolic link
to its target, keeping an existing file's mode and giving a new one the umask's."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from portlint.generated import write_atomically

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes and links")


@pytest.fixture
def umask() -> Iterator[int]:
    old = os.umask(0o027)
    try:
        yield 0o027
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path, umask: int) -> None:
    write_atomically(tmp_path / "tools.json", b"new\n")
    assert (tmp_path / "tools.json").read_bytes() == b"new\n"
    assert _mode(tmp_path / "tools.json") == 0o666 & ~umask == 0o640
    assert os.listdir(tmp_path) == ["tools.json"]


def test_an_existing_file_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "tools.json"
    path.write_bytes(b"old\n")
    path.chmod(0o604)
    write_atomically(path, b"new\n")
    assert (path.read_bytes(), _mode(path)) == (b"new\n", 0o604)


def test_a_link_stays_a_link_and_its_target_is_written(tmp_path: Path, umask: int) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "tools.json"
    target.write_bytes(b"old\n")
    target.chmod(0o600)
    link = tmp_path / "tools.json"
    link.symlink_to(Path("real") / "tools.json")
    write_atomically(link, b"new\n")
    assert os.readlink(link) == os.path.join("real", "tools.json")
    assert (target.read_bytes(), _mode(target)) == (b"new\n", 0o600)
    assert sorted(os.listdir(tmp_path / "real")) == ["tools.json"]


def test_a_dangling_link_gets_its_target_created(tmp_path: Path, umask: int) -> None:
    link = tmp_path / "tools.json"
    link.symlink_to("made.json")
    write_atomically(link, b"new\n")
    assert link.is_symlink()
    assert ((tmp_path / "made.json").read_bytes(), _mode(tmp_path / "made.json")) == (
        b"new\n", 0o640)
