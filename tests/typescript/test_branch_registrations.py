"""A tool name registered in branches of which one runs (@circleci/mcp-server-circleci 0.20.0:
`if (annotations) server.tool(name, d, shape, annotations, h); else server.tool(name, d, shape,
h)` in a loop over its tools) is registered once: no "already registered" is claimed, and each
branch's tool is derived and linted. Two registrations that both run still make the SDK throw.
The oracle case `branch-registrations` holds what the real SDK lists for each form."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.typescript.test_typescript_files import HEADER, lint, project

from portlint.typescript.reader import analyze

DONE = "async () => ({ content: [] })"

ONE_RUNS = {
    "if-else": f"""if (process.env.A) {{
  server.registerTool("find", {{ description: "One." }}, {DONE});
}} else {{
  server.registerTool("find", {{ description: "Two." }}, {DONE});
}}
""",
    "else-if": f"""if (process.env.A) server.registerTool("find", {{ description: "One." }}, {DONE});
else if (process.env.B) server.registerTool("find", {{ description: "Two." }}, {DONE});
""",
    "ternary": f"""process.env.A
  ? server.registerTool("find", {{ description: "One." }}, {DONE})
  : server.registerTool("find", {{ description: "Two." }}, {DONE});
""",
    "switch": f"""switch (process.env.A) {{
  case "x":
    server.registerTool("find", {{ description: "One." }}, {DONE});
    break;
  default:
    server.registerTool("find", {{ description: "Two." }}, {DONE});
}}
""",
}

BOTH_RUN = {
    "two-ifs": f"""if (process.env.A) server.registerTool("find", {{ description: "One." }}, {DONE});
if (process.env.B) server.registerTool("find", {{ description: "Two." }}, {DONE});
""",
    "branch-then-after": f"""if (process.env.A) {{
  server.registerTool("find", {{ description: "One." }}, {DONE});
}}
server.registerTool("find", {{ description: "Two." }}, {DONE});
""",
    "one-branch-twice": f"""if (process.env.A) {{
  server.registerTool("find", {{ description: "One." }}, {DONE});
  server.registerTool("find", {{ description: "Two." }}, {DONE});
}}
""",
}


@pytest.mark.parametrize("form", sorted(ONE_RUNS))
def test_a_name_registered_in_exclusive_branches_is_registered_once(
        tmp_path: Path, form: str) -> None:
    path = project(tmp_path) / "server.ts"
    text = HEADER + ONE_RUNS[form]
    assert lint(path, text) == []
    tools = analyze(text, path).tools
    assert [(t.name, t.fails_list, (t.entry or {}).get("description")) for t in tools] == [
        ("find", False, "One."), ("find", False, "Two.")]


@pytest.mark.parametrize("form", sorted(BOTH_RUN))
def test_a_name_registered_twice_where_both_run_makes_the_sdk_throw(
        tmp_path: Path, form: str) -> None:
    path = project(tmp_path) / "server.ts"
    text = HEADER + BOTH_RUN[form]
    second = text.index('"find"', text.index('"find"') + 1)
    assert lint(path, text) == [("server-list-fails", "error", '"find"')]
    tools = analyze(text, path).tools
    assert [(t.name, t.fails_list) for t in tools] == [("find", False), ("find", True)]
    line = text[:text.index('server.registerTool("find"')].count("\n") + 1
    assert tools[1].unknown[0][0] == (
        f"the SDK throws \"Tool find is already registered\" at this second registration of "
        f"the name (the first is on line {line}), and the server stops before it answers")
    assert tools[1].name_span == (second, second + 6)
