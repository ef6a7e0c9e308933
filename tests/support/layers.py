"""The test layers beyond the default suite, and whether a missing one skips or fails.

The default suite stands alone: a fresh clone with nothing beside it. Three layers need more and
are marked so:

* ``shared_data`` — third-party data kept outside the repository (the public tool-schema corpus,
  the JSON-Schema-Test-Suite, the measured catalogs). Found through ``$PORTLINT_SHARED``, else a
  ``shared/`` folder holding ``corpus/`` beside the repository or one of its ancestors.
* ``live_oracle`` — runs someone else's code (an MCP client, fastmcp, the MCP SDKs, Zod) from a
  cached environment and compares it with the committed recording. Runs when
  ``$PORTLINT_LIVE=1`` (it installs from the package registries on first use).
* ``editors`` — drives real editors (Neovim, code-server); see ``tests/editors/support.py``.

Without what it needs a layer's tests skip, saying in one line what is missing. Where the layer
is required — ``$PORTLINT_REQUIRE`` lists ``shared``, ``live`` (comma-separated), as CI sets it —
the same test fails instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def required(layer: str) -> bool:
    wanted = os.environ.get("PORTLINT_REQUIRE", "")
    return layer in {part.strip() for part in wanted.split(",")}


def unavailable(layer: str, why: str) -> None:
    """Skip (or, where the layer is required, fail) the running test."""
    if required(layer):
        pytest.fail(f"{why}, and PORTLINT_REQUIRE names {layer!r}")
    pytest.skip(why)


def shared_root() -> Path | None:
    """The folder holding the third-party data, or None."""
    candidates: list[Path] = []
    if os.environ.get("PORTLINT_SHARED"):
        candidates.append(Path(os.environ["PORTLINT_SHARED"]))
    candidates.extend(ancestor / "shared" for ancestor in REPO.parents)
    for candidate in candidates:
        if (candidate / "corpus").is_dir():
            return candidate
    return None


def live_enabled() -> bool:
    return os.environ.get("PORTLINT_LIVE") == "1" or required("live")
