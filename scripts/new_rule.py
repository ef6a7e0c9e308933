"""Start a new schema rule: its module, its place in the registry, and a first `.case` fixture.

    python scripts/new_rule.py RULE-ID --severity warning --keywords anyOf,oneOf [--root DIR]

writes ``server/portlint/rules/<rule_id>.py`` (the documentation sections ``portlint rule`` and
the docs need, a declaration with typed triggers, and a check reporting every schema that
carries the first keyword), lists the module once in ``server/portlint/rules/__init__.py``
(after the other schema rules), and writes ``tests/cases/<rule-id>/first.case``, which that
check passes. Then: narrow the check to what the rule is about and write its messages and
docstring, replace the case with real ones, declare the fixes it offers, add the rule's entries
to the client profiles it concerns (a rule no profile names reports only when selected by name,
unless it is ``universal``), and run ``python scripts/generate_docs.py``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")
_SEVERITIES = {"error": "ERROR", "warning": "WARNING", "information": "INFORMATION"}

MODULE = '''"""{title}

## What it does

(What the rule reports, and where the finding's range is.)

## Why it matters

(What goes wrong for the clients that read such a schema.)

## Clients affected

(Each client, with the release and the evidence row it is observed in.)

## Example

```json
{{"name": "t", "inputSchema": {{"type": "object"}}}}
```

## Fix safety

(Which fixes are offered and why each keeps, or changes, the contract.)
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    # every schema carrying the keyword, to begin with: narrow it to what the rule is about
    for position in ctx.having({first_keyword!r}):
        yield Report(position.path, "(What is wrong here, and for which clients.)",
                     "(What to write instead.)")


RULE = Rule(
    id={rule_id!r},
    severity=Severity.{severity},
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset({keywords!r})),
)
'''

CASE = (
    "# The first case of {rule_id}: replace the document and the expected finding with real ones.\n"
    'config: {{"select": [{rule_id_json}]}}\n'
    "expect a: {rule_id} {severity} inputSchema.properties.a\n"
    "--- json\n"
    '{{"name": "t", "inputSchema": {{"type": "object", "properties": '
    '{{"a": ⟪a|{{"{first_keyword}": []}}⟫}}}}}}\n')


class ScaffoldError(Exception):
    pass


def scaffold(root: Path, rule_id: str, severity: str, keywords: list[str]) -> list[Path]:
    """Write the rule's files under ``root``; the paths written."""
    if not _ID.match(rule_id):
        raise ScaffoldError(f"{rule_id!r} is not a rule id (lower-case words joined by '-')")
    if severity not in _SEVERITIES:
        raise ScaffoldError(f"severity must be one of {', '.join(_SEVERITIES)}")
    if not keywords or not all(keywords):
        raise ScaffoldError("name at least one keyword the rule is about (--keywords)")
    name = rule_id.replace("-", "_")
    rules = root / "server" / "portlint" / "rules"
    module = rules / f"{name}.py"
    registry = rules / "__init__.py"
    case = root / "tests" / "cases" / rule_id / "first.case"
    if module.exists():
        raise ScaffoldError(f"{module} exists already")
    text = registry.read_text(encoding="utf-8")
    listing = re.search(r"SCHEMA_RULE_MODULES = \(\n(?P<names>(?:    \"\w+\",\n)*)\)", text)
    if listing is None:
        raise ScaffoldError(f"{registry}: SCHEMA_RULE_MODULES not found")
    if f'    "{name}",\n' in text:
        raise ScaffoldError(f"{name} is listed in {registry} already")
    end = listing.end("names")
    registry.write_text(text[:end] + f'    "{name}",\n' + text[end:], encoding="utf-8")
    title = rule_id.replace("-", " ").capitalize() + "."
    module.write_text(MODULE.format(
        title=title, rule_id=rule_id, severity=_SEVERITIES[severity],
        first_keyword=keywords[0], keywords=tuple(keywords)), encoding="utf-8")
    case.parent.mkdir(parents=True, exist_ok=True)
    case.write_text(CASE.format(rule_id=rule_id, rule_id_json=f'"{rule_id}"', severity=severity,
                                first_keyword=keywords[0]), encoding="utf-8")
    return [module, registry, case]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rule_id")
    parser.add_argument("--severity", default="warning", choices=sorted(_SEVERITIES))
    parser.add_argument("--keywords", required=True,
                        help="comma-separated keywords without which the rule has nothing to say")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the repository (default: this one)")
    args = parser.parse_args(argv)
    try:
        written = scaffold(args.root, args.rule_id, args.severity,
                           [k.strip() for k in args.keywords.split(",")])
    except ScaffoldError as error:
        print(f"new_rule: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
