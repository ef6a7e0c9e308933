"""Regenerate docs/rules/*.md and the README's rules table from the rule docstrings, and
docs/clients.md from the committed observations and the client profiles.

Run after changing a rule's module docstring, a profile, or the observations:
``python scripts/generate_docs.py``. The test suite fails while the committed files differ from
what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # conformance/ (not in the wheel) beside the package

from conformance.clients_doc import render  # noqa: E402

from portlint.ruledocs import generated_docs, with_rules_table  # noqa: E402


def main() -> None:
    docs = ROOT / "docs" / "rules"
    docs.mkdir(parents=True, exist_ok=True)
    wanted = generated_docs()
    for stale in docs.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    for name, content in wanted.items():
        (docs / name).write_text(content, encoding="utf-8")
    (ROOT / "docs" / "clients.md").write_text(render(), encoding="utf-8")
    readme = ROOT / "README.md"
    readme.write_text(with_rules_table(readme.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
