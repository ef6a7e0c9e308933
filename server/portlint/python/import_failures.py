"""Releases that cannot be imported together: a server whose pins bring them together exits
before it answers anything.

The analysis reproduces one framework release with one Pydantic release (:mod:`environment`),
the newest that the project's pins allow, as a fresh install would bring them today. Some of
those stacks do not import at all — the releases were published before the Pydantic (or MCP SDK)
release they now meet — and then no schema the server would have sent matters: the process
fails at its first `import`, and every client gets no tools.

What fails, installed and imported (``tests/python/import-outcomes.json``, recorded by
``python -m tests.python.record_imports``; each fresh install there resolved as this module
predicts):

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

fastmcp 3.0 on needs the SDK 1.24 or later (3.3 on through `fastmcp-slim`; 4.x through
`mcp-types` 2.x, not the SDK) and is not affected.
"""

from __future__ import annotations

from typing import NamedTuple

from portlint.python.environment import Assumed, Environment
from portlint.python.pins import Version, newest_allowed, parse_version

# what each fastmcp release before 3.0 asks of the MCP SDK, from the first release that asks it
# until the next row (read from the releases' metadata on PyPI)
_FASTMCP_REQUIRES_MCP: tuple[tuple[Version, str], ...] = (
    ((2, 0, 0), ">=1.6.0,<2.0.0"),
    ((2, 2, 7), ">=1.7.1,<2.0.0"),
    ((2, 3, 0), ">=1.8.0,<2.0.0"),
    ((2, 3, 4), ">=1.8.1,<2.0.0"),
    ((2, 3, 5), ">=1.9.0,<2.0.0"),
    ((2, 6, 0), ">=1.9.2,<2.0.0"),
    ((2, 8, 1), ">=1.9.4,<2.0.0"),
    ((2, 9, 2), ">=1.9.4,<1.10.0"),
    ((2, 10, 0), ">=1.10.0"),
    ((2, 11, 3), ">=1.12.4,<2.0.0"),
    ((2, 12, 5), ">=1.12.4,<1.17.0"),
    ((2, 13, 0), ">=1.17.0,<2.0.0"),
    ((2, 13, 1), ">=1.19.0,!=1.21.1,<2.0.0"),
    ((2, 13, 3), ">=1.19.0,!=1.21.1,<1.23"),
    ((2, 14, 0), ">=1.23.1"),
    ((2, 14, 1), ">=1.24.0"),
    ((2, 14, 2), ">=1.24.0,<2.0"),
    ((3, 0, 0), ">=1.24.0,<2.0"),
)

_PYDANTIC_WITHOUT_EVAL_TYPE_BACKPORT = (2, 14)
_SDK_IMPORTING_EVAL_TYPE_BACKPORT = ((1, 2), (1, 21, 0))  # first and last release
_FASTMCP_IMPORTING_EVAL_TYPE_BACKPORT = ((2, 0), (2, 2, 7))
_FASTMCP_SETTINGS_REFUSED = ((2, 3, 4), (2, 11, 1))
_PYDANTIC_REFUSING_FASTMCP_SETTINGS = (2, 12)
_SDK_REMOVED_PYDANTIC_SETTINGS = (2,)
_FASTMCP_UNCAPPED = "asks for the MCP SDK without an upper bound (`mcp{spec}`)"


class Stack(NamedTuple):
    """The releases a server runs on: its framework, the MCP SDK under it, and Pydantic."""

    framework: Assumed
    sdk: Assumed
    pydantic: Assumed


def sdk_under(environment: Environment, pinned: Assumed | None) -> Assumed:
    """The MCP SDK release a server runs on: the framework itself for an SDK server; for
    fastmcp, the release the project pins or locks, else the newest one the fastmcp release
    asks for (what a fresh install brings)."""
    if environment.package == "mcp":
        return environment.framework
    spec = requirement_of(environment.version)
    if spec is None or environment.version >= (3,):
        # fastmcp 3.x needs an SDK that imports (1.24 on), and 4.x does not use the SDK: an
        # `mcp` pin beside them is not what they run on
        return Assumed("mcp", "", "not followed")
    if pinned is not None:
        return pinned
    release = newest_allowed("mcp", spec) or ""
    return Assumed("mcp", release, f"not pinned: the newest that fastmcp "
                   f"{environment.framework.version} allows, `mcp{spec}`")


def requirement_of(fastmcp: Version) -> str | None:
    """What fastmcp ``fastmcp`` asks of the MCP SDK (None: a release this table does not
    cover — before 2.0, where fastmcp did not depend on the SDK release by release, or 3.3 on)."""
    if fastmcp < (2,) or fastmcp >= (3, 3):
        return None
    spec: str | None = None
    for first, asked in _FASTMCP_REQUIRES_MCP:
        if fastmcp >= first:
            spec = asked
    return spec


def _within(version: Version, bounds: tuple[Version, Version]) -> bool:
    first, last = bounds
    return first <= version <= last


def import_failure(stack: Stack) -> str | None:
    """Why the server's imports fail on ``stack``: the releases named once, then each failure
    with the pin that mends it, in the order they come (None: they do not fail as far as this
    module knows). The failures are independent: pinning what one names leaves the others."""
    framework, sdk, pydantic = stack
    fastmcp = framework.package == "fastmcp"
    version = parse_version(framework.version) or (0,)
    sdk_version = parse_version(sdk.version) if sdk.version else None
    pydantic_version = parse_version(pydantic.version) or (2,)
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
