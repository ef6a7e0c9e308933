"""Tools registered by functions the server is given to: here and in other modules, the
parameter unannotated or annotated with something else than the server class."""

import app.tools.notes as notes
from fastmcp import FastMCP
from app.tools import register_search_tools
from app.tools.files import register_file_tools

mcp = FastMCP("register-fn")


def register_local(srv):
    @srv.tool()
    def ping(host: str) -> str:
        """Answer a ping."""
        return host


register_local(mcp)
register_search_tools(mcp, 10)
register_file_tools(root="/srv", server=mcp)
notes.register(mcp)
