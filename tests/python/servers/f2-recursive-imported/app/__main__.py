from app.server import mcp

mcp.run()
