"""What a hover shows: in a server module, the schema the code under the cursor declares; in a
tool document, where the node under the cursor is and the docs of the rules reporting there."""

from __future__ import annotations

from portlint.linter import LintResult
from portlint.lsp import navigation
from portlint.readers import reader_for
from portlint.ruledocs import rule_markdown
from portlint.rules import RULES_BY_ID
from portlint.source.document import ReadRequest
from portlint.source.located import Span


def hover_at(result: LintResult, offset: int, filename: str | None = None
             ) -> tuple[str, Span] | None:
    """Markdown for the place at ``offset``, and the text it is about (None: nothing).
    ``filename`` is the document's file, whose project a server module's schemas depend on."""
    reader = reader_for(result.source.format)
    if reader.declares_tools_in_code:
        return reader.preview(result.source.text, offset, ReadRequest(filename))
    at = navigation.node_at(result, offset)
    if at is None:
        return None
    docs = [rule_markdown(RULES_BY_ID[rule]) for rule in dict.fromkeys(
        f.rule for f in result.findings
        if f.span[0] <= at.span[1] and at.span[0] <= f.span[1] and f.rule in RULES_BY_ID)]
    return navigation.hover_markdown(at, docs), at.span
