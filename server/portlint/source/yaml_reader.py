"""YAML documents as JSON values with positions, composed from parser events.

PyYAML's parser (libyaml through the C loader when it is installed) produces events; this module
composes them into plain JSON values and an :class:`EagerNode` tree without recursion, so nesting
depth is bounded only by memory. What it decides, and why:

* **Scalars follow the YAML 1.2 core schema** (``yes``/``on`` are strings, ``0o17`` is octal, ...)
  — the reading of js-yaml and Go's yaml.v3, which load most tool files. A document that declares
  ``%YAML 1.1`` is read with the 1.1 rules instead, as PyYAML would read it.
* **Nothing is constructed from tags.** Standard tags (``!!str``, ``!!int``, ...) convert the
  scalar; any other tag (``!!python/object``, ``!Ref``) is reported as ``yaml-tag`` and the node is
  read as if untagged — a safe loader would refuse the document.
* **Aliases share their anchor's value and node**, so a finding inside an aliased subtree resolves
  to the anchor's text. Alias expansion is counted: past ``max_alias_nodes`` nodes reached through
  aliases (a "billion laughs" document), or on an alias to its own ancestor, the document gets one
  ``alias-limit`` finding and is not linted.
* **Merge keys** (``<<: *base`` or ``<<: [*a, *b]``) work as in YAML 1.1's merge type: explicit
  keys win over merged ones, earlier merge sources over later ones; a merged member keeps the
  position of its definition, so findings in it point there.
* **Duplicate keys** are reported at the second occurrence; the last one is the value read.
* **Integers of any length** are read in linear time: a decimal literal too long for ``int()`` is
  kept as a :class:`~portlint.source.numbers.LongInteger`, and a ``0x``/``0o`` literal whose
  decimal form ``str()`` would refuse keeps its text (:mod:`portlint.source.numbers`).
"""

from __future__ import annotations

import math
import re

import yaml

from portlint.records import NamedTuple
from portlint.source.document import ParsedDocument, ParsedSource, ReadRequest, SharedNode
from portlint.source.located import EagerNode, Member, Node, Path, Span
from portlint.source.numbers import DIGIT_LIMIT, LongInteger, SpelledInteger
from portlint.source.problems import SourceProblem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

_YAML = "tag:yaml.org,2002:"
_STANDARD_TAGS = frozenset(
    _YAML + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "binary", "timestamp",
                        "merge", "omap", "set", "value")
)

_NULL_12 = frozenset(("", "~", "null", "Null", "NULL"))
_BOOL_12 = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
            "FALSE": False}
_INT_12 = re.compile(r"[-+]?[0-9]+\Z")
_OCT_12 = re.compile(r"0o[0-7]+\Z")
_HEX_12 = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT_12 = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(?:inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)\Z")

