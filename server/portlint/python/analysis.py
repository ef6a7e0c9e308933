"""One Python file → the tools it declares, their schemas, and what could not be known.

Nothing is imported or run: the file is parsed with `ast`, names are resolved through its imports,
tool registrations are found in every form real servers use (see `registrations`), and Pydantic's
and the framework's schema generation is reproduced for the releases the project pins (see
`environment`, `pydantic_schema` and `frameworks`). Files that import no MCP framework declare no
tools and are left alone."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from portlint.python import fastmcp_transforms, fastmcp_visibility, wire_model
from portlint.python.applied_decorators import replacement_message
from portlint.python.bindings import statement_holding
from portlint.python.bound_methods import Classes
from portlint.python.environment import Assumed, Environment, resolve
from portlint.python.fastmcp_imports import first_gone, mend
from portlint.python.frameworks import ToolBuilder, ToolDecl, literal_tools, title_from_name
from portlint.python.import_failures import import_failure
from portlint.python.import_fallbacks import import_fallbacks, installed_line
from portlint.python.import_stops import ImportedStops, line_stops
from portlint.python.line_mismatch import Stop, first_stop
from portlint.python.lowlevel_release import (
    is_list_tools_decorator,
    is_lowlevel_server,
    lowlevel_kind,
)
from portlint.python.missing_attributes import first_missing
from portlint.python.model_index import ModuleIndex
from portlint.python.modules import ModuleFinder
from portlint.python.mounted_names import (
    Mounts,
    last_taking_prefix_first,
    listed_name,
    prefix_first_refused,
    renamed_schema,
)
from portlint.python.names import Names
from portlint.python.newer_grammar import parse_refusal
from portlint.python.pins import installed_with, project_pins
from portlint.python.positions import SourcePositions
from portlint.python.pydantic_schema import Generator, Hidden, LeftOut, StartFailure, Unknown
from portlint.python.refused_keywords import (
    composition_keywords_refused,
    server_keywords_refused,
)
from portlint.python.registrations import Finder, Registration, server_constructions
from portlint.python.removed_tools import removed
from portlint.python.shadowing import listed
from portlint.python.shown import shown_code
from portlint.python.spans import SpanTable
from portlint.python.tool_registry_changes import registry_changes
from portlint.source.located import Span

FRAMEWORK_MODULES = ("fastmcp", "mcp.server.fastmcp", "mcp.server.mcpserver", "mcp.server",
                     "mcp.types", "mcp")


class Note(NamedTuple):
    span: Span
    message: str
    # for an unknown-schema note: "part" when the tool's schemas are derived all the same (a
    # name, title, description or field's word computed at run time); None when they are not
    variant: str | None = None


class Analysis:
    def __init__(self, text: str) -> None:
        self.text = text
        self.syntax_error: tuple[Span, str] | None = None
        # tools registered that the server does not list, and why (fastmcp 2.x's visibility)
        self.unlisted: list[tuple[str, str]] = []
        self.environment: Environment | None = None  # of the (last) server found
        self.tools: list[ToolDecl] = []
        self.models: dict[str, dict[str, Any] | Unknown] = {}
        self.hidden: list[Note] = []
        self.unknown: list[Note] = []
        self.list_fails: list[Note] = []  # tools the server's own SDK refuses to send
        self.start_fails: list[Note] = []  # why the server exits before it answers anything
        self.call_fails: list[Note] = []  # listed tools that no call can succeed on
        self.shadowed: list[Note] = []  # registrations the server does not list
        # decorators handing the framework a function of their own (said at the decorator)
        self.wrapped: list[Note] = []
        self.spans = SpanTable()
        self.positions = SourcePositions(text)
        self.imports_framework = False
        self.standalone: dict[str, dict[str, Any]] = {}  # models no tool refers to
        self.model_nodes: dict[str, ast.ClassDef] = {}  # where each derived model is declared

    @property
    def framework(self) -> str | None:
        return self.environment.generation if self.environment is not None else None

    @property
    def underived(self) -> list[ToolDecl]:
        """Tools found whose input schema could not be derived."""
        return [t for t in self.tools if t.input_schema is None]

    def span_of(self, node: ast.AST | None) -> Span:
        if node is None or not hasattr(node, "lineno"):
            return (0, 0)
        return self.positions.span(node)


def analyze(text: str, path: Path | None = None, framework: dict[str, Assumed] | None = None,
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
        result.syntax_error = ((start, min(len(text), start + 1)), parse_refusal(message, path))
        return result
    names = Names(tree)
    result.imports_framework = names.imports_any(*FRAMEWORK_MODULES)
    finder = ModuleFinder(path)
    index = ModuleIndex(tree, names, finder, finder.path)
    generator = Generator(index, names, result.positions, result.spans, finder)
    generator.module_path = path
    future = _postponed(tree)
    classes = Classes(finder, finder.path)  # one reading of the project's classes
    literal = literal_tools(tree, names, generator, classes)
    for tool in literal:
        for problem in tool.unknown:
            which = f"tool `{tool.name}`" if tool.resolved_name else "a tool"
            said = f"The schema of {which} cannot be read: {problem.reason}."
            variant: str | None = None
            if problem.part == "name":
                said = f"The name of a tool is not read: {problem.reason}. {_NAME_UNREAD}"
                variant = "part"
            elif problem.part is not None and tool.input_schema is not None:
                said = (f"The {problem.part} of {which} cannot be read: {problem.reason}. Its "
                        "schemas are read and linted.")
                variant = "part"
            result.unknown.append(Note(result.span_of(problem.node), said, variant))
    if literal:
        result.environment = resolve(lowlevel_kind(tree, names), path, framework)
        if result.environment.generation == "mcp2":  # (said as server-list-fails, not here)
            literal = [_on_the_wire(tool, result, result.environment) for tool in literal]
    result.tools.extend(literal)
    # a module that imports no framework may still register tools on a server it imports
    mounts = Mounts(finder, tree, names, finder.path or path,
                    lambda: _fastmcp_release(path, framework))
    registrations = Finder(tree, names, finder, report_unknown=result.imports_framework,
                           constants=index.constants, classes=classes, mounts=mounts).find()
    pins = project_pins(path) if registrations else {}
    made: list[tuple[Registration, ToolDecl]] = []
    environments: list[Environment | None] = []  # the server's, as each tool was made
    fallbacks = import_fallbacks(tree, names) if registrations else []
    for written in registrations:
        registration = installed_line(written, fallbacks, path, framework, pins) if (
            written.kind in fallbacks) else written
        made.append((registration, _tool(registration, result, index, names, generator,
                                         framework=framework, pins=pins, future=future,
                                         path=path)))
        environments.append(result.environment)
    gone = removed(made, tree)
    result.unlisted.extend((made[i][1].name, why) for i, why in gone.items())
    kept, shadowed = listed(made, tree, gone)
    result.shadowed.extend(Note(result.span_of(s.node), s.message) for s in shadowed)
    constructions = server_constructions(tree, names) if made or literal else []
    kept = _visible(result, kept, made, environments=environments, tree=tree,
                    constructions=constructions)
    result.wrapped.extend(
        Note(result.span_of(r.replaced.at), replacement_message(
            r.replaced.by, r.replaced.written, r.function, r.options))
        for r, _ in made if r.replaced is not None and r.function is not None)
    renamed: set[int] = set()  # the tools made from registrations, as their servers list them
    for (registration, declared), environment in ((made[i], environments[i]) for i in kept):
        if registration.kind == "mcp2" and environment is not None and (
                not declared.unknown and declared.input_schema is not None):
            # a root model returned is advertised as it is: the wire model may refuse it
            refused = _refused_on_the_wire(declared, result, environment,
                                           _derived_fault(result, declared))
            if refused is not None:
                result.tools.append(refused)
                continue  # said as server-list-fails, not as unknown-schema
        listings = _listed_as(declared, registration, environment, mounts, result.spans)
        result.tools.extend(listings)
        renamed.update(id(each) for each in listings)
        tool = listings[0]  # (what is said of the registration is said once)
        failures = [p for p in tool.unknown if isinstance(p, StartFailure)]
        for failure in failures:  # known, not unknown: each said where it is written
            result.start_fails.append(Note(result.span_of(_at(failure.node, registration)), (
                f"Tool `{tool.name}`: {failure.reason}. The process exits before it answers "
                "anything: every client gets no tools.")))
        for call in tool.call_fails:
            result.call_fails.append(Note(result.span_of(_at(call.node, registration)),
                                          f"Tool `{tool.name}`: {call.reason}."))
        unknown = [p for p in tool.unknown if not isinstance(p, StartFailure)]
        if unknown:  # one finding per tool, where the first obstacle is
            result.unknown.append(Note(result.span_of(_at(unknown[0].node, registration)),
                                       *_unknown_message(tool, registration, unknown)))
    _models(result, index, generator, with_models)
    if result.tools:
        _listing_replaced(result, tree, {id(tool) for _, tool in made} | renamed)
    if made:
        for reached in registry_changes(tree):
            result.unknown.append(Note(result.span_of(reached), (
                f"`{shown_code(reached)}` is the server's private registry of tools, and the "
                "code here changes what it holds: clients may be listed other titles, "
                "descriptions or schemas than the tools registered, which portlint derives "
                "without running this code."), "part"))
    if result.environment is not None and (result.tools or result.unlisted):
        # (a server whose every tool is hidden or removed still has to start)
        _server_keywords(result, tree, constructions, result.environment)
        _missing_attribute(result, tree, constructions, result.environment)
    if result.environment is not None and result.tools:
        _stack_imports(result, tree, names, result.environment, path=path, finder=finder)
    elif not result.tools and result.imports_framework:
        _toolless_stop(result, tree, names, framework, path=path, finder=finder)
    if not result.tools and not result.unknown and not result.start_fails:
        _unread_handlers(result, tree, names)
    seen: set[tuple[Span, str]] = set()
    for hidden in generator.hidden:
        note = _hidden_note(result, hidden)
        if (note.span, note.message) not in seen:
            seen.add((note.span, note.message))
            result.hidden.append(note)
    for left in generator.left_out:
        note = _left_out_note(result, left)
        if (note.span, note.message) not in seen:
            seen.add((note.span, note.message))
            result.unknown.append(note)
    return result


def _unread_handlers(result: Analysis, tree: ast.Module, names: Names) -> None:
    """A low-level tools/list handler (`@server.list_tools()`, `Server(...,
    on_list_tools=handler)`) in a module where no tool is read: what it lists is made another
    way than `Tool(...)` written here (analytics-mcp converts Google ADK tools at run time), and
    is said at the handler — never "no tool found" in a server's own module."""
    for node in ast.walk(tree):
        handlers: list[ast.AST] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            handlers = [d for d in node.decorator_list if is_list_tools_decorator(d)]
        elif isinstance(node, ast.Call) and is_lowlevel_server(names.qualified(node.func) or ""):
            handlers = [k.value for k in node.keywords if k.arg == "on_list_tools"]
        for handler in handlers:
            result.unknown.append(Note(result.span_of(handler), (
                "The tools this tools/list handler lists cannot be derived without running "
                "code: no `Tool(...)` written in this file is what it returns (the list is "
                "made at run time, or in another module)."), "list"))


