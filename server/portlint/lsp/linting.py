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
from urllib.parse import unquote, urlparse

from lsprotocol import types

from portlint.config import Config
from portlint.incremental import ToolCache
from portlint.linter import LintResult, lint_text
from portlint.lsp.convert import DiagnosticEncoder, from_json
from portlint.lsp.document import LspDocument
from portlint.lsp.positions import PositionMapper
from portlint.relint import RelintBase, relint_base, relint_edit
from portlint.settings import Settings
from portlint.source.document import Format
from portlint.source.reader import format_by_suffix

_LANGUAGES: dict[str, Format] = {"json": "json", "jsonc": "json", "yaml": "yaml",
                                 "json5": "json", "python": "python",
                                 "typescript": "typescript", "javascript": "typescript"}
_RUN = itertools.count(1)


def uri_to_path(uri: str) -> Path | None:
    parsed = urlparse(uri)
    if parsed.scheme not in ("file", ""):
        return None
    return Path(unquote(parsed.path))


def document_format(uri: str, language_id: str | None) -> Format | None:
    """``json``, ``yaml`` or ``python`` for documents portlint reads, else None."""
    return format_by_suffix(urlparse(uri).path) or _LANGUAGES.get(language_id or "")


@dataclass(eq=False)
class Linted:
    """One document version's lint: what was published for it and what actions read."""

    uri: str
    version: int | None
    text: str
    mapper: PositionMapper
    result: LintResult | None  # None: the document is not linted
    encoded: str = "[]"  # its diagnostics, as the JSON array the server sends
    run: str = ""  # distinguishes results across server runs and settings generations
    settings: Settings | None = None  # what it was linted with (an edit may start from it)
    as_schema: bool = False

    @cached_property
    def diagnostics(self) -> list[types.Diagnostic]:
        """The diagnostics as objects (built only when a code action needs to match one)."""
        return [from_json(item) for item in json.loads(self.encoded)]

    @cached_property
    def result_id(self) -> str:
        """Identifies what was reported, for pull clients (computed only when one asks)."""
        digest = hashlib.blake2b(repr(self.result.findings if self.result else ()).encode(),
                                 digest_size=8).hexdigest()
        return f"{self.run}.{self.version}.{digest}"


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

    def forget(self, uri: str) -> None:
        self._latest.pop(uri, None)
        self._bases.pop(uri, None)
        self._caches.pop(uri, None)
        self._encoders.pop(uri, None)
        self._tool_documents.discard(uri)

    def moved_on(self, uri: str) -> None:
        """The document changed: its latest result is stale. Only the slim re-lint base is kept,
        so the old text and its parsed nodes are freed now rather than at the next lint."""
        self._latest.pop(uri, None)

    def cached(self, uri: str, version: int | None) -> Linted | None:
        linted = self._latest.get(uri)
        if linted is not None and linted.version == version:
            return linted
        return None

    def latest(self, uri: str) -> Linted | None:
        return self._latest.get(uri)

    def lint(self, document: LspDocument, config: Config) -> Linted:
        """Lint the document's current version (or return the result already computed)."""
        cached = self.cached(document.uri, document.version)
        if cached is not None and cached.text is document.source:
            return cached
        text = document.source
        mapper = document.mapper  # built once per text, shared with change handling
        fmt = document_format(document.uri, document.language_id)
        path = uri_to_path(document.uri)
        result: LintResult | None = None
        settings = config.settings_for(path)
        included = path is not None and config.is_included(path)
        if fmt is not None and not (path is not None and config.is_excluded(path)):
            region = document.take_region()
            base = self._bases.get(document.uri)
            if (fmt == "json" and region is not None and base is not None
                    and base[1] == settings and base[2] == included):
                # an edit inside one tool: re-check only that tool
                result = relint_edit(base[0], text, region, settings)
            if result is None:
                cache = self._caches.setdefault(document.uri, ToolCache())
                result = lint_text(text, str(path) if path else None, settings,
                                   fmt=fmt,
                                   assume_schema=included, cache=cache)
            relint = relint_base(result) if fmt == "json" else None
            if relint is not None:
                self._bases[document.uri] = (relint, settings, included)
            else:
                self._bases.pop(document.uri, None)
            if not (included or self._is_active(document.uri, result)):
                result = None
            else:
                for parsed in result.source.documents:
                    parsed.forget_scans()
        encoded = "[]"
        if result is not None:
            encoder = self._encoders.setdefault(document.uri, DiagnosticEncoder())
            encoded = encoder.encode(result.findings, mapper, document.version)
        linted = Linted(document.uri, document.version, text, mapper, result, encoded,
                        run=str(self._run), settings=settings, as_schema=included)
        self._latest[document.uri] = linted
        return linted

    def _is_active(self, uri: str, result: LintResult) -> bool:
        if result.source.format in ("python", "typescript") and result.findings and not any(
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
