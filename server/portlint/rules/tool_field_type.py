"""A member of an MCP tool whose value is of a type the MCP clients' parsers refuse.

## What it does

Reports a member of an MCP tool, outside its schemas and its name, whose value does not have the
type the MCP specification (2025-11-25) gives it:

- `title`, `description`: a string;
- `annotations`: an object; its `title` a string, its `readOnlyHint`, `destructiveHint`,
  `idempotentHint` and `openWorldHint` booleans;
- `icons`: an array of objects, each with a string `src`, and optionally a string `mimeType`,
  an array of strings `sizes` and a `theme` of `light` or `dark`;
- `_meta`: an object;
- `execution`: an object; its `taskSupport` one of `forbidden`, `optional`, `required`.

A `null` is reported apart from the other wrong types (variant `<member>-null`): the Python SDK
reads it as absent where the TypeScript parsers refuse it. Only tools that are MCP tools (they
declare `inputSchema` or `outputSchema`) are checked; members the specification does not define
are left alone. The name is tool-name's, the schemas are the other rules'.

## Why it matters

The clients validate the whole `tools/list` result against their own Tool type before any
application sees it. A member of the wrong type fails that validation: the whole result is
refused, so every tool of the server is lost, the well-formed ones too — in the MCP SDKs and in
every client and library that lists tools through one.

## Clients affected

Observed (each client run on a tool list where one tool has the member of the wrong type,
beside a clean sibling; the releases, the scope and the verbatim errors are in the evidence
section below and in `docs/clients.md`): a `description` that is a number loses the whole tool
list in every MCP SDK and every client built on one (Claude Code, Codex CLI, Gemini CLI core,
the Agents and Gen AI SDKs). The other members were observed the same way; the finding names
exactly the clients whose observations show a refusal, and says nothing for the others.

## Example

```json
{"name": "search", "description": 5, "annotations": {"readOnlyHint": "true"},
 "inputSchema": {"type": "object"}}
```

## Fix safety

A member that is `null` has a **safe** fix: removing it (the member is optional, and absent is
what the clients that accept the `null` read it as). Any other wrong value needs the author's
intent (which string a number meant, whether `"true"` meant `true`): advice only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from portlint.fixes.ops import FixPlan, RemoveMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule
from portlint.rules.helpers import json_kind
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_MCP_MEMBERS = frozenset(("inputSchema", "outputSchema"))
_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
_THEMES = ("light", "dark")
_TASK_SUPPORT = ("forbidden", "optional", "required")
VARIANTS = ("title", "description", "annotations", "annotations.title", "annotations.hint",
            "icons", "icons.item", "icons.src", "icons.mimeType", "icons.sizes", "icons.theme",
            "_meta", "execution", "execution.taskSupport")


def _wrong(path: Path, shown: str, value: Any, wanted: str, variant: str) -> Report:
    if value is None:
        return Report(
            path, f"The tool's `{shown}` is null; MCP defines it as {wanted}, to be left out "
            "when there is none.", f"Remove `{shown}`, or give it {wanted}.",
            (FixPlan(f"Remove `{shown}` (null: the same as absent)", Applicability.SAFE,
                     (RemoveMember(path),)),), variant=f"{variant}-null")
    return Report(
        path, f"The tool's `{shown}` is {json_kind(value)}; MCP defines it as {wanted}.",
        f"Make `{shown}` {wanted}.", (FixPlan.advice(f"Make `{shown}` {wanted}"),),
        variant=variant)


def _object_members(obj: dict[str, Any], path: Path, shown: str
                    ) -> Iterator[tuple[str, Any, Path, str]]:
    for key, value in obj.items():
        yield key, value, (*path, key), f"{shown}.{key}"


# each member of `annotations` MCP types: its JSON type, as a message says it, and the variant
_ANNOTATIONS: dict[str, tuple[type, str, str]] = {
    "title": (str, "a string", "annotations.title"),
    **dict.fromkeys(_HINTS, (bool, "a boolean (`true` or `false`)", "annotations.hint")),
}


def _mistyped_annotations(annotations: Any) -> list[str]:
    """The members of an `annotations` object that MCP types and that lack their type."""
    return [key for key, member in annotations.items()
            if key in _ANNOTATIONS and not isinstance(member, _ANNOTATIONS[key][0])]


def _annotations(value: dict[str, Any], path: Path) -> Iterator[Report]:
    for key in _mistyped_annotations(value):
        _, wanted, variant = _ANNOTATIONS[key]
        # the path and the shown name are made for a wrong member only
        yield _wrong((*path, key), f"annotations.{key}", value[key], wanted, variant)


def _icon(icon: Any, path: Path, shown: str) -> Iterator[Report]:
    if not isinstance(icon, dict):
        yield _wrong(path, shown, icon, "an object with a string `src`", "icons.item")
        return
    if "src" not in icon:
        yield Report(path, f"The tool's `{shown}` has no `src`; MCP requires the icon's URI "
                     "there.", "Add the icon's `src` (an https: or data: URI).",
                     (FixPlan.advice("Add the icon's `src`"),), variant="icons.src")
    for key, member, where, member_shown in _object_members(icon, path, shown):
        if key in ("src", "mimeType") and not isinstance(member, str):
            yield _wrong(where, member_shown, member, "a string", f"icons.{key}")
        elif key == "sizes" and not (isinstance(member, list)
                                     and all(isinstance(s, str) for s in member)):
            yield _wrong(where, member_shown, member, "an array of strings (`\"48x48\"`)",
                         "icons.sizes")
        elif key == "theme" and member not in _THEMES:
            yield _wrong(where, member_shown, member, "`\"light\"` or `\"dark\"`",
                         "icons.theme")


def _execution(value: dict[str, Any], path: Path) -> Iterator[Report]:
    member = value.get("taskSupport", "forbidden")
    if member not in _TASK_SUPPORT or isinstance(member, bool):
        yield _wrong((*path, "taskSupport"), "execution.taskSupport", member,
                     "one of `\"forbidden\"`, `\"optional\"`, `\"required\"`",
                     "execution.taskSupport")


def _icons(value: list[Any], path: Path) -> Iterator[Report]:
    for i, icon in enumerate(value):
        yield from _icon(icon, (*path, i), f"icons[{i}]")


def _nothing_inside(value: Any, path: Path) -> Iterator[Report]:
    return iter(())


# each member MCP types: the JSON type it must have, as a message says it, and what checks its
# inside once it has that type
_MEMBERS: dict[str, tuple[type, str, Callable[[Any, Path], Iterator[Report]]]] = {
    "title": (str, "a string", _nothing_inside),
    "description": (str, "a string", _nothing_inside),
    "annotations": (dict, "an object", _annotations),
    "icons": (list, "an array of icon objects", _icons),
    "_meta": (dict, "an object", _nothing_inside),
    "execution": (dict, "an object", _execution),
}


def tool_reports(tool: dict[str, Any], path: Path) -> Iterator[Report]:
    """The reports on the members of one MCP tool object at ``path``."""
    for key, value in tool.items():
        member = _MEMBERS.get(key)
        if member is None:
            continue
        wanted_type, wanted, inside = member
        if isinstance(value, wanted_type):
            if inside is not _nothing_inside:  # most members: no path to build
                yield from inside(value, (*path, key))
        else:
            yield _wrong((*path, key), key, value, wanted, key)


def _well_typed(tool: dict[str, Any]) -> bool:
    """A quick sufficient condition for :func:`tool_reports` to have nothing to say: every
    member MCP types has its type, and so has every member of `annotations` (`icons` and
    `execution`, rare, are left to the full check)."""
    for key, value in tool.items():
        member = _MEMBERS.get(key)
        if member is None:
            continue
        if not isinstance(value, member[0]):
            return False
        if key == "annotations":
            if _mistyped_annotations(value):
                return False
        elif member[2] is not _nothing_inside:
            return False
    return True


def check(ctx: RootContext) -> Iterable[Report]:
    """Given a tool's first schema root (``once_per_tool``): its tool object is the root's
    owner, an MCP tool when the schema is its `inputSchema` or `outputSchema`. The common
    well-typed tool gets ``()``, no generator."""
    root, tool = ctx.root, ctx.root.tool
    if tool is None or not isinstance(root.owner, dict):
        return ()
    if root.path[len(tool.path)] not in _MCP_MEMBERS:
        return ()  # an OpenAI or Gemini declaration: other members, other rules
    if _well_typed(root.owner):
        return ()
    return tool_reports(root.owner, tool.path)


RULE = Rule(
    id="tool-field-type",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
    variants=tuple(v for base in VARIANTS for v in (base, f"{base}-null")),
    once_per_tool=True,
)
