"""Recognising what a document is, from its content: which schemas it holds and whose they are.

Shapes, tried in this order on a document's value:

* a JSON-RPC response whose ``result`` holds ``tools`` (``{"jsonrpc", "id", "result": {"tools"}}``);
* a tools container: ``{"tools": [...]}`` (an MCP ``tools/list`` result, a server snapshot, an
  mcpfile), ``{"functionDeclarations": [...]}`` (Gemini), ``{"functions": [...]}`` (legacy OpenAI);
  Gemini's ``{"tools": [{"functionDeclarations": [...]}]}`` nests one more level;
* an array of tools;
* a single tool;
* a bare JSON Schema, when it declares a json-schema.org ``$schema`` (or the caller says the file is
  a schema, as the CLI does for a file it was named).

A tool is an object naming its schemas by any of the spellings clients use: MCP ``inputSchema`` /
``outputSchema``, Anthropic ``input_schema``, OpenAI ``parameters`` (flat, or inside ``function``),
Gemini ``parameters`` / ``parametersJsonSchema`` / ``response`` / ``responseJsonSchema``.
Each schema root carries its tool and its role (input, output, or bare), which is what the rules
and the paths of findings are written against.
"""

from __future__ import annotations

from functools import lru_cache

from portlint.paths import display_path
from portlint.records import NamedTuple
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal

    Role = Literal["input", "output", "bare"]
    ShapeKind = Literal["jsonrpc", "tools", "tool-array", "tool", "schema", "unknown"]


INPUT_KEYS = ("inputSchema", "input_schema", "parameters", "parametersJsonSchema")
OUTPUT_KEYS = ("outputSchema", "responseJsonSchema", "response")
CONTAINER_KEYS = ("tools", "functionDeclarations", "functions")  # members holding a tool list


class DerivedTool(dict[str, object]):
    """A tool object a reader derived from code (Python, TypeScript). One file may define
    several servers, and a server keeps one tool per name, so two derived tools with one name
    are not a tool list that repeats a name."""


class UnreadNameTool(DerivedTool):
    """A tool object a reader derived from code whose name it could not read (a name computed
    at run time): it has no ``name`` member, and that is not the tool's fault."""


class ToolRef(NamedTuple):
    """A tool object: its name (when it has one) and where it sits in the document."""

    name: str | None
    path: Path
    name_unread: bool = False  # derived from code whose name portlint could not read
    # the path of an earlier tool of the same list with the same name (None: the first or only)
    duplicate_of: Path | None = None

    @property
    def label(self) -> str:
        """How hovers and summaries name the tool: ``tools[3] get_temp``."""
        return _label(self.name, self.path)


@lru_cache(maxsize=1024)  # asked once per finding; a tool has several
def _label(name: str | None, path: Path) -> str:
    where = display_path(path)
    if name is None:
        return where or "tool"
    return f"{where} {name}" if where else name


class SchemaRoot(NamedTuple):
    """One schema to lint: where it is, whose it is, and what it is for."""

    path: Path  # from the document root to the schema
    role: Role
    tool: ToolRef | None
    value: Any
    owner: Any = None  # the tool object the schema is a member of (None: a bare schema)

    @property
    def relative_start(self) -> int:
        """How many leading path segments belong to the tool's position, not to the tool."""
        return len(self.tool.path) if self.tool is not None else len(self.path)


class Shape:
    __slots__ = ("kind", "roots", "strays", "tools")

    def __init__(self, kind: ShapeKind, tools: list[ToolRef] | None = None,
                 roots: list[SchemaRoot] | None = None,
                 strays: list[Path] | None = None) -> None:
        self.kind = kind
        self.tools: list[ToolRef] = tools if tools is not None else []
        self.roots: list[SchemaRoot] = roots if roots is not None else []
        # the entries of its tool lists that are no tool (not an object, or an object with
        # neither a name nor a schema): rules/tool_list_entry.py reports them
        self.strays: list[Path] = strays if strays is not None else []

    @property
    def is_tool_document(self) -> bool:
        return self.kind != "unknown"


def tool_name(obj: dict[str, Any]) -> str | None:
    """A tool object's name: its `name`, or its `function`'s (None: no string name)."""
    name = obj.get("name")
    if isinstance(name, str):
        return name
    function = obj.get("function")
    if isinstance(function, dict) and isinstance(function.get("name"), str):
        return str(function["name"])
    return None


_MEMBER_KEYS = frozenset((*INPUT_KEYS, *OUTPUT_KEYS, "function"))


