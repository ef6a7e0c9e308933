"""A Python server that exits when it starts: its framework cannot be imported with the releases
its pins install today, or the framework refuses one of its tools.

## What it does

Reports two kinds of start-up failure that the source and the pins decide.

**Releases that cannot be imported together.** At the file's first import of the framework, a
server whose framework cannot be imported with the releases the project's pins bring together —
the releases portlint derives the schemas for: the pinned or locked ones, or the newest that
the pins allow, as a fresh `pip install` or `uv sync` would install them today. Said once per
server file:

- the MCP Python SDK 1.2.0–1.21.0 (a server of the SDK, or the SDK under fastmcp) with Pydantic
  2.14.0 or later: the SDK imports `eval_type_backport` from Pydantic's internals, which 2.14.0
  removed, and `import mcp.server` raises ImportError;
- fastmcp 2.0.0–2.2.7 with Pydantic 2.14.0 or later: the same import in fastmcp itself;
- fastmcp 2.3.4–2.11.1 with Pydantic 2.12.0 or later: fastmcp's settings model declares a field
  Pydantic 2.12 refuses (TypeError: "cannot specify both default and default_factory");
- fastmcp 2.x on the MCP SDK 2.x — pinned, or brought by a fastmcp release that asks for the
  SDK without an upper bound (2.10.0–2.11.2, 2.14.0–2.14.1) when the project does not pin
  `mcp`: fastmcp 2 cannot import it;
- the MCP SDK 2.x for a server written for 1.x — pinned, or brought by a requirement without an
  upper bound (`mcp>=1.4`), as most 1.x servers declare it (an installed package's published
  requirements count) — or 1.x for one written for 2.x: said where the code stops, with the
  exception the SDK raises there (an import of `mcp.server.fastmcp` or `mcp.server.mcpserver`,
  `from mcp.server import FastMCP`, a 1.x low-level decorator, a 2.x `Server(on_*=...)`
  keyword; portlint/python/line_mismatch.py). The schemas are derived for the newest release
  of the line the code is written for: what it lists once pinned so. Said in every module of
  the server that stops, whether or not it registers a tool itself (an entry point whose tools
  a function of another module registers; a helper importing a name 2.x lacks); a module whose
  import of a project module runs into such a stop is said to stop at that import, with that
  module's exception, before its own later statements (portlint/python/import_stops.py;
  mcp-weather-server 0.6.1 dies in its `utils.py`, reached from `server.py` line 27, before
  `server.py`'s own `@app.list_tools()`). A module using neither line's own names claims
  nothing. A `try` whose handler catches ImportError, importing one line's (or fastmcp's)
  server and falling back to another's, starts on either: nothing in it is said, and the tools
  are derived for the part whose framework the project installs, the first in the order
  tried (core-web-vitals-mcp 0.1.2: 2.x's `MCPServer`, else 1.x's `FastMCP`, on mcp 2.3.0);
- a fastmcp release without a module or name the code imports at its top level (outside any
  `try`, `if` or function), in the module or in a project module it imports there: on fastmcp
  4.x, `from fastmcp.tools.tool import ToolResult` stops with "ModuleNotFoundError: No module
  named 'fastmcp.tools.tool'" (mcp-server-starrocks 0.4.0, which asks for `fastmcp>=2.14.0`);
  from 2.14 on, `from fastmcp.server.auth import BearerAuthProvider` stops with ImportError
  (mcp-server-rabbitmq 2.2.0); and code written for a newer release stops on an older one the
  pins hold. What each recorded release (2.10.6–4.2.3) cannot import is recorded off the
  releases by importing it as a server would (portlint/python/fastmcp_gone.py: fastmcp 3.4
  answers `fastmcp.tools.tool` with no file of that name, and is not said to lack it); the
  pin offered is the newest line whose newest recorded release has it (`fastmcp<4`), or none
  when no line's does. Said in the entry point too when it makes fastmcp's server and
  registers nothing itself.

Nothing is said where the project pins (or locks) releases that import: `mcp==1.12.4` beside
`pydantic==2.11.7` is a working server.

**A tool the framework refuses when it registers it.** At what it refuses, naming the tool and
the exception, for the release the project runs:

- fastmcp: a required parameter after one with a default (possible when a default sits inside
  `Annotated` or the later parameter is `= Field(...)`): "Non-default argument follows default
  argument" (oracle projects `*-annotated-order`, fastmcp 2.10.6–4.2.3);
- fastmcp: a function with `*args` or `**kwargs` ("Functions with *args are not supported as
  tools"; `f4-var-parameters`, 2.14.7 and 4.2.3);
- fastmcp 2.x: `add_tool` given a function instead of a `Tool` (`f2-add-fn`); a `Context`
  parameter under `from __future__ import annotations` (NameError); a quoted `"Context"`
  annotation before 2.11 (`f2-context-unquoted`);
- the MCP SDK: `structured_output=True` on a return it cannot describe (`Any`, `object`, a
  plain class, no annotation): `InvalidSignature` (`m1/m2-structured-refused`);
- a keyword the release's `tool()`, `add_tool()` or server class does not take: fastmcp 3.x
  and 4.x dropped 2.x's `tool(enabled=...)` and the server's `include_tags`/`exclude_tags`
  (TypeError: "FastMCP.tool() got an unexpected keyword argument 'enabled'", "FastMCP() no
  longer accepts `exclude_tags`. Use `server.disable(tags=...)` after creating the server.";
  `f4-removed-enabled`, `f4-removed-tags`, under 3.0.0, 3.4.11 and 4.2.3), and each release
  refuses the keywords of later ones (`structured_output=` on fastmcp 3.4.11's `tool()`); a
  keyword fastmcp's `mount()` does not take, in the module's top-level code on a server it makes:
  4.x dropped `prefix=` and `as_proxy=` ("FastMCP.mount() got an unexpected keyword argument
  'prefix'"), 2.x has no `namespace=`; and a mount given the prefix first (`mount("dr", sub)`,
  the order before 2.9), which 2.14 and later take as the server ("'str' object has no
  attribute '_lifespan'"; recorded from 2.10.6 to 4.2.3 by `python -m
  tests.python.record_mount_order`, oracle project `f2-mount-prefix-first`). Said at the first
  such mount only, and not when the server already stops where it is made. The
  keywords each release of fastmcp (2.10.6–4.2.3) and the MCP SDK (1.3.0–2.3.0) refuses are
  recorded from the releases (portlint/python/framework_keywords.py, by
  `python -m tests.python.record_framework_keywords`, again live in CI); a release between two
  recorded ones is judged only where both agree, and a call with `**options` is not judged;
- Pydantic: a number bound on a date (`Field(ge=1)` on `datetime.date`), and on a time under
  Pydantic 2.11: `SchemaError` when the arguments model is built (`*-constraint-kinds`; the
  time compared under Pydantic 2.11.10, 2.12.5, 2.13.5 and 2.14.4, which leave it out of the
  schema from 2.12 on).

## Why it matters

A server that raises at start-up serves nothing; the refused registrations are found by whoever
starts it first, not by a test that imports a module of helpers. A server pinned to an older
framework keeps working in the environment it was first installed in, and fails on every fresh
install: a new contributor, a CI job, a container build, a user
running it with `uvx`. The process exits at its first import, before it answers `initialize`:
every client gets no tools, whatever the schemas say. A server checked only where it was
developed never sees it.

## Clients affected

All of them: the server never starts. Each refused registration is recorded by starting the
oracle project named above under the releases named. The stacks are observed by installing each
fresh from PyPI and importing the framework: `tests/python/import-outcomes.json`, recorded by
`python -m tests.python.record_imports` and re-recorded live in CI, holds the outcome and the
releases each install resolved to; the test compares portlint's answer with each of them.

## Example

```text
# requirements.txt
mcp==1.12.4
```

```python
from mcp.server.fastmcp import FastMCP   # ImportError with pydantic 2.14
```

## Fix safety

No fix: pin the release the message names beside the framework (`pydantic<2.14`,
`pydantic<2.12`, `mcp<2`), or move the framework to a release that imports; write the tool as
the framework accepts it (the message says what it refuses).
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, (
        "The server must start before any client can list a tool: write what the framework "
        "accepts, or pin the releases the message names beside it.")


RULE = Rule(
    id="server-start-fails",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    universal=True,
    describe=describe,
)
