"""The baseline step of ``portlint check``: hide the findings the baseline holds, or write the
current findings to it (``--update-baseline``); say on stderr what was hidden or dropped."""

from __future__ import annotations

from pathlib import Path

from portlint.report.summary import FileResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TextIO


def apply_baseline(options: Any, configured: Path | None, results: list[FileResult],
                   err: TextIO) -> list[FileResult] | None:
    """The results left to report; None after a message (exit 2)."""
    chosen = Path(options.baseline) if options.baseline else configured
    if chosen is None:
        if options.update_baseline:
            print("portlint: --update-baseline needs a file: --baseline FILE, or `baseline` "
                  "in the configuration", file=err)
            return None
        return results
    from portlint import baseline  # only a run with a baseline loads it
    pairs = [(finding, result.path) for result in results for finding in result.findings]
    if options.update_baseline:
        damaged: str | None = None
        try:
            before = baseline.load(chosen).counts
        except baseline.BaselineError as error:
            before = None
            if chosen.exists():
                damaged = str(error)
        try:
            counts = baseline.write(chosen, pairs)
        except OSError as error:
            print(f"portlint: {chosen}: cannot write the baseline: {error.strerror or error}",
                  file=err)
            return None
        total = sum(counts.values())
        if damaged is not None:
            print(f"portlint: {damaged}; --update-baseline replaced it with the {total} "
                  f"current {'finding' if total == 1 else 'findings'}.", file=err)
        elif before is None:
            print(f"portlint: wrote the baseline {chosen} with {total} "
                  f"{'finding' if total == 1 else 'findings'}.", file=err)
        else:
            dropped = sum((before - counts).values())
            added = sum((counts - before).values())
            print(f"portlint: updated the baseline {chosen}: {total} findings ({added} added, "
                  f"{dropped} no longer found and dropped).", file=err)
        return [_without(result, result.findings) for result in results]
    try:
        loaded = baseline.load(chosen)
    except baseline.BaselineError as error:
        print(f"portlint: {error}", file=err)
        return None
    matcher = loaded.matcher()
    kept = [_without(result, [f for f in result.findings if matcher.take(f, result.path)])
            for result in results]
    if matcher.matched:
        said = "finding is" if matcher.matched == 1 else "findings are"
        print(f"portlint: {matcher.matched} {said} in the baseline {chosen} and not reported.",
              file=err)
    stale = matcher.stale()
    if stale:
        print(f"portlint: {stale} baseline {'entry matches' if stale == 1 else 'entries match'}"
              " no finding any more; --update-baseline drops them.", file=err)
    return kept


def _without(result: FileResult, hidden: list[Any]) -> FileResult:
    """The result with only the findings not in ``hidden`` (the same object, re-filled)."""
    hidden_ids = {id(f) for f in hidden}
    result.findings = [f for f in result.findings if id(f) not in hidden_ids]
    return result