def _at(node: ast.AST | None, registration: Registration) -> ast.AST:
    """Where a problem of a tool is said: where it is written, when that is in this file."""
    if node is not None and hasattr(node, "lineno") and registration.module is None:
        return node
    return registration.node


def _toolless_stop(result: Analysis, tree: ast.Module, names: Names,
                   framework: dict[str, Assumed] | None, *, path: Path | None,
                   finder: ModuleFinder) -> None:
    """A module of a server that registers no tool itself — its entry point, whose tools a
    function of another module registers (mcp-server-tree-sitter's `server.py`), or a helper
    (mcp-weather-server's `utils.py`) — stops the process all the same where its code is of
    the other line of the SDK than the pins bring. Said as a module's tools are, when what it
    uses is of one line only (a stop on the other, :func:`first_stop`): a module using
    neither line's own names claims nothing."""
    constructions = server_constructions(tree, names)
    if any(kind == "fastmcp" for _, kind in constructions):
        # an entry point making fastmcp's server: it stops where an import of it does, where
        # it is made or mounts another with a keyword its release refuses, or where it reads
        # an attribute the release's server lacks
        environment = resolve("fastmcp", path, framework)
        if environment.package == "fastmcp":
            _server_keywords(result, tree, constructions, environment)
            _missing_attribute(result, tree, constructions, environment)
            _stack_imports(result, tree, names, environment, path=path, finder=finder)
        return
    written = [line for line in ("mcp1", "mcp2") if first_stop(tree, names, line) is not None]
    if len(written) != 1:
        return
    environment = resolve(written[0], path, framework)
    if environment.brought is not None:
        _stack_imports(result, tree, names, environment, path=path, finder=finder)


