"""The releases a project runs, read from its pins the way an installer reads them: a lockfile
exactly, a range as the newest release it allows, Poetry's carets, and the SDK line the imports
need; `--framework` overrides them."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.python.environment import OverrideError, parse_override, resolve
from portlint.python.pins import newest_allowed, poetry_specifier, project_pins


@pytest.mark.parametrize(("specifier", "newest"), [
    ("==2.10.6", "2.10.6"), (">=2.10,<3", "2.14.7"), ("~=3.4", "3.4.11"), ("~=3.2.1", "3.2.4"),
    ("<3", "2.14.7"), ("!=4.2.3,>=4", "4.1.7"), ("==2.*", "2.14.7"), ("", "4.2.3")])
def test_a_range_means_the_newest_release_it_allows(specifier: str, newest: str) -> None:
    assert newest_allowed("fastmcp", specifier) == newest


@pytest.mark.parametrize(("poetry", "pep440"), [("^2.12", ">=2.12,<3"), ("^0.4", ">=0.4,<0.5"),
                                                ("~3.2", ">=3.2,<3.3"), ("2.14.7", "==2.14.7")])
def test_poetry_constraints(poetry: str, pep440: str) -> None:
    assert poetry_specifier(poetry) == pep440


def test_a_lockfile_wins_over_the_requirements(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = '
                                             '["fastmcp>=3", "pydantic<2.13"]\n')
    (tmp_path / "uv.lock").write_text('version = 1\n\n[[package]]\nname = "fastmcp"\n'
                                      'version = "3.2.4"\n')
    (tmp_path / "server.py").write_text("")
    pins = project_pins(tmp_path / "server.py")
    assert (pins["fastmcp"].version, pins["fastmcp"].why) == ("3.2.4", "locked in uv.lock")
    assert (pins["pydantic"].version, pins["pydantic"].why) == (
        "2.12.5", "the newest release allowed by `pydantic<2.13` in pyproject.toml")


def test_poetry_tables_and_extras(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.poetry.dependencies]\npython = "^3.11"\nmcp = {version = "^1.20", extras = '
        '["cli"]}\n')
    (tmp_path / "server.py").write_text("")
    assert project_pins(tmp_path / "server.py")["mcp"].version == "1.30.0"


def test_the_imports_choose_the_sdk_line(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("mcp[cli]>=1.2\n")
    (tmp_path / "server.py").write_text("")
    path = tmp_path / "server.py"
    assert resolve("mcp2", path).framework.version == "2.3.0"
    legacy = resolve("mcp1", path)
    assert legacy.framework.version == "1.30.0" and "written for mcp 1.x" in legacy.framework.why
    assert resolve("fastmcp", path).framework.why == "not pinned: the newest release"


def test_the_override() -> None:
    chosen = parse_override("fastmcp==2.9.2,pydantic==2.11.10")
    assert (chosen["fastmcp"].version, chosen["pydantic"].version) == ("2.9.2", "2.11.10")
    assert parse_override("fastmcp3")["fastmcp"].version == "3.4.11"
    with pytest.raises(OverrideError):
        parse_override("flask==3")


def test_a_version_of_thousands_of_digits_is_no_version() -> None:
    # `int` refuses 4,300 digits and more: the reader crashed on such a pin (and on the
    # TypeScript side a directory search passed with the crash on stderr only)
    from portlint.python.pins import parse_version
    from portlint.typescript.project import parse_version as parse_npm_version

    huge = "1" * 5000
    assert parse_version(f"1.{huge}") is None and parse_version("2.3.0") == (2, 3, 0)
    assert parse_npm_version(f"3.{huge}") is None and parse_npm_version("3.25.76") == (
        3, 25, 76)
