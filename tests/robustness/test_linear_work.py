"""No input costs more than linear work: each case scales its input 10× and holds the work (calls
counted by tests/robustness/work.py, not seconds) to about 10× — fixes applied in one pass
(thousands of them), the diff of the fixes, SARIF regions on a minified one-line tools/list,
multi-document YAML (read and fixed), suppressions, globs, nesting at any depth, long number
literals, and every rule on documents that are wide (thousands of siblings) or deep (thousands of
levels). Fix-all once per document version is held by tests/lsp/test_load.py (a count of
computations, the editor's side of the same cost)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from portlint.fixer import fix_all
from portlint.fixes.textdiff import unified_diff
from portlint.globs import compile_glob
from portlint.linter import lint_text
from portlint.report.sarif import render_sarif
from portlint.report.summary import FileResult
from portlint.settings import Settings
from tests.robustness.work import assert_linear, growth

EVERY_TARGET = Settings(targets=("all",))


def _tools(n: int, indent: int | None = 2) -> str:
    return json.dumps({"tools": [
        {"name": f"t{i}", "description": "🌦 weather",
         "inputSchema": {"type": "object", "properties": {"a": True}}} for i in range(n)]},
        indent=indent, ensure_ascii=False)


def test_fix_all_is_one_pass_over_thousands_of_fixes() -> None:
    def make(n: int) -> Callable[[], object]:
        text = _tools(n)
        return lambda: fix_all(text, lambda t: lint_text(t, "tools.json"))

    outcome = fix_all(_tools(2000), lambda t: lint_text(t, "tools.json"))
    assert outcome.applied == 2000 and '"a": {}' in outcome.text and "true" not in outcome.text
    assert assert_linear(make, 200) >= 5


def _yaml_tools(n: int) -> str:
    return "tools:\n" + "".join(
        f"  - name: t{i}\n    inputSchema:\n      type: object\n      properties:\n"
        f"        a: true\n" for i in range(n))


def _yaml_stream(n: int) -> str:
    return "---\n".join(f"name: t{i}\ninputSchema:\n  type: object\n  properties:\n"
                        "    a: true\n" for i in range(n))


@pytest.mark.parametrize("build", [_yaml_tools, _yaml_stream], ids=["block-list", "stream"])
def test_fix_all_in_yaml_is_one_pass(build: Callable[[int], str]) -> None:
    """YAML's writer reads line starts and the indentation step off one text style, however
    many fixes and documents (a stream of n documents fixed: not n re-reads of the text)."""
    def make(n: int) -> Callable[[], object]:
        text = build(n)
        return lambda: fix_all(text, lambda t: lint_text(t, "tools.yaml"))

    outcome = fix_all(build(300), lambda t: lint_text(t, "tools.yaml"))
    assert outcome.applied == 300 and outcome.text.count("a: {}") == 300
    assert "true" not in outcome.text
    assert assert_linear(make, 50) >= 5


def test_the_diff_of_thousands_of_fixes() -> None:
    def make(n: int) -> Callable[[], object]:
        text = _tools(n)
        outcome = fix_all(text, lambda t: lint_text(t, "tools.json"))
        assert outcome.changes is not None
        regions = outcome.changes.regions
        return lambda: unified_diff(text, outcome.text, regions, "a/t.json", "b/t.json")

    assert assert_linear(make, 300) >= 5


def test_sarif_on_a_minified_tools_list() -> None:
    def make(n: int) -> Callable[[], object]:
        text = _tools(n, indent=None)  # one line
        result = lint_text(text, "tools.json")
        assert len(result.findings) == n
        return lambda: render_sarif([FileResult("tools.json", text, list(result.findings))])

    assert assert_linear(make, 200) >= 5


@pytest.mark.parametrize("fmt", ["text", "github", "json"])
def test_every_other_report_format_on_a_minified_tools_list(fmt: str) -> None:
    """Positions for the text, GitHub and JSON reports come from the line index too: a one-line
    list with a finding per tool is not re-scanned from its start for each."""
    from portlint.cli.check import _render

    def make(n: int) -> Callable[[], object]:
        text = _tools(n, indent=None)
        result = lint_text(text, "tools.json")
        assert len(result.findings) == n
        return lambda: _render(fmt, [FileResult("tools.json", text, list(result.findings))])

    assert assert_linear(make, 200) >= 5


def test_sarif_on_a_one_line_yaml_flow_list() -> None:
    def make(n: int) -> Callable[[], object]:
        text = "{tools: [" + ", ".join(
            f"{{name: t{i}, inputSchema: {{type: object, properties: {{a: true}}}}}}"
            for i in range(n)) + "]}\n"
        result = lint_text(text, "tools.yaml")
        assert len(result.findings) == n
        return lambda: render_sarif([FileResult("tools.yaml", text, list(result.findings))])

    assert assert_linear(make, 200) >= 5


def test_multi_document_yaml_is_read_once() -> None:
    def make(n: int) -> Callable[[], object]:
        text = "---\n".join(f"name: t{i}\ninputSchema:\n  type: object\n  properties:\n"
                            f"    a: true\n" for i in range(n))
        return lambda: lint_text(text, "tools.yaml")

    assert assert_linear(make, 100) >= 5


def test_suppressions_are_looked_up() -> None:
    def make(n: int) -> Callable[[], object]:
        text = "tools:\n" + "".join(
            f"  - name: t{i}\n    inputSchema:\n      type: object\n      properties:\n"
            f"        a: true  # portlint: ignore[boolean-schema]\n" for i in range(n))
        return lambda: lint_text(text, "tools.yaml")

    result = lint_text("name: t\ninputSchema:\n  type: object\n  properties:\n"
                       "    a: true  # portlint: ignore[boolean-schema]\n", "t.yaml")
    assert "boolean-schema" not in [f.rule for f in result.findings]
    assert assert_linear(make, 100) >= 5


@pytest.mark.parametrize("pattern", ["*a*a*a*a*a*a*a*a*a*b", "**/**/**/**/x/**/y", "[!b]*?*?*?c"])
def test_glob_matching_does_not_backtrack(pattern: str) -> None:
    glob = compile_glob(pattern)

    def make(n: int) -> Callable[[], object]:
        path = "a" * n
        return lambda: glob.match(path)

    assert not glob.match("a" * 2000)
    assert assert_linear(make, 2000) <= 14


def _anyof(depth: int) -> str:
    return ('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": '
            + '{"anyOf": [' * depth + '{"type": "string"}' + "]}" * depth + "}}}")


def test_nesting_depth_costs_linear_work() -> None:
    def make(n: int) -> Callable[[], object]:
        text = _anyof(n)
        return lambda: lint_text(text, "t.json")

    assert assert_linear(make, 1000) >= 5


def _sink(child: Any) -> dict[str, Any]:
    """A schema object that gives most rules something to say."""
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": ["object", "null"],
        "properties": {"p": child, "q": True, "r": {"const": 1}, "s": {"enum": [1, "a"]},
                       "t": {"type": "string", "minLength": 1, "format": "x"},
                       "u": {"type": "array"}, "v": {"description": "free"}},
        "required": ["p", "missing"],
        "oneOf": [{"type": "string"}, {"type": "number"}],
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
        "allOf": [{"required": ["zz"]}],
        "$ref": "#/$defs/x",
        "$defs": {"x": {"type": "string"}},
        "additionalProperties": {"type": "string"},
        "patternProperties": {"^a": {}},
        "items": [{"type": "string"}],
        "examples": [1],
    }


def test_every_rule_on_a_wide_document() -> None:
    def make(n: int) -> Callable[[], object]:
        schema = {"type": "object", "properties": {f"p{i}": _sink(True) for i in range(n)}}
        text = json.dumps({"name": "t", "inputSchema": schema, "outputSchema": schema})
        return lambda: lint_text(text, "t.json", EVERY_TARGET)

    assert assert_linear(make, 20) >= 5


def _deep_sinks(depth: int) -> str:
    prefix, suffix = json.dumps(_sink("@")).split('"@"')
    return '{"name": "t", "inputSchema": ' + prefix * depth + "true" + suffix * depth + "}"


def test_every_rule_on_a_deep_document() -> None:
    """Findings at every level: past the report budget the rest is one finding, so the work
    stays linear even though the findings' paths alone would be quadratic."""
    def make(n: int) -> Callable[[], object]:
        text = _deep_sinks(n)
        return lambda: lint_text(text, "t.json", EVERY_TARGET)

    assert growth(make, 300) <= 14
    rules = [f.rule for f in lint_text(_deep_sinks(5000), "t.json", EVERY_TARGET).findings]
    assert rules.count("document-too-large") == 1
    assert "internal-error" not in rules


