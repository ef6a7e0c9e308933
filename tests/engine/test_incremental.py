"""Incremental re-lint (per-tool cache) gives exactly what a full lint gives, edit after edit."""

from __future__ import annotations

import json
import random

from portlint.incremental.tool_cache import ToolCache
from portlint.linter import lint_text
from tests.support.generated import large_tool_list

BIG = large_tool_list()  # 640 tools, ~0.9 MB


def _same(text: str, cache: ToolCache) -> None:
    incremental = cache.lint(text, "t.json")
    full = lint_text(text, "t.json")
    assert incremental.findings == full.findings
    assert [f.key_offset for f in incremental.findings] == [f.key_offset for f in full.findings]


def test_edits_inside_tools_reuse_the_others() -> None:
    cache = ToolCache()
    text = BIG
    _same(text, cache)
    rng = random.Random(7)
    anchors = [i for i in range(len(text)) if text.startswith('"description": "', i)]
    for step in range(25):
        at = rng.choice(anchors) + len('"description": "')
        text = text[:at] + rng.choice("ab é😀") + text[at:]
        anchors = [a + (1 if a > at else 0) for a in anchors]
        _same(text, cache)
        assert cache.misses <= 1, step  # only the edited tool was checked again
        assert cache.hits >= 600


def test_structural_edits() -> None:
    cache = ToolCache()
    document = json.loads(BIG)
    text = json.dumps(document, indent=2)
    _same(text, cache)
    # a finding appears in one tool
    document["tools"][5]["inputSchema"]["properties"]["new"] = True
    text = json.dumps(document, indent=2)
    _same(text, cache)
    # a tool is inserted at the front: every index (and so every path) moves
    document["tools"].insert(0, {"name": "first", "inputSchema": {"type": "array"}})
    text = json.dumps(document, indent=2)
    _same(text, cache)
    # broken mid-typing, then repaired
    _same(text[:-10], cache)
    _same(text, cache)
    # a tool is removed; the file becomes one line
    del document["tools"][3]
    text = json.dumps(document)
    _same(text, cache)


def test_settings_change_invalidates() -> None:
    from portlint.settings import Settings

    cache = ToolCache()
    cache.lint(BIG, "t.json")
    narrowed = cache.lint(BIG, "t.json", Settings(select=frozenset({"type-union"})))
    assert {f.rule for f in narrowed.findings} == {"type-union"}
    assert cache.hits == 0


# --- lint_edit: a new version derived from the previous one -----------------------------------

from portlint.incremental.edits import (  # noqa: E402
    LintedVersion,
    changed_region,
    lint_edit_from,
)
from portlint.settings import Settings  # noqa: E402


def _full(text: str) -> LintedVersion:
    cache = ToolCache()
    return LintedVersion(cache.lint(text, "t.json"), cache.tool_spans)


def _step(previous, text: str) -> tuple[object, bool]:  # type: ignore[no-untyped-def]
    derived_version = lint_edit_from(previous, text, Settings())
    full_version = _full(text)
    if derived_version is None:
        return full_version, False
    derived, full = derived_version.result, full_version.result
    assert derived.findings == full.findings
    assert [f.key_offset for f in derived.findings] == [f.key_offset for f in full.findings]
    assert derived_version.tool_spans == full_version.tool_spans
    assert [t.label for t in derived.tools] == [t.label for t in full.tools]
    assert [r.path for r in derived.shapes[0].roots] == [r.path for r in full.shapes[0].roots]
    assert derived.source.documents[0].value == full.source.documents[0].value
    return derived_version, True


def test_changed_region() -> None:
    assert changed_region("abc", "abc") is None
    assert changed_region("abcdef", "abXdef") == (2, 3, 3)
    assert changed_region("abcdef", "abdef") == (2, 3, 2)
    assert changed_region("aaaa", "aaaaa") == (4, 4, 5)
    long_old = "x" * 10_000 + "A" + "y" * 10_000
    assert changed_region(long_old, long_old.replace("A", "BB")) == (10_000, 10_001, 10_002)


def test_edits_inside_one_tool_take_the_fast_path_and_match_a_full_lint() -> None:
    rng = random.Random(11)
    text = BIG
    result = _full(text)
    fast = 0
    for _ in range(40):
        starts = [i + len('"description": "') for i in range(len(text))
                  if text.startswith('"description": "', i)]
        at = rng.choice(starts)
        if rng.random() < 0.5 or text[at] in '"\\':
            text = text[:at] + rng.choice(["x", "é", "😀", " words "]) + text[at:]
        else:
            text = text[:at] + text[at + 1:]
        result, used = _step(result, text)
        fast += used
    assert fast == 40


def test_schema_edits_move_findings_in_and_out() -> None:
    document = json.loads(BIG)
    text = json.dumps(document, indent=2)
    result = _full(text)
    steps = [
        lambda d: d["tools"][10]["inputSchema"].setdefault("properties", {}).update(
            {"added": True}),
        lambda d: d["tools"][10]["inputSchema"]["properties"].update(
            {"nullable": {"type": ["string", "null"]}}),
        lambda d: d["tools"][10]["inputSchema"].update({"type": "array"}),
        lambda d: d["tools"][10].update({"name": "renamed"}),
        lambda d: d["tools"][10]["inputSchema"]["properties"].pop("added"),
        lambda d: d["tools"][600]["inputSchema"].update({"description": "late edit"}),
    ]
    fast = 0
    for change in steps:
        change(document)
        text = json.dumps(document, indent=2)
        result, used = _step(result, text)
        fast += used
    assert fast == len(steps)


def test_edits_that_need_a_full_lint_are_refused() -> None:
    result = _full(BIG)
    broken = BIG.replace('"description": "', '"description": ', 1)  # a tool stops parsing
    assert lint_edit_from(result, broken, Settings()) is None
    between = BIG.replace("[\n", "[ \n", 1)  # outside every tool
    assert lint_edit_from(result, between, Settings()) is None
    assert lint_edit_from(result, BIG, Settings()) is None  # nothing changed


def test_composed_edit_regions_cover_every_change() -> None:
    from portlint.lsp.document import _compose

    rng = random.Random(3)
    for _ in range(3000):
        old = "".join(rng.choice("ab\n") for _ in range(rng.randint(0, 12)))
        text = old
        region = None
        for _ in range(rng.randint(1, 4)):
            start = rng.randint(0, len(text))
            end = rng.randint(start, len(text))
            inserted = "".join(rng.choice("xy\n") for _ in range(rng.randint(0, 3)))
            text = text[:start] + inserted + text[end:]
            region = _compose(region, start, end, len(inserted))
        assert isinstance(region, tuple)
        s, old_end, new_end = region
        assert old[:s] == text[:s]
        assert old[old_end:] == text[new_end:]
        assert len(old) - old_end == len(text) - new_end


def test_a_name_that_starts_or_stops_being_shared() -> None:
    """tool-name's duplicate finding depends on the other tools of the list: renaming one tool
    changes another tool's findings, and the cache must follow."""
    cache = ToolCache()
    document = json.loads(BIG)
    text = json.dumps(document, indent=2)
    _same(text, cache)
    document["tools"][7]["name"] = document["tools"][2]["name"]  # tool 7 now repeats tool 2
    text = json.dumps(document, indent=2)
    _same(text, cache)
    assert any(f.rule == "tool-name" and f.path == "name" for f in cache.lint(text, "t.json")
               .findings)
    document["tools"][2]["name"] = "renamed"  # tool 7 is unique again, its text unchanged
    text = json.dumps(document, indent=2)
    _same(text, cache)
