"""portlint in real VS Code: code-server in headless Chromium installs the built extension, shows
the diagnostic for a bare `true` in the Problems panel, applies the preferred quick fix, saves —
and the file on disk is fixed. The extension is given a Python with nothing installed, so what
runs is the portlint bundled in the .vsix (the default `useBundled`). Prerequisites:
editors/install-test-editors.sh."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.editors.support import REPO, missing

CACHE = Path(os.environ.get("PORTLINT_EDITOR_CACHE",
                            Path.home() / ".cache" / "portlint-editors"))


def test_extension_end_to_end_in_code_server(tmp_path: Path) -> None:
    paths = {
        "PORTLINT_NODE24": CACHE / "node24" / "bin" / "node",
        "PORTLINT_CODE_SERVER": CACHE / "code-server" / "node_modules" / ".bin" / "code-server",
        "PORTLINT_PLAYWRIGHT": CACHE / "e2e" / "node_modules" / "playwright-core",
        "PORTLINT_VSIX": REPO / "editors" / "vscode" / "portlint.vsix",
    }
    for name, path in paths.items():
        if not path.exists():
            missing(f"{name} ({path})")
    if not Path("/usr/bin/chromium").exists() or shutil.which("node") is None:
        missing("chromium and node")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")],
                   check=True)
    bare = tmp_path / "bare" / "bin" / "python"
    assert subprocess.run([str(bare), "-c", "import portlint"], capture_output=True
                          ).returncode == 1
    env = {**os.environ, **{k: str(v) for k, v in paths.items()},
           "PORTLINT_PYTHON": str(bare), "PORTLINT_WORK": str(tmp_path),
           "HOME": str(tmp_path / "home")}
    if os.environ.get("PORTLINT_SCREENSHOTS"):
        env["PORTLINT_SCREENSHOT"] = str(Path(os.environ["PORTLINT_SCREENSHOTS"]) / "vscode.png")
    proc = subprocess.run(["node", str(REPO / "editors" / "vscode" / "e2e" / "run.js")], env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "E2E OK" in proc.stdout
    assert "problems panel:" in proc.stdout and "boolean-schema" in proc.stdout
    assert f"portlint: useBundled, with {bare} (setting)" in proc.stdout, proc.stdout
    assert "portlint: running the bundled portlint" in proc.stdout, proc.stdout