def test_repeated_keys_at_every_level() -> None:
    def make(n: int) -> Callable[[], object]:
        text = '{"a": 1, "a": ' * n + "true" + "}" * n
        return lambda: lint_text(text, "t.json", assume_schema=True)

    assert growth(make, 2000) <= 14


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_many_long_literals_cost_linear_work(fmt: str) -> None:
    """Literals longer than `int()` converts, one per tool: read as text, each once (the
    length of one literal is held to linear work in tests/engine/test_long_literals.py)."""
    digits = "7" * 5000

    def make(n: int) -> Callable[[], object]:
        if fmt == "json":
            text = json.dumps({"tools": [{"name": f"t{i}", "inputSchema": {
                "type": "object", "maximum": 0}} for i in range(n)]}).replace(
                '"maximum": 0', f'"maximum": {digits}')
        else:
            text = "tools:\n" + "".join(
                f"  - name: t{i}\n    inputSchema:\n      type: object\n"
                f"      maximum: {digits}\n" for i in range(n))
        return lambda: lint_text(text, f"tools.{fmt}")

    assert assert_linear(make, 20) >= 5


def test_a_long_literal_in_yaml_is_read_in_linear_work() -> None:
    def make(n: int) -> Callable[[], object]:
        text = "name: t\ninputSchema:\n  type: object\n  maximum: " + "7" * n + "\n"
        return lambda: lint_text(text, "t.yaml")

    assert_linear(make, 20_000)


