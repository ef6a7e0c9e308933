from app.server import mcp
from app.models import Report


@mcp.tool()
def forecast(city: str, days: int = 3) -> Report:
    """Forecast the weather."""
    return Report(city=city, celsius=20.0)
