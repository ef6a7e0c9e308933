"""The evidence ships: no message, rule documentation or README names a file the repository does
not hold.

What counts as naming a file: a relative Markdown link (its target must exist, from the linking
document's folder); a path that starts at one of the repository's top-level folders
(``docs/…``, ``tests/…``, ``editors/…``); any ``NAME.md`` (the project's documents and evidence
are Markdown: the name must be a file of the repository); and any file or folder inside
``shared/`` (the third-party data beside a checkout, which users never have). What a documented
command builds (a path git ignores, like the .vsix) counts as there. Names of a user's own files
(``pyproject.toml``, ``tools.json``) and files of other projects cited with their repository are
not claims about this one.

The texts: README.md, every Markdown file under docs/ and editors/, ``portlint rule --all``, and
every message, suggestion and fix title portlint gives on the rule cases and the generated corpus
under every profile.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.ruledocs import render_rule_docs
from portlint.settings import Settings
from tests.support.casefile import all_cases, load_case
from tests.support.generated import corpus

REPO = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s]+)\)")
MARKDOWN_NAME = re.compile(r"(?<![\w/.-])([\w.-]+/)*[\w-]+\.md\b")
REPO_PATH = re.compile(r"(?<![\w/.-])(?:\.github|\.ci|[a-z]+)/[\w./-]*[\w-]")
# a user's configuration and code, as examples: its paths are the user's
USER_EXAMPLES = re.compile(r"```(?:toml|yaml|json|jsonc|python|lua)\n.*?```", re.DOTALL)
OUTSIDE = re.compile(r"(?<![\w-])(?:\.\./)?shared/[\w.-]+")  # a file or folder in it
# References other streams are replacing: name -> who. They may disappear at any time (the test
# below does not need them); the one after it records that they are still there.
PENDING = {
    "CLIENTS.md": "the conformance stream (issue 14): its rows move into docs/clients.md",
    "PYTHON-DECLARATIONS.md": "the Python stream (issue 15): the measured catalogs' notes",
}


@cache
def shipped() -> frozenset[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                            check=True).stdout.split()
    return frozenset(listed)


def _top_levels() -> frozenset[str]:
    return frozenset(p.split("/", 1)[0] + "/" for p in shipped() if "/" in p)


def _exists(target: str, base: str) -> bool:
    path = target.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return True  # an anchor in the same document
    joined = (Path(base) / path).as_posix() if base else path
    parts: list[str] = []
    for part in joined.split("/"):
        if part == "..":
            if not parts:
                return False  # outside the repository
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    normal = "/".join(parts)
    if normal in shipped() or any(p.startswith(normal + "/") for p in shipped()):
        return True
    # what a documented command builds (git ignores it): editors/vscode/portlint.vsix
    return subprocess.run(["git", "check-ignore", "-q", normal], cwd=REPO).returncode == 0


def missing_references(text: str, base: str = "") -> list[str]:
    """The file names in ``text`` that the repository does not ship (``base``: the folder of
    the document, for its relative links)."""
    found: list[str] = []
    names = {Path(p).name for p in shipped()}
    text = USER_EXAMPLES.sub("", text)
    for link in LINK.findall(text):
        if not re.match(r"[a-z][a-z0-9+.-]*:", link) and not _exists(link, base):
            found.append(link)
    for match in MARKDOWN_NAME.finditer(text):
        name = match.group(0)
        if "/" in name and name.split("/", 1)[0] + "/" in _top_levels():
            if not _exists(name, ""):
                found.append(name)
        elif "/" not in name and name not in names:
            found.append(name)
    for match in REPO_PATH.finditer(text):
        name = match.group(0)
        if name.split("/", 1)[0] + "/" in _top_levels() and "*" not in name and not _exists(
                name, "") and name not in found:
            found.append(name)
    found.extend(m.group(0) for m in OUTSIDE.finditer(text))
    return found


def _documents() -> dict[str, str]:
    paths = ["README.md", *sorted(p for p in shipped() if p.endswith(".md") and (
        p.startswith(("docs/", "editors/"))))]
    texts = {p: (REPO / p).read_text(encoding="utf-8") for p in paths}
    texts["portlint rule --all"] = render_rule_docs(None)[0]
    return texts


def _messages() -> dict[str, str]:
    texts: dict[str, str] = {}
    everything = Settings(targets=("all",))
    documents = [(f"{Path(path).name} {fmt}", section.text, f"t.{fmt}")
                 for path in all_cases() for fmt, section in load_case(path).sections.items()]
    documents += [(name, text, name) for name, text in corpus().items()]
    for label, text, name in documents:
        for finding in lint_text(text, name, everything).findings:
            parts = [finding.message, finding.suggestion, *(f.title for f in finding.fixes)]
            texts[f"{label}: {finding.rule}"] = "\n".join(parts)
    return texts


def _violations() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for where, text in {**_documents(), **_messages()}.items():
        base = str(Path(where).parent) if where.endswith(".md") else ""
        missing = missing_references(text, "" if base == "." else base)
        if missing:
            out[where] = missing
    return out


def test_the_check_finds_what_it_should() -> None:
    assert missing_references("see [the rules](docs/rules/boolean-schema.md)") == []
    assert missing_references("see [x](docs/rules/no-such-rule.md)") == [
        "docs/rules/no-such-rule.md", "docs/rules/no-such-rule.md"]
    assert missing_references("[up](../README.md)", "docs") == []
    assert missing_references("[out](../../x.md)", "docs") == ["../../x.md"]
    assert missing_references("rows of CLIENTS.md (S1)") == ["CLIENTS.md"]
    assert missing_references("bench/RESULTS.md and README.md") == []
    assert missing_references("run `python scripts/editor_screenshots.py`") == []
    assert missing_references("run `python scripts/make_it_so.py`") == ["scripts/make_it_so.py"]
    assert missing_references("in ../shared/corpus") == ["../shared/corpus"]
    assert missing_references("a `shared/` folder beside the clone") == []
    assert missing_references("build it: editors/vscode/portlint.vsix") == []
    assert missing_references("your pyproject.toml, tools.json, https://x.org/a.md") == []


def test_no_message_or_document_names_a_file_the_repository_does_not_ship() -> None:
    unexpected = {where: [m for m in missing if m not in PENDING]
                  for where, missing in _violations().items()}
    unexpected = {k: v for k, v in unexpected.items() if v}
    assert not unexpected, unexpected


@pytest.mark.xfail(strict=False, reason="; ".join(f"{k}: {v}" for k, v in PENDING.items()))
def test_references_other_streams_are_replacing_are_gone() -> None:
    pending = {where: sorted(set(m) & set(PENDING)) for where, m in _violations().items()}
    assert not {k: v for k, v in pending.items() if v}, pending
