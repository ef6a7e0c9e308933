"""The reader registry: which reader reads a text, and the one contract every reader keeps.

A reader takes a text (and the file's name, for readers that look at neighbouring files) and
returns a :class:`~portlint.source.document.ParsedSource`: the documents it found — each a value
with a located node tree, so every node has its place in the text — and the problems of the text
itself (:class:`~portlint.source.problems.SourceProblem`: a syntax error, a repeated key, a part
it could not derive), each at its place. It states what it found; the source rule named by the
problem words the finding. The pipeline never asks which reader made a document.

Readers are registered by format (:func:`register`): a name, the file suffixes and editor
language ids that select it, and what the rest of portlint may rely on — where suppression
comments are, whether a tool's findings depend on the tool's own text only (then the editor
re-checks only the tools an edit touched), whether the format is source code that declares
tools (then a module stays linted while it is edited), and a schema preview for hovers. JSON,
YAML, Python and TypeScript/JavaScript are registered here; a reader for another format (a live
server's ``tools/list`` made into a document) is one more :class:`Reader` in :data:`_BUILT_IN` or
one :func:`register` call. Reader modules are imported only when a text of their format is read.

The document size limit is applied here, before any reader runs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from importlib import import_module

from portlint.limits import Limits
from portlint.script_suffixes import SOURCE_SUFFIXES  # its module resolution tries the same
from portlint.source.document import Format, ParsedSource, ReadRequest
from portlint.source.located import Span
from portlint.source.problems import SourceProblem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

Comments = Callable[[ParsedSource], Iterable[Span]]
Preview = Callable[[str, int, ReadRequest], "tuple[str, Span] | None"]


class Reader:
    """One format: how it is chosen, how it is read, and what the rest of portlint may rely on.

    ``read``, ``comments`` and ``preview`` name functions as ``"module:function"``, imported
    when first called (the CLI does not load the Python analyser to check a JSON file)."""

    __slots__ = ("_loaded", "comments_at", "declares_tools_in_code", "format", "language_ids",
                 "preview_at", "read_at", "searched_suffixes", "suffixes",
                 "tools_stand_alone")

    def __init__(self, format: Format, *, read: str, suffixes: Iterable[str] = (),
                 searched_suffixes: Iterable[str] | None = None,
                 language_ids: Iterable[str] = (), comments: str | None = None,
                 tools_stand_alone: bool = False, declares_tools_in_code: bool = False,
                 preview: str | None = None) -> None:
        self.format = format
        self.read_at = read
        self.suffixes = frozenset(s.lower() for s in suffixes)
        # the suffixes a directory search picks up (some suffixes are read when named only)
        self.searched_suffixes = (self.suffixes if searched_suffixes is None
                                  else frozenset(s.lower() for s in searched_suffixes))
        self.language_ids = frozenset(language_ids)
        self.comments_at = comments  # None: the format has no comments
        # a tool's findings are a function of its own text, its place in the list and the
        # settings (JSON; not YAML, whose tools can share nodes through aliases)
        self.tools_stand_alone = tools_stand_alone
        # source code that declares tools (a server module), not a document of schemas
        self.declares_tools_in_code = declares_tools_in_code
        self.preview_at = preview
        self._loaded: dict[str, Any] = {}

    def _function(self, where: str) -> Any:
        function = self._loaded.get(where)
        if function is None:
            module, name = where.split(":")
            function = self._loaded[where] = getattr(import_module(module), name)
        return function

    def read(self, text: str, request: ReadRequest) -> ParsedSource:
        source: ParsedSource = self._function(self.read_at)(text, request)
        return source

    @property
    def has_comments(self) -> bool:
        return self.comments_at is not None

    def comments(self, source: ParsedSource) -> Iterable[Span]:
        """Where the comments holding a ``portlint:`` directive are, in the source's text."""
        if self.comments_at is None:
            return ()
        found: Iterable[Span] = self._function(self.comments_at)(source)
        return found

    def preview(self, text: str, offset: int, request: ReadRequest | None = None
                ) -> tuple[str, Span] | None:
        """Markdown showing the schema the code at ``offset`` declares, and the text it covers
        (None: nothing to show, or the format has no previews). ``request`` names the file, for
        readers whose schemas depend on its project (the TypeScript SDK and Zod releases)."""
        if self.preview_at is None:
            return None
        shown: tuple[str, Span] | None = self._function(self.preview_at)(
            text, offset, request or ReadRequest())
        return shown


