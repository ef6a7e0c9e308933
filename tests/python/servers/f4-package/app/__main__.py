from app.server import mcp
import app.tools.weather  # noqa: F401  (registers the tools)
import app.tools.units  # noqa: F401

mcp.run()
