"""A class that registers its own methods on the server it is given (awslabs'
cloudwatch-mcp-server registers its tools this way)."""

from typing import Annotated, Optional

from fastmcp import Context
from pydantic import Field


class AlarmTools:
    """The alarm tools."""

    def __init__(self) -> None:
        self.region = "us-east-1"

    def register(self, mcp):
        mcp.tool(name="get_active_alarms")(self.get_active_alarms)
        mcp.tool()(self.get_alarm_history)

    async def get_active_alarms(
        self,
        ctx: Context,
        max_items: Annotated[Optional[int], Field(description="How many alarms to return",
                                                  ge=1)] = 50,
        region: str = "us-east-1",
    ) -> list[str]:
        """Get the active alarms.

        Lists the alarms in the ALARM state.
        """
        return [region]

    def get_alarm_history(
        self,
        alarm_name: Annotated[str, Field(description="The alarm's name")],
        days: int = 7,
    ) -> dict[str, int]:
        """The history of one alarm."""
        return {alarm_name: days}


class BaseTools:
    def register(self, server):
        server.tool(name="ping")(self.ping)

    def ping(self, host: str) -> str:
        """Ping a host."""
        return host


class LoudTools(BaseTools):
    """`register` is inherited; the `ping` it registers is this class's."""

    def ping(self, host: str, count: int = 3) -> str:
        """Ping a host, loudly."""
        return host * count


class Switchable:
    """Which method `self.query` gives is decided in `__init__`: not derived."""

    def __init__(self, fast: bool) -> None:
        self.query = self.query_fast if fast else self.query_slow

    def register(self, mcp):
        mcp.tool(name="query")(self.query)

    def query(self, text: str) -> str:
        """Query."""
        return text

    def query_fast(self, text: str, limit: int = 5) -> str:
        """Query quickly."""
        return text[:limit]

    def query_slow(self, text: str) -> str:
        """Query slowly."""
        return text
