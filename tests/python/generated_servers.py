"""Small servers generated from a seed, for differential tests against the real frameworks: tools
registered through helpers (`def reg(name, fn): mcp.tool(name=name)(wrap(fn))`, wrappers with and
without `functools.wraps`, the helper called or used as a decorator), through methods of classes named by `self` (class attributes,
constructors handing a constant to their base's, names each construction passes), and through
loops over literal lists of classes. Each program prints its tools/list as JSON when run."""

from __future__ import annotations

import random

FUNCTIONS = {
    "a": "def a(x: int, y: str = 'q') -> int:\n    '''A.'''\n    return x\n",
    "b": "async def b(items: list[str], flag: bool = False) -> str:\n    '''B doc.'''\n"
         "    return ''\n",
    "c": "def c(n: float | None = None) -> dict:\n    return {}\n",
    "d": "async def d(z: int) -> int:\n    '''D.'''\n    return z\n",
}
_HEADS = {
    "mcp": "from mcp.server.fastmcp import FastMCP",
    "fastmcp": "from fastmcp import FastMCP",
}
PRINT = '''

if __name__ == "__main__":
    import asyncio
    import json

    listed = (asyncio.run(mcp.list_tools()) if hasattr(mcp, "list_tools")
              else list(asyncio.run(mcp.get_tools()).values()))  # fastmcp 2.x
    print(json.dumps([(t.to_mcp_tool() if hasattr(t, "to_mcp_tool") else t).model_dump(
        mode="json", exclude_none=True, by_alias=True) for t in listed]))
'''


def program(rng: random.Random, framework: str) -> str:
    """One server module for ``framework`` (`mcp` 1.x or `fastmcp`)."""
    parts = ["import functools", "from functools import wraps", _HEADS[framework],
             "NAME = 'const'", "mcp = FastMCP('generated')", "", *FUNCTIONS.values()]
    parts += _helpers(rng) if rng.random() < 0.5 else _classes(rng)
    return "\n".join(parts) + PRINT


def _helpers(rng: random.Random) -> list[str]:
    wrapper = rng.choice(["wraps", "functools.wraps", "plain", "conditional"])
    if wrapper == "plain":
        lines = ["def wrap(fn):\n    return fn\n"]
    elif wrapper == "conditional":
        lines = ["def wrap(fn):\n    @wraps(fn)\n    def inner(*a, **k):\n"
                 "        return fn(*a, **k)\n    if fn:\n        return inner\n    return fn\n"]
    else:
        lines = [f"def wrap(fn):\n    @{wrapper}(fn)\n    def inner(*a, **k):\n"
                 "        return fn(*a, **k)\n    return inner\n"]
    params = rng.choice(["name, fn", "fn, name='dflt'", "name, fn, description=None", "fn"])
    options = [o for o, needed in (("name=name", "name"), ("description=description",
                                                           "description")) if needed in params]
    target = rng.choice(["fn", "wrap(fn)"])
    lines.append(f"def reg({params}):\n    mcp.tool({', '.join(options)})({target})\n")
    if params.startswith("fn") and rng.random() < 0.5:  # the helper used as a decorator
        lines.append('@reg\ndef e(k: int = 1) -> int:\n    """E."""\n    return k\n')
    for function in rng.sample(sorted(FUNCTIONS), rng.randint(1, 4)):
        if params.startswith("name"):
            arguments = [repr(f"t_{function}"), function]
        elif params.startswith("fn, name"):
            arguments = [function] + ([repr(f"n_{function}")] if rng.random() < 0.5 else [])
        else:
            arguments = [function]
        if "description" in params and rng.random() < 0.5:
            arguments.append(f"description={f'desc {function}'!r}")
        call = f"reg({', '.join(arguments)})"
        lines.append(call if rng.random() < 0.7 else
                     f"def setup_{function}():\n    {call}\n\n\nsetup_{function}()")
    return lines


def _classes(rng: random.Random) -> list[str]:
    lines = ["class Base:\n    def __init__(self, label='base_default'):\n"
             "        self.label = label\n"]
    made: list[str] = []
    constant = "NAME"  # used by one class at most: tools of one name registered in different
    # methods are not told apart as one server's (portlint.python.shadowing)
    for i, function in enumerate(rng.sample(sorted(FUNCTIONS), rng.randint(1, 4))):
        name = f"T{i}"
        form = rng.choice(["attribute", "super", "explicit", "construction", "inherited"])
        body = [f"class {name}{'(Base)' if form != 'attribute' else ''}:"]
        if form == "attribute":
            label, constant = rng.choice([(repr(f"attr_{i}"), constant), (constant or repr(
                f"attr_{i}"), "")])
            body.append(f"    label = {label}")
        elif form == "super":
            body += ["    def __init__(self):", f"        super().__init__({f'sup_{i}'!r})"]
        elif form == "explicit":
            body += ["    def __init__(self):", f"        Base.__init__(self, {f'exp_{i}'!r})"]
        elif form == "construction":
            body += ["    def __init__(self, label):", "        super().__init__(label)"]
        body += ["    def register(self, server):",
                 f"        server.tool(name=self.label)({function})", ""]
        lines.append("\n".join(body))
        made.append(f"{name}({f'given_{i}'!r})" if form == "construction" else f"{name}()")
    if rng.random() < 0.5:
        classes = ", ".join(m.split("(")[0] for m in made if not m.endswith("')"))
        if classes:
            lines.append(f"for cls in ({classes},):\n    cls().register(mcp)\n")
        made = [m for m in made if m.endswith("')")]
    lines += [f"{m}.register(mcp)" for m in made]
    return lines
