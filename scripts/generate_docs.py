"""Regenerate docs/rules/*.md and the README's rules table from the rule docstrings.

Run after changing a rule's module docstring: ``python scripts/generate_docs.py``. The test
suite fails while the committed files differ from what this writes.
"""

from __future__ import annotations

from pathlib import Path

from portlint.ruledocs import generated_docs, with_rules_table

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    docs = ROOT / "docs" / "rules"
    docs.mkdir(parents=True, exist_ok=True)
    wanted = generated_docs()
    for stale in docs.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    for name, content in wanted.items():
        (docs / name).write_text(content, encoding="utf-8")
    readme = ROOT / "README.md"
    readme.write_text(with_rules_table(readme.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
