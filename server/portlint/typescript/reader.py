"""A TypeScript or JavaScript file as the linter sees it: the tools it registers, as a tools list
whose every node sits at the Zod expression (or literal) that produced it, plus what could not
be derived (``unknown-schema``) and what the schema will not show (``hidden-constraint``).

The contract is the Python reader's: text (and the file's path, for its project) in; a
:class:`ParsedSource` with documents, problems and positions out. A file that registers no tool
gives nothing at all — TypeScript that is not an MCP server is nobody's business here."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from portlint.python.spans import SpanTable
from portlint.shapes import DerivedTool, UnreadNameTool
from portlint.source.document import ParsedDocument, ParsedSource, ReadRequest
from portlint.source.located import EagerNode, Member, Node, Span
from portlint.source.problems import SourceProblem
from portlint.typescript.bundled_sdk import bundle_reason, bundled_sdk_server
from portlint.typescript.evaluate import SDK_MODULES, Evaluator, ModuleInfo
from portlint.typescript.project import Project, project_for
from portlint.typescript.syntax import MAX_DEPTH, Syntax, grammar_for, parse, sloppy_script
from portlint.typescript.tools import FRAMEWORK_SERVERS, SdkModel, ToolDecl, ToolFinder
from portlint.typescript.unread_frameworks import unread_framework, unread_reason

MAX_IMPORTED_CHARS = 2_000_000  # a project file larger than this is not read for imports


class Analysis:
    """Everything read from one file: the tools, the notes, the SDK that lists them."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.syntax_error: tuple[Span, str] | None = None
        self.too_deep: Span | None = None  # where the text nests deeper than the reader reads
        self.tools: list[ToolDecl] = []
        self.hidden: list[tuple[str, Span]] = []
        self.spans = SpanTable()
        self.sdk: SdkModel | None = None
        self.project: Project | None = None
        self.registers = False  # imports an MCP SDK's server


def analyze(text: str, path: Path | None = None) -> Analysis:
    analysis = Analysis(text)
    bundled = bundled_sdk_server(text, path)
    if bundled is not None:  # its tools are registered on its own copy of the SDK: not read
        analysis.registers = True
        analysis.tools = [ToolDecl("?", bundled, bundled, unknown=[
            (bundle_reason(), bundled)], whole_list=True, bundled=True,
            stands_for="the tools this bundle's server lists")]
        return analysis
    syntax = parse(text, grammar_for(path.name) if path is not None else "typescript",
                   path is not None and sloppy_script(str(path)))
    module = ModuleInfo(str(path) if path else "", syntax, path)
    analysis.registers = not _declaration_file(path) and (
        any(source in SDK_MODULES or (source, imported) in FRAMEWORK_SERVERS
            for source, imported, _ in module.imports.values())
        or "@modelcontextprotocol/" in text or _registers_on_a_parameter(text, path))
    if not analysis.registers and not _declaration_file(path):
        _unread_framework(analysis, module)
    if not analysis.registers:
        return analysis
    error = syntax.first_error()
    if error is not None:
        analysis.syntax_error = (_error_span(syntax, error), _error_message(syntax, error))
        return analysis
    deep = syntax.too_deep()
    if deep is not None:
        start = syntax.span(deep)[0]
        analysis.too_deep = (start, min(len(text), start + 1))
        return analysis
    project = project_for(path)
    analysis.project = project
    seen_hidden: set[tuple[str, Span]] = set()

    def hidden(reason: str, span: Span) -> None:
        if (reason, span) not in seen_hidden:
            seen_hidden.add((reason, span))
            analysis.hidden.append((reason, span))

    evaluator = Evaluator(module, project, hidden, _load_module)
    finder = ToolFinder(evaluator, module, project, analysis.spans)
    analysis.tools = finder.find()
    analysis.sdk = finder.sdk
    if not analysis.tools:  # (an SDK imported beside a framework that registers the tools)
        _unread_framework(analysis, module)
    # a hidden constraint found while evaluating another file is shown where it is used here
    analysis.hidden = [(r, s) for r, s in analysis.hidden if s != (0, 0)]
    return analysis


