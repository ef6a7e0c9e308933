"""The editor's incremental lint: one :class:`DocumentLint` per open document, its one entry
point :meth:`DocumentLint.lint`.

The editor lints on every keystroke. Each version is linted the cheapest way that gives exactly
what a full lint gives (the tests compare them, edit after edit):

1. an edit inside one tool of a JSON document: only that tool is parsed and checked again,
   everything else is moved by the length difference (:mod:`portlint.incremental.edits`);
2. otherwise the whole text is read, and each tool whose text did not change is answered from
   the per-tool cache (:mod:`portlint.incremental.tool_cache`), which wraps the pipeline's
   :func:`~portlint.linter.check_tool` from outside;
3. for formats whose tools do not stand alone (YAML, Python), a plain full lint.

The pipeline knows nothing of this package; the language server knows only this entry point.
The memory a lint leaves behind is this package's to manage: a kept result holds its text and
values, not the positions its placement scanned.
"""

from __future__ import annotations

from portlint.incremental.edits import EditBase, LintedVersion, edit_base, lint_edit
from portlint.incremental.tool_cache import ToolCache
from portlint.linter import LintResult
from portlint.settings import Settings
from portlint.source.document import Format

Region = tuple[int, int, int]
"""What an edit changed: the old text's ``[start, old_end)`` became ``[start, new_end)``."""


class DocumentLint:
    """The lint state of one open document: the per-tool cache of its last text and the base
    an edit of it can start from."""

    __slots__ = ("_base", "cache")

    def __init__(self) -> None:
        self.cache = ToolCache()
        self._base: tuple[EditBase, Settings, bool] | None = None

    def lint(self, text: str, filename: str | None, settings: Settings, *, fmt: Format,
             assume_schema: bool, edit: Region | None) -> LintResult:
        """The lint of the document's new ``text``; ``edit``: what changed since the text
        linted last (None: unknown)."""
        version: LintedVersion | None = None
        base = self._base
        if (edit is not None and base is not None and base[1] == settings
                and base[2] == assume_schema):
            version = lint_edit(base[0], text, edit, settings)  # an edit inside one tool
        if version is None:
            result = self.cache.lint(text, filename, settings, fmt=fmt,
                                     assume_schema=assume_schema)
            version = LintedVersion(result, self.cache.tool_spans)
        following = edit_base(version)
        self._base = None if following is None else (following, settings, assume_schema)
        for document in version.result.source.documents:
            document.forget_scans()  # positions are found again when an action asks
        return version.result