def _python_project(folder: Path, modules: int) -> Path:
    """A project whose entry point gives its server to a `register(mcp)` of each of its tool
    modules: every module's analysis looks for the callers of `register` in all of them."""
    folder.mkdir(parents=True)
    (folder / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    package = folder / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for i in range(modules):
        (package / f"tools_{i}.py").write_text(
            f"def register(mcp):\n    @mcp.tool()\n    def tool_{i}(a: int) -> int:\n"
            f"        \"\"\"Tool {i}.\"\"\"\n        return a\n", encoding="utf-8")
    (package / "main.py").write_text(
        "from fastmcp import FastMCP\n" + "".join(
            f"from pkg import tools_{i}\n" for i in range(modules)) + "mcp = FastMCP('x')\n"
        + "".join(f"tools_{i}.register(mcp)\n" for i in range(modules)), encoding="utf-8")
    return folder


def test_checking_every_module_of_a_python_project_is_linear_in_its_modules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each module's analysis reads the project's other modules: what they hold is read once
    for the run (portlint/python/modules.py, portlint/run_scope.py), not once per module — 200
    such modules took 17.5 s of CPU, growing with their square."""
    from portlint.cli.main import main

    made = iter(range(1000))

    def make(n: int) -> Callable[[], object]:
        project = _python_project(tmp_path / f"p{next(made)}", n)
        return lambda: main(["check", "--jobs", "1", "--format", "concise", str(project)])

    assert assert_linear(make, 6) >= 5
    capsys.readouterr()
