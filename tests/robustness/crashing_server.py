"""`portlint serve` with one rule made to raise, for the crash-containment test."""

from __future__ import annotations

import sys
from typing import Any

from portlint import linter, rules
from portlint.cli.main import main


def _boom(ctx: Any) -> Any:
    raise RuntimeError("injected failure in boolean-schema")


def _crashing() -> tuple[rules.Rule, ...]:
    return tuple(r._replace(check=_boom) if r.id == "boolean-schema" else r
                 for r in rules.SCHEMA_RULES)


rules.SCHEMA_RULES = linter.SCHEMA_RULES = _crashing()  # type: ignore[misc]

if __name__ == "__main__":
    sys.exit(main(["serve"]))
