"""`portlint explain` reads pasted text of any length in time linear in it: each format's pattern
on 200,000 characters of the runs that made the old ones backtrack — quadratic (40,000 dots took
half a minute; 200,000 take many minutes) or exponential (`tools.0.` 25 times at a line's start
never ended). Not timed: at this size a regression does not end within the suite's time limit,
and each case asserts the exact reading, so a faster wrong answer fails too."""

from __future__ import annotations

import pytest

from portlint.explain.evidence import signature
from portlint.explain.parse import Ordinal, parse_errors

SIZE = 200_000


def _run(piece: str) -> str:
    return piece * (SIZE // len(piece))


@pytest.mark.parametrize("piece", [
    ".", "a", "$", " ", "\n", "tools.0.", "tools.0", "any_of[0]", "a value must be ",
    "a value must be [", "- ", "✖ a", "ZodError: path [", "Invalid regular expression: /a",
    "dropping tool 'a'", 'Skipping tool "a": its input schema would be rejected by the '
    "Anthropic API (schema/a ", "tools.0.custom.input_schema.a", "ValueError: Invalid type: [",
    "validation errors for JSONSchema a.enum[",
])
def test_a_long_run_that_is_no_error_is_read_as_none(piece: str) -> None:
    assert parse_errors(_run(piece)) == []


def test_many_path_steps_at_a_line_start_are_read_once() -> None:
    # `(?:\.[^\s\[]+)*`: each split of `.tools.0.tools...` was tried (2^n of them)
    assert parse_errors("tools.0" + ".tools.0" * 30 + "\n") == []
    assert parse_errors("tools.0" + "\n" * SIZE + "x") == []
    assert parse_errors("tools.0\n" + " " * SIZE + "x") == []


def test_an_unclosed_context_is_read_as_the_message() -> None:
    text = _run("Invalid schema for function 'a': In context=(")
    assert [(e.format.id, e.tool, e.message, e.has_path) for e in parse_errors(text)] == [
        ("openai-invalid-schema", "a", text[text.index("In context"):], False)]


def _one(text: str) -> tuple[str, tuple[object, ...], str, object]:
    [error] = parse_errors(text)
    return error.format.id, error.path, error.message, error.quoted


def test_an_error_after_a_long_run_is_read_whole() -> None:
    gemini = ("tools[0].function_declarations[0].parameters.properties[1].value.any_of[1]"
              ".required: only allowed for OBJECT type")
    assert _one(_run(".") + " * GenerateContentRequest." + gemini) == (
        "gemini-required-object", ("properties", Ordinal(1), "anyOf", 1),
        "GenerateContentRequest." + gemini, None)
    assert _one(_run("a") + " enum value must be [\"array\"]")[0::3] == (
        "sdk-v1-output-schema-keyword-type", ("enum", ("array",)))
    keyword, types = _one(_run("a") + "b value must be [\"array\"]")[3]  # type: ignore[misc]
    assert (len(keyword), types) == (SIZE + 1, ("array",))
    [error] = parse_errors(_run(" \n") + "tools.0.inputSchema.properties.a\n  Input should be "
                           "a valid dictionary" + " " * SIZE + "[type=dict_type, input_value=1]")
    assert (error.format.id, error.tool_index, error.role, error.path, error.message) == (
        "python-sdk-pydantic", 0, "input", ("properties", "a"),
        "Input should be a valid dictionary")


def test_vscode_items_are_read_line_by_line() -> None:
    text = ("Tool `t` has invalid JSON parameters:\n - Matches multiple schemas when only one "
            "must validate. (at /properties/a)\n - Incorrect type. Expected \"object\"."
            + " " * SIZE + "\n - at the root (at /)")
    assert [(e.message, e.path, e.has_path) for e in parse_errors(text)] == [
        ("Matches multiple schemas when only one must validate.", ("properties", "a"), True),
        ('Incorrect type. Expected "object".', (), False),
        ("at the root", (), True)]


def test_the_evidence_signature_masks_a_long_path_once() -> None:
    [error] = parse_errors("Structured content does not match the tool's output schema: "
                           + "-." + _run("a.") + "/b is wrong")
    assert signature(error) == (
        "sdk-structured-content-mismatch||-.P is wrong")


def test_a_log_of_many_errors_is_read_in_one_pass() -> None:
    # each error read was compared with every one read before it (20,000 took minutes): the
    # stretches read are searched, not scanned; each error is read once, in text order
    error = ("Unknown name \"exclusiveMinimum\" at 'tools[0].function_declarations[0]"
             ".parameters.properties[{}].value': Cannot find field.\n")
    count = 20_000
    found = parse_errors("".join(error.format(i) for i in range(count)))
    assert [(e.format.id, e.path) for e in found] == [
        ("gemini-unknown-name", ("properties", Ordinal(i), "exclusiveMinimum"))
        for i in range(count)]
