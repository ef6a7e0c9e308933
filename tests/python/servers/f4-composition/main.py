"""fastmcp's composition: a server of the project mounted as it is lists its own tools under
their names (derived where they are written); a server made from an OpenAPI document and
mounted (alpaca-mcp-server's form) lists tools made at run time, which portlint reports at the
mount instead of leaving them unsaid."""

from fastmcp import FastMCP

sub = FastMCP("sub")


@sub.tool()
def ping(host: str, count: int = 1) -> str:
    """Ping a host."""
    return host * count


main = FastMCP("main")


@main.tool()
def echo(text: str) -> str:
    """Echo the text."""
    return text


main.mount(sub)

SPEC = {
    "openapi": "3.0.0",
    "info": {"title": "items", "version": "1"},
    "servers": [{"url": "http://127.0.0.1:9"}],
    "paths": {"/items": {"get": {
        "operationId": "list_items",
        "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
        "responses": {"200": {"description": "the items"}}}}},
}
api = FastMCP.from_openapi(openapi_spec=SPEC)
main.mount(api)


if __name__ == "__main__":
    main.run()
