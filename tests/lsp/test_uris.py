"""Document identity: every spelling of one document's URI has one key, different documents
keep different keys, and a key names the file the URI does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portlint.lsp.uris import document_key, uri_to_path

SAME = [
    # spaces and non-ASCII: as VS Code escapes them, raw, with lower-case escapes
    ["file:///home/me/My%20Project/caf%C3%A9.json", "file:///home/me/My Project/café.json",
     "file:///home/me/My%20Project/caf%c3%a9.json", "file://localhost/home/me/My Project/café.json",
     "file:/home/me/My%20Project/caf%C3%A9.json", "FILE:///home/me/My%20Project/caf%C3%A9.json"],
    # escapes of characters that need none
    ["file:///srv/a-b_c.d~e/x.json", "file:///srv/a%2Db%5Fc%2Ed%7Ee/x%2Ejson"],
    # reserved characters some clients escape and others do not
    ["file:///srv/a@b/%5Bv1%5D/x+y.json", "file:///srv/a%40b/[v1]/x%2By.json"],
    # a Windows drive: VS Code writes c%3A, other clients C:
    ["file:///c%3A/Users/Me/tools.json", "file:///C:/Users/Me/tools.json",
     "file:///c:/Users/Me/tools.json", "file:///C%3a/Users/Me/tools.json"],
    # a UNC share
    ["file://server/share/tools.json", "file://SERVER/share/tools.json"],
    # untitled documents
    ["untitled:Untitled-1", "Untitled:Untitled-1"],
    ["untitled:/home/me/new%20file.json", "untitled:/home/me/new file.json"],
]

DIFFERENT = [
    ("file:///srv/a%2Fb.json", "file:///srv/a/b.json"),  # an escaped slash is not a separator
    ("file:///srv/Tools.json", "file:///srv/tools.json"),  # case matters beyond the drive
    ("file:///c%3A/Users/Me/tools.json", "file:///c%3A/Users/me/tools.json"),
    ("untitled:Untitled-1", "untitled:Untitled-2"),
    ("untitled:Untitled-1", "file:///Untitled-1"),
    ("file:///srv/caf%E9.json", "file:///srv/caf%C3%A9.json"),  # Latin-1 bytes are not UTF-8
    ("file:///srv/x.json", "file://other/srv/x.json"),
    ("file:///srv/x.json?a", "file:///srv/x.json"),
    ("git:/srv/x.json?%7B%22ref%22%3A%22HEAD%22%7D", "file:///srv/x.json"),
]


@pytest.mark.parametrize("spellings", SAME, ids=lambda s: s[0])
def test_every_spelling_has_one_key(spellings: list[str]) -> None:
    keys = {document_key(uri) for uri in spellings}
    assert len(keys) == 1, keys
    key = keys.pop()
    assert document_key(key) == key  # a key is its own key


@pytest.mark.parametrize(("one", "other"), DIFFERENT)
def test_different_documents_keep_different_keys(one: str, other: str) -> None:
    assert document_key(one) != document_key(other)


def test_the_key_of_a_drive_letter_is_lower_case() -> None:
    assert document_key("file:///C:/x.json") == "file:///c%3A/x.json"


@pytest.mark.parametrize(("uri", "path"), [
    ("file:///home/me/My%20Project/caf%C3%A9.json", "/home/me/My Project/café.json"),
    ("file:///home/me/My Project/café.json", "/home/me/My Project/café.json"),
    ("file://localhost/etc/x.json", "/etc/x.json"),
    ("file:///srv/a%2Fb", "/srv/a/b"),
])
def test_a_file_uri_names_its_file(uri: str, path: str) -> None:
    assert uri_to_path(uri) == Path(path)


def test_an_escape_that_is_not_utf8_names_the_file_of_those_bytes(tmp_path: Path) -> None:
    if os.name == "nt":
        pytest.skip("file names are UTF-16 on Windows")
    name = os.fsdecode(b"caf\xe9.json")
    assert uri_to_path(tmp_path.as_uri() + "/caf%E9.json") == tmp_path / name


def test_a_windows_drive_path() -> None:
    path = uri_to_path("file:///c%3A/Users/Me/tools.json")
    assert path is not None
    assert str(path).replace("\\", "/") == ("c:/Users/Me/tools.json" if os.name == "nt"
                                            else "/c:/Users/Me/tools.json")


@pytest.mark.parametrize("uri", ["untitled:Untitled-1", "git:/srv/x.json?{}",
                                 "vscode-notebook-cell:/x.ipynb#W0sZmlsZQ%3D%3D"])
def test_other_schemes_have_no_file(uri: str) -> None:
    assert uri_to_path(uri) is None


_SEGMENT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"),
                   min_size=1, max_size=12)


def _spell(segment: str, choices: list[int]) -> str:
    """One spelling of a path segment: each character raw (where a client may leave it raw)
    or escaped, in upper- or lower-case hex."""
    out = []
    for i, char in enumerate(segment):
        choice = choices[i % len(choices)] if choices else 0
        escaped = "".join(f"%{b:02X}" for b in char.encode())
        if char in "%?#" or char.isspace() or not char.isprintable() or choice == 1:
            out.append(escaped)
        elif choice == 2:
            out.append(escaped.lower())
        else:
            out.append(char)
    return "".join(out)


@given(st.lists(_SEGMENT, min_size=1, max_size=5),
       st.lists(st.integers(0, 2), max_size=8), st.lists(st.integers(0, 2), max_size=8))
def test_any_two_spellings_of_a_path_share_a_key(segments: list[str], first: list[int],
                                                 second: list[int]) -> None:
    one = "file:///" + "/".join(_spell(s, first) for s in segments)
    other = "file:///" + "/".join(_spell(s, second) for s in segments)
    assert document_key(one) == document_key(other)
    assert document_key(document_key(one)) == document_key(one)
    assert uri_to_path(one) == Path("/" + "/".join(segments))


@given(st.text(max_size=60))
def test_document_key_takes_any_string(uri: str) -> None:
    key = document_key(uri)
    assert document_key(key) == key
    uri_to_path(uri)
