"""Registered on what the registry hands on: a server portlint cannot trace."""


def register_more_tools(mcp, prefix: str) -> None:
    @mcp.tool()
    def echo(text: str, times: int = 1) -> str:
        """Echo a text."""
        return prefix + text * times
