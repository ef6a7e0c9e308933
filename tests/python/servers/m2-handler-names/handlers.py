"""Tool handlers as mcp-obsidian writes them: each names itself through its base's constructor."""

from mcp.types import Tool

from names import LIST_FILES, READ_FILE

DELETE = "delete_file"


class ToolHandler:
    def __init__(self, tool_name: str):
        self.name = tool_name

    def describe(self) -> Tool:
        raise NotImplementedError()


class ListFiles(ToolHandler):
    def __init__(self):
        super().__init__(LIST_FILES)

    def describe(self) -> Tool:
        return Tool(
            name=self.name,
            description="Lists the files of the vault.",
            input_schema={"type": "object", "properties": {}, "required": []},
        )


class ReadFile(ToolHandler):
    def __init__(self):
        ToolHandler.__init__(self, READ_FILE)

    def describe(self) -> Tool:
        return Tool(
            name=self.name,
            description="Reads one file.",
            input_schema={"type": "object", "properties": {"path": {"type": "string"}},
                          "required": ["path"]},
        )


class DeleteFile(ToolHandler):
    title = "Delete a file"

    def __init__(self):
        super().__init__(tool_name=DELETE)

    def describe(self) -> Tool:
        return Tool(name=self.name, title=self.title,
                    input_schema={"type": "object", "properties": {"path": {"type": "string"}}})


class Status:
    name = "status"

    def describe(self) -> Tool:
        return Tool(name=self.name, input_schema={"type": "object", "properties": {}})


class Generic(ToolHandler):
    """Named by each construction: known at run time only."""

    def describe(self) -> Tool:
        return Tool(name=self.name, description="Pings.",
                    input_schema={"type": "object", "properties": {}})
