"""A parsed source file: its documents (values with located trees) and its syntax problems."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from portlint.source.located import Located, Node, Path, locate
from portlint.source.problems import SourceProblem

Format = Literal["json", "yaml"]


@dataclass(eq=False)
class ParsedDocument:
    """One document of a file (JSON files have one; YAML streams may have several)."""

    value: Any
    root: Node
    index: int = 0
    fallback_root: Callable[[], Node] | None = None

    def locate(self, path: Path) -> Located | None:
        try:
            return locate(self.root, path)
        except RecursionError:
            # a lazily scanned value too deep for the C scanner: switch to the eager tree
            if self.fallback_root is None:
                raise
            self.root = self.fallback_root()
            self.fallback_root = None
            return locate(self.root, path)


@dataclass(eq=False)
class ParsedSource:
    text: str
    format: Format
    documents: list[ParsedDocument] = field(default_factory=list)
    problems: list[SourceProblem] = field(default_factory=list)
