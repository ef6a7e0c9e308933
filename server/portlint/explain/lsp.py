"""The language server's ``portlint.explainError`` command: a client's error text, explained in
an open document (its tool, its range, the rule), as ``portlint explain`` does on the CLI.

Arguments: ``[text]``, ``[text, uri]`` or ``[{"text": ..., "uri": ...}]``. The result carries
the explanation as text (also shown as a message), as the JSON of ``explain --format json``, and
the places as LSP locations the client can reveal — under the URI the document was opened with,
whichever spelling of it the request used. Missing or malformed arguments, and a URI of a
document that is not open, get an ``InvalidParams`` error that says what was expected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

USAGE = ("portlint.explainError takes the client's error text and, optionally, the URI of an "
         "open document to place it in: [text], [text, uri] or [{\"text\": …, \"uri\": …}]")


def _arguments(args: tuple[Any, ...]) -> tuple[str, str | None]:
    flat: list[Any] = list(args[0]) if len(args) == 1 and isinstance(args[0], list) else list(args)
    if len(flat) == 1 and isinstance(flat[0], dict):
        unknown = sorted(set(flat[0]) - {"text", "uri"})
        if unknown:
            raise JsonRpcInvalidParams(f"{USAGE}; unknown field {unknown[0]!r}")
        flat = [flat[0].get("text"), *([flat[0]["uri"]] if "uri" in flat[0] else [])]
    if not flat:
        raise JsonRpcInvalidParams(f"{USAGE}; it was given no arguments")
    if len(flat) > 2:
        raise JsonRpcInvalidParams(f"{USAGE}; it was given {len(flat)} arguments")
    text = flat[0]
    if not isinstance(text, str) or not text.strip():
        raise JsonRpcInvalidParams(f"{USAGE}; the error text is "
                                   + ("empty" if isinstance(text, str) else
                                      f"a {type(text).__name__}, not a string"))
    uri = flat[1] if len(flat) > 1 else None
    if uri is not None and (not isinstance(uri, str) or not uri):
        raise JsonRpcInvalidParams(f"{USAGE}; the URI is not a non-empty string")
    return text, uri


def explain_in_document(args: tuple[Any, ...], lint: Callable[[str], Any],
                        show: Callable[[types.ShowMessageParams], None]) -> dict[str, Any]:
    from portlint.cli.explain import explanations_json, render_explanations
    from portlint.explain.explain import Source, explain

    text, uri = _arguments(args)
    linted = lint(uri) if uri is not None else None
    if uri is not None and linted is None:
        raise JsonRpcInvalidParams(f"portlint.explainError: {uri} is not an open document; "
                                   "open it first, or give the error text alone")
    sources = []
    if linted is not None and linted.result is not None:
        sources.append(Source(linted.uri, linted.text, linted.result.source))
    explanations = explain(text, sources)
    rendered = render_explanations(explanations, bool(sources))
    show(types.ShowMessageParams(type=types.MessageType.Info if explanations
                                 else types.MessageType.Warning, message=rendered.strip()))
    locations = []
    places = [p for e in explanations for p in e.places]
    if linted is not None:
        for place in places:
            r = linted.mapper.range(*place.span)
            locations.append({"uri": linted.uri, "range": {
                "start": {"line": r.start.line, "character": r.start.character},
                "end": {"line": r.end.line, "character": r.end.character}}})
    return {"text": rendered, "explanation": explanations_json(explanations, bool(sources)),
            "locations": locations}
