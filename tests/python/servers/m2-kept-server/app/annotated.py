"""Classes whose constructor's server parameter is annotated with the server class and
registers the instance's own methods on it (awslabs' aws-serverless-mcp-server handlers)."""

from mcp.server.mcpserver import MCPServer as Server


class DescribeHandler:
    """Made by the server module: its tool is listed."""

    def __init__(self, mcp: Server, verbose: bool = False):
        self.verbose = verbose
        mcp.tool(name="describe_stack")(self.describe)

    def describe(self, stack: str, region: str = "us-east-1") -> dict[str, str]:
        """Describe a stack."""
        return {stack: region}


class NeverMade:
    """Made nowhere: its tool is not listed."""

    def __init__(self, mcp: Server):
        mcp.tool(name="never_made")(self.run)

    def run(self) -> str:
        """Never listed."""
        return ""
