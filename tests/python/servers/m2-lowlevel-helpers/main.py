"""A low-level server whose schemas are built by helper functions returning literals (as
arxiv-mcp-server writes them): spread with `**`, used as values, nested, in arrays."""

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server


MAX_ID = 40


def _id_property() -> dict:
    """A paper id, as several tools take it."""
    return {"type": "string", "maxLength": MAX_ID, "description": "The paper's id."}


def _paging() -> dict:
    return {
        "start": {"type": "integer", "minimum": 0},
        "max_chars": {"type": "integer", "minimum": 1, "maximum": 100000},
    }


def _nested() -> dict:
    return {**_paging(), "all": {"type": "boolean"}}


def _with_argument(kind: str) -> dict:
    return {"type": kind}


def _defaults() -> dict:
    return {"start": {"type": "string"}}


TOOLS = [
    types.Tool(
        name="spread",
        description="Properties spread from a helper, a value made by one, a key overridden.",
        input_schema={
            "type": "object",
            "properties": {"id": _id_property(), **_paging(), **_defaults(),
                           "start": {"type": "integer"}},
            "required": ["id"],
        },
    ),
    types.Tool(
        name="nested",
        description="A helper spreading another.",
        input_schema={"type": "object", "properties": {**_nested()},
                      "additionalProperties": False},
    ),
    types.Tool(
        name="in_items",
        description="A helper's literal inside an array's items.",
        input_schema={"type": "object", "properties": {
            "ids": {"type": "array", "items": _id_property()},
            "pairs": {"type": "array", "prefixItems": [_id_property(), _id_property()]}}},
    ),
    types.Tool(
        name="with_argument",
        description="A helper taking an argument is not read through.",
        input_schema={"type": "object", "properties": {"kind": _with_argument("string")}},
    ),
]


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
                     ) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


server = Server("lowlevel-helpers", on_list_tools=list_tools)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
