"""The hostile classes of issue 21, drawn at random (fixed seeds here; `bench/fuzz.py --hostile`
draws as many as wanted): deep nesting of every shape, integer literals longer than `int()`
converts, names made of control, bidirectional and reserved characters, and folders holding
pipes, device links, link loops, unreadable files and folders, over-long and odd names and
oversized files."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.cli.hostile_fs import shared_folder
from tests.robustness.generators import hostile_texts, hostile_tree
from tests.robustness.invariants import check_hostile, check_tree


@pytest.mark.parametrize("seed", range(6))
def test_hostile_texts(seed: int) -> None:
    for name, text in hostile_texts(random.Random(seed), max_depth=2000):
        check_hostile(text, name)


@pytest.mark.parametrize("seed", range(2))
def test_hostile_folders(seed: int) -> None:
    with shared_folder() as folder:
        expected = hostile_tree(folder, random.Random(seed))
        check_tree(folder, expected, unprivileged=True)


def test_a_folder_of_everything(tmp_path: Path) -> None:
    """Every hostile entry at once, as root when the tests run as root (the permission
    entries then read fine: only what is not a regular file is refused)."""
    rng = random.Random(99)
    rng.random = lambda: 0.0  # type: ignore[method-assign]  # every entry
    expected = hostile_tree(tmp_path, rng)
    if os.geteuid() == 0:
        expected = {p: v for p, v in expected.items() if p not in ("locked", "secret.json")}
    report = check_tree(tmp_path, expected, unprivileged=False)
    rules = {f["file"]: f["rule"] for f in report["findings"]}
    assert rules["huge.tools.json"] == "document-too-large"  # 64 MB: not read
