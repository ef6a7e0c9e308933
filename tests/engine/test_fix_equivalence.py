"""Safe means same contract: every safe fix keeps every JSON-Schema-Test-Suite verdict.

Each schema of the official suite (draft 2020-12 and draft 7) is written as a document — JSON,
and block-style YAML — linted as a bare schema, and fixed with every safe fix until stable. The
fixed schema must give the same verdict as the original on every test instance of its group
(validated with ``jsonschema``; the suite's remote schemas are served from disk, nothing is
fetched). The test counts the fixes it applied, so it cannot pass by fixing nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7, DRAFT202012

from portlint.fixer import fix_all
from portlint.linter import lint_text
from portlint.source.yaml_reader import read_yaml
from tests.support.corpus import SCHEMA_TEST_SUITE

pytestmark = pytest.mark.shared_data  # tests/generated/test_safe_fix_equivalence.py: the
# default suite's counterpart

DRAFTS = {
    "draft2020-12": (jsonschema.Draft202012Validator, DRAFT202012),
    "draft7": (jsonschema.Draft7Validator, DRAFT7),
}


def _registry(spec: Any) -> Registry:
    resources = []
    remotes = SCHEMA_TEST_SUITE / "remotes"
    for path in remotes.rglob("*.json"):
        uri = "http://localhost:1234/" + path.relative_to(remotes).as_posix()
        contents = json.loads(path.read_text())
        resources.append((uri, Resource.from_contents(contents, default_specification=spec)))
    return Registry().with_resources(resources)


def _groups(draft: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted((SCHEMA_TEST_SUITE / draft).glob("*.json")):
        for group in json.loads(path.read_text()):
            out.append((f"{path.stem}: {group['description']}", group))
    return out


def _verdicts(validator: type, registry: Registry, schema: Any, tests: list[dict[str, Any]]
              ) -> list[bool | str]:
    out: list[bool | str] = []
    for test in tests:
        try:
            out.append(validator(schema, registry=registry).is_valid(test["data"]))
        except Exception as exc:  # an unresolvable reference, say: same before and after
            out.append(type(exc).__name__)
    return out


def _fix(text: str, fmt: str) -> tuple[str, int]:
    outcome = fix_all(text, lambda t: lint_text(t, f"schema.{fmt}", assume_schema=True))
    return outcome.text, outcome.applied


def _run(draft: str, fmt: str, dump: Callable[[Any], str], load: Callable[[str], Any]) -> int:
    validator, spec = DRAFTS[draft]
    registry = _registry(spec)
    applied_total = 0
    for name, group in _groups(draft):
        schema = group["schema"]
        text = dump(schema)
        if load(text) != schema:
            continue  # the format cannot carry this schema unchanged (not a fix's doing)
        fixed_text, applied = _fix(text, fmt)
        if not applied:
            continue
        applied_total += applied
        fixed = load(fixed_text)
        before = _verdicts(validator, registry, schema, group["tests"])
        after = _verdicts(validator, registry, fixed, group["tests"])
        assert after == before, f"{draft} {name}\n{text}\n--- fixed ---\n{fixed_text}"
    return applied_total


def _load_yaml(text: str) -> Any:
    docs, problems = read_yaml(text)
    assert not problems, problems
    return docs[0].value


@pytest.mark.parametrize("draft", sorted(DRAFTS))
def test_safe_fixes_keep_every_verdict_json(draft: str) -> None:
    applied = _run(draft, "json", lambda s: json.dumps(s, indent=2, ensure_ascii=False),
                   json.loads)
    assert applied >= 50


@pytest.mark.parametrize("draft", sorted(DRAFTS))
def test_safe_fixes_keep_every_verdict_yaml(draft: str) -> None:
    applied = _run(draft, "yaml",
                   lambda s: yaml.safe_dump(s, sort_keys=False, allow_unicode=True,
                                            default_flow_style=False),
                   _load_yaml)
    assert applied >= 50


def test_suite_is_present() -> None:
    assert Path(SCHEMA_TEST_SUITE / "draft2020-12" / "type.json").exists()
