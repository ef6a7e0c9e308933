"""Turning fix plans into minimal text edits that keep the document's syntax and style.

JSON stays JSON with its key order and its indentation (read off the lines being edited). YAML
stays YAML: a block mapping gets block lines at the right indentation, a flow collection gets flow
text, quoted keys stay quoted, and the document's line break (LF, CRLF or CR) is used for new
lines. Edits replace only what changes — a renamed key is one edit on the key, a wrapped array item
keeps its own text — so comments next to the change survive.
"""

from __future__ import annotations

import json
import re
from typing import Any

from portlint.fixes.ops import (
    EditOp,
    FixPlan,
    HoistItemMembers,
    InsertMember,
    RemoveMember,
    RenameKey,
    ReplaceMember,
    ReplaceValue,
    UnwrapSingleItem,
    WrapItems,
)
from portlint.model import Applicability, Fix, TextEdit
from portlint.source.document import ParsedDocument, ParsedSource
from portlint.source.located import LiteralNode, Located, Path
from portlint.source.text import line_break_of

_PLAIN = re.compile(r"[A-Za-z_$][A-Za-z0-9_$\-./]*\Z")
_YAML_RESERVED = frozenset(
    w.lower() for w in ("null", "true", "false", "yes", "no", "on", "off", "y", "n", "nan", "inf"))
_GAP_TO_VALUE = re.compile(r"[ \t]*:[ \t]*(?:\r\n|\r|\n)?[ \t]*(?:-[ \t]*)?\Z")
_BLOCK_GAP = re.compile(r"[ \t]*:[ \t]*(?:(?:\r\n|\r|\n)[ \t]*)+\Z")


