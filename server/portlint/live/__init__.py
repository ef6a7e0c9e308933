"""Live servers: reading the tool list a running MCP server advertises.

``portlint check --server 'CMD ARG…'`` (stdio) and ``--url URL`` (Streamable HTTP) reach the
server through the MCP Python SDK's client (the optional ``portlint[live]`` extra), page through
``tools/list`` and hand the raw tools to the same pipeline that lints files, as a snapshot
document (``portlint snapshot``) whose positions the reports cite.

Only this package imports ``mcp``, and only when a live mode runs: linting files never loads it
and never touches the network. The live mode runs the command the user names and nothing else.
"""
