"""A lint leaves no reference cycle behind: the editor lints with the cyclic collector paused
(gcpause), so anything freed only by that collector would keep each version's text alive for
as long as the session types (the editing peak of bench/run.py grew by the text's size on every
keystroke when the fix renderer and its format writer referred to each other)."""

from __future__ import annotations

import gc
import json
import weakref

import pytest

from portlint.fixes.render import Renderer
from portlint.linter import lint_text
from portlint.readers import format_for, read_source
from portlint.settings import Settings

_TOOLS = json.dumps({"tools": [
    {"name": "search", "description": "Find things.",
     "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}},
                     "required": ["q", "missing"]}},
    {"name": "fetch", "inputSchema": {"type": "object"}},
]}, indent=2)


@pytest.fixture
def collector_paused():  # type: ignore[no-untyped-def]
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("filename", ["tools.json", "tools.yaml"])
def test_a_renderer_is_freed_by_reference_counting(collector_paused: None, filename: str) -> None:
    text = _TOOLS if filename.endswith(".json") else "tools:\n  - name: fetch\n" \
        "    inputSchema:\n      type: object\n"
    source = read_source(text, format_for(filename, text), Settings().limits, filename)
    renderer = Renderer(source, source.documents[0])
    freed = weakref.ref(renderer)
    del renderer
    assert freed() is None


def test_a_lint_with_fixes_leaves_nothing_for_the_cyclic_collector(collector_paused: None
                                                                   ) -> None:
    result = lint_text(_TOOLS, "tools.json")
    assert any(f.fixes for f in result.findings)  # the renderer really rendered fixes
    del result
    assert gc.collect() == 0
