"""The located JSON readers: the lazy fast path agrees with the eager parser everywhere."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.source.json_lazy import LazyJsonNode, load_top_levels
from portlint.source.json_located import parse_located
from portlint.source.json_reader import read_json
from portlint.source.located import Node, Path, locate
from tests.support.corpus import corpus_files
from tests.support.generated import large_tool_list

JSON_FILES = [p for p in corpus_files() if p.suffix in (".json", ".snap")]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.text(max_size=4), children, max_size=4),
    max_leaves=30)


def _spans(node: Node) -> list[tuple[Any, ...]]:
    """Every key and value span under ``node``, walked without recursion."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], Node]] = [((), node)]
    while stack:
        path, current = stack.pop()
        out.append((path, current.span, current.kind))
        if current.kind == "object":
            for member in current.members():
                out.append((path, member.key, member.key_span))
                stack.append(((*path, member.key), member.node))
        elif current.kind == "array":
            for i, item in enumerate(current.items()):
                stack.append(((*path, i), item))
    return sorted(out, key=repr)


@pytest.mark.shared_data
@pytest.mark.parametrize("path", JSON_FILES, ids=lambda p: p.name)
def test_lazy_positions_equal_located_positions(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text(encoding="utf-8")
    eager = parse_located(text)
    assert eager.error is None
    assert eager.root is not None
    assert eager.value == json.loads(text)
    assert _spans(LazyJsonNode.root(text)) == _spans(eager.root)


@pytest.mark.shared_data
def test_corpus_is_not_empty() -> None:
    assert len(JSON_FILES) > 100


def test_value_spans_cover_the_value_text() -> None:
    text = '{"a": [1, -2.5e3, "x\\"y", null, {"b": {}}], "c": false}'
    root = parse_located(text).root
    assert root is not None
    lazy = LazyJsonNode.root(text)
    for node in (root, lazy):
        a = node.member("a")
        assert a is not None
        pieces = [text[i.span[0]:i.span[1]] for i in a.node.items()]
        assert pieces == ["1", "-2.5e3", '"x\\"y"', "null", '{"b": {}}']


def test_duplicate_keys_take_the_last_value_like_json_loads() -> None:
    text = '{"a": 1, "b": 2, "a": [3]}'
    source = read_json(text)
    assert source.documents[0].value == {"a": [3], "b": 2}
    located = source.documents[0].locate(("a",))
    assert located is not None
    assert text[located.span[0]:located.span[1]] == "[3]"
    assert [(p.rule, p.span) for p in source.problems] == [("duplicate-key", (17, 20))]


def test_ten_thousand_deep_json_parses_without_recursion() -> None:
    depth = 10_000
    text = '{"a": ' * depth + "true" + "}" * depth
    source = read_json(text)
    assert not source.problems
    path = ("a",) * depth
    located = source.documents[0].locate(path)
    assert located is not None
    assert text[located.span[0]:located.span[1]] == "true"


@pytest.mark.parametrize(("text", "message", "where"), [
    ('{"a": 1,}', "Trailing comma: JSON allows no `,` before `}`", "}"),
    ("[1, 2,]", "Trailing comma: JSON allows no `,` before `]`", "]"),
    ('{"a" 1}', "Expected `:` after the property name", "1"),
    ('{"a": 1 "b": 2}', "Expected `,` between object members", '"b"'),
    ('{"a": tru}', "Expected a value: an object, array, string, number, true, false or null",
     "tru"),
    ('{"a": True}', "Expected a value: JSON literals are lowercase, write `true`", "True"),
    ('{"a": NaN}', "`NaN` is not a JSON number", "NaN"),
    ("// note\n{}", "Comments are not allowed in JSON", "//"),
    ("{'a': 1}", "Property names must be written in double quotes", "'a'"),
    ('{"a": 01}', "Numbers cannot have leading zeros", "01"),
    ('{"a": 1} {}', "Unexpected text after the end of the JSON value", "{"),
    ("", "The document is empty: expected a JSON value", ""),
])
def test_syntax_errors_say_what_was_expected(text: str, message: str, where: str) -> None:
    source = read_json(text)
    assert len(source.problems) == 1
    problem = source.problems[0]
    assert problem.rule == "parse-error"
    assert problem.message == message
    assert text[problem.span[0]:problem.span[1]] == where


def test_unclosed_object_names_its_line() -> None:
    source = read_json('{\n  "a": {\n    "b": 1\n')
    assert source.problems[0].message == (
        "Unexpected end of text: expected `,` or `}` to close the object opened on line 2")


def test_keys_with_escapes_and_odd_whitespace_are_located_like_the_eager_parser() -> None:
    text = ('{ "plain" :1 ,\r\n\t"esc\\"aped":{"\\u0041":[ ]},"":{ } ,"a\\\\b" : "v",'
            '"last":{"x":{}}}')
    eager = parse_located(text).root
    assert eager is not None
    assert _spans(LazyJsonNode.root(text)) == _spans(eager)
    lazy = LazyJsonNode.root(text)
    member = lazy.member('esc"aped')
    assert member is not None and text[member.key_span[0]:member.key_span[1]] == '"esc\\"aped"'
    assert lazy.member("A") is None  # not a key of the root


def test_forgetting_scans_keeps_every_position() -> None:
    text = large_tool_list()
    source = read_json(text)
    document = source.documents[0]
    paths = [("tools", 0, "inputSchema"), ("tools", 400, "inputSchema", "properties"),
             ("tools", 638, "name")]
    before = [document.locate(p) for p in paths]
    document.forget_scans()
    assert isinstance(document.root, LazyJsonNode)
    after = [document.locate(p) for p in paths]
    assert [(x.span, x.key_span) for x in after if x] == [
        (x.span, x.key_span) for x in before if x]
    assert all(before)


@pytest.mark.shared_data
@pytest.mark.parametrize("path", JSON_FILES, ids=lambda p: p.name)
def test_top_levels_read_by_hand_equal_json_loads(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text(encoding="utf-8")
    loaded = load_top_levels(text)
    assert loaded is not None
    value, root, duplicated = loaded
    assert value == json.loads(text) and not duplicated
    eager = parse_located(text).root
    assert eager is not None
    assert _spans(root) == _spans(eager)


@pytest.mark.parametrize("text", [
    "", "   ", "[1 2]", '{"a": 1 "b": 2}', '{"a" 1}', "{1: 2}", "[1,]", '{"a": 1,}', "[1] x",
    "[NaN]", '{"tools": [{"name": "a"} {"name": "b"}]}', '{"result": {"tools": [1, 2}}',
    '{"a": [1, 2]', "\ufeff[]", '["\x01"]', '{"a": {"b": [tru]}}',
])
def test_top_levels_refuse_what_json_loads_refuses(text: str) -> None:
    assert load_top_levels(text) is None
    with pytest.raises(ValueError):
        json.loads(text, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))


def test_top_levels_notice_repeated_keys_at_every_depth() -> None:
    for text in ('{"a": 1, "a": 2}', '{"r": {"t": 1, "t": 2}}', '{"t": [{"x": {"k": 1, "k": 2}}]}'):
        loaded = load_top_levels(text)
        assert loaded is not None
        assert loaded[0] == json.loads(text) and loaded[2] is True


def test_top_levels_too_wide_are_left_to_the_c_parser() -> None:
    text = json.dumps({"tools": [{"name": str(i)} for i in range(50)]})
    assert load_top_levels(text, budget=40) is None
    loaded = load_top_levels(text, budget=60)
    assert loaded is not None and loaded[0] == json.loads(text)


@given(json_values)
@settings(max_examples=300, deadline=None)
def test_top_levels_of_any_json_equal_json_loads(value: Any) -> None:
    for indent in (None, 2):
        text = json.dumps(value, indent=indent)
        loaded = load_top_levels(text)
        assert loaded is not None
        assert loaded[0] == json.loads(text)
        eager = parse_located(text).root
        assert eager is not None
        assert _spans(loaded[1]) == _spans(eager)


def test_forgetting_one_tool_keeps_every_position() -> None:
    text = large_tool_list()
    document = read_json(text).documents[0]
    inside = [("tools", 3, "inputSchema", "properties"), ("tools", 3, "name"),
              ("tools", 4, "inputSchema")]
    before = [document.locate(p) for p in inside]
    assert all(before)
    tool_span = document.locate(("tools", 3))
    assert tool_span is not None
    document.forget_scans_under(("tools", 3))
    document.forget_scans_under(("tools", 600, "inputSchema"))  # never scanned: nothing to drop
    document.forget_scans_under(("tools", "x"))  # not a path of this document
    tool = document.root.member("tools")
    assert tool is not None
    forgotten = tool.node.item(3)
    assert isinstance(forgotten, LazyJsonNode)
    assert forgotten._children is None  # its scans are gone
    assert forgotten.span == tool_span.span  # its place is not
    after = [document.locate(p) for p in inside]
    assert [(x.span, x.key_span) for x in after if x] == [
        (x.span, x.key_span) for x in before if x]


@given(json_values, st.data())
@settings(max_examples=300, deadline=None)
def test_top_levels_of_a_mutated_text_agree_with_json_loads(value: Any, data: st.DataObject
                                                            ) -> None:
    text = json.dumps({"result": {"tools": [value, {"name": "t", "inputSchema": value}]}},
                      indent=data.draw(st.sampled_from([None, 1])))
    at = data.draw(st.integers(0, len(text) - 1))
    mutated = text[:at] + data.draw(st.sampled_from(["", ",", "}", "]", '"', ":", "x", " "])) + (
        text[at + data.draw(st.integers(0, 2)):])
    try:
        expected: Any = json.loads(mutated, object_pairs_hook=_refuse_repeats,
                                   parse_constant=_refuse_constant)
    except (ValueError, _Repeated):
        expected = None
    loaded = load_top_levels(mutated)
    if expected is None:
        assert loaded is None or loaded[2]  # refused, or read with its repeated key noticed
    else:
        assert loaded is not None and loaded[0] == expected and not loaded[2]


# keys and strings that take the scanner's general paths: escapes (quotes, backslashes,
# ``\u003a``), colons, braces, non-ASCII
hostile_text = st.text(st.sampled_from(['a', ':', '"', '\\', '{', '}', ',', ' ', 'é', '\u2028',
                                        '\U0001f600', '\x01']), max_size=5)
hostile_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20)
    | st.floats(allow_nan=False, allow_infinity=False) | hostile_text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        hostile_text, children, max_size=5),
    max_leaves=40)
