from .admin import Admin
from .reads import Reads
from .writes import Writes

GROUPS = [("reads", Reads), ("writes", Writes)]


def register_groups(mcp):
    """Each group's class made and given the server."""
    for name, cls in GROUPS:
        try:
            cls(name).register(mcp)
        except Exception as error:
            raise RuntimeError(f"group {name}: {error}") from error
    for extra in (Admin,):
        extra("admin").register(server=mcp)
