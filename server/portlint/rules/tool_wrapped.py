"""A decorator hands the framework a function of its own: the tool is read as that function.

## What it does

Reports, in a Python server module, a decorator written below the registration (`@mcp.tool()`
over `@logged`), or on a function registered by name (`mcp.tool()(search)`), that hands the
framework an inner function of its own not decorated with `@functools.wraps(func)`. The
frameworks read what they are given as `inspect.signature` does, with its `__name__` and
`__doc__`: without `wraps`, that is the wrapper — so the tool is listed as `wrapper`, with the
wrapper's docstring (often none) and the wrapper's parameters (often `*args, **kwargs`). The
finding says what changed: the name (unless the registration gives `name=`), the description
(unless it gives `description=`) and the parameters. The schemas portlint derives and lints are
the wrapper's, as the server lists them.

Decorators are read without running them (`portlint.python.applied_decorators`): a decorator
of the project handing back `@functools.wraps(func)` wrappers, or the function itself, keeps
the tool as written and is not reported; a decorator portlint cannot read (a library's) leaves
the tool `unknown-schema`, with the reason.

## Why it matters

Every tool decorated this way gets the same name: the server then lists one of them
(`tool-shadowed`), the model sees `wrapper(args, kwargs)` with no description, and — with the
MCP SDK — every call fails (`tool-call-fails`); fastmcp refuses a function taking `*args` and
the server does not start (`server-start-fails`). The decorator reads as harmless logging or
error handling, which is why the mistake survives review.

## Clients affected

None: it happens in the server, before any client sees the list. Observed with the frameworks:
the oracle projects `m1-bare-wrapper` (mcp 1.30.0) and `m2-bare-wrapper` (mcp 2.3.0) list one
tool `wrapper` with the properties `args` and `kwargs` for two decorated tools; under fastmcp
(`f2-`, `f3-`, `f4-bare-wrapper`: 2.14.7, 3.4.11, 4.2.3) the server fails at start-up. The
`*-wrapped-tools` projects list `search_text`, the wrapper a decorator hands back, under every
framework.

## Example

```python
def logged(func):
    async def wrapper(*args, **kwargs):
        return await func(*args, **kwargs)
    return wrapper


@mcp.tool()
@logged
async def search(query: str) -> str: ...
```

## Fix safety

No fix: decorate the wrapper with `@functools.wraps(func)` (the function it wraps), which
changes what the server lists — the name, the description and the parameters become the tool's
own.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, ("Decorate the wrapper with `@functools.wraps(func)` (the function "
                             "it wraps), so that the framework reads the tool as written.")


RULE = Rule(
    id="tool-wrapped",
    severity=Severity.WARNING,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    universal=True,
    describe=describe,
)
