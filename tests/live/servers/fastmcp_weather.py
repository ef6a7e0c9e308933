"""A FastMCP server for the live tests: real schemas from a real framework, over stdio or HTTP.

``python fastmcp_weather.py`` serves stdio; ``python fastmcp_weather.py http PORT`` serves
Streamable HTTP on 127.0.0.1:PORT.
"""

from __future__ import annotations

import sys
from typing import Literal

from fastmcp import FastMCP
from pydantic import BaseModel

server = FastMCP("weather")


class Reading(BaseModel):
    city: str
    celsius: float
    flags: dict[str, bool]


@server.tool
def get_temperature(city: str, unit: Literal["c", "f"] = "c") -> Reading:
    """The temperature in a city."""
    return Reading(city=city, celsius=20.0, flags={})


@server.tool
def set_alarm(city: str, threshold: int | None = None, tags: list[str] | None = None) -> str:
    """Raise an alarm above a threshold."""
    return "ok"


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "http":
        server.run(transport="http", host="127.0.0.1", port=int(sys.argv[2]), show_banner=False)
    else:
        server.run(show_banner=False)
