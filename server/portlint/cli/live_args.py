"""The command-line options of the live mode (``check``, ``snapshot``, ``diff``, ``explain``),
declared once; ``main`` adds them to each subcommand that reaches a server."""

from __future__ import annotations

from portlint.live.bounds import Bounds

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from portlint.cli.plain_check import Declares


def refused(message: str) -> Exception:
    """argparse's error for a value its type refuses (argparse imported only then: a plain
    check reads its words without it, see cli/plain_check.py)."""
    import argparse

    return argparse.ArgumentTypeError(message)


def _positive(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise refused(f"expected a number of seconds, got {value!r}") from None
    if not number > 0:
        raise refused(f"expected a positive number, got {value!r}")
    return number


def _count(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise refused(f"expected a whole number, got {value!r}") from None
    if number < 1:
        raise refused(f"expected at least 1, got {value!r}")
    return number


def add_target_arguments(parser: Declares, *, prefix: str = "",
                         what: str = "") -> None:
    """``--server`` / ``--url`` (with ``prefix``: ``--old-server`` / ``--old-url``)."""
    dest = prefix.replace("-", "_")
    parser.add_argument(f"--{prefix}server", dest=f"{dest}server", metavar="'CMD ARG...'",
                        help=f"start this MCP server (stdio) and read its tools/list{what}; "
                             "only this command is run")
    parser.add_argument(f"--{prefix}url", dest=f"{dest}url", metavar="URL",
                        help=f"reach this MCP server over Streamable HTTP{what}")


def add_bound_arguments(parser: Declares) -> None:
    defaults = Bounds()
    parser.add_argument("--startup-timeout", type=_positive, metavar="SECONDS",
                        default=defaults.startup_timeout,
                        help="how long the server may take to start and answer initialize "
                             f"(default: {defaults.startup_timeout:g})")
    parser.add_argument("--request-timeout", type=_positive, metavar="SECONDS",
                        default=defaults.request_timeout,
                        help="how long each tools/list page may take "
                             f"(default: {defaults.request_timeout:g})")
    parser.add_argument("--max-pages", type=_count, metavar="N", default=defaults.max_pages,
                        help=f"stop a server still paging after N pages "
                             f"(default: {defaults.max_pages})")


def bounds_from(args: Any) -> Bounds:
    return Bounds(args.startup_timeout, args.request_timeout, args.max_pages)
