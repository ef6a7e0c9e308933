"""Paths into the third-party data of the ``shared_data`` layer (see ``layers.py``).

Importing this never fails: without the data the paths point nowhere (``ABSENT``) and
``corpus_files()`` is empty, and the tests that use them — marked ``shared_data`` — are skipped
before they run (or fail, where ``PORTLINT_REQUIRE`` names ``shared``). A test reads these only
inside its own body, never while the module is imported.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.layers import shared_root

ABSENT = Path("/PORTLINT_SHARED-is-not-set")
SHARED = shared_root() or ABSENT
CORPUS = SHARED / "corpus"
SCHEMA_TEST_SUITE = SHARED / "json-schema-test-suite"


def available() -> bool:
    return SHARED != ABSENT


def corpus_files() -> list[Path]:
    if not available():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in
                  (".json", ".yaml", ".yml", ".snap"))