def _stack_imports(result: Analysis, tree: ast.Module, names: Names,
                   environment: Environment, *, path: Path | None,
                   finder: ModuleFinder) -> None:
    """Said once, at the file's first import of the framework: the releases the server is
    assumed to run cannot be imported together (:mod:`portlint.python.import_failures`); or,
    when the pins bring the other line of the SDK than the code is written for, where the code
    stops on it (:mod:`portlint.python.line_mismatch`)."""
    stop: Stop | None = None
    if environment.brought:
        installed = functools.partial(installed_with, path)
        stops = ImportedStops(finder, line_stops(environment.generation, installed))
        stop = first_stop(tree, names, environment.generation, installed,
                          lambda statement: stops(statement, path))
    failure = import_failure(environment, stop)
    if failure is None and environment.package == "fastmcp":
        stop = _fastmcp_stop(tree, environment.framework.version, path=path, finder=finder)
        failure = _lacking(environment.framework, stop) if stop is not None else None
    if failure is None:
        return
    where: ast.AST | None = stop.node if stop is not None else _first_framework_import(
        tree) or (result.tools[0].decorator if result.tools else None)
    exits = "at this import" if stop is None or stop.at_import else "here"
    result.start_fails.append(Note(result.span_of(where), (
        f"This server cannot start on {failure}. The process exits {exits}, before it "
        "answers anything: every client gets no tools.")))


