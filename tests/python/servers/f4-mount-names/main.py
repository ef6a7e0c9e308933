"""fastmcp's composition with names: servers of the project mounted under a namespace, with new
names for some tools, one inside another, one twice, one with an empty namespace."""

from fastmcp import FastMCP

from suite.jira import jira
from suite.wiki import wiki

main = FastMCP("main")


@main.tool
def ping(host: str) -> str:
    """Ping a host."""
    return host


plain = FastMCP("plain")


@plain.tool
def echo(text: str) -> str:
    """Echo the text."""
    return text


main.mount(jira, namespace="jira")
main.mount(wiki, "confluence", tool_names={"search": "find_pages", "recent": "recent_pages",
                                       "create": "create_page"})
main.mount(wiki, namespace="docs")
main.mount(plain, namespace="")


if __name__ == "__main__":
    main.run()
