"""Differential test against the real frameworks (live layer): servers generated from fixed seeds
(tests/python/generated_servers.py) are run under mcp 1.30.0 and fastmcp 4.2.3 from the oracle's
cached environments, and what `portlint schema` derives is compared with the tools/list each
really sends. Every tool portlint derives under a name it read must be sent exactly so (name,
description, input schema); a tool sent that portlint does not derive must be reported, never
missing in silence."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from tests.python import record_servers
from tests.python.generated_servers import program

PROGRAMS = 30  # per framework


@pytest.mark.live_oracle
@pytest.mark.parametrize(("framework", "version"), [("mcp", "1.30.0"), ("fastmcp", "4.2.3")])
def test_what_portlint_derives_is_what_the_framework_sends(
        tmp_path: Path, framework: str, version: str) -> None:
    python = record_servers.venv(framework, version) / "bin" / "python"
    wrong: list[str] = []
    derived = 0
    for seed in range(PROGRAMS):
        text = program(random.Random(f"{framework}/{seed}"), framework)
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
            real = sent.get(tool.name)
            if real is None or real.get("inputSchema") != tool.input_schema or real.get(
                    "description") != tool.description:
                wrong.append(f"seed {seed}: `{tool.name}` derived as {tool.input_schema}, "
                             f"sent as {real}")
        reported = [t for t in tools if t.unknown or t.input_schema is None]
        missing = [name for name in sent if name not in {t.name for t in tools}]
        if missing and not reported:
            wrong.append(f"seed {seed}: {missing} sent, neither derived nor reported")
    assert not wrong, "\n".join(wrong)
    assert derived >= PROGRAMS  # the generated forms are ones portlint reads
