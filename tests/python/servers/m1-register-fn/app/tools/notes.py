"""A registration function called through its module (`notes.register(mcp)`)."""

from typing import Optional


def register(app: object) -> None:
    @app.tool()  # type: ignore[attr-defined]
    async def add_note(text: str, tags: Optional[list[str]] = None) -> dict[str, str]:
        """Add a note."""
        return {"text": text}
