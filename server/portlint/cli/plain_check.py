"""The words of a plain ``portlint check`` read without argparse: the arguments argparse would
give, or None to leave the words to argparse.

Most runs are ``portlint check [OPTIONS] [PATH...]`` with options spelled out in full. For them,
importing argparse (with ``gettext``, and ``locale`` for its message look-ups) and making the
parser is a few milliseconds of a whole check. Here the ``check`` arguments are declared by the
same function that declares them to argparse (``main.add_check_arguments``, given a
:class:`Declarations` instead of a parser), and the words are read by the part of argparse's
rules those declarations use: an option named in full, followed by its value unless it is a
flag; one run of paths. Anything else — an abbreviated or ``--opt=value`` option, ``-h``, a
value or a path starting with ``-``, ``--``, paths on both sides of an option, a value its type
or choices refuse, a declaration of a kind not read here — returns None, and argparse reads the
words (and says what is wrong with them) as it always has. A test holds the two to the same
arguments on many command lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    class Declares(Protocol):
        """What the declarations of arguments are given: argparse's parser, or
        :class:`Declarations`."""

        def add_argument(self, *names: str, **kwargs: Any) -> object: ...

_TAKES_VALUE = (None, "store", "append")


class _Option:
    """One declared argument, as far as it is read here."""

    __slots__ = ("action", "choices", "default", "dest", "type")

    def __init__(self, dest: str, action: str | None, kwargs: dict[str, Any]) -> None:
        self.dest = dest
        self.action = action
        self.type: Callable[[str], Any] | None = kwargs.get("type")
        self.choices = kwargs.get("choices")
        self.default = kwargs.get("default", False if action == "store_true" else None)

    def value(self, word: str) -> Any:
        """The word as the argument's value; raises when argparse would refuse it."""
        value = self.type(word) if self.type is not None else word
        if self.choices is not None and value not in self.choices:
            raise ValueError(word)
        return value


class Declarations:
    """Takes ``add_argument`` calls as a parser does, and keeps what :func:`read` needs."""

    def __init__(self) -> None:
        self.options: dict[str, _Option] = {}  # by option string ("--format", "-j")
        self.defaults: dict[str, _Option] = {}  # every argument, by dest, in declared order
        self.paths: _Option | None = None  # the positional argument (nargs "*")
        self.readable = True  # False: a declaration of a kind not read here

    def add_argument(self, *names: str, **kwargs: Any) -> None:
        action = kwargs.get("action")
        if not names[0].startswith("-"):
            if self.paths is not None or kwargs.get("nargs") != "*" or action is not None:
                self.readable = False
            self.paths = _Option(names[0], None, kwargs)
            self.defaults[names[0]] = self.paths
            return
        if kwargs.get("nargs") is not None or action not in (*_TAKES_VALUE, "store_true") \
                or "const" in kwargs:
            self.readable = False
        longs = [name for name in names if name.startswith("--")]
        dest = kwargs.get("dest") or (longs or names)[0].lstrip("-").replace("-", "_")
        option = _Option(dest, action, kwargs)
        self.defaults[dest] = option
        for name in names:
            self.options[name] = option


def read(declared: Declarations, words: Sequence[str]) -> SimpleNamespace | None:
    """The arguments argparse makes of ``words`` (those after ``check``), or None."""
    if not declared.readable or declared.paths is None:
        return None
    values: dict[str, Any] = {}
    paths: list[str] = []
    paths_ended = False  # a run of paths, then an option: argparse takes no further path
    index = 0
    try:
        while index < len(words):
            word = words[index]
            index += 1
            if not word.startswith("-"):
                if paths_ended:
                    return None
                paths.append(declared.paths.value(word))
                continue
            option = declared.options.get(word)
            if option is None:
                return None
            if paths:
                paths_ended = True
            if option.action == "store_true":
                values[option.dest] = True
                continue
            if index == len(words) or words[index].startswith("-"):
                return None
            value = option.value(words[index])
            index += 1
            if option.action == "append":
                values[option.dest] = [*values.get(option.dest, option.default or ()), value]
            else:
                values[option.dest] = value
        arguments: dict[str, Any] = {"command": "check"}
        for dest, option in declared.defaults.items():
            if option is declared.paths:
                arguments[dest] = paths if paths or option.default is None else option.default
            elif dest in values:
                arguments[dest] = values[dest]
            elif isinstance(option.default, str) and option.type is not None:
                arguments[dest] = option.value(option.default)  # as argparse converts it
            else:
                arguments[dest] = option.default
    except Exception:  # a value argparse refuses: it says why
        return None
    return SimpleNamespace(**arguments)
