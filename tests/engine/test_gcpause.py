"""The collector is paused while a document is linted and restored afterwards, whatever
happens."""

from __future__ import annotations

import gc

import pytest

from portlint.gcpause import without_gc
from portlint.linter import lint_text


def test_a_lint_runs_with_the_collector_paused_and_restores_it() -> None:
    seen: list[bool] = []

    @without_gc
    def inner() -> str:
        seen.append(gc.isenabled())
        return "done"

    @without_gc
    def outer() -> str:
        seen.append(gc.isenabled())
        return inner()

    assert gc.isenabled()
    assert outer() == "done"
    assert seen == [False, False]
    assert gc.isenabled()
    lint_text('{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}', "t.json")
    assert gc.isenabled()


def test_the_collector_comes_back_when_the_lint_fails() -> None:
    @without_gc
    def failing() -> None:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        failing()
    assert gc.isenabled()


def test_a_paused_collector_is_left_paused() -> None:
    @without_gc
    def noop() -> bool:
        return gc.isenabled()

    gc.disable()
    try:
        assert noop() is False
        assert not gc.isenabled()
    finally:
        gc.enable()
