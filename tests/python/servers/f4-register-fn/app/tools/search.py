"""A registration function in a module that imports no MCP framework (the server is `Any`)."""

from typing import Any

from pydantic import BaseModel, Field


class Hit(BaseModel):
    title: str
    score: float = Field(ge=0, description="Relevance")


def register_search_tools(server: Any, limit: int) -> None:
    @server.tool()
    def search(query: str, max_results: int = 5) -> list[Hit]:
        """Search the index.

        Args:
            query: What to look for.
            max_results: How many hits at most.
        """
        return []

    def suggest(prefix: str, count: int = 3) -> list[str]:
        """Suggest completions."""
        return []

    server.tool(name="suggest_terms")(suggest)
