"""Modules a server package never runs: the tools they register are not in its tools/list.

A package that starts a server (its ``package.json`` names a ``bin``) runs the modules its entry
points import, directly or through others — nothing else. A module no entry reaches (an adder of
tools the server's list of adders leaves out, a file kept from an older release:
@browserstack/mcp-server 1.4.2 ships `tools/observability.js` and `tools/tfa-rca-collaboration.js`,
which no module imports, and lists none of their six tools) registers nothing when the server
starts, so ``portlint schema`` names its tools under ``not_listed`` rather than among the tools.

The entry points are the manifest's ``bin``, ``main``, ``module`` and ``exports`` files and the
script files its ``scripts`` run (``node dist/other.js``), each also as the TypeScript source tsc
compiles it from (the ``outDir``/``rootDir`` of the package's ``tsconfig.json``). The modules they
reach are followed through every ``import``/``export ... from``, ``import()`` and ``require()``
of a string, relative, through the ``tsconfig.json``'s aliases or into a package of the same
workspace.

Only a certain answer is given; anything that could reach a module unseen means no answer (the
tools stay listed): an import of a computed path, a specifier that resolves to no file, a module
that cannot be parsed, an ``exports`` pattern (``"./*"``), a package's ``imports`` (``#x``),
a script handing a file to a program other than Node or a TypeScript runner (which may call
what the file exports: no function is judged then), the module's name written as a path or a
name in a string of a reached module (a file started by a path joined at run time:
`fork(join(__dirname, "worker.js"))`, `["observability", ...]`), an entry of the manifest's
fields that is not on disk (a script's file that is not is nothing the package runs).
A module is judged only beside reached modules of its own top folder (``dist/tools/x.js`` when
``dist`` is reached — not ``src/x.ts`` when only the compiled ``dist`` is)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from portlint.script_suffixes import SOURCE_SUFFIXES
from portlint.source.located import Span
from portlint.source.text import UnreadableFile, read_text_file
from portlint.typescript.project import read_manifest, resolve_relative
from portlint.typescript.syntax import Node, Syntax, grammar_for, sloppy_script, unquote
from portlint.typescript.tsconfig import (
    Layout,
    file_stamp,
    nearest_config,
    read_layout,
    resolve_alias,
)
from portlint.typescript.workspace_packages import resolve_package

_ENTRY_FIELDS = ("bin", "main", "module", "exports")
_MAX_MODULES = 5_000  # a package reaching more is not judged (each module is parsed once)
_MAX_MODULE_BYTES = 4 * 1024 * 1024
_SCRIPT_FILE = re.compile(r"^(?:\./)?[\w@.+-][\w@./+-]*\.(?:[cm]?[jt]s|[jt]sx)$")


class Function(NamedTuple):
    """A function declared at a module's top level: where, its name, whether it is the
    module's default export."""

    start: int
    end: int
    name: str | None
    default: bool


class Reach(NamedTuple):
    """What a server package's entry points reach."""

    modules: frozenset[str]
    texts: tuple[str, ...]  # the reached modules' text, for names built at run time
    tops: frozenset[str]  # the top folders (relative to the package) of the reached modules
    entries: tuple[str, ...]  # the entry points found, as the manifest names them
    used: frozenset[str]  # every name a reached module refers to, as itself or by an alias
    defaults_used: frozenset[str]  # the modules whose default export one refers to
    functions: dict[str, tuple[Function, ...]]  # each reached module's top-level functions


