"""Classes whose constructor registers their methods on the server it is given (the handler
classes of awslabs' eks-mcp-server: `self.mcp = mcp`, then `self.mcp.tool(name=...)(self.x)`)."""

from typing import Annotated

from pydantic import Field


class LogHandler:
    """Keeps the server in `self.mcp` and registers on it."""

    def __init__(self, mcp, allow_write: bool = False):
        self.mcp = mcp
        self.allow_write = allow_write
        self.mcp.tool(name="get_log_events")(self.get_log_events)
        self.mcp.tool()(self.tail_log)

    def get_log_events(
        self,
        group: Annotated[str, Field(description="The log group")],
        minutes: int = 15,
        *,
        limit: int = 100,
    ) -> list[str]:
        """Get a log group's recent events."""
        return [group] * min(minutes, limit)

    async def tail_log(self, group: str, lines: int = 10) -> str:
        """Tail a log group.

        Returns the last lines.
        """
        return group * lines


class DirectHandler:
    """Registers on the parameter itself."""

    def __init__(self, server, prefix: str = "") -> None:
        self.prefix = prefix
        server.add_tool(self.describe_cluster)

    def describe_cluster(self, cluster: str, verbose: bool = False) -> dict[str, str]:
        """Describe a cluster."""
        return {"cluster": self.prefix + cluster}


class BaseHandler:
    def __init__(self, mcp):
        self.mcp = mcp
        self.mcp.tool(name="health")(self.health)

    def health(self) -> str:
        """Health of the base."""
        return "ok"


class ClusterHandler(BaseHandler):
    """Inherits the constructor; the `health` it registers is this class's."""

    def health(self, cluster: str, deep: bool = False) -> str:
        """Health of one cluster."""
        return cluster


class ChosenHandler:
    """The server kept is chosen at run time: not derived."""

    def __init__(self, mcp, mirror=None):
        self.mcp = mirror if mirror is not None else mcp
        self.mcp.tool(name="mirror_status")(self.status)

    def status(self) -> str:
        """Mirror status."""
        return "ok"


class AuditBase:
    def __init__(self, mcp, audit: bool = True):
        self.mcp = mcp
        self.audit = audit
        self.mcp.tool(name="audit_events")(self.audit_events)

    def audit_events(self, since: int = 0) -> list[int]:
        """Audit events since a time."""
        return [since]


class RegionAudit(AuditBase):
    """Hands the server on naming its base."""

    def __init__(self, region: str, mcp, **options):
        AuditBase.__init__(self, mcp, **options)
        self.region = region


class EuAudit(RegionAudit):
    """Hands its callers' arguments on, two constructors up; `self` is an `EuAudit`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def audit_events(self, since: int = 0, final: bool = False) -> list[int]:
        """Audit events of the EU region."""
        return [since]
