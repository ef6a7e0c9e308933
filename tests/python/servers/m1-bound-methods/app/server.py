"""Tools that are bound methods of the project's classes: registered by a method the server is
given (`alarms.register(mcp)`, `LoudTools().register(mcp)`) or by their constructor
(`LogHandler(mcp)`, or through constructors handing it on: `EuAudit("eu", mcp)`), and
methods of module-level instances registered here (`mcp.add_tool(lookup)` with
`lookup = store.lookup`)."""

from mcp.server.fastmcp import FastMCP

from app.alarms import AlarmTools, LoudTools, Switchable
from app.handlers import ChosenHandler, ClusterHandler, DirectHandler, EuAudit, LogHandler
from app.store import ReportStore, Store

mcp = FastMCP("bound-methods")

alarms = AlarmTools()
alarms.register(mcp)
LoudTools().register(mcp)
Switchable(fast=True).register(mcp)

store = Store("/srv")
lookup = store.lookup
mcp.add_tool(lookup)
reports = ReportStore("/srv/reports")
mcp.tool(name="summarise_reports")(reports.summary)
mcp.tool(name="count_reports")(reports.count)

LogHandler(mcp, allow_write=True)
DirectHandler(server=mcp, prefix="eks-")
ClusterHandler(mcp)
ChosenHandler(mcp)
EuAudit("eu", mcp, audit=False)
