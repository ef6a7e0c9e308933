"""Tools registered the ways real servers register them are found (factories, `add_tool`, the
decorator applied as a call, positional names, loops over literal lists, servers imported from
another module); what cannot be followed is reported at the registration and never reads as a
pass; deep or long model chains end in a finding, not a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.python.analysis import analyze


def _project(tmp_path: Path, files: dict[str, str], pin: str = "mcp==1.30.0\n") -> Path:
    (tmp_path / "requirements.txt").write_text(pin, encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _names(path: Path) -> list[str]:
    return [t.name for t in analyze(path.read_text(encoding="utf-8"), path).tools
            if t.input_schema is not None]


def test_every_registration_form_is_found(tmp_path: Path) -> None:
    source = '''from mcp.server.fastmcp import FastMCP


def create_server() -> FastMCP:
    server = FastMCP("f")

    @server.tool("from_factory")
    def made(x: int) -> int:
        return x

    return server


def a(x: int) -> int:
    return x


def b(x: int) -> int:
    return x


def c(x: int) -> int:
    return x


def d(x: int) -> int:
    return x


mcp = FastMCP("m")
mcp.tool(name="called")(a)
mcp.add_tool(b, name="added")
for f in (c, d):
    mcp.tool()(f)
'''
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    assert _names(path) == ["from_factory", "called", "added", "c", "d"]


def test_a_server_imported_from_another_module_is_followed(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "app/__init__.py": "",
        "app/server.py": 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n',
        "app/tools.py": "from .server import mcp\n\n\n@mcp.tool()\ndef ping(host: str) -> str:\n"
                        "    return host\n"})
    assert _names(root / "app" / "tools.py") == ["ping"]


def test_an_unresolvable_registration_is_reported_where_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n'
              'NAMES = compute()\n\n\ndef run(text: str) -> str:\n    return text\n\n\n'
              'mcp.tool(name=NAMES[0])(run)\n')
    root = _project(tmp_path, {"server.py": source})
    assert main(["check", "--format", "json", str(root)]) == 0
    report = json.loads(capsys.readouterr().out)
    [finding] = report["findings"]
    # the schema does not depend on the name: the tool is derived and checked, its name is not
    # read (one unknown-schema finding; the tool is not counted as not derived)
    assert [report["summary"][k] for k in ("tools_checked", "files_checked", "tools_not_derived",
                                           "tool_lists_not_derived")] == [1, 1, 0, 0]
    assert (finding["rule"], finding["severity"]) == ("unknown-schema", "information")
    assert (finding["location"], finding["end_location"]) == (
        {"line": 11, "column": 15}, {"line": 11, "column": 23})
    assert finding["message"] == (
        "The name of the tool `run` registers is not read: the tool's name is computed at run "
        "time (`NAMES[0]`). Its schemas are derived and linted; the tool-name rules are not "
        "applied to it.")
    assert main(["check", str(root)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[-1] == "0 errors, 0 warnings, 1 info in 1 of 1 file."


def test_a_loop_over_something_else_is_reported(tmp_path: Path) -> None:
    source = ('from mcp.server.fastmcp import FastMCP\nimport tools\n\nmcp = FastMCP("x")\n'
              'for f in tools.ALL:\n    mcp.add_tool(f)\n')
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    [tool] = analyze(path.read_text(encoding="utf-8"), path).tools
    assert tool.input_schema is None
    assert "`tools.ALL`, which is not a literal list" in tool.unknown[0].reason


@pytest.mark.parametrize("count", [260, 1000])
def test_a_long_chain_of_models_ends_in_a_finding_not_a_crash(count: int) -> None:
    lines = ["from pydantic import BaseModel", "from mcp.server.fastmcp import FastMCP",
             'mcp = FastMCP("deep")', "class M0(BaseModel):", "    x: int = 0"]
    for i in range(1, count):
        lines += [f"class M{i}(BaseModel):", f"    inner: M{i - 1}"]
    lines += ["@mcp.tool()", f"def deep(m: M{count - 1}) -> int:", "    return 0"]
    result = lint_text("\n".join(lines) + "\n", "server.py")
    unknown = [f for f in result.findings if f.rule == "unknown-schema"]
    assert unknown and "models nest more than 60 levels deep" in unknown[0].message
    assert not result.crashes


@pytest.mark.parametrize("count", [260, 1000])
def test_a_long_chain_of_subclasses_ends_in_a_finding_not_a_crash(count: int) -> None:
    lines = ["from pydantic import BaseModel", "from mcp.server.fastmcp import FastMCP",
             'mcp = FastMCP("deep")', "class M0(BaseModel):", "    x: int = 0"]
    for i in range(1, count):
        lines += [f"class M{i}(M{i - 1}):", f"    f{i}: int = {i}"]
    lines += ["@mcp.tool()", f"def deep(m: M{count - 1}) -> int:", "    return 0"]
    result = lint_text("\n".join(lines) + "\n", "server.py")
    unknown = [f for f in result.findings if f.rule == "unknown-schema"]
    assert unknown and "inherits through more than 60 classes" in unknown[0].message


def test_a_name_portlint_cannot_read_is_not_linted_as_a_name() -> None:
    source = ('from mcp.types import Tool\nNAME = make_name()\n\n'
              'TOOLS = [Tool(name=NAME, inputSchema={"type": "object", "properties": {}})]\n')
    result = lint_text(source, "server.py")
    # no `tool-name` about a placeholder: the name is said to be unknown, where it is written
    assert [(f.rule, source[f.span[0]:f.span[1]], f.message) for f in result.findings] == [
        ("unknown-schema", "NAME", "The name of a tool is not read: the tool's name is "
         "computed at run time (`NAME`). Its schemas are derived and linted; the tool-name "
         "rules are not applied to it.")]


def test_a_computed_name_of_a_decorated_tool_is_not_linted_as_a_name() -> None:
    # the decorator form: the schema is linted, the name is not (with `name="my tool"` this
    # tool has a tool-name finding: a finding about a guessed name would be wrong)
    source = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\nPREFIX = load()\n\n'
              '\n@mcp.tool(name=PREFIX + "my tool")\ndef read(path: str | list[str]) -> str:\n'
              '    return ""\n')
    result = lint_text(source, "server.py")
    assert [(f.rule, source[f.span[0]:f.span[1]]) for f in result.findings] == [
        ("unknown-schema", 'PREFIX + "my tool"'),
        ("list-as-text", "str | list[str]")]
    written = lint_text(source.replace('PREFIX + "my tool"', '"my tool"'), "server.py")
    assert [f.rule for f in written.findings] == ["tool-name", "list-as-text"]


def test_a_list_returned_as_text_is_not_an_argument_hazard() -> None:
    source = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n'
              '@mcp.tool()\ndef paths(q: str) -> str | list[str]:\n    return q\n')
    result = lint_text(source, "server.py")
    assert "list-as-text" not in [f.rule for f in result.findings]
    with_argument = source.replace("q: str)", "q: str | list[str])")
    [finding] = [f for f in lint_text(with_argument, "server.py").findings
                 if f.rule == "list-as-text"]
    assert finding.path == "inputSchema.properties.q"


def test_a_type_nested_past_the_bound_ends_in_a_finding_not_a_crash() -> None:
    annotation = "list[" * 180 + "int" + "]" * 180
    source = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n'
              f"@mcp.tool()\ndef f(x: {annotation}) -> int:\n    return 1\n")
    result = lint_text(source, "server.py")
    rules = [f.rule for f in result.findings]
    assert rules in (["unknown-schema"], ["parse-error"])  # the parser may refuse it first
    if rules == ["unknown-schema"]:
        assert "types nest more than 150 levels deep" in result.findings[0].message


def test_a_computed_name_leaves_the_schemas_derived(tmp_path: Path) -> None:
    # neo4j's servers: `@mcp.tool(name=namespace_prefix + "read")` in a factory. What the
    # server calls the tool depends on its configuration; its schemas do not, and are derived
    # exactly as for the tool written with a literal name (which the oracle projects hold to
    # the frameworks)
    body = ('    @mcp.tool(name={name}, description="Read.")\n'
            '    def read(path: str, size: int = 10) -> dict[str, int]:\n'
            '        return {{path: size}}\n\n    return mcp\n')
    head = ('from mcp.server.fastmcp import FastMCP\n\n\ndef create(namespace: str = ""):\n'
            '    mcp = FastMCP("x")\n    prefix = f"{namespace}-" if namespace else ""\n\n')
    (tmp_path / "computed").mkdir()
    (tmp_path / "literal").mkdir()
    computed = _project(tmp_path / "computed", {"server.py": head + body.format(
        name='prefix + "read"')}) / "server.py"
    literal = _project(tmp_path / "literal", {"server.py": head + body.format(
        name='"read"')}) / "server.py"
    [tool] = analyze(computed.read_text(encoding="utf-8"), computed).tools
    [written] = analyze(literal.read_text(encoding="utf-8"), literal).tools
    assert (tool.resolved_name, written.resolved_name) == (False, True)
    assert tool.input_schema is not None
    assert (tool.input_schema, tool.output_schema, tool.description) == (
        written.input_schema, written.output_schema, written.description)
    assert [u.reason for u in tool.unknown] == [
        "the tool's name is computed at run time (`prefix + 'read'`)"]
    assert written.unknown == []


def test_a_computed_description_leaves_the_schemas_derived_and_says_so() -> None:
    # mcp-alchemy: `@mcp.tool(description=f"... {DB_INFO}")` — the words are unknown, the
    # schemas are not (the message said "the output schema cannot be derived")
    source = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\nINFO = load()\n\n\n'
              '@mcp.tool(description=f"Tables. {INFO}")\ndef tables(q: str | list[str]) -> str:\n'
              '    return ""\n')
    result = lint_text(source, "server.py")
    assert [(f.rule, source[f.span[0]:f.span[1]], f.message) for f in result.findings] == [
        ("unknown-schema", 'f"Tables. {INFO}"',
         "The description of tool `tables` cannot be read without running code: the tool's "
         "description is computed at run time (`f'Tables. {INFO}'`). Its schemas are derived "
         "and linted."),
        ("list-as-text", "str | list[str]", result.findings[1].message)]


def test_a_computed_description_of_a_low_level_tool_says_so() -> None:
    source = ('from mcp.types import Tool\nINFO = load()\n\n'
              'TOOLS = [Tool(name="t", description=INFO, inputSchema={"type": "object", '
              '"properties": {"q": {"type": "dict"}}})]\n')
    result = lint_text(source, "server.py")
    assert [(f.rule, source[f.span[0]:f.span[1]], f.message) for f in result.findings] == [
        ("unknown-schema", "INFO", "The description of tool `t` cannot be read: the tool's "
         "description is computed at run time (`INFO`). Its schemas are read and linted."),
        ("invalid-schema", '"dict"', result.findings[1].message)]


@pytest.mark.parametrize(("title", "expected"), [
    ("", None),  # fastmcp 4 makes the title from the name, which is not known
    (', title="Read files"', "Read files"),  # written: sent as it is
])
def test_fastmcp_4s_title_from_a_computed_name_is_not_guessed(
        tmp_path: Path, title: str, expected: str | None) -> None:
    source = ('from fastmcp import FastMCP\n\nmcp = FastMCP("x")\nPREFIX = load()\n\n\n'
              f'@mcp.tool(name=PREFIX + "read"{title})\ndef read(path: str) -> str:\n'
              '    return path\n')
    path = _project(tmp_path, {"server.py": source}, pin="fastmcp==4.2.3\n") / "server.py"
    [tool] = analyze(path.read_text(encoding="utf-8"), path).tools
    assert (tool.resolved_name, tool.title, tool.input_schema is not None) == (
        False, expected, True)
    reason = "the tool's name is computed at run time (`PREFIX + 'read'`)"
    assert tool.unknown[0].reason == (
        reason + ", and so is the title fastmcp 4 makes from it" if expected is None
        else reason)
