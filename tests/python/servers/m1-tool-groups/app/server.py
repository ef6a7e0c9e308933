"""Tool groups as awslabs' agentcore server writes them: a function of the project's modules
registered through its module (`docs.search_docs`), and groups registered by a function of
another module, imported where it is called, which hands the server on to classes it makes in a
loop over a literal list."""

import os

from mcp.server.fastmcp import FastMCP

from .tools import docs

mcp = FastMCP("groups")
mcp.tool()(docs.search_docs)

if os.environ.get("GROUPS_DISABLED") != "all":
    try:
        from .tools.groups import register_groups

        register_groups(mcp)
    except ImportError:
        pass
