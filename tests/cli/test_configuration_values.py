"""Configuration validated before use: globs compiled when the configuration is read — an invalid
one is an error naming the key, on the CLI and through the editor settings the server reads —
and matched without backtracking; `allow-untyped` accepting every path the findings print; an
empty `select` refused rather than running no rule; and Python files read per their coding
declaration."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.config import ConfigError, parse_config
from portlint.globs import GlobError, compile_glob, glob_match
from portlint.linter import lint_text
from portlint.settings import Settings


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(("key", "toml"), [
    ("include", 'include = ["schemas/[z-a].json"]'),
    ("exclude", 'exclude = ["[9-0]*"]'),
    ("per-file-ignores.[z-a]", 'per-file-ignores = {"[z-a]" = ["boolean-schema"]}'),
])
def test_an_invalid_glob_is_an_error_naming_its_key(tmp_path: Path, key: str, toml: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "portlint.toml").write_text(toml + "\n")
    (tmp_path / "tools.json").write_text("{}")
    code, _, err = _run(capsys, "check", "--config", str(tmp_path / "portlint.toml"),
                        str(tmp_path / "tools.json"))
    assert code == 2
    assert f"portlint.toml: `{key}`: `" in err and "runs backwards" in err
    assert "Traceback" not in err


def test_editor_settings_are_validated_the_same_way() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config({"exclude": ["a[z-a]"]}, "editor settings (portlint.*)")
    assert str(caught.value).startswith("editor settings (portlint.*): `exclude`: `a[z-a]` is not")


@pytest.mark.parametrize(("pattern", "path", "matches"), [
    ("*.tools.json", "a/b/x.tools.json", True),
    ("fixtures", "src/fixtures/a.json", True),
    ("fixtures/", "fixtures/a.json", True),
    ("fixtures/", "fixtures", False),
    ("schemas/**/*.json", "schemas/a/b/c.json", True),
    ("schemas/**/*.json", "other/schemas/c.json", False),
    ("/top.json", "top.json", True),
    ("a?c.json", "abc.json", True),
    ("a?c.json", "a/c.json", False),
    ("[ab].json", "b.json", True),
    ("[!ab].json", "c.json", True),
    ("[!ab].json", "a.json", False),
    ("[]x].json", "].json", True),  # a ] first in a class is a member
    ("[a-c]*.json", "beta.json", True),
    ("[x.json", "[x.json", True),  # no closing ]: a literal [
    ("**", "anything/at/all", True),
])
def test_glob_semantics(pattern: str, path: str, matches: bool) -> None:
    assert glob_match(pattern, path) is matches


def test_globs_do_not_backtrack() -> None:
    started = time.perf_counter()  # a hang guard only; the work is measured in test_linear_work
    assert not glob_match("*a*a*a*a*a*a*a*a*a*a*a*a*b", "a" * 10_000)
    assert time.perf_counter() - started < 30
    with pytest.raises(GlobError):
        compile_glob("x[b-a]")


def test_an_empty_select_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tools.json").write_text("{}")
    code, _, err = _run(capsys, "check", "--select", "", str(tmp_path / "tools.json"))
    assert code == 2 and "--select: it names no rule, so no rule would run" in err
    with pytest.raises(ConfigError) as caught:
        parse_config({"select": []}, "portlint.toml")
    assert "`select`: it names no rule, so no rule would run" in str(caught.value)


TOOL = {"name": "get", "inputSchema": {"type": "object", "properties": {
    "a.b": {}, "0": {}, "with space": {"items": {}}, "plain": {}}}}


def _untyped(allow: tuple[str, ...]) -> list[str]:
    result = lint_text(json.dumps({"tools": [TOOL]}), "t.json",
                       Settings(allow_untyped=allow, select=frozenset({"untyped-schema"})))
    return sorted(f.path for f in result.findings)


def test_allow_untyped_accepts_every_path_the_findings_print() -> None:
    printed = _untyped(())
    assert printed == sorted(['inputSchema.properties["0"]', 'inputSchema.properties["a.b"]',
                              'inputSchema.properties["with space"].items',
                              "inputSchema.properties.plain"])
    for path in printed:  # each path exactly as printed allows that schema, and only it
        assert _untyped((path,)) == [p for p in printed if p != path]
        assert _untyped((f"get:{path}",)) == [p for p in printed if p != path]
    assert _untyped(("/tools/0/inputSchema/properties/a.b",)) == [
        p for p in printed if p != 'inputSchema.properties["a.b"]']
    assert _untyped(('inputSchema.properties["*"]',)) == [
        "inputSchema.properties.plain", 'inputSchema.properties["with space"].items']
    assert _untyped(("*",)) == []


def test_a_latin_1_python_file_is_read_per_its_coding_declaration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = ("# -*- coding: latin-1 -*-\nfrom mcp.server.fastmcp import FastMCP\n\n"
              "mcp = FastMCP('caf\xe9')\n\n\n@mcp.tool()\ndef greet(name: str) -> str:\n"
              "    \"\"\"Say bonjour \xe0 name.\"\"\"\n    return name\n")
    path = tmp_path / "server.py"
    path.write_bytes(source.encode("latin-1"))
    code, out, err = _run(capsys, "check", "--format", "json", str(path))
    assert err == "" and code in (0, 1)
    assert json.loads(out)["summary"]["files_checked"] == 1
    undeclared = tmp_path / "plain.py"
    undeclared.write_bytes(source.encode("latin-1").split(b"\n", 1)[1])
    code, _, err = _run(capsys, "check", str(undeclared))
    assert code == 2 and "not valid UTF-8" in err  # without the declaration, Python says so too


def test_the_server_keeps_working_with_an_invalid_glob_in_its_settings(tmp_path: Path) -> None:
    """The editor's settings go through the same validation: the server warns once and lints
    with the file's configuration, instead of failing on every match."""
    from portlint.lsp.settings import SettingsResolver

    resolver = SettingsResolver()
    resolver.set_editor({"exclude": ["[z-a]/**"], "include": ["**/*.snap"]})
    config = resolver.config_for(tmp_path / "tools.json")
    assert config.exclude == () and not config.is_excluded(tmp_path / "tools.json")
    [warning] = resolver.take_warnings()
    assert warning.startswith("editor settings (portlint.*): `exclude`: `[z-a]/**` is not a glob")
