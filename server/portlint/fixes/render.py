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
from collections.abc import Callable

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
    reshaped,
)
from portlint.model import Applicability, Fix, TextEdit
from portlint.readers import reader_for
from portlint.source.document import ParsedDocument, ParsedSource
from portlint.source.located import LiteralNode, Located, Node, Path
from portlint.source.text import LineIndex, line_break_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_PLAIN = re.compile(r"[A-Za-z_$][A-Za-z0-9_$\-./]*\Z")
_YAML_RESERVED = frozenset(
    w.lower() for w in ("null", "true", "false", "yes", "no", "on", "off", "y", "n", "nan", "inf"))
_GAP_TO_VALUE = re.compile(r"[ \t]*:[ \t]*(?:\r\n|\r|\n)?[ \t]*(?:-[ \t]*)?\Z")
_BLOCK_GAP = re.compile(r"[ \t]*:[ \t]*(?:(?:\r\n|\r|\n)[ \t]*)+\Z")


# The value writers come from portlint.source.numbers, imported when a value is first written:
# `portlint check` on a clean file never writes one, and does not pay for the import.


def _python_scalar(value: Any) -> str:
    from portlint.source.numbers import json_scalar

    if value is True:
        return "True"
    if value is False:
        return "False"
    if value is None:
        return "None"
    return json_scalar(value)  # strings and numbers are spelled alike (NotWritable: inf/nan)


def python_literal(value: Any) -> str:
    """A JSON value written as a Python literal (`True`, `None`, double-quoted strings)."""
    from portlint.source.numbers import json_key, write_flow

    return write_flow(value, _python_scalar, json_key)


_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")


def _typescript_key(key: Any) -> str:
    """A property name as a TypeScript object literal writes it: bare when it is an
    identifier, else a double-quoted string."""
    from portlint.source.numbers import json_key

    text = str(key)
    return text if _IDENTIFIER.match(text) else json_key(text)


def typescript_literal(value: Any) -> str:
    """A JSON value written as a TypeScript object literal in the common style:
    `{ anyOf: [{ type: "string" }, { type: "null" }] }`."""
    from portlint.source.numbers import json_scalar, write_flow

    return write_flow(value, json_scalar, _typescript_key, brackets=("{ ", " }", "[", "]"))


class Unplaceable(Exception):
    """A plan names a place the text does not have (it changed since the plan was made), or a
    value the text cannot spell exactly."""


