"""Client error text → the errors it reports: who wrote each, which tool and path it names, and
which rule explains it. Driven by :data:`portlint.explain.formats.FORMATS`; text that matches no
row yields nothing (and ``explain`` says so, instead of guessing)."""

from __future__ import annotations

import ast
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
    role: str | None = None  # "input" / "output", when known
    path: tuple[Step, ...] = ()  # from the role's schema root
    rules: tuple[str, ...] = ()  # the rules that explain it, best first (empty: the lint says)


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
    found: list[tuple[int, ClientError]] = []
    taken: list[tuple[int, int]] = []
    for row in FORMATS:
        for match in row.pattern.finditer(text):
            span = match.span()
            if any(start < span[1] and span[0] < end for start, end in taken):
                continue  # read already by an earlier, more specific row
            error = _read(row, match)
            if error is not None:
                found.append((span[0], error))
                taken.append(span)
    return [error for _, error in sorted(found, key=lambda pair: pair[0])]


def _read(row: ErrorFormat, match: re.Match[str]) -> ClientError | None:
    groups = {k: v for k, v in match.groupdict().items() if v is not None}
    message = groups.get("message", match.group(0)).strip()
    if row.path_style == "zod-json":
        message = _unescape(message)
    tool = groups.get("tool")
    index = int(groups["index"]) if "index" in groups else None
    role: str | None = {"tool-input": "input", "tool-output": "output"}.get(row.root)
    if row.root == "request" and row.path_style == "none" and row.rule in (
            "root-combinator", "invalid-schema", "input-root-not-object"):
        role = "input"
    raw = groups.get("path")
    path: tuple[Step, ...] = ()
    try:
        if raw is not None:
            path = _PATHS[row.path_style](raw)
    except (ValueError, SyntaxError, PathSyntaxError):
        return None
    if row.root == "list":
        if len(path) < 2 or path[0] != "tools" or not isinstance(path[1], int):
            return None
        index = path[1]
        rest = path[2:]
        if rest and isinstance(rest[0], str) and rest[0] in _ROLE_KEYS:
            role = _ROLE_KEYS[rest[0]]
            rest = rest[1:]
        path = rest
    elif row.path_style == "proto":
        index, role, path = _proto_place(path)
    elif row.id == "anthropic-invalid-schema":
        role = "input"
    rules: tuple[str, ...] = (row.rule,) if row.rule else ()
    if row.rule_from and "keyword" in groups:
        chosen = row.rule_from.get(groups["keyword"])
        rules = (chosen,) if chosen else ()
        keyword = groups["keyword"]
        if not path or path[-1] != keyword:
            path = (*path, keyword)
        message = f'Unknown name "{keyword}"'
    if not rules:
        rules = _rules_for(message, role, path)
    return ClientError(row, match.group(0), message, tool, index, role, path, rules)


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
            if path[-1:] == ("type",) or not path:
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


_PATHS: dict[str, Callable[[str], tuple[Step, ...]]] = {
    "zod-json": _zod, "zod-pretty": _any, "dotted": _dotted, "openai-context": _openai_context,
    "dollar": _dollar, "proto": _proto, "pointer": _any, "none": lambda raw: ()}


def concrete(path: tuple[Step, ...]) -> Path | None:
    """The path when it holds no ordinal (else None: it needs a schema to resolve)."""
    if any(isinstance(step, Ordinal) for step in path):
        return None
    return tuple(step for step in path if not isinstance(step, Ordinal))
