"""Random TypeScript MCP servers for the differential test against the real SDKs: each program
registers a few tools whose schemas are random Zod expressions — the leaves, checks, modifiers,
containers and combinators users write, a schema shared through a ``const``, a native enum —
under one API (the SDK 1.x ``McpServer``, the SDK 2.x server, the ``fastmcp`` framework) and one
Zod major. Every program is one the real server may list or refuse; the test compares either
outcome with what portlint derives (tests/typescript/test_generated_zod.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

HEADERS = {
    "sdk1": ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
             'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n'
             'import { z } from "zod";\n\n'
             'const server = new McpServer({ name: "generated", version: "1.0.0" });\n'),
    "sdk2": ('import { McpServer } from "@modelcontextprotocol/server";\n'
             'import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";\n'
             'import * as z from "zod";\n\n'
             'const server = new McpServer({ name: "generated", version: "1.0.0" });\n'),
    "fastmcp": ('import { FastMCP } from "fastmcp";\nimport { z } from "zod";\n\n'
                'const server = new FastMCP({ name: "generated", version: "1.0.0" });\n'),
}
FOOTERS = {"sdk1": "\nawait server.connect(new StdioServerTransport());\n",
           "sdk2": "\nawait server.connect(new StdioServerTransport());\n",
           "fastmcp": '\nserver.start({ transportType: "stdio" });\n'}
DONE = "async () => ({ content: [] })"
WORDS = ("query", "limit", "path", "mode", "tags", "user", "id", "when", "kind", "options",
         "page", "filter", "name", "items", "value", "enabled", "sort", "meta")


class Program:
    """One random server module: ``text`` for an API and a Zod major."""

    def __init__(self, rng: random.Random, api: str, zod: tuple[int, ...],
                 sdk: tuple[int, ...]) -> None:
        self.rng = rng
        self.api = api
        self.zod = zod[0]
        self.release = zod
        self.sdk = sdk
        self.consts: list[str] = []  # declarations written before the tools
        self.shared: list[str] = []  # names of shared schemas, usable once declared
        self.declared = 0
        self.uses_enum = False
        # constructs a converter may refuse (the whole list fails): one per program at most,
        # so that most programs' lists are sent and compared
        self.risky = rng.random() < 0.4

    # -- leaves ------------------------------------------------------------------------------

    def _word(self) -> str:
        return self.rng.choice(WORDS)

    def string(self) -> tuple[str, str]:
        rng = self.rng
        if self.zod == 4 and rng.random() < 0.25:
            return rng.choice(["z.email()", "z.uuid()", "z.url()", "z.iso.datetime()",
                               "z.iso.date()", "z.iso.time()", "z.ipv4()", "z.base64()",
                               "z.cuid()", "z.iso.duration()"]), '"x"'
        text = "z.string()"
        checks = [f".min({rng.randint(0, 3)})", f".max({rng.randint(5, 80)})",
                  f".length({rng.randint(1, 9)})", ".email()", ".url()", ".uuid()",
                  '.regex(/^[a-z0-9_-]+$/)', '.startsWith("a")', '.endsWith("z")',
                  '.includes("q")', ".datetime()", ".trim()", ".toLowerCase()", ".cuid()",
                  ".nonempty()"]
        if self.release >= (3, 23):  # Zod 3.23 added these
            checks += [".date()", ".base64()", ".time()", ".duration()"]
        for _ in range(rng.choice((0, 0, 1, 1, 2))):
            text += rng.choice(checks)
        return text, json.dumps(self._word())

    def number(self) -> tuple[str, str]:
        rng = self.rng
        text = rng.choice(["z.number()", "z.number()", "z.number().int()"]
                          + (["z.int()", "z.int32()"] if self.zod == 4 else []))
        for _ in range(rng.choice((0, 0, 1, 2))):
            text += rng.choice([
                f".min({rng.randint(-5, 5)})", f".max({rng.randint(10, 1000)})",
                f".gt({rng.randint(-5, 5)})", f".lt({rng.randint(10, 99)})", ".positive()",
                ".nonnegative()", ".negative()", ".nonpositive()",
                f".multipleOf({rng.choice((2, 5, 0.5))})", ".finite()", ".safe()", ".int()"])
        return text, str(rng.randint(0, 9))

    def leaf(self) -> tuple[str, str]:
        rng = self.rng
        kind = rng.choice(["string", "string", "number", "number", "boolean", "enum", "literal",
                           "any", "native", "null", "coerce", "rare", "literals", "params"])
        if kind == "rare" and not self._take_risk():
            kind = "string"
        if kind == "string":
            return self.string()
        if kind == "number":
            return self.number()
        if kind == "boolean":
            return "z.boolean()", rng.choice(["true", "false"])
        if kind == "enum":
            values = rng.sample(["asc", "desc", "low", "high", "a b", "x"], rng.randint(1, 4))
            return f"z.enum({json.dumps(values)})", json.dumps(values[0])
        if kind == "literal":
            value = rng.choice(['"fixed"', "3", "true", "null", '"v1"'])
            return f"z.literal({value})", value
        if kind == "any":
            return rng.choice(["z.any()", "z.unknown()"]), "1"
        if kind == "native":
            self.uses_enum = True
            return "z.nativeEnum(Color)", "Color.Red"
        if kind == "null":
            return "z.null()", "null"
        if kind == "rare":  # what a converter may refuse, or write in its own way
            return rng.choice(["z.date()", "z.bigint()", "z.nan()", "z.never()", "z.undefined()",
                               "z.void()", "z.symbol()"]
                              + (["z.stringbool()", 'z.templateLiteral(["id-", z.number()])',
                                  "z.int64()", "z.float64()", "z.uuidv4()", "z.guid()",
                                  "z.nanoid()", "z.cuid2()", "z.ulid()", "z.e164()",
                                  "z.hostname()", "z.hex()", 'z.literal(["a", "b"])',
                                  "z.number().step(0.25)", 'z.string().meta({ id: "Ref" })']
                                 if self.zod == 4 else [])), '"x"'
        if kind == "literals":  # a union of literals: Zod 3's converter merges it into an enum
            values = rng.sample(['"a"', '"b"', "1", "2", "true", "null"], rng.randint(2, 3))
            return f"z.union([{', '.join(f'z.literal({v})' for v in values)}])", values[0]
        if kind == "params":  # a description given to the factory
            return rng.choice(['z.string({ description: "Given" })',
                               'z.number({ description: "Given" })',
                               'z.boolean({ description: "Given" })']), "true"
        return rng.choice(["z.coerce.number()", "z.coerce.boolean()", "z.coerce.string()"]), "1"

    # -- containers --------------------------------------------------------------------------

    def object(self, depth: int) -> str:
        rng = self.rng
        keys = rng.sample(WORDS, rng.randint(0, 4))
        factory = rng.choice(["object", "object", "object"]
                             + (["strictObject", "looseObject"] if self.zod == 4 else []))
        text = f"z.{factory}({{ " + ", ".join(f"{key}: {self.schema(depth + 1)}"
                                             for key in keys) + " })"
        masked = False  # Zod 4 throws when .pick()/.omit() names a key the object lacks
        for _ in range(rng.choice((0, 0, 0, 1, 2))):
            text += rng.choice([".strict()", ".passthrough()", ".partial()", ".strip()",
                                f".extend({{ {self._word()}2: {self.schema(depth + 1)} }})",
                                f'.describe("An object of {len(keys)}")']
                               + ([f".merge(z.object({{ merged: {self.leaf()[0]} }}))"]
                                  if self.zod == 3 else
                                  [f".safeExtend({{ safe: {self.leaf()[0]} }})"])
                               + ([".catchall(z.string())", ".required()"] if rng.random() < .5
                                  else [])
                               + ([f".pick({{ {keys[0]}: true }})",
                                   f".omit({{ {keys[-1]}: true }})"] if keys and not masked
                                  else []))
            masked = masked or ".pick(" in text or ".omit(" in text
        return text

    def schema(self, depth: int = 0) -> str:
        """A random Zod expression (a field's schema)."""
        rng = self.rng
        if self.shared and rng.random() < 0.12:
            text, default = rng.choice(self.shared), None
        elif depth >= 3 or rng.random() < 0.55:
            text, default = self.leaf()
        else:
            kind = rng.choice(["object", "array", "union", "discriminated", "record", "tuple",
                               "intersection", "optional-of", "or", "shared", "lazy",
                               "recursive", "keyed", "collection", "enum-of", "wrapped"])
            default = None
            if kind == "object":
                text = self.object(depth)
            elif kind == "array":
                text = f"z.array({self.schema(depth + 1)})"
                for _ in range(rng.choice((0, 0, 1))):
                    text += rng.choice([f".min({rng.randint(0, 2)})",
                                        f".max({rng.randint(3, 9)})", ".nonempty()",
                                        f".length({rng.randint(1, 3)})"])
                if rng.random() < 0.3:
                    default = "[]"
            elif kind == "union":
                text = f"z.union([{', '.join(self.schema(depth + 1) for _ in range(2))}])"
            elif kind == "discriminated":
                branches = [f'z.object({{ type: z.literal("{name}"), '
                            f"{self._word()}: {self.schema(depth + 1)} }})"
                            for name in rng.sample(["a", "b", "c"], 2)]
                text = f'z.discriminatedUnion("type", [{", ".join(branches)}])'
            elif kind == "record":
                value = self.schema(depth + 1)
                text = (f"z.record({value})" if self.zod == 3 and rng.random() < 0.5
                        else f"z.record(z.string(), {value})")
            elif kind == "tuple":
                text = f"z.tuple([{self.schema(depth + 1)}, {self.schema(depth + 1)}])"
                if rng.random() < 0.3:
                    text += f".rest({self.leaf()[0]})"
            elif kind == "intersection":
                text = f"z.intersection({self.object(depth + 1)}, {self.object(depth + 1)})"
            elif kind == "optional-of":
                text = f"z.{rng.choice(['optional', 'nullable'])}({self.schema(depth + 1)})"
            elif kind == "or":
                text = f"{self.leaf()[0]}.or({self.leaf()[0]})"
            elif kind == "lazy":
                text = f"z.lazy(() => {self.schema(depth + 1)})"
            elif kind == "recursive":
                text = self._recursive()
            elif kind == "keyed":  # a record keyed by an enum: Zod 4 lists every key
                text = f'z.record(z.enum(["x", "y"]), {self.schema(depth + 1)})'
            elif kind == "collection" and self._take_risk():
                text = rng.choice([f"z.set({self.leaf()[0]})",
                                   f"z.map(z.string(), {self.leaf()[0]})"])
            elif kind == "collection":
                text = self.object(depth + 1)
            elif kind == "enum-of":
                base = 'z.enum(["a", "b", "c"])'
                text = rng.choice([f'{base}.exclude(["a"])', f'{base}.extract(["b", "c"])',
                                   f"{self.object(depth + 1)}.keyof()"])
            elif kind == "wrapped":
                inner = self.leaf()[0]
                text = rng.choice([f"{inner}.brand<\"B\">()", f"{inner}.catch(1)",
                                   f"{inner}.pipe(z.string())",
                                   f"z.preprocess((v) => v, {inner})",
                                   f"{inner}.transform((v) => v).pipe(z.any())"])
            else:
                name = f"Shared{self.declared}"
                self.declared += 1  # named before its schema, which may declare others
                self.consts.append(f"const {name} = {self.schema(depth + 1)};\n")
                self.shared.append(name)
                text = name
        return self._modified(text, default)

    def _recursive(self) -> str:
        """A schema that contains itself: through `z.lazy`, or (Zod 4) a getter of its own
        shape, two schemas through each other, an `id` in its metadata."""
        rng = self.rng
        name = f"Tree{self.declared}"
        self.declared += 1
        form = rng.choice(["lazy", "getter", "self", "mutual", "lazy-union"]
                          if self.zod == 4 else ["lazy", "lazy-union"])
        named = f'.meta({{ id: "{name}" }})' if self.zod == 4 and rng.random() < 0.25 else ""
        if form == "lazy":
            after = named + (rng.choice(["", '.describe("A tree")', ".refine((v) => v !== null)"])
                             if self.zod == 4 else "")
            parent = f", parent: {name}.optional()" if self.zod == 4 and rng.random() < 0.4 else ""
            declared = (f"const {name}: z.ZodType<any> = z.lazy(() => z.object({{ name: "
                        f"z.string(), children: z.array({name}).optional(){parent} }})){after};\n")
        elif form == "lazy-union":
            declared = (f"const {name}: z.ZodType<any> = z.lazy(() => z.union([z.number(), "
                        f"z.array({name})]));\n")
        elif form == "getter":
            declared = (f"const {name} = z.object({{ name: z.string(), get children() {{ "
                        f"return z.array({name}){rng.choice(['', '.optional()', '.min(1)'])}; "
                        f"}} }}){named};\n")
        elif form == "self":
            described = rng.choice(["", '.describe("A link")'])
            declared = (f"const {name} = z.object({{ value: z.number(), get next() {{ return "
                        f"{name}.{rng.choice(['optional', 'nullable', 'nullish'])}(); }} }})"
                        f"{described};\n")
        else:
            declared = (f"const {name} = z.object({{ a: z.string(), get others() {{ return "
                        f"z.array({name}B); }} }});\nconst {name}B = z.object({{ b: z.number(), "
                        f"get back() {{ return {name}.optional(); }} }});\n")
        self.consts.append(declared)
        return name

    def _take_risk(self) -> bool:
        taken, self.risky = self.risky, False
        return taken

    def _modified(self, text: str, default: str | None) -> str:
        rng = self.rng
        described = rng.random() < 0.3
        for _ in range(rng.choice((0, 0, 1, 1, 2))):
            choice = rng.choice(["optional", "nullable", "nullish", "default", "describe",
                                 "meta", "readonly", "refine", "transform", "array"])
            if choice == "default" and default is not None:
                text += f".default({default})"
            elif choice == "describe" or (choice == "meta" and self.zod == 3):
                text += f'.describe("The {self._word()}")'
            elif choice == "meta":
                text += rng.choice([f'.meta({{ description: "M {self._word()}" }})',
                                    '.meta({ title: "T", examples: ["e"] })'])
            elif choice == "refine":
                text += ".refine((v) => v !== undefined)"
            elif choice == "transform" and rng.random() < 0.3:
                text += ".transform((v) => v)"
            elif choice == "array":
                text += ".array()"
                default = None
            elif choice in ("optional", "nullable", "nullish", "readonly"):
                text += f".{choice}()"
        if described and rng.random() < 0.5:
            text += f'.describe("About {self._word()}")'
        return text

    # -- the module --------------------------------------------------------------------------

    def shape(self) -> str:
        keys = self.rng.sample(WORDS, self.rng.randint(0, 5))
        return "{ " + ", ".join(f"{key}: {self.schema()}" for key in keys) + " }"

    def tool(self, index: int) -> dict[str, str]:
        """One tool's parts, as written in a registration: its name, and the configuration
        keys of the API with their expressions."""
        rng = self.rng
        parts = {"name": f'"tool_{index}"', "description": f'"Tool {index} {self._word()}"'}
        shape = self.shape()
        output = self.shape() if rng.random() < 0.3 else None
        if rng.random() < 0.2:
            parts["annotations"] = f'{{ title: "Annotated {index}", readOnlyHint: true }}'
        if self.api == "fastmcp":
            parts["parameters"] = f"z.object({shape})"
            if output is not None:
                parts["outputSchema"] = f"z.object({output})"
            return parts
        # SDK 1.x before 1.22 fails listing a whole object schema: rarely, to keep the rest
        whole = 0.3 if self.sdk >= (1, 22) else 0.03
        wrap: Callable[[str], str] = (
            (lambda s: f"z.object({s})") if self.api == "sdk2" or rng.random() < whole
            else (lambda s: s))
        if rng.random() < 0.2:
            parts["title"] = f'"Title {index}"'
        parts["inputSchema"] = wrap(shape)
        if output is not None:
            parts["outputSchema"] = wrap(output)
        return parts

    def direct(self, parts: dict[str, str]) -> str:
        """A registration written out for one tool."""
        config = {k: v for k, v in parts.items() if k != "name"}
        if self.api == "fastmcp":
            fields = [f"{k}: {v}" for k, v in parts.items()] + ['execute: async () => "ok"']
            return "server.addTool({ " + ", ".join(fields) + " });\n"
        if self.api == "sdk1" and set(config) == {"description", "inputSchema"} and \
                config["inputSchema"].startswith("{") and self.rng.random() < 0.4:
            return (f'server.tool({parts["name"]}, {config["description"]}, '
                    f'{config["inputSchema"]}, {DONE});\n')
        written = ", ".join(f"{k}: {v}" for k, v in config.items())
        return f"server.registerTool({parts['name']}, {{ {written} }}, {DONE});\n"

    def grouped(self, group: list[dict[str, str]], index: int) -> str:
        """Several tools registered by one call: in a loop over a list of their parts, a
        callback, a helper called for each, or over the entries of an object."""
        rng = self.rng
        keys = list(dict.fromkeys(k for parts in group for k in parts))
        listed = "[\n" + "".join(
            "  { " + ", ".join(f"{k}: {v}" for k, v in parts.items()) + " },\n"
            for parts in group) + "]"
        config = [k for k in keys if k != "name"]
        if self.api == "fastmcp":
            return (f"const group{index} = {listed};\nfor (const t of group{index}) "
                    'server.addTool({ ...t, execute: async () => "ok" });\n')
        form = rng.choice(["loop", "each", "helper", "entries"])
        if form == "loop":
            fields = ", ".join(f"{k}: t.{k}" for k in config)
            return (f"const group{index} = {listed};\nfor (const t of group{index}) {{\n"
                    f"  server.registerTool(t.name, {{ {fields} }}, {DONE});\n}}\n")
        if form == "each":
            return (f"const group{index} = {listed};\ngroup{index}.forEach(({{ {', '.join(keys)} "
                    f"}}) => server.registerTool(name, {{ {', '.join(config)} }}, {DONE}));\n")
        if form == "helper":
            lines = [f"function add{index}(name: string, config: any) {{\n"
                     f"  server.registerTool(name, config, {DONE});\n}}\n"]
            for parts in group:
                written = ", ".join(f"{k}: {v}" for k, v in parts.items() if k != "name")
                lines.append(f"add{index}({parts['name']}, {{ {written} }});\n")
            return "".join(lines)
        by_name = "{\n" + "".join(
            f"  {parts['name']}: {{ " + ", ".join(
                f"{k}: {v}" for k, v in parts.items() if k != "name") + " },\n"
            for parts in group) + "}"
        return (f"const byName{index} = {by_name};\nfor (const [name, config] of "
                f"Object.entries(byName{index})) server.registerTool(name, config, {DONE});\n")

    def text(self, tools: int) -> str:
        body: list[str] = []
        pending = [self.tool(i) for i in range(tools)]
        while pending:
            size = self.rng.choice((1, 1, 1, 2, 3))
            group, pending = pending[:size], pending[size:]
            body.append(self.direct(group[0]) if len(group) == 1
                        else self.grouped(group, len(body)))
        enum = ('enum Color { Red = "red", Green = "green", Blue = 3 }\n'
                if self.uses_enum else "")
        return (HEADERS[self.api] + enum + "".join(self.consts) + "\n" + "".join(body)
                + FOOTERS[self.api])


def program(rng: random.Random, api: str, zod: tuple[int, ...], sdk: tuple[int, ...],
            tools: int = 6) -> str:
    """A random server module of ``tools`` tools, for the API's release ``sdk`` and the Zod
    release ``zod``."""
    return Program(rng, api, zod, sdk).text(tools)
