"""portlint never touches the network, never starts a process, never opens a file outside the
workspace (a `$ref` to `../secret.json` or `file:///etc/passwd` is reported, never read), never
builds Python objects from YAML tags, and `--fix` never writes text that no longer parses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.fixes.render import Renderer
from portlint.model import Applicability, Fix, TextEdit

REFS = ('{"name": "t", "inputSchema": {"type": "object", "properties": {\n'
        '  "a": {"$ref": "https://schemas.example.com/a.json"},\n'
        '  "b": {"$ref": "../secret.json#/x"},\n'
        '  "c": {"$ref": "file:///etc/passwd"},\n'
        '  "d": {"$ref": "http://169.254.169.254/latest/meta-data"}}}}\n')
TAGGED = ("name: t\ninputSchema:\n  type: object\n  properties:\n"
          "    a: !!python/object/apply:os.system [\"touch {marker}\"]\n")


def test_no_network_no_process_no_outside_file(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (tmp_path / "secret.json").write_text('{"x": {"type": "string"}}')
    (workspace / "refs.json").write_text(REFS)
    marker = tmp_path / "pwned"
    (workspace / "tagged.yaml").write_text(TAGGED.format(marker=marker))
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("isolated_run.py")),
                           str(workspace)], capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip().splitlines()[-1] == "CLEAN", proc.stdout + proc.stderr
    assert proc.returncode == 0, proc.stderr
    assert not marker.exists()


def test_remote_refs_are_reported_not_fetched(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "refs.json"
    path.write_text(REFS)
    # every default client hands an input schema's remote $ref on: a target that raises on it
    main(["check", "--exit-zero", "--format", "github", "--target", "google-genai-py", str(path)])
    out = capsys.readouterr().out
    assert out.count("title=portlint(remote-ref)") == 4


def test_python_tags_are_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "pwned"
    path = tmp_path / "tagged.yaml"
    path.write_text(TAGGED.format(marker=marker))
    # every default client hands an input schema's remote $ref on: a target that raises on it
    main(["check", "--exit-zero", "--format", "github", "--target", "google-genai-py", str(path)])
    assert "yaml-tag" in capsys.readouterr().out
    assert not marker.exists()


def test_fix_never_writes_a_text_that_does_not_parse(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}\n'
    path = tmp_path / "t.json"
    path.write_text(text)

    def breaking(self: Renderer, plan: object) -> Fix:  # every fix now deletes a brace
        return Fix("Break the document", Applicability.SAFE, (TextEdit(0, 1, ""),))

    monkeypatch.setattr(Renderer, "render", breaking)
    main(["check", "--fix", "--exit-zero", str(path)])
    capsys.readouterr()
    assert path.read_text() == text
    assert not [p for p in tmp_path.iterdir() if p.name != "t.json"]  # no temporary left
