"""Where things are: the node under the cursor, the place a client's error path names, and the
outline of tools, schemas and properties."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from portlint.linter import LintResult
from portlint.lsp.positions import PositionMapper
from portlint.paths import display_path, json_pointer
from portlint.placement import owning_root, owning_tool
from portlint.shapes import SchemaRoot, Shape
from portlint.source.document import ParsedDocument
from portlint.source.located import Located, Node, Path, Span


@dataclass(frozen=True)
class NodeAt:
    document: ParsedDocument
    shape: Shape
    path: Path
    span: Span  # the key or value under the cursor


def _contains(span: Span, offset: int) -> bool:
    return span[0] <= offset <= span[1]


def node_at(result: LintResult, offset: int) -> NodeAt | None:
    """The deepest key or value whose text contains ``offset``."""
    for document, shape in zip(result.source.documents, result.shapes, strict=False):
        node: Node = document.root
        if not _contains(node.span, offset):
            continue
        path: list[str | int] = []
        span = node.span
        while True:
            step: tuple[str | int, Node, Span, bool] | None = None  # ..., on the key?
            if node.kind == "object":
                for member in node.members():
                    if _contains(member.key_span, offset):
                        step = (member.key, member.node, member.key_span, True)
                        break
                    if _contains(member.node.span, offset):
                        step = (member.key, member.node, member.node.span, False)
                        break
            elif node.kind == "array":
                for i, item in enumerate(node.items()):
                    if _contains(item.span, offset):
                        step = (i, item, item.span, False)
                        break
            if step is None:
                return NodeAt(document, shape, tuple(path), span)
            segment, node, span, on_key = step
            path.append(segment)
            if on_key:  # the cursor is on a key: stop at that member
                return NodeAt(document, shape, tuple(path), span)
    return None


def describe(shape: Shape, path: Path) -> str:
    """``tools[3] get_temp › outputSchema.properties.data`` (or the plain path)."""
    tool = owning_tool(shape, path)
    if tool is not None:
        rest = display_path(path[len(tool.path):]) or "(the tool)"
        return f"{tool.label} › {rest}"
    return display_path(path) or "(document root)"


def hover_markdown(at: NodeAt, rule_docs: list[str]) -> str:
    lines = [f"**{describe(at.shape, at.path)}**", "", f"JSON pointer: `{json_pointer(at.path)}`"]
    root = owning_root(at.shape, at.path)
    if root is not None:
        role = {"input": "input schema", "output": "output schema", "bare": "schema"}[root.role]
        lines.append(f"In the {role}" + (f" of `{root.tool.name}`" if root.tool and
                                         root.tool.name else ""))
    for doc in rule_docs:
        lines.extend(["", "---", "", doc])
    return "\n".join(lines)


def _resolve(document: ParsedDocument, path: Path) -> Located | None:
    """Follow a path, reading ``7`` and ``"7"`` as whichever the container needs."""
    node = document.root
    located: Located | None = Located(node, None)
    for segment in path:
        assert located is not None
        node = located.node
        if node.kind == "array":
            try:
                index = int(segment)
            except ValueError:
                return None
            item = node.item(index)
            if item is None:
                return None
            located = Located(item, None)
        elif node.kind == "object":
            member = node.member(str(segment))
            if member is None:
                return None
            located = Located(member.node, member.key_span)
        else:
            return None
    return located


def reveal(result: LintResult, path: Path) -> tuple[Span, ParsedDocument] | None:
    """The place a path names. Client errors count from the tools list
    (``["tools", 7, ...]``); the document may wrap it in a JSON-RPC ``result``, be a bare array
    of tools, or be one tool — each reading is tried."""
    candidates: list[Path] = [path, ("result", *path)]
    if path and path[0] == "tools":
        candidates.append(path[1:])
        if len(path) > 1:
            candidates.append(path[2:])
    for document in result.source.documents:
        for candidate in candidates:
            located = _resolve(document, candidate)
            if located is not None and (candidate or not path):
                return (located.key_span or located.span), document
    return None


def _schema_children(value: Any, path: Path, document: ParsedDocument, mapper: PositionMapper,
                     depth: int) -> list[types.DocumentSymbol]:
    if depth > 6 or not isinstance(value, dict):
        return []
    properties = value.get("properties")
    if not isinstance(properties, dict):
        return []
    out: list[types.DocumentSymbol] = []
    for name, sub in properties.items():
        located = document.locate((*path, "properties", name))
        if located is None:
            continue
        detail = ""
        if isinstance(sub, dict) and isinstance(sub.get("type"), str):
            detail = sub["type"]
        children = _schema_children(sub, (*path, "properties", name), document, mapper, depth + 1)
        out.append(types.DocumentSymbol(
            name=name, kind=types.SymbolKind.Property, detail=detail,
            range=mapper.range(located.key_span[0] if located.key_span else located.span[0],
                               located.span[1]),
            selection_range=mapper.range(*(located.key_span or located.span)),
            children=children or None))
    return out


def document_symbols(result: LintResult, mapper: PositionMapper) -> list[types.DocumentSymbol]:
    """Tools → input/output schemas → properties (nested properties under them)."""
    symbols: list[types.DocumentSymbol] = []
    for document, shape in zip(result.source.documents, result.shapes, strict=False):
        by_tool: dict[Path, list[SchemaRoot]] = {}
        bare: list[SchemaRoot] = []
        for root in shape.roots:
            if root.tool is None:
                bare.append(root)
            else:
                by_tool.setdefault(root.tool.path, []).append(root)
        for tool in shape.tools:
            located = document.locate(tool.path)
            if located is None:
                continue
            children = [_root_symbol(root, document, mapper) for root in by_tool.get(tool.path, [])]
            name_at = document.locate((*tool.path, "name"))
            selection = name_at.span if name_at is not None else located.span
            symbols.append(types.DocumentSymbol(
                name=tool.name or tool.label, kind=types.SymbolKind.Function,
                detail=display_path(tool.path), range=mapper.range(*located.span),
                selection_range=mapper.range(*selection),
                children=[c for c in children if c is not None] or None))
        for root in bare:
            symbol = _root_symbol(root, document, mapper)
            if symbol is not None:
                symbols.append(symbol)
    return symbols


def _root_symbol(root: SchemaRoot, document: ParsedDocument, mapper: PositionMapper
                 ) -> types.DocumentSymbol | None:
    located = document.locate(root.path)
    if located is None:
        return None
    name = str(root.path[-1]) if root.path else "schema"
    start = located.key_span[0] if located.key_span else located.span[0]
    return types.DocumentSymbol(
        name=name, kind=types.SymbolKind.Object, detail=f"{root.role} schema",
        range=mapper.range(start, located.span[1]),
        selection_range=mapper.range(*(located.key_span or located.span)),
        children=_schema_children(root.value, root.path, document, mapper, 0) or None)
