"""Whether a file found in a directory search is reported: the one place that decides.

A file named on the command line is always reported. A file the search found is reported when
it is a tool document — its shape is a tool, a tool list, a JSON-RPC tools result, or it
declares a json-schema.org ``$schema`` (:attr:`LintResult.is_tool_document`) — so
``package.json`` and CI configurations stay out of the report. What this module adds is the
case where the shape cannot be known: a file that does not parse, is too large to read, is not
text, or cannot be opened. Such a file is never passed over silently when it may hold tools: it
is reported — its ``parse-error``, ``document-too-large``, or a could-not-read message counted in
the exit status — when its **name** or its **start** looks like a tool document. Anything else
is skipped, with the reason, for ``--verbose`` and the JSON summary.

A data file that parses but whose tool list (``tools``, ``functions``, ``functionDeclarations``,
a ``tools/list`` result's) holds no tool at all — ``{"tools": [1, {"foo": 2}]}`` — is reported
as an input portlint could not check (exit 2), as the same file named on the command line is,
when something besides the list says it is a tool document: a JSON-RPC ``tools/list`` result, a
name like one's, or an entry that is a tool half written (an MCP tool's ``description``,
``title`` or ``annotations`` without a ``name`` or a schema). Any other ``{"tools": [...]}`` —
another program's configuration — is skipped with the reason.

The signs, deliberately broad (a false alarm is a broken file reported; a miss is a CI gate that
passes a file it could not read):

* a name: ``tool``, ``schema`` or ``function`` in the file's name (``tools.json``,
  ``weather.schema.yaml``, ``functions.json``) — for a parsed tool list without a tool, not when
  the list holds only strings (``{"tools": ["eslint"]}`` names some program's tools);
* a start (the first 64 KiB): a key a tool document has — ``inputSchema``, ``outputSchema``,
  ``input_schema``, ``parametersJsonSchema``, ``functionDeclarations``, ``"tools": [`` — a
  json-schema.org URI, or an OpenAI ``"type": "function"`` with ``parameters``; for Python, an
  MCP server (``FastMCP``, ``from mcp``/``import mcp``, ``@….tool``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from portlint.linter import LintResult

HEAD_CHARS = 64 * 1024

UNREADABLE_FINDINGS = frozenset(("parse-error", "document-too-large", "alias-limit"))
"""Findings that say a file could not be read as a document at all."""

TOOL_EVIDENCE = frozenset(("unknown-schema", "server-list-fails", "server-start-fails"))
"""Findings that say a file is about tools though no tool could be read from it: a file with one
is reported whatever its name (a Python tool registration whose schema cannot be derived; a
server whose every tool its own SDK cannot list; a module of a server that stops it before it
lists anything, such as its entry point whose tools another module registers)."""

_NAME = re.compile(r"tool|schema|function", re.IGNORECASE)


@lru_cache(maxsize=1)  # compiled when a file's start is first looked at
def _starts() -> tuple[re.Pattern[str], ...]:
    return (
        re.compile(r"""(?:["']?(?:inputSchema|outputSchema|input_schema|parametersJsonSchema
                                 |functionDeclarations)["']?\s*:)
                        | (?:["']?tools["']?\s*:\s*(?:\[|$|\n|-))
                        | json-schema\.org""", re.VERBOSE | re.MULTILINE),
        re.compile(r"""["']?type["']?\s*:\s*["']?function\b"""),
        re.compile(r"""["']?parameters["']?\s*:"""),
        re.compile(r"\bFastMCP\b|^\s*(?:from|import)\s+mcp\b|@\w+(?:\.\w+)*\.tool\b", re.MULTILINE),
    )


class Verdict:
    __slots__ = ("reason", "report", "unchecked")

    def __init__(self, report: bool, reason: str = "", unchecked: str = "") -> None:
        self.report = report
        self.reason = reason  # why it is skipped
        # why a file that says it is a tool document could not be checked: reported as an
        # input portlint could not check (exit 2), as the same file named would be
        self.unchecked = unchecked


def named_like_tool_document(path: Path) -> bool:
    return _NAME.search(path.name) is not None


def starts_like_tool_document(head: str, python: bool = False) -> bool:
    head = head[:HEAD_CHARS]
    data, function_type, parameters, python_start = _starts()
    if python:
        return python_start.search(head) is not None
    return data.search(head) is not None or (
        function_type.search(head) is not None and parameters.search(head) is not None)


def looks_like_tool_document(path: Path, head: str | None) -> bool:
    """By its name, or (when it could be read) by its start."""
    return named_like_tool_document(path) or (
        head is not None and starts_like_tool_document(head, path.suffix.lower() == ".py"))


def verdict(path: Path, text: str, result: LintResult) -> Verdict:
    """Whether a file found in a directory, read and linted, is reported."""
    if result.is_tool_document:
        return Verdict(True)
    rules = {f.rule for f in result.findings}
    if not TOOL_EVIDENCE.isdisjoint(rules):
        return Verdict(True)
    if not result.findings:
        unchecked = _toolless_tool_list(path, result)
        if unchecked is not None:
            return Verdict(False, unchecked=unchecked)
    if not UNREADABLE_FINDINGS.isdisjoint(rules):
        if looks_like_tool_document(path, text):
            return Verdict(True)
        return Verdict(False, "cannot be read as a document ("
                       + ", ".join(sorted(UNREADABLE_FINDINGS & rules))
                       + "), and neither its name nor its start looks like a tool document")
    return Verdict(False, "not a tool-schema document" + _why_no_tool_list(result))


# the members of an MCP tool besides its name and schemas: an entry with one is a tool half
# written, not some other list's item
_TOOL_MEMBERS = frozenset(("description", "title", "annotations", "_meta", "icons", "execution"))
_FOREIGN_MEMBERS = frozenset(("type", "function"))  # what OpenAI's and Anthropic's lists hold


def _toolless_tool_list(path: Path, result: LintResult) -> str | None:
    """Why a data file whose tool list holds no tool at all is reported (None: it is not):
    when something besides the list's key says it is meant as a tool document — a JSON-RPC
    ``tools/list`` result, a name like a tool document's, or an entry that is a tool half
    written (an MCP tool's ``description``, ``title``, ``annotations``… without a ``name``
    or a schema). A ``{"tools": [...]}`` of some other program's configuration has none of
    these and stays out of the report."""
    if result.source.format in ("python", "typescript"):
        return None
    from portlint.cli.nothing_found import tool_lists, toolless_list

    named = named_like_tool_document(path)
    for document in result.source.documents:
        for key, items in tool_lists(document.value):
            if _built_in_only(items):
                continue  # empty, or built-in tools only (`{"type": "web_search"}`)
            if key == "result.tools" or (named and not _names_only(items)) or any(
                    isinstance(item, dict) and not _TOOL_MEMBERS.isdisjoint(item)
                    and _FOREIGN_MEMBERS.isdisjoint(item) for item in items):
                return toolless_list(key, len(items))
    return None


def _built_in_only(items: list[Any]) -> bool:
    """A list of a function-calling API's built-in tools only (`{"type": "web_search"}`), or
    an empty one: nothing portlint checks."""
    return all(isinstance(item, dict) and not _FOREIGN_MEMBERS.isdisjoint(item)
               for item in items)


def _names_only(items: list[Any]) -> bool:
    """A list of strings only (`["eslint", "prettier"]`): some program's list of tool names,
    whatever the file is called — not a tool list half written."""
    return all(isinstance(item, str) for item in items)


def _why_no_tool_list(result: LintResult) -> str:
    """What a skipped file's tool lists are, when it has any."""
    from portlint.cli.nothing_found import tool_lists

    lists = [items for document in result.source.documents
             for _key, items in tool_lists(document.value)]
    if not lists:
        return ""
    if not any(lists):
        return ": its tool list is empty"
    if all(_built_in_only(items) for items in lists):
        return ": its tool list holds built-in tools only (`type`), nothing portlint checks"
    if all(_names_only(items) for items in lists):
        return ": its tool list holds names only (strings), not tool objects"
    return (": its tool list holds no tool, and neither its name nor its entries say it is "
            "meant as one")


def unreadable_verdict(path: Path, head: str | None, reason: str, special: bool = False
                       ) -> Verdict:
    """Whether a file found in a directory that could not be read (or decoded) is reported.

    A file that could not be opened (no permission, an I/O error) is always reported: nothing
    says what it holds. A pipe or a device is reported when its name says tools; a file that
    was read but is not text, or is too large, when its name or its start does."""
    if head is None and not special:
        return Verdict(True)
    if looks_like_tool_document(path, head):
        return Verdict(True)
    return Verdict(False, f"{reason}; neither its name nor its start looks like a tool document"
                   if head is not None else f"{reason}; its name does not look like a tool "
                   "document")
