from app.server import mcp
import app.extra  # noqa: F401  (registers one more tool)

mcp.run()
