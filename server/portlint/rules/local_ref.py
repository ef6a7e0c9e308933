"""A local `$ref` or a `$defs`/`definitions` table.

## What it does

Reports each `$ref` that points inside the schema (`#`, `#/$defs/Name`, any `#/...` pointer) and
each `$defs` or `definitions` table. Variants: `ref-only-property` (a property whose schema is just
a `$ref`, which Gemini CLI cannot type), `ref`, and `defs`. Off in the default targets: only the
`gemini` profile enables it.

## Why it matters

References keep large schemas small, and Pydantic emits them for every nested model. But the
Gemini API's `parameters` schema is an OpenAPI 3.0 subset without references: the request fails,
and Gemini CLI skips a tool whose property is only a reference. A regression of the MCP TypeScript
SDK 1.22 also broke whole servers whose output schemas used `$defs`, in Cursor, Gemini CLI and
Kiro.

## Clients affected

- Gemini API `parameters` (and Vertex AI): `$ref`/`$defs` are unknown fields; the request fails —
  G1 [O] nanbingxyz/5ire#42; `reference to undefined schema at properties.target_object.anyOf.1`
  — G6 [O] google-gemini/gemini-cli#13326.
- Gemini CLI: `Skipping tool 'X' … because it has missing types in its parameter schema` for a
  `$ref`-only property — G8 [P] gemini-cli `mcp-client.ts` `hasValidTypes`.
- MCP TypeScript SDK 1.22 before its fix: `can't resolve reference #/$defs/X from id #`, the server
  shows 0 tools — S7 [O] modelcontextprotocol/typescript-sdk#1175 (a past regression, which is why
  the rule is off unless targeted).

## Example

```json
{"type": "object", "properties": {"owner": {"$ref": "#/$defs/User"}},
 "$defs": {"User": {"type": "object", "properties": {"login": {"type": "string"}}}}}
```

## Fix safety

A reference to a target that does not, directly or through other references, refer back to
itself is inlined — **safe**: the same instances are valid. A reference with sibling keywords
becomes `"allOf": [target]` beside them (2020-12 applies both). A recursive target has no finite
inlining: no fix, and the message says so. A `$defs` table that no reference uses any more is
removed — **safe**. No reference is inlined in a schema that declares an `$id` anywhere, or
whose target declares `$id`/`$anchor`: moving text would change what its references resolve
against.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from portlint.fixes.ops import FixPlan, RemoveMember, ReplaceMember, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import Report, RootContext, Rule
from portlint.rules.helpers import resolve_pointer


def _refs_in(value: Any) -> Iterator[str]:
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#"):
                yield ref
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def recursive(root: Any, ref: str) -> bool:
    """Whether what ``ref`` points to refers, directly or through other references, back to
    ``ref`` — then no finite inlining exists."""
    seen: set[str] = set()
    stack = [ref]
    while stack:
        found, target = resolve_pointer(root, stack.pop())
        if not found:
            continue
        for inner in _refs_in(target):
            if inner == ref:
                return True
            if inner not in seen:
                seen.add(inner)
                stack.append(inner)
    return False


def _names_a_resource(value: Any) -> bool:
    """Whether a subtree declares identifiers that moving it would change the meaning of."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if any(k in node for k in ("$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor")):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def check(ctx: RootContext) -> Iterator[Report]:
    root_value = ctx.root.value
    for position in ctx.having("$ref"):
        node = position.value
        ref = node["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#"):
            continue
        ref_path = (*position.path, "$ref")
        found, target = resolve_pointer(root_value, ref)
        only_ref = len(node) == 1
        variant = "ref-only-property" if only_ref and position.keyword == "properties" else "ref"
        fixes: tuple[FixPlan, ...] = ()
        if not found:
            suggestion = f"`{ref}` points nowhere in this schema: fix the pointer."
        elif recursive(root_value, ref):
            suggestion = (f"`{ref}` is recursive, so it cannot be written out; clients without "
                          "references need a bounded, non-recursive shape.")
        elif _names_a_resource(target) or ctx.declares_id:
            suggestion = (f"Write out what `{ref}` points to; it declares its own identifiers "
                          "(`$id`/`$anchor`), so portlint does not move it automatically.")
        else:
            if only_ref:
                op: Any = ReplaceValue(position.path, target)
            elif "allOf" not in node:
                op = ReplaceMember(ref_path, "allOf", [target])
            else:
                op = None
            if op is not None:
                fixes = (FixPlan(f"Inline `{ref}` here (same contract)", Applicability.SAFE,
                                 (op,)),)
            suggestion = "Write the referenced schema out here instead of referring to it."
        yield Report(position.path,
                     f"This schema refers to `{ref}`; clients without JSON-Schema references "
                     "cannot follow it.", suggestion, fixes, range_path=ref_path,
                     variant=variant)
    for keyword in ("$defs", "definitions"):
        for position in ctx.having(keyword):
            table_path = (*position.path, keyword)
            prefix = f"#/{keyword}/"
            used = any(r.startswith(prefix) or r == "#" for r in _refs_in(root_value))
            fixes = () if used else (FixPlan(f"Remove the unused `{keyword}` (same contract)",
                                             Applicability.SAFE,
                                             (RemoveMember(table_path),)),)
            yield Report(position.path,
                         f"This schema carries a `{keyword}` table; clients without JSON-Schema "
                         "references refuse the keyword.",
                         "Inline what the references point to, then remove the table."
                         if used else "Nothing refers to it any more: remove it.",
                         fixes, range_path=table_path, variant="defs")


RULE = Rule(
    id="local-ref",
    severity=Severity.WARNING,
    fix="safe",
    doc=__doc__ or "",
    check=check,
    variants=("ref-only-property", "ref", "defs"),
    triggers=frozenset(("$ref", "$defs", "definitions",)),
)
