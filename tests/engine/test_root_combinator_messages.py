"""root-combinator's message names the combinator with its article and counts its branches in
the right number; a one-entry `allOf` whose entry is itself an `allOf` gets no merge fix (the
merged root would be the same finding again)."""

from __future__ import annotations

import json
from typing import Any

from portlint.linter import lint_text
from portlint.settings import Settings

_ONLY = Settings(select=frozenset(("root-combinator",)))


def _findings(schema: dict[str, Any]) -> list[tuple[str, str, tuple[str, ...]]]:
    text = json.dumps({"name": "t", "inputSchema": schema})
    return [(f.rule, f.message.split(". ")[0], tuple(x.title for x in f.fixes))
            for f in lint_text(text, "t.json", _ONLY).findings]


def test_one_entry_is_one_branch() -> None:
    schema = {"type": "object", "allOf": [{"properties": {"q": {"type": "string"}}}]}
    assert _findings(schema) == [(
        "root-combinator", "The input schema's root is an `allOf` of 1 branch",
        ("Merge the single `allOf` entry into the root (same contract)",))]


def test_two_entries_are_branches() -> None:
    schema = {"type": "object", "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    rule, sentence, _ = _findings(schema)[0]
    assert (rule, sentence) == ("root-combinator",
                                "The input schema's root is an `anyOf` of 2 branches")


def test_an_entry_that_is_itself_an_allof_is_not_merged() -> None:
    schema = {"type": "object", "allOf": [{"allOf": [{"properties": {"q": {}}}]}]}
    assert _findings(schema) == [(
        "root-combinator", "The input schema's root is an `allOf` of 1 branch", ())]
