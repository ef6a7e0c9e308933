"""A JavaScript file that carries its own copy of the MCP TypeScript SDK's server: a bundle.

Bundlers (esbuild, Rollup, webpack, ncc, ``bun build``) can copy the SDK into a server's build,
so that the file a package ships imports nothing from ``@modelcontextprotocol/…``: its tools are
registered on classes the file defines itself. portlint knows the SDK by the module a file imports
it from, so it cannot tell which of a bundle's calls register tools, nor read the Zod copied in
beside it. Such a file used to be passed over as one that is "not a tool-schema document" — a
published server listing 24 tools (``@notionhq/notion-mcp-server``'s minified ``bin/cli.mjs``)
was "Nothing checked". It is now said, once, as an ``unknown-schema`` note standing for every tool
the file's server lists, so a directory search reports the file and nothing is passed silently.

A bundle is told by what the SDK's server holds in every release (``@modelcontextprotocol/sdk``
1.0.0 to 1.32.2 and ``@modelcontextprotocol/server`` 2.x) and a minifier leaves as it is: its
check that the tools capability was declared before a tools handler is set,
``if (!this._capabilities.tools)`` with the message ``Server does not support tools (required
for …)``. The SDK's client says the same message about ``this._serverCapabilities``, so a file
that bundles only a client is not taken for a server. A file inside an ``@modelcontextprotocol``
folder is the SDK itself, not a copy of it."""

from __future__ import annotations

import re
from pathlib import Path

from portlint.source.located import Span

_MESSAGE = "Server does not support tools (required for "
_CHECK = re.compile(r"!\s*(this\s*\.\s*_capabilities\s*\.\s*tools)\b")


def bundled_sdk_server(text: str, path: Path | None) -> Span | None:
    """Where the copy of the SDK's server in ``text`` checks for the tools capability (None:
    the file carries no copy of it, or is the SDK's own)."""
    if _MESSAGE not in text:
        return None
    if path is not None and "@modelcontextprotocol" in path.parts:
        return None
    found = _CHECK.search(text)
    if found is None:
        return None
    return found.span(1)


def bundle_reason() -> str:
    return ("this file is a bundle with its own copy of the MCP TypeScript SDK's server built in "
            "(here, the copy's check for the tools capability), and portlint knows the SDK only "
            "where a module imports it")
