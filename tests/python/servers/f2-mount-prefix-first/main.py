"""A mount given the prefix first, the order before fastmcp 2.9 (msk-mcp-server 0.1.5's
`mcp.mount("dr", dr_mcp)`): listed under the prefix up to 2.13; from 2.14 on the server stops
before it answers anything."""

from fastmcp import FastMCP

jira = FastMCP("jira")


@jira.tool
def search(query: str) -> list[str]:
    """Search issues."""
    return [query]


main = FastMCP("main")


@main.tool
def ping(host: str) -> str:
    """Ping a host."""
    return host


main.mount("jira", jira)


if __name__ == "__main__":
    main.run()
