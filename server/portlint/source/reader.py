"""Choosing a reader for a text and applying the size limits."""

from __future__ import annotations

import os
from typing import NamedTuple

from portlint.source.document import Format, ParsedDocument, ParsedSource
from portlint.source.json_reader import read_json
from portlint.source.problems import SourceProblem

JSON_SUFFIXES = frozenset((".json", ".jsonc", ".json5", ".snap", ".har"))
YAML_SUFFIXES = frozenset((".yaml", ".yml"))
PYTHON_SUFFIXES = (".py", ".pyi")
TYPESCRIPT_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs")


class Limits(NamedTuple):
    """Bounds that keep hostile input cheap. Both are configurable (``[tool.portlint.limits]``)."""

    max_document_chars: int = 10_000_000
    max_alias_nodes: int = 100_000


def format_by_suffix(name: str) -> Format | None:
    """The format a file name's suffix says (None when it says nothing portlint reads)."""
    suffix = os.path.splitext(name)[1].lower()
    if suffix in JSON_SUFFIXES:
        return "json"
    if suffix in YAML_SUFFIXES:
        return "yaml"
    if suffix in PYTHON_SUFFIXES:
        return "python"
    if suffix in TYPESCRIPT_SUFFIXES:
        return "typescript"
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
    limits = limits or Limits()
    if len(text) > limits.max_document_chars:
        source = ParsedSource(text, fmt)
        source.problems.append(SourceProblem(
            "document-too-large",
            f"The document has {len(text):,} characters, more than the limit of "
            f"{limits.max_document_chars:,}; it was not linted",
            "Split the tools over several files, or raise `max-document-chars` in the "
            "configuration.", (0, min(1, len(text)))))
        return source
    if fmt == "json":
        return read_json(text)
    if fmt == "python":
        from pathlib import Path

        from portlint.python.reader import read_python  # only Python files need the analyser

        return read_python(text, Path(filename) if filename else None)
    if fmt == "typescript":
        from pathlib import Path

        from portlint.typescript.reader import read_typescript  # only TS files need tree-sitter

        return read_typescript(text, Path(filename) if filename else None)
    from portlint.source.yaml_reader import YamlLimits, read_yaml  # only YAML needs PyYAML

    documents, problems = read_yaml(text, YamlLimits(limits.max_alias_nodes))
    source = ParsedSource(text, "yaml", problems=problems)
    source.documents.extend(ParsedDocument(d.value, d.root, d.index) for d in documents)
    return source
