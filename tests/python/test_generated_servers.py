"""Differential tests against the real frameworks (live layer): servers generated from fixed seeds
are run under the SDK and fastmcp from the oracle's cached environments, and what `portlint
schema` derives is compared with the tools/list each really sends. Every tool portlint derives
under a name it read must be sent exactly so; a tool sent that portlint does not derive must be
reported, never missing in silence.

Two generators: the registration forms (tests/python/generated_servers.py — helpers, handler
classes, loops) compared on name, description and input schema; and random signatures
(tests/python/generated_signatures.py — parameter, field and return types, defaults,
constraints, aliases, docstrings) compared on the output schema too."""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from tests.python import generated_servers, generated_signatures, record_servers

PROGRAMS = 30  # per framework and generator
_FORMS = ("description", "inputSchema")
_SIGNATURES = ("description", "inputSchema", "outputSchema")


def _compared(tmp_path: Path, framework: str, version: str, kind: str,
              program: Callable[[random.Random, str], str], fields: tuple[str, ...]
              ) -> tuple[list[str], int]:
    """What differs between what portlint derives and what the framework sends, over
    :data:`PROGRAMS` generated servers; and how many tools portlint derived."""
    python = record_servers.venv(framework, version) / "bin" / "python"
    wrong: list[str] = []
    derived = 0
    for seed in range(PROGRAMS):
        text = program(random.Random(f"{kind}/{seed}"), kind)
        path = tmp_path / f"server_{seed}.py"
        path.write_text(text, encoding="utf-8")
        run = subprocess.run([str(python), str(path)], capture_output=True, text=True,
                             timeout=120, cwd=tmp_path)
        if run.returncode != 0:
            continue  # a program the framework refuses (a name it cannot take, say)
        sent = {t["name"]: t for t in json.loads(run.stdout.strip().splitlines()[-1])}
        tools = analyze(text, path, parse_override(f"{framework}=={version}")).tools
        for tool in tools:
            if not tool.resolved_name or tool.input_schema is None or tool.unknown:
                continue
            derived += 1
            real = sent.get(tool.name, {})
            mine = {"description": tool.description, "inputSchema": tool.input_schema,
                    "outputSchema": tool.output_schema}
            differing = [f for f in fields if mine[f] != real.get(f)]
            if differing:
                wrong.append(f"seed {seed}: `{tool.name}`: {differing} derived as "
                             f"{[mine[f] for f in differing]}, sent as "
                             f"{[real.get(f) for f in differing]}")
        reported = [t for t in tools if t.unknown or t.input_schema is None]
        missing = [name for name in sent if name not in {t.name for t in tools}]
        if missing and not reported:
            wrong.append(f"seed {seed}: {missing} sent, neither derived nor reported")
    return wrong, derived


@pytest.mark.live_oracle
@pytest.mark.parametrize(("framework", "version"), [("mcp", "1.30.0"), ("fastmcp", "4.2.3")])
def test_what_portlint_derives_is_what_the_framework_sends(
        tmp_path: Path, framework: str, version: str) -> None:
    wrong, derived = _compared(tmp_path, framework, version, framework,
                               generated_servers.program, _FORMS)
    assert not wrong, "\n".join(wrong)
    assert derived >= PROGRAMS  # the generated forms are ones portlint reads


@pytest.mark.live_oracle
@pytest.mark.parametrize(("framework", "version", "kind"), [
    ("mcp", "1.30.0", "mcp"), ("mcp", "2.3.0", "mcp2"), ("fastmcp", "4.2.3", "fastmcp"),
    ("fastmcp", "3.4.11", "fastmcp"), ("fastmcp", "2.14.7", "fastmcp")])
def test_signatures_are_derived_as_the_framework_sends_them(
        tmp_path: Path, framework: str, version: str, kind: str) -> None:
    wrong, derived = _compared(tmp_path, framework, version, kind,
                               generated_signatures.program, _SIGNATURES)
    assert not wrong, "\n".join(wrong)
    assert derived >= PROGRAMS  # random signatures are mostly ones portlint derives
