"""A low-level server whose tools' schemas are Pydantic models' `model_json_schema()`, as many
low-level servers write them: fields with descriptions, defaults, constraints, an enum, a
nested model, an optional field, and an output schema."""

from enum import Enum

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from pydantic import BaseModel, Field

class Mode(str, Enum):
    FAST = "fast"
    SAFE = "safe"


class Window(BaseModel):
    start: int = Field(ge=0, description="First line.")
    end: int | None = None


class ReadArgs(BaseModel):
    """Read part of a file."""

    path: str = Field(description="The file to read.")
    mode: Mode = Mode.FAST
    window: Window | None = None
    tags: list[str] = Field(default_factory=list, max_length=5)


class ReadResult(BaseModel):
    text: str
    lines: int


TOOLS = [
    types.Tool(name="read", description="Read a file.",
               input_schema=ReadArgs.model_json_schema(),
               output_schema=ReadResult.model_json_schema()),
    types.Tool(name="window", input_schema=Window.model_json_schema()),
]


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
                     ) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


server = Server("lowlevel-models", on_list_tools=list_tools)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
