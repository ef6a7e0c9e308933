"""Client error text → the errors it reports: who wrote each, which tool and path it names, and
which rule explains it. Driven by :data:`portlint.explain.formats.FORMATS`; text that matches no
row yields nothing (and ``explain`` says so, instead of guessing)."""

from __future__ import annotations

import ast
import bisect
import json
import re
from collections.abc import Callable
from typing import NamedTuple

from portlint.explain.formats import FORMATS, MESSAGE_RULES, ErrorFormat
from portlint.paths import PathSyntaxError, parse_any_path
from portlint.source.located import Path


class Ordinal(NamedTuple):
    """The n-th property of a ``properties`` map (the Gemini API counts map entries)."""

    position: int


Step = str | int | Ordinal


class ClientError(NamedTuple):
    format: ErrorFormat
    excerpt: str  # the text it was read from
    message: str
    tool: str | None = None  # the tool's name, when the text names it
    tool_index: int | None = None  # counted as ``format.root`` says
    role: str | None = None  # "input" / "output" / "tool" (the tool object), when known
    path: tuple[Step, ...] = ()  # from the role's schema root
    rules: tuple[str, ...] = ()  # the rules that explain it, best first (empty: the lint says)
    quoted: object = None  # the value the text quotes, for ``format.locate``
    has_path: bool = False  # the text names a place (possibly the root itself)
    may_be_absent: bool = False  # the client validated the data: a path to a key that is
    # not there says the key is missing (zod, pydantic), unless the text says what it received


_ROLE_KEYS = {"inputSchema": "input", "input_schema": "input", "parameters": "input",
              "outputSchema": "output"}


def parse_errors(text: str) -> list[ClientError]:
    """Every error the text reports that a format row recognises, in text order."""
    for candidate in _readings(text):
        found = _parse(candidate)
        if found:
            return found
    return []