def _fastmcp_stop(tree: ast.Module, version: str, *, path: Path | None,
                  finder: ModuleFinder) -> Stop | None:
    """Where the module stops on fastmcp ``version`` for a module or name the release lacks, in
    its own top-level imports or those of the project modules they import."""
    stops = ImportedStops(finder, lambda module, imported: first_gone(module.tree, version,
                                                                      imported))
    return first_gone(tree, version, lambda statement: stops(statement, path))


def _lacking(framework: Assumed, stop: Stop) -> str:
    pin = mend(stop, framework.version)
    return (f"fastmcp {framework.version} ({framework.why}): it has no {stop.what} "
            f"({stop.error})" + (f": pin {pin}" if pin else ""))


def _visible(result: Analysis, kept: list[int], made: list[tuple[Registration, ToolDecl]], *,
             environments: list[Environment | None], tree: ast.Module,
             constructions: list[tuple[ast.Call, str]]) -> list[int]:
    """The registrations of ``kept`` whose tools the server lists: not a tool disabled or
    filtered out by the server's tags on fastmcp 2.x (:mod:`portlint.python.
    fastmcp_visibility`), nor one its `disable`/`enable` calls hide on 3.x and 4.x
    (:mod:`portlint.python.fastmcp_transforms`). No client sees those (named in
    ``result.unlisted``)."""
    generations = {e.generation for e in environments if e is not None}
    if not generations & {"fastmcp2", "fastmcp3", "fastmcp4"}:
        return kept
    filters = fastmcp_visibility.server_filters(tree, constructions)
    servers = fastmcp_visibility.bound_servers(tree, constructions)
    transforms = fastmcp_transforms.server_transforms(tree, servers)
    only = next(iter(transforms.values())) if len(servers) == 1 and len(
        [c for c, kind in constructions if kind == "fastmcp"]) == 1 else None
    visible = []
    for i in kept:
        environment = environments[i]
        registration, tool = made[i]
        why: str | None = None
        if environment is not None and environment.generation == "fastmcp2":
            why = fastmcp_visibility.hidden(registration.node, filters)
        elif environment is not None and environment.generation in ("fastmcp3", "fastmcp4"):
            named = fastmcp_visibility.receiver(registration.node)
            steps = transforms.get(named) if named in transforms else only
            if steps:
                why = fastmcp_transforms.hidden_by(
                    tool.name if tool.resolved_name else None,
                    fastmcp_transforms.tool_tags(registration.node, registration.options),
                    steps)
        if why is None:
            visible.append(i)
        else:
            result.unlisted.append((tool.name, why))
    return visible


def _fastmcp_release(path: Path | None, framework: dict[str, Assumed] | None) -> str | None:
    """The fastmcp release the project is assumed to run, if fastmcp is what it runs."""
    environment = resolve("fastmcp", path, framework)
    return environment.framework.version if environment.package == "fastmcp" else None


