from mcp.server.mcpserver import MCPServer as FastMCP, Context

mcp = FastMCP("pkg")
