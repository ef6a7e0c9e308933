"""What a JavaScript expression is known to be without running it.

The evaluator turns expressions into these values: JSON-like literals (objects keep their keys in
JavaScript's order and where each was written), regular expressions, functions (never called),
references to the SDKs' and Zod's exports, and Zod schemas (:mod:`portlint.typescript.zod`).
Anything else is :class:`Unknown`, with the reason and the place that made it so."""

from __future__ import annotations

from typing import Any, NamedTuple

from portlint.source.located import Span


class Value:
    __slots__ = ("module", "span")

    def __init__(self, span: Span, module: str = "") -> None:
        self.span = span
        self.module = module  # the file it was written in ("" for the one being read)


class Unknown(Value):
    """Not derivable statically; ``reason`` says why, ``span`` where."""

    __slots__ = ("reason",)

    def __init__(self, reason: str, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.reason = reason


class JsGlobal(Unknown):
    """One of JavaScript's or Node's own globals (`Array`, `RegExp`, `process`): known by name,
    its values made at run time."""

    __slots__ = ("name",)

    def __init__(self, name: str, span: Span, module: str = "") -> None:
        super().__init__(f"`{name}` is JavaScript's own: what is made with it is known only at "
                         "run time", span, module)
        self.name = name


class UnknownOperation(Unknown):
    """An operator expression with an operand not known: ``cause`` is why that operand is not
    (the innermost one's, for expressions nested in expressions)."""

    __slots__ = ("cause",)

    def __init__(self, operator: str, cause: str, span: Span, module: str = "") -> None:
        super().__init__(f"a `{operator}` expression ({cause})", span, module)
        self.cause = cause


class Thrown(Unknown):
    """A value whose making throws when the module runs (Zod refusing a definition, a method
    the value does not have): the server stops before it lists any tool. ``reason`` says what
    is thrown."""


class Parameter(Unknown):
    """A function's parameter: known only when the function is called. ``annotation`` is the
    type written on it (``""``: none, or ``any``/``unknown``)."""

    __slots__ = ("annotation",)

    def __init__(self, reason: str, span: Span, module: str = "", annotation: str = "") -> None:
        super().__init__(reason, span, module)
        self.annotation = annotation


class Forward(Value):
    """The schema a declaration being read will hold, met in a getter of its own shape (``get
    children() { return z.array(Node); }``, Zod 4's way to a recursive schema): JavaScript
    calls the getter after the declaration has its value. Schemas made from it hold
    placeholders (``made``) that are replaced by that value once it is read."""

    __slots__ = ("made",)

    def __init__(self, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.made: list[Any] = []  # the placeholder schemas (zod.Z) made from it

    def named_at(self, span: Span) -> Forward:
        """The same schema-to-be, where a name gives it (what is said of it is said there)."""
        twin = Forward(span, self.module)
        twin.made = self.made
        return twin


class Undefined(Value):
    __slots__ = ()


class Lit(Value):
    """A string, number, boolean or null."""

    __slots__ = ("value",)

    def __init__(self, value: str | int | float | bool | None, span: Span,
                 module: str = "") -> None:
        super().__init__(span, module)
        self.value = value


class Entry(NamedTuple):
    key: str
    key_span: Span
    value: Value
    made_in: Span | None = None  # a getter's: where it is written (it runs at each read)


def is_index_key(key: str) -> bool:
    """Whether JavaScript orders this property name as an array index (before the others)."""
    return key.isdigit() and (key == "0" or not key.startswith("0")) and int(key) < 2**32 - 1


class Obj(Value):
    """An object literal: its entries in JavaScript's own order (index-like keys first,
    ascending; then the others as first written, each holding its last value)."""

    __slots__ = ("_entries", "literal")

    def __init__(self, span: Span, module: str = "", literal: bool = True) -> None:
        super().__init__(span, module)
        self._entries: dict[str, Entry] = {}
        self.literal = literal  # written as one literal here (no spread, no computed key)

    def set(self, entry: Entry) -> None:
        old = self._entries.get(entry.key)
        if old is not None:
            self._entries[entry.key] = Entry(entry.key, entry.key_span, entry.value)
        else:
            self._entries[entry.key] = entry

    def delete(self, key: str) -> None:
        self._entries.pop(key, None)

    def get(self, key: str) -> Value | None:
        entry = self._entries.get(key)
        return entry.value if entry is not None else None

    def entries(self) -> list[Entry]:
        items = list(self._entries.values())
        indexed = [e for e in items if is_index_key(e.key)]
        if not indexed:
            return items
        indexed.sort(key=lambda e: int(e.key))
        return indexed + [e for e in items if not is_index_key(e.key)]

    def __len__(self) -> int:
        return len(self._entries)


class Arr(Value):
    __slots__ = ("items",)

    def __init__(self, items: list[Value], span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.items = items


class Some(Value):
    """Some of ``items``, in their order — which ones is decided at run time (``list.filter(fn)``,
    ``flag ? listA : listB``); ``how`` says by what. Not an array: only a reader that lints every
    value that may be there (the tools a handler lists) reads it; to any other it is not known."""

    __slots__ = ("how", "items")

    def __init__(self, items: list[Value], how: str, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.items = items
        self.how = how


class Regex(Value):
    __slots__ = ("flags", "source")

    def __init__(self, source: str, flags: str, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.source = source
        self.flags = flags


class Function(Value):
    """A function or arrow function: its body is never run; only its place is known."""

    __slots__ = ("node",)

    def __init__(self, node: Any, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.node = node


class Export(Value):
    """One of the known packages' exports: ``kind`` names it (``zod``, ``McpServer``, ...)."""

    __slots__ = ("kind", "name")

    def __init__(self, kind: str, name: str, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.kind = kind
        self.name = name


class Instance(Value):
    """An object made with ``new`` from a known class (an MCP server)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.kind = kind


class Namespace(Value):
    """``import * as ns from "./file"``: the exports of another module of the project."""

    __slots__ = ("path",)

    def __init__(self, path: str, span: Span, module: str = "") -> None:
        super().__init__(span, module)
        self.path = path


def plain(value: Value) -> Any:
    """The JSON value of a literal (raises :class:`NotPlain` for anything else)."""
    if isinstance(value, Lit):
        return value.value
    if isinstance(value, Obj):
        return {e.key: plain(e.value) for e in value.entries()
                if not isinstance(e.value, Undefined)}
    if isinstance(value, Arr):
        return [None if isinstance(v, Undefined) else plain(v) for v in value.items]
    raise NotPlain(value)


class NotPlain(Exception):
    def __init__(self, value: Value) -> None:
        super().__init__("not a literal")
        self.value = value


def literal_name(value: Value | None) -> str | None:
    """The `name` an object literal gives as a string literal (a tool's), if it does."""
    name = value.get("name") if isinstance(value, Obj) else None
    return name.value if isinstance(name, Lit) and isinstance(name.value, str) else None
