"""The test layers beyond the default suite, and whether a missing one skips or fails.

The default suite stands alone: a fresh clone with nothing beside it, reading only the
repository, the temporary directory and installed packages (``tests/support/readaudit.py``
fails a test that reads anything else). Three layers need more:

* ``shared_data`` (marker) — third-party data kept outside the repository: the public tool-schema
  corpus, the JSON-Schema-Test-Suite, the measured catalogs. Found through ``$PORTLINT_SHARED``
  (the folder holding ``corpus/``), else a ``shared/`` folder holding ``corpus/`` beside the
  repository or beside one of its ancestors (where a checkout next to the data finds it).
* ``live_oracle`` (marker) — runs someone else's code (an MCP client, fastmcp, the MCP SDKs, Zod)
  from a cached environment and compares it with the committed recording. Runs when
  ``$PORTLINT_LIVE=1`` (it installs from the package registries on first use).
* ``editors`` — drives real editors (Neovim, code-server), installed by
  ``editors/install-test-editors.sh``; see ``tests/editors/support.py``.

Without what it needs a layer's tests skip, with one reason per layer (pytest's ``-ra`` summary
shows it as one line). Where the layer is required — ``$PORTLINT_REQUIRE`` lists ``shared``,
``live``, ``editors`` (comma-separated), as ``.ci/run`` sets it — the same tests fail instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LAYERS = ("shared", "live", "editors")
WHY = {
    "shared": "shared layer skipped: set PORTLINT_SHARED to the folder holding corpus/ and "
              "json-schema-test-suite/ to run the tests on third-party data",
    "live": "live layer skipped: PORTLINT_LIVE=1 runs the real clients and frameworks",
}


def required(layer: str) -> bool:
    wanted = os.environ.get("PORTLINT_REQUIRE", "")
    return layer in {part.strip() for part in wanted.split(",")}


def unavailable(layer: str, why: str) -> None:
    """Skip (or, where the layer is required, fail) the running test."""
    if required(layer):
        pytest.fail(f"{why}, and PORTLINT_REQUIRE names {layer!r}", pytrace=False)
    pytest.skip(why)


def shared_root() -> Path | None:
    """The folder holding the third-party data, or None."""
    configured = os.environ.get("PORTLINT_SHARED")
    if configured:
        return Path(configured) if (Path(configured) / "corpus").is_dir() else None
    for ancestor in REPO.parents:
        if (ancestor / "shared" / "corpus").is_dir():
            return ancestor / "shared"
    return None


def live_enabled() -> bool:
    return os.environ.get("PORTLINT_LIVE") == "1" or required("live")