def python_literal(value: Any) -> str:
    """A JSON value written as a Python literal (`True`, `None`, double-quoted strings)."""
    if value is True:
        return "True"
    if value is False:
        return "False"
    if value is None:
        return "None"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)}: {python_literal(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(python_literal(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


class Unplaceable(Exception):
    """A plan names a place the text does not have (it changed since the plan was made)."""


def yaml_scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _YAML_RESERVED:
        return text
    return json.dumps(text, ensure_ascii=False)


def yaml_flow(value: Any) -> str:
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{" + ", ".join(f"{yaml_scalar(k)}: {yaml_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_flow(v) for v in value) + "]"
    return yaml_scalar(value)


def yaml_block(value: Any, unit: str) -> list[str]:
    """Block-style lines for a non-empty mapping or sequence, indented from column 0."""
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{yaml_scalar(key)}:")
                lines.extend(unit + line for line in yaml_block(item, unit))
            else:
                lines.append(f"{yaml_scalar(key)}: {yaml_flow(item)}")
        return lines
    for item in value:
        if isinstance(item, dict) and item:
            inner = yaml_block(item, unit)
            lines.append("- " + inner[0])
            lines.extend("  " + line for line in inner[1:])
        else:
            lines.append("- " + yaml_flow(item))
    return lines


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))


def json_compact(value: Any) -> str:
    return _COMPACT.encode(value)


class Renderer:
    """Renders the plans of one document of one source."""

    def __init__(self, source: ParsedSource, document: ParsedDocument) -> None:
        self.text = source.text
        self.is_yaml = source.format == "yaml"
        self.is_python = source.format == "python"
        self.derived = source.format in ("python", "typescript")  # schemas built from code
        self.document = document
        self._newline: str | None = None
        self._unit: str | None = None

    # -- public ------------------------------------------------------------------------------

    def render(self, plan: FixPlan) -> Fix:
        if self.derived and plan.ops and not all(self._written(op.path) for op in plan.ops):
            # a derived schema has no text of its own to edit: the annotation that produced it
            # is the author's to change, and the fix is shown as advice
            return Fix(plan.title, Applicability.DISPLAY_ONLY, ())
        edits: list[TextEdit] = []
        for op in plan.ops:
            edits.extend(self._edits(op))
        edits.sort(key=lambda e: (e.start, e.end))
        return Fix(plan.title, plan.applicability, tuple(edits))

    # -- helpers -----------------------------------------------------------------------------

    def _written(self, path: Path) -> bool:
        """Whether the node an operation edits, and its parent, were written as literals (a
        Python dict literal): then the JSON edits apply to their text, in Python spelling."""
        located = self.document.locate(path)
        parent = self.document.locate(path[:-1]) if path else None
        return (located is not None and isinstance(located.node, LiteralNode)
                and (parent is None or isinstance(parent.node, LiteralNode)))

    def _at(self, path: Path) -> Located:
        located = self.document.locate(path)
        if located is None:
            raise Unplaceable(path)
        return located

    def _at_single_key(self, path: Path) -> Located:
        """The member at ``path``, for an edit that removes or renames its key — refused when the
        key occurs twice in its object (the earlier occurrence would take effect instead), or
        has no text of its own (YAML's empty key: its place says nothing about the member's)."""
        located = self._at(path)
        if located.key_span is not None and located.key_span[0] == located.key_span[1]:
            raise Unplaceable(path)  # a key with no text (YAML's empty key): nothing to edit
        if path and isinstance(path[-1], str):
            parent = self._at(path[:-1]).node
            if sum(1 for m in parent.members() if m.key == path[-1]) > 1:
                raise Unplaceable(path)
        return located

    def _line_start(self, offset: int) -> int:
        text = self.text
        i = offset
        while i > 0 and text[i - 1] not in "\r\n":
            i -= 1
        return i

    def _column(self, offset: int) -> int:
        return offset - self._line_start(offset)

    def _indent_of_line(self, offset: int) -> str:
        start = self._line_start(offset)
        end = start
        while end < len(self.text) and self.text[end] in " \t":
            end += 1
        return self.text[start:end]

    @property
    def newline(self) -> str:
        """The document's line break, for the lines a fix adds (read once, when needed)."""
        if self._newline is None:
            self._newline = line_break_of(self.text)
        return self._newline

    @property
    def unit(self) -> str:
        """The document's indentation step (two spaces when it cannot be told)."""
        if self._unit is None:
            widths = sorted({len(m.group(1)) for m in re.finditer(r"(?m)^( +)\S", self.text)})
            steps = [b - a for a, b in zip([0, *widths], widths, strict=False) if b > a]
            self._unit = " " * min(steps) if steps else "  "
        return self._unit

    def _is_flow(self, path: Path) -> bool:
        if not self.is_yaml:
            return True
        return self._at(path).node.flow

    def _key_text(self, key: str, like: tuple[int, int] | None) -> str:
        if not self.is_yaml:
            return json.dumps(key, ensure_ascii=False)
        if like is not None and self.text[like[0]:like[0] + 1] in ("'", '"'):
            return json.dumps(key, ensure_ascii=False)
        return yaml_scalar(key)

    def _inline(self, value: Any) -> str:
        if self.is_python:
            return python_literal(value)
        return yaml_flow(value) if self.is_yaml else json_compact(value)

    def _value_edit(self, path: Path, replacement: str) -> TextEdit:
        """Replace the value at ``path`` with single-line text, joining a YAML block value that
        started on the next line back onto its key's line."""
        located = self._at(path)
        start, end = located.span
        if self.is_yaml and located.key_span is not None:
            gap = self.text[located.key_span[1]:start]
            if "#" not in gap and _GAP_TO_VALUE.match(gap) and ("\n" in gap or "\r" in gap):
                return TextEdit(located.key_span[1], end, ": " + replacement)
            if start == end and self.text[start - 1:start] == ":":
                return TextEdit(start, end, " " + replacement)  # an empty value: `key:` is null
        return TextEdit(start, end, replacement)

    def _block_value(self, path: Path, value: Any) -> TextEdit | None:
        """A non-empty collection as YAML block lines in a block parent, or None."""
        if not self.is_yaml or not isinstance(value, (dict, list)) or not value or len(path) == 0:
            return None
        if self._is_flow(path[:-1]):
            return None
        located = self._at(path)
        if located.node.kind != "scalar" and located.node.flow:
            return None  # a flow collection is replaced in flow style
        if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value) \
                and len(self._inline(value)) <= 60:
            return None  # a short list of scalars reads best as `[a, b]`
        start, end = located.span
        nl = self.newline
        if located.key_span is not None:
            gap = self.text[located.key_span[1]:start]
            if "#" in gap or not (_GAP_TO_VALUE.match(gap) or _BLOCK_GAP.match(gap)):
                return None
            indent = self._indent_of_line(located.key_span[0])
            key_col = self._column(located.key_span[0])
            base = " " * key_col if key_col > len(indent) else indent
            lines = yaml_block(value, self.unit)
            if isinstance(value, list):
                body = nl.join(base + self.unit + line for line in lines)
            else:
                body = nl.join(base + self.unit + line for line in lines)
            return TextEdit(located.key_span[1], end, ":" + nl + body)
        if isinstance(value, dict):  # an item of a block sequence: a compact mapping
            column = " " * self._column(start)
            lines = yaml_block(value, self.unit)
            return TextEdit(start, end, (nl + column).join(lines))
        return None

    # -- operations ----------------------------------------------------------------------------

    def _edits(self, op: EditOp) -> list[TextEdit]:
        if isinstance(op, ReplaceValue):
            block = self._block_value(op.path, op.value)
            if block is not None:
                return [block]
            return [self._value_edit(op.path, self._inline(op.value))]
        if isinstance(op, RenameKey):
            located = self._at_single_key(op.path)
            if located.key_span is None:
                raise Unplaceable(op.path)
            return [TextEdit(*located.key_span, self._key_text(op.key, located.key_span))]
        if isinstance(op, WrapItems):
            array = self._at(op.path).node
            flow = not self.is_yaml or array.flow
            edits = []
            for item in array.items():
                inner = self.text[item.span[0]:item.span[1]]
                key = self._key_text(op.key, None)
                wrapped = f"{{{key}: {inner}}}" if flow else f"{key}: {inner}"
                edits.append(TextEdit(item.span[0], item.span[1], wrapped))
            return edits
        if isinstance(op, UnwrapSingleItem):
            items = self._at(op.path).node.items()
            if len(items) != 1:
                raise Unplaceable(op.path)
            item = items[0]
            return [self._value_edit(op.path, self.text[item.span[0]:item.span[1]])]
        if isinstance(op, ReplaceMember):
            return [self._replace_member(op)]
        if isinstance(op, InsertMember):
            return [self._insert_member(op)]
        if isinstance(op, RemoveMember):
            return [self._remove_member(op.path)]
        if isinstance(op, HoistItemMembers):
            return [self._hoist_item_members(op)]
        raise Unplaceable(())  # pragma: no cover - every operation is handled above

    def _replace_member(self, op: ReplaceMember) -> TextEdit:
        located = self._at_single_key(op.path)
        if located.key_span is None:
            raise Unplaceable(op.path)
        key_start = located.key_span[0]
        block = self._block_value(op.path, op.value)
        if block is not None:
            return TextEdit(key_start, block.end, self._key_text(op.key, located.key_span)
                            + block.content)
        separator = ": "
        return TextEdit(key_start, located.span[1],
                        self._key_text(op.key, located.key_span) + separator
                        + self._inline(op.value))

    def _insert_member(self, op: InsertMember) -> TextEdit:
        obj = self._at(op.path).node
        if obj.kind != "object":
            raise Unplaceable(op.path)
        key = self._key_text(op.key, None)
        if not self.is_yaml or obj.flow:
            members = obj.members()
            open_brace = obj.span[0]
            if not members:
                return TextEdit(obj.span[0], obj.span[1], "{" + f"{key}: {self._inline(op.value)}"
                                + "}")
            first = members[0].key_span[0]
            gap = self.text[open_brace + 1:first]
            if "\n" in gap or "\r" in gap:
                return TextEdit(first, first, f"{key}: {self._inline(op.value)},{gap}")
            return TextEdit(first, first, f"{key}: {self._inline(op.value)}, ")
        start = obj.span[0]
        column = " " * self._column(start)
        block = self._block_value_text(op.value, column)
        return TextEdit(start, start, f"{key}:{block}{self.newline}{column}")

    def _block_value_text(self, value: Any, column: str) -> str:
        if isinstance(value, (dict, list)) and value:
            lines = yaml_block(value, self.unit)
            return self.newline + self.newline.join(column + self.unit + line for line in lines)
        return " " + yaml_flow(value)

    def _hoist_item_members(self, op: HoistItemMembers) -> TextEdit:
        """The member at ``op.path`` becomes the members of its one item, each copied as
        written; in a YAML block, re-indented to the column of the member it replaces."""
        located = self._at(op.path)
        item = self._at((*op.path, 0)).node
        if located.key_span is None or item.kind != "object" or not item.members():
            raise Unplaceable(op.path)
        parent = self._at(op.path[:-1]).node
        start, end = located.key_span[0], located.span[1]
        text = self.text
        pieces = [text[m.key_span[0]:m.node.span[1]] for m in item.members()]
        if self.is_yaml and not parent.flow:
            column = self._column(start)
            shift = self._column(item.members()[0].key_span[0]) - column
            pieces = [_shift_lines(piece, shift) for piece in pieces]
            return TextEdit(start, end, (self.newline + " " * column).join(pieces))
        line_start = self._line_start(start)
        own_line = text[line_start:start].strip() == ""
        separator = ("," + self.newline + text[line_start:start]) if own_line else ", "
        return TextEdit(start, end, separator.join(pieces))

    def _remove_member(self, path: Path) -> TextEdit:
        located = self._at_single_key(path)
        if located.key_span is None:
            raise Unplaceable(path)
        parent = self._at(path[:-1]).node
        members = parent.members()
        index = next((i for i, m in enumerate(members) if m.key_span == located.key_span), None)
        if index is None:
            raise Unplaceable(path)
        text = self.text
        start, end = located.key_span[0], located.span[1]
        if self.is_yaml and not parent.flow:
            line_start = self._line_start(start)
            # only indentation before the key, or node properties (`&anchor`, `!tag`) of the key
            if all(word[0] in "&!" for word in text[line_start:start].split()):
                stop = end
                while stop < len(text) and text[stop] not in "\r\n":
                    stop += 1
                if text.startswith("\r\n", stop):
                    stop += 2
                elif stop < len(text):
                    stop += 1
                return TextEdit(line_start, stop, "")
            if index + 1 < len(members):
                return TextEdit(start, members[index + 1].key_span[0], "")
            return TextEdit(start, end, "")
        if index + 1 < len(members):
            return TextEdit(start, members[index + 1].key_span[0], "")
        if index > 0:
            previous_end = members[index - 1].node.span[1]
            return TextEdit(previous_end, end, "")
        inner_start = parent.span[0] + 1
        inner_end = parent.span[1] - 1
        return TextEdit(inner_start, inner_end, "")


def _shift_lines(piece: str, shift: int) -> str:
    """``piece`` with every line after the first moved ``shift`` columns left (right when
    negative), as a YAML block is when its parent moves."""
    lines = piece.splitlines(keepends=True)
    out = lines[:1]
    for line in lines[1:]:
        if shift > 0:
            lead = len(line) - len(line.lstrip(" "))
            out.append(line[min(shift, lead):])
        else:
            out.append(" " * -shift + line if line.strip() else line)
    return "".join(out)