def _unread_framework(analysis: Analysis, module: ModuleInfo) -> None:
    """A server made with a framework portlint does not read: one note standing for its tools
    (:mod:`portlint.typescript.unread_frameworks`)."""
    found = unread_framework(module)
    if found is None:
        return
    package, name, span = found
    analysis.registers = True
    analysis.tools = [ToolDecl("?", span, span, unknown=[(unread_reason(package, name), span)],
                               whole_list=True, stands_for="the tools this server lists")]


_DECLARATION_FILE = re.compile(r"\.d(?:\.[^.]+)?\.[mc]?ts$")


def _declaration_file(path: Path | None) -> bool:
    """A TypeScript declaration file (``.d.ts``, ``.d.mts``, ``.d.cts``, ``.d.json.ts``...):
    types only, no code that runs, so no tool registered (tsc emits them beside the code)."""
    return path is not None and _DECLARATION_FILE.search(path.name) is not None


_REGISTRATION_CALL = re.compile(r"\.\s*(?:tool|registerTool|setRequestHandler)\s*\(")
_FASTMCP_CALL = re.compile(r"\.\s*addTools?\s*\(")
_PROJECT_IMPORT = re.compile(r"""(?:\bfrom\s*|\brequire\s*\(\s*)["']\.{1,2}/""")


def _registers_on_a_parameter(text: str, path: Path | None) -> bool:
    """A file that names no MCP SDK but calls a registration method, in a project that
    installs an SDK: ``export function registerTools(server) { server.tool(...) }``, whose
    server comes from the caller (the finder then holds each call to the SDK's shapes), or a
    file importing another of the project, whose registering helper it may call
    (``registerDatabaseTool(server, "list-indexes", {...})``); or fastmcp's
    ``server.addTool(...)``, in a project that installs fastmcp."""
    sdk_call = _REGISTRATION_CALL.search(text) is not None or (
        _PROJECT_IMPORT.search(text) is not None)
    fastmcp_call = _FASTMCP_CALL.search(text) is not None
    if not (sdk_call or fastmcp_call):
        return False
    installed = project_for(path).installed
    return (sdk_call and ("@modelcontextprotocol/sdk" in installed
                          or "@modelcontextprotocol/server" in installed)) or (
        fastmcp_call and "fastmcp" in installed)


def _error_span(syntax: Syntax, node: Any) -> Span:
    start, end = syntax.span(node)
    if end <= start:
        end = min(len(syntax.text), start + 1)
    return start, end


def _error_message(syntax: Syntax, node: Any) -> str:
    line = syntax.text.count("\n", 0, syntax.span(node)[0]) + 1
    if node.is_missing:
        return f"TypeScript syntax error on line {line}: `{node.type}` expected"
    return f"TypeScript syntax error on line {line}"


