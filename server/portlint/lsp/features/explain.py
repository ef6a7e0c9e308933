"""The language server's ``portlint.explainError`` command: a client's error text, explained in
an open document (its tool, its range, the rule), as ``portlint explain`` does on the CLI.

Arguments: ``[text]``, ``[text, uri]`` or ``[{"text": ..., "uri": ...}]``. The result carries
the explanation as text (also shown as a message), as the JSON of ``explain --format json``, and
the places as LSP locations the client can reveal — under the URI the document was opened with,
whichever spelling of it the request used. Missing or malformed arguments, and a URI of a
document that is not open, get an ``InvalidParams`` error that says what was expected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from portlint.lsp.convert import to_json
from portlint.lsp.language_server import PortlintServer

if TYPE_CHECKING:
    from portlint.lsp.linting import Linted

EXPLAIN = "portlint.explainError"
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


def register(server: PortlintServer) -> None:
    @server.command(EXPLAIN)
    def explain_command(ls: PortlintServer, *args: Any) -> dict[str, Any]:
        text, uri = _arguments(args)
        linted = ls.lint(uri) if uri is not None else None
        if uri is not None and linted is None:
            raise JsonRpcInvalidParams(f"portlint.explainError: {uri} is not an open document; "
                                       "open it first, or give the error text alone")
        answer = explained(text, linted)
        ls.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Info if answer["explanation"]["recognised"]
            else types.MessageType.Warning, message=answer["text"].strip()))
        return answer


def explained(text: str, linted: Linted | None) -> dict[str, Any]:
    """The explanation as text, as the JSON ``explain --format json`` prints, and its places
    as LSP locations in the document, under the URI it was opened with."""
    from portlint.explain.explain import Source, explain  # loaded when first asked
    from portlint.explain.render import explanations_json, render_explanations

    sources = []
    if linted is not None and linted.result is not None:
        sources.append(Source(linted.uri, linted.text, linted.result.source))
    explanations = explain(text, sources)
    locations = [] if linted is None else [
        to_json(types.Location(uri=linted.uri, range=linted.mapper.range(*place.span)))
        for place in (p for e in explanations for p in e.places)]
    return {"text": render_explanations(explanations, bool(sources)),
            "explanation": explanations_json(explanations, bool(sources)),
            "locations": locations}
