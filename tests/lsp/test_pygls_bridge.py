"""Every pygls internal portlint relies on is named in one module, and exists in the pygls
installed: a pygls release that renames one fails here, not somewhere in a session."""

from __future__ import annotations

import ast
from pathlib import Path

from pygls.protocol import LanguageServerProtocol
from pygls.workspace import Workspace

from portlint.lsp import pygls_bridge
from portlint.lsp.server import create_server

LSP = Path(pygls_bridge.__file__).parent


def test_the_overridden_internals_exist() -> None:
    for owner, name in pygls_bridge.PYGLS_INTERNALS:
        assert callable(getattr(owner, name, None)), f"{owner.__name__}.{name}"


def test_the_internal_attributes_exist_on_live_objects() -> None:
    server = create_server()
    protocol = server.protocol
    assert isinstance(protocol, LanguageServerProtocol)
    workspace = Workspace(None)
    owners = {"protocol": protocol, "server": server, "workspace": workspace}
    for owner, name in pygls_bridge.PYGLS_INSTANCE_INTERNALS:
        assert hasattr(owners[owner], name), f"{owner}.{name}"
    assert pygls_bridge.running_requests(protocol) is not None


def _private_uses(path: Path) -> list[str]:
    """``x._name`` where ``x`` is not ``self``/``cls``, and ``super()._name``: a reach into
    another object's internals."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
    return found


def test_no_other_server_module_reaches_into_pygls() -> None:
    outside = [use for path in sorted(LSP.rglob("*.py")) if path.name != "pygls_bridge.py"
               for use in _private_uses(path)]
    assert outside == []


def test_the_scan_sees_a_reach_into_internals() -> None:
    assert any("_request_futures" in use for use in _private_uses(LSP / "pygls_bridge.py"))
