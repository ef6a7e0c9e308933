"""Keeps the server of the object it is given and hands it on."""

from app.more import register_more_tools


class Registry:
    def __init__(self, owner) -> None:
        self.mcp = owner.mcp

    def register_all(self) -> None:
        register_more_tools(self.mcp, prefix="x")
