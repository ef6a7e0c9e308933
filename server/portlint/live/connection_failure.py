"""What to say when the MCP SDK's transport fails outside any request: a connection refused, a
TLS handshake that fails, a stream that breaks. The SDK raises these from its own task group, so
they arrive as an exception group (of groups); the cause is the first leaf that is not a
cancellation. Its class is recognised by name — the HTTP library the SDK uses has changed its
package name between releases (``httpx``, ``httpx2``) — and the message says what the user can
check, never a traceback."""

from __future__ import annotations

import ssl

_CONNECT = frozenset({"ConnectError", "ConnectionRefusedError", "ConnectionResetError"})
_TIMEOUT = frozenset({"ConnectTimeout", "TimeoutException", "TimeoutError"})
_CANCELLED = frozenset({"Cancelled", "CancelledError", "GeneratorExit"})


def leaves(error: BaseException) -> list[BaseException]:
    """The exceptions an exception group holds, at any depth, in order (the error itself if it
    is not a group)."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


def _kinds(error: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(error).__mro__}


def cause(error: BaseException) -> BaseException:
    """The leaf that says what went wrong: the first that is not a cancellation."""
    found = leaves(error)
    for leaf in found:
        if not _kinds(leaf) & _CANCELLED:
            return leaf
    return found[0]


def _is_tls(error: BaseException) -> bool:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, ssl.SSLError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _text(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= 300 else text[:297] + "..."


def describe(name: str, error: BaseException) -> str:
    """One sentence on why the session with ``name`` ("the server at …") failed."""
    leaf = cause(error)
    kinds = _kinds(leaf)
    text = _text(leaf) or type(leaf).__name__
    if _is_tls(leaf):
        return (f"cannot reach {name}: the TLS handshake failed ({text}); is it served over "
                "https?")
    if kinds & _TIMEOUT:
        return f"cannot reach {name}: the connection timed out ({text})"
    if kinds & _CONNECT:
        return f"cannot reach {name}: {text} (is it running, at this address?)"
    return f"the connection to {name} failed: {type(leaf).__name__}: {text}"