def not_run(file: Path, registrations: Sequence[Span]) -> list[str | None]:
    """For each registration (a span of ``file``), why the server its package starts never
    makes it, when that is certain: the module is never run, or the top-level function around
    the registration is never called."""
    unknown: list[str | None] = [None] * len(registrations)
    package = _package_of(file)
    if package is None or not registrations:
        return unknown
    reach = _cached_reach(str(package))
    if reach is None:
        return unknown
    real = os.path.realpath(file)
    shown = ", ".join(f"`{e}`" for e in reach.entries[:3]) + (
        f" and {len(reach.entries) - 3} more" if len(reach.entries) > 3 else "")
    if real not in reach.modules:
        if _top(package, Path(real)) not in reach.tops or _named(file, reach):
            return unknown
        return [f"no module the package's entry points ({shown}) import, directly or through "
                "others, is this file: the server it starts never runs it"] * len(registrations)
    functions = reach.functions.get(real, ())
    said: list[str | None] = []
    for start, _end in registrations:
        around = next((f for f in functions if f.start <= start < f.end), None)
        if around is None or (around.name is not None and around.name in reach.used) or (
                around.default and real in reach.defaults_used):
            said.append(None)
            continue
        name = f"`{around.name}`" if around.name else "the module's default export"
        said.append(f"{name} registers this tool, and nothing the package's entry points "
                    f"({shown}) run calls it or hands it on: the server it starts never makes "
                    "the tool")
    return said


def _named(file: Path, reach: Reach) -> bool:
    """Whether a reached module writes the file's name in a string (a path joined at run
    time: the file may be started or imported by it)."""
    stem = file.name.split(".")[0]
    if stem == "index":
        stem = file.parent.name
    written = re.compile(r"[\"'`/\\]" + re.escape(stem) + r"(?:\.[cm]?[jt]sx?)?[\"'`]")
    return any(stem in text and written.search(text) for text in reach.texts)


def _package_of(file: Path) -> Path | None:
    """The nearest folder above ``file`` with a ``package.json`` naming a package, when that
    names a ``bin``. A manifest without a `name` only sets the module format of its folder
    (tshy's `dist/esm/package.json`, `{"type": "module"}`: @mapbox/mcp-server 0.14.0)."""
    folder = os.path.dirname(os.path.realpath(file))
    while True:
        manifest = read_manifest(folder) if os.path.isfile(
            os.path.join(folder, "package.json")) else None
        if manifest is not None and "name" in manifest:
            return Path(folder) if manifest.get("bin") else None
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


_CACHE: dict[str, tuple[tuple[tuple[str, tuple[int, int]], ...], Reach | None]] = {}


def _cached_reach(package: str) -> Reach | None:
    """The package's reach, worked out again when its manifest, its ``tsconfig.json`` or a
    module it reached changed."""
    cached = _CACHE.get(package)
    if cached is not None and all(file_stamp(path) == stamp for path, stamp in cached[0]):
        return cached[1]
    reach = _reach(package)
    read = [os.path.join(package, "package.json"), os.path.join(package, "tsconfig.json"),
            *(reach.modules if reach is not None else ())]
    if len(_CACHE) >= 16:
        _CACHE.clear()
    _CACHE[package] = (tuple((path, file_stamp(path)) for path in read), reach)
    return reach


class _Alias(NamedTuple):
    """``alias`` of ``module`` stands for ``name`` of ``target`` (None: of ``module`` itself):
    an import specifier, a re-export, an export under another name."""

    module: str
    alias: str
    target: str | None
    name: str


class _Facts(NamedTuple):
    """What one module contributes: the files it imports, the names it refers to, its aliases
    and top-level functions, the files whose every export (the default too) it may take
    (`import * as ns`, `require()`, `import()`)."""

    imported: list[str]
    used: set[str]
    aliases: list[_Alias]
    functions: tuple[Function, ...]
    whole: list[str]


