"""Every finding the default targets produce on the shared corpus, against a reviewed snapshot.

The corpus is real tool schemas from public projects. Each line of
``tests/data/corpus-default-findings.tsv`` is one finding (file, line:column, rule, severity,
tool, path); ``tests/data/corpus-default-findings.md`` records the review of each group. A rule
change that adds, moves or drops a finding fails here until the snapshot is regenerated
(``PORTLINT_UPDATE_SNAPSHOT=1``) and the review updated.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.corpus import CORPUS

pytestmark = pytest.mark.shared_data

SNAPSHOT = Path(__file__).resolve().parent / "data" / "corpus-default-findings.tsv"
HEADER = "file\tline:column\trule\tseverity\ttool\tpath"


def _current() -> list[str]:
    snaps = sorted(str(p) for p in CORPUS.rglob("*.snap"))
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           "--exit-zero", str(CORPUS), *snaps],
                          capture_output=True, text=True, timeout=600, cwd=CORPUS)
    assert proc.returncode == 0, proc.stderr
    lines = []
    for f in json.loads(proc.stdout)["findings"]:
        where = (CORPUS / f["file"]).resolve().relative_to(CORPUS.resolve()).as_posix()
        lines.append(f"{where}\t{f['location']['line']}:{f['location']['column']}\t{f['rule']}\t"
                     f"{f['severity']}\t{f['tool'] or ''}\t{f['path']}")
    return sorted(set(lines))


def test_default_targets_on_the_corpus_match_the_reviewed_snapshot() -> None:
    current = _current()
    if os.environ.get("PORTLINT_UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text("\n".join([HEADER, *current]) + "\n", encoding="utf-8")
    expected = SNAPSHOT.read_text(encoding="utf-8").splitlines()[1:]
    added = sorted(set(current) - set(expected))
    dropped = sorted(set(expected) - set(current))
    assert not added and not dropped, (
        f"{len(added)} new and {len(dropped)} missing findings on the corpus; review them, then "
        f"regenerate with PORTLINT_UPDATE_SNAPSHOT=1.\nnew: {added[:20]}\nmissing: {dropped[:20]}")
