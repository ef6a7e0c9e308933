"""``portlint check FILE`` loads only what a file check uses: never the live mode, the language
server, the source-code readers, the validator a valid schema does not need, argparse, or typing.

The modules are asserted, never the time (times belong in bench/)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# modules (and packages: their submodules too) a check of a valid JSON or YAML file never needs
NOT_FOR_FILES = (
    "portlint.live.target", "portlint.live.client", "portlint.live.snapshot",
    "portlint.cli.live_check", "portlint.cli.live_common", "portlint.cli.sides",
    "portlint.cli.snapshot", "portlint.cli.diff", "portlint.cli.explain", "portlint.baseline",
    "portlint.lsp", "portlint.incremental", "portlint.python", "portlint.typescript",
    "portlint.explain", "portlint.contract", "pygls", "lsprotocol", "mcp", "jsonschema",
    "referencing", "shlex",
    # a plain check's words are read without argparse (cli/plain_check.py), and so without the
    # message catalogues it looks its texts up in
    "argparse", "gettext", "locale",
    # the reports count what --fix would fix by the fixer's choice alone (fix_choice.py)
    "portlint.fixer", "portlint.fixes.textdiff",
    # the engine's annotations are for mypy alone: the modules a check of JSON or YAML loads
    # import typing under `TYPE_CHECKING = False` / `if TYPE_CHECKING:` (typing is some 7% of
    # the instructions of a small file's check)
    "typing",
)
# what --fix and --diff load, and a check of JSON or YAML never does even then
NOT_FOR_FIXES = ("typing",)

TOOL = {"name": "get_weather", "description": "Current weather for a city.",
        "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}},
                        "required": ["city"]}}


def imported_by_check(path: Path, *args: str, status: int = 0) -> set[str]:
    code = ("import sys\nfrom portlint.cli.main import main\n"
            f"status = main(['check', *{list(args)!r}, {str(path)!r}])\n"
            "print(status, *sorted(sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=path.parent, check=False)
    said, *modules = done.stderr.split()
    assert said == str(status), done.stderr
    return set(modules)


def unwanted(modules: set[str]) -> list[str]:
    return sorted(m for m in modules
                  if any(m == name or m.startswith(name + ".") for name in NOT_FOR_FILES))


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "concise", "matrix"])
def test_checking_a_json_file_loads_no_live_server_or_reader_module(tmp_path: Path,
                                                                     fmt: str) -> None:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [TOOL]}, indent=2) + "\n", encoding="utf-8")
    modules = imported_by_check(path, "--format", fmt)
    assert "portlint.linter" in modules  # the check itself ran in that process
    assert unwanted(modules) == []
    assert "yaml" not in modules  # a JSON file does not need the YAML reader


def test_checking_a_yaml_file_loads_no_live_server_or_json_only_module(tmp_path: Path) -> None:
    path = tmp_path / "tools.yaml"
    path.write_text("tools:\n  - name: get_weather\n    inputSchema:\n      type: object\n"
                    "      properties:\n        city: {type: string}\n", encoding="utf-8")
    modules = imported_by_check(path)
    assert "portlint.source.yaml_reader" in modules
    assert unwanted(modules) == []


@pytest.mark.parametrize(("suffix", "option", "status"), [
    (".json", "--fix", 0), (".json", "--diff", 1), (".yaml", "--fix", 0), (".yaml", "--diff", 1)])
def test_fixing_a_file_loads_the_fixer_and_still_not_typing(tmp_path: Path, suffix: str,
                                                             option: str, status: int) -> None:
    tool = {**TOOL, "outputSchema": {"type": "object", "properties": {"data": True}}}
    path = tmp_path / f"tools{suffix}"
    path.write_text(json.dumps({"tools": [tool]}, indent=2) + "\n", encoding="utf-8")
    modules = imported_by_check(path, option, status=status)
    assert "portlint.fixer" in modules  # the fixes were worked out in that process
    assert sorted(set(NOT_FOR_FIXES) & modules) == []


@pytest.mark.parametrize("command", ["check", "serve", "schema", "snapshot", "diff", "explain",
                                     "rule"])
def test_a_subcommand_built_alone_helps_and_parses_as_among_all(
        command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import contextlib
    import io

    from portlint.cli.main import build_parser

    monkeypatch.setenv("COLUMNS", "100")

    def help_of(parser: object) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            parser.parse_args([command, "--help"])  # type: ignore[attr-defined]
        return out.getvalue()

    assert help_of(build_parser(command)) == help_of(build_parser())
    words = {"check": ["check", "--format", "json", "x.json"], "serve": ["serve", "--stdio"],
             "schema": ["schema", "s.py"], "snapshot": ["snapshot", "--url", "http://h"],
             "diff": ["diff", "a", "b"], "explain": ["explain", "oops"], "rule": ["rule"]}
    assert build_parser(command).parse_args(words[command]) == build_parser().parse_args(
        words[command])
