"""Tools whose parameters' defaults are `Field(...)` objects bound to module constants."""

from mcp.server.mcpserver import MCPServer

from app.tools import register

mcp = MCPServer("field-constants")
register(mcp)