def _readings(text: str) -> list[str]:
    """The text, and the text unescaped once (an error quoted inside a JSON string)."""
    out = [text]
    if '\\"' in text or "\\n" in text:
        out.append(text.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\"))
    return out


def _parse(text: str) -> list[ClientError]:
    found: list[tuple[int, int, ClientError]] = []
    taken = _Spans()
    for row in FORMATS:
        for match in row.pattern.finditer(text):
            start = match.start()
            if taken.overlaps(start, start + 1):
                continue  # read already by an earlier, more specific row
            if row.path_style == "zod-issues":
                end, errors = _zod_issues(row, text, match)
            else:
                end, errors = match.end(), _read(row, match)
            end = max(end, start + 1)
            if taken.overlaps(start, end):
                continue
            if errors:
                found.extend((start, n, error) for n, error in enumerate(errors))
                taken.add(start, end)
    return [error for _, _, error in sorted(found, key=lambda item: (item[0], item[1]))]


class _Spans:
    """The stretches of text read so far, none overlapping another, in text order: asking
    whether a stretch overlaps one of them costs a search, not a scan (a pasted log of 100,000
    errors would otherwise take the square of that)."""

    __slots__ = ("_ends", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def overlaps(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` overlaps a stretch read: the last one starting before
        ``end`` ends latest of those that do (they do not overlap one another)."""
        i = bisect.bisect_left(self._starts, end) - 1
        return i >= 0 and self._ends[i] > start

    def add(self, start: int, end: int) -> None:
        i = bisect.bisect_left(self._starts, start)
        self._starts.insert(i, start)
        self._ends.insert(i, end)


def _zod_issues(row: ErrorFormat, text: str, match: re.Match[str]
                ) -> tuple[int, list[ClientError]]:
    """The zod issues of the JSON array that starts where the row's match ends: one error
    each, whatever the order of their keys."""
    at = match.end()
    while at < len(text) and text[at].isspace():
        at += 1
    try:
        value, end = json.JSONDecoder().raw_decode(text, at)
    except ValueError:
        return match.end(), []
    if not isinstance(value, list) or not value or not all(
            isinstance(v, dict) and isinstance(v.get("path"), list) for v in value):
        return match.end(), []
    out: list[ClientError] = []
    for issue in value:
        raw = issue["path"]
        if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in raw):
            continue
        message = str(issue.get("message", ""))
        error = _placed(row, text[match.start():end], message, tool=None, index=None,
                        path=tuple(raw), groups={"code": str(issue.get("code", ""))},
                        has_path=True)
        if error is not None:
            out.append(error)
    return end, out


def _read(row: ErrorFormat, match: re.Match[str]) -> list[ClientError]:
    groups = {k: v for k, v in match.groupdict().items() if v is not None}
    message = groups.get("message", match.group(0)).strip()
    if row.path_style == "zod-json":
        message = _unescape(message)
    tool = groups.get("tool") or groups.get("tool2")
    index = int(groups["index"]) if "index" in groups else None
    if row.path_style == "vscode-items":
        out = []
        for message, at in _vscode_items(groups.get("items", "")):
            error = _placed(row, match.group(0), message, tool=tool,
                            index=index, path=tuple(parse_any_path(at)) if at and at != "/" else (),
                            groups=groups, has_path=at is not None)
            if error is not None:
                out.append(error)
        return out
    raw = groups.get("path")
    path: tuple[Step, ...] = ()
    try:
        if raw is not None:
            path = _PATHS[row.path_style](raw)
    except (ValueError, SyntaxError, PathSyntaxError):
        return []
    error = _placed(row, match.group(0), message, tool=tool, index=index, path=path,
                    groups=groups, has_path=raw is not None)
    return [error] if error is not None else []


_AT = re.compile(r"\(at (/[^)\s]*|/)\)\Z")


def _vscode_items(text: str) -> list[tuple[str, str | None]]:
    """Each ``- MESSAGE (at /POINTER)`` item of VS Code's list: its message, and its pointer
    when it has one (read line by line: no pattern runs over the whole list)."""
    out: list[tuple[str, str | None]] = []
    for line in text.split("\n"):
        start = line.find("- ")
        if start < 0:
            continue
        message = line[start + 2:].rstrip()
        at: str | None = None
        opening = message.rfind("(at ")
        found = _AT.match(message, opening) if opening >= 0 else None
        if found is not None:
            message, at = message[:opening].rstrip(), found.group(1)
        out.append((message, at))
    return out


def _placed(row: ErrorFormat, excerpt: str, message: str, *, tool: str | None,
            index: int | None, path: tuple[Step, ...], groups: dict[str, str],
            has_path: bool) -> ClientError | None:
    role: str | None = {"tool-input": "input", "tool-output": "output"}.get(row.root)
    if row.role_from and row.role_from in groups:
        role = _ROLE_KEYS.get(groups[row.role_from], role)
    if row.root == "request" and row.path_style == "none" and row.rule in (
            "root-combinator", "invalid-schema", "input-root-not-object"):
        role = "input"
    if row.root == "tool":
        role = "tool"
        if not path and row.at:
            path, has_path = row.at, True
    if row.root == "list":
        if len(path) < 2 or path[0] != "tools" or not isinstance(path[1], int):
            return None
        index = path[1]
        rest = path[2:]
        if rest and isinstance(rest[0], str) and rest[0] in _ROLE_KEYS:
            role = _ROLE_KEYS[rest[0]]
            rest = rest[1:]
        elif rest:
            role = "tool"  # a field of the tool itself: name, description, …
        path = rest
    elif row.path_style == "proto":
        index, role, path = _proto_place(path)
    elif row.id == "anthropic-invalid-schema":
        role = "input"
    rules: tuple[str, ...] = (row.rule, *row.also) if row.rule else row.also
    if row.rule_from and "keyword" in groups:
        chosen = row.rule_from.get(groups["keyword"])
        rules = (chosen,) if chosen else ()
        keyword = groups["keyword"]
        if not path or path[-1] != keyword:
            path = (*path, keyword)
        message = f'Unknown name "{keyword}"'
    quoted = _quoted(row, groups)
    if row.locate == "ref" and isinstance(quoted, str) and not row.rule:
        rules = ("local-ref",) if quoted.startswith("#") else ("remote-ref",)
    elif row.locate == "ref-not-pointer":
        rules = ("remote-ref", "local-ref")
    message_rules = _rules_for(message, role, path) if role != "tool" else ()
    if message_rules and (not rules or row.path_style in ("zod-issues", "dotted", "vscode-items",
                                                           "pointer", "subscript")):
        rules = tuple(dict.fromkeys((*message_rules, *rules)))
    absent = row.path_style in _VALIDATES_DATA and not _RECEIVED.search(message)
    return ClientError(row, excerpt, message, tool, index, role, path, rules, quoted,
                       has_path, absent)


_VALIDATES_DATA = frozenset({"zod-issues", "zod-json", "zod-pretty", "dotted"})
_RECEIVED = re.compile(r"received (?!undefined)\w")


def _quoted(row: ErrorFormat, groups: dict[str, str]) -> object:
    if row.locate == "ref":
        if "pointer" in groups:
            return "#" + groups["pointer"]
        return groups.get("ref")
    if row.locate == "pattern":
        return groups.get("pattern")
    if row.locate == "type":
        raw = groups.get("type")
        if raw is None:
            return None
        try:
            return ast.literal_eval(raw) if raw.startswith("[") else raw
        except (ValueError, SyntaxError):
            return raw
    if row.locate == "keyword-types":
        try:
            types = json.loads(groups.get("types", "[]"))
        except ValueError:
            types = []
        return (groups.get("keyword"), tuple(str(t) for t in types))
    return None


def _unescape(text: str) -> str:
    try:
        value = json.loads(f'"{text}"')
    except ValueError:
        return text
    return value if isinstance(value, str) else text


def _rules_for(message: str, role: str | None, path: tuple[Step, ...]) -> tuple[str, ...]:
    for pattern, where, rules in MESSAGE_RULES:
        if not pattern.search(message):
            continue
        if where == "type":
            if path == ("type",) or not path:
                return (("output-root-not-object",) if role == "output"
                        else ("input-root-not-object",))
            continue
        if where == "properties":
            if len(path) == 2 and path[0] == "properties":
                return rules
            continue
        return rules
    return ()


def _zod(raw: str) -> tuple[Step, ...]:
    value = json.loads(raw)
    if not isinstance(value, list) or not all(
            isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        raise ValueError("not a path")
    return tuple(value)


def _dotted(raw: str) -> tuple[Step, ...]:
    steps: list[Step] = []
    for part in raw.rstrip(".…").split("."):
        if not part:
            continue
        steps.append(int(part) if part.isdigit() else part)
    return tuple(steps)


def _openai_context(raw: str) -> tuple[Step, ...]:
    value = ast.literal_eval(raw)
    if not isinstance(value, tuple):
        value = (value,)
    return tuple(int(v) if isinstance(v, int) else str(v) for v in value)


def _dollar(raw: str) -> tuple[Step, ...]:
    body = raw[1:].lstrip(".")
    return tuple(parse_any_path(body)) if body else ()


_PROTO_NAMES = {"any_of": "anyOf", "one_of": "oneOf", "all_of": "allOf",
                "max_items": "maxItems", "min_items": "minItems",
                "property_ordering": "propertyOrdering", "parameters_json_schema":
                "parametersJsonSchema", "function_declarations": "functionDeclarations"}


def _proto(raw: str) -> tuple[Step, ...]:
    steps: list[Step] = []
    for name, index in re.findall(r"([A-Za-z_$][\w$]*)|\[(\d+)\]", raw):
        if name:
            steps.append(_PROTO_NAMES.get(name, name))
        else:
            steps.append(int(index))
    return tuple(steps)


def _proto_place(path: tuple[Step, ...]) -> tuple[int | None, str | None,
                                                   tuple[Step, ...]]:
    """``tools[0].functionDeclarations[8].parameters.properties[1].value.items`` → the
    declaration's index, its role, and the schema path with map entries as ordinals."""
    index: int | None = None
    rest = list(path)
    if "functionDeclarations" in rest:
        at = rest.index("functionDeclarations")
        if at + 1 < len(rest) and isinstance(rest[at + 1], int):
            index = int(str(rest[at + 1]))
            rest = rest[at + 2:]
        else:
            rest = rest[at + 1:]
    role = None
    if rest and rest[0] in ("parameters", "parametersJsonSchema"):
        role = "input"
        rest = rest[1:]
    elif rest and rest[0] in ("response", "responseJsonSchema"):
        role = "output"
        rest = rest[1:]
    steps: list[Step] = []
    i = 0
    while i < len(rest):
        step = rest[i]
        if step == "properties" and i + 1 < len(rest) and isinstance(rest[i + 1], int):
            steps.extend(("properties", Ordinal(int(str(rest[i + 1])))))
            i += 2
            if i < len(rest) and rest[i] == "value":
                i += 1
            continue
        steps.append(step)
        i += 1
    return index, role, tuple(steps)


def _any(raw: str) -> tuple[Step, ...]:
    return tuple(parse_any_path(raw))


def _schema_pointer(raw: str) -> tuple[Step, ...]:
    """``schema/properties/a/items`` (Claude Code): a pointer from the schema's root."""
    parts = raw.split("/")
    if parts[0] != "schema":
        raise ValueError("not a schema pointer")
    return tuple(parse_any_path("/" + "/".join(parts[1:]))) if len(parts) > 1 else ()


def _subscript(raw: str) -> tuple[Step, ...]:
    """``['properties']['r'][0]`` (Python's jsonschema): the steps in the brackets."""
    steps: list[Step] = []
    for quoted, number in re.findall(r"\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]", raw):
        steps.append(int(number) if number else quoted.replace("\\'", "'"))
    return tuple(steps)


_PATHS: dict[str, Callable[[str], tuple[Step, ...]]] = {
    "zod-json": _zod, "zod-pretty": _any, "dotted": _dotted, "openai-context": _openai_context,
    "dollar": _dollar, "proto": _proto, "pointer": _schema_pointer, "subscript": _subscript,
    "zod-issues": _zod, "vscode-items": _any, "none": lambda raw: ()}


def concrete(path: tuple[Step, ...]) -> Path | None:
    """The path when it holds no ordinal (else None: it needs a schema to resolve)."""
    if any(isinstance(step, Ordinal) for step in path):
        return None
    return tuple(step for step in path if not isinstance(step, Ordinal))