_BOOL_11 = dict.fromkeys(
    ("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True)
_BOOL_11.update(dict.fromkeys(
    ("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False))
_INT_11 = re.compile(r"[-+]?(?:0b[01_]+|0[0-7_]+|(?:0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+"
                     r"|[1-9][0-9_]*(?::[0-5]?[0-9])+)\Z")
_FLOAT_11 = re.compile(r"[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?\Z"
                       r"|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?\Z")
_NUMBER_START = frozenset("0123456789-+.")
_TOKEN = re.compile(r"[^\s{}\[\],:]+|\S")


MAX_YAML_DEPTH = 1000
"""libyaml refuses deeper documents; the same cap applies when PyYAML runs without libyaml."""


class YamlLimits(NamedTuple):
    max_alias_nodes: int = 100_000


class YamlDocument:
    __slots__ = ("index", "root", "shared", "value")

    def __init__(self, value: Any, root: Node, index: int,
                 shared: tuple[SharedNode, ...] = ()) -> None:
        self.value = value
        self.root = root
        self.index = index
        self.shared = shared


class _AliasLimit(Exception):
    def __init__(self, span: Span, message: str) -> None:
        super().__init__(message)
        self.span = span
        self.message = message


def _resolve_plain(text: str, yaml11: bool) -> Any:
    if yaml11:
        return _resolve_plain_11(text)
    if text in _NULL_12:
        return None
    if text in _BOOL_12:
        return _BOOL_12[text]
    if text[0] not in _NUMBER_START:
        return text
    if _INT_12.match(text):
        return LongInteger.parse(text)
    if _OCT_12.match(text):
        return _spelled(int(text[2:], 8), text)
    if _HEX_12.match(text):
        return _spelled(int(text[2:], 16), text)
    if _FLOAT_12.match(text):
        return float(text)
    if _INF.match(text):
        return -math.inf if text[0] == "-" else math.inf
    if _NAN.match(text):
        return math.nan
    return text


def _resolve_plain_11(text: str) -> Any:
    if text in _NULL_12:
        return None
    if text in _BOOL_11:
        return _BOOL_11[text]
    if text[0] not in _NUMBER_START:
        return text
    if _INT_11.match(text):
        return _int_11(text)
    if _FLOAT_11.match(text):
        return float(text.replace("_", ""))
    if _INF.match(text):
        return -math.inf if text[0] == "-" else math.inf
    if _NAN.match(text):
        return math.nan
    return text


def _spelled(value: int, text: str) -> int:
    """An exact integer read in a power-of-two base (linear time): kept with its text when its
    decimal form would be too long for ``str()``."""
    if value.bit_length() > _SPELL_BITS:
        return SpelledInteger.of(value, text)
    return value


# an integer this wide may have more decimal digits than str() writes (log2(10) < 3.33)
_SPELL_BITS = int(DIGIT_LIMIT * 3.32)


def _int_11(text: str) -> int:
    sign = -1 if text[0] == "-" else 1
    body = text.lstrip("+-").replace("_", "")
    if body.startswith("0b"):
        return _spelled(sign * int(body[2:], 2), text)
    if body.startswith("0x"):
        return _spelled(sign * int(body[2:], 16), text)
    if ":" in body:
        head, *rest = body.split(":")
        if len(head) > DIGIT_LIMIT - 2 * len(rest):
            # sexagesimal with a leading part too long for int(): its value is beyond any
            # ordinary integer either way, and only its sign and size matter to a schema
            return LongInteger.parse(("-" if sign < 0 else "") + head + "0" * (2 * len(rest)))
        total = int(head)
        for part in rest:
            total = total * 60 + int(part)
        return sign * total
    if len(body) > 1 and body[0] == "0":
        return _spelled(sign * int(body, 8), text)
    return LongInteger.parse(("-" if sign < 0 else "") + body)


def _convert_tagged(tag: str, text: str, yaml11: bool) -> Any:
    kind = tag[len(_YAML):]
    try:
        if kind == "int":
            resolved = _resolve_plain(text, yaml11)
            if isinstance(resolved, int) and not isinstance(resolved, bool):
                return resolved
            return LongInteger.parse(text) if _INT_12.match(text.strip()) else int(text)
        if kind == "float":
            return float(text)
        if kind == "bool":
            return _BOOL_11[text] if yaml11 else _BOOL_12[text]
        if kind == "null":
            return None
    except (ValueError, KeyError):
        return text
    return text


def _skip_properties(text: str, start: int, end: int) -> int:
    """Move past a node's anchor and tag (``&a !!str``) to where its content starts."""
    i = start
    while i < end and text[i] in "&!":
        while i < end and not text[i].isspace():
            i += 1
        while i < end and text[i] in " \t\r\n":
            i += 1
    return i


def _rstrip_span(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in " \t\r\n":
        end -= 1
    return end


class _Frame:
    __slots__ = (
        "anchor",
        "flow",
        "is_key",
        "is_map",
        "items",
        "key",
        "key_span",
        "members",
        "merges",
        "segment",
        "size",
        "spans",
        "start",
        "value",
    )

    def __init__(self, is_map: bool, start: int, flow: bool, anchor: str | None,
                 segment: str | int | None, *, is_key: bool = False) -> None:
        self.is_map = is_map
        self.is_key = is_key  # a collection used as its parent mapping's key
        self.start = start
        self.flow = flow
        self.anchor = anchor
        self.segment = segment
        self.value: Any = {} if is_map else []
        self.members: list[Member] = []
        self.spans: dict[str, Span] = {}  # each key's last place (a repeated key is told)
        self.items: list[Node] = []
        self.key: str | None = None
        self.key_span: Span = (0, 0)
        self.merges: list[tuple[Any, Node]] | None = None
        self.size = 1


def read_yaml_source(text: str, request: ReadRequest) -> ParsedSource:
    """The YAML reader of :mod:`portlint.readers`: every document of the stream."""
    documents, problems = read_yaml(text, YamlLimits(request.limits.max_alias_nodes))
    source = ParsedSource(text, "yaml", problems=problems)
    source.documents.extend(ParsedDocument(d.value, d.root, d.index, shared=d.shared)
                            for d in documents)
    return source


def read_yaml(text: str, limits: YamlLimits | None = None) -> tuple[list[YamlDocument],
                                                                       list[SourceProblem]]:
    """Compose every document of ``text``; never raises."""
    limits = limits or YamlLimits()
    documents: list[YamlDocument] = []
    problems: list[SourceProblem] = []
    loader = _Loader(text)
    budget = _PathBudget(len(text))
    try:
        _compose_stream(loader, text, limits, documents, problems, budget=budget)
    except _TooDeep as deep:
        problems.append(_too_deep_problem(deep.offset, len(documents)))
    except yaml.YAMLError as exc:
        if "maximum nesting depth" in str(exc):
            mark = getattr(exc, "problem_mark", None)
            problems.append(_too_deep_problem(mark.index if mark else 0, len(documents)))
        else:
            problems.append(_syntax_problem(text, exc, len(documents)))
    finally:
        loader.dispose()
    if budget.unlisted:
        problems.append(SourceProblem(
            "duplicate-key" if budget.unlisted_rule == "duplicate-key" else "yaml-tag",
            f"{budget.unlisted:,} more repeated keys or non-standard tags from here on are not "
            "listed one by one: this document nests too deep for all their paths to be reported",
            budget.first_unlisted, variant="unlisted"))
    return documents, problems


class _PathBudget:
    """What the paths of a stream's problems may add up to: a problem at every level of a deep
    document would otherwise make them quadratic (see ``ReportBudget`` in the linter)."""

    __slots__ = ("first_unlisted", "left", "unlisted", "unlisted_rule")

    def __init__(self, text_length: int) -> None:
        self.left = 1_000_000 + text_length
        self.unlisted = 0
        self.first_unlisted: Span = (0, 0)
        self.unlisted_rule = ""

    def take(self, steps: int, span: Span, rule: str = "duplicate-key") -> bool:
        self.left -= steps
        if self.left >= 0:
            return True
        if not self.unlisted:
            self.first_unlisted, self.unlisted_rule = span, rule
        self.unlisted += 1
        return False


def _add(problems: list[SourceProblem], problem: SourceProblem | None) -> None:
    if problem is not None:
        problems.append(problem)


class _TooDeep(Exception):
    def __init__(self, offset: int) -> None:
        super().__init__("too deep")
        self.offset = offset


def _too_deep_problem(offset: int, index: int) -> SourceProblem:
    return SourceProblem(
        "document-too-large",
        f"The document nests deeper than {MAX_YAML_DEPTH:,} levels, the limit of the YAML parser; "
        "it was not linted", (offset, offset + 1), (), index, variant="depth")


def _syntax_problem(text: str, exc: yaml.YAMLError, index: int) -> SourceProblem:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    offset = mark.index if mark is not None else getattr(exc, "position", 0)
    offset = max(0, min(int(offset), len(text)))
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {problem}"
    if context:
        message += f" ({context})"
    token = _TOKEN.match(text, offset)
    end = token.end() if token else offset
    return SourceProblem("parse-error", message, (offset, max(end, min(offset + 1, len(text)))),
                         (), index)


def _compose_stream(loader: Any, text: str, limits: YamlLimits, documents: list[YamlDocument],
                    problems: list[SourceProblem], *, budget: _PathBudget) -> None:
    index = 0
    while True:
        event = loader.get_event()
        name = type(event).__name__
        if name == "StreamEndEvent":
            return
        if name != "DocumentStartEvent":
            continue
        yaml11 = event.version == (1, 1) if event.version else False
        try:
            value, root, shared = _compose_document(loader, text, limits, problems, budget,
                                                    index=index, yaml11=yaml11)
        except _AliasLimit as limit:
            problems.append(SourceProblem(
                "alias-limit", limit.message, limit.span, (), index))
            _skip_to_document_end(loader)
        else:
            documents.append(YamlDocument(value, root, index, shared))
        index += 1


def _skip_to_document_end(loader: Any) -> None:
    while True:
        event = loader.get_event()
        if type(event).__name__ in ("DocumentEndEvent", "StreamEndEvent"):
            return


def _compose_document(loader: Any, text: str, limits: YamlLimits, problems: list[SourceProblem],
                      budget: _PathBudget, *, index: int, yaml11: bool
                      ) -> tuple[Any, Node, tuple[SharedNode, ...]]:
    anchors: dict[str, tuple[Any, Node, int] | None] = {}
    # each anchored node (an anchor may be defined again further on) and its aliases so far
    aliased: dict[int, tuple[str, Node, int]] = {}
    stack: list[_Frame] = []
    alias_nodes = 0
    while True:
        event = loader.get_event()
        name = type(event).__name__
        value: Any
        node: Node
        size = 1
        if name == "ScalarEvent":
            start, end = event.start_mark.index, event.end_mark.index
            if event.anchor is not None or event.tag is not None:
                start = _skip_properties(text, start, end)
            style = event.style or None  # libyaml reports plain style as '', PyYAML as None
            if style in ("|", ">"):
                end = _rstrip_span(text, start, end)
            tag = event.tag
            if tag is None or tag == "!":
                value = _resolve_plain(event.value, yaml11) if (
                    style is None and tag is None and event.implicit[0]) else event.value
            elif tag in _STANDARD_TAGS:
                value = _convert_tagged(tag, event.value, yaml11)
            else:
                span = _tag_span(text, event.start_mark.index, start)
                _add(problems, _tag_problem(tag, span, stack, index, budget))
                value = _resolve_plain(event.value, yaml11) if style is None else event.value
            node = EagerNode((start, end), "scalar", style is None or style in ("'", '"'))
            if event.anchor is not None:
                anchors[event.anchor] = (value, node, 1)
            if stack and stack[-1].is_map and stack[-1].key is None:
                frame = stack[-1]
                frame.key = event.value
                frame.key_span = (start, end)
                if event.value == "<<" and style is None and tag is None:
                    frame.key = "<<"
                    frame.key_span = (-1, -1)  # marks a merge key
                continue
        elif name == "AliasEvent":
            span = (event.start_mark.index, event.end_mark.index)
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(
                    None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
            target = anchors[event.anchor]
            if target is None:
                raise _AliasLimit(span, f"The alias `*{event.anchor}` refers to a node that "
                                        "contains it: the document is infinitely deep")
            value, node, size = target
            used = aliased.get(id(node))
            aliased[id(node)] = (event.anchor, node, 1 + (used[2] if used is not None else 0))
            alias_nodes += size
            if alias_nodes > limits.max_alias_nodes:
                raise _AliasLimit(span, f"Aliases expand this document past "
                                        f"{limits.max_alias_nodes:,} nodes (a \"billion laughs\" "
                                        "shape); it was not linted")
            if stack and stack[-1].is_map and stack[-1].key is None:
                # an alias used as a key, placed where it is written (not at its anchor); a
                # collection's alias is named by its text, as a collection key is
                frame = stack[-1]
                frame.key = str(value) if not isinstance(value, (dict, list)) else (
                    text[span[0]:span[1]])
                frame.key_span = span
                continue
        elif name in ("MappingStartEvent", "SequenceStartEvent"):
            is_map = name == "MappingStartEvent"
            flow = bool(event.flow_style)
            start = event.end_mark.index - 1 if flow else event.end_mark.index
            tag = event.tag
            if tag is not None and tag != "!" and tag not in _STANDARD_TAGS:
                span = _tag_span(text, event.start_mark.index, start)
                _add(problems, _tag_problem(tag, span, stack, index, budget))
            parent = stack[-1] if stack else None
            segment: str | int | None = None
            # a collection used as a key (`[a, b]: x`, `? {a: 1}`): read in a frame of its own,
            # which names its parent's key when it ends (its text), never its parent's value
            is_key = parent is not None and parent.is_map and parent.key is None
            if parent is not None:
                segment = "<complex key>" if is_key else (
                    parent.key if parent.is_map else len(parent.value))
            if len(stack) >= MAX_YAML_DEPTH:
                raise _TooDeep(start)
            frame = _Frame(is_map, start, flow, event.anchor, segment, is_key=is_key)
            if event.anchor is not None:
                anchors[event.anchor] = None  # in progress: an alias to it now is recursive
            stack.append(frame)
            continue
        elif name in ("MappingEndEvent", "SequenceEndEvent"):
            frame = stack.pop()
            if frame.flow:
                end = event.end_mark.index
            else:
                last = (frame.members[-1].node if frame.members else
                        frame.items[-1] if frame.items else None)
                end = last.span[1] if last is not None else frame.start
            if frame.is_map:
                value, node = _finish_mapping(frame, (frame.start, end))
            else:
                value = frame.value
                node = EagerNode((frame.start, end), "array", frame.flow, items=frame.items)
            size = frame.size
            if frame.anchor is not None:
                anchors[frame.anchor] = (value, node, size)
            if frame.is_key:
                parent = stack[-1]
                parent.key = text[frame.start:end]
                parent.key_span = (frame.start, end)
                parent.size += size
                continue
        elif name == "DocumentEndEvent":
            continue
        else:  # pragma: no cover - the parser emits no other event inside a document
            continue

        if not stack:
            # the root is complete; consume the document end
            _skip_to_document_end(loader)
            return value, node, tuple(SharedNode(shared.span, 1 + aliases, anchor)
                                      for anchor, shared, aliases in aliased.values())
        parent = stack[-1]
        parent.size += size
        if parent.is_map:
            key = parent.key
            assert key is not None
            if parent.key_span == (-1, -1):
                if parent.merges is None:
                    parent.merges = []
                parent.merges.append((value, node))
            else:
                if key in parent.value and budget.take(len(stack), parent.key_span):
                    path = tuple(f.segment for f in stack[1:] if f.segment is not None)
                    problems.append(SourceProblem(
                        "duplicate-key",
                        f"The key `{key}` appears twice in this mapping, which YAML forbids",
                        parent.key_span, path, index, (parent.spans[key],)))
                parent.value[key] = value
                parent.spans[key] = parent.key_span
                parent.members.append(Member(key, parent.key_span, node))
            parent.key = None
        else:
            parent.value.append(value)
            parent.items.append(node)


def _finish_mapping(frame: _Frame, span: Span) -> tuple[Any, Node]:
    node = EagerNode(span, "object", frame.flow, members=frame.members)
    if not frame.merges:
        return frame.value, node
    merged: dict[str, Any] = {}
    lookup: dict[str, Member] = {}
    sources: list[tuple[Any, Node]] = []
    for value, source in frame.merges:
        if isinstance(value, list):
            sources.extend(zip(value, source.items(), strict=False))
        else:
            sources.append((value, source))
    for value, source in sources:
        if not isinstance(value, dict):
            continue
        for key, item in value.items():
            if key not in merged:
                merged[key] = item
                member = source.member(key)
                if member is not None:
                    lookup[key] = member
    for key, item in frame.value.items():
        merged.pop(key, None)
        merged[key] = item
    lookup.update({m.key: m for m in frame.members})
    node.set_lookup(lookup)
    return merged, node


def _tag_span(text: str, start: int, end: int) -> Span:
    """The ``!tag`` token among a node's properties (``&anchor !tag``)."""
    i = start
    while i < end:
        j = i
        while j < end and not text[j].isspace():
            j += 1
        if text[i] == "!":
            return (i, j)
        i = j
        while i < end and text[i].isspace():
            i += 1
    return (start, end)


def _path_here(stack: list[_Frame]) -> Path:
    """The path of the node about to be attached to the top of ``stack``."""
    path = [f.segment for f in stack[1:] if f.segment is not None]
    if stack:
        top = stack[-1]
        if not top.is_map:
            path.append(len(top.value))
        elif top.key is not None:
            path.append(top.key)
    return tuple(path)


def _tag_problem(tag: str, span: Span, stack: list[_Frame], index: int, budget: _PathBudget
                 ) -> SourceProblem | None:
    if not budget.take(len(stack), span, "yaml-tag"):
        return None
    shown = tag.replace(_YAML, "!!")
    path = _path_here(stack)
    return SourceProblem(
        "yaml-tag",
        f"The tag `{shown}` is not a standard YAML tag: a safe loader refuses it, and portlint "
        "reads the node as if it were untagged", span, path, index)
