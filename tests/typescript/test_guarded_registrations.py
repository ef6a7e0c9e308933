"""A registration a condition surely keeps from running registers nothing
(portlint/typescript/guards.py): a constant of the module, or an item of a loop portlint unrolls,
decides the `if`, the conditional expression, the `&&`/`||` and the `if (...) continue;` around
it. A condition known at run time only keeps the call: the tool is read and linted. The oracle
case `guarded-registrations` holds what the real SDK lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.typescript.test_typescript_files import HEADER, project

from portlint.typescript.reader import analyze

DONE = "async () => ({ content: [] })"


def _names(tmp_path: Path, body: str) -> list[str]:
    path = project(tmp_path) / "server.ts"
    text = HEADER + body
    path.write_text(text)
    return [tool.name for tool in analyze(text, path).tools]


def _tool(name: str) -> str:
    return f'server.registerTool("{name}", {{ description: "D." }}, {DONE});'


@pytest.mark.parametrize(("body", "listed"), [
    (f"const OFF = false;\nif (OFF) {_tool('a')}\n{_tool('b')}\n", ["b"]),
    (f"const OFF = false;\nif (OFF) {_tool('a')}\nelse {_tool('b')}\n", ["b"]),
    (f"const ON = 1;\nif (!ON) {_tool('a')}\n", []),
    (f'const MODE = "full";\nif (MODE === "lite") {_tool("a")}\n'
     f'if (MODE !== "lite") {_tool("b")}\n', ["b"]),
    (f"const MAYBE = null;\nif (MAYBE == undefined) {_tool('a')}\n"
     f"if (MAYBE === undefined) {_tool('b')}\n", ["a"]),
    (f"const ON = true;\nON && {_tool('a')}\nON || {_tool('b')}\n", ["a"]),
    (f'const N = 0;\nN ? {_tool("a")[:-1]} : {_tool("b")}\n', ["b"]),
    (f'const S = "";\nif (S || "x") {_tool("a")}\nif ({{}}) {_tool("b")}\n', ["a", "b"]),
])
def test_a_constant_condition_decides_whether_the_call_runs(
        tmp_path: Path, body: str, listed: list[str]) -> None:
    assert _names(tmp_path, body) == listed


def test_an_item_of_an_unrolled_loop_decides_each_registration(tmp_path: Path) -> None:
    body = f"""const tools = [
  {{ name: "on", enabled: true, annotations: {{ readOnlyHint: true }} }},
  {{ name: "off", enabled: false }},
  {{ name: "unset" }},
];
for (const tool of tools) {{
  if (!tool.enabled) continue;
  if (tool.annotations) server.tool(tool.name, {{ q: z.string() }}, tool.annotations, {DONE});
  else server.tool(tool.name, {{ q: z.string() }}, {DONE});
}}
tools.forEach((tool) => {{
  if (tool.enabled === false) return;
  server.registerTool(`each_${{tool.name}}`, {{ description: "D." }}, {DONE});
}});
"""
    path = project(tmp_path) / "server.ts"
    text = HEADER + body
    path.write_text(text)
    tools = analyze(text, path).tools
    assert [(t.name, (t.entry or {}).get("annotations")) for t in tools] == [
        ("on", {"readOnlyHint": True}), ("each_on", None), ("each_unset", None)]


@pytest.mark.parametrize("body", [
    f'if (process.env.EXTRA === "1") {_tool("a")}\n',
    f"let skip = true;\nif (process.env.X) skip = false;\nif (skip) {_tool('a')}\n",
    f"var off = false;\noff = true;\noff || {_tool('a')}\n",
    f"function later(flag: boolean) {{\n  if (!flag) return;\n  {_tool('a')}\n}}\nlater(true);\n",
    f"const OFF = false;\nif (OFF) {{\n  function define() {{ {_tool('a')} }}\n}}\n",
])
def test_a_condition_known_at_run_time_keeps_the_call(tmp_path: Path, body: str) -> None:
    # the last: a condition outside the function says nothing of when the function is called
    assert _names(tmp_path, body) == ["a"]


def test_a_condition_nested_past_what_is_read_keeps_the_call(tmp_path: Path) -> None:
    # 3,000 operators one inside the other: read to a bounded depth, never a crash
    chain = " && ".join(["ON"] * 3000)
    assert _names(tmp_path, f"const ON = true;\nif ({chain}) {_tool('a')}\n") == ["a"]
    assert _names(tmp_path, f"const ON = true;\nif ({'!' * 3001}ON) {_tool('b')}\n") == ["b"]
