"""The language server's ``portlint.explainError`` command: a client's error text, explained in
an open document (its tool, its range, the rule), as ``portlint explain`` does on the CLI.

Arguments: ``[text]``, ``[text, uri]`` or ``[{"text": ..., "uri": ...}]``. The result carries
the explanation as text (also shown as a message), as the JSON of ``explain --format json``, and
the places as LSP locations the client can reveal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lsprotocol import types


def _arguments(args: tuple[Any, ...]) -> tuple[str, str | None]:
    flat: list[Any] = list(args[0]) if len(args) == 1 and isinstance(args[0], list) else list(args)
    if len(flat) == 1 and isinstance(flat[0], dict):
        flat = [flat[0].get("text"), flat[0].get("uri")]
    if not flat or not isinstance(flat[0], str):
        raise ValueError("portlint.explainError takes the error text and, optionally, a URI")
    uri = flat[1] if len(flat) > 1 and isinstance(flat[1], str) else None
    return flat[0], uri


def explain_in_document(args: tuple[Any, ...], lint: Callable[[str], Any],
                        show: Callable[[types.ShowMessageParams], None]) -> dict[str, Any]:
    from portlint.cli.explain import explanations_json, render_explanations
    from portlint.explain.explain import Source, explain

    text, uri = _arguments(args)
    linted = lint(uri) if uri is not None else None
    sources = []
    if linted is not None and linted.result is not None:
        sources.append(Source(uri or "", linted.text, linted.result.source))
    explanations = explain(text, sources)
    rendered = render_explanations(explanations, bool(sources))
    show(types.ShowMessageParams(type=types.MessageType.Info if explanations
                                 else types.MessageType.Warning, message=rendered.strip()))
    locations = []
    for place in (p for e in explanations for p in e.places):
        if linted is None:
            break
        r = linted.mapper.range(*place.span)
        locations.append({"uri": uri, "range": {
            "start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}})
    return {"text": rendered, "explanation": explanations_json(explanations, bool(sources)),
            "locations": locations}
