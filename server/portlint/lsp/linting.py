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
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types

from portlint.config import Config
from portlint.incremental import ToolCache
from portlint.linter import LintResult, lint_text
from portlint.lsp.convert import DiagnosticEncoder, from_json
from portlint.lsp.document import LspDocument
from portlint.lsp.positions import PositionMapper
from portlint.lsp.uris import uri_to_path
from portlint.readers import format_by_language, format_by_suffix, reader_for
from portlint.relint import RelintBase, relint_base, relint_edit
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
    def __init__(self) -> None:
        self._latest: dict[str, Linted] = {}
        self._bases: dict[str, tuple[RelintBase, Settings, bool]] = {}
        self._caches: dict[str, ToolCache] = {}
        self._encoders: dict[str, DiagnosticEncoder] = {}
        self._tool_documents: set[str] = set()
        self._generation = 0
        self._run = next(_RUN)

    def invalidate(self) -> None:
        """Settings changed: every result must be recomputed."""
        self._generation += 1
        self._latest.clear()

    def forget(self, key: str) -> None:
        """The document closed or was opened again: nothing of its past is kept."""
        self._latest.pop(key, None)
        self._bases.pop(key, None)
        self._caches.pop(key, None)
        self._encoders.pop(key, None)
        self._tool_documents.discard(key)

    def moved_on(self, key: str) -> None:
        """The document changed: its latest result is stale. Only the slim re-lint base is kept,
        so the old text and its parsed nodes are freed now rather than at the next lint."""
        self._latest.pop(key, None)

    def cached(self, document: LspDocument) -> Linted | None:
        """The lint of exactly this text of this open of the document, if there is one."""
        linted = self._latest.get(document.key)
        if (linted is not None and linted.version == document.version
                and linted.opened == document.opened and linted.text is document.source):
            return linted
        return None

    def lint(self, document: LspDocument, config: Config) -> Linted:
        """Lint the document's current version (or return the result already computed)."""
        cached = self.cached(document)
        if cached is not None:
            return cached
        key = document.key
        text = document.source
        mapper = document.mapper  # built once per text, shared with change handling
        fmt = document_format(document.uri, document.language_id)
        path = uri_to_path(document.uri)
        result: LintResult | None = None
        settings = config.settings_for(path)
        included = path is not None and config.is_included(path)
        if fmt is not None and not (path is not None and config.is_excluded(path)):
            region = document.take_region()
            base = self._bases.get(key)
            if (fmt == "json" and region is not None and base is not None
                    and base[1] == settings and base[2] == included):
                # an edit inside one tool: re-check only that tool
                result = relint_edit(base[0], text, region, settings)
            if result is None:
                cache = self._caches.setdefault(key, ToolCache())
                result = lint_text(text, str(path) if path else None, settings,
                                   fmt=fmt,
                                   assume_schema=included, cache=cache)
            relint = relint_base(result) if fmt == "json" else None
            if relint is not None:
                self._bases[key] = (relint, settings, included)
            else:
                self._bases.pop(key, None)
            if not (included or self._is_active(key, result)):
                result = None
            else:
                for parsed in result.source.documents:
                    parsed.forget_scans()
        encoded = "[]"
        if result is not None and config.baseline is not None:
            from portlint import baseline

            result.findings = baseline.mark(result.findings, str(path),
                                            baseline.cached(config.baseline))
        if result is not None:
            encoder = self._encoders.setdefault(key, DiagnosticEncoder())
            encoded = encoder.encode(result.findings, mapper, document.version, document.opened)
        linted = Linted(document.uri, key, document.opened, document.version, text, mapper,
                        result, encoded, run=str(self._run), settings=settings,
                        as_schema=included)
        self._latest[key] = linted
        return linted

    def _is_active(self, uri: str, result: LintResult) -> bool:
        if reader_for(result.source.format).declares_tools_in_code and result.findings and not any(
                f.rule == "parse-error" for f in result.findings):
            self._tool_documents.add(uri)  # a server module: keep it checked while typing
            return True
        parses = bool(result.source.documents) and not any(
            f.rule == "parse-error" for f in result.findings)
        if parses:
            if result.is_tool_document:
                self._tool_documents.add(uri)
                return True
            self._tool_documents.discard(uri)
            return False
        return uri in self._tool_documents
