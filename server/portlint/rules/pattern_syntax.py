"""A `pattern` that a client's regular-expression engine cannot compile.

## What it does

Reports a string `pattern` that is not a regular expression in one of the two engines tool
schemas meet: ECMAScript with the `u` flag (what Ajv compiles in the MCP TypeScript SDKs and the
clients built on them) and Python's `re` (what `jsonschema` checks in the MCP Python SDK).
Variants: `invalid` (neither compiles it, e.g. `[a-`), `python-only` (Python syntax such as
`(?P<year>…)`, `\\Z`, `(?i)`, possessive `a++`), `ecmascript-only` (ECMAScript syntax such as
`\\p{L}`). ECMAScript is judged by `regress`, a Rust implementation of the ECMAScript grammar;
Python by the running interpreter's `re` (3.11 or later).

## Why it matters

A pattern is a contract the validator must compile before it can check anything. The MCP SDKs
compile every tool's output schema — the TypeScript SDK 1.x when it lists the tools, so one bad
pattern loses the whole server; the v2 client and the Python SDK when a tool is called, so every
call fails. Input schemas are not compiled by the SDKs, and no client observed refuses them: the
rule's evidence is about output schemas.

## Clients affected

Observed (each client run on a tool list holding the pattern in its output schema; the
releases, effects and verbatim errors are in the evidence section below and in
`docs/clients.md`):

- MCP TypeScript SDK 1.x and Gemini CLI core lose the whole tool list for a pattern ECMAScript
  cannot compile (`Invalid regular expression: /(?P<y>\\d{4})/u: Invalid group`).
- The MCP TypeScript v2 client, and Claude Code when it speaks 2026-07-28, fail every call to
  the tool for the same patterns.
- The MCP Python SDK fails every call for a pattern Python cannot compile (`'^\\p{L}+$' is not
  a 'regex'`), and accepts Python-only syntax.

## Example

```json
{"type": "object", "properties": {"year": {"type": "string", "pattern": "^(?P<y>\\\\d{4})$"}}}
```

## Fix safety

A Python-only pattern whose only Python syntax is named groups (`(?P<name>…)`, without a
`(?P=name)` back-reference) is rewritten with plain groups — **safe**: a group's name does not
change which strings match, in either engine. Anything else gets advice only: a rewrite of other
syntax (`\\Z`, inline flags, possessive quantifiers) changes the language of the expression in at
least one engine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import lru_cache

from portlint.fixes.ops import FixPlan, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers

_ENGINES = {"invalid": "neither ECMAScript (the `u` flag) nor Python's `re`",
            "python-only": "Python's `re` but not ECMAScript (the `u` flag)",
            "ecmascript-only": "ECMAScript (the `u` flag) but not Python's `re`"}
_WHO = {"invalid": "no validator can compile it",
        "python-only": "validators in JavaScript cannot compile it",
        "ecmascript-only": "validators in Python cannot compile it"}


@lru_cache(maxsize=4096)
def compiles_in_ecmascript(pattern: str) -> bool:
    from regress import Regex, RegressError

    try:
        Regex(pattern, "u")
    except RegressError:
        return False
    return True


@lru_cache(maxsize=4096)
def compiles_in_python(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return False
    return True


def variant_of(pattern: str) -> str | None:
    """``invalid``, ``python-only``, ``ecmascript-only`` — or None when both engines take it."""
    ecmascript, python = compiles_in_ecmascript(pattern), compiles_in_python(pattern)
    if ecmascript and python:
        return None
    if not ecmascript and not python:
        return "invalid"
    return "python-only" if python else "ecmascript-only"


def without_group_names(pattern: str) -> str | None:
    """The pattern with each ``(?P<name>`` opening a plain group, when that is the only change
    and both engines then compile it; None otherwise (a ``(?P=name)`` back-reference, a group
    opening inside a character class, no named group at all)."""
    if "[]" in pattern or "[^]" in pattern:
        return None  # a `]` first in a class: the engines disagree on where the class ends
    out: list[str] = []
    i, in_class, renamed = 0, False, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif pattern.startswith("(?P=", i):
            return None
        elif pattern.startswith("(?P<", i):
            match = re.match(r"\(\?P<[A-Za-z_]\w*>", pattern[i:])
            if match is None:
                return None
            out.append("(")
            i += match.end()
            renamed = True
            continue
        out.append(char)
        i += 1
    rewritten = "".join(out)
    if not renamed or not (compiles_in_ecmascript(rewritten) and compiles_in_python(rewritten)):
        return None
    return rewritten


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("pattern"):
        pattern = position.value["pattern"]
        if not isinstance(pattern, str):
            continue  # not a pattern at all: invalid-schema reports it
        variant = variant_of(pattern)
        if variant is None:
            continue
        path = (*position.path, "pattern")
        shown = json.dumps(pattern, ensure_ascii=False)
        fixes: tuple[FixPlan, ...] = ()
        suggestion = ("Write the expression in the syntax both engines share (ECMAScript with "
                      "the `u` flag and Python's `re`).")
        if variant == "python-only":
            plain = without_group_names(pattern)
            if plain is not None:
                fixes = (FixPlan("Use plain groups instead of named ones (same strings match)",
                                 Applicability.SAFE, (ReplaceValue(path, plain),)),)
                suggestion = (f"Drop the group names: {json.dumps(plain, ensure_ascii=False)} "
                              "matches the same strings in both engines.")
        yield Report(
            position.path,
            f"The `pattern` {shown} compiles in {_ENGINES[variant]}: {_WHO[variant]}.",
            suggestion, fixes or (FixPlan.advice("Rewrite the expression"),),
            range_path=path, variant=variant)


RULE = Rule(
    id="pattern-syntax",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
    variants=("invalid", "python-only", "ecmascript-only"),
    triggers=Triggers(keywords=frozenset(("pattern",))),
)
