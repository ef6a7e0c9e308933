"""Releases that cannot be imported together: a server whose pins bring them together exits
before it answers anything.

The analysis reproduces one framework release with one Pydantic release and the MCP SDK
release under it (:mod:`environment`), the newest that the project's pins allow, as a fresh
install would bring them today. Some of
those stacks do not import at all — the releases were published before the Pydantic (or MCP SDK)
release they now meet — and then no schema the server would have sent matters: the process
fails at its first `import`, and every client gets no tools.

What fails, installed and imported (``tests/python/import-outcomes.json``, recorded by
``python -m tests.python.record_imports``; each fresh install there resolved as the
environment predicts):

- the MCP SDK 1.2.0–1.21.0 with Pydantic 2.14.0 or later: `mcp.server` (every server imports
  it; its package imports the SDK's FastMCP) imports `eval_type_backport` from
  `pydantic._internal._typing_extra`, which Pydantic 2.14.0 removed (ImportError). 1.21.1 no
  longer imports it;
- fastmcp 2.0.0–2.2.7 with Pydantic 2.14.0 or later: the same import in fastmcp's own code;
- fastmcp 2.3.4–2.11.1 with Pydantic 2.12.0 or later: its settings model declares a field
  that Pydantic 2.12 refuses ("TypeError: cannot specify both default and default_factory");
- fastmcp 2.x with the MCP SDK 2.x, which fastmcp 2 was not written for (ModuleNotFoundError:
  `pydantic_settings`, which the SDK 2.x no longer brings; or ImportError from `mcp.types`).
  fastmcp 2.10.0–2.11.2 and 2.14.0–2.14.1 ask for the SDK without an upper bound, so a fresh
  install without an `mcp` pin brings 2.x.

- the MCP SDK 2.x for code written for 1.x (`from mcp.server.fastmcp import FastMCP`, a
  low-level `@server.list_tools()`), or 1.x for code written for 2.x (`mcp.server.mcpserver`,
  `Server(..., on_list_tools=...)`): said where the code stops, with the exception
  (:mod:`portlint.python.line_mismatch`). A requirement without an upper bound (`mcp>=1.4`)
  brings 2.x to a fresh install today.

fastmcp 3.0 on needs the SDK 1.24 or later (3.3 on through `fastmcp-slim`; 4.x through
`mcp-types` 2.x, not the SDK) and is not affected.
"""

from __future__ import annotations

from portlint.python.environment import Environment, requirement_of
from portlint.python.line_mismatch import Stop
from portlint.python.pins import Version

_PYDANTIC_WITHOUT_EVAL_TYPE_BACKPORT = (2, 14)
_SDK_IMPORTING_EVAL_TYPE_BACKPORT = ((1, 2), (1, 21, 0))  # first and last release
_FASTMCP_IMPORTING_EVAL_TYPE_BACKPORT = ((2, 0), (2, 2, 7))
_FASTMCP_SETTINGS_REFUSED = ((2, 3, 4), (2, 11, 1))
_PYDANTIC_REFUSING_FASTMCP_SETTINGS = (2, 12)
_SDK_REMOVED_PYDANTIC_SETTINGS = (2,)
_FASTMCP_UNCAPPED = "asks for the MCP SDK without an upper bound (`mcp{spec}`)"


def _within(version: Version, bounds: tuple[Version, Version]) -> bool:
    first, last = bounds
    return first <= version <= last


def import_failure(environment: Environment, stop: Stop | None = None) -> str | None:
    """Why the server's imports fail on the releases of ``environment``: the releases named
    once, then each failure with the pin that mends it, in the order they come (None: they do
    not fail as far as this module knows). The failures are independent: pinning what one names
    leaves the others. ``stop``: where the code stops when the pins bring the other line of
    the SDK than it is written for (:func:`portlint.python.line_mismatch.first_stop`)."""
    framework, sdk, pydantic = environment.framework, environment.sdk, environment.pydantic
    other_line = environment.brought
    if other_line is not None:  # the other line than the code needs: nothing else matters
        if stop is None:
            return None  # nothing of it stops at start on that line
        mend = "`mcp<2`" if environment.generation == "mcp1" else "`mcp>=2`"
        return (f"mcp {other_line.version} ({other_line.why}): it has no {stop.what} "
                f"({stop.error}): pin {mend}")
    fastmcp = environment.package == "fastmcp"
    version, sdk_version = environment.version, environment.sdk_version
    pydantic_version = environment.pydantic_version
    sdk_resolved = sdk.why.startswith("not pinned")
    found: list[str] = []
    sdk_named = False  # whether the SDK under fastmcp must be named with the releases
    if fastmcp and (2,) <= version < (3,) and sdk_version is not None and (
            sdk_version >= _SDK_REMOVED_PYDANTIC_SETTINGS):
        brought = (f", and fastmcp {framework.version} "
                   f"{_FASTMCP_UNCAPPED.format(spec=requirement_of(version))}, so a fresh "
                   f"install brings mcp {sdk.version}" if sdk_resolved else "")
        sdk_named = not sdk_resolved
        found.append(f"fastmcp 2.x cannot import the MCP SDK 2.x{brought} (ModuleNotFoundError: "
                     "`pydantic_settings`, which the SDK 2.x no longer installs, or ImportError: "
                     "a name `mcp.types` no longer has, by release): pin `mcp<2`")
    if fastmcp and _within(version, _FASTMCP_SETTINGS_REFUSED) and (
            pydantic_version >= _PYDANTIC_REFUSING_FASTMCP_SETTINGS):
        found.append("fastmcp's settings model declares a field that Pydantic 2.12.0 and later "
                     "refuse, so `import fastmcp` raises TypeError (\"cannot specify both "
                     "default and default_factory\"): pin `pydantic<2.12`")
    if pydantic_version >= _PYDANTIC_WITHOUT_EVAL_TYPE_BACKPORT:
        if fastmcp and _within(version, _FASTMCP_IMPORTING_EVAL_TYPE_BACKPORT):
            found.append(f"fastmcp {_EVAL_TYPE_BACKPORT}, so `import fastmcp` raises "
                         "ImportError: pin `pydantic<2.14`")
        if sdk_version is not None and _within(sdk_version, _SDK_IMPORTING_EVAL_TYPE_BACKPORT):
            sdk_named = sdk_named or fastmcp
            found.append(f"the SDK {_EVAL_TYPE_BACKPORT}, so importing `mcp.server` raises "
                         "ImportError: pin `pydantic<2.14`" + (
                             "" if fastmcp else ", or move to mcp 1.21.1 or later"))
    if not found:
        return None
    releases = f"{framework.package} {framework.version} ({framework.why})"
    if sdk_named:
        releases += f" on mcp {sdk.version} ({sdk.why})"
    return (f"{releases} with pydantic {pydantic.version} ({pydantic.why}): "
            + "; ".join(found))


_EVAL_TYPE_BACKPORT = ("imports `eval_type_backport` from Pydantic's internals, which Pydantic "
                       "2.14.0 removed")
