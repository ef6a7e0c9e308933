from fastmcp import FastMCP, Context

TOOL = "echo_text"


class Plugin:
    name = "plugin_run"

    def run(self, text: str) -> str:
        return text

    def register(self, server: FastMCP) -> None:
        server.tool(name=self.name)(self.run)


class Labelled:
    """The name is set by the base's constructor, given a constant by the subclass's."""

    def __init__(self, label: str):
        self.label = label


class Echo(Labelled):
    title = "Echo"

    def __init__(self):
        super().__init__(TOOL)

    def echo(self, text: str, times: int = 1) -> str:
        """Echoes the text."""
        return text * times

    def register(self, server: FastMCP) -> None:
        server.tool(name=self.label, title=self.title)(self.echo)


class Named:
    """The name is what each construction passes: known at run time only."""

    def __init__(self, name: str):
        self.name = name

    def shout(self, text: str) -> str:
        """Shouts."""
        return text.upper()

    def register(self, server: FastMCP) -> None:
        server.tool(name=self.name)(self.shout)


mcp = FastMCP("plugins")
Plugin().register(mcp)
Echo().register(mcp)
Named("shout").register(mcp)


@mcp.tool()
def version() -> str:
    return "1"


if __name__ == "__main__":
    mcp.run()
