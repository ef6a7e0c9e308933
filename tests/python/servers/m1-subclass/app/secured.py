"""A server class of the project (of the generic class, parameterised): it changes how the
server is started, not its tools."""

from typing import Any

from mcp.server.fastmcp import FastMCP


class SecuredServer(FastMCP[Any]):
    """Overrides transport methods only."""

    def run(self, *args: Any, **kwargs: Any) -> Any:
        return super().run(*args, **kwargs)

    def streamable_http_app(self, *args: Any, **kwargs: Any) -> Any:
        app = super().streamable_http_app(*args, **kwargs)
        return app
