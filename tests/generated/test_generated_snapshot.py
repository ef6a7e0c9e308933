"""Every finding of every profile on the project's own generated corpus, against a snapshot.

The default suite's counterpart of ``tests/test_corpus_snapshot.py`` (which needs the shared
corpus): ``tests/support/generated.corpus()`` writes the same 90 documents on every machine —
JSON and YAML, all seven document shapes, a few damaged — and ``portlint check --target all``
must find exactly the findings of ``tests/data/generated-findings.tsv`` (file, line:column, rule,
severity, tool, path). A rule or profile change that adds, moves or drops one fails here until
the snapshot is regenerated (``PORTLINT_UPDATE_SNAPSHOT=1``) and the difference reviewed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.generated import corpus

SNAPSHOT = Path(__file__).resolve().parents[1] / "data" / "generated-findings.tsv"
HEADER = "file\tline:column\trule\tseverity\ttool\tpath"


def current(folder: Path) -> list[str]:
    for name, text in corpus().items():
        (folder / name).write_text(text, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           "--exit-zero", "--target", "all", "."],
                          capture_output=True, text=True, timeout=600, cwd=folder)
    assert proc.returncode == 0, proc.stderr
    lines = {f"{Path(f['file']).as_posix()}\t{f['location']['line']}:{f['location']['column']}\t"
             f"{f['rule']}\t{f['severity']}\t{f['tool'] or ''}\t{f['path']}"
             for f in json.loads(proc.stdout)["findings"]}
    return sorted(lines)


def test_every_profile_on_the_generated_corpus_matches_the_snapshot(tmp_path: Path) -> None:
    found = current(tmp_path)
    if os.environ.get("PORTLINT_UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text("\n".join([HEADER, *found]) + "\n", encoding="utf-8")
    expected = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    assert expected[0] == HEADER
    added = sorted(set(found) - set(expected[1:]))
    dropped = sorted(set(expected[1:]) - set(found))
    assert not added and not dropped, (
        f"{len(added)} new and {len(dropped)} missing findings on the generated corpus; review "
        f"them, then regenerate with PORTLINT_UPDATE_SNAPSHOT=1.\nnew: {added[:20]}\n"
        f"missing: {dropped[:20]}")
    rules = {line.split("\t")[2] for line in found}
    assert len(found) > 1500 and len(rules) >= 25  # the corpus exercises most rules
