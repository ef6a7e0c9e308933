"""A Python file as the linter sees it: the tools it declares, as a tools list whose every node
sits at the source that produced it, plus what the analysis could not know or saw hidden."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from portlint.python.analysis import Analysis, analyze
from portlint.python.frameworks import ToolDecl
from portlint.shapes import DerivedTool, UnreadNameTool
from portlint.source.document import ParsedDocument, ParsedSource, ReadRequest
from portlint.source.located import EagerNode, Member, Node, Span
from portlint.source.problems import SourceProblem


def read_python_source(text: str, request: ReadRequest) -> ParsedSource:
    """The Python reader of :mod:`portlint.readers`: the file's name tells which project (and
    which installed frameworks) its imports belong to."""
    return read_python(text, Path(request.filename) if request.filename else None)


def read_python(text: str, path: Path | None = None) -> ParsedSource:
    source = ParsedSource(text, "python")
    analysis = analyze(text, path)
    if analysis.syntax_error is not None:
        span, message = analysis.syntax_error
        source.problems.append(SourceProblem("parse-error", message, span))
        return source
    if not analysis.imports_framework and not analysis.tools:
        return source  # not an MCP server: its models are nobody's tools
    source.unlisted = [f"`{name}`: {why}" for name, why in analysis.unlisted]
    for note in analysis.unknown:
        source.problems.append(SourceProblem("unknown-schema", note.message, note.span,
                                             variant=note.variant))
    for note in analysis.start_fails:
        source.problems.append(SourceProblem("server-start-fails", note.message, note.span))
    for note in analysis.call_fails:
        source.problems.append(SourceProblem("tool-call-fails", note.message, note.span))
    for note in analysis.list_fails:
        source.problems.append(SourceProblem("server-list-fails", note.message, note.span))
    for note in analysis.hidden:
        source.problems.append(SourceProblem("hidden-constraint", note.message, note.span))
    for note in analysis.shadowed:
        source.problems.append(SourceProblem("tool-shadowed", note.message, note.span))
    for note in analysis.wrapped:
        source.problems.append(SourceProblem("tool-wrapped", note.message, note.span))
    tools = [t for t in analysis.tools if t.input_schema is not None]
    if tools:
        value, root = _document(analysis, tools)
        source.documents.append(ParsedDocument(value, root))
    for name, schema in analysis.standalone.items():
        # a model in a server module that no tool uses (yet): linted as a schema of its own
        span = analysis.span_of(analysis.model_nodes[name])
        source.documents.append(ParsedDocument(schema, analysis.spans.tree(schema, span),
                                               index=len(source.documents)))
    return source


def _name_span(analysis: Analysis, tool: ToolDecl) -> Span:
    function = tool.function
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        # a `Tool(...)` literal (its `name=` value), or a function defined in another module
        # (the registration here)
        return analysis.span_of(tool.decorator)
    line_start = analysis.positions.offset(function.lineno, 0)
    line_end = analysis.text.find("\n", line_start)
    line = analysis.text[line_start:] if line_end == -1 else analysis.text[line_start:line_end]
    match = re.search(r"\bdef\s+(" + re.escape(function.name) + r")\b", line)
    if match is None:
        return analysis.span_of(function)
    return line_start + match.start(1), line_start + match.end(1)


def _document(analysis: Analysis, tools: list[ToolDecl]) -> tuple[dict[str, Any], Node]:
    whole: Span = (0, len(analysis.text))
    values: list[dict[str, Any]] = []
    nodes: list[Node] = []
    for tool in tools:
        function_span = analysis.span_of(tool.function)
        name_span = _name_span(analysis, tool)
        value: dict[str, Any] = DerivedTool() if tool.resolved_name else UnreadNameTool()
        members: list[Member] = []
        if tool.resolved_name:  # a name portlint could not read is not linted as one
            value["name"] = tool.name
            members.append(Member("name", name_span, EagerNode(name_span, "scalar")))
        if tool.description is not None:
            value["description"] = tool.description
            members.append(Member("description", name_span, EagerNode(function_span, "scalar")))
        value["inputSchema"] = tool.input_schema
        members.append(Member("inputSchema", name_span,
                              analysis.spans.tree(tool.input_schema, function_span)))
        if tool.output_schema is not None:
            returns = getattr(tool.function, "returns", None)
            output_span = analysis.span_of(returns) if returns is not None else function_span
            value["outputSchema"] = tool.output_schema
            members.append(Member("outputSchema", output_span,
                                  analysis.spans.tree(tool.output_schema, output_span)))
        values.append(value)
        registered = analysis.span_of(tool.decorator)
        if not isinstance(tool.function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            decorated = function_span
        elif any(d is tool.decorator for d in tool.function.decorator_list):
            decorated = (max(0, registered[0] - 1), function_span[1])  # from `@`
        else:  # registered by a call elsewhere: the function and the call
            decorated = (min(registered[0], function_span[0]), max(registered[1],
                                                                  function_span[1]))
        nodes.append(EagerNode(decorated, "object", members=members))
    tools_node = EagerNode(whole, "array", items=nodes)
    root = EagerNode(whole, "object", members=[Member("tools", (0, 0), tools_node)])
    return {"tools": values}, root