def _listed_as(tool: ToolDecl, registration: Registration, environment: Environment | None,
               mounts: Mounts, spans: SpanTable) -> list[ToolDecl]:
    """The tool as each server listing it lists it: under the names the mounts of its server
    give it (:mod:`portlint.python.mounted_names`), with fastmcp 4's title made from each."""
    generation = environment.generation if environment is not None else None
    if generation not in ("fastmcp2", "fastmcp3", "fastmcp4") or not tool.resolved_name:
        return [tool]
    assert generation is not None
    named = fastmcp_visibility.receiver(registration.node)
    server = mounts.server_here(named) if named is not None else None
    chains = mounts.chains(server) if server is not None else None
    unread = mounts.unread_mount(server) if server is not None and chains is None else None
    if unread is not None:  # (fastmcp 4's title made from the name is as unknown as it)
        return [tool._replace(resolved_name=False, title=None if tool.named_title else (
            tool.title), unknown=[*tool.unknown, Unknown(
                f"it is listed through `{shown_code(unread)}`, and portlint does not read every "
                "step from its server to the one listing it (the mount, or what else its "
                "server is handed to): the name it is listed under is not known", unread,
                part="name")])]
    if not chains:
        return [tool]
    listings = []
    for chain in chains:
        name, renamed = listed_name(tool.name, chain, generation)
        schema = declared = tool.input_schema
        if renamed and declared is not None:
            schema = renamed_schema(declared, generation)
            spans.carry(declared, schema)  # (placed where the declared one is)
        listings.append(tool._replace(name=name, input_schema=schema, title=title_from_name(
            name) if tool.named_title else tool.title))
    return listings


def _server_keywords(result: Analysis, tree: ast.Module,
                     constructions: list[tuple[ast.Call, str]], environment: Environment) -> None:
    """`FastMCP("x", include_tags={...})` on fastmcp 3.x or 4.x: a keyword the release's
    server class refuses stops the server where it is made; failing that, a keyword its
    `mount()` refuses (`prefix=` on 4.x), or a mount given the prefix first where the release
    takes the server first, stops it at the first such mount
    (:mod:`portlint.python.refused_keywords`, :mod:`portlint.python.mounted_names`)."""
    framework = environment.framework
    made = server_keywords_refused(constructions, framework.package, framework.version)
    for keyword, written, raised in made:
        result.start_fails.append(_refused_keyword(result, framework, keyword, written, raised))
    if made or framework.package != "fastmcp":
        return  # (a server that is not made mounts nothing)
    mounts: list[tuple[ast.AST, Note]] = [
        (keyword, _refused_keyword(result, framework, keyword, written, raised))
        for keyword, written, raised in composition_keywords_refused(
            tree, constructions, framework.package, framework.version)]
    spelled = "prefix" if framework.version.startswith("2.") else "namespace"
    for call, written, raised in prefix_first_refused(tree, constructions, framework.version):
        mounts.append((call.args[0], Note(result.span_of(call.args[0]), (
            f"This server cannot start on fastmcp {framework.version}: `{written}()` is given "
            "the prefix first, the order fastmcp took until "
            f"{last_taking_prefix_first()}; this release takes the server first ({raised}). "
            f"Write `mount(server, {spelled}=...)`. The process exits here, before it answers "
            "anything: every client gets no tools."))))
    if mounts:  # the process exits at the first statement: the later ones are never reached
        first = min(_statement_at(tree, node) for node, _ in mounts)
        result.start_fails.extend(note for node, note in mounts
                                  if _statement_at(tree, node) == first)


def _statement_at(tree: ast.Module, node: ast.AST) -> int:
    """Which of the module's top-level statements holds ``node``."""
    held = statement_holding(tree.body, node)
    return len(tree.body) if held is None else held


def _refused_keyword(result: Analysis, framework: Assumed, keyword: ast.keyword, written: str,
                     raised: str) -> Note:
    return Note(result.span_of(keyword), (
        f"This server cannot start on {framework.package} {framework.version}: "
        f"`{written}()` takes no `{keyword.arg}` keyword ({raised}). The process exits "
        "here, before it answers anything: every client gets no tools."))


def _missing_attribute(result: Analysis, tree: ast.Module,
                       constructions: list[tuple[ast.Call, str]],
                       environment: Environment) -> None:
    """`mcp.remove_tool(...)` on fastmcp 4.x: an attribute the release's server does not have,
    read where the module is imported, stops the server there
    (:mod:`portlint.python.missing_attributes`). Said unless the server stops earlier."""
    if result.start_fails:
        return
    framework = environment.framework
    found = first_missing(tree, constructions, framework.package, framework.version)
    if found is None:
        return
    read, raised = found
    result.start_fails.append(Note(result.span_of(read), (
        f"This server cannot start on {framework.package} {framework.version}: its server "
        f"has no `{read.attr}` ({raised}). The process exits here, before it answers "
        "anything: every client gets no tools.")))


