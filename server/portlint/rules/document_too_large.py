"""A document beyond portlint's size or depth limits: it is not linted.

## What it does

Reports, once, what portlint would not check in full, and where it stopped:

- a document larger than `max-document-chars` (10,000,000 characters by default) — a file so large
  that it cannot hold fewer characters is not even read, only its size looked at;
- a YAML document nested deeper than 1,000 levels (libyaml's limit);
- a document whose findings nest so deep that reporting every one would take output quadratic in
  its size (a finding at every level of a schema 100,000 levels deep): reporting stops at a budget
  proportional to the document, at the first finding past it;
- a schema whose values nest deeper than a rule can follow (its findings there are missing);
- Python or TypeScript code that parses but nests deeper than portlint's reader can follow (a
  string joined from thousands of `+` terms): the file is not read.

JSON has no depth limit: it is parsed, walked and placed without recursion, in time and memory
linear in its size.

## Why it matters

An editor lints on every keystroke. Hostile or accidental inputs — a 20 MB generated file, a
10,000-deep nesting — must be answered in bounded time and memory, with a clear reason, instead of
freezing the editor or the CI job.

## Clients affected

No tool list this large or deep is accepted in practice: OpenAI strict mode limits nesting to 10
levels (an OpenAI maintainer in openai/openai-java#732) and the Gemini API refuses excess nesting
depth (googleapis/js-genai#882).

## Example

A 25 MB `tools.json`, or a YAML file with 5,000 nested flow sequences.

## Fix safety

No automatic fix. Split the tools over several files, or raise the limit in the configuration.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem

FLATTEN = ("Flatten the schema (move shared parts under `$defs`); no client reads a tool schema "
           "this deep.")


def describe(problem: SourceProblem) -> tuple[str, str]:
    if problem.variant == "characters":
        return problem.message, ("Split the tools over several files, or raise "
                                 "`max-document-chars` in the configuration.")
    if problem.variant == "code":
        return problem.message, ("Split the deepest expression (a long chain of `+`, a deeply "
                                 "nested literal) over names of its own.")
    return problem.message, FLATTEN


def budget_spent(spent: int, free_steps: int) -> str:
    """The message where reporting stopped: the document's findings name too long paths."""
    return ("Reporting stops here: this document nests so deep that its findings so far name "
            f"paths {spent:,} steps long in all (not counting their first {free_steps}), the "
            "most portlint reports for a document of this size. What follows was not checked.")


def rule_too_deep(rule_id: str) -> str:
    """The message where a rule could not follow a schema's nesting."""
    return (f"The rule `{rule_id}` could not check this schema: its values nest deeper than the "
            "rule can follow, so its findings here are missing.")


RULE = Rule(
    id="document-too-large",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
