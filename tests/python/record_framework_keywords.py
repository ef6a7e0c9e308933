"""Records which keywords the Python MCP frameworks' server class, `tool()` and `add_tool()`
(and fastmcp's `mount()` and `import_server()`, where a release has them) refuse, release by
release, from the releases themselves: each is installed in its own cached venv, every keyword
any recorded release's signature names (and one no release has) is passed to it, and what a
refused one raises is kept word for word. Writes ``server/portlint/python/framework_keywords.py``
(committed; the live layer records it again and fails on any difference)::

    .venv/bin/python -m tests.python.record_framework_keywords

The keyword's value is ``None``: a keyword refused is refused before any value is looked at
(Python's "unexpected keyword argument", fastmcp 3's "no longer accepts"), so only those two
forms of TypeError count as a refusal; anything else the call raises says the keyword was
taken."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.python import record_servers

# (package, release, pydantic, mcp under fastmcp): the releases the oracle projects pin, and
# the first and newest of each line where the registration API changed
RELEASES = (
    ("fastmcp", "2.10.6", "2.11.7", "1.12.4"),
    ("fastmcp", "2.14.7", None, None),
    ("fastmcp", "3.0.0", None, None),
    ("fastmcp", "3.4.11", None, None),
    ("fastmcp", "4.0.0", None, None),
    ("fastmcp", "4.2.3", None, None),
    ("mcp", "1.3.0", "2.10.6", None),
    ("mcp", "1.30.0", None, None),
    ("mcp", "2.0.0", None, None),
    ("mcp", "2.3.0", None, None),
)
TARGET = (Path(__file__).resolve().parents[2] / "server" / "portlint" / "python" /
          "framework_keywords.py")
NO_RELEASES_KEYWORD = "portlint_no_such_keyword"

_PROBE = r'''
import contextlib, inspect, io, json, sys, warnings
warnings.simplefilter("ignore")
package, wanted = sys.argv[1], json.loads(sys.argv[2])
if package == "fastmcp":
    from fastmcp import FastMCP as Server
else:
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:
        from mcp.server.fastmcp import FastMCP as Server


def run(a: int) -> int:
    return a


calls = {
    "server": (Server.__init__, lambda **kw: Server("probe", **kw)),
    "tool": (Server.tool, lambda **kw: Server("probe").tool(**kw)),
    "add_tool": (Server.add_tool, lambda **kw: Server("probe").add_tool(run, **kw)),
}
# fastmcp's composition, where the release has it (`import_server` is a coroutine function on
# 2.x and 3.x: a keyword it does not take raises at the call, before anything is awaited)
def composing(method):
    return lambda **kw: getattr(Server("probe"), method)(Server("mounted"), **kw)


for method in ("mount", "import_server"):
    if hasattr(Server, method):
        calls[method] = (getattr(Server, method), composing(method))
found = {}
for what, (function, call) in calls.items():
    parameters = inspect.signature(function).parameters.values()
    named = sorted(p.name for p in parameters if p.name != "self" and p.kind in (
        p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
    refused = {}
    for keyword in (wanted or {}).get(what, []):
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                    io.StringIO()):
                made = call(**{keyword: None})
                if inspect.iscoroutine(made):
                    made.close()
        except TypeError as error:
            said = str(error)
            if (f"'{keyword}'" in said and "unexpected keyword" in said) or (
                    f"`{keyword}`" in said and "no longer accepts" in said):
                refused[keyword] = f"TypeError: {said}"
        except BaseException:
            pass
    found[what] = {"named": named, "refused": refused}
json.dump(found, sys.stdout)
'''


def run_probe(release: tuple[str, str, str | None, str | None], probe: str,
              wanted: object) -> Any:
    """What the script ``probe`` prints (JSON), run in the release's cached venv with its
    package's name and ``wanted`` (as JSON) as its arguments."""
    package, version, pydantic, sdk = release
    python = record_servers.venv(package, version, pydantic, sdk) / "bin" / "python"
    ran = subprocess.run([str(python), "-c", probe, package, json.dumps(wanted)],
                         capture_output=True, text=True, check=True, timeout=600)
    return json.loads(ran.stdout)


def _probe(release: tuple[str, str, str | None, str | None],
           wanted: dict[str, list[str]] | None) -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = run_probe(release, _PROBE, wanted)
    return found


def recorded() -> str:
    """The text of ``framework_keywords.py`` as the releases installed now make it."""
    named: dict[str, set[str]] = {}
    for release in RELEASES:
        for what, facts in _probe(release, None).items():
            named.setdefault(what, set()).update(facts["named"])  # type: ignore[arg-type]
    wanted = {what: sorted(names | {NO_RELEASES_KEYWORD}) for what, names in named.items()}
    lines = [
        "# ruff: noqa: E501  (the exceptions are kept whole, as the releases raise them)",
        '"""What keywords the server class, `tool()` and `add_tool()` (and fastmcp\'s `mount()`',
        "and `import_server()`) of each recorded release of fastmcp and of the MCP Python SDK",
        "refuse, and what they raise: written by",
        "tests/python/record_framework_keywords.py from the releases installed (do not edit).",
        "",
        "``KEYWORDS``: every keyword probed (what any recorded release names;",
        f"`{NO_RELEASES_KEYWORD}` stands for a keyword none does). ``REFUSED``: package →",
        'release → call → keyword → the exception, as Python prints it."""', "",
        "KEYWORDS: dict[str, frozenset[str]] = {",
    ]
    for what, names in wanted.items():
        lines.append(f"    {what!r}: frozenset((")
        lines += [f"        {name!r}," for name in names]
        lines.append("    )),")
    lines += ["}", "", "REFUSED: dict[str, dict[str, dict[str, dict[str, str]]]] = {"]
    package = None
    for release in RELEASES:
        if release[0] != package:
            if package is not None:
                lines.append("    },")
            package = release[0]
            lines.append(f"    {package!r}: {{")
        lines.append(f"        {release[1]!r}: {{")
        for what, facts in _probe(release, wanted).items():
            refused: dict[str, str] = facts["refused"]  # type: ignore[assignment]
            lines.append(f"            {what!r}: {{")
            lines += [f"                {k!r}: {v!r}," for k, v in sorted(refused.items())]
            lines.append("            },")
        lines.append("        },")
    lines += ["    },", "}"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(recorded(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
