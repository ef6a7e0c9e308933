"""Measuring work, not time: how many calls (Python functions and C functions alike) something
makes, as ``sys.setprofile`` counts them. The count is the same on a fast and a slow machine and
under any load, so a test can hold a cost to be linear: scale the input 10× and the work must
grow about 10×, not 100×."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def work(action: Callable[[], object]) -> int:
    """The profile events (calls and returns, Python and C) while ``action`` runs."""
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        count += 1

    gc.collect()
    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return count


def growth(make: Callable[[int], Callable[[], object]], n: int, factor: int = 10) -> float:
    """How much more work the action made for ``factor * n`` does than the one made for ``n``
    (each run once untimed first, so one-off costs — imports, caches — are not counted)."""
    small, large = make(n), make(factor * n)
    small()
    large()
    return work(large) / work(small)


def assert_linear(make: Callable[[int], Callable[[], object]], n: int, factor: int = 10,
                  slack: float = 1.4) -> float:
    """Fail unless the work grows at most ``slack`` times faster than the input."""
    ratio = growth(make, n, factor)
    assert ratio <= factor * slack, (
        f"{factor}x the input made {ratio:.1f}x the work: more than linear")
    return ratio
