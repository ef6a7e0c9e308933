"""A low-level server listing literal tools: schema roots written in several key orders, `$schema`,
`$defs`, an output schema, a title and annotations, as low-level servers write them."""

import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

server = Server("lowlevel")

TOOLS = [
    types.Tool(
        name="type_first",
        description="The root written type, properties, required, then the rest.",
        inputSchema={
            "type": "object",
            "properties": {"path": {"type": "string", "description": "Where."},
                           "depth": {"minimum": 0, "type": "integer"}},
            "required": ["path"],
            "additionalProperties": False,
        },
    ),
    types.Tool(
        name="rest_first",
        description="Other keywords before the declared ones.",
        inputSchema={
            "additionalProperties": False,
            "$defs": {"Mode": {"enum": ["fast", "safe"], "type": "string"}},
            "required": ["mode"],
            "properties": {"mode": {"$ref": "#/$defs/Mode"}},
            "type": "object",
        },
    ),
    types.Tool(
        name="dialect",
        inputSchema={
            "title": "DialectArguments",
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {},
        },
    ),
    types.Tool(
        name="with_output",
        title="With output",
        description="Declares its result.",
        inputSchema={"properties": {"q": {"type": "string"}}, "type": "object"},
        outputSchema={
            "type": "object",
            "required": ["count"],
            "properties": {"count": {"type": "integer"}, "items": {
                "type": "array", "items": {"type": "string"}}},
        },
        annotations=types.ToolAnnotations(title="Annotated title", readOnlyHint=True),
    ),
    types.Tool(
        name="bare_object",
        inputSchema={"type": "object"},
    ),
]


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return TOOLS


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
