"""Tools whose parameters' defaults are `Field(...)` objects bound to module constants."""

from fastmcp import FastMCP

from app.tools import register

mcp = FastMCP("field-constants")
register(mcp)
