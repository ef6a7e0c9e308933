from app.server import server

server.mcp.run()
