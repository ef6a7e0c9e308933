"""From what a runner saw to an outcome: accepted, refused (with its scope) or rewritten.

A runner reports, per case and transport, the raw facts: whether it connected, the tool list the
client handed on (or the error that lost it), each call's result or error, and the client's own
log lines. This module turns them into one outcome:

* ``refused`` / ``tool-list`` — listing failed: every tool of the server is lost, the clean
  sibling too;
* ``refused`` / ``tool`` — the list arrived without the subject (the sibling is there);
* ``refused`` / ``call`` — the subject is listed but calling it fails in the client (the
  server answered correctly);
* ``refused`` / ``conversion`` — a converter raised (in-process libraries); ``lost`` says what
  the raise cost: ``tool-list`` when the library converts the server's tools as one list (the
  sibling is lost with the subject), ``tool`` when it converts tools one by one;
* ``rewritten`` — the subject was handed on changed: ``diff`` lists each change and ``effect``
  says whether the contract widens or narrows where that can be told;
* ``accepted`` — handed on unchanged, and its calls succeed.

The most severe finding decides the outcome; the other facts stay in the record (a rewritten
tool whose call also fails keeps its diff).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.harness.cases import SIBLING, Case
from conformance.harness.diff import (
    change_effect,
    diff,
    flattened_allof,
    nullable_pairs,
    summarise,
)

_STACK_LINE = re.compile(r"^\s+at .*$", re.MULTILINE)
_PORT = re.compile(r"(127\.0\.0\.1|localhost):\d+")
_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?")
_DURATION = re.compile(r"\b\d+(\.\d+)?\s?ms\b")
_TMP = re.compile(r"/tmp/[^\s\"')]+")
_HEX_ID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")


def normalise(text: str, replacements: dict[str, str] | None = None) -> str:
    """The text with its volatile parts (paths, ports, times, ids, stack frames) masked."""
    for real, shown in sorted((replacements or {}).items(), key=lambda kv: -len(kv[0])):
        text = text.replace(real, shown)
    text = _STACK_LINE.sub("", text)
    text = _TMP.sub("<tmp>", text)
    text = _PORT.sub(r"\1:<port>", text)
    text = _ISO_TIME.sub("<time>", text)
    text = _DURATION.sub("<n>ms", text)
    text = _HEX_ID.sub("<uuid>", text)
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip())


def _name(tool: Any) -> Any:
    return tool.get("name") if isinstance(tool, dict) else None


HANDED = "_handed"  # a runner's facts about how a library handed a tool on (not compared)


def _view(tool: Any, fields: tuple[str, ...] | None) -> Any:
    if not isinstance(tool, dict):
        return tool
    if fields is None:
        return {key: value for key, value in tool.items() if key != HANDED}
    return {key: tool[key] for key in fields if key in tool}


_SCHEMA_FIELDS = ("inputSchema", "outputSchema")
_TOOL_ANNOTATIONS = ("description", "title", "annotations", "icons", "_meta")


def _effect(change: dict[str, Any]) -> str:
    """A change's effect on the contract: judged inside a schema, annotation for a tool's
    descriptive fields, unknown for anything else (a schema appearing or vanishing whole)."""
    parts = change["path"].split("/")
    if len(parts) > 2 and parts[1] in _SCHEMA_FIELDS:
        return change_effect(change)
    if len(parts) >= 2 and parts[1] in _TOOL_ANNOTATIONS:
        return "annotation"
    if parts[1:] == ["name"]:
        return "renamed"
    return "unknown"


def match_tools(served: list[Any], handed: list[Any],
                fields: tuple[str, ...] | None) -> tuple[list[dict[str, Any]], list[Any]]:
    """Each served tool's fate in the handed-on list, matched by name in order; and the handed
    tools nothing served matches."""
    remaining = list(handed)
    fates = []
    for index, tool in enumerate(served):
        name = _name(tool)
        found = next((i for i, other in enumerate(remaining)
                      if isinstance(name, str) and _name(other) == name), None)
        if found is None:
            fates.append({"index": index, "name": name, "status": "missing"})
            continue
        fates.append(_fate(index, name, tool, remaining.pop(found), fields))
    # a client that renames tools: one served tool lost its name and one unknown tool appeared
    lost = [f for f in fates if f["status"] == "missing" and f["name"] != SIBLING]
    if len(lost) == 1 and len(remaining) == 1:
        fate = lost[0]
        fates[fates.index(fate)] = _fate(fate["index"], fate["name"], served[fate["index"]],
                                         remaining.pop(), fields)
    return fates, remaining


def _fate(index: int, name: Any, tool: Any, other: Any,
          fields: tuple[str, ...] | None) -> dict[str, Any]:
    changes = diff(_view(tool, fields), _view(other, fields))
    handed = {"handed": other[HANDED]} if isinstance(other, dict) and HANDED in other else {}
    if changes:
        paired = nullable_pairs(changes) | flattened_allof(changes)
        effects = ["equivalent" if i in paired else _effect(c) for i, c in enumerate(changes)]
        return {"index": index, "name": name, "status": "rewritten", "diff": changes,
                "effect": summarise(effects), **handed}
    return {"index": index, "name": name, "status": "unchanged", **handed}


def _call_error(call: dict[str, Any], served_result: dict[str, Any] | None,
                replacements: dict[str, str]) -> str | None:
    if not call.get("ok"):
        return normalise(str(call.get("error")), replacements)
    result = call.get("result") or {}
    if result.get("isError") and not (served_result or {}).get("isError"):
        texts = [block.get("text", "") for block in result.get("content", [])
                 if isinstance(block, dict)]
        return normalise("isError: " + " ".join(texts), replacements)
    return None


def classify(case: Case, raw: dict[str, Any], served_calls: dict[str, Any], *,
             fields: tuple[str, ...] | None = None,
             replacements: dict[str, str] | None = None,
             rewrites_every_tool: bool = False) -> dict[str, Any]:
    """One transport's raw facts for one case, as an outcome. For a converter that rewrites
    every tool, the sibling's own rewrite does not count as the subject affecting it."""
    replacements = replacements or {}
    outcome: dict[str, Any] = {}
    if raw.get("handshake"):
        outcome["handshake"] = raw["handshake"]
    log = [normalise(line, replacements) for line in raw.get("console", [])]
    log = [line for line in log if line]
    if not raw.get("connect", {}).get("ok", False):
        outcome.update(outcome="refused", scope="tool-list",
                       error=normalise(str(raw["connect"].get("error")), replacements),
                       stage="connect")
        return _with_log(outcome, log)
    conversion = raw.get("conversion")
    if conversion is not None and not conversion.get("ok"):
        # the library converts the tool list as one: its raise loses every tool
        outcome.update(outcome="refused", scope="conversion", lost="tool-list",
                       error=normalise(str(conversion.get("error")), replacements),
                       stage="conversion")
        return _with_log(outcome, log)
    listing = raw.get("list") or {}
    if not listing.get("ok"):
        outcome.update(outcome="refused", scope="tool-list",
                       error=normalise(str(listing.get("error")), replacements), stage="list")
        return _with_log(outcome, log)
    fates, extra = match_tools(case.tools, listing.get("tools", []), fields)
    subjects = [f for f in fates if f["name"] != SIBLING]
    siblings = [f for f in fates if f["name"] == SIBLING]
    outcome["tools"] = [{k: v for k, v in f.items() if k not in ("diff", "effect")}
                        | ({"effect": f["effect"]} if "effect" in f else {}) for f in fates]
    if extra:
        outcome["extra_tools"] = extra
    call_errors = {}
    for call in raw.get("calls", []):
        error = _call_error(call, served_calls.get(call["name"]), replacements)
        if error is not None:
            call_errors[call["name"]] = error
    if call_errors:
        outcome["call_errors"] = call_errors
    rewritten = [f for f in subjects if f["status"] == "rewritten"]
    if rewritten:
        outcome["diff"] = {str(f["index"]): f["diff"] for f in rewritten}
        outcome["effect"] = summarise([f["effect"] for f in rewritten])
    failed = {str(name): normalise(str(error), replacements)
              for name, error in (raw.get("conversion_errors") or {}).items()}
    dropped = {str(name): normalise(str(error), replacements)
               for name, error in (raw.get("dropped") or {}).items()}
    missing = [f for f in subjects if f["status"] == "missing"]
    if missing and any(str(f["name"]) in failed for f in missing):
        # converted tool by tool: the raise costs this tool only
        outcome["outcome"], outcome["scope"], outcome["lost"] = "refused", "conversion", "tool"
        outcome["error"] = next(failed[str(f["name"])] for f in missing
                                if str(f["name"]) in failed)
    elif missing or not subjects:
        outcome["outcome"], outcome["scope"] = "refused", "tool"
        outcome["error"] = next((dropped[str(f["name"])] for f in missing
                                 if str(f["name"]) in dropped), None) or _why_dropped(
                                     subjects, log)
    elif any(name != SIBLING for name in call_errors):
        outcome["outcome"], outcome["scope"] = "refused", "call"
        outcome["error"] = next(e for n, e in call_errors.items() if n != SIBLING)
    elif rewritten:
        outcome["outcome"] = "rewritten"
    else:
        outcome["outcome"] = "accepted"
    sibling_hit = ("missing",) if rewrites_every_tool else ("missing", "rewritten")
    if any(f["status"] in sibling_hit for f in siblings) or SIBLING in call_errors:
        outcome["sibling_affected"] = True
    return _with_log(outcome, log)


def _why_dropped(subjects: list[dict[str, Any]], log: list[str]) -> str:
    """The client's own words for dropping a tool: its first log line naming a dropped tool."""
    names = [str(f["name"]) for f in subjects if f["status"] == "missing"]
    for line in log:
        if any(f"'{name}'" in line or f'"{name}"' in line for name in names):
            return line
    return "(dropped without a message)"


def _with_log(outcome: dict[str, Any], log: list[str]) -> dict[str, Any]:
    if log:
        outcome["log"] = log
    first = ("outcome", "scope", "lost", "stage", "error", "effect")
    ordered: dict[str, Any] = {key: outcome[key] for key in first if key in outcome}
    ordered.update({k: v for k, v in outcome.items() if k not in ordered})
    return ordered


def combine(per_transport: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One outcome for all transports: the shared one, or each transport's where they differ."""
    values = list(per_transport.values())
    if all(value == values[0] for value in values[1:]):
        return values[0]
    return {"outcome": "transport-dependent", "by_transport": per_transport}
