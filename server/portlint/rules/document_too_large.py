"""A document beyond portlint's size or depth limits: it is not linted.

## What it does

Reports, once, what portlint would not check in full, and where it stopped:

- a document larger than `max-document-chars` (10,000,000 characters by default) — a file so large
  that it cannot hold fewer characters is not even read, only its size looked at;
- a YAML document nested deeper than 1,000 levels (libyaml's limit);
- a document whose findings nest so deep that reporting every one would take output quadratic in
  its size (a finding at every level of a schema 100,000 levels deep): reporting stops at a budget
  proportional to the document, at the first finding past it;
- a schema whose values nest deeper than a rule can follow (its findings there are missing).

JSON has no depth limit: it is parsed, walked and placed without recursion, in time and memory
linear in its size.

## Why it matters

An editor lints on every keystroke. Hostile or accidental inputs — a 20 MB generated file, a
10,000-deep nesting — must be answered in bounded time and memory, with a clear reason, instead of
freezing the editor or the CI job.

## Clients affected

No tool list this large or deep is accepted in practice: OpenAI strict mode limits nesting to 10
levels (O4 [P] openai/openai-java#732) and the Gemini API refuses excess nesting depth (G7 [O]
googleapis/js-genai#882).

## Example

A 25 MB `tools.json`, or a YAML file with 5,000 nested flow sequences.

## Fix safety

No automatic fix. Split the tools over several files, or raise the limit in the configuration.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import Rule

RULE = Rule(
    id="document-too-large",
    severity=Severity.ERROR,
    fix="none",
    doc=__doc__ or "",
    kind="source",
)
