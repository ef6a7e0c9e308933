"""Hostile TypeScript: broken syntax, huge files, deep nesting, hostile identifiers, import
cycles, generated junk. The reader answers each with findings or one clear finding, in bounded
time — it never crashes, never hangs. Each runs as its own `portlint check` process (a hang
guard, not a performance target)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings

HEADER = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
          'import { z } from "zod";\nconst server = new McpServer({ name: "h", version: "1" });\n')


@pytest.fixture(autouse=True)
def _project(tmp_path: Path) -> None:
    """Each test's folder is a project that pins the SDK and Zod (without them which Zod
    converts the schemas is not known, and every tool is unknown-schema)."""
    versions = {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": versions}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        f"node_modules/{name}": {"version": version} for name, version in versions.items()}}))


def _check(path: Path) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           "--exit-zero", str(path)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def _rules(report: dict[str, Any]) -> list[str]:
    return sorted({f["rule"] for f in report["findings"]})


def test_deeply_nested_zod_is_reported_not_crashed(tmp_path: Path) -> None:
    depth = 3000
    schema = "z.object({ a: " * depth + "z.string()" + " })" * depth
    path = tmp_path / "deep.ts"
    path.write_text(HEADER + f'server.tool("deep", {{ x: {schema} }}, async () => ({{}}));\n')
    assert _rules(_check(path)) == ["unknown-schema"]


def test_nesting_past_the_searchable_depth_is_reported(tmp_path: Path) -> None:
    """50,000 nested calls are 100,000 syntax-tree levels, past the 65,535 that tree-sitter's
    query cursor counts (it then missed nodes, and searched in quadratic time: 100 s for
    48,000): one finding at the first level past the reader's limit, in bounded memory (found
    by `bench/fuzz.py --typescript`)."""
    import resource

    depth = 50_000
    schema = "z.array(" * depth + "z.number()" + ")" * depth
    path = tmp_path / "deep.ts"
    line = f'server.tool("deep", {{ x: {schema} }}, async () => ({{}}));\n'
    path.write_text(HEADER + line)
    cap = 1536 * 1024 * 1024

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           str(path)], capture_output=True, text=True, timeout=300,
                          preexec_fn=capped)
    assert "Traceback" not in proc.stderr and proc.returncode == 1, proc.stderr[-2000:]
    [finding] = json.loads(proc.stdout)["findings"]
    column = len('server.tool("deep", { x: ') + 8 * 29_997 + 1  # 2 levels per nested call
    assert (finding["rule"], finding["severity"], finding["path"]) == (
        "document-too-large", "error", "")
    assert (finding["location"], finding["end_location"]) == (
        {"line": 4, "column": column}, {"line": 4, "column": column + 1})
    assert finding["message"] == ("The module nests deeper than 60,000 levels, the limit of the "
                                  "TypeScript reader's search; its tools were not read")
    assert line[column - 1:column + 7] == "z.array("


def test_an_escape_past_the_last_code_point_is_unknown_not_a_crash(tmp_path: Path) -> None:
    """`\\u{110000}` names no character (JavaScript refuses the file): the string's value is
    unknown, where `chr()` raised ValueError out of the reader and the whole lint before (found
    by `bench/fuzz.py --typescript`)."""
    text = (HEADER + 'server.tool("a\\u{110000}", { x: z.string() }, async () => ({}));\n'
            'server.tool("b", { x: z.enum(["\\u{FFFFFFFFFFFFFFFFFFFF}"]) }, async () => ({}));\n'
            'server.tool("ok\\u{41}", { x: z.literal("\\u{0000042}") }, async () => ({}));\n')
    path = tmp_path / "server.ts"
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    found = [(f.rule, f.tool, f.span, f.message) for f in result.findings]
    reason = ("The name of a tool is not read (a string JavaScript refuses: the escape "
              "`\\u{110000}` names no code point). Its schemas are derived and linted; the "
              "tool-name rules are not applied to it.")
    first, second = text.index('"a\\u'), text.index('"\\u{FFFF')
    assert found == [
        ("unknown-schema", None, (first, first + len('"a\\u{110000}"')), reason),
        ("unknown-schema", None, (second, second + len('"\\u{FFFFFFFFFFFFFFFFFFFF}"')),
         "The schema of tool `b` cannot be derived statically: an enum value is not a "
         "literal."),
    ]
    [tool] = [t for t in result.source.documents[0].value["tools"] if t.get("name") == "okA"]
    assert tool["inputSchema"]["properties"]["x"] == {"type": "string", "const": "B"}


def test_deeply_nested_parentheses_and_arrays(tmp_path: Path) -> None:
    path = tmp_path / "parens.ts"
    path.write_text(HEADER + "const x = " + "(" * 5000 + "1" + ")" * 5000 + ";\n"
                    + "const y = " + "[" * 5000 + "]" * 5000 + ";\n"
                    + 'server.tool("p", { a: z.number().max(x) }, async () => ({}));\n')
    assert "parse-error" not in _rules(_check(path)) or True  # answered, either way


def test_a_huge_server_module_is_linted(tmp_path: Path) -> None:
    lines = [HEADER]
    for i in range(1000):
        lines.append(f'server.tool("t{i}", {{ a{i}: z.string().describe("field {i}"), '
                     f'b: z.union([z.string(), z.array(z.string())]) }}, async () => ({{}}));\n')
    path = tmp_path / "huge.ts"
    path.write_text("".join(lines))
    report = _check(path)
    assert _rules(report) == ["list-as-text"]
    assert report["summary"]["tools_checked"] == 1000


def test_hostile_identifiers_and_strings(tmp_path: Path) -> None:
    path = tmp_path / "names.ts"
    path.write_text(HEADER + 'const \\u0061bc = z.string();\n'
                    'const 𝒳 = z.number();\n'
                    'server.tool("\\u{1F600}\\uD83D\\uDE00 \\0", { "__proto__": abc, constructor:'
                    ' 𝒳, "a\\nb": z.string().describe("\\u2028") }, async () => ({}));\n')
    report = _check(path)
    assert "parse-error" not in _rules(report)


def test_import_cycles_and_self_references(tmp_path: Path) -> None:
    (tmp_path / "a.ts").write_text('export * from "./b.js";\nexport { X } from "./b.js";\n')
    (tmp_path / "b.ts").write_text('export * from "./a.js";\nexport { X } from "./a.js";\n')
    path = tmp_path / "server.ts"
    path.write_text(HEADER + 'import { X } from "./a.js";\nconst S = S;\n'
                    'const T = { ...T };\n'
                    'server.tool("c", { x: X, s: S }, async () => ({}));\n'
                    'server.tool("d", T, async () => ({}));\n')
    assert _rules(_check(path)) == ["unknown-schema"]


@pytest.mark.parametrize("seed", range(12))
def test_mangled_server_modules_never_crash_the_reader(seed: int, tmp_path: Path) -> None:
    """A realistic server module with random cuts, duplications and insertions."""
    rng = random.Random(seed)
    source = (Path(__file__).resolve().parent.parent / "typescript" / "oracle" / "cases"
              / "mixed-real-world" / "server.ts").read_text()
    text = source
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(0, 40))
        action = rng.choice(("cut", "dup", "insert"))
        if action == "cut":
            text = text[:i] + text[j:]
        elif action == "dup":
            text = text[:i] + text[i:j] * rng.randint(2, 20) + text[i:]
        else:
            text = text[:i] + rng.choice(("{", "}", "(", ")", "`${", "/*", "'", "z.", "...",
                                          "\udcff", "\x00", "as const", "=>")) + text[i:]
    path = tmp_path / "server.ts"
    try:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    except UnicodeEncodeError:
        return
    result = lint_text(text, str(path), Settings())
    for finding in result.findings:
        assert 0 <= finding.span[0] <= finding.span[1] <= len(text)


def test_many_calls_of_an_imported_registering_helper_cost_linear_work(tmp_path: Path) -> None:
    """Each call of a helper another module exports is read as the registration it makes
    (ToolFinder._helper_registrations): the helper's statements are walked once, however many
    calls there are, each call read once."""
    from portlint.typescript.reader import analyze
    from tests.robustness.work import assert_linear

    body = "".join(f'  const c{i} = {{ description: "x{i}" }};\n' for i in range(200))
    (tmp_path / "register.ts").write_text(
        HEADER.replace("const server", "export const unused") + 'export function reg(server, '
        f'name, config) {{\n{body}  server.registerTool(name, {{ description: config.description,'
        ' inputSchema: config.shape }, async () => ({ content: [] }));\n}\n')
    path = tmp_path / "tools.ts"

    def make(n: int) -> Callable[[], object]:
        text = 'import { reg } from "./register.js";\nexport function add(server) {\n' + "".join(
            f'  reg(server, "t{i}", {{ description: "d", shape: {{}} }});\n' for i in range(n)) + "}\n"
        path.write_text(text)
        return lambda: analyze(text, path)

    make(3)
    assert [t.name for t in analyze(path.read_text(), path).tools] == ["t0", "t1", "t2"]
    assert_linear(make, 40)
