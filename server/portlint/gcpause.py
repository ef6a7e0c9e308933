"""Pausing Python's cyclic garbage collector while a document is linted.

A lint allocates hundreds of thousands of containers — the decoded value, subschema positions,
reports — and keeps many of them alive until it returns, but makes almost no reference cycles.
Each collection the allocations trigger walks every tracked container alive, the whole decoded
document included, and frees nothing: on the 1 MB benchmark document that is a few percent of
the lint. So the collector is paused for the duration of a lint (as Mercurial does for its bulk
parsers) and resumed afterwards, when anything cyclic made meanwhile is collected as usual.
Reference counting — which frees everything that is not in a cycle — is unaffected.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ParamSpec, TypeVar

    P = ParamSpec("P")
    R = TypeVar("R")


def without_gc(function: Callable[P, R]) -> Callable[P, R]:
    """Run ``function`` with the cyclic collector paused (nested calls leave it paused; the
    outermost call restores what it found)."""

    @wraps(function)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused
