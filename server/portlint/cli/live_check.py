"""``portlint check --server CMD | --url URL [--snapshot FILE]``: lint a live server's tool list
with the same rules, profiles and formats as files.

The list is linted as the snapshot document ``portlint snapshot`` writes, so each finding names
its tool and path and sits at a line of that document. With ``--snapshot FILE`` the live list is
also compared with the committed one: every difference is a ``snapshot-outdated`` finding (exit
1), and when the file is exactly what the server lists now, the findings are reported in it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, TextIO

from portlint.live.target import Bounds
from portlint.report.summary import FileResult
from portlint.settings import Settings


class LiveOptions(NamedTuple):
    server: str | None = None
    url: str | None = None
    snapshot: str | None = None
    bounds: Bounds = Bounds()


def live_results(options: LiveOptions, settings_for: Callable[[Path], Settings],
                 err: TextIO, damaged: Callable[[str, str], None] | None = None
                 ) -> list[FileResult] | None:
    """The results to report, or None after a message on ``err`` (exit 2). What the server
    listed that is no tool (a number in ``tools``) is said through ``damaged`` (name, reason: the
    run's unreadable inputs, exit 2), and the rest of the list is linted all the same."""
    # the live client is loaded only for a live check: `portlint check FILE` never needs it
    from portlint import profiles
    from portlint.cli.live_common import fetch, say_damage, target_or_complain
    from portlint.cli.sides import SideError, read_file_side, read_server_side
    from portlint.linter import lint_source
    from portlint.readers import read_source

    target = target_or_complain(options.server, options.url, err)
    if target is None:
        return None
    committed = None
    if options.snapshot is not None:
        try:
            committed = read_file_side(options.snapshot)
        except SideError as error:
            print(f"portlint: --snapshot {error}", file=err)
            return None
    fetched = fetch(target, options.bounds, err)
    if fetched is None:
        return None
    name = fetched.name
    settings = settings_for(Path(options.snapshot) if options.snapshot else Path.cwd() / "x")
    source = read_source(fetched.text, "json", settings.limits)  # read once, for all below
    say_damage(fetched.name, source,
               damaged or (lambda name, why: print(f"portlint: {name}: {why}", file=err)))
    in_file = committed is not None and committed.text == fetched.text
    if committed is not None and in_file:
        name = committed.name  # the file is the live list: its positions are exact
    result = lint_source(source, settings, assume_schema=True)
    targets = tuple(t.label for t in profiles.resolve(settings.targets))
    results = [FileResult(name, fetched.text, list(result.findings), len(result.tools),
                          tools=[t.label for t in result.tools], targets=targets, live=not in_file)]
    if committed is not None and committed.text != fetched.text:
        try:
            live = read_server_side(fetched.name, fetched.text, source)
        except SideError as error:
            print(f"portlint: cannot compare with --snapshot {committed.name}: {error}",
                  file=err)
            return None
        results.extend(_differences(committed, live, results[0]))
    return results


def _differences(committed: object, live: object, lint: FileResult) -> list[FileResult]:
    from portlint.cli.diff import contract_results
    from portlint.cli.sides import Side
    from portlint.contract.tools_diff import diff_tools, tools_of
    from portlint.model import Severity

    assert isinstance(committed, Side) and isinstance(live, Side)
    changes = diff_tools(tools_of(committed.source), tools_of(live.source))
    placed = contract_results(changes, committed, live, rule="snapshot-outdated",
                              prefix="The live server differs from the snapshot ({kind}): ")
    out: list[FileResult] = []
    for result in placed:
        if result.path == lint.path:
            lint.findings.extend(result.findings)
            lint.findings.sort(key=lambda f: (f.span, f.rule))
        elif result.findings:
            out.append(result)
    if not changes:
        from portlint.model import Finding

        out.append(FileResult(committed.name, committed.text, [Finding(
            "snapshot-outdated", Severity.ERROR,
            "The live server lists the same contract, but not the same text as the snapshot "
            "(a changed `_meta`, annotation order, or the file was edited by hand).",
            f"Write it again: portlint snapshot --server ... -o {committed.name}",
            (0, min(1, len(committed.text))))]))
    return out
