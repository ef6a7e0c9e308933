"""Configuration files on the command line: discovery, --config, include/exclude, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.config import ConfigError, find_config_file, parse_config

TOOL = ('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true, '
        '"b": {"type": ["string", "null"]}}}}')


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    code = main(["check", "--format", "json", *args])
    captured = capsys.readouterr()
    return code, (json.loads(captured.out) if captured.out else {}), captured.err


def _rules(document: dict) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return sorted((f["rule"], f["severity"]) for f in document["findings"])


def test_nearest_pyproject_applies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.portlint]\nignore = ["type-union"]\n'
        'severity = {boolean-schema = "warning"}\n')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "t.json").write_text(TOOL)
    code, document, _ = run([str(tmp_path / "sub" / "t.json")], capsys)
    assert _rules(document) == [("boolean-schema", "warning")]
    assert code == 0  # the only error was demoted to a warning


def test_portlint_toml_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.portlint]\nignore = ["type-union"]\n')
    (tmp_path / "portlint.toml").write_text('ignore = ["boolean-schema"]\n')
    assert find_config_file(tmp_path / "t.json") == tmp_path / "portlint.toml"


def test_pyproject_without_a_portlint_table_is_passed_over(tmp_path: Path) -> None:
    (tmp_path / "portlint.toml").write_text('ignore = ["boolean-schema"]\n')
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "pyproject.toml").write_text('[project]\nname = "app"\n')
    assert find_config_file(tmp_path / "app" / "t.json") == tmp_path / "portlint.toml"


def test_config_flag_overrides_discovery(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    (tmp_path / "portlint.toml").write_text('ignore = ["boolean-schema"]\n')
    other = tmp_path / "ci.toml"
    other.write_text('select = ["boolean-schema"]\n')
    (tmp_path / "t.json").write_text(TOOL)
    _, document, _ = run([str(tmp_path / "t.json")], capsys)
    assert _rules(document) == [("type-union", "warning")]
    _, document, _ = run(["--config", str(other), str(tmp_path / "t.json")], capsys)
    assert _rules(document) == [("boolean-schema", "error")]


def test_cli_flags_over_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "portlint.toml").write_text('select = ["type-union"]\n')
    (tmp_path / "t.json").write_text(TOOL)
    _, document, _ = run(["--select", "boolean-schema", str(tmp_path / "t.json")], capsys)
    assert _rules(document) == [("boolean-schema", "error")]


@pytest.mark.parametrize(("content", "needle"), [
    ('selct = ["type-union"]\n', "portlint.toml: `selct`: not a known key; accepted keys: select"),
    ('select = "nope"\n', "portlint.toml: `select`: unknown rule nope; known rules: "),
    ("select = 3\n", "portlint.toml: `select`: expected a list of rule ids, got 3"),
    ('severity = {type-union = "loud"}\n',
     "`severity.type-union`: expected one of error, warning, information, off, got 'loud'"),
    ("require-typed-properties = 1\n", "`require-typed-properties`: expected true or false"),
    ("[limits]\nmax-aliases = 3\n", "`limits.max-aliases`: not a known limit; accepted: "
                                    "max-document-chars, max-alias-nodes"),
    ("select = [\n", "portlint.toml: not valid TOML"),
])
def test_bad_configuration_exits_two_naming_file_and_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, needle: str) -> None:
    (tmp_path / "portlint.toml").write_text(content)
    (tmp_path / "t.json").write_text(TOOL)
    code, _, err = run([str(tmp_path / "t.json")], capsys)
    assert code == 2
    assert needle in err


def test_include_exclude_and_per_file_ignores(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    (tmp_path / "portlint.toml").write_text(
        'include = ["schemas/*.json", "**/*.snap"]\nexclude = ["fixtures/"]\n'
        'per-file-ignores = {"legacy/*.json" = ["boolean-schema"]}\n')
    for folder in ("schemas", "fixtures", "legacy", "snaps"):
        (tmp_path / folder).mkdir()
    (tmp_path / "schemas" / "user.json").write_text('{"properties": {"a": false}}')
    (tmp_path / "fixtures" / "t.json").write_text(TOOL)
    (tmp_path / "legacy" / "t.json").write_text(TOOL)
    (tmp_path / "snaps" / "t.snap").write_text(TOOL)
    (tmp_path / "plain.json").write_text('{"properties": {"a": false}}')  # no shape: skipped
    _, document, _ = run([str(tmp_path)], capsys)
    by_file = sorted((Path(f["file"]).relative_to(tmp_path).as_posix(), f["rule"])
                     for f in document["findings"])
    assert by_file == [("legacy/t.json", "type-union"), ("schemas/user.json", "boolean-schema"),
                       ("snaps/t.snap", "boolean-schema"), ("snaps/t.snap", "type-union")]


def test_editor_style_camel_case_keys() -> None:
    config = parse_config({"requireTypedProperties": True, "allowUntyped": ["x"]}, "editor")
    assert config.settings.require_typed_properties
    assert config.settings.allow_untyped == ("x",)
    with pytest.raises(ConfigError):
        parse_config({"requireTypedProperties": "yes"}, "editor")
