"""Take the README's editor screenshots from the real editors.

- VS Code: runs the end-to-end test (code-server in headless Chromium), which saves the editor
  with portlint's diagnostic, the Problems panel and the quick-fix menu.
- Neovim: runs Neovim 0.11 with the README's configuration in a pseudo-terminal, opens a tool
  document, lets portlint's diagnostics arrive and opens the code-action menu; the terminal
  screen is read with `pyte`, rendered as HTML and photographed by headless Chromium.

Needs what `editors/install-test-editors.sh` installs, plus `pip install pyte`. Writes
docs/images/vscode.png and docs/images/neovim.png.
"""

from __future__ import annotations

import html
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
COLUMNS, ROWS = 110, 24
TOOLS = """{
  "tools": [
    {
      "name": "get_temp",
      "description": "Current temperature for a city",
      "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}},
      "outputSchema": {
        "type": "object",
        "properties": {"data": true, "unit": {"type": ["string", "null"]}}
      }
    }
  ]
}
"""
SHOW = """
vim.diagnostic.config({ virtual_text = true, signs = true })
vim.opt.number = true
vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  vim.wait(20000, function() return #vim.diagnostic.get(0) >= 2 end, 50)
  vim.api.nvim_win_set_cursor(0, { 9, 31 })
  vim.defer_fn(function() vim.lsp.buf.code_action() end, 300)
end })
"""
PALETTE = {"black": "#1e1e1e", "red": "#e06c75", "green": "#98c379", "brown": "#d19a66",
           "yellow": "#e5c07b", "blue": "#61afef", "magenta": "#c678dd", "cyan": "#56b6c2",
           "white": "#dcdfe4", "default": "#dcdfe4"}


def _colour(value: str, default: str) -> str:
    if value == "default":
        return default
    if len(value) == 6 and all(c in "0123456789abcdefABCDEF" for c in value):
        return f"#{value}"
    return PALETTE.get(value.replace("bright", ""), default)


def neovim_screen() -> str:
    import pyte

    nvim = Path(sys.executable).parent / "nvim"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    config = readme.split("<!-- neovim-0.11-config -->", 1)[1].split("```lua\n", 1)[1]
    config = config.split("```", 1)[0]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / ".git").mkdir()
        (work / "tools.json").write_text(TOOLS, encoding="utf-8")
        (work / "init.lua").write_text(config + SHOW, encoding="utf-8")
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLUMNS),
               "LINES": str(ROWS), "PATH": f"{nvim.parent}{os.pathsep}{os.environ['PATH']}",
               "XDG_STATE_HOME": str(work / "state"), "XDG_DATA_HOME": str(work / "data")}
        screen = pyte.Screen(COLUMNS, ROWS)
        stream = pyte.ByteStream(screen)
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(work)
            os.execve(str(nvim), [str(nvim), "--clean", "-u", "init.lua", "tools.json"], env)
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        deadline = time.monotonic() + 25
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    stream.feed(os.read(fd, 65536))
                except OSError:
                    break
            if any("Code actions" in line for line in screen.display):
                time.sleep(0.5)
                while select.select([fd], [], [], 0.2)[0]:
                    stream.feed(os.read(fd, 65536))
                break
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    rows = []
    for y in range(ROWS):
        line = screen.buffer[y]
        cells = []
        for x in range(COLUMNS):
            char = line[x]
            fg = _colour(char.fg, PALETTE["default"])
            bg = _colour(char.bg, PALETTE["black"])
            if char.reverse:
                fg, bg = bg, fg
            weight = "font-weight:bold;" if char.bold else ""
            cells.append(f'<span style="color:{fg};background:{bg};{weight}">'
                         f"{html.escape(char.data or ' ')}</span>")
        rows.append("".join(cells))
    body = "margin:0;background:#1e1e1e;overflow:hidden"
    font = "margin:12px;font:14px/1.2 'DejaVu Sans Mono',monospace"
    return (f'<html><body style="{body}"><pre style="{font}">' + "\n".join(rows)
            + "</pre></body></html>")


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    page = IMAGES / "neovim.html"
    page.write_text(neovim_screen(), encoding="utf-8")
    try:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        f"--screenshot={IMAGES / 'neovim.png'}", "--window-size=1060,440",
                        page.as_uri()], check=True, capture_output=True, timeout=120)
    finally:
        page.unlink()
    env = {**os.environ, "PORTLINT_SCREENSHOTS": str(IMAGES)}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "tests/editors/test_vscode.py"], cwd=ROOT, env=env, check=True)
    print(f"wrote {IMAGES / 'neovim.png'} and {IMAGES / 'vscode.png'}")


if __name__ == "__main__":
    main()
