"""Rule-case fixtures: a document with its expected findings marked where they must be.

A ``.case`` file holds a header and one section per format::

    # what the case is about
    expect a: boolean-schema error outputSchema.properties.data
    --- json
    {"name": "t", "outputSchema": {"type": "object", "properties": {"data": ⟪a|true⟫}}}
    --- json fixed
    {"name": "t", "outputSchema": {"type": "object", "properties": {"data": {}}}}
    --- yaml
    ...

``⟪label|`` and ``⟫`` mark the exact range of the finding named ``label`` (markers nest). The
path is the finding's display path (``-`` for empty). A case with no ``expect`` line expects no
finding at all. ``fixed`` sections give the text after applying every safe fix until stable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

OPEN = "⟪"
CLOSE = "⟫"
_EXPECT = re.compile(r"expect (\w+): (\S+) (error|warning|information) (\S+)\Z")


@dataclass(frozen=True)
class Expected:
    label: str
    rule: str
    severity: str
    path: str


@dataclass
class Section:
    fmt: str
    text: str
    ranges: dict[str, tuple[int, int]]
    fixed: str | None = None


@dataclass
class Case:
    name: str
    description: str
    expected: list[Expected]
    sections: dict[str, Section] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)


def strip_markers(marked: str) -> tuple[str, dict[str, tuple[int, int]]]:
    out: list[str] = []
    length = 0
    stack: list[tuple[str, int]] = []
    ranges: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(marked):
        c = marked[i]
        if c == OPEN:
            bar = marked.index("|", i)
            stack.append((marked[i + 1:bar], length))
            i = bar + 1
            continue
        if c == CLOSE:
            label, start = stack.pop()
            if label in ranges:
                raise ValueError(f"label {label} marked twice")
            ranges[label] = (start, length)
            i += 1
            continue
        out.append(c)
        length += 1
        i += 1
    if stack:
        raise ValueError(f"unclosed marker {stack[-1][0]}")
    return "".join(out), ranges


def load_case(path: Path) -> Case:
    raw = path.read_text(encoding="utf-8")
    parts = re.split(r"^--- (.+)\n", raw, flags=re.M)
    header, rest = parts[0], parts[1:]
    description: list[str] = []
    expected: list[Expected] = []
    options: dict[str, str] = {}
    for raw_line in header.splitlines():
        line = raw_line.strip()
        if not line:
            continue
        if line.startswith("#"):
            description.append(line.lstrip("# "))
            continue
        match = _EXPECT.match(line)
        if match:
            label, rule, severity, shown = match.groups()
            expected.append(Expected(label, rule, severity, "" if shown == "-" else shown))
            continue
        if ":" in line:
            key, value = line.split(":", 1)
            options[key.strip()] = value.strip()
            continue
        raise ValueError(f"{path}: cannot read header line {line!r}")
    case = Case(path.stem, " ".join(description), expected, options=options)
    for title, body in zip(rest[0::2], rest[1::2], strict=True):
        fmt, _, kind = title.strip().partition(" ")
        if kind == "fixed":
            case.sections[fmt].fixed = body
        else:
            text, ranges = strip_markers(body)
            case.sections[fmt] = Section(fmt, text, ranges)
    for section in case.sections.values():
        labels = {e.label for e in expected}
        if set(section.ranges) != labels:
            raise ValueError(f"{path} [{section.fmt}]: marked {sorted(section.ranges)}, "
                             f"expected {sorted(labels)}")
    return case


CASES_DIR = Path(__file__).resolve().parent.parent / "cases"


def all_cases() -> list[Path]:
    return sorted(CASES_DIR.rglob("*.case"))
