"""The observations that back an explanation: which real clients were recorded printing the same
error (the same format, the same message once tool names, quoted values, numbers and paths are
set aside), with the record ids a user can open in ``conformance/observations/<lane>.json``.

The index (``evidence.json``, shipped with the package) is built from the repository's
observations by ``scripts/explain_figures.py --write-evidence``; a test keeps it current. An
index that is missing, unreadable or not the shape written here is never an empty index: it
gives no evidence, and :func:`index_problem` says what could not be read (``portlint explain``
prints it and exits 2; the rendered explanation carries it as a note).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from portlint.explain.parse import ClientError

INDEX = Path(__file__).with_name("evidence.json")
OBSERVATIONS = "conformance/observations"


class Evidence(NamedTuple):
    clients: tuple[str, ...]  # the observed clients (lane titles) that printed it
    records: tuple[str, ...]  # record ids, ``<lane>@<versions>/<case>``
    files: tuple[str, ...]  # the observation files that hold them, in the repository


_MASKS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`"), "Q"),
    # a path, with what precedes its first `/` from a word's start (`\b`): tried at the first
    # `\b` of each run of `[\w.-]` only (the dots and dashes before it are kept), so a long run
    # is read once, not once from each of its boundaries
    (re.compile(r"(?:#|(?<![\w.-])(?P<lead>[.-]*+)\b[\w.-]+)?(?:/[\w$.~%-]*)+"),
     lambda found: (found.group("lead") or "") + "P"),
    (re.compile(r"\d+"), "N"),
    (re.compile(r"\s+"), " "),
)


def signature(error: ClientError) -> str:
    """What makes two errors "the same error": the format and the message's wording."""
    text = error.message
    if error.tool:
        text = text.replace(error.tool, "T")
    for pattern, replacement in _MASKS:
        text = pattern.sub(replacement, text)
    return f"{error.format.id}|{'/'.join(error.rules)}|{text.strip()[:200]}"


def lane_of(record_id: str) -> str:
    return record_id.split("@", 1)[0]


class _Loaded(NamedTuple):
    data: dict[str, Any]
    problem: str | None  # why the index could not be read, or None


@cache
def _load(path: Path) -> _Loaded:
    empty: dict[str, Any] = {"lanes": {}, "errors": {}}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _Loaded(empty, f"the evidence index {path} is missing")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        return _Loaded(empty, f"the evidence index {path} cannot be read: {reason}")
    try:
        data = json.loads(text)
    except ValueError as error:
        return _Loaded(empty, f"the evidence index {path} is not JSON: {error}")
    shape = _shape_problem(data)
    if shape is not None:
        return _Loaded(empty, f"the evidence index {path} is damaged: {shape}")
    return _Loaded(data, None)


def _shape_problem(data: Any) -> str | None:
    """What is wrong with the index's shape, or None when it is the shape ``build_index``
    writes."""
    if not isinstance(data, dict):
        return f"it is a JSON {type(data).__name__}, not an object"
    lanes, errors = data.get("lanes"), data.get("errors")
    if not isinstance(lanes, dict) or not isinstance(errors, dict):
        return "it lacks the `lanes` and `errors` objects"
    for lane, entry in lanes.items():
        if not (isinstance(entry, dict) and isinstance(entry.get("title"), str)
                and isinstance(entry.get("file"), str)):
            return f"lane {lane!r} is not {{title, file}}"
    for key, records in errors.items():
        if not (isinstance(records, list) and all(isinstance(r, str) for r in records)):
            return f"the records of {key!r} are not a list of record ids"
    return None


def _index() -> dict[str, Any]:
    return _load(INDEX).data


def index_problem() -> str | None:
    """Why the evidence index could not be read; None when it was read."""
    return _load(INDEX).problem


def evidence_for(error: ClientError, *, limit: int = 5) -> Evidence | None:
    """The recorded observations of this error; None when none was recorded, or when the index
    could not be read (:func:`index_problem` then says why)."""
    index = _index()
    records = index["errors"].get(signature(error))
    if not records:
        return None
    lanes = [index["lanes"].get(lane, {"title": lane, "file": OBSERVATIONS})
             for lane in dict.fromkeys(lane_of(r) for r in records)]
    return Evidence(tuple(lane["title"] for lane in lanes), tuple(records[:limit]),
                    tuple(lane["file"] for lane in lanes))


def build_index(root: Path) -> dict[str, Any]:
    """The index, from the repository's observations (what ``--write-evidence`` writes)."""
    from portlint.explain.observed import observed_errors
    from portlint.explain.parse import parse_errors

    lanes: dict[str, dict[str, str]] = {}
    for path in sorted((root / OBSERVATIONS).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        lanes[data["lane"]] = {"title": data["title"], "file": f"{OBSERVATIONS}/{path.name}"}
    errors: dict[str, list[str]] = {}
    for observed in observed_errors(root):
        for error in parse_errors(observed.text):
            ids = errors.setdefault(signature(error), [])
            if observed.id not in ids:
                ids.append(observed.id)
    return {"about": "Generated by scripts/explain_figures.py --write-evidence from "
                     f"{OBSERVATIONS}; do not edit.",
            "lanes": lanes, "errors": dict(sorted(errors.items()))}