def _reach(package: str) -> Reach | None:
    """What the package's entry points reach (None: not certain)."""
    manifest = read_manifest(package)
    if manifest is None:
        return None
    names = _entry_names(manifest)
    if not names:
        return None
    root = Path(package)
    layout = _layout(root)
    starts: list[Path] = []
    entries: list[str] = []
    for name, scripted in names.items():
        found = _entry_files(root, name, layout)
        if not found and not scripted:
            return None  # an entry not on disk (not built yet) may reach anything
        starts.extend(found)  # a script's file not shipped runs nowhere
        entries.extend([name] if found else [])
    modules: set[str] = set()
    texts: list[str] = []
    used: set[str] = set()
    aliases: list[_Alias] = []
    whole: set[str] = set()
    functions: dict[str, tuple[Function, ...]] = {}
    pending = [os.path.realpath(s) for s in starts]
    scripts = set(pending)  # an entry is a script whatever its name (`bin/cli`, no suffix)
    while pending:
        path = pending.pop()
        if path in modules:
            continue
        modules.add(path)
        if len(modules) > _MAX_MODULES:
            return None
        if path.endswith((".d.ts", ".d.mts", ".d.cts", ".json")) or (
                path not in scripts and not path.endswith(SOURCE_SUFFIXES)):
            continue  # JSON or another file a module reads: it imports nothing
        text = _read(path)
        if text is None:
            return None
        facts = _facts(Path(path), text)
        if facts is None:
            return None
        texts.append(text)
        used |= facts.used
        aliases.extend(facts.aliases)
        whole.update(facts.whole)
        functions[path] = facts.functions
        pending.extend(facts.imported)
    defaults_used = _through_aliases(used, aliases, whole)
    tops = frozenset(_top(root, Path(m)) for m in modules)
    if _runner_calls_exports(manifest):
        functions = {}  # (which function a runner calls is not known: none is judged)
    return Reach(frozenset(modules), tuple(texts), tops, tuple(entries), frozenset(used),
                 frozenset(defaults_used), functions)


def _through_aliases(used: set[str], aliases: list[_Alias], whole: set[str]) -> set[str]:
    """``used`` grown by the names each used alias stands for (a name is taken for used
    wherever it is: a reference to another binding of the same name only keeps a tool
    listed); the modules whose default export is used (``whole``: those taken whole)."""
    defaults: set[str] = set(whole)
    changed = True
    while changed:
        changed = False
        for alias in aliases:
            if alias.alias in used or (alias.alias == "default" and alias.module in defaults):
                if alias.name == "default":
                    target = alias.target or alias.module
                    if target not in defaults:
                        defaults.add(target)
                        changed = True
                elif alias.name not in used:
                    used.add(alias.name)
                    changed = True
    return defaults


def _entry_names(manifest: dict[str, Any]) -> dict[str, bool] | None:
    """The files the manifest starts or exports, as it names them, each with whether only a
    script names it (None: a pattern)."""
    names: dict[str, bool] = {}
    for field in _ENTRY_FIELDS:
        for value in _leaves(manifest.get(field)):
            if "*" in value:
                return None
            if not value.endswith((".d.ts", ".d.mts", ".d.cts")):  # (types: nothing runs)
                names.setdefault(os.path.normpath(value), False)
    scripts = manifest.get("scripts")
    if isinstance(scripts, dict):
        for command in scripts.values():
            if isinstance(command, str):
                for word in command.split():
                    if _SCRIPT_FILE.match(word):
                        names.setdefault(os.path.normpath(word), True)
    return names


# what runs a file itself (its top level), calling nothing it exports
_DIRECT_RUNNERS = frozenset(("node", "tsx", "ts-node", "ts-node-esm", "bun", "deno", "nodemon",
                             "esno", "vite-node", "jiti"))
_PACKAGE_RUNNERS = frozenset(("npx", "bunx", "pnpx", "exec", "run", "pnpm", "yarn", "npm"))


def _runner_calls_exports(manifest: dict[str, Any]) -> bool:
    """Whether a script hands one of the package's files to a program other than Node or a
    TypeScript runner (`fastmcp dev dist/server.js`, a framework's runner): such a program may
    call what the file exports, which no module of the package does."""
    scripts = manifest.get("scripts")
    for command in scripts.values() if isinstance(scripts, dict) else ():
        if not isinstance(command, str):
            continue
        for segment in re.split(r"&&|\|\||;|\|", command):
            words = segment.split()
            if not any(_SCRIPT_FILE.match(word) for word in words):
                continue
            program = next((w for w in words if "=" not in w and not w.startswith("-") and (
                w not in _PACKAGE_RUNNERS)), "")
            if os.path.basename(program) not in _DIRECT_RUNNERS and not _SCRIPT_FILE.match(
                    program):
                return True
    return False


def _leaves(value: object, depth: int = 0) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict) and depth < 8:
        for item in value.values():
            yield from _leaves(item, depth + 1)
    elif isinstance(value, list) and depth < 8:
        for item in value:
            yield from _leaves(item, depth + 1)


