"""``portlint snapshot --server CMD | --url URL [-o FILE]``: write a live server's tool list as a
document (see :mod:`portlint.live.snapshot`) that ``check``, ``diff`` and the editor read."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from portlint.cli.live_common import fetch, say_damage, target_or_complain
from portlint.live.target import Bounds
from portlint.readers import read_source


def run_snapshot(command: str | None, url: str | None, output: str | None, bounds: Bounds, *,
                 stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    target = target_or_complain(command, url, err)
    if target is None:
        return 2
    fetched = fetch(target, bounds, err)
    if fetched is None:
        return 2
    # written as the server sent it; what is no tool is said, since diff and --snapshot
    # refuse such a file
    say_damage(fetched.name, read_source(fetched.text, "json"),
               lambda name, why: print(f"portlint: warning: {name}: {why}", file=err))
    if output is None or output == "-":
        out.write(fetched.text)
        return 0
    from portlint.generated import write_atomically

    path = Path(output)
    try:
        write_atomically(path, fetched.text.encode("utf-8"))
    except OSError as error:
        print(f"portlint: {output}: cannot write: {error.strerror or error}", file=err)
        return 2
    tools = len(fetched.listing.tools)
    print(f"Wrote {tools} {'tool' if tools == 1 else 'tools'} from {fetched.name} to {output}.",
          file=err)
    return 0
