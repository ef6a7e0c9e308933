"""Pull diagnostics, per document and for the workspace (push is the server's debounce)."""

from __future__ import annotations

import json

from lsprotocol import types

from portlint.lsp.language_server import PortlintServer
from portlint.lsp.pygls_bridge import RawJson
from portlint.lsp.uris import document_key


def register(server: PortlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier="portlint", inter_file_dependencies=False,
                                            workspace_diagnostics=True))
    def pull(ls: PortlintServer, params: types.DocumentDiagnosticParams
             ) -> types.DocumentDiagnosticReport | RawJson:
        linted = ls.lint(params.text_document.uri)
        if linted is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        if params.previous_result_id == linted.result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=linted.result_id)
        return RawJson(f'{{"kind":"full","resultId":{json.dumps(linted.result_id)},"items":',
                       linted.encoded, "}")

    @server.feature(types.WORKSPACE_DIAGNOSTIC)
    def pull_workspace(ls: PortlintServer, params: types.WorkspaceDiagnosticParams
                       ) -> types.WorkspaceDiagnosticReport:
        previous = {document_key(p.uri): p.value for p in params.previous_result_ids}
        items: list[types.WorkspaceDocumentDiagnosticReport] = []
        for key in list(ls.workspace.text_documents):
            linted = ls.lint(key)
            if linted is None:
                continue
            if previous.get(key) == linted.result_id:
                items.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                    uri=linted.uri, version=linted.version, result_id=linted.result_id))
            else:
                items.append(types.WorkspaceFullDocumentDiagnosticReport(
                    uri=linted.uri, version=linted.version, items=linted.diagnostics,
                    result_id=linted.result_id))
        return types.WorkspaceDiagnosticReport(items=items)
