"""A rule failed on a schema, or a reader on a file: a bug in portlint, contained and reported.

## What it does

When a rule raises an exception on a schema, the exception is caught, this finding is reported at
the schema's root naming the rule, and the other rules' findings are kept. When the reader of a
format (the Python or TypeScript analysis, say) raises one on a file, the file is reported with
this finding at its start instead of stopping the run or the language server. The traceback goes
to the log (the language server's; on the command line, stderr).

## Why it matters

One broken rule must not hide every other finding or stop the language server. The finding makes
the failure visible instead of silently reporting a clean schema.

## Clients affected

None: this is about portlint itself. Please report it with the schema that triggered it.

## Example

Any schema on which a rule raises.

## Fix safety

No fix. Disable the failing rule with `--ignore RULE` until a fixed portlint is released.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def message(rule_id: str) -> str:
    return (f"The rule `{rule_id}` failed on this schema, so its findings here are missing. "
            "This is a bug in portlint; the traceback is in the log.")


def suggestion(rule_id: str) -> str:
    return f"Report it with this schema; `--ignore {rule_id}` silences the rule meanwhile."


def describe(problem: SourceProblem) -> tuple[str, str]:
    """A reader's failure on a file: ``problem.message`` names the reader and the error."""
    return (f"{problem.message}, so nothing in this file was checked. This is a bug in "
            "portlint; the traceback is in the log.",
            "Report it with this file.")


RULE = Rule(
    id="internal-error",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