def yaml_scalar(value: Any) -> str:
    from portlint.source.numbers import IntegerLiteral, json_scalar

    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, IntegerLiteral):
        return value.text
    if isinstance(value, float) and value - value != 0:  # infinite or NaN
        import math  # only for such a value: `portlint check` does not load it otherwise

        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, (int, float)):
        return json_scalar(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _YAML_RESERVED:
        return text
    return json.dumps(text, ensure_ascii=False)


def yaml_flow(value: Any) -> str:
    from portlint.source.numbers import write_flow

    return write_flow(value, yaml_scalar, yaml_scalar)


BLOCK_DEPTH = 32
"""A value nested deeper is written in flow style: block lines indent once per level, so a deep
value in block style would take text quadratic in its depth."""


def yaml_block(value: Any, unit: str) -> list[str]:
    """Block-style lines for a non-empty mapping or sequence, indented from column 0 (written
    with an explicit stack; callers keep it to values at most :data:`BLOCK_DEPTH` deep)."""
    lines: list[str] = []
    # (collection, next entry, prefix of its first line, prefix of its other lines)
    work: list[tuple[Any, int, str, str]] = [(value, 0, "", "")]
    while work:
        item, start, first, indent = work.pop()
        entries = list(item.items()) if isinstance(item, dict) else item
        for i in range(start, len(entries)):
            lead = first if i == 0 else indent
            if isinstance(item, dict):
                key, member = entries[i]
                if isinstance(member, (dict, list)) and member:
                    lines.append(f"{lead}{yaml_scalar(key)}:")
                    work.append((item, i + 1, first, indent))
                    work.append((member, 0, indent + unit, indent + unit))
                    break
                lines.append(f"{lead}{yaml_scalar(key)}: {yaml_flow(member)}")
            else:
                entry = entries[i]
                if isinstance(entry, dict) and entry:
                    work.append((item, i + 1, first, indent))
                    work.append((entry, 0, lead + "- ", indent + "  "))
                    break
                lines.append(f"{lead}- {yaml_flow(entry)}")
    return lines


def json_compact(value: Any) -> str:
    from portlint.source.numbers import json_text

    return json_text(value)


class TextStyle:
    """What fixes read off a whole text — its line break, its indentation step, where its lines
    start — read once per text, however many documents (a YAML stream) and fixes it has."""

    __slots__ = ("_lines", "_newline", "_unit", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._newline: str | None = None
        self._unit: str | None = None
        self._lines: LineIndex | None = None

    @property
    def newline(self) -> str:
        if self._newline is None:
            self._newline = line_break_of(self.text)
        return self._newline

    @property
    def unit(self) -> str:
        if self._unit is None:
            widths = sorted({len(m.group(1)) for m in re.finditer(r"(?m)^( +)\S", self.text)})
            steps = [b - a for a, b in zip([0, *widths], widths, strict=False) if b > a]
            self._unit = " " * min(steps) if steps else "  "
        return self._unit

    def line_start(self, offset: int) -> int:
        """Where the line holding ``offset`` starts (a line index: a long line is not scanned
        back on every fix)."""
        if self._lines is None:
            self._lines = LineIndex(self.text)
        _, column = self._lines.position(offset)
        return offset - column


def _locator(document: ParsedDocument) -> Callable[[Path], Located]:
    """The place of a path in ``document``; a place the text lacks is :class:`Unplaceable`."""
    def at(path: Path) -> Located:
        located = document.locate(path)
        if located is None:
            raise Unplaceable(path)
        return located
    return at


class Renderer:
    """Renders the plans of one document of one source: finds the places the plans name and
    leaves how the text is spelled to the source format's writer (:func:`writer_for`), chosen
    once here."""

    def __init__(self, source: ParsedSource, document: ParsedDocument,
                 style: TextStyle | None = None) -> None:
        self.text = source.text
        # schemas built from code (a server module), not written as a document
        self.derived = reader_for(source.format).declares_tools_in_code
        self.document = document
        self.style = style if style is not None and style.text is source.text else (
            TextStyle(source.text))
        # the writer gets a locator that knows the document, not this renderer: a renderer
        # and its writer referring to each other would be a cycle only the cyclic collector
        # frees, and the editor lints with it paused (every version's text would stay)
        self._at = _locator(document)
        self.writer = writer_for(source.format)(self.text, self.style, self._at)
        # per object node: how often each key occurs, and where each member is (an object
        # with thousands of members fixed one by one is not counted again for each)
        self._members: dict[int, tuple[Node, dict[str, int], dict[tuple[int, int], int]]] = {}

    # -- public ------------------------------------------------------------------------------

    def render(self, plan: FixPlan) -> Fix:
        if self.derived and plan.ops and not all(self._written(op) for op in plan.ops):
            # a derived schema has no text of its own to edit: the annotation that produced it
            # is the author's to change, and the fix is shown as advice
            return Fix(plan.title, Applicability.DISPLAY_ONLY, ())
        from portlint.source.numbers import NotWritable

        edits: list[TextEdit] = []
        try:
            for op in plan.ops:
                edits.extend(self._edits(op))
        except NotWritable as error:  # e.g. a non-finite number JSON cannot spell
            raise Unplaceable(()) from error
        edits.sort(key=lambda e: (e.start, e.end))
        reshapes = tuple(dict.fromkeys(
            path for path in map(reshaped, plan.ops) if path is not None))
        return Fix(plan.title, plan.applicability, tuple(edits), reshapes)

    # -- helpers -----------------------------------------------------------------------------

    def _written(self, op: EditOp) -> bool:
        """Whether the text an operation edits was written as a literal (a Python dict literal):
        the value it replaces, or the object whose members it adds, removes or renames and the
        member. Then the JSON edits apply to that text, in Python spelling; where the object
        holding a literal was built by code (`Tool(inputSchema={...})`), members are added to
        the literal all the same."""
        owner = reshaped(op)
        for path in (op.path,) if owner is None else (op.path, owner):
            located = self.document.locate(path)
            if located is None or not isinstance(located.node, LiteralNode):
                return False
        return True

    def _at_single_key(self, path: Path) -> Located:
        """The member at ``path``, for an edit that removes or renames its key — refused when the
        key occurs twice in its object (the earlier occurrence would take effect instead), or
        has no text of its own (YAML's empty key: its place says nothing about the member's)."""
        located = self._at(path)
        if located.key_span is not None and located.key_span[0] == located.key_span[1]:
            raise Unplaceable(path)  # a key with no text (YAML's empty key): nothing to edit
        if path and isinstance(path[-1], str):
            parent = self._at(path[:-1]).node
            if self._member_table(parent)[0].get(path[-1], 0) > 1:
                raise Unplaceable(path)
        return located

    def _member_table(self, node: Node) -> tuple[dict[str, int], dict[tuple[int, int], int]]:
        """How often each key occurs in an object node, and each member's index by its key's
        place (built once per node; the node is kept with its table, so an id is never taken
        for another node's)."""
        entry = self._members.get(id(node))
        if entry is None or entry[0] is not node:
            counts: dict[str, int] = {}
            places: dict[tuple[int, int], int] = {}
            for i, member in enumerate(node.members()):
                counts[member.key] = counts.get(member.key, 0) + 1
                places.setdefault(member.key_span, i)
            entry = self._members[id(node)] = (node, counts, places)
        return entry[1], entry[2]

    # -- operations ----------------------------------------------------------------------------

    def _edits(self, op: EditOp) -> list[TextEdit]:
        writer = self.writer
        if isinstance(op, ReplaceValue):
            block = writer.block_value(op.path, op.value)
            if block is not None:
                return [block]
            return [writer.value_edit(op.path, writer.inline(op.value))]
        if isinstance(op, RenameKey):
            located = self._at_single_key(op.path)
            if located.key_span is None:
                raise Unplaceable(op.path)
            return [TextEdit(*located.key_span, writer.key_text(op.key, located.key_span))]
        if isinstance(op, WrapItems):
            array = self._at(op.path).node
            key = writer.key_text(op.key, None)
            return [TextEdit(item.span[0], item.span[1],
                             writer.wrapped(array, key, self.text[item.span[0]:item.span[1]]))
                    for item in array.items()]
        if isinstance(op, UnwrapSingleItem):
            items = self._at(op.path).node.items()
            if len(items) != 1:
                raise Unplaceable(op.path)
            item = items[0]
            return [writer.value_edit(op.path, self.text[item.span[0]:item.span[1]])]
        if isinstance(op, ReplaceMember):
            return [self._replace_member(op)]
        if isinstance(op, InsertMember):
            obj = self._at(op.path).node
            if obj.kind != "object":
                raise Unplaceable(op.path)
            return [writer.insert_member(obj, writer.key_text(op.key, None), op.value)]
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
        key = self.writer.key_text(op.key, located.key_span)
        block = self.writer.block_value(op.path, op.value)
        if block is not None:
            return TextEdit(key_start, block.end, key + block.content)
        return TextEdit(key_start, located.span[1], key + ": " + self.writer.inline(op.value))

    def _hoist_item_members(self, op: HoistItemMembers) -> TextEdit:
        """The member at ``op.path`` becomes the members of its one item, each copied as
        written (the writer joins them in its syntax)."""
        located = self._at(op.path)
        item = self._at((*op.path, 0)).node
        if located.key_span is None or item.kind != "object" or not item.members():
            raise Unplaceable(op.path)
        try:
            keys = set(_value_at(self.document.value, (*op.path, 0)))
        except (KeyError, IndexError, TypeError):
            raise Unplaceable(op.path) from None
        if {m.key for m in item.members()} != keys:
            # members it has from elsewhere (a YAML merge key): its own text does not hold them
            raise Unplaceable(op.path)
        parent = self._at(op.path[:-1]).node
        return self.writer.hoisted(located, item, parent)

    def _remove_member(self, path: Path) -> TextEdit:
        located = self._at_single_key(path)
        if located.key_span is None:
            raise Unplaceable(path)
        parent = self._at(path[:-1]).node
        index = self._member_table(parent)[1].get(located.key_span)
        if index is None:
            raise Unplaceable(path)
        return self.writer.removal(located, parent, index)


class JsonWriter:
    """How a fix is spelled in JSON (and in any text written as JSON literals): every collection
    is flow text, keys are double-quoted, values compact."""

    def __init__(self, text: str, style: TextStyle, at: Callable[[Path], Located]) -> None:
        self.text = text
        self.style = style
        self.at = at  # the renderer's locator: a place the text lacks is Unplaceable

    def key_text(self, key: str, like: tuple[int, int] | None) -> str:
        """A key as written; ``like``: the place of the key it replaces, when there is one."""
        return json.dumps(key, ensure_ascii=False)

    def inline(self, value: Any) -> str:
        """A value as single-line text."""
        return json_compact(value)

    def quoted(self, key_span: tuple[int, int] | None) -> bool:
        """Whether the key written at ``key_span`` (None: no key) is a quoted string."""
        return key_span is not None and self.text[key_span[0]:key_span[0] + 1] in ("'", '"')

    def is_flow(self, node: Node) -> bool:
        return True

    def value_edit(self, path: Path, replacement: str) -> TextEdit:
        """Replace the value at ``path`` with single-line text."""
        start, end = self.at(path).span
        return TextEdit(start, end, replacement)

    def block_value(self, path: Path, value: Any) -> TextEdit | None:
        """The value as block lines, where the syntax has them; None for single-line text."""
        return None

    def wrapped(self, array: Node, key: str, inner: str) -> str:
        """An item's text wrapped into a one-member object."""
        return f"{{{key}: {inner}}}" if self.is_flow(array) else f"{key}: {inner}"

    def insert_member(self, obj: Node, key: str, value: Any) -> TextEdit:
        """A new first member of an object, in flow text."""
        members = obj.members()
        open_brace = obj.span[0]
        if not members:
            return TextEdit(obj.span[0], obj.span[1], "{" + f"{key}: {self.inline(value)}"
                            + "}")
        first = members[0].key_span[0]
        gap = self.text[open_brace + 1:first]
        if "\n" in gap or "\r" in gap:
            return TextEdit(first, first, f"{key}: {self.inline(value)},{gap}")
        return TextEdit(first, first, f"{key}: {self.inline(value)}, ")

    def hoisted(self, located: Located, item: Node, parent: Node) -> TextEdit:
        """The member ``located`` replaced by the members of its one item ``item``, joined
        with commas (one per line when the member had a line of its own)."""
        assert located.key_span is not None  # the renderer checked it
        text = self.text
        start, end = located.key_span[0], located.span[1]
        pieces = [text[m.key_span[0]:m.node.span[1]] for m in item.members()]
        line_start = self.style.line_start(start)
        own_line = text[line_start:start].strip() == ""
        separator = ("," + self.style.newline + text[line_start:start]) if own_line else ", "
        return TextEdit(start, end, separator.join(pieces))

    def removal(self, located: Located, parent: Node, index: int) -> TextEdit:
        """The edit that removes member ``index`` of ``parent`` (``located``) and its comma."""
        assert located.key_span is not None  # the renderer checked it
        members = parent.members()
        start, end = located.key_span[0], located.span[1]
        if index + 1 < len(members):
            return TextEdit(start, members[index + 1].key_span[0], "")
        if index > 0:
            previous_end = members[index - 1].node.span[1]
            return TextEdit(previous_end, end, "")
        inner_start = parent.span[0] + 1
        inner_end = parent.span[1] - 1
        return TextEdit(inner_start, inner_end, "")


class PythonWriter(JsonWriter):
    """A Python dict literal: JSON's syntax with Python's spelling of values (``True``,
    ``None``)."""

    def inline(self, value: Any) -> str:
        return python_literal(value)


class TypeScriptWriter(JsonWriter):
    """A TypeScript (or JavaScript) object literal: bare identifier keys — a key that replaces a
    quoted one stays quoted — and spaces inside braces, as the literals around it are written."""

    def key_text(self, key: str, like: tuple[int, int] | None) -> str:
        return json.dumps(key, ensure_ascii=False) if self.quoted(like) else _typescript_key(key)

    def inline(self, value: Any) -> str:
        return typescript_literal(value)

    def wrapped(self, array: Node, key: str, inner: str) -> str:
        return f"{{ {key}: {inner} }}"

    def insert_member(self, obj: Node, key: str, value: Any) -> TextEdit:
        if not obj.members():
            return TextEdit(obj.span[0], obj.span[1], f"{{ {key}: {self.inline(value)} }}")
        return super().insert_member(obj, key, value)


class YamlWriter(JsonWriter):
    """YAML: flow collections are written as JSON's flow text is, in YAML spelling; a block
    mapping or sequence gets block lines at its indentation, with the document's line break,
    and a quoted key stays quoted."""

    def key_text(self, key: str, like: tuple[int, int] | None) -> str:
        return json.dumps(key, ensure_ascii=False) if self.quoted(like) else yaml_scalar(key)

    def inline(self, value: Any) -> str:
        return yaml_flow(value)

    def is_flow(self, node: Node) -> bool:
        return node.flow

    def _column(self, offset: int) -> int:
        return offset - self.style.line_start(offset)

    def _indent_of_line(self, offset: int) -> str:
        start = self.style.line_start(offset)
        end = start
        while end < len(self.text) and self.text[end] in " \t":
            end += 1
        return self.text[start:end]

    def value_edit(self, path: Path, replacement: str) -> TextEdit:
        """As JSON's, joining a block value that started on the next line back onto its key's
        line, and giving an empty value (``key:``) its space."""
        located = self.at(path)
        start, end = located.span
        start = self._without_tag(start)
        if located.key_span is not None:
            gap = self.text[located.key_span[1]:start]
            if "#" not in gap and _GAP_TO_VALUE.match(gap) and ("\n" in gap or "\r" in gap):
                return TextEdit(located.key_span[1], end, ": " + replacement)
            if start == end and self.text[start - 1:start] == ":":
                return TextEdit(start, end, " " + replacement)  # an empty value: `key:` is null
        return TextEdit(start, end, replacement)

    def _without_tag(self, start: int) -> int:
        """Where a value replaced starts, its tag included: `!!bool false` replaced by a
        mapping must not keep `!!bool`, which no loader accepts on one. (An anchor before it
        stays: what aliases it is replaced alike.)"""
        text = self.text
        cut = start
        while True:
            before = text[:cut].rstrip(" \t")
            if len(before) == cut:
                return start
            word_start = max(before.rfind(" "), before.rfind("\t"), before.rfind("\n"),
                             before.rfind("\r")) + 1
            word = before[word_start:]
            if word.startswith("!"):
                return word_start  # (what was before the tag, an anchor too, stays)
            if not word.startswith("&"):
                return start
            cut = word_start

    def block_value(self, path: Path, value: Any) -> TextEdit | None:
        """A non-empty collection as block lines in a block parent, or None."""
        if not isinstance(value, (dict, list)) or not value or len(path) == 0:
            return None
        if _deeper_than(value, BLOCK_DEPTH):
            return None  # block lines would indent once per level: flow style instead
        if self.is_flow(self.at(path[:-1]).node):
            return None
        located = self.at(path)
        if located.node.kind != "scalar" and located.node.flow:
            return None  # a flow collection is replaced in flow style
        if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value) \
                and len(self.inline(value)) <= 60:
            return None  # a short list of scalars reads best as `[a, b]`
        start, end = located.span
        nl = self.style.newline
        unit = self.style.unit
        if located.key_span is not None:
            gap = self.text[located.key_span[1]:start]
            if "#" in gap or not (_GAP_TO_VALUE.match(gap) or _BLOCK_GAP.match(gap)):
                return None
            indent = self._indent_of_line(located.key_span[0])
            key_col = self._column(located.key_span[0])
            base = " " * key_col if key_col > len(indent) else indent
            lines = yaml_block(value, unit)
            body = nl.join(base + unit + line for line in lines)
            return TextEdit(located.key_span[1], end, ":" + nl + body)
        if isinstance(value, dict):  # an item of a block sequence: a compact mapping
            column = " " * self._column(start)
            lines = yaml_block(value, unit)
            return TextEdit(start, end, (nl + column).join(lines))
        return None

    def insert_member(self, obj: Node, key: str, value: Any) -> TextEdit:
        """In a block mapping: a line above its first member, at its column."""
        if obj.flow:
            return super().insert_member(obj, key, value)
        start = obj.span[0]
        column = " " * self._column(start)
        nl = self.style.newline
        if isinstance(value, (dict, list)) and value and not _deeper_than(value, BLOCK_DEPTH):
            lines = yaml_block(value, self.style.unit)
            block = nl + nl.join(column + self.style.unit + line for line in lines)
        else:
            block = " " + yaml_flow(value)
        return TextEdit(start, start, f"{key}:{block}{nl}{column}")

    def hoisted(self, located: Located, item: Node, parent: Node) -> TextEdit:
        """In a block mapping: the item's members as written — the comments and blank lines
        between them too — re-indented to the column of the member they replace, after the
        comments written between that member's key and the item (each on a line of its own)."""
        if parent.flow:
            return super().hoisted(located, item, parent)
        if item.flow:
            return self._flow_members_as_block(located, item)
        assert located.key_span is not None  # the renderer checked it
        text = self.text
        start, end = located.key_span[0], located.span[1]
        members = item.members()
        first = members[0].key_span[0]
        column = self._column(start)
        block = _shift_lines(text[first:members[-1].node.span[1]], self._column(first) - column)
        # between the key and the item there are only the sequence's marks, node properties
        # and comments: the comments are kept, above the members
        comments = _YAML_COMMENT.findall(text, located.key_span[1], first)
        lines = [*(comment.rstrip() for comment in comments), block]
        return TextEdit(start, end, (self.style.newline + " " * column).join(lines))

    def _flow_members_as_block(self, located: Located, item: Node) -> TextEdit:
        """The members of a flow mapping, one per line of a block mapping at the column of the
        member they replace: each ``key: value`` as written (a flow value reads the same in a
        block), a key without a value given its ``:`` (null, as it was)."""
        assert located.key_span is not None  # the renderer checked it
        text = self.text
        start, end = located.key_span[0], located.span[1]
        column = self._column(start)
        lines = []
        for member in item.members():
            key_start, key_end = member.key_span
            key = text[key_start:key_end]
            piece = (text[key_start:member.node.span[1]] if member.node.span[1] > key_end
                     else key + ":")
            continued = piece.splitlines()[1:]
            if "\n" in key or "\r" in key or any(
                    line.strip() and len(line) - len(line.lstrip(" ")) <= column
                    for line in continued):
                # a block key is one line; a value's next lines must stay inside the member
                raise Unplaceable(located.key_span)
            lines.append(piece)
        return TextEdit(start, end, (self.style.newline + " " * column).join(lines))

    def removal(self, located: Located, parent: Node, index: int) -> TextEdit:
        """In a block mapping: the member's whole lines when it starts its line (or only node
        properties precede it), else its text."""
        if parent.flow:
            return super().removal(located, parent, index)
        assert located.key_span is not None  # the renderer checked it
        if len(parent.members()) == 1:
            # the only member: the mapping becomes `{}` (no member left would leave its key
            # with no value, which YAML reads as null)
            start = parent.span[0]
            before = self.text[:start].rstrip(" \t\r\n")
            if before.endswith(":") and len(before) < start:  # `key:` then the mapping below
                return TextEdit(len(before), parent.span[1], " {}")
            return TextEdit(start, parent.span[1], "{}")
        text = self.text
        start, end = located.key_span[0], located.span[1]
        line_start = self.style.line_start(start)
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
        if index + 1 == len(parent.members()):  # the last member of a block mapping
            return TextEdit(start, end, "")
        return super().removal(located, parent, index)


_WRITERS: dict[str, type[JsonWriter]] = {"yaml": YamlWriter, "python": PythonWriter,
                                          "typescript": TypeScriptWriter}


def writer_for(fmt: str) -> type[JsonWriter]:
    """The writer of a source format: YAML's, Python's and TypeScript's own, JSON's for every
    other."""
    return _WRITERS.get(fmt, JsonWriter)


def _deeper_than(value: Any, depth: int) -> bool:
    from portlint.source.numbers import nesting_depth

    return nesting_depth(value, depth + 1) > depth


_YAML_COMMENT = re.compile(r"(?<![^ \t\r\n])#[^\r\n]*")


def _value_at(value: Any, path: Path) -> Any:
    for segment in path:
        value = value[segment]
    return value


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
