"""A local `$ref` or a `$defs`/`definitions` table.

## What it does

Reports each `$ref` that points inside the schema (`#`, `#/$defs/Name`, any `#/...` pointer) and
each `$defs` or `definitions` table. Variants: `dangling` (a `#/...` pointer that resolves to
nothing, in a schema without `$id`), `ref-only-property` (a property whose schema is just a
`$ref`), `ref`, and `defs`. Under the default targets only `dangling` in output schemas is
reported; the `gemini` profile reports them all.

## Why it matters

References keep large schemas small, and Pydantic emits them for every nested model. But the
Gemini API's `parameters` schema is an OpenAPI 3.0 subset without references: the request fails.
A reference that points nowhere is worse everywhere: the MCP SDKs compile output schemas, and
an unresolvable pointer loses the whole tool list or fails every call.

## Clients affected

- Observed, a dangling pointer in an output schema (`can't resolve reference #/$defs/missing
  from id #`, `PointerToNowhere`): the MCP TypeScript SDK 1.x and Gemini CLI core lose the whole
  tool list; the TypeScript v2 client, the Python SDK and Claude Code (2026-07-28 era) fail every
  call to the tool.
- Observed: the MCP TypeScript SDK 1.22.0 alone stripped `$defs` from the schemas it handed on,
  so an output schema with references lost the whole tool list (fixed in 1.23.0); Gemini CLI
  core 0.7.0 skipped a tool whose property was only a reference (`missing types in its parameter
  schema`).
- Gemini API `parameters` (and Vertex AI) refuses `$ref`/`$defs` as unknown fields —
  nanbingxyz/5ire#42; google-gemini/gemini-cli#13326 (documented, not reproduced here).

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
removed — **safe** — only when no reference may reach it otherwise (by an anchor, by a URI,
dynamically, or against an `$id` of the schema) and it declares no identifier itself. No
reference is inlined in a schema that declares an `$id` anywhere, or whose target declares
`$id`/`$anchor`: moving text would change what its references resolve against. Under a declared
draft-07 or older, where the keywords beside a `$ref` are ignored, a reference with siblings is
not inlined (`allOf` would apply them).
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import unquote

from portlint.fixes.ops import FixPlan, RemoveMember, ReplaceMember, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.declared_dialect import dialect_of
from portlint.rules.helpers import resolve_pointer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class _OutOfBudget(Exception):
    """The reference analysis of one schema has looked at more nodes than it may."""


class _References:
    """What the fixes need to know about a schema's references, each fact worked out once.

    Every subtree looked into is counted against a budget proportional to the schema: targets
    nested in one another (a `$ref` to each level of a deep tree) would otherwise cost the
    square of the schema's size. Past the budget no reference is inlined — a missing fix, never
    a wrong one."""

    def __init__(self, root: Any, budget: int) -> None:
        self.root = root
        self.budget = budget
        self._in_root: list[str] | None = None
        self._inner: dict[str, list[str]] = {}  # ref → the local refs inside its target
        self._recursive: dict[str, bool] = {}

    def _visit(self, value: Any) -> Iterator[Any]:
        stack = [value]
        while stack:
            self.budget -= 1
            if self.budget < 0:
                raise _OutOfBudget
            node = stack.pop()
            yield node
            if isinstance(node, dict):
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)

    def refs_in(self, value: Any) -> list[str]:
        return [node["$ref"] for node in self._visit(value) if isinstance(node, dict)
                and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#")]

    def every_reference(self) -> list[str]:
        """Every reference of the root, local or not (`$ref`, `$dynamicRef`,
        `$recursiveRef`)."""
        return [node[key] for node in self._visit(self.root) if isinstance(node, dict)
                for key in ("$ref", "$dynamicRef", "$recursiveRef")
                if isinstance(node.get(key), str)]

    def in_root(self) -> list[str]:
        if self._in_root is None:
            self._in_root = self.refs_in(self.root)
        return self._in_root

    def _refs_of_target(self, ref: str) -> list[str]:
        inner = self._inner.get(ref)
        if inner is None:
            found, target = resolve_pointer(self.root, ref)
            inner = self._inner[ref] = self.refs_in(target) if found else []
        return inner

    def recursive(self, ref: str) -> bool:
        """Whether what ``ref`` points to refers, directly or through other references, back
        to ``ref`` — then no finite inlining exists."""
        known = self._recursive.get(ref)
        if known is not None:
            return known
        seen: set[str] = set()
        stack = [ref]
        answer = False
        while stack and not answer:
            for inner in self._refs_of_target(stack.pop()):
                if inner == ref:
                    answer = True
                    break
                if inner not in seen:
                    seen.add(inner)
                    stack.append(inner)
        self._recursive[ref] = answer
        return answer

    def charge(self, value: Any) -> None:
        """Count a subtree against the budget (raising :class:`_OutOfBudget` past it)."""
        for _ in self._visit(value):
            pass

    def names_a_resource(self, value: Any) -> bool:
        """Whether a subtree declares identifiers that moving it would change the meaning
        of."""
        return any(isinstance(node, dict) and any(
            k in node for k in ("$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor"))
            for node in self._visit(value))


def _siblings_ignored(root: Any) -> bool:
    """Whether the root declares a draft (07 and before) under which the keywords beside a
    `$ref` are ignored."""
    return isinstance(root, dict) and dialect_of(root.get("$schema")) in (
        "draft-07", "draft-06", "draft-04", "draft-03")


def dangling(root: Any, ref: str, declares_id: bool) -> bool:
    """Whether a JSON-pointer reference (``#/...``) resolves to nothing in its schema, also
    with its percent-escapes decoded. A schema that declares an ``$id`` anywhere may give the
    pointer another base, and a plain-name fragment (``#name``) names an anchor: neither is
    judged."""
    if declares_id or not ref.startswith("#/"):
        return False
    return not resolve_pointer(root, ref)[0] and not resolve_pointer(root, unquote(ref))[0]


def check(ctx: RootContext) -> Iterator[Report]:
    root_value = ctx.root.value
    references = _References(root_value, 100_000 + 20 * len(ctx.positions))
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
        if not found and dangling(root_value, ref, ctx.declares_id):
            yield Report(position.path,
                         f"This schema refers to `{ref}`, which points nowhere in it: a "
                         "validator cannot resolve the reference.",
                         f"Fix the pointer, or add the schema `{ref}` names.",
                         (FixPlan.advice("Fix the pointer"),), range_path=ref_path,
                         variant="dangling")
            continue
        try:
            cyclic = found and references.recursive(ref)
            moves_identifiers = found and not cyclic and (
                references.names_a_resource(target) or ctx.declares_id)
            if found and not cyclic and not moves_identifiers:
                references.charge(target)  # the inlined text is as large as the target
            costly = False
        except _OutOfBudget:  # too costly to tell: no inlining
            cyclic = moves_identifiers = False
            costly = True
        if costly:
            suggestion = "Write the referenced schema out here instead of referring to it."
        elif not found:
            suggestion = f"`{ref}` points nowhere portlint can follow: check the pointer."
        elif cyclic:
            suggestion = (f"`{ref}` is recursive, so it cannot be written out; clients without "
                          "references need a bounded, non-recursive shape.")
        elif moves_identifiers:
            suggestion = (f"Write out what `{ref}` points to; it declares its own identifiers "
                          "(`$id`/`$anchor`), so portlint does not move it automatically.")
        else:
            if only_ref:
                op: Any = ReplaceValue(position.path, target)
            elif _siblings_ignored(root_value):
                op = None  # the draft ignores them: `allOf` beside them would apply them
                suggestion = (f"Write out what `{ref}` points to; under the draft this schema "
                              "declares, the keywords beside `$ref` are ignored, so decide "
                              "whether they belong in the contract.")
            elif "allOf" not in node:
                op = ReplaceMember(ref_path, "allOf", [target])
            else:
                op = None
            if op is not None:
                fixes = (FixPlan(f"Inline `{ref}` here (same contract)", Applicability.SAFE,
                                 (op,)),)
                suggestion = "Write the referenced schema out here instead of referring to it."
        yield Report(position.path,
                     f"This schema refers to `{ref}`.", suggestion, fixes, range_path=ref_path,
                     variant=variant)
    for keyword in ("$defs", "definitions"):
        for position in ctx.having(keyword):
            table_path = (*position.path, keyword)
            prefix = f"#/{keyword}/"
            try:
                # a reference by anchor (`#foo`), by URI (against the root's `$id`) or dynamic
                # may reach into the table as well as a `#/...` pointer
                used = ctx.declares_id or any(
                    r.startswith(prefix) or not r.startswith("#/")
                    for r in references.every_reference()) or references.names_a_resource(
                    position.value[keyword])
            except _OutOfBudget:
                used = True  # too costly to tell: the table is not removed
            fixes = () if used else (FixPlan(f"Remove the unused `{keyword}` (same contract)",
                                             Applicability.SAFE,
                                             (RemoveMember(table_path),)),)
            yield Report(position.path,
                         f"This schema carries a `{keyword}` table.",
                         "Inline what the references point to, then remove the table."
                         if used else "Nothing refers to it any more: remove it.",
                         fixes, range_path=table_path, variant="defs")


RULE = Rule(
    id="local-ref",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
    variants=("ref-only-property", "ref", "defs", "dangling"),
    triggers=Triggers(keywords=frozenset(("$ref", "$defs", "definitions"))),
)