def _load_module(path: Path) -> ModuleInfo | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return _cached_module(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _cached_module(path: str, mtime: int, size: int) -> ModuleInfo | None:
    if size > MAX_IMPORTED_CHARS:
        return None
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as handle:
            text = handle.read()
    except OSError:
        return None
    syntax = Syntax(text, grammar_for(path), sloppy_script(path))
    if syntax.first_error() is not None or syntax.too_deep() is not None:
        return None
    return ModuleInfo(path, syntax, Path(path))


def read_typescript_source(text: str, request: ReadRequest) -> ParsedSource:
    """The TypeScript reader of :mod:`portlint.readers`: the file's name finds its project (the
    SDK and Zod it installs, the files it imports)."""
    return read_typescript(text, Path(request.filename) if request.filename else None)


def read_typescript(text: str, path: Path | None = None) -> ParsedSource:
    source = ParsedSource(text, "typescript")
    analysis = analyze(text, path)
    if analysis.syntax_error is not None:
        span, message = analysis.syntax_error
        source.problems.append(SourceProblem("parse-error", message, span))
        return source
    if analysis.too_deep is not None:
        source.problems.append(SourceProblem(
            "document-too-large", f"The module nests deeper than {MAX_DEPTH:,} levels, the "
            "limit of the TypeScript reader's search; its tools were not read",
            analysis.too_deep, variant="depth"))
        return source
    for tool in analysis.tools:
        source.problems.extend(_unread(tool))
    for reason, span in analysis.hidden:
        source.problems.append(SourceProblem(
            "hidden-constraint", reason[0].upper() + reason[1:] + ".", span))
    tools = [t for t in analysis.tools if t.entry is not None]
    if tools:
        value, root = _document(analysis, tools)
        source.documents.append(ParsedDocument(value, root))
    return source


def _unread(tool: ToolDecl) -> list[SourceProblem]:
    """What the reader says about a tool it could not read whole: its schemas not derived (the
    first obstacle; the whole list, when the SDK throws listing it), or — its schemas derived —
    a field or its name not read."""
    label = f"tool `{tool.name}`" if tool.name != "?" else tool.stands_for or (
        "the tools this handler lists" if tool.whole_list else "a tool")
    if not tool.unknown:
        said: list[SourceProblem] = []
        if tool.parts_unread:
            part, reason, span = tool.parts_unread[0]
            said.append(SourceProblem(
                "unknown-schema", f"The `{part}` of {label} cannot be read statically "
                f"({reason}); left out. Its schemas are derived and linted.", span,
                variant="part"))
        if tool.name_unread:
            said.append(SourceProblem(
                "unknown-schema", f"The name of a tool is not read ({tool.name_unread}). Its "
                "schemas are derived and linted; the tool-name rules are not applied to it.",
                tool.name_span, variant="part"))
        return said
    reason, span = tool.unknown[0]
    if tool.name_unread and not tool.fails_list:  # said at the first obstacle
        why = "" if tool.name_unread == reason else f" ({tool.name_unread})"  # said once
        reason, span = f"{reason}; its name is not read either{why}", tool.name_span
    where = span if span != (0, 0) else tool.name_span
    if tool.fails_list:  # the SDK throws listing it: no client gets any tool
        return [SourceProblem(
            "server-list-fails", f"{label[0].upper()}{label[1:]} makes the server's whole "
            f"tools/list fail: {reason}, so every client gets that error and no tool at all.",
            where)]
    what = "The schemas of" if tool.whole_list else "The schema of"
    return [SourceProblem("unknown-schema",
                          f"{what} {label} cannot be derived statically: {reason}.", where,
                          variant="bundle" if tool.bundled else
                          "list" if tool.whole_list else None)]


def _document(analysis: Analysis, tools: list[ToolDecl]) -> tuple[dict[str, Any], Node]:
    whole: Span = (0, len(analysis.text))
    values: list[dict[str, Any]] = []
    nodes: list[Node] = []
    for tool in tools:
        entry = tool.entry
        assert entry is not None
        members: list[Member] = []
        for key, value in entry.items():
            key_span = tool.key_spans.get(key, tool.name_span)
            if key == "name":
                members.append(Member(key, tool.name_span, EagerNode(tool.name_span, "scalar")))
            elif key in ("inputSchema", "outputSchema"):
                span = tool.schema_spans.get(key, tool.span)
                members.append(Member(key, key_span, analysis.spans.tree(value, span)))
            else:
                members.append(Member(key, key_span, analysis.spans.tree(value, tool.span)))
        # derived from code: see DerivedTool (a name not read: not linted as one)
        values.append(UnreadNameTool(entry) if tool.name_unread else DerivedTool(entry))
        nodes.append(EagerNode(tool.span, "object", members=members))
    tools_node = EagerNode(whole, "array", items=nodes)
    root = EagerNode(whole, "object", members=[Member("tools", (0, 0), tools_node)])
    return {"tools": values}, root
