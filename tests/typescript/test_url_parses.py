"""Zod 3's `.url()` check is `new URL(text)`: whether a default passes it decides whether the
key is required (portlint/typescript/zod3_optional.py: `url_parses`). What portlint decides is
held to Node's own URL parser: the texts below with Node's answers, recorded in
`recordings/url-parses.json` (again live, with generated texts too, in CI)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.typescript.zod3_optional import url_parses

RECORDING = Path(__file__).resolve().parent / "recordings" / "url-parses.json"
TEXTS = [
    "https://developers-resource.landpress.line.me/fx/img/01_1_cafe.png", "http://a.io",
    "https://a.io/", "http://a.b:80/p?q#f", " https://a.io ", "\thttps://a.io/x", "ws://h:1",
    "wss://h.example:65535/", "ftp://files.example.org/pub/x.txt", "http://a-b.c-d.io/%zz",
    "https://a.io/path with space", "https://a.io/[x]", "http://x.io:99999", "http://x.io:65536",
    "http://127.0.0.1/", "http://1.2.3.999/", "http://a.0x1f/", "http://xn--bad.io",
    "http://xn--nxasmq6b.com/", "http://a_b.io/", "http://-a.io/", "http://a..io/",
    "http://a.io./", "https://user:pw@a.io/", "http://[::1]/", "http://ä.io/", "mailto:x@y",
    "file:///etc/hosts", "data:text/plain,hi", "urn:isbn:123", "javascript:void(0)",
    "/img/cafe.png", "img/cafe.png", "//a.io/x", "", " ", "abc", "1abc:x", "-x:y", "a b:c",
    "www.example.com", "example.com/path", "localhost:8080", "http:/a.io", "http:a.io",
    "https://", "http://:80/", "https://a.io:/", "HTTPS://A.IO/", "http://a.io\\x",
]


def _node_answers(texts: list[str]) -> list[bool]:
    node = shutil.which("node")
    assert node is not None, "Node is needed to ask its URL parser"
    script = ("const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(texts.map(t => { try { new URL(t); return true }"
              " catch { return false } })));")
    ran = subprocess.run([node, "-e", script], input=json.dumps(texts), capture_output=True,
                         text=True, check=True, timeout=60)
    answers: list[bool] = json.loads(ran.stdout)
    return answers


def _recorded() -> dict[str, bool]:
    return dict(json.loads(RECORDING.read_text(encoding="utf-8")))


def test_what_portlint_decides_is_what_nodes_parser_answers() -> None:
    recorded = _recorded()
    assert set(recorded) == set(TEXTS)
    decided = {text: url_parses(text) for text in TEXTS}
    wrong = {t: (d, recorded[t]) for t, d in decided.items() if d is not None and d != recorded[t]}
    assert wrong == {}
    # it decides, both ways, where the answer is sure
    assert decided["https://developers-resource.landpress.line.me/fx/img/01_1_cafe.png"] is True
    assert decided["/img/cafe.png"] is False and decided[""] is False
    assert decided["www.example.com"] is False and decided["ws://h:1"] is True
    assert {t for t, d in decided.items() if d is None} == {
        "https://a.io/path with space", "http://x.io:99999", "http://x.io:65536",
        "http://127.0.0.1/", "http://1.2.3.999/", "http://a.0x1f/", "http://xn--bad.io",
        "http://xn--nxasmq6b.com/", "http://a_b.io/", "http://-a.io/", "http://a..io/",
        "http://a.io./", "https://user:pw@a.io/", "http://[::1]/", "http://ä.io/", "mailto:x@y",
        "file:///etc/hosts", "data:text/plain,hi", "urn:isbn:123", "javascript:void(0)",
        "localhost:8080", "http:/a.io", "http:a.io", "https://", "http://:80/",
        "https://a.io:/", "http://a.io\\x"}


@pytest.mark.live_oracle
def test_the_recording_is_what_node_answers() -> None:
    assert _recorded() == dict(zip(TEXTS, _node_answers(TEXTS), strict=True)), (
        "Node's URL parser answers otherwise: run this module's `record()` and review")


_URLISH = st.builds(
    "".join, st.lists(st.sampled_from(
        ["http", "https", "ws", "ftp", "mailto", ":", "//", "/", ".", "a", "Z", "0", "9", "-",
         "_", "xn--", "0x", "@", "?", "#", "%", "[", "]", " ", "\t", ":80", ":99999", "é"]),
        max_size=12))


@pytest.mark.live_oracle
@settings(max_examples=50, deadline=None)
@given(st.lists(_URLISH, min_size=20, max_size=20))
def test_decided_answers_of_generated_texts_are_nodes(texts: list[str]) -> None:
    answers = _node_answers(texts)
    assert [(t, url_parses(t), a) for t, a in zip(texts, answers, strict=True)
            if url_parses(t) not in (None, a)] == []


def record() -> None:
    pairs = zip(TEXTS, _node_answers(TEXTS), strict=True)
    RECORDING.write_text("[\n" + ",\n".join(json.dumps(list(pair), ensure_ascii=False)
                                              for pair in pairs) + "\n]\n", encoding="utf-8")


if __name__ == "__main__":
    record()
