from mcp.server.fastmcp import FastMCP, Context

mcp = FastMCP("pkg")
