"""Classes keeping the server their constructor is given (`self.mcp = mcp`) and registering
tools on it from their other methods (awslabs' amazon-mq-mcp-server registers its RabbitMQ
tools this way): tools are listed when such a method runs on an instance made with the
server."""

from typing import Annotated

from pydantic import Field


class QueueModule:
    """Its public method calls private ones, one of them under a condition."""

    def __init__(self, mcp, region: str = "us-east-1"):
        self.mcp = mcp
        self.region = region

    def register_tools(self, allow_write: bool = False):
        self.__register_read_tools()
        if allow_write:
            self.__register_write_tools()

    def __register_read_tools(self):
        @self.mcp.tool()
        def list_queues(
            prefix: str = "",
            limit: Annotated[int, Field(description="How many queues", ge=1, le=100)] = 20,
        ) -> list[str]:
            """List the queues whose names start with a prefix."""
            return [prefix] * limit

        self.mcp.tool(name="queue_depth")(self.depth)

    def __register_write_tools(self):
        @self.mcp.tool(name="purge_queue")
        def purge(queue: str, *, force: bool = False) -> str:
            """Purge a queue."""
            return queue if force else ""

    def depth(self, queue: str) -> int:
        """How many messages wait in a queue."""
        return len(queue) + len(self.region)


class SetUpByConstructor:
    """The constructor calls the method that registers."""

    def __init__(self, server, hosts: list[str] | None = None):
        self.server = server
        self.hosts = hosts or []
        self.set_up()

    def set_up(self):
        @self.server.tool()
        def ping(host: str, count: int = 1) -> str:
            """Ping a host."""
            return host * count


class NeverCalled:
    """Its registering method is never called: the tool is not listed."""

    def __init__(self, mcp):
        self.mcp = mcp

    def register(self):
        @self.mcp.tool()
        def hidden(x: int) -> int:
            """Never listed."""
            return x


class Swapped:
    """Another method sets the server kept: which one the tool lands on is known at run time."""

    def __init__(self, mcp):
        self.mcp = mcp

    def use(self, other):
        self.mcp = other

    def register(self):
        @self.mcp.tool()
        def swapped(x: int) -> int:
            """Registered on whichever server is kept."""
            return x
