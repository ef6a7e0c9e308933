"""``NamedTuple`` for portlint's record types: typing's class syntax, checked by mypy exactly as
``typing.NamedTuple``, made at run time at the cost of ``collections.namedtuple``.

``typing.NamedTuple`` evaluates every field's annotation when the class is made; with postponed
annotations each one is a string that typing compiles into a ``ForwardRef``. That is two thirds
of the cost of defining the class (about 0.2 ms of 0.3), paid for some fifty classes before every
``portlint check``, for annotations nothing reads at run time. Here the class is the one
``collections.namedtuple`` makes — the same fields, defaults, ``_replace``, pickling, ordering
and hashing — with the body's methods, properties and docstring set on it as typing sets them,
and the annotations kept as written.
"""

from __future__ import annotations

__all__ = ["NamedTuple"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple
else:
    from collections import namedtuple

    # what typing refuses in the body, and what it does not copy from it
    _PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                             "_field_defaults", "_make", "_replace", "_asdict", "_source"})
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    class _RecordMeta(type):
        def __new__(mcs, typename, bases, ns):
            if bases != (NamedTuple,):
                raise TypeError("a record inherits from NamedTuple alone")
            annotations = ns.get("__annotations__", {})
            default_names = [name for name in annotations if name in ns]
            if default_names and default_names != list(annotations)[-len(default_names):]:
                raise TypeError(f"{typename}: a field without a default follows one with a "
                                "default")
            made = namedtuple(typename, list(annotations),
                              defaults=[ns[name] for name in default_names],
                              module=ns["__module__"])
            made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
            for key, value in ns.items():
                if key in _PROHIBITED:
                    raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
                if key not in _SPECIAL and key not in annotations:
                    setattr(made, key, value)
            return made

    NamedTuple = type.__new__(_RecordMeta, "NamedTuple", (), {"__module__": __name__})
