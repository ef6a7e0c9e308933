"""A parsed source file: its documents (values with located trees) and its syntax problems."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, cast

from portlint.source.json_lazy import LazyJsonNode
from portlint.source.located import Located, Node, Path, locate
from portlint.source.problems import SourceProblem

Format = Literal["json", "yaml", "python", "typescript"]


_UNKNOWN = object()


class ParsedDocument:
    """One document of a file (JSON files have one; YAML streams may have several)."""

    __slots__ = ("_located", "fallback_root", "hints", "index", "root", "value")

    def __init__(self, value: Any, root: Node, index: int = 0,
                 fallback_root: Callable[[], Node] | None = None,
                 hints: dict[Path, Node] | None = None) -> None:
        self.value = value
        self.root = root
        self.index = index
        self.fallback_root = fallback_root
        self.hints = hints  # nodes already known to sit at these paths
        # paths located so far: a finding's range and its fix usually ask for the same place
        self._located: dict[Path, Located | None] = {}

    def forget_scans(self) -> None:
        """Let the positions found so far go (a lazily scanned JSON tree is scanned again when
        asked). The editor keeps a document's result while it is open; its placement scans
        are not worth the memory."""
        if isinstance(self.root, LazyJsonNode):
            self.root.forget(())
            self.hints = None
        self._located = {}

    def forget_scans_under(self, path: Path) -> None:
        """Let the positions found below ``path`` go — a tool's, once its findings are placed —
        so a large document's placement scans do not pile up while it is linted."""
        if not self._located:
            return  # nothing was located since the last time: nothing was scanned
        self._located = {}
        if isinstance(self.root, LazyJsonNode):
            self.root.forget(path)

    def locate(self, path: Path) -> Located | None:
        try:
            found = self._located.get(path, _UNKNOWN)
        except TypeError:  # a path that cannot be a key (a list inside): not remembered
            return self._locate(path)
        if found is _UNKNOWN:
            found = self._located[path] = self._locate(path)
        return cast("Located | None", found)

    def _locate(self, path: Path) -> Located | None:
        if self.hints:
            for prefix, node in self.hints.items():
                if path[:len(prefix)] == prefix and len(path) > len(prefix):
                    return locate(node, path[len(prefix):])
        try:
            return locate(self.root, path)
        except RecursionError:
            # a lazily scanned value too deep for the C scanner: switch to the eager tree
            if self.fallback_root is None:
                raise
            self.root = self.fallback_root()
            self.fallback_root = None
            return locate(self.root, path)


class ParsedSource:
    __slots__ = ("documents", "format", "problems", "text")

    def __init__(self, text: str, format: Format, documents: list[ParsedDocument] | None = None,
                 problems: list[SourceProblem] | None = None) -> None:
        self.text = text
        self.format = format
        self.documents: list[ParsedDocument] = documents if documents is not None else []
        self.problems: list[SourceProblem] = problems if problems is not None else []
