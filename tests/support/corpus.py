"""Where the shared corpus and the JSON Schema Test Suite live (beside the repository).

Looked up, in order: ``$PORTLINT_SHARED``; a ``shared/`` folder holding ``corpus/`` next to the
repository or next to any of its ancestors; ``/work/shared``. A missing folder fails the tests
that need it with this message rather than skipping them.
"""

from __future__ import annotations

import os
from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]


def _find_shared() -> Path:
    candidates: list[Path] = []
    if os.environ.get("PORTLINT_SHARED"):
        candidates.append(Path(os.environ["PORTLINT_SHARED"]))
    candidates.extend(ancestor / "shared" for ancestor in _REPO.parents)
    candidates.append(Path("/work/shared"))
    for candidate in candidates:
        if (candidate / "corpus").is_dir():
            return candidate
    raise RuntimeError("portlint tests need the shared corpus: set PORTLINT_SHARED to the folder "
                       f"holding corpus/ and json-schema-test-suite/ (looked in {candidates})")


SHARED = _find_shared()
CORPUS = SHARED / "corpus"
SCHEMA_TEST_SUITE = SHARED / "json-schema-test-suite"


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in
                  (".json", ".yaml", ".yml", ".snap"))