def _listing_replaced(result: Analysis, tree: ast.Module, registered: set[int]) -> None:
    """A FastMCP server whose tools/list handler the module replaces on the low-level server
    underneath it (`mcp._mcp_server.list_tools()(handler)`; blender-mcp's leaves some tools
    out): clients are listed what that handler returns, which portlint does not run. Each tool
    registered on that server (``registered``: the tools made from registrations, by id) is
    then not derived from its registration, said where it is registered, naming the line of
    the handler: the handler may rewrite their schemas, and a finding about a schema as
    registered would be wrong (the TypeScript reader's rule,
    :mod:`portlint.typescript.replaced_listing`)."""
    found: list[tuple[ast.Call, str]] = []  # `X._mcp_server.list_tools()`, the handler's name
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and _low_level_listing(node.func):
            assert isinstance(node.func, ast.Call)
            found.append((node.func, shown_code(node.args[0])))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [(d, node.name) for d in node.decorator_list
                      if isinstance(d, ast.Call) and _low_level_listing(d)]
    # the tools a replacement may concern, by their registration's receiver (each said once:
    # a module setting many handlers over many tools stays linear)
    pending: dict[str | None, list[int]] = {}
    for i, tool in enumerate(result.tools):
        if id(tool) in registered and tool.input_schema is not None:
            pending.setdefault(_receiver(tool.decorator), []).append(i)
    for listing, handler in sorted(found, key=lambda pair: (pair[0].lineno,
                                                              pair[0].col_offset)):
        assert isinstance(listing.func, ast.Attribute) and isinstance(
            listing.func.value, ast.Attribute)
        server = listing.func.value.value
        reason = (f"the tools/list of `{shown_code(server)}` is answered by `{handler}`, set on "
                  f"its low-level server on line {listing.lineno}: clients are listed what that "
                  "function returns, which portlint does not run")
        for i in sorted([*pending.pop(ast.dump(server), ()), *pending.pop(None, ())]):
            tool = result.tools[i]
            result.tools[i] = tool._replace(input_schema=None, output_schema=None,
                                            unknown=[Unknown(reason, listing)])
            result.unknown.append(Note(result.span_of(tool.decorator), (
                f"The schema of tool `{tool.name}` cannot be derived without running code: "
                f"{reason}.")))


def _receiver(registration: ast.expr) -> str | None:
    """The server ``registration`` (`@X.tool(...)`, `X.add_tool(f)`, ...) is made on, as a
    dump of its expression; None when it is not written (a helper given the server: it may be
    any)."""
    node = registration.func if isinstance(registration, ast.Call) else registration
    return ast.dump(node.value) if isinstance(node, ast.Attribute) else None


