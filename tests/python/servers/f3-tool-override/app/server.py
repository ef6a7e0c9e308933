"""A server subclass whose `tool` hands each function to an error handler before fastmcp
registers it, as mcp-atlassian's `ErrorPreservingFastMCP` does (an inner `def decorator`)."""

import functools
import inspect
from typing import Any

from fastmcp import FastMCP


def handle_errors(func):
    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        try:
            return await func(*args, **kwargs)
        except Exception as error:
            raise ValueError(str(error)) from error

    return wrapper


class ErrorPreserving(FastMCP):
    """Registers tools with their errors kept."""

    def tool(self, name_or_fn: Any = None, **kwargs: Any) -> Any:
        if inspect.isroutine(name_or_fn):
            return super().tool(handle_errors(name_or_fn), **kwargs)

        if isinstance(name_or_fn, str):
            if kwargs.get("name") is not None:
                raise TypeError("a name given twice")
            kwargs = {**kwargs, "name": name_or_fn}
        elif name_or_fn is not None:
            return super().tool(name_or_fn, **kwargs)

        def decorator(fn):
            return super(ErrorPreserving, self).tool(handle_errors(fn), **kwargs)

        return decorator


errors = ErrorPreserving("errors")
