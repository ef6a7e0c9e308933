"""A file portlint was asked by name to check in which it found nothing to check.

A file named on the command line (or ``-``) is linted whatever its name or content: a tool
list, a tool, a JSON-RPC ``tools/list`` result, or a JSON Schema (a file named is read as a
schema when it is no tool document). When the lint finds none of these — no tool, no schema, no
finding — nothing was checked, and "All checks passed" would be a pass the file never earned
(a path typed wrong, a server file whose tools portlint does not recognise, a JSON file that is
not a tool file). Such a file is reported as an input that could not be checked: named on
stderr with the reason, listed under ``unreadable`` in the JSON summary (and in SARIF and the
GitHub annotations), never counted as a file checked, and the run exits 2 — "portlint could not
do its job", not "the file has an error".

What still counts as something to check: any tool; a tool list that is empty
(``{"tools": []}``: a server with no tools is well formed, a pass with 0 tools); a schema the
file declares with a json-schema.org ``$schema``, a boolean schema, or an object with at least
one JSON Schema keyword; and any finding (a ``parse-error``, an ``unknown-schema`` for a tool
whose schema could not be derived), which the report shows anyway.

Files found by walking a directory are not this module's business: one with no tools is skipped
quietly, as ``cli/relevance.py`` decides, and listed under ``skipped``.
"""

from __future__ import annotations

from functools import cache

from portlint.script_suffixes import JAVASCRIPT_SUFFIXES
from portlint.shapes import CONTAINER_KEYS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from portlint.linter import LintResult

# JSON Schema's annotation and structure keywords the validators do not list
_ANNOTATIONS = frozenset(("$schema", "$id", "$defs", "definitions", "$comment", "$anchor",
                          "title", "description", "default", "examples", "readOnly",
                          "writeOnly", "deprecated", "contentMediaType", "contentEncoding",
                          "contentSchema", "format"))


@cache
def _schema_keywords() -> frozenset[str]:
    """Every keyword of the JSON Schema drafts MCP servers use (draft-04 to 2020-12)."""
    from jsonschema import validators

    found = set(_ANNOTATIONS)
    for draft in (validators.Draft4Validator, validators.Draft6Validator,
                  validators.Draft7Validator, validators.Draft201909Validator,
                  validators.Draft202012Validator):
        found.update(draft.VALIDATORS)
    return frozenset(found)


_CODE = {"python": "Python", "typescript": "TypeScript"}  # source formats: code, not data


def _is_schema(value: Any) -> bool:
    if isinstance(value, bool):
        return True
    return isinstance(value, dict) and not _schema_keywords().isdisjoint(value)


def _language(format: str, name: str) -> str:
    if format == "typescript" and name.lower().endswith(JAVASCRIPT_SUFFIXES):
        return "JavaScript"
    return _CODE[format]


def tool_lists(value: Any) -> list[tuple[str, list[Any]]]:
    """The member and entries of each tool list the value holds (a ``tools/list`` result's,
    then the containers'), however many of their entries are tools."""
    if not isinstance(value, dict):
        return []
    found: list[tuple[str, list[Any]]] = []
    result = value.get("result")
    if isinstance(result, dict) and isinstance(result.get("tools"), list):
        found.append(("result.tools", result["tools"]))
    found.extend((key, value[key]) for key in CONTAINER_KEYS
                 if isinstance(value.get(key), list))
    return found


def toolless_list(key: str, length: int) -> str:
    """Why a document whose tool list holds no tool checked nothing."""
    entries = "its one entry is not" if length == 1 else f"none of its {length} entries is"
    return (f"no tool found: it has a `{key}` list, but {entries} a tool object "
            "(with a `name` and an `inputSchema`); nothing was checked")


def nothing_found(result: LintResult, name: str = "") -> str | None:
    """Why the lint of the file ``name``, named to be checked, checked nothing (None: it checked
    something)."""
    if result.tools or result.findings or result.source.unlisted:
        return None  # (tools the server does not list are read: nothing is unread)
    from portlint.cli.relevance import unread_and_unreported

    unread = unread_and_unreported(result)
    if unread is not None:
        return unread
    listed = [tool_lists(document.value) for document in result.source.documents]
    for document, shape, lists in zip(result.source.documents, result.shapes, listed,
                                      strict=True):
        if shape.kind not in ("schema", "unknown"):
            return None  # a tool list or a tool (its tools may all be derived away)
        if any(not items for _, items in lists) or _is_schema(document.value):
            return None
    for lists in listed:
        if lists:
            key, items = lists[0]
            return toolless_list(key, len(items))
    if result.source.format in _CODE:
        return (f"no tool found in it: portlint recognises no MCP tool definition in this "
                f"{_language(result.source.format, name)} file; nothing was checked")
    return ("no tool and no schema found in it (a tool list, a tool, a JSON-RPC tools/list "
            "result or a JSON Schema); nothing was checked")
