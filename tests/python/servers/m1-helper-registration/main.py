"""Tools registered through a helper of the module (awslabs healthomics' `_register_tool`),
each wrapped by a function that hands it back with `functools.wraps`, and through a helper used
as a decorator."""

import functools
from functools import wraps
from typing import Any, Callable, Optional

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("helpers")


def paginating(tool_name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """Adds a hint to what the tool returns."""

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        result = await fn(*args, **kwargs)
        return {"tool": tool_name, "result": result}

    return wrapper


def logged(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def inner(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    return inner


def _register_tool(name: str, fn: Callable[..., Any], description: Optional[str] = None) -> None:
    mcp.tool(name=name, description=description)(paginating(name, fn))


async def list_workflows(max_results: int = 10, next_token: Optional[str] = None) -> dict:
    """List the workflows."""
    return {}


async def get_workflow(workflow_id: str, export: bool = False) -> str:
    """Get one workflow."""
    return workflow_id


def ping(host: str) -> str:
    """Ping a host."""
    return host


def registered(fn: Callable[..., Any], title: Optional[str] = "Registered") -> Callable[..., Any]:
    """A decorator registering the function under its own name."""
    mcp.tool(title=title)(fn)
    return fn


@registered
def status(verbose: bool = False) -> str:
    """Report the status."""
    return "ok"


_register_tool("ListWorkflows", list_workflows)
_register_tool("GetWorkflow", get_workflow, description="Gets a workflow by its id.")
mcp.tool(name="Ping")(logged(ping))


if __name__ == "__main__":
    mcp.run()