def _entry_files(root: Path, name: str, layout: Layout | None) -> list[Path]:
    """The file an entry names, and the TypeScript source tsc compiles it from (when the
    package's ``tsconfig.json`` says where its output goes: ``layout``)."""
    target = os.path.normpath(root / name)
    if os.path.commonpath([target, str(root)]) != str(root):
        return []
    found: list[Path] = []
    named = resolve_relative(root / "package.json", "./" + os.path.relpath(target, root))
    if named is not None:
        found.append(named)
    source = _source_of(root, target, layout)
    if source is not None:
        found.append(source)
    return found


def _layout(root: Path) -> Layout | None:
    """Where the package's own ``tsconfig.json`` has tsc write its output (read once for all
    the package's entry points)."""
    config = nearest_config(str(root))
    return read_layout(config) if config is not None and os.path.dirname(
        config) == str(root) else None


def _source_of(root: Path, compiled: str, layout: Layout | None) -> Path | None:
    if layout is None or os.path.commonpath([compiled, layout.out_dir]) != layout.out_dir:
        return None
    sources = layout.root_dir or (str(root / "src") if (root / "src").is_dir() else str(root))
    relative = os.path.relpath(compiled, layout.out_dir)
    return resolve_relative(Path(sources) / "package.json", "./" + relative)


def _read(path: str) -> str | None:
    """The module's text as `portlint schema` reads it (its registrations' spans are offsets
    into that text); None when it is too large or cannot be read."""
    try:
        return read_text_file(path) if os.path.getsize(path) <= _MAX_MODULE_BYTES else None
    except (OSError, UnreadableFile):
        return None


def _facts(path: Path, text: str) -> _Facts | None:
    """What the module ``path`` imports, refers to and declares (None: an import that cannot
    be followed, or a module that cannot be parsed)."""
    syntax = Syntax(text, grammar_for(str(path)), sloppy_script(str(path)))
    if syntax.first_error() is not None or syntax.too_deep() is not None:
        return None
    module = str(path)
    facts = _Facts([], set(), [], (), [])
    functions: list[Function] = []
    unread: list[Span] = []  # what is no reference: imports, re-exports, declared names
    for statement in syntax.root.named_children:
        span = syntax.span(statement)
        source = _source(statement)
        target: str | None = None
        if source is not None:
            specifier = unquote(syntax, source)
            resolved = _resolved(path, specifier) if specifier is not None else False
            if resolved is False:
                return None
            target = os.path.realpath(resolved) if isinstance(resolved, Path) else None
            if target is not None:
                facts.imported.append(target)
        if statement.type == "import_statement":
            unread.append(span)
            if target is not None:
                facts.aliases.extend(_imported_names(syntax, statement, module, target))
                if _namespace(statement):
                    facts.whole.append(target)
        elif statement.type == "export_statement":
            declaration = statement.child_by_field_name("declaration")
            value = statement.child_by_field_name("value")
            default = any(c.type == "default" for c in statement.children)
            if declaration is not None:
                functions.extend(_functions(syntax, declaration, span, default, unread))
            elif value is not None and value.type == "identifier":
                unread.append(span)
                facts.aliases.append(_Alias(module, "default", None, syntax.source(value)))
            elif value is not None and value.type in _FUNCTIONS:
                functions.append(Function(*span, None, True))
            elif value is None:
                unread.append(span)
                facts.aliases.extend(_exported_names(syntax, statement, module, target))
                if target is not None and _namespace(statement):
                    facts.whole.append(target)
        else:
            functions.extend(_functions(syntax, statement, span, False, unread))
    for call in syntax.searched("call_expression"):
        function = call.child_by_field_name("function")
        arguments = call.child_by_field_name("arguments")
        if function is None or arguments is None or (
                function.type != "import" and syntax.source(function) != "require"):
            continue
        first = next(iter(arguments.named_children), None)
        specifier = unquote(syntax, first) if first is not None and first.type in (
            "string", "template_string") else None
        resolved = _resolved(path, specifier) if specifier is not None else False
        if resolved is False:
            return None  # a path computed at run time, or one that resolves to nothing
        if isinstance(resolved, Path):
            facts.imported.append(os.path.realpath(resolved))
            facts.whole.append(os.path.realpath(resolved))
    facts.used.update(_IDENTIFIER.findall(_without(text, unread)))
    return facts._replace(functions=tuple(functions))


