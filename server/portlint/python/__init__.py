"""Static analysis of Python MCP servers: the schemas Pydantic and the MCP frameworks would
advertise, derived from the source with `ast` — the user's code is never imported or run."""
