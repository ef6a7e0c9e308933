"""A registration function given the server by keyword, its parameter unannotated."""

from typing import Literal


def register_file_tools(root: str, server) -> None:  # noqa: ANN001
    @server.tool(name="read_file", description="Read a file under the root.")
    def read(path: str, encoding: Literal["utf-8", "latin-1"] = "utf-8") -> str:
        return path
