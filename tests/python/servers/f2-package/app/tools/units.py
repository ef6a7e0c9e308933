from ..server import mcp


@mcp.tool()
def to_fahrenheit(celsius: float) -> float:
    return celsius * 9 / 5 + 32
