"""Path globs as configuration writes them: ``*`` within a segment, ``**`` across segments.

A pattern without ``/`` matches a file or folder name at any depth (``*.tools.json``,
``fixtures``); a pattern with ``/`` is anchored at the project root (``schemas/**/*.json``); a
pattern matches a folder's contents too, and one ending in ``/`` only a folder's contents.
``?`` is one character, ``[abc]``, ``[a-z]`` and ``[!abc]`` a class (a ``]`` right after the
opening bracket is a member; classes never match ``/``); a ``[`` without its ``]`` is itself.

Patterns come from configuration files and editor settings, so they are validated when they are
read (:func:`compile_glob` raises :class:`GlobError`, which the configuration turns into an
error naming the key) and matched without backtracking: a pattern is an NFA whose state sets
are made into DFA states as a path needs them, cached per pattern, so matching costs one step
per character of the path whatever the pattern (``*a*a*a*a*a*b`` cannot make a short name take
minutes, as a backtracking regular expression would).
"""

from __future__ import annotations

from functools import lru_cache

from portlint.records import NamedTuple

# token kinds
_LITERAL, _ONE, _CLASS, _STAR, _GLOBSTAR, _SEGMENTS, _SUBTREE = range(7)
_MAX_STATES = 4096  # cached DFA states per pattern before the cache starts over
# ``**/`` is "nothing, or anything ending in /": once it has read a character it is inside that
# "anything" and can no longer match nothing; that state of token i is numbered i + _INSIDE
_INSIDE = 1 << 24


class GlobError(ValueError):
    """A pattern that is not a glob (a class with a range written backwards, ``[z-a]``)."""


class _Token(NamedTuple):
    kind: int
    char: str = ""
    members: frozenset[str] = frozenset()
    ranges: tuple[tuple[str, str], ...] = ()
    negated: bool = False

    def accepts(self, c: str) -> bool:
        if self.kind == _LITERAL:
            return c == self.char
        if c == "/":
            return False
        if self.kind == _ONE:
            return True
        inside = c in self.members or any(low <= c <= high for low, high in self.ranges)
        return inside != self.negated


def _parse_class(pattern: str, i: int) -> tuple[_Token, int] | None:
    """The class starting at ``pattern[i] == "["`` and the index after it; None when there is
    no closing ``]`` (then the ``[`` is a literal)."""
    j = i + 1
    negated = j < len(pattern) and pattern[j] in "!^"
    if negated:
        j += 1
    start = j
    members: set[str] = set()
    ranges: list[tuple[str, str]] = []
    while j < len(pattern):
        c = pattern[j]
        if c == "]" and j > start:
            return _Token(_CLASS, members=frozenset(members), ranges=tuple(ranges),
                          negated=negated), j + 1
        if j + 2 < len(pattern) and pattern[j + 1] == "-" and pattern[j + 2] != "]":
            low, high = c, pattern[j + 2]
            if low > high:
                raise GlobError(f"the range `{low}-{high}` in `{pattern[i:]}` runs backwards "
                                f"(write `{high}-{low}`)")
            ranges.append((low, high))
            j += 3
            continue
        members.add(c)
        j += 1
    return None


class Glob:
    """A compiled pattern: :meth:`match` a ``/``-separated path relative to the project
    root."""

    __slots__ = ("_start", "_states", "pattern", "tokens")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.tokens = _tokens(pattern)
        self._states: dict[frozenset[int], _State] = {}
        self._start = self._state(self._closure({0}))

    def _closure(self, states: set[int]) -> frozenset[int]:
        """The states reached without reading a character (a star may match nothing)."""
        tokens = self.tokens
        end = len(tokens)
        stack = list(states)
        seen = set(states)
        while stack:
            i = stack.pop()
            if i >= end:  # the end, or inside a ``**/`` (no step without a character)
                continue
            kind = tokens[i].kind
            target = end if kind == _SUBTREE else (
                i + 1 if kind in (_STAR, _GLOBSTAR, _SEGMENTS) else None)
            if target is not None and target not in seen:
                seen.add(target)
                stack.append(target)
        return frozenset(seen)

    def _state(self, states: frozenset[int]) -> _State:
        state = self._states.get(states)
        if state is None:
            if len(self._states) >= _MAX_STATES:
                self._states.clear()  # a pathological pattern: start the cache over
            state = self._states[states] = _State(states, len(self.tokens) in states)
        return state

    def _step(self, state: _State, c: str) -> _State:
        tokens = self.tokens
        end = len(tokens)
        following: set[int] = set()
        for i in state.states:
            if i >= _INSIDE:
                following.add(i)  # inside a ``**/``: anything, and a ``/`` may end it
                if c == "/":
                    following.add(i - _INSIDE + 1)
                continue
            if i >= end:
                continue
            token = tokens[i]
            kind = token.kind
            if kind == _STAR:
                if c != "/":
                    following.add(i)
            elif kind == _GLOBSTAR:
                following.add(i)
            elif kind == _SEGMENTS:
                following.add(i + _INSIDE)
                if c == "/":
                    following.add(i + 1)
            elif kind == _SUBTREE:
                if c == "/":
                    following.add(i + 1)
            elif token.accepts(c):
                following.add(i + 1)
        after = self._state(self._closure(following))
        state.next[c] = after
        return after

    def match(self, path: str) -> bool:
        state = self._start
        step = self._step
        for c in path.replace("\\", "/"):
            following = state.next.get(c)
            state = following if following is not None else step(state, c)
            if not state.states:
                return False
        return state.accepting


class _State:
    __slots__ = ("accepting", "next", "states")

    def __init__(self, states: frozenset[int], accepting: bool) -> None:
        self.states = states
        self.accepting = accepting
        self.next: dict[str, _State] = {}


def _tokens(pattern: str) -> list[_Token]:
    pattern = pattern.replace("\\", "/")
    anchored = "/" in pattern.rstrip("/")
    if pattern.startswith("/"):
        pattern = pattern[1:]
    directory = pattern.endswith("/")
    tokens: list[_Token] = [] if anchored else [_Token(_SEGMENTS)]
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**/", i):
            tokens.append(_Token(_SEGMENTS))
            i += 3
        elif pattern.startswith("**", i):
            tokens.append(_Token(_GLOBSTAR))
            i += 2
        elif c == "*":
            tokens.append(_Token(_STAR))
            i += 1
        elif c == "?":
            tokens.append(_Token(_ONE))
            i += 1
        elif c == "[" and (parsed := _parse_class(pattern, i)) is not None:
            tokens.append(parsed[0])
            i = parsed[1]
        else:
            tokens.append(_Token(_LITERAL, c))
            i += 1
    # a folder pattern matches what is inside it; any other pattern the path itself or, when
    # it names a folder, what is inside
    tokens.append(_Token(_GLOBSTAR) if directory else _Token(_SUBTREE))
    if not directory:
        tokens.append(_Token(_GLOBSTAR))
    return tokens


@lru_cache(maxsize=512)
def compile_glob(pattern: str) -> Glob:
    """The compiled pattern; raises :class:`GlobError` for one that is not a glob."""
    return Glob(pattern)


def glob_match(pattern: str, relative_path: str) -> bool:
    """Whether a ``/``-separated path relative to the project root matches ``pattern``.

    A pattern without ``/`` matches a file or folder name at any depth (``*.tools.json``,
    ``fixtures``); a pattern with ``/`` is anchored at the project root (``schemas/**/*.json``).
    """
    return compile_glob(pattern).match(relative_path)
