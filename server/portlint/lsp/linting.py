"""Which open documents are linted, and their latest results, per version.

A JSON or YAML document is linted when it is a tool-schema document — shaped like a tool, a tool
list or a JSON-RPC tools result, or declaring a json-schema.org ``$schema`` — or when it matches
the configured ``include`` globs; ``exclude`` wins over both. Anything else (``package.json``,
``tsconfig.json``, editor settings) stays silent, even while it is broken. A tool-schema document
that stops parsing mid-typing keeps being linted, so its one ``parse-error`` shows.

Results are kept per document version. A code action, hover or pull request for the version
already linted reuses them; a newer version is linted once, on demand or after the debounce.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types

from portlint.config import Config
from portlint.linter import LintResult
from portlint.lsp.convert import from_json
from portlint.lsp.document import LspDocument
from portlint.lsp.open_documents import OpenDocument, OpenDocuments
from portlint.lsp.positions import PositionMapper
from portlint.lsp.uris import uri_to_path
from portlint.readers import format_by_language, format_by_suffix, reader_for
from portlint.settings import Settings
from portlint.source.document import Format

_RUN = itertools.count(1)


def document_format(uri: str, language_id: str | None) -> Format | None:
    """The format of a document portlint reads (by its name, else by its language), else
    None."""
    return format_by_suffix(unquote(urlparse(uri).path)) or format_by_language(language_id)


@dataclass(eq=False)
class Linted:
    """One document version's lint: what was published for it and what actions read."""

    uri: str  # as the client opened the document: replies name it so
    key: str  # the document's key (portlint.lsp.uris.document_key)
    opened: int  # which open of that key (a re-open may repeat a version)
    version: int | None
    text: str
    mapper: PositionMapper
    result: LintResult | None  # None: the document is not linted
    encoded: str = "[]"  # its diagnostics, as the JSON array the server sends
    run: str = ""  # distinguishes results across server runs and settings generations
    settings: Settings | None = None  # what it was linted with (an edit may start from it)
    as_schema: bool = False
    fix_all: tuple[int, int, str] | None = None  # fix-all's edit, once computed
    fix_all_done: bool = False

    @cached_property
    def diagnostics(self) -> list[types.Diagnostic]:
        """The diagnostics as objects (built only when a code action needs to match one)."""
        return [from_json(item) for item in json.loads(self.encoded)]

    @cached_property
    def _by_identity(self) -> dict[tuple[Any, ...], types.Diagnostic]:
        return {_identity(d): d for d in self.diagnostics}

    def stored(self, diagnostic: types.Diagnostic) -> types.Diagnostic | None:
        """This lint's diagnostic with the same range, code and message (None: not one of
        this version's)."""
        return self._by_identity.get(_identity(diagnostic))

    @cached_property
    def result_id(self) -> str:
        """Identifies what was reported, for pull clients (computed only when one asks)."""
        digest = hashlib.blake2b(repr(self.result.findings if self.result else ()).encode(),
                                 digest_size=8).hexdigest()
        return f"{self.run}.{self.version}.{digest}"


def _identity(diagnostic: types.Diagnostic) -> tuple[Any, ...]:
    start, end = diagnostic.range.start, diagnostic.range.end
    return (start.line, start.character, end.line, end.character, str(diagnostic.code),
            diagnostic.message)


class DocumentLinter:
    """Lints open documents, keeping each one's state in its :class:`OpenDocument`."""

    def __init__(self, documents: OpenDocuments) -> None:
        self._documents = documents
        self._run = next(_RUN)
        self._baseline_problems: dict[Path, str] = {}  # the problem last said, per baseline
        self._to_say: list[str] = []

    def invalidate(self) -> None:
        """Settings changed: every result must be recomputed."""
        for state in self._documents:
            state.latest = None

    def moved_on(self, key: str) -> None:
        """The document changed: its latest result is stale. Only the slim edit base is kept,
        so the old text and its parsed nodes are freed now rather than at the next lint."""
        state = self._documents.get(key)
        if state is not None:
            state.latest = None

    def cached(self, document: LspDocument) -> Linted | None:
        """The lint of exactly this text of this open of the document, if there is one."""
        state = self._documents.get(document.key)
        linted = state.latest if state is not None else None
        if (linted is not None and linted.version == document.version
                and linted.opened == document.opened and linted.text is document.source):
            return linted
        return None

    def lint(self, document: LspDocument, config: Config) -> Linted:
        """Lint the document's current version (or return the result already computed)."""
        cached = self.cached(document)
        if cached is not None:
            return cached
        state = self._documents.get_or_open(document.key, document.uri)
        text = document.source
        mapper = document.mapper  # built once per text, shared with change handling
        fmt = document_format(document.uri, document.language_id)
        path = uri_to_path(document.uri)
        result: LintResult | None = None
        settings = config.settings_for(path)
        included = path is not None and config.is_included(path)
        edit = None  # what changed since the engine and the encoder last saw the text
        if fmt is not None and not (path is not None and config.is_excluded(path)):
            edit = document.take_region()
            result = state.lint.lint(text, str(path) if path else None, settings, fmt=fmt,
                                     assume_schema=included, edit=edit)
            if not (included or self._is_active(state, result, path)):
                result = None
                state.encoder.forget_positions()  # the next edit starts from a text not encoded
        encoded = "[]"
        if result is not None and config.baseline is not None:
            from portlint import baseline

            loaded = baseline.cached(config.baseline)
            self._note_baseline(config.baseline, loaded.problem)
            result.findings = baseline.mark(result.findings, str(path), loaded.baseline)
        if result is not None:
            encoded = state.encoder.encode(result.findings, mapper, document.version,
                                           document.opened, edit)
        linted = Linted(document.uri, document.key, document.opened, document.version, text,
                        mapper, result, encoded, run=str(self._run), settings=settings,
                        as_schema=included)
        state.latest = linted
        return linted

    def _note_baseline(self, path: Path, problem: str | None) -> None:
        """A baseline that cannot be used is said once, when it becomes so (again after it was
        mended and broke anew), not at every lint."""
        if problem is None:
            self._baseline_problems.pop(path, None)
        elif self._baseline_problems.get(path) != problem:
            self._baseline_problems[path] = problem
            self._to_say.append(f"{problem}; no finding is shown as in the baseline until it "
                                "is mended (`portlint check` stops with this error)")

    def take_messages(self) -> list[str]:
        """What the lints since the last call have to tell the user, once."""
        messages, self._to_say = self._to_say, []
        return messages

    @staticmethod
    def _is_active(state: OpenDocument, result: LintResult, path: Path | None) -> bool:
        """Whether the document is linted: a tool-schema document, a server module with tools,
        or one of them that stopped parsing while it is edited — or one that does not parse and
        looks like one by its name or its start (:mod:`portlint.tool_signs`), as a directory
        search reports it: a tool list broken before its first lint (within the debounce of
        opening it) still shows its parse-error."""
        if reader_for(result.source.format).declares_tools_in_code and result.findings and not any(
                f.rule == "parse-error" for f in result.findings):
            state.tool_document = True  # a server module: keep it checked while typing
            return True
        parses = bool(result.source.documents) and not any(
            f.rule == "parse-error" for f in result.findings)
        if parses:
            state.tool_document = result.is_tool_document
            return state.tool_document
        if state.tool_document:
            return True
        from portlint.tool_signs import looks_like_tool_document

        return path is not None and looks_like_tool_document(path, result.source.text)