def _schema_members(obj: dict[str, Any]) -> list[tuple[tuple[str, ...], Role]]:
    if _MEMBER_KEYS.isdisjoint(obj):
        return []  # no schema member, nor a `function` wrapper that could hold one
    found: list[tuple[tuple[str, ...], Role]] = []
    for key in INPUT_KEYS:
        if key in obj:
            found.append(((key,), "input"))
    for key in OUTPUT_KEYS:
        if key in obj:
            found.append(((key,), "output"))
    function = obj.get("function")
    if isinstance(function, dict):
        for key in INPUT_KEYS:
            if key in function:
                found.append((("function", key), "input"))
        for key in OUTPUT_KEYS:
            if key in function:
                found.append((("function", key), "output"))
    return found


def _is_tool(obj: Any, in_container: bool) -> bool:
    """A tool names its schemas; outside a tools list it must also have a name."""
    if not isinstance(obj, dict) or not _schema_members(obj):
        return False
    return in_container or tool_name(obj) is not None


_make = tuple.__new__


def tool_at(obj: dict[str, Any], path: Path,
            members: list[tuple[tuple[str, ...], Role]] | None = None,
            duplicate_of: Path | None = None) -> tuple[ToolRef, list[SchemaRoot]]:
    """The tool an object at ``path`` is, and its schema roots (``members``: its schema
    members, when the caller has them already; ``duplicate_of``: the earlier tool of its list
    that has its name)."""
    # made with tuple.__new__: a large tool list makes hundreds, and the named tuples' own
    # __new__ is a Python call
    tool = _make(ToolRef, (tool_name(obj), path, isinstance(obj, UnreadNameTool),
                           duplicate_of))
    roots: list[SchemaRoot] = []
    for rel, role in _schema_members(obj) if members is None else members:
        value: Any = obj
        for key in rel:
            value = value[key]
        roots.append(_make(SchemaRoot, (path + rel, role, tool, value, obj)))
    return tool, roots


def is_plain_tool(obj: Any) -> bool:
    """Whether a tools-list item is read as one tool (not a nested declarations list)."""
    if not isinstance(obj, dict):
        return False
    nested = obj.get("functionDeclarations")
    if isinstance(nested, list) and not _schema_members(obj):
        return False
    return bool(_schema_members(obj)) or "name" in obj


def _add_tool(shape: Shape, obj: dict[str, Any], path: Path,
              members: list[tuple[tuple[str, ...], Role]] | None = None,
              duplicate_of: Path | None = None) -> None:
    tool, roots = tool_at(obj, path, members, duplicate_of)
    shape.tools.append(tool)
    shape.roots.extend(roots)


def _add_container(shape: Shape, items: list[Any], path: Path) -> None:
    first_named: dict[str, Path] = {}  # each name's first tool in this list
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            shape.strays.append((*path, i))
            continue
        members = _schema_members(item)
        nested = item.get("functionDeclarations")
        if isinstance(nested, list) and not members:
            _add_container(shape, nested, (*path, i, "functionDeclarations"))
        elif members or "name" in item:
            name = None if isinstance(item, DerivedTool) else tool_name(item)
            earlier = None if name is None else first_named.setdefault(name, (*path, i))
            _add_tool(shape, item, (*path, i), members,
                      earlier if earlier != (*path, i) else None)
        else:
            shape.strays.append((*path, i))


def _looks_like_tools(items: Any) -> bool:
    return isinstance(items, list) and any(
        isinstance(i, dict) and ("name" in i or _schema_members(i)
                                 or isinstance(i.get("functionDeclarations"), list))
        for i in items)


def declares_json_schema(value: Any) -> bool:
    schema = value.get("$schema") if isinstance(value, dict) else None
    return isinstance(schema, str) and "json-schema.org" in schema


def recognise(value: Any, assume_schema: bool = False) -> Shape:
    """The shape of a document's value and the schema roots it holds."""
    if isinstance(value, dict):
        result = value.get("result")
        if isinstance(result, dict) and _looks_like_tools(result.get("tools")):
            shape = Shape("jsonrpc")
            _add_container(shape, result["tools"], ("result", "tools"))
            return shape
        for key in CONTAINER_KEYS:
            if _looks_like_tools(value.get(key)):
                shape = Shape("tools")
                _add_container(shape, value[key], (key,))
                return shape
        if _is_tool(value, in_container=False):
            shape = Shape("tool")
            _add_tool(shape, value, ())
            return shape
    elif isinstance(value, list) and any(_is_tool(item, in_container=True) for item in value):
        shape = Shape("tool-array")
        _add_container(shape, value, ())
        return shape
    if declares_json_schema(value) or (assume_schema and isinstance(value, (dict, bool))):
        return Shape("schema", roots=[SchemaRoot((), "bare", None, value)])
    return Shape("unknown")
