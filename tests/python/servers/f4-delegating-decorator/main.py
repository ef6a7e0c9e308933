"""A decorator handing the function to another function of the project with other arguments
(mcp-server-celery 0.1.0's `_wrap(fn)`: `return _errors(prefix, fn)`), whose wrapper copies the
function with `functools.wraps`: the framework reads the function as written."""

from functools import wraps

from fastmcp import FastMCP


def _errors(prefix, fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except OSError as exc:
            raise RuntimeError(f"{prefix}: {exc}") from exc
    return wrapper


def logged(fn):
    return _errors("log", fn=fn)


def build_server(prefix: str) -> FastMCP:
    mcp = FastMCP("delegating")

    def _wrap(fn):
        return _errors(prefix, fn)

    @mcp.tool
    @_wrap
    def list_workers(timeout: float | None = None) -> dict:
        """List workers."""
        return {}

    @mcp.tool
    @logged
    def purge(queue: str, force: bool = False) -> int:
        """Purge a queue."""
        return 0

    return mcp


if __name__ == "__main__":
    build_server("broker").run()
