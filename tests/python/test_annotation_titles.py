"""fastmcp (2, 3 and 4) sends a tool's `annotations.title` as its title when no `title=` is
written (recorded in the `*-annot-title` oracle projects; the SDK's own FastMCP does not). What
the annotations are cannot always be read: then the title is unknown-schema with the reason, at
the annotations — never the name-made title fastmcp 4 sends only when there is none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

HEAD = '''from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("x")
HINTS = ToolAnnotations(title="Shared", readOnlyHint=True)
EXTRA = {"readOnlyHint": True}
PATCHED = ToolAnnotations(title="Before")
PATCHED.title = "After"
'''


def _tool(tmp_path: Path, decorator: str, framework: str,
          capsys: pytest.CaptureFixture[str], *, extra: str = "",
          imports: str = "") -> dict[str, object]:
    path = tmp_path / "server.py"
    path.write_text(imports + HEAD + extra + f'''

@mcp.tool({decorator})
def get_time(zone: str) -> str:
    """Time."""
    return zone
''')
    main(["schema", str(path), "--framework", framework])
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert isinstance(tool, dict)
    return tool


@pytest.mark.parametrize("framework", ["fastmcp==2.14.7", "fastmcp==3.4.11", "fastmcp==4.2.3"])
@pytest.mark.parametrize(("decorator", "shown"), [
    ("annotations=PATCHED", "`PATCHED`"),  # a constant changed after it is made
    ('annotations=ToolAnnotations(**{"title": "T"})', "`ToolAnnotations(**{'title': 'T'})`"),
    ('annotations={**EXTRA, "title": "T"}', "`{**EXTRA, 'title': 'T'}`"),
    ("annotations=ToolAnnotations(title=zone_title())", "`zone_title()`"),
])
def test_annotations_that_cannot_be_read_make_the_title_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], framework: str, decorator: str,
        shown: str) -> None:
    tool = _tool(tmp_path, decorator, framework, capsys)
    assert tool["unknown"] == ("the tool's title comes from its annotations' `title`, which is "
                               f"computed at run time ({shown})")
    assert "title" not in tool


@pytest.mark.parametrize(("decorator", "title"), [
    ('title="Written", annotations=HINTS', "Written"),  # a written title wins
    ("annotations=HINTS", "Shared"),  # a constant of the module, bound once
    ('annotations=ToolAnnotations(title="From Hints")', "From Hints"),
    ('annotations={"readOnlyHint": True}', "Get Time"),  # none there: fastmcp 4 makes one
])
def test_a_readable_or_overridden_annotation_title(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], decorator: str,
        title: str) -> None:
    tool = _tool(tmp_path, decorator, "fastmcp==4.2.3", capsys)
    assert "unknown" not in tool
    assert tool["title"] == title


def test_the_sdk_fastmcp_ignores_annotations_for_the_title(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool(tmp_path, "annotations=HINTS", "mcp==1.30.0", capsys)
    assert "unknown" not in tool and "title" not in tool


def test_the_finding_sits_on_the_annotations(tmp_path: Path) -> None:
    text = HEAD + '''

@mcp.tool(annotations=PATCHED)
def get_time(zone: str) -> str:
    """Time."""
    return zone
'''
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n")
    result = lint_text(text, str(tmp_path / "server.py"), Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value) == ("unknown-schema", "information")
    assert text[finding.span[0]:finding.span[1]] == "PATCHED"


HELPERS = '''

def read_only(title: str | None = None) -> ToolAnnotations:
    """Annotations of a tool that only reads."""
    return ToolAnnotations(title=title, readOnlyHint=True)


def titled() -> ToolAnnotations:
    return ToolAnnotations(title="From Helper", destructiveHint=False)


def untitled(*, idempotent: bool = False) -> dict[str, object]:
    return {"readOnlyHint": True, "idempotentHint": idempotent}


def logged(title: str) -> ToolAnnotations:
    print(title)
    return ToolAnnotations(title=title)
'''


@pytest.mark.parametrize(("decorator", "title"), [
    ("annotations=read_only()", None),  # the parameter's default
    ('annotations=read_only("Passed")', "Passed"),
    ('annotations=read_only(title="Named")', "Named"),
    ("annotations=titled()", "From Helper"),
    ("annotations=untitled(idempotent=True)", None),
])
def test_a_helper_of_the_project_that_returns_annotations_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], decorator: str,
        title: str | None) -> None:
    tool = _tool(tmp_path, decorator, "fastmcp==3.4.11", capsys, extra=HELPERS)
    assert "unknown" not in tool
    assert tool.get("title") == title


def test_a_helper_that_does_more_than_return_them_is_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool(tmp_path, 'annotations=logged("T")', "fastmcp==3.4.11", capsys, extra=HELPERS)
    assert tool["unknown"] == ("the tool's title comes from its annotations' `title`, which is "
                               "computed at run time (`logged('T')`)")


def test_a_helper_imported_from_the_project_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "hints.py").write_text("from mcp.types import ToolAnnotations\n" + HELPERS)
    tool = _tool(tmp_path, 'annotations=read_only("Imported")', "fastmcp==4.2.3", capsys,
                 extra="", imports="from hints import read_only\n")
    assert "unknown" not in tool
    assert tool["title"] == "Imported"
