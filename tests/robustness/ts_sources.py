"""Random and hostile TypeScript server modules for the TypeScript reader (shared by
tests/robustness and ``bench/fuzz.py --typescript``): mutations of the oracle corpus' real-world
modules (tests/typescript/oracle/cases), modules of random Zod expressions, and hostile ones —
nesting thousands of levels deep in every construct the reader evaluates, integer literals
longer than ``int()`` converts, huge strings and templates."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.robustness.generators import odd_name

CASES = Path(__file__).resolve().parents[1] / "typescript" / "oracle" / "cases"
HEADER = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
          'import { z } from "zod";\nconst server = new McpServer({ name: "h", version: "1" });\n')
VERSIONS = {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}
_TOKENS = ("{", "}", "(", ")", "[", "]", "`${", "${", "/*", "*/", "//", "'", '"', "z.", "...",
           "\x00", "\ufeff", "\u202e", "as const", "=>", ";", ",", ".optional()", ".describe(",
           "z.object({", "z.lazy(() => ", "satisfies", "<T>", "enum E {", "export * from './x'",
           "import x from './server'", "9" * 400, "0x", "1e999", "\\u{110000}", "#!",
           # legacy octal escapes, tagged templates, aliased imports, server parameters
           '"\\1"', '"\\08"', '"\\477"', "`\\01`", "String.raw`", "tag`", '"use strict";',
           "import { s } from '@/x'", "(server) => server.tool(", "function f(server) {")


def case_modules() -> list[Path]:
    """The corpus' server modules (each case folder is copied whole, for its imports)."""
    return sorted(p for p in CASES.glob("*/*") if p.suffix in (".ts", ".mjs", ".js"))


