"""``portlint explain 'ERROR TEXT' [FILE...] [--server CMD | --url URL]``: which tool, which
line, which rule — for an error a client printed.

Exit status: 0 every recognised error was placed (or no file was given to place it in); 1 an
error was recognised but could not be placed in the files given; 2 the text is not an error
portlint recognises (it says so and guesses nothing), a file or server could not be read, or the
evidence index the explanation cites could not be read (said on stderr; the explanation is
printed without it).
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from portlint.cli.diff import SideSpec, load_side
from portlint.cli.sides import underived
from portlint.explain.explain import Source, explain
from portlint.explain.render import evidence_problem, explanations_json, render_explanations
from portlint.live.target import Bounds


def run_explain(text: str, files: list[str], *, server: str | None = None,
                url: str | None = None, bounds: Bounds | None = None,
                output_format: str = "text", stdout: TextIO | None = None,
                stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    sources: list[Source] = []
    specs = [SideSpec(path=f) for f in files]
    if server is not None or url is not None:
        specs.append(SideSpec(server=server, url=url))
    for spec in specs:
        side = load_side(spec, bounds or Bounds(), err, compare=False)
        if side is None:
            return 2
        for reason in underived(side.source):
            print(f"portlint: note: {side.name}: {reason.rstrip('.')}; an error in that tool "
                  "cannot be placed.", file=err)
        sources.append(Source(side.name, side.text, side.source))
    explanations = explain(text, sources)
    if output_format == "json":
        out.write(json.dumps(explanations_json(explanations, bool(sources)), indent=2,
                             ensure_ascii=False) + "\n")
    else:
        out.write(render_explanations(explanations, bool(sources), with_problems=False))
    problem = evidence_problem(explanations)
    if problem is not None:
        print(f"portlint: explain: {problem}.", file=err)
    if not explanations or problem is not None:
        return 2
    if sources and any(not e.places for e in explanations):
        return 1
    return 0
