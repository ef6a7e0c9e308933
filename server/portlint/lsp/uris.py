"""Document identity: one key per document, whichever way the client spells its URI.

Clients spell the same file differently: VS Code sends ``file:///c%3A/My%20Project/caf%C3%A9.json``,
Neovim ``file:///C:/My Project/café.json`` or with upper-case escapes, another client
``file://localhost/...``. pygls keys its documents by ``urllib.parse.unquote(uri)`` while
portlint's own tables used the URI as sent, so a workspace under ``My Project/`` or ``café/``
was silently never linted. Every lookup — the open documents, the lint results, the pending
publishes, requests and commands — goes through :func:`document_key`, and replies name the
document by the URI the client opened it with.

The key follows RFC 3986's normalisation: scheme and authority in lower case, every
percent-escape decoded and the result re-encoded one way (bytes, so an escape that is not UTF-8
keeps its identity), ``/`` and ``%2F`` kept apart. For ``file:`` URIs also: ``localhost`` is no
authority, ``file:/x`` is ``file:///x``, and a Windows drive letter is lower case (``C:`` and
``c%3A`` name one drive). Other schemes (``untitled:``, ``vscode-notebook-cell:``) keep their
path as the client wrote it, up to escapes.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote, unquote, unquote_to_bytes

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_DRIVE = re.compile(r"[A-Za-z](:|%3[Aa])\Z")


def _canonical(part: str) -> str:
    """Each ``/``-separated piece decoded to bytes and encoded back with upper-case escapes,
    everything but unreserved characters escaped."""
    return "/".join(quote(unquote_to_bytes(piece), safe="") for piece in part.split("/"))


def _split(uri: str) -> tuple[str, str | None, str, str | None, str | None]:
    """scheme, authority, path, query, fragment (None where absent)."""
    match = _SCHEME.match(uri)
    scheme = match.group(1).lower() if match else ""
    rest = uri[match.end():] if match else uri
    rest, hash_mark, fragment = rest.partition("#")
    rest, question, query = rest.partition("?")
    authority: str | None = None
    if rest.startswith("//"):
        end = rest.find("/", 2)
        authority, rest = (rest[2:], "") if end < 0 else (rest[2:end], rest[end:])
    return (scheme, authority, rest, query if question else None,
            fragment if hash_mark else None)


@lru_cache(maxsize=1024)  # every message names a document; the same few names recur
def document_key(uri: str) -> str:
    """The one key of the document ``uri`` names (idempotent: a key is its own key)."""
    scheme, authority, path, query, fragment = _split(uri)
    if authority is not None:
        authority = unquote(authority).lower()
    if scheme == "file":
        if authority == "localhost":
            authority = ""
        authority = authority or ""
        if path and not path.startswith("/"):
            path = "/" + path
        pieces = path.split("/")
        if len(pieces) > 1 and _DRIVE.match(pieces[1]):
            pieces[1] = pieces[1][0].lower() + ":"
        path = "/".join(pieces)
    out = f"{scheme}:" if scheme else ""
    if authority is not None:
        out += "//" + quote(authority, safe="@:[]")
    out += _canonical(path)
    if query is not None:
        out += "?" + _canonical(query)
    if fragment is not None:
        out += "#" + _canonical(fragment)
    return out


def uri_to_path(uri: str) -> Path | None:
    """The file a ``file:`` URI names (None for other schemes): escapes decoded as the file
    system encodes names, a UNC authority kept, a drive letter's leading slash dropped on
    Windows."""
    scheme, authority, path, _, _ = _split(uri)
    if scheme not in ("file", ""):
        return None
    if scheme == "" and not path:
        return None
    decoded = os.fsdecode(unquote_to_bytes(path))
    if authority and authority.lower() != "localhost":
        decoded = f"//{unquote(authority)}{decoded}"
    elif os.name == "nt" and re.match(r"/[A-Za-z]:", decoded):
        decoded = decoded[1:]
    return Path(decoded)
