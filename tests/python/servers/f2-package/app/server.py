from fastmcp import FastMCP, Context

mcp = FastMCP("pkg")