def _low_level_listing(node: ast.expr) -> bool:
    """`X._mcp_server.list_tools()`: the decorator replacing a FastMCP server's tools/list
    handler."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
        node.func.attr == "list_tools") and isinstance(node.func.value, ast.Attribute) and (
        node.func.value.attr == "_mcp_server")


def _first_framework_import(tree: ast.Module) -> ast.AST | None:
    imports = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
               and _imports_framework(node)]
    return min(imports, key=lambda node: (node.lineno, node.col_offset), default=None)


def _imports_framework(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level == 0 and (node.module or "").split(".")[0] in ("mcp", "fastmcp")
    return any(alias.name.split(".")[0] in ("mcp", "fastmcp") for alias in node.names)


_SCHEMA_FIELDS = (("inputSchema", ("inputSchema", "input_schema")),
                  ("outputSchema", ("outputSchema", "output_schema")))


def _on_the_wire(tool: ToolDecl, result: Analysis, environment: Environment) -> ToolDecl:
    """A `Tool(...)` literal as an `mcp` 2.x server sends it (:mod:`portlint.python.wire_model`):
    its schema roots rewritten; or, when the wire model refuses one, a tool the server cannot
    send (:func:`_refused_on_the_wire`)."""
    refused = _refused_on_the_wire(tool, result, environment, lambda _, spellings, keyword: (
        _fault_span(result, tool.function, spellings, keyword)))
    if refused is not None:
        return refused
    for schema in (tool.input_schema, tool.output_schema):
        if schema is not None:
            wire_model.sent_form(schema)
    return tool


def _derived_fault(result: Analysis, tool: ToolDecl
                   ) -> Callable[[str, tuple[str, str], str | None], Span]:
    """Where a refused root of a tool derived from a function is said: the return annotation
    for its output root, the registration for its input root."""
    returns = getattr(tool.function, "returns", None)

    def fault(field: str, _spellings: tuple[str, str], _keyword: str | None) -> Span:
        return result.span_of(returns if field == "outputSchema" and returns is not None
                              else tool.decorator)
    return fault


def _refused_on_the_wire(tool: ToolDecl, result: Analysis, environment: Environment,
                         fault: Callable[[str, tuple[str, str], str | None], Span]
                         ) -> ToolDecl | None:
    """When `mcp` 2.x's wire model refuses one of the tool's schema roots: the tool the server
    cannot send, not derived, and said as `server-list-fails` where ``fault`` places it
    (field, its spellings, the keyword at fault); None when both roots are taken. (A tool
    derived from a function has its roots in the wire's order already; one is refused when a
    root model returned has a root that is not an object — the SDK advertises a model's schema
    as it is.)"""
    property_booleans = environment.at_least(2, 1)
    schemas = {"inputSchema": tool.input_schema, "outputSchema": tool.output_schema}
    for field, spellings in _SCHEMA_FIELDS:
        refused = wire_model.refusal(schemas[field], property_booleans) if (
            schemas[field] is not None) else None
        if refused is None:
            continue
        reason, keyword = refused
        label = f"tool `{tool.name}`" if tool.resolved_name else "a tool"
        said = (f"mcp {environment.framework.version} ({environment.framework.why}) cannot "
                "send this server's tools/list: "
                f"the `{field}` of {label} is refused by the SDK's wire model ({reason}), so "
                "the server answers every client's tools/list with the error \"Handler "
                "returned an invalid result\" and no tool at all")
        result.list_fails.append(Note(fault(field, spellings, keyword), said + "."))
        return tool._replace(input_schema=None, output_schema=None, unknown=[
            *tool.unknown, Unknown(said, tool.decorator)])
    return None


def _fault_span(result: Analysis, call: ast.AST, spellings: tuple[str, str],
                keyword: str | None) -> Span:
    """Where a refused root's fault is written: the value of ``keyword`` in the schema's dict
    literal; the schema argument's name when the root itself is at fault."""
    argument = next((k for k in call.keywords if k.arg in spellings), None) if isinstance(
        call, ast.Call) else None
    if argument is None:
        return result.span_of(call)
    if keyword is not None and isinstance(argument.value, ast.Dict):
        for key, value in zip(argument.value.keys, argument.value.values, strict=True):
            if isinstance(key, ast.Constant) and key.value == keyword:
                return result.span_of(value)
    start = result.span_of(argument)[0]
    return (start, start + len(argument.arg or ""))


def _postponed(tree: ast.Module) -> bool:
    return any(isinstance(s, ast.ImportFrom) and s.module == "__future__" and any(
        a.name == "annotations" for a in s.names) for s in tree.body)


def _tool(registration: Registration, result: Analysis, index: ModuleIndex, names: Names,
          generator: Generator, *, framework: dict[str, Assumed] | None,
          pins: dict[str, Any], future: bool, path: Path | None) -> ToolDecl:
    kind = registration.kind if registration.kind != "unknown" else "fastmcp"
    environment = resolve(kind, path, framework, pins)
    if registration.kind != "unknown":
        result.environment = environment
    function = registration.function
    if registration.problem is not None or function is None:
        label = _label(registration)
        # the name written on a server portlint traces is the tool's, whatever the function
        named = registration.kind != "unknown" and _written_name(registration) is not None
        return ToolDecl(label, function or registration.node, registration.node, None, None,
                        None, [Unknown(registration.problem or "no function", registration.node)],
                        resolved_name=named)
    if registration.module is not None:  # the function is defined in another module
        module = registration.module
        foreign = Generator(module.classes, module.names, result.positions, result.spans,
                            generator.finder)
        foreign.anchor = registration.node
        foreign.module_path = module.path
        foreign.hidden = generator.hidden
        foreign.left_out = generator.left_out
        builder = ToolBuilder(module.classes, module.names, foreign, environment,
                              _postponed(module.tree))
    else:
        builder = ToolBuilder(index, names, generator, environment, future)
    seen_left_out = len(generator.left_out)  # the foreign generator's list is this one
    try:
        tool = builder.build(function, registration)
        if registration.module is not None:  # its findings sit at the registration here
            tool = tool._replace(function=registration.node)
        left = generator.left_out[seen_left_out:]
        if left:
            tool = tool._replace(left_out=tuple(
                f"a field's `{each.keyword}` is not read ({each.reason}): left out"
                for each in left))
        return tool
    except RecursionError:
        return ToolDecl(function.name, function, registration.node, None, None, None,
                        [Unknown("its types, or the code declaring them, nest deeper than "
                                "portlint can follow", registration.node)])