layouts = st.sampled_from([
    {"indent": None}, {"indent": 2}, {"indent": "\t", "ensure_ascii": False},
    {"separators": (",", ":")}, {"separators": (" ,\r\n ", " :\n\t")},
    {"indent": 1, "separators": (" , ", " : "), "ensure_ascii": False}])


def _paths(node: Node) -> list[Path]:
    """Every path of the tree under ``node``, in document order."""
    out: list[Path] = []
    stack: list[tuple[Path, Node]] = [((), node)]
    while stack:
        path, current = stack.pop()
        out.append(path)
        if current.kind == "object":
            children: list[tuple[Path, Node]] = [
                ((*path, m.key), m.node) for m in current.members()]
        else:
            children = [((*path, i), item) for i, item in enumerate(current.items())]
        stack.extend(reversed(children))
    return out


@given(hostile_values, layouts, st.randoms(use_true_random=False))
@settings(max_examples=300, deadline=None)
def test_lazy_lookups_equal_located_lookups(value: Any, layout: dict[str, Any],
                                            rng: Any) -> None:
    """Each path looked up alone in a fresh tree (the scan stops at the wanted member), then
    all of them in one tree in a random order (scans resumed and passed over), lands where the
    eager parser puts it."""
    text = json.dumps(value, **layout)
    eager = parse_located(text).root
    assert eager is not None
    paths = _paths(eager)
    expected = {path: _place(eager, path) for path in paths}
    for path in paths:
        assert _place(LazyJsonNode.root(text), path) == expected[path]
    shared = LazyJsonNode.root(text)
    rng.shuffle(paths)
    for path in paths:
        assert _place(shared, path) == expected[path]
    assert _spans(shared) == _spans(eager)


def _place(root: Node, path: Path) -> tuple[Any, ...]:
    located = locate(root, path)
    assert located is not None
    return located.span, located.key_span, located.node.kind


class _Repeated(Exception):
    pass


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    made = dict(pairs)
    if len(made) != len(pairs):
        raise _Repeated
    return made


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON
