"""Where the shared corpus and test suite live (outside the repository)."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[3] / "shared"
CORPUS = SHARED / "corpus"
SCHEMA_TEST_SUITE = SHARED / "json-schema-test-suite"


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in
                  (".json", ".yaml", ".yml", ".snap"))
