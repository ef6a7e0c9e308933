"""The conformance cases: data files under ``conformance/cases/<group>/<id>.json``.

A case is one tool list served verbatim — the tool under test (named ``subject`` unless the
case is about names) beside a clean ``sibling`` — plus what the tool call returns. Its fields:

* ``id`` — unique, the file's stem; observations and profiles cite it.
* ``construct`` — one sentence: what the subject tool exercises.
* ``rules`` — the portlint rules (and variants) the construct belongs to; ``"quiet": true``
  marks a case the rule deliberately leaves alone, ``"missed": true`` one it should report but
  does not yet (tests/conformance/test_cases.py holds both to what portlint does).
* ``control`` — the id of the case that differs only in the construct (``null`` for a control).
* ``tools`` — the ``tools/list`` array, exactly as served.
* ``call`` — optional: ``arguments`` for the subject, the ``structuredContent`` it returns
  (``null``: none), ``isError``.

The digest covers what is served (tools and call), not the prose: editing ``construct`` needs
no re-recording, editing a schema does.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CASES_DIR = Path(__file__).resolve().parents[1] / "cases"
SUBJECT = "subject"
SIBLING = "sibling"


@dataclass(frozen=True)
class Case:
    id: str
    group: str
    construct: str
    rules: tuple[dict[str, Any], ...]
    control: str | None
    tools: list[Any]
    call: dict[str, Any]
    path: Path

    @property
    def digest(self) -> str:
        return served_digest(self.tools, self.call)

    def structured_content(self) -> tuple[bool, Any]:
        """Whether the subject's call returns ``structuredContent``, and what."""
        if "structuredContent" in self.call:
            value = self.call["structuredContent"]
            return value is not None, value
        return False, None


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def served_digest(tools: list[Any], call: dict[str, Any]) -> str:
    body = canonical({"tools": tools, "call": call}).encode()
    return "sha256:" + hashlib.sha256(body).hexdigest()


def load_case(path: Path) -> Case:
    data = json.loads(path.read_text(encoding="utf-8"))
    return Case(id=data["id"], group=path.parent.name, construct=data["construct"],
                rules=tuple(data.get("rules", ())), control=data.get("control"),
                tools=data["tools"], call=data.get("call", {}), path=path)


def all_cases(root: Path = CASES_DIR) -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for path in sorted(root.glob("*/*.json")):
        case = load_case(path)
        if case.id in cases:
            raise ValueError(f"duplicate case id {case.id!r}: {path} and {cases[case.id].path}")
        cases[case.id] = case
    return cases
