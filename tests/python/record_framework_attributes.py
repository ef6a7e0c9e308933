"""Records which attributes a server made by each recorded release of fastmcp and of the MCP
Python SDK does not have, from the releases themselves: each is installed in its own cached venv
(the releases of :mod:`tests.python.record_framework_keywords`), a server is made
(`FastMCP("probe")`, `MCPServer("probe")`), and every attribute any recorded release's server
has (and one no release has) is read from it; what a missing one raises is kept word for word.
Writes ``server/portlint/python/framework_attributes.py`` (committed; the live layer records it
again and fails on any difference)::

    .venv/bin/python -m tests.python.record_framework_attributes

An attribute counts as missing only when reading it raises AttributeError: a class answering
unknown names from `__getattr__` is asked, not read from its `dir()`."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.python.record_framework_keywords import RELEASES, run_probe

TARGET = (Path(__file__).resolve().parents[2] / "server" / "portlint" / "python" /
          "framework_attributes.py")
NO_RELEASES_ATTRIBUTE = "portlint_no_such_attribute"

_PROBE = r'''
import contextlib, io, json, sys, warnings
warnings.simplefilter("ignore")
package, wanted = sys.argv[1], json.loads(sys.argv[2])
if package == "fastmcp":
    from fastmcp import FastMCP as Server
else:
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:
        from mcp.server.fastmcp import FastMCP as Server
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    server = Server("probe")
names = sorted(n for n in dir(server) if not (n.startswith("__") and n.endswith("__")))
missing = {}
for name in wanted or []:
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                io.StringIO()):
            getattr(server, name)
    except AttributeError as error:
        missing[name] = f"AttributeError: {error}"
    except BaseException:
        pass
json.dump({"names": names, "missing": missing}, sys.stdout)
'''


def _probe(release: tuple[str, str, str | None, str | None],
           wanted: list[str] | None) -> dict[str, object]:
    found: dict[str, object] = run_probe(release, _PROBE, wanted)
    return found


def recorded() -> str:
    """The text of ``framework_attributes.py`` as the releases installed now make it."""
    names: set[str] = set()
    for release in RELEASES:
        names.update(_probe(release, None)["names"])  # type: ignore[arg-type]
    wanted = sorted(names | {NO_RELEASES_ATTRIBUTE})
    lines = [
        "# ruff: noqa: E501  (the exceptions are kept whole, as the releases raise them)",
        '"""What attributes a server made by each recorded release of fastmcp and of the MCP',
        "Python SDK does not have, and what reading one raises: written by",
        "tests/python/record_framework_attributes.py from the releases installed (do not edit).",
        "",
        "``ATTRIBUTES``: every attribute probed (what any recorded release's server has;",
        f"`{NO_RELEASES_ATTRIBUTE}` stands for one none has). ``MISSING``: package → release →",
        'attribute → the exception, as Python prints it."""', "",
        "ATTRIBUTES: frozenset[str] = frozenset((",
    ]
    lines += [f"    {name!r}," for name in wanted]
    lines += ["))", "", "MISSING: dict[str, dict[str, dict[str, str]]] = {"]
    package = None
    for release in RELEASES:
        if release[0] != package:
            if package is not None:
                lines.append("    },")
            package = release[0]
            lines.append(f"    {package!r}: {{")
        missing: dict[str, str] = _probe(release, wanted)["missing"]  # type: ignore[assignment]
        lines.append(f"        {release[1]!r}: {{")
        lines += [f"            {k!r}: {v!r}," for k, v in sorted(missing.items())]
        lines.append("        },")
    lines += ["    },", "}"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(recorded(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
