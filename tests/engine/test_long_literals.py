"""Number literals of any length: read in linear time without `int()`'s 4,300-digit limit (JSON
and YAML, decimal and YAML's other bases), compared truthfully with ordinary numbers, shown in
messages, and written back by fixes exactly as they were written."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from portlint.fixer import fix_all
from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.source.numbers import LongInteger, SpelledInteger, json_text, parse_json_int
from tests.robustness.work import assert_linear

HUGE = "9" * 5000


def test_long_integers_compare_as_numbers() -> None:
    big, negative, bigger = (LongInteger.parse(HUGE), LongInteger.parse("-" + HUGE),
                             LongInteger.parse("1" + "0" * 5000))
    assert isinstance(big, int) and not isinstance(big, bool)
    assert big > 10**4000 > negative and big > 1e308 and big < float("inf")
    assert negative < big < bigger and sorted([bigger, 5, big, negative]) == [negative, 5, big,
                                                                             bigger]
    assert big == LongInteger.parse(HUGE) and hash(big) == hash(LongInteger.parse(HUGE))
    assert big != bigger and big != 5 and -big == negative and abs(negative) == big
    assert str(big) == HUGE and f"{big}" == HUGE and repr(negative) == "-" + HUGE
    assert LongInteger.parse("0" * 6000 + "7") == 7  # leading zeros do not make it long
    with pytest.raises(TypeError):
        big + 1
    with pytest.raises(TypeError):
        1 + big


def test_json_text_spells_them_by_their_text() -> None:
    big = parse_json_int(HUGE)
    assert json_text({"maximum": big, "enum": [1, 2.5, None]}) == (
        '{"maximum": ' + HUGE + ', "enum": [1, 2.5, null]}')
    assert json_text(SpelledInteger.of(int("f" * 5000, 16), "0x" + "f" * 5000)) == "0x" + "f" * 5000


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_a_long_literal_is_linted_like_any_other(fmt: str) -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer", "enum": ["@", "a"],
                                                     "maximum": "@"}}}
    if fmt == "json":
        text = json.dumps({"name": "t", "inputSchema": schema}).replace('"@"', HUGE)
    else:
        text = ("name: t\ninputSchema:\n  type: object\n  properties:\n    n:\n      type: integer\n"
                f"      enum: [{HUGE}, a]\n      maximum: {HUGE}\n")
    result = lint_text(text, f"t.{fmt}", Settings(targets=("gemini",)))
    [finding] = [f for f in result.findings if f.rule == "enum-non-string"]
    assert finding.message.startswith("This `enum` holds values that are not strings (" + "9" * 77
                                      + "...); ")
    assert not [f for f in result.findings if f.rule in ("internal-error", "invalid-schema")]


def test_an_invalid_long_literal_is_reported_not_crashed_on() -> None:
    text = json.dumps({"name": "t", "inputSchema": {"type": "object", "properties": {
        "n": {"type": "string", "minLength": "@"}}}}).replace('"@"', "-" + HUGE)
    [finding] = [f for f in lint_text(text, "t.json").findings if f.rule == "invalid-schema"]
    assert "`minLength` must be at least 0, not -9999" in finding.message


@pytest.mark.parametrize(("literal", "kind"), [
    ("0x" + "f" * 5000, SpelledInteger), ("0o" + "7" * 6000, SpelledInteger),
    ("-" + HUGE, LongInteger), ("+" + HUGE, LongInteger)])
def test_yaml_integers_of_every_base(literal: str, kind: type) -> None:
    result = lint_text(f"name: t\ninputSchema:\n  type: object\n  maximum: {literal}\n", "t.yaml")
    value = result.source.documents[0].value["inputSchema"]["maximum"]
    assert isinstance(value, kind) and str(value) == literal


def test_yaml_1_1_integers() -> None:
    text = ("%YAML 1.1\n---\nname: t\ninputSchema:\n  type: object\n"
            f"  maximum: 0b{'1' * 20000}\n  minimum: {'1' * 5000}:30\n")
    value = lint_text(text, "t.yaml").source.documents[0].value["inputSchema"]
    assert value["maximum"] == int("1" * 20000, 2) and str(value["maximum"]) == "0b" + "1" * 20000
    assert isinstance(value["minimum"], LongInteger) and value["minimum"] > 10**5000


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_a_fix_copies_a_long_literal_exactly(fmt: str) -> None:
    if fmt == "json":
        text = '{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"const": ' + (
            HUGE + "}}}}")
    else:
        text = f"name: t\ninputSchema:\n  type: object\n  properties:\n    n: {{const: {HUGE}}}\n"
    outcome = fix_all(text, lambda t: lint_text(t, f"t.{fmt}", Settings(targets=("all",))))
    assert f"[{HUGE}]" in outcome.text and "const" not in outcome.text  # const → one-value enum


def test_reading_a_long_literal_is_linear() -> None:
    def make(n: int) -> Callable[[], object]:
        text = '{"name": "t", "inputSchema": {"type": "object", "maximum": ' + "7" * n + "}}"
        return lambda: lint_text(text, "t.json")

    assert_linear(make, 20_000)
