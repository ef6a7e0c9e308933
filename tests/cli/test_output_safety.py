"""Output safe for its medium. Tool names, keys and file names come from the checked files: in the
text and GitHub formats their control characters and bidirectional overrides are escaped (no
recoloured terminal, no forged report line or workflow command); in SARIF, relative artifact URIs
are percent-encoded, so code scanning places each finding on its file whatever the file's name,
and the log validates against the SARIF 2.1.0 schema."""

from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path

import jsonschema
import pytest

from portlint.cli.main import main
from portlint.report.escape import visible

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "data" / "sarif-schema-2.1.0.json")
                    .read_text())
HOSTILE_NAME = "evil\x1b[2J\r\nError: tool \"forged\" [boolean-schema]\u202egnp.exe"
# a relative-path reference (RFC 3986 §4.2): segments of unreserved characters, sub-delimiters,
# ":" and "@" (none in the first segment), and percent-encoded octets
_RELATIVE_REF = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=@]|%[0-9A-F]{2})+"
                           r"(?:/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2})*)*")


def _hostile_tool(tmp_path: Path) -> Path:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"name": HOSTILE_NAME, "inputSchema": {
        "type": "object", "properties": {"x\u202ey\x07": True}}}), encoding="utf-8")
    return path


def _raw_controls(text: str) -> set[str]:
    return {c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) < 0xA0
            or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029"}


def test_escapes() -> None:
    assert visible("plain text, café, 日本") == "plain text, café, 日本"
    assert visible("a\x1b[31mb\r\nc\td\u202ee\x00\x85") == (
        "a\\x1b[31mb\\r\\nc\\td\\u202ee\\x00\\x85")


def test_the_text_report_escapes_what_the_file_says(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = _hostile_tool(tmp_path)
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert not _raw_controls(out)
    assert not any(line.startswith('Error: tool "forged"') for line in out.splitlines())
    assert out.splitlines()[0] == ('Warning: tool "evil\\x1b[2J\\r\\nError: tool "forged" '
                                   '[boolean-schema]\\u202egnp.exe" [tool-name]')


def test_the_github_format_escapes_what_the_file_says(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = _hostile_tool(tmp_path)
    main(["check", "--format", "github", str(path)])
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert not _raw_controls(out)
    assert all(line.startswith("::") for line in lines[:-1])  # no line but commands
    assert len(lines) == 3  # two annotations and the summary


def test_file_names_in_messages_are_escaped(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    name = tmp_path / "bad\nportlint: all good\x1b[0m.json"
    code = main(["check", str(name)])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.splitlines()) == 1 and not _raw_controls(err)


ODD_NAMES = ["my tools.json", "100%.json", "a#b.json", "q?x.json", "café.json", "日本語.json",
             "c:colon.json", "[x].json"]


def test_sarif_uris_of_odd_file_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "sub dir"
    folder.mkdir()
    for name in ODD_NAMES:
        (folder / name).write_text('{"name": "t", "inputSchema": {"type": "object", '
                                   '"properties": {"a": true}}}')
    monkeypatch.chdir(tmp_path)
    main(["check", "--format", "sarif", "sub dir"])
    document = json.loads(capsys.readouterr().out)
    validator = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)
    errors = sorted(validator.iter_errors(document), key=str)
    assert not errors, errors[0]
    [run] = document["runs"]
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]}
    assert len(uris) == len(ODD_NAMES)
    for uri in uris:
        assert _RELATIVE_REF.fullmatch(uri), uri
        resolved = urllib.parse.urljoin(base, uri)  # as a code-scanning service resolves it
        path = Path(urllib.parse.unquote(urllib.parse.urlparse(resolved).path))
        assert path.is_file() and path.parent == tmp_path / "sub dir", (uri, path)
    assert "sub%20dir/my%20tools.json" in uris and "sub%20dir/100%25.json" in uris
    assert "sub%20dir/a%23b.json" in uris and "sub%20dir/caf%C3%A9.json" in uris
