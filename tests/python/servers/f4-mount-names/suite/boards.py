"""Mounted into jira.py's server, which main.py mounts in turn."""

from fastmcp import FastMCP

boards = FastMCP("boards")


@boards.tool
def list_boards(project: str) -> list[str]:
    """The boards of a project."""
    return [project]