@contextmanager
def project(folder: Path, case: Path | None = None) -> Iterator[Path]:
    """A folder that pins the SDK and Zod (as a project's lock file does), with a case's
    modules copied into it; yields where the module under test is written."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({"dependencies": VERSIONS}))
    (folder / "package-lock.json").write_text(json.dumps({"packages": {
        f"node_modules/{name}": {"version": version} for name, version in VERSIONS.items()}}))
    if case is not None:
        for sibling in case.parent.iterdir():
            if sibling.suffix in (".ts", ".mjs", ".js"):
                shutil.copyfile(sibling, folder / sibling.name)
    yield folder / (case.name if case is not None else "server.ts")


def mutate(text: str, rng: random.Random, others: list[str]) -> str:
    """Random cuts, duplications, token insertions and splices from other modules."""
    for _ in range(rng.randint(1, 8)):
        if not text:
            text = rng.choice(others) if others else HEADER
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randint(0, 60))
        action = rng.choice(("cut", "dup", "insert", "splice", "swap"))
        if action == "cut":
            text = text[:i] + text[j:]
        elif action == "dup":
            text = text[:i] + text[i:j] * rng.randint(2, 30) + text[i:]
        elif action == "insert":
            text = text[:i] + rng.choice(_TOKENS) + text[i:]
        elif action == "splice" and others:
            other = rng.choice(others)
            k = rng.randrange(len(other) + 1)
            text = text[:i] + other[k:k + rng.randint(1, 300)] + text[i:]
        else:
            text = text[:i] + text[j:j + (j - i)] + text[i:j] + text[j + (j - i):]
    return text


def _zod(rng: random.Random, depth: int) -> str:
    choices = ", ".join(json.dumps(odd_name(rng)) for _ in range(rng.randint(0, 3)))
    if depth > 5 or rng.random() < 0.3:
        base = rng.choice([
            "z.string()", "z.number()", "z.boolean()", "z.any()", "z.unknown()", "z.null()",
            "z.date()", "z.bigint()", "z.literal(" + rng.choice(["1", '"a"', "true", "1n"]) + ")",
            f"z.enum([{choices}])",
            "z.string().email()", "z.string().regex(/(?<=a)b/u)", "z.number().int().min(-1)",
            "z.nativeEnum(E)", "Unknown", "z.string().url().max(5)", "z.custom<string>()"])
    else:
        inner = [_zod(rng, depth + 1) for _ in range(rng.randint(1, 3))]
        base = rng.choice([
            f"z.object({{ {', '.join(f'{json.dumps(odd_name(rng))}: {e}' for e in inner)} }})",
            f"z.array({inner[0]})", f"z.union([{', '.join(inner)}])",
            f"z.discriminatedUnion(\"k\", [{', '.join(inner)}])",
            f"z.intersection({inner[0]}, {inner[-1]})", f"z.record({inner[0]})",
            f"z.tuple([{', '.join(inner)}])", f"z.lazy(() => {inner[0]})",
            f"{inner[0]}.or({inner[-1]})", f"z.optional({inner[0]})"])
    for _ in range(rng.randint(0, 2)):
        base += rng.choice([".optional()", ".nullable()", ".nullish()", ".default(1)",
                            f".describe({json.dumps(odd_name(rng))})", ".strict()",
                            ".passthrough()", ".array()", ".readonly()", ".catch(0)"])
    return base


def random_module(rng: random.Random) -> str:
    """A module of several tools, registered every way the SDKs offer, of random schemas."""
    lines = [HEADER, "enum E { A = 1, B = 'b' }\n"]
    for i in range(rng.randint(1, 5)):
        shape = "{ " + ", ".join(f"{json.dumps(odd_name(rng))}: {_zod(rng, 0)}"
                                 for _ in range(rng.randint(0, 4))) + " }"
        name = json.dumps(rng.choice([f"t{i}", odd_name(rng)]))
        lines.append(rng.choice([
            f"server.tool({name}, {shape}, async () => ({{ content: [] }}));\n",
            f"server.tool({name}, \"d\", {shape}, async () => ({{ content: [] }}));\n",
            f"server.registerTool({name}, {{ inputSchema: {shape}, outputSchema: "
            f"{shape} }}, async () => ({{ content: [] }}));\n",
            f"const s{i} = {_zod(rng, 0)};\nserver.tool({name}, {{ a: s{i} }}, "
            "async () => ({ content: [] }));\n"]))
    return "".join(lines)


def hostile_module(rng: random.Random, max_depth: int) -> tuple[str, str]:
    """One hostile module and the name of its class."""
    depth = rng.randint(max(1, max_depth // 10), max_depth)
    kind = rng.choice(["zod-object", "zod-array", "union", "parens", "array-literal",
                       "object-literal", "long-number", "long-bigint", "long-string",
                       "template", "chain"])
    if kind == "zod-object":
        schema = "z.object({ a: " * depth + "z.string()" + " })" * depth
    elif kind == "zod-array":
        schema = "z.array(" * depth + "z.number()" + ")" * depth
    elif kind == "union":
        schema = "z.union([z.string(), " * depth + "z.null()" + "])" * depth
    elif kind == "chain":
        schema = "z.string()" + ".optional().nullable()" * depth
    else:
        schema = ""
    digits = rng.choice("123456789") + "".join(rng.choice("0123456789")
                                               for _ in range(rng.randint(4300, 20000)))
    body = {
        "parens": "const x = " + "(" * depth + "1" + ")" * depth + ";\n"
                  "server.tool(\"p\", { a: z.number().max(x) }, async () => ({}));\n",
        "array-literal": "const x = " + "[" * depth + "]" * depth + ";\n"
                         "server.tool(\"p\", { a: z.enum(x) }, async () => ({}));\n",
        "object-literal": "const x = " + "{ a: " * depth + "1" + " }" * depth + ";\n"
                          "server.tool(\"p\", { a: z.literal(x) }, async () => ({}));\n",
        "long-number": f"server.tool(\"n\", {{ a: z.number().max({digits}).default(-{digits}) "
                       f"}}, async () => ({{}}));\n",
        "long-bigint": f"server.tool(\"n\", {{ a: z.bigint().max({digits}n), b: "
                       f"z.literal({digits}) }}, async () => ({{}}));\n",
        "long-string": f"server.tool(\"s\", {json.dumps('d' * depth * 10)}, {{ a: "
                       f"z.string().describe({json.dumps(odd_name(rng) * depth)}) }}, "
                       "async () => ({}));\n",
        "template": "server.tool(`t${" * min(depth, 2000) + "1" + "}`" * min(depth, 2000)
                    + ", { a: z.string() }, async () => ({}));\n",
    }.get(kind, f"server.tool(\"deep\", {{ x: {schema} }}, async () => ({{}}));\n")
    return HEADER + body, kind