_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_FUNCTIONS = frozenset(("arrow_function", "function_expression", "function"))
_DECLARED_FUNCTIONS = frozenset(("function_declaration", "generator_function_declaration"))


def _source(statement: Node) -> Node | None:
    """The module specifier of an import or re-export statement."""
    if statement.type not in ("import_statement", "export_statement"):
        return None
    source = statement.child_by_field_name("source")
    if source is None:  # `import x = require("y")`
        source = next((c for clause in statement.named_children
                       if clause.type == "import_require_clause"
                       for c in clause.named_children if c.type == "string"), None)
    return source


def _namespace(statement: Node) -> bool:
    """`import * as ns from` or `export * as ns from`: every export, through ``ns``."""
    clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
    return any(c.type in ("namespace_import", "namespace_export")
               for c in (clause or statement).named_children)


def _imported_names(syntax: Syntax, statement: Node, module: str, target: str
                    ) -> Iterator[_Alias]:
    """The bindings an import makes that stand for another name of the module imported:
    its default export, or a name imported under another."""
    clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
    for part in clause.named_children if clause is not None else ():
        if part.type == "identifier":
            yield _Alias(module, syntax.source(part), target, "default")
        elif part.type == "named_imports":
            for specifier in part.named_children:
                name = specifier.child_by_field_name("name")
                alias = specifier.child_by_field_name("alias")
                if name is not None and alias is not None:
                    yield _Alias(module, syntax.source(alias), target, syntax.source(name))


def _exported_names(syntax: Syntax, statement: Node, module: str, target: str | None
                    ) -> Iterator[_Alias]:
    """`export { a as b }` (of the module's own `a`, or of ``target``'s): `b` stands for `a`."""
    clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
    for specifier in clause.named_children if clause is not None else ():
        name = specifier.child_by_field_name("name")
        alias = specifier.child_by_field_name("alias")
        if name is not None:
            yield _Alias(module, syntax.source(alias if alias is not None else name), target,
                         syntax.source(name))


def _functions(syntax: Syntax, declaration: Node, span: Span, default: bool,
               unread: list[Span]) -> Iterator[Function]:
    """The functions a top-level declaration makes (`function f`, `const f = () => ...`),
    their names put in ``unread``: declaring a name is no reference to it."""
    if declaration.type in _DECLARED_FUNCTIONS:
        name = declaration.child_by_field_name("name")
        if name is not None:
            unread.append(syntax.span(name))
        yield Function(*span, syntax.source(name) if name is not None else None, default)
    elif declaration.type in ("lexical_declaration", "variable_declaration"):
        for declarator in declaration.named_children:
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if declarator.type == "variable_declarator" and name is not None and (
                    name.type == "identifier") and value is not None and (
                    value.type in _FUNCTIONS):
                unread.append(syntax.span(name))
                yield Function(*syntax.span(declarator), syntax.source(name), False)


def _without(text: str, spans: list[Span]) -> str:
    """``text`` with ``spans`` left out (a space in place of each)."""
    kept: list[str] = []
    at = 0
    for start, end in sorted(spans):
        if start >= at:
            kept.append(text[at:start])
            at = end
    kept.append(text[at:])
    return " ".join(kept)


def _resolved(importer: Path, specifier: str) -> Path | bool | None:
    """The project file a specifier names; None for another package's; False when it cannot
    be told."""
    if specifier.startswith((".", "/")):
        return resolve_relative(importer, specifier) or False
    if specifier.startswith("#"):
        return False
    alias = resolve_alias(importer, specifier)
    if alias.path is not None:
        return alias.path
    if alias.reason:
        return False
    return resolve_package(importer, specifier)


def _top(root: Path, path: Path) -> str:
    """The first folder of ``path`` under the package (``.`` for a file at its top)."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return ""
    return parts[0] if len(parts) > 1 else "."

