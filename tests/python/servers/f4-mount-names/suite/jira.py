"""A server of its own, mounted by main.py under a namespace: each tool is listed under the
namespace, a title made from that name unless one is written."""

from fastmcp import FastMCP

from suite.boards import boards

jira = FastMCP("jira")


@jira.tool
def search(query: str, limit: int = 10) -> list[str]:
    """Search issues."""
    return [query] * limit


@jira.tool(name="get_issue", title="Issue by key")
def issue(key: str) -> str:
    """Get one issue."""
    return key


@jira.tool
def add_comment(key: str, body: str) -> str:
    """Comment on an issue."""
    return key + body


# a mount within a mount: listed as jira_boards_list_boards
jira.mount(boards, namespace="boards")
