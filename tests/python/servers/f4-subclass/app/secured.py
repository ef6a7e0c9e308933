"""A server class of the project (of the generic class, kept generic with `Generic[T]` besides,
as mcp-atlassian's ErrorPreservingFastMCP): it changes how the server is started, not its
tools."""

from typing import Any, Generic, TypeVar

from fastmcp import FastMCP


T = TypeVar("T")


class SecuredServer(FastMCP[T], Generic[T]):
    """Overrides transport methods only."""

    def run(self, *args: Any, **kwargs: Any) -> Any:
        return super().run(*args, **kwargs)

    def http_app(self, *args: Any, **kwargs: Any) -> Any:
        app = super().http_app(*args, **kwargs)
        return app
