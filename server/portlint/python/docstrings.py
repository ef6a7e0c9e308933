"""A tool function's docstring as fastmcp reads it from 3.2.4 on: the description and each
argument's description.

fastmcp 3.2.4 and later hand the cleaned docstring (`inspect.getdoc`) to griffe's Google, NumPy
and Sphinx parsers in that order and keep the first parse that shows structure; the description
is that parse's first text section, the argument descriptions its parameter sections' entries.
Which parse counts as structured depends on the release (`Rule`):

- `parameters` (3.2.4 to 4.0.x): only one that documents parameters; a docstring whose only
  section is `Returns:` (say) is kept whole;
- `sections` (4.1.0 to 4.1.6): any section or admonition besides text;
- `named-sections` (4.1.7 on): any section, and the admonitions named as Napoleon's sections
  (`Note:`, `Example:`, `Warning:` …), not prose such as `Rules:` followed by an indented list.

When no parser sees structure the whole docstring is the description. Earlier releases (and
fastmcp 2.x) send the whole docstring and describe no argument. The parsers here reproduce what
griffe (griffelib 2.x) makes of the lines, as far as the description, the argument descriptions
and the presence of sections go (tests/python/servers/f4-docsections and its recordings)."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Literal, NamedTuple

Rule = Literal["parameters", "sections", "named-sections"]

# Napoleon's section names that griffe leaves as admonitions: structure from 4.1.7 on
_NAMED_ADMONITIONS = frozenset((
    "attention", "caution", "danger", "error", "example", "hint", "important", "note", "notes",
    "raise", "references", "return", "see-also", "tip", "todo", "warning", "yield"))


class Section(NamedTuple):
    """One section of a parse: `text` (its value), `parameters` (its entries), `admonition`
    (its kind in `text`) or any other section kind."""

    kind: str
    text: str = ""
    parameters: tuple[tuple[str, str], ...] = ()


class Parsed(NamedTuple):
    description: str | None
    parameters: dict[str, str]


def parse_docstring(raw: str, rule: Rule) -> Parsed:
    """The description and the argument descriptions fastmcp takes from a docstring as written
    in the source (`ast.get_docstring(..., clean=False)`)."""
    doc = inspect.cleandoc(raw)
    if not doc:
        return Parsed(None, {})
    lines = inspect.cleandoc(doc.rstrip()).split("\n")
    parsers: tuple[Callable[[list[str]], list[Section]], ...] = (_google, _numpy, _sphinx)
    for parser in parsers:
        description: str | None = None
        parameters: dict[str, str] = {}
        structured = False
        for section in parser(lines):
            if section.kind == "text":
                if description is None:
                    description = section.text
            elif section.kind == "parameters":
                parameters.update(section.parameters)
                structured = True
            elif section.kind == "admonition":
                structured = structured or rule == "sections" or section.text in \
                    _NAMED_ADMONITIONS
            else:
                structured = True
        if parameters or (structured and rule != "parameters"):
            return Parsed(description, parameters)
    return Parsed(doc, {})


def _blank(line: str) -> bool:
    return not line or line.isspace()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _flush_text(sections: list[Section], text: list[str]) -> None:
    if any(text):
        sections.append(Section("text", "\n".join(text).rstrip("\n")))
    text.clear()


# -- Google style -----------------------------------------------------------------------------

_GOOGLE_KINDS = {
    **dict.fromkeys(("args", "arguments", "params", "parameters"), "parameters"),
    **dict.fromkeys(("keyword args", "keyword arguments", "other args", "other arguments",
                     "other params", "other parameters"), "other_parameters"),
    **dict.fromkeys(("type args", "type arguments", "type params", "type parameters"),
                    "type_parameters"),
    "raises": "raises", "exceptions": "raises", "returns": "returns", "yields": "yields",
    "receives": "receives", "examples": "examples", "attributes": "attributes",
    "functions": "functions", "methods": "functions", "classes": "classes",
    "type aliases": "type_aliases", "modules": "modules", "warns": "warns", "warnings": "warns",
}
# a section or admonition title: `Args:`, `Note: a title`
_HEADING = re.compile(r"^(?P<kind>\w[\s\w-]*):(?:\s+\S.*)?\s*$", re.IGNORECASE)
# sections whose entries are read as `name: description` (the others take any line)
_NAMED_ENTRIES = frozenset(("parameters", "other_parameters", "type_parameters", "raises",
                            "warns", "attributes", "functions", "classes", "type_aliases",
                            "modules"))


def _google(lines: list[str]) -> list[Section]:
    sections: list[Section] = []
    text: list[str] = []
    fenced = False
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = line.lstrip(" ").startswith("```")
        heading = _HEADING.match(line) if ":" in line else None
        if fenced or fence:
            fenced = fenced != fence
            text.append(line)
        elif heading is not None and _google_heading(lines, index):
            kind = heading.group("kind").lower()
            if kind in _GOOGLE_KINDS:
                _flush_text(sections, text)
                section, index = _google_section(lines, index + 1, _GOOGLE_KINDS[kind])
                if section is not None:
                    sections.append(section)
            else:
                contents, index = _google_block(lines, index + 1)
                if contents:
                    _flush_text(sections, text)
                    sections.append(Section("admonition", kind.replace(" ", "-")))
                elif index < len(lines):
                    text.append(lines[index])
        else:
            text.append(line)
        index += 1
    _flush_text(sections, text)
    return sections


def _google_heading(lines: list[str], index: int) -> bool:
    """Whether a `word:` line opens a section: a blank line (or nothing) above, an indented line
    right below (or, below a non-blank unindented line, the line after)."""
    below = lines[index + 1] if index + 1 < len(lines) else None
    after = lines[index + 2] if index + 2 < len(lines) else None
    indented_below = below is not None and not _blank(below) and below.startswith(" ")
    indented_after = after is not None and not _blank(after) and after.startswith(" ")
    if not (indented_below or indented_after):
        return False
    blank_above = index == 0 or _blank(lines[index - 1])
    blank_below = below is not None and _blank(below)
    return blank_above and not (indented_after and blank_below)


def _google_items(lines: list[str], start: int) -> tuple[list[list[str]], int]:
    """The entries of a section from `start`: each starts at the first line's indent, its
    continuation lines lose twice that indent (or all of it when indented less than that);
    the section ends at a line indented less. Returns the entries and the last line read."""
    if start >= len(lines):
        return [], start
    index = start
    while _blank(lines[index]):
        index += 1
    indent = _indent(lines[index])
    if indent == 0:
        return [], index - 1
    items: list[list[str]] = []
    item = [lines[index][indent:]]
    index += 1
    while index < len(lines):
        line = lines[index]
        if _blank(line):
            item.append("")
        elif line.startswith(" " * indent * 2):
            item.append(line[indent * 2:])
        elif line.startswith(" " * (indent + 1)):
            item.append(line.lstrip())
        elif line.startswith(" " * indent):
            items.append(item)
            item = [line[indent:]]
        else:
            break
        index += 1
    items.append(item)
    return items, index - 1


def _google_block(lines: list[str], start: int) -> tuple[str, int]:
    """An admonition's (or `Examples:`') indented block, and the last line read."""
    if start >= len(lines):
        return "", start - 1
    index = start
    while _blank(lines[index]):
        index += 1
    indent = _indent(lines[index])
    if indent == 0:
        return "", start - 1
    block = [lines[index].lstrip()]
    index += 1
    while index < len(lines) and (lines[index].startswith(" " * indent) or _blank(lines[index])):
        block.append(lines[index][indent:])
        index += 1
    return "\n".join(block).rstrip("\n"), index - 1


def _google_section(lines: list[str], start: int, kind: str) -> tuple[Section | None, int]:
    """A section of `kind`, or None where griffe drops it (no entry it can read)."""
    if kind == "examples":  # kept even when empty
        return Section(kind), _google_block(lines, start)[1]
    items, end = _google_items(lines, start)
    if kind not in _NAMED_ENTRIES:
        return (Section(kind) if items else None), end
    entries = [_google_entry(item) for item in items if ":" in item[0]]
    if not entries:
        return None, end
    return Section(kind, parameters=tuple(entries)), end


def _google_entry(item: list[str]) -> tuple[str, str]:
    name, first = item[0].split(":", 1)
    description = "\n".join([first.lstrip(), *item[1:]]).rstrip("\n")
    if "(" in name and name.endswith(")"):  # `name (type): …`
        name = name.split("(", 1)[0].strip()
    return name, description


# -- NumPy style ------------------------------------------------------------------------------

_NUMPY_KINDS = {
    "deprecated": "deprecated", "parameters": "parameters",
    "other parameters": "other_parameters", "type parameters": "type_parameters",
    "returns": "returns", "yields": "yields", "receives": "receives", "raises": "raises",
    "warns": "warns", "examples": "examples", "attributes": "attributes",
    "functions": "functions", "methods": "functions", "classes": "classes",
    "type aliases": "type_aliases", "modules": "modules",
}
_NUMPY_NAME = r"\*{0,2}[_a-z][_a-z0-9]*"
_NUMPY_NAMES = re.compile(rf"(?P<names>{_NUMPY_NAME}(?:,\s{_NUMPY_NAME})*)", re.IGNORECASE)


def _dashes(line: str) -> bool:
    return "-" in line and _blank(line.replace("-", ""))


def _numpy(lines: list[str]) -> list[Section]:
    sections: list[Section] = []
    text: list[str] = []
    title = ""  # the admonition being read: an underlined title griffe does not know
    fenced = False
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = line.lstrip(" ").startswith("```")
        if fenced or fence:
            fenced = fenced != fence
            text.append(line)
        elif _blank(line):
            text.append("")
        elif index == len(lines) - 1:
            text.append(line)
            _numpy_flush(sections, text, title)
            title = ""
        elif _dashes(lines[index + 1]):
            _numpy_flush(sections, text, title)
            kind = _NUMPY_KINDS.get(line.lower())
            if kind is not None:
                title = ""
                section, index = _numpy_section(lines, index + 2, kind)
                if section is not None:
                    sections.append(section)
            else:
                title = line
                index += 1
        else:
            text.append(line)
        index += 1
    _numpy_flush(sections, text, title)
    return sections


def _numpy_flush(sections: list[Section], text: list[str], title: str) -> None:
    if title:
        kind = title.lower().replace(" ", "-")
        sections.append(Section("admonition", kind[:-1] if kind in ("notes", "warnings")
                                else kind))
        text.clear()
    else:
        _flush_text(sections, text)


def _numpy_items(lines: list[str], start: int) -> tuple[list[list[str]], int]:
    """The entries of a section from `start`: each starts on an unindented line, continuation
    lines lose four spaces (or all of a smaller indent); an underlined title ends it."""
    if start >= len(lines):
        return [], start
    index = start
    while _blank(lines[index]):
        index += 1
    items: list[list[str]] = []
    item = [lines[index]]
    index += 1
    while index < len(lines):
        line = lines[index]
        if _blank(line):
            item.append("")
        elif line.startswith("    "):
            item.append(line[4:])
        elif line.startswith(" "):
            item.append(line.lstrip())
        elif index + 1 < len(lines) and _dashes(lines[index + 1]):
            break
        else:
            items.append(item)
            item = [line]
        index += 1
    items.append(item)
    return items, index - 1


def _numpy_block_end(lines: list[str], start: int) -> int:
    """The last line of an `Examples` block: it runs to the blank line before a title."""
    if start >= len(lines):
        return start
    index = start
    while _blank(lines[index]):
        index += 1
    while index < len(lines):
        if _blank(lines[index]) and any(
                index + step < len(lines) and _dashes(lines[index + step]) for step in (1, 2)):
            break
        index += 1
    return index - 1


def _numpy_section(lines: list[str], start: int, kind: str) -> tuple[Section | None, int]:
    if kind == "examples":  # kept even when empty
        return Section(kind), _numpy_block_end(lines, start)
    items, end = _numpy_items(lines, start)
    if kind not in ("parameters", "other_parameters", "type_parameters"):
        return (Section(kind) if items else None), end
    entries: list[tuple[str, str]] = []
    for item in items:
        match = _NUMPY_NAMES.match(item[0])
        if match is None:
            continue
        description = "\n".join(item[1:]).rstrip() if len(item) > 1 else ""
        entries.extend((name, description) for name in match.group("names").split(", "))
    if not entries:
        return None, end
    return Section(kind, parameters=tuple(entries)), end


# -- Sphinx style -----------------------------------------------------------------------------

# field prefixes, in the order griffe tries them, and what each field is
_SPHINX_FIELDS: tuple[tuple[tuple[str, ...], str], ...] = (
    ((":type",), "type"),
    ((":param", ":parameter", ":arg", ":argument", ":key", ":keyword"), "parameter"),
    ((":vartype",), "type"),
    ((":var", ":ivar", ":cvar"), "attribute"),
    ((":raises", ":raise", ":except", ":exception"), "raises"),
    ((":returns", ":return"), "returns"),
    ((":rtype",), "type"),
)


def _sphinx(lines: list[str]) -> list[Section]:
    text: list[str] = []
    parameters: dict[str, str] = {}
    others: set[str] = set()  # the other sections a field made
    index = 0
    while index < len(lines):
        line = lines[index]
        field = next((kind for prefixes, kind in _SPHINX_FIELDS if line.startswith(prefixes)),
                     None) if line.startswith(":") else None
        if field is None:
            text.append(line)
        else:
            index = _sphinx_field(lines, index, field, parameters, others)
        index += 1
    while text and _blank(text[0]):
        text.pop(0)
    while text and _blank(text[-1]):
        text.pop()
    sections = [Section("text", "\n".join(text))]
    if parameters:
        sections.append(Section("parameters", parameters=tuple(parameters.items())))
    sections.extend(Section(kind) for kind in sorted(others))
    return sections


def _sphinx_field(lines: list[str], index: int, field: str, parameters: dict[str, str],
                  others: set[str]) -> int:
    """Reads the field at `index` (with its continuation lines: all up to the next line that
    starts with `:`); returns the last line read."""
    end = index + 1
    while end < len(lines) and not lines[end].startswith(":"):
        end += 1
    text = inspect.cleandoc("\n".join([lines[index].lstrip(), *lines[index + 1:end]]))
    parts = text.rstrip("\n").split(":", 2)
    if len(parts) < 3:
        return end - 1
    directive, value = parts[1].split(" "), parts[2].strip()
    if field == "parameter" and len(directive) >= 2:
        name = directive[1] if len(directive) == 2 else directive[-1]
        parameters.setdefault(name, value)
    elif field == "returns" or (field in ("attribute", "raises") and len(directive) == 2):
        others.add(field)
    return end - 1
