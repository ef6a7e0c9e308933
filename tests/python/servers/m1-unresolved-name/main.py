from mcp.server.fastmcp import FastMCP, Context
class Plugin:
    name = "plugin_run"

    def run(self, text: str) -> str:
        return text

    def register(self, server: FastMCP) -> None:
        server.tool(name=self.name)(self.run)


mcp = FastMCP("plugins")
Plugin().register(mcp)


@mcp.tool()
def version() -> str:
    return "1"


if __name__ == "__main__":
    mcp.run()
