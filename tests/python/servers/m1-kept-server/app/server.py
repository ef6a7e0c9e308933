"""Servers kept by the classes of app.modules, whose methods register tools on them: called on
an instance bound to a name (`queues.register_tools(...)`), by the constructor
(`SetUpByConstructor(mcp)`), or never (`NeverCalled(mcp)`); and app.annotated's handler."""

from mcp.server.fastmcp import FastMCP

from app.annotated import DescribeHandler
from app.modules import NeverCalled, QueueModule, SetUpByConstructor, Swapped

mcp = FastMCP("kept-server")


def main() -> None:
    queues = QueueModule(mcp, region="eu-west-1")
    queues.register_tools(allow_write=True)


main()
SetUpByConstructor(mcp, hosts=["a"])
NeverCalled(mcp)
swapped = Swapped(mcp)
swapped.register()
DescribeHandler(mcp, verbose=True)
