"""A server subclass whose `tool` hands each function to a wrapper of its own before fastmcp
registers it, as zotero-mcp's `_ZoteroMCP` does (a registrar and a lambda)."""

import functools

from fastmcp import FastMCP


def with_context(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class WithContext(FastMCP):
    def tool(self, name_or_fn=None, **kwargs):
        if callable(name_or_fn):
            return super().tool(with_context(name_or_fn), **kwargs)
        register = super().tool(name_or_fn, **kwargs)
        return lambda fn: register(with_context(fn))


mcp = WithContext("context")
