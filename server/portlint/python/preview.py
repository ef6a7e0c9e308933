"""Hover text for a Python MCP server: the schemas a tool or a model will advertise."""

from __future__ import annotations

import ast
import json

from portlint.python.analysis import analyze
from portlint.source.document import ReadRequest


def schema_preview(text: str, offset: int, request: ReadRequest | None = None
                   ) -> tuple[str, tuple[int, int]] | None:
    """Markdown showing the derived schema of the tool function or model whose `def`/`class`
    line holds ``offset``, with the range it covers; None elsewhere. (``request``, the
    registry's preview contract, is not needed: the module is analysed on its own.)"""
    analysis = analyze(text, with_models=True)
    if analysis.syntax_error is not None:
        return None
    for tool in analysis.tools:
        if not isinstance(tool.function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue  # a schema literal (its own preview), or a function of another module
        start = analysis.span_of(tool.function)[0]
        header_end = analysis.span_of(tool.function.body[0])[0] if tool.function.body else \
            analysis.span_of(tool.function)[1]
        if start <= offset < header_end:
            parts = [f"**Tool `{tool.name}`** as advertised by {analysis.framework}"]
            if tool.unknown:
                parts.append("Not derivable statically: " + "; ".join(u.reason
                                                                    for u in tool.unknown))
            for label, schema in (("inputSchema", tool.input_schema),
                                  ("outputSchema", tool.output_schema)):
                if schema is not None:
                    parts.append(f"`{label}`\n```json\n{json.dumps(schema, indent=2)}\n```")
            return "\n\n".join(parts), (start, header_end)
    for node in analysis.model_nodes.values():
        if node.name in analysis.models:
            start, end = analysis.span_of(node)
            header_end = analysis.span_of(node.body[0])[0] if node.body else end
            if start <= offset < header_end:
                model = analysis.models[node.name]
                if isinstance(model, Exception):
                    body = f"Not derivable statically: {model}"
                else:
                    body = f"```json\n{json.dumps(model, indent=2)}\n```"
                return (f"**`{node.name}`** — its JSON Schema (Pydantic)\n\n{body}",
                        (start, header_end))
    return None
