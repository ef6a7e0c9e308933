"""Findings at one place: a YAML subtree reached through aliases is one finding at its anchor,
naming every path; different problems placed at one spot stay apart (placement.merge_aliased)."""

from __future__ import annotations

from portlint.linter import lint_text

ALIASED = """tools:
  - name: a
    inputSchema:
      type: object
      properties:
        when: &when {type: [string, "null"]}
        then: *when
"""


def test_one_schema_reached_through_an_alias_is_one_finding_naming_each_path() -> None:
    [finding] = [f for f in lint_text(ALIASED, "tools.yaml").findings if f.rule == "type-union"]
    assert ALIASED[finding.span[0]:finding.span[1]] == '[string, "null"]'
    assert finding.path == "inputSchema.properties.when"
    assert finding.also_reached_as == ("tools[0] a › inputSchema.properties.then",)
    assert finding.message.endswith(
        "It is written once for several paths, said once here: "
        "`tools[0] a › inputSchema.properties.when`; `tools[0] a › inputSchema.properties.then`.")