def _written_name(registration: Registration) -> str | None:
    """The name a registration gives the tool as a literal (`name="x"`), if it does."""
    name = registration.options.get("name")
    return name.value if isinstance(name, ast.Constant) and isinstance(name.value, str) else None


def _label(registration: Registration) -> str:
    name = _written_name(registration)
    if name is not None:
        return name
    if registration.function is not None:
        return registration.function.name
    return ast.unparse(registration.node)[:60]


# a tool whose name is computed at run time: what is still done with it
_NAME_UNREAD = "Its schemas are derived and linted; the tool-name rules are not applied to it."


def _unknown_message(tool: ToolDecl, registration: Registration,
                     problems: list[Unknown]) -> tuple[str, str | None]:
    """What is said of a tool not read whole, and its note's variant (:class:`Note`)."""
    reasons = "; ".join(p.reason for p in problems)
    if problems[0].part == "name" and tool.input_schema is not None:
        said = (f"The name of the tool `{tool.name}` registers is not read: "
                f"{problems[0].reason}. {_NAME_UNREAD}")
        rest = "; ".join(p.reason for p in problems[1:])
        return said + (f" Not derived: {rest}." if rest else ""), None if rest else "part"
    if registration.problem is not None or registration.function is None:
        return (f"A tool is registered here that portlint cannot derive without running code: "
                f"{reasons}."), None
    texts = list(dict.fromkeys(p.part for p in problems if p.part is not None))
    if tool.input_schema is not None and all(p.part in ("title", "description")
                                             for p in problems):
        # only its words are computed (`description=f"... {DB_INFO}"`): the schemas are read
        return (f"The {' and '.join(texts)} of tool `{tool.name}` cannot be read without "
                f"running code: {reasons}. Its schemas are derived and linted."), "part"
    which = "output schema" if tool.input_schema is not None else "schema"
    return (f"The {which} of tool `{tool.name}` cannot be derived without running code: "
            f"{reasons}."), None


def _models(result: Analysis, index: ModuleIndex, generator: Generator,
            with_models: bool) -> None:
    used = set(generator.used)
    for name, info in index.classes.items():
        if info.kind in ("other", "enum"):
            continue
        if not with_models and (name in used or not result.imports_framework):
            continue
        # what a model no tool uses hides reaches no client: not said (`hidden-constraint` is
        # about declarations that reach a tool; a server's settings dataclass is none)
        hidden, left_out = len(generator.hidden), len(generator.left_out)
        try:
            schema = generator.model_schema(info)
        except (Unknown, RecursionError) as problem:
            if with_models:
                result.models[name] = problem if isinstance(problem, Unknown) else Unknown(
                    "the models nest too deeply to derive", info.node)
                result.model_nodes[name] = info.node
            continue
        finally:
            if name not in used:
                del generator.hidden[hidden:], generator.left_out[left_out:]
        result.model_nodes[name] = info.node
        if with_models:
            result.models[name] = schema
        if name not in used and result.imports_framework:
            result.standalone[name] = schema


def _left_out_note(result: Analysis, left: LeftOut) -> Note:
    where = f" (in {left.where})" if left.where else ""
    return Note(result.span_of(left.node),
                f"A field's `{left.keyword}` cannot be read statically{where} ({left.reason}); "
                "left out. The rest of the schema is derived and linted.", "part")


def _hidden_note(result: Analysis, hidden: Hidden) -> Note:
    where = f" (in {hidden.where})" if hidden.where else ""
    return Note(result.span_of(hidden.node),
                f"The server accepts or does what the schema does not show{where}: "
                f"{hidden.what}.")
