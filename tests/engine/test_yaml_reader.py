"""The YAML composer: values, positions, aliases, merges, tags, limits."""

from __future__ import annotations

import json
import math

import pytest

from portlint.linter import lint_text
from portlint.source.located import locate
from portlint.source.yaml_reader import YamlLimits, read_yaml
from tests.support.corpus import CORPUS


def test_yaml_12_core_scalars() -> None:
    docs, problems = read_yaml("a: [yes, no, on, 0o17, 0x1f, 1.5, ~, null, .inf, -.inf, 017, 1_000]\n")
    assert not problems
    values = docs[0].value["a"]
    assert values[:8] == ["yes", "no", "on", 15, 31, 1.5, None, None]
    assert values[8] == math.inf and values[9] == -math.inf
    assert values[10:] == [17, "1_000"]


def test_yaml_11_directive_switches_scalar_rules() -> None:
    docs, _ = read_yaml("%YAML 1.1\n---\na: [yes, off, 017, 1:30, 1_000]\n")
    assert docs[0].value["a"] == [True, False, 15, 90, 1000]


def test_quoted_scalars_stay_strings() -> None:
    docs, _ = read_yaml("a: ['1', \"true\", 'null']\n")
    assert docs[0].value["a"] == ["1", "true", "null"]


def test_multi_document_streams_are_each_linted() -> None:
    text = ("name: a\ninputSchema: {type: object, properties: {x: true}}\n---\n"
            "name: b\ninputSchema: {type: object, properties: {y: false}}\n")
    result = lint_text(text, "t.yaml")
    assert [(f.document, f.tool, f.path) for f in result.findings] == [
        (0, "a", "inputSchema.properties.x"), (1, "b", "inputSchema.properties.y")]


def test_billion_laughs_is_one_finding() -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        prev, cur = chr(96 + i), chr(97 + i)
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    text = "\n".join(lines) + "\n"
    result = lint_text(text, "bomb.yaml")
    assert [f.rule for f in result.findings] == ["alias-limit"]
    finding = result.findings[0]
    assert text[finding.span[0]:finding.span[1]].startswith("*")


def test_alias_limit_is_configurable() -> None:
    text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
    assert read_yaml(text, YamlLimits(max_alias_nodes=100))[1] == []
    assert [p.rule for p in read_yaml(text, YamlLimits(max_alias_nodes=5))[1]] == ["alias-limit"]


def test_recursive_alias_is_refused() -> None:
    docs, problems = read_yaml("a: &a [1, *a]\n")
    assert docs == []
    assert [p.rule for p in problems] == ["alias-limit"]


def test_merge_keys_resolve_to_the_definition() -> None:
    text = "base: &b {type: string, minLength: 1}\nx:\n  <<: *b\n  minLength: 2\n"
    docs, _ = read_yaml(text)
    assert docs[0].value["x"] == {"type": "string", "minLength": 2}
    where = locate(docs[0].root, ("x", "type"))
    assert where is not None and where.key_span is not None
    assert where.key_span == (text.index("type"), text.index("type") + 4)


def test_deep_yaml_is_answered_with_one_finding() -> None:
    text = "a: " + "[" * 10_000 + "]" * 10_000 + "\n"
    result = lint_text(text, "deep.yaml")
    assert [f.rule for f in result.findings] == ["document-too-large"]


@pytest.mark.shared_data
def test_big_yaml_reads_like_its_json_twin() -> None:
    docs, problems = read_yaml((CORPUS / "big" / "tools-large.yaml").read_text(encoding="utf-8"))
    assert not problems
    assert docs[0].value == json.loads((CORPUS / "big" / "tools-large.json").read_text())


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n...\n"])
def test_empty_streams_have_nothing_to_lint(text: str) -> None:
    assert lint_text(text, "t.yaml").findings == []


@pytest.mark.parametrize(("key", "value"), [
    ("[a, b]", "1"), ("[a, b]", "{type: string}"), ("{a: 1}", "[x]"), ("[[a], {b: c}]", "v")])
def test_a_collection_used_as_a_key_names_that_key_and_no_more(key: str, value: str) -> None:
    # the key's own collection is not a value: the members after it keep their places
    text = f"properties:\n  {key}: {value}\n  city: {{type: string}}\n  n: 2\n"
    docs, problems = read_yaml(text)
    assert problems == []
    properties = docs[0].value["properties"]
    assert list(properties) == [key, "city", "n"]
    assert properties["city"] == {"type": "string"} and properties["n"] == 2
    members = locate(docs[0].root, ("properties",))
    assert members is not None
    assert [(m.key, text[m.key_span[0]:m.key_span[1]]) for m in members.node.members()] == [
        (key, key), ("city", "city"), ("n", "n")]


def test_block_and_explicit_collection_keys_keep_the_mapping_aligned() -> None:
    text = "m:\n  ? - a\n    - b\n  : 1\n  ? {p: 1}\n  : 2\n  n: 3\n"
    docs, problems = read_yaml(text)
    assert problems == []
    assert list(docs[0].value["m"].values()) == [1, 2, 3]
    assert list(docs[0].value["m"])[1:] == ["{p: 1}", "n"]


def test_only_a_repeated_collection_key_is_a_duplicate() -> None:
    text = "tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n" \
           "        [a, b]: {type: string}\n        [c]: {type: string}\n" \
           "        [a, b]: {type: integer}\n"
    result = lint_text(text, "t.yaml")
    assert [(f.rule, f.path, text[f.span[0]:f.span[1]]) for f in result.findings
            if f.rule == "duplicate-key"] == [
        ("duplicate-key", "inputSchema.properties", "[a, b]")]
    assert result.findings[0].span[0] == text.rindex("[a, b]")


def test_an_alias_used_as_a_key_is_placed_where_it_is_written() -> None:
    text = "defs: {k: &k name, l: &l [1]}\nm:\n  *k : 1\n  *l : 2\n  *l : 3\n"
    docs, problems = read_yaml(text)
    assert docs[0].value["m"] == {"name": 1, "*l": 3}
    assert [(p.rule, text[p.span[0]:p.span[1]]) for p in problems] == [("duplicate-key", "*l")]
    assert problems[0].span[0] == text.rindex("*l")
    members = locate(docs[0].root, ("m",))
    assert members is not None
    assert [text[m.key_span[0]:m.key_span[1]] for m in members.node.members()] == [
        "*k", "*l", "*l"]
