"""String literals cook as JavaScript cooks them: legacy octal escapes (``"\\1"``, ``"\\01"``,
``"\\477"``, ``"\\8"``) as Node runs a sloppy-mode script, and unknown where they are syntax
errors (strict-mode code: an ES module, TypeScript, a class, ``"use strict"``; any untagged
template literal). A tagged template is never taken as a plain string: ``String.raw`` gives its
raw strings, any other tag is unknown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze

# Each literal as written, and the value Node 20.20.2 gives it in a CommonJS script: `node
# oct.cjs` printing JSON.stringify of each, recorded 2026-12-02.
LEGACY_AND_NODE_VALUES = [
    ('"\\1"', "\u0001"), ('"\\01"', "\u0001"), ('"\\0"', "\u0000"), ('"\\08"', "\u00008"),
    ('"\\477"', "'7"), ('"\\377"', "\u00ff"), ('"\\8"', "8"), ('"\\9"', "9"),
    ('"\\400"', " 0"), ('"a\\12b"', "a\nb"), ('"\\0a"', "\u0000a"), ('"\\001x"', "\u0001x"),
    ('"\\101"', "A"), ('"\\7777"', "?77"),
]
CJS_HEADER = ('const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\n'
              'const { z } = require("zod");\n'
              'const server = new McpServer({ name: "t", version: "1" });\n')
ESM_HEADER = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
              'import { z } from "zod";\n'
              'const server = new McpServer({ name: "t", version: "1" });\n')


def project(root: Path, module_type: str | None = None) -> Path:
    manifest: dict[str, object] = {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2",
                                                    "zod": "3.25.76"}}
    if module_type is not None:
        manifest["type"] = module_type
    (root / "package.json").write_text(json.dumps(manifest))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    return root


def registration(literal: str) -> str:
    return (f'server.tool("t", {literal}, {{ q: z.string().describe({literal}) }}, '
            "async () => ({ content: [] }));\n")


def unknown_findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings]


@pytest.mark.parametrize(("literal", "value"), LEGACY_AND_NODE_VALUES)
@pytest.mark.parametrize("name", ["server.cjs", "server.js"])
def test_a_sloppy_script_cooks_legacy_octal_escapes_as_node_does(
        tmp_path: Path, literal: str, value: str, name: str) -> None:
    path = project(tmp_path) / name
    text = CJS_HEADER + registration(literal)
    path.write_text(text)
    [tool] = analyze(text, path).tools
    assert tool.unknown == []
    assert tool.entry is not None and tool.entry["description"] == value
    assert tool.entry["inputSchema"]["properties"]["q"]["description"] == value


STRICT = "is a syntax error in strict-mode code"


@pytest.mark.parametrize(("name", "module_type", "header", "wrap"), [
    ("server.ts", None, ESM_HEADER, "{}"),  # TypeScript
    ("server.mjs", None, CJS_HEADER, "{}"),  # an ES module by its suffix
    ("server.js", "module", CJS_HEADER, "{}"),  # ... by its package's type
    ("server.js", None, ESM_HEADER, "{}"),  # ... by its imports
    ("server.cjs", None, '"use strict";\n' + CJS_HEADER, "{}"),
    ("server.cjs", None, CJS_HEADER, 'function f() {{\n  "use strict";\n  {}}}\n'),
    ("server.cjs", None, CJS_HEADER, "class Tools {{\n  static {{\n  {}  }}\n}}\n"),
])
@pytest.mark.parametrize("literal", ['"\\1"', '"\\08"', '"\\8"', '"\\477"'])
def test_a_legacy_octal_escape_in_strict_code_is_unknown_schema(
        tmp_path: Path, name: str, module_type: str | None, header: str, wrap: str,
        literal: str) -> None:
    path = project(tmp_path, module_type) / name
    text = header + wrap.format(registration(literal))
    [(rule, severity, where, message)] = unknown_findings(path, text)
    assert (rule, severity, where) == ("unknown-schema", "information", literal)
    assert f"a string JavaScript refuses: the legacy octal escape `{literal[1:-1]}` " \
           f"{STRICT}" in message


@pytest.mark.parametrize("literal", ["`\\1`", "`\\01`", "`a\\08`", "`\\8`", "`${1}\\7`"])
@pytest.mark.parametrize("name", ["server.cjs", "server.ts"])
def test_an_octal_escape_in_a_template_literal_is_unknown_schema(
        tmp_path: Path, literal: str, name: str) -> None:
    path = project(tmp_path) / name
    text = (CJS_HEADER if name.endswith(".cjs") else ESM_HEADER) + registration(literal)
    [(rule, severity, where, message)] = unknown_findings(path, text)
    assert (rule, severity, where) == ("unknown-schema", "information", literal)
    assert "is a syntax error in a template literal" in message


def test_nul_before_a_non_digit_is_nul_in_every_kind_of_literal(tmp_path: Path) -> None:
    path = project(tmp_path) / "server.ts"
    text = ESM_HEADER + registration('"a\\0b"') + registration("`a\\0b`").replace(
        '"t"', '"u"')
    path.write_text(text)
    tools = analyze(text, path).tools
    assert [t.entry["description"] for t in tools if t.entry] == ["a\u0000b", "a\u0000b"]


# String.raw: the values Node 20.20.2 gives them (recorded as above)
RAW_AND_NODE_VALUES = [
    ("String.raw`a\\n\\1${n}\\u{110000}\\\\`", "a\\n\\11\\u{110000}\\\\"),
    ("String.raw`l1\r\nl2`", "l1\nl2"),
    ("String.raw`plain`", "plain"),
]


@pytest.mark.parametrize(("literal", "value"), RAW_AND_NODE_VALUES)
def test_string_raw_gives_the_raw_strings(tmp_path: Path, literal: str, value: str) -> None:
    path = project(tmp_path) / "server.ts"
    text = ESM_HEADER + "const n = 1;\n" + registration(literal)
    path.write_bytes(text.encode())  # the raw line break kept as written
    [tool] = analyze(text, path).tools
    assert tool.unknown == []
    assert tool.entry is not None and tool.entry["description"] == value


@pytest.mark.parametrize("literal", ["dedent`a`", "html`<b>${1}</b>`", "String.raw.call`x`",
                                     "tags.raw`x`", "String.other`x`"])
def test_any_other_tag_is_unknown_schema(tmp_path: Path, literal: str) -> None:
    path = project(tmp_path) / "server.ts"
    text = ESM_HEADER + "const tags = { raw: String.raw };\nfunction dedent(s) { return s; }\n" \
        "const html = dedent;\n" + registration(literal)
    [(rule, severity, where, message)] = unknown_findings(path, text)
    assert (rule, severity, where) == ("unknown-schema", "information", literal)
    tag = literal[:literal.index("`")]
    assert f"a tagged template (tag `{tag}`): its value is whatever the tag function returns" \
        in message


def test_a_shadowed_string_is_not_the_global_one(tmp_path: Path) -> None:
    path = project(tmp_path) / "server.ts"
    text = ESM_HEADER + "const String = { raw: (s) => 'x' };\n" + registration("String.raw`a`")
    [(rule, severity, where, message)] = unknown_findings(path, text)
    assert (rule, severity, where) == ("unknown-schema", "information", "String.raw`a`")
    assert "a tagged template (tag `String.raw`)" in message


def test_a_key_with_a_refused_escape_is_unknown_with_the_escape_named(tmp_path: Path) -> None:
    path = project(tmp_path) / "server.ts"
    text = ESM_HEADER + ('server.tool("t", { "a\\1": z.string() }, async () => '
                         '({ content: [] }));\n')
    [(rule, severity, where, message)] = unknown_findings(path, text)
    assert (rule, severity, where) == ("unknown-schema", "information", '"a\\1"')
    assert f"a key JavaScript refuses: the legacy octal escape `\\1` {STRICT}" in message
