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

The signs are :mod:`portlint.tool_signs`' (a name, or a start, like a tool document's); for
a parsed tool list without a tool, the name counts only when the list holds more than strings
(``{"tools": ["eslint"]}`` names some program's tools).
"""

from __future__ import annotations

from pathlib import Path

from portlint.tool_signs import looks_like_tool_document, named_like_tool_document

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from portlint.linter import LintResult

UNREADABLE_FINDINGS = frozenset(("parse-error", "document-too-large", "alias-limit",
                                 "internal-error"))
"""Findings that say a file could not be read as a document at all (``internal-error``: the
reader failed on it)."""

TOOL_EVIDENCE = frozenset(("unknown-schema", "server-list-fails", "server-start-fails"))
"""Findings that say a file is about tools though no tool could be read from it: a file with one
is reported whatever its name (a Python tool registration whose schema cannot be derived; a
server whose every tool its own SDK cannot list; a module of a server that stops it before it
lists anything, such as its entry point whose tools another module registers)."""

class Verdict:
    __slots__ = ("reason", "report", "unchecked")

    def __init__(self, report: bool, reason: str = "", unchecked: str = "") -> None:
        self.report = report
        self.reason = reason  # why it is skipped
        # why a file that says it is a tool document could not be checked: reported as an
        # input portlint could not check (exit 2), as the same file named would be
        self.unchecked = unchecked


def unread_and_unreported(result: LintResult) -> str | None:
    """Why a file could not be read, when the finding saying so is switched off (`--ignore
    parse-error`, a configuration's `ignore`): the file was not checked all the same, and that
    is never a pass. None when it was read, or its finding is reported."""
    reported = {f.rule for f in result.findings}
    for problem in result.source.problems:
        if problem.rule in UNREADABLE_FINDINGS and problem.rule not in reported:
            return (f"it could not be read ({problem.message}); `{problem.rule}` is switched "
                    "off, so it is not reported, and nothing in it was checked")
    return None


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
    switched_off = unread_and_unreported(result)
    if switched_off is not None and looks_like_tool_document(path, text):
        return Verdict(False, unchecked=switched_off)
    if not UNREADABLE_FINDINGS.isdisjoint(rules):
        if looks_like_tool_document(path, text):
            return Verdict(True)
        return Verdict(False, "cannot be read as a document ("
                       + ", ".join(sorted(UNREADABLE_FINDINGS & rules))
                       + "), and neither its name nor its start looks like a tool document")
    from portlint.cli.server_made import server_made, skip_reason

    made = server_made(path, text) if not result.findings else None
    if made is not None:  # its tools may be in another file: said if no file has any
        return Verdict(False, skip_reason(made))
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
