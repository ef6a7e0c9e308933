"""How fastmcp (3.2.4 on, through griffe) splits a docstring into a description and argument
descriptions, release rule by release rule. The recordings of
tests/python/servers/f4-docsections prove the same shapes against the real releases."""

from __future__ import annotations

import pytest

from portlint.python.docstrings import Parsed, parse_docstring

RETURNS_ONLY = """List the stored items.

    Secrets are never shown.

    Returns:
        JSON with every item
    """


def test_a_docstring_without_parameters_is_kept_whole_until_4_1() -> None:
    whole = "List the stored items.\n\nSecrets are never shown.\n\nReturns:\n    JSON with every item"
    assert parse_docstring(RETURNS_ONLY, "parameters") == Parsed(whole, {})
    for rule in ("sections", "named-sections"):
        assert parse_docstring(RETURNS_ONLY, rule) == Parsed(
            "List the stored items.\n\nSecrets are never shown.", {})


def test_continuation_lines_lose_twice_the_entry_indent_or_all_of_a_smaller_one() -> None:
    doc = """Summary.

    Args:
        first: One.
            Two.
        second: One.
                  Two.
        third: One.
          Two.
        fourth: One.

            After a blank line.

    Returns:
        Text.
    """
    assert parse_docstring(doc, "parameters") == Parsed("Summary.", {
        "first": "One.\nTwo.", "second": "One.\n      Two.", "third": "One.\nTwo.",
        "fourth": "One.\n\nAfter a blank line."})


def test_entry_names_with_types_and_spaces() -> None:
    doc = """Summary.

    Args:
        a (int): Typed.
        b (str, optional): Optional.
        c : Space before the colon.
        d:
        e:Tight.
    """
    assert parse_docstring(doc, "named-sections").parameters == {
        "a": "Typed.", "b": "Optional.", "c ": "Space before the colon.", "d": "", "e": "Tight."}


@pytest.mark.parametrize(("rule", "description"), [
    ("parameters", "Read.\n\nRules:\n    - no binaries"),
    ("sections", "Read."),
    ("named-sections", "Read.\n\nRules:\n    - no binaries"),
])
def test_a_prose_heading_is_an_admonition_only_4_1_0_to_4_1_6_split_at(
        rule: str, description: str) -> None:
    doc = "Read.\n\nRules:\n    - no binaries\n"
    assert parse_docstring(doc, rule) == Parsed(description, {})  # type: ignore[arg-type]


def test_an_admonition_ends_the_description_where_parameters_are_documented() -> None:
    doc = "Read.\n\nRules:\n    - none\n\nNote:\n    Text.\n\nArgs:\n    path: Where.\n"
    for rule in ("parameters", "sections", "named-sections"):
        assert parse_docstring(doc, rule) == Parsed("Read.", {"path": "Where."})  # type: ignore[arg-type]
    assert parse_docstring("Read.\n\nNote:\n    Text.\n", "named-sections") == Parsed("Read.", {})


def test_keyword_args_are_no_parameters() -> None:
    doc = "Read.\n\nKeyword Args:\n    mode: How.\n"
    assert parse_docstring(doc, "parameters") == Parsed(doc.strip(), {})
    assert parse_docstring(doc, "named-sections") == Parsed("Read.", {})


@pytest.mark.parametrize("doc", [
    "Read.\nArgs:\n    path: Where.",  # no blank line above
    "Read.\n\nArgs:\n\n    path: Where.",  # a blank line below
    "Read.\n\n```\nArgs:\n    path: Where.\n```",  # inside a fence
])
def test_headings_griffe_does_not_take_for_sections(doc: str) -> None:
    assert parse_docstring(doc, "named-sections") == Parsed(doc, {})


def test_an_entry_without_a_colon_is_dropped_with_its_continuation() -> None:
    doc = "Read.\n\nArgs:\n    path is where\n        and more.\n    mode: How.\n"
    assert parse_docstring(doc, "parameters") == Parsed("Read.", {"mode": "How."})


def test_a_docstring_that_opens_with_a_heading_is_kept_whole() -> None:
    # griffe cleans the cleaned docstring again: the entries under a first-line heading lose
    # their indent, and with it the section
    assert parse_docstring("\n    Args:\n        path: Where.\n", "named-sections") == Parsed(
        "Args:\n    path: Where.", {})
    assert parse_docstring("Args:\n    path: Where.\n", "named-sections") == Parsed(
        "Args:\npath: Where.", {})


def test_text_after_the_sections_is_not_described() -> None:
    assert parse_docstring("Read.\n\nArgs:\n    path: Where.\n\nClosing.", "parameters") == \
        Parsed("Read.", {"path": "Where."})


def test_numpy_style() -> None:
    doc = """Read.

    Parameters
    ----------
    path : str
        Where.
        More.
    x, y : int
        Both.

    Returns
    -------
    str
        The text.
    """
    assert parse_docstring(doc, "parameters") == Parsed(
        "Read.", {"path": "Where.\nMore.", "x": "Both.", "y": "Both."})
    returns = "Read.\n\nReturns\n-------\nstr\n    The text."
    assert parse_docstring(returns, "parameters") == Parsed(returns, {})
    assert parse_docstring(returns, "named-sections") == Parsed("Read.", {})
    usage = "Read.\n\nUsage\n-----\nGive a path."
    assert parse_docstring(usage, "sections") == Parsed("Read.", {})
    assert parse_docstring(usage, "named-sections") == Parsed(usage, {})


def test_sphinx_style() -> None:
    doc = """Read.

    :param path: Where,
        and more.
    :type path: str
    :param str mode: How.
    :param mode: Again.
    :returns: The text.

    Trailing prose.
    """
    assert parse_docstring(doc, "parameters") == Parsed(
        "Read.", {"path": "Where,\nand more.", "mode": "How."})
    returns = "Read.\n\n:returns: The text.\n:rtype: str"
    assert parse_docstring(returns, "parameters") == Parsed(returns, {})
    assert parse_docstring(returns, "sections") == Parsed("Read.", {})


def test_tabs_are_expanded_first() -> None:
    doc = "Read.\n\n\tArgs:\n\t\tpath: Where,\n\t\t\tand more.\n"
    assert parse_docstring(doc, "parameters") == Parsed("Read.", {"path": "Where,\nand more."})


def test_an_empty_docstring_has_no_description() -> None:
    assert parse_docstring("", "named-sections") == Parsed(None, {})
