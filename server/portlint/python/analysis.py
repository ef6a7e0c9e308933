"""One Python file → the tools it declares, their schemas, and what could not be known.

Nothing is imported or run: the file is parsed with `ast`, names are resolved through its imports,
and Pydantic's and the framework's schema generation is reproduced (see `pydantic_schema` and
`frameworks`). Files that import no MCP framework declare no tools and are left alone."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, NamedTuple

from portlint.python.frameworks import (
    Framework,
    ToolBuilder,
    ToolDecl,
    fastmcp_major,
    literal_tools,
    servers,
    tool_decorator,
)
from portlint.python.model_index import ModuleIndex
from portlint.python.modules import ModuleFinder
from portlint.python.names import Names
from portlint.python.positions import SourcePositions
from portlint.python.pydantic_schema import Generator, Hidden, Unknown
from portlint.python.spans import SpanTable
from portlint.source.located import Span

FRAMEWORK_MODULES = ("fastmcp", "mcp.server.fastmcp", "mcp.server.mcpserver", "mcp.server",
                     "mcp.types", "mcp")


class Note(NamedTuple):
    span: Span
    message: str


class Analysis:
    def __init__(self, text: str) -> None:
        self.text = text
        self.syntax_error: tuple[Span, str] | None = None
        self.framework: Framework | None = None
        self.tools: list[ToolDecl] = []
        self.models: dict[str, dict[str, Any] | Unknown] = {}
        self.hidden: list[Note] = []
        self.unknown: list[Note] = []
        self.spans = SpanTable()
        self.positions = SourcePositions(text)
        self.imports_framework = False
        self.standalone: dict[str, dict[str, Any]] = {}  # models no tool refers to
        self.model_nodes: dict[str, ast.ClassDef] = {}  # where each derived model is declared

    def span_of(self, node: ast.AST | None) -> Span:
        if node is None or not hasattr(node, "lineno"):
            return (0, 0)
        return self.positions.span(node)


def analyze(text: str, path: Path | None = None, framework: Framework | None = None,
            with_models: bool = False) -> Analysis:
    result = Analysis(text)
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        line = getattr(error, "lineno", None) or 1
        column = max(0, (getattr(error, "offset", None) or 1) - 1)
        start = result.positions.lines.offset(max(0, line - 1), 0) + column
        start = min(start, len(text))
        message = getattr(error, "msg", None) or str(error) or type(error).__name__
        result.syntax_error = ((start, min(len(text), start + 1)), f"Python syntax error: "
                               f"{message}")
        return result
    names = Names(tree)
    result.imports_framework = names.imports_any(*FRAMEWORK_MODULES)
    index = ModuleIndex(tree, names)
    generator = Generator(index, names, result.positions, result.spans, ModuleFinder(path))
    generator.module_path = path
    server_names = servers(tree, names)
    future = any(isinstance(s, ast.ImportFrom) and s.module == "__future__" and any(
        a.name == "annotations" for a in s.names) for s in tree.body)
    for tool in literal_tools(tree, names, generator):
        result.tools.append(tool)
        for problem in tool.unknown:
            result.unknown.append(Note(result.span_of(problem.node),
                                       f"The schema of tool `{tool.name}` cannot be read: "
                                       f"{problem.reason}."))
    for function in index.functions.values():
        found = tool_decorator(function, server_names)
        if found is None:
            continue
        decorator, kind = found
        chosen: Framework = framework or (fastmcp_major(path) if kind == "fastmcp" else (
            "mcp1" if kind == "mcp1" else "mcp2"))
        result.framework = chosen
        builder = ToolBuilder(index, names, generator, chosen, future)
        try:
            tool = builder.build(function, decorator)
        except RecursionError:
            tool = ToolDecl(function.name, function, decorator, None, None, None,
                            [Unknown("the types nest too deeply to derive", function)])
        result.tools.append(tool)
        for problem in tool.unknown:
            result.unknown.append(Note(result.span_of(problem.node or function),
                                       f"The schema of tool `{tool.name}` cannot be derived "
                                       f"without running code: {problem.reason}."))
    used = set(generator.used)
    for name, info in index.classes.items():
        if info.kind in ("other", "enum"):
            continue
        if not with_models and (name in used or not result.imports_framework):
            continue
        try:
            schema = generator.model_schema(info)
        except Unknown as problem:
            if with_models:
                result.models[name] = problem
                result.model_nodes[name] = info.node
            continue
        result.model_nodes[name] = info.node
        if with_models:
            result.models[name] = schema
        if name not in used and result.imports_framework:
            result.standalone[name] = schema
    seen: set[tuple[Span, str]] = set()
    for hidden in generator.hidden:
        note = _hidden_note(result, hidden)
        if (note.span, note.message) not in seen:
            seen.add((note.span, note.message))
            result.hidden.append(note)
    return result


def _hidden_note(result: Analysis, hidden: Hidden) -> Note:
    where = f" (in {hidden.where})" if hidden.where else ""
    return Note(result.span_of(hidden.node),
                f"The server accepts or does what the schema does not show{where}: "
                f"{hidden.what}.")
