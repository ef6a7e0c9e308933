"""The baseline: findings a project has accepted for now, so that only new ones are reported.

A baseline file lists findings by **file, tool, path and rule** — never by line or column — so
editing one tool, reformatting a file or adding tools above does not make its entries stale:
``inputSchema.properties.data`` of tool ``get_temp`` is the same place wherever it moves. A
finding that occurs several times at one key is counted. The file is JSON, sorted, with one entry
per line group, so it diffs well in review::

    {
      "portlint-baseline": 1,
      "findings": [
        {"file": "tools.json", "tool": "get_temp", "path": "outputSchema.properties.data",
         "rule": "boolean-schema"}
      ]
    }

``portlint check --baseline FILE`` reports only the findings the baseline does not hold;
``--update-baseline`` writes the current findings to it, which drops entries that no longer
match anything. The ``baseline`` configuration key names the file for both the CLI and the
editor, which shows baselined findings as hints instead of hiding them. File names are relative
to the baseline's folder, so the file means the same from any working directory.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from portlint.model import Finding

FORMAT_KEY = "portlint-baseline"
FORMAT_VERSION = 1


class BaselineError(Exception):
    pass


class Key(NamedTuple):
    file: str
    tool: str
    path: str
    rule: str


def relative_name(file: str, folder: Path) -> str:
    """A checked file's name as the baseline in ``folder`` writes it (live servers keep their
    label)."""
    if file == "-" or file.startswith(("server:", "http://", "https://")):
        return file
    try:
        return Path(os.path.relpath(os.path.abspath(file), os.path.abspath(folder))).as_posix()
    except ValueError:  # another drive on Windows
        return Path(file).as_posix()


def key_of(finding: Finding, file: str) -> Key:
    return Key(file, finding.tool or finding.tool_label or "", finding.path, finding.rule)


class Baseline:
    def __init__(self, path: Path, counts: Counter[Key] | None = None) -> None:
        self.path = path
        self.counts: Counter[Key] = counts if counts is not None else Counter()

    @property
    def folder(self) -> Path:
        return self.path.parent

    def matcher(self) -> Matcher:
        return Matcher(self)


class Matcher:
    """Takes findings against a baseline, each entry as often as it was counted."""

    def __init__(self, baseline: Baseline) -> None:
        self.baseline = baseline
        self.left: Counter[Key] = Counter(baseline.counts)
        self.matched = 0

    def take(self, finding: Finding, file: str) -> bool:
        key = key_of(finding, relative_name(file, self.baseline.folder))
        if self.left[key] > 0:
            self.left[key] -= 1
            self.matched += 1
            return True
        return False

    def stale(self) -> int:
        return sum(n for n in self.left.values() if n > 0)


MAX_BASELINE_BYTES = 256 * 1024 * 1024
"""The largest baseline read (a million findings take about a tenth of it)."""


def load(path: Path) -> Baseline:
    """The baseline at ``path``: a regular file within :data:`MAX_BASELINE_BYTES`, read without
    blocking (a named pipe or ``/dev/zero`` named as a baseline is refused, not read)."""
    from portlint.source.reading import Contents, Refused, read_file

    read = read_file(path, MAX_BASELINE_BYTES)
    if isinstance(read, Refused):
        if read.reason == "no such file or directory":
            raise BaselineError(f"{path}: no such baseline (write it with --update-baseline)")
        raise BaselineError(f"{path}: cannot read the baseline: {read.reason}")
    if not isinstance(read, Contents):
        raise BaselineError(f"{path}: cannot read the baseline: it has {read.size:,} bytes, "
                            f"more than the {MAX_BASELINE_BYTES:,} portlint reads")
    try:
        text = read.data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BaselineError(f"{path}: cannot read the baseline: {error}") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise BaselineError(f"{path}: the baseline is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get(FORMAT_KEY) != FORMAT_VERSION or not isinstance(
            data.get("findings"), list):
        raise BaselineError(f"{path}: not a portlint baseline (expected "
                            f"{{\"{FORMAT_KEY}\": {FORMAT_VERSION}, \"findings\": [...]}})")
    counts: Counter[Key] = Counter()
    for i, entry in enumerate(data["findings"]):
        if not isinstance(entry, dict) or not all(
                isinstance(entry.get(k), str) for k in ("file", "path", "rule")) or not (
                entry.get("tool") is None or isinstance(entry.get("tool"), str)):
            raise BaselineError(f"{path}: entry {i} is not {{file, tool, path, rule}}")
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise BaselineError(f"{path}: entry {i}: `count` must be a positive integer")
        counts[Key(entry["file"], entry.get("tool") or "", entry["path"], entry["rule"])] += count
    return Baseline(path, counts)


def render(counts: Counter[Key]) -> str:
    entries: list[dict[str, Any]] = []
    for key in sorted(counts):
        entry: dict[str, Any] = {"file": key.file, "tool": key.tool or None, "path": key.path,
                                 "rule": key.rule}
        if counts[key] > 1:
            entry["count"] = counts[key]
        entries.append(entry)
    lines = [f'{{\n  "{FORMAT_KEY}": {FORMAT_VERSION},\n  "findings": [']
    lines.append(",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in entries))
    lines.append("  ]\n}\n")
    return "\n".join(line for line in lines if line)


def counts_of(pairs: Iterable[tuple[Finding, str]], folder: Path) -> Counter[Key]:
    counts: Counter[Key] = Counter()
    for finding, file in pairs:
        counts[key_of(finding, relative_name(file, folder))] += 1
    return counts


def write(path: Path, pairs: Iterable[tuple[Finding, str]]) -> Counter[Key]:
    counts = counts_of(pairs, path.parent)
    from portlint.generated import write_atomically

    write_atomically(path, render(counts).encode("utf-8"))
    return counts


class Loaded(NamedTuple):
    """The baseline a file names, as it is on disk now: read, or why it cannot be used (the
    message ``portlint check`` stops with)."""

    baseline: Baseline | None
    problem: str | None


class _Cached(NamedTuple):
    mtime: float | None  # None: there was no file
    loaded: Loaded


_CACHE: dict[Path, _Cached] = {}


def cached(path: Path) -> Loaded:
    """The baseline at ``path`` as it is on disk now (the editor asks on every lint): read again
    only when the file changed. One missing or damaged comes with its problem and hides nothing
    — the editor then shows every finding as it is, as the CLI reports none as baselined."""
    try:
        mtime: float | None = path.stat().st_mtime
    except FileNotFoundError:
        mtime = None
    except OSError:
        mtime = -1.0  # cannot even look: read (and say why) each time
    entry = _CACHE.get(path)
    if entry is not None and entry.mtime == mtime and mtime != -1.0:
        return entry.loaded
    try:
        loaded = Loaded(load(path), None)
    except BaselineError as error:
        loaded = Loaded(None, str(error))
    _CACHE[path] = _Cached(mtime, loaded)
    return loaded


def mark(findings: Sequence[Finding], file: str, baseline: Baseline | None) -> list[Finding]:
    """The findings with those the baseline holds marked ``baselined`` (the editor's hints)."""
    if baseline is None or not baseline.counts:
        return list(findings)
    matcher = baseline.matcher()
    return [f._replace(baselined=True) if matcher.take(f, file) else f for f in findings]
