"""`portlint serve` with one rule that writes to stdout three ways (print, sys.stdout.buffer,
file descriptor 1), for the test that only protocol messages reach the client."""

from __future__ import annotations

import os
import sys
from typing import Any

from portlint import linter, rules
from portlint.cli.main import main


def _noisy(check: Any) -> Any:
    def run(ctx: Any) -> Any:
        print("print() from a rule")
        sys.stdout.buffer.write(b"sys.stdout.buffer from a rule\n")
        sys.stdout.flush()
        os.write(1, b"Content-Length: 2\r\n\r\n{}")  # even a forged frame
        return check(ctx)
    return run


rules.SCHEMA_RULES = linter.SCHEMA_RULES = tuple(  # type: ignore[misc]
    r._replace(check=_noisy(r.check)) if r.id == "boolean-schema" else r
    for r in rules.SCHEMA_RULES)

if __name__ == "__main__":
    sys.exit(main(["serve"]))