_BUILT_IN = (
    Reader("json", read="portlint.source.json_reader:read_json_source",
           suffixes=(".json", ".jsonc", ".json5", ".snap", ".har"), searched_suffixes=(".json",),
           language_ids=("json", "jsonc", "json5"), tools_stand_alone=True),
    Reader("yaml", read="portlint.source.yaml_reader:read_yaml_source",
           suffixes=(".yaml", ".yml"), language_ids=("yaml",),
           comments="portlint.source.yaml_comments:yaml_comments"),
    Reader("python", read="portlint.python.reader:read_python_source",
           suffixes=(".py", ".pyi"), searched_suffixes=(".py",), language_ids=("python",),
           comments="portlint.python.comments:python_comments", declares_tools_in_code=True,
           preview="portlint.python.preview:schema_preview"),
    Reader("typescript", read="portlint.typescript.reader:read_typescript_source",
           suffixes=SOURCE_SUFFIXES,
           language_ids=("typescript", "typescriptreact", "javascript", "javascriptreact"),
           comments="portlint.typescript.comments:typescript_comments",
           declares_tools_in_code=True, preview="portlint.typescript.preview:typescript_preview"),
)
_READERS: dict[Format, Reader] = {reader.format: reader for reader in _BUILT_IN}


def register(reader: Reader) -> None:
    """Add a reader (or replace the one registered for its format)."""
    _READERS[reader.format] = reader


def reader_for(fmt: Format) -> Reader:
    """The reader of a format; a format nobody registered is a bug of the caller."""
    return _READERS[fmt]


def formats() -> tuple[Format, ...]:
    return tuple(_READERS)


def searched_suffixes() -> frozenset[str]:
    """The file suffixes a directory search picks up."""
    return frozenset().union(*(r.searched_suffixes for r in _READERS.values()))


def format_by_suffix(name: str) -> Format | None:
    """The format a file name's suffix says (None when it says nothing portlint reads)."""
    suffix = os.path.splitext(name)[1].lower()
    for reader in _READERS.values():
        if suffix in reader.suffixes:
            return reader.format
    return None


def format_by_language(language_id: str | None) -> Format | None:
    """The format of an editor's language id (None when portlint reads no such language)."""
    for reader in _READERS.values():
        if language_id in reader.language_ids:
            return reader.format
    return None


def format_for(filename: str | None, text: str) -> Format:
    """The format of a file: by its suffix, else by its first significant character."""
    by_suffix = format_by_suffix(filename) if filename else None
    if by_suffix is not None:
        return by_suffix
    stripped = text.lstrip()
    return "json" if stripped[:1] in ("{", "[") else "yaml"


def read_source(text: str, fmt: Format, limits: Limits | None = None,
                filename: str | None = None) -> ParsedSource:
    """Read ``text`` with the reader of ``fmt``; a text over the size limit is not read."""
    request = ReadRequest(filename, limits)
    maximum = request.limits.max_document_chars
    if len(text) > maximum:
        source = ParsedSource(text, fmt)
        source.problems.append(SourceProblem(
            "document-too-large",
            f"The document has {len(text):,} characters, more than the limit of {maximum:,}; "
            "it was not linted", (0, min(1, len(text))), variant="characters"))
        return source
    try:
        return reader_for(fmt).read(text, request)
    except RecursionError:  # code CPython reads, nested deeper than the reader follows
        source = ParsedSource(text, fmt)
        source.problems.append(SourceProblem(
            "document-too-large", f"This file's code nests deeper than portlint's {fmt} reader "
            "can follow (Python's recursion limit); it was not read", (0, min(1, len(text))),
            variant="code"))
        return source
    except Exception as error:  # a reader's bug: said on this file, never a crash of the run
        import logging

        logging.getLogger("portlint").exception("the %s reader failed on %s", fmt,
                                                filename or "a text")
        source = ParsedSource(text, fmt)
        source.problems.append(SourceProblem(
            "internal-error", f"portlint's {fmt} reader failed on this file "
            f"({type(error).__name__}: {str(error)[:120]})", (0, min(1, len(text)))))
        return source
