"""A low-level server listing literal tools: schema roots written in several key orders, `$schema`,
`$defs`, an output schema, a title and annotations, as low-level servers write them."""

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

TOOLS = [
    types.Tool(
        name="type_first",
        description="The root written type, properties, required, then the rest.",
        input_schema={
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
        input_schema={
            "additionalProperties": False,
            "$defs": {"Mode": {"enum": ["fast", "safe"], "type": "string"}},
            "required": ["mode"],
            "properties": {"mode": {"$ref": "#/$defs/Mode"}},
            "type": "object",
        },
    ),
    types.Tool(
        name="dialect",
        input_schema={
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
        input_schema={"properties": {"q": {"type": "string"}}, "type": "object"},
        output_schema={
            "type": "object",
            "required": ["count"],
            "properties": {"count": {"type": "integer"}, "items": {
                "type": "array", "items": {"type": "string"}}},
        },
        annotations=types.ToolAnnotations(title="Annotated title", read_only_hint=True),
    ),
    types.Tool(
        name="bare_object",
        input_schema={"type": "object"},
    ),
]


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
                     ) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


server = Server("lowlevel", on_list_tools=list_tools)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
