"""A fix edits the place its finding is about and nothing else the author wrote.

YAML anchors: an anchored node is read where it is written and at each alias of it, so an edit
inside it changes all of those places. The fix is kept when the finding covers every one of them
(one schema shared by two tools), and withheld — the finding stays, and says why — when another
place reads the node as data or as a schema the finding is not about, or when an edit would
rewrite the anchor itself.

Comments: a fix that would replace a comment without writing it again is withheld the same way;
one that moves text keeps the comments in it.
"""

from __future__ import annotations

from portlint.fixer import fix_all
from portlint.linter import lint_text
from portlint.model import Finding
from portlint.settings import Settings


def _only(text: str, rule: str, name: str = "t.yaml", settings: Settings | None = None
          ) -> Finding:
    found = [f for f in lint_text(text, name, settings).findings if f.rule == rule]
    assert len(found) == 1, found
    return found[0]


def _fixed(text: str, unsafe: bool = False, name: str = "t.yaml",
           settings: Settings | None = None) -> str:
    return fix_all(text, lambda t: lint_text(t, name, settings), unsafe=unsafe).text


ALSO_DATA = """\
x: &t true
tools:
  - name: a
    inputSchema:
      type: object
      properties:
        p: *t
        q: {type: boolean, const: *t}
"""


def test_an_anchor_also_read_as_data_is_not_rewritten() -> None:
    finding = _only(ALSO_DATA, "boolean-schema")
    assert finding.path == "inputSchema.properties.p"
    assert ALSO_DATA[finding.span[0]:finding.span[1]] == "true"
    assert [fix for fix in finding.fixes if fix.edits] == []
    assert finding.suggestion.endswith(
        "No automatic fix here: it would rewrite the YAML anchor `&t`, which the document also "
        "reads in places this finding is not about.")
    assert _fixed(ALSO_DATA, unsafe=True) == ALSO_DATA


SHARED_BY_TWO_TOOLS = """\
tools:
  - name: a
    inputSchema:
      type: object
      properties:
        p: &t true
  - name: b
    inputSchema:
      type: object
      properties:
        q: *t
"""


def test_an_anchor_every_use_of_which_the_finding_covers_is_fixed_once() -> None:
    finding = _only(SHARED_BY_TWO_TOOLS, "boolean-schema")
    assert finding.also_reached_as == ("tools[1] b › inputSchema.properties.q",)
    assert [fix.title for fix in finding.fixes if fix.edits] == [
        "Replace `true` with `{}` (same contract)", "Declare a free-form object instead of `true` "
        "(changes the contract: values that are not objects become invalid)"]
    fixed = _fixed(SHARED_BY_TWO_TOOLS)
    assert fixed == SHARED_BY_TWO_TOOLS.replace("p: &t true", "p: &t {}")
    assert [f.rule for f in lint_text(fixed, "t.yaml").findings] == []


def test_an_anchor_of_two_tools_one_of_which_reads_it_elsewhere_is_not_rewritten() -> None:
    # the second tool reads the anchored node in an output schema, where the rule says nothing
    text = SHARED_BY_TWO_TOOLS.replace("        q: *t\n", "        q: *t\n    examples: [*t]\n")
    finding = _only(text, "boolean-schema")
    assert [fix for fix in finding.fixes if fix.edits] == []
    assert _fixed(text) == text


ACROSS_AN_ANCHOR = """\
tools:
  - name: a
    inputSchema:
      allOf:
        - type: object
          properties:
            city: &city {type: string}
  - name: b
    inputSchema:
      type: object
      properties:
        town: *city
"""


def test_a_fix_rewriting_the_text_an_anchor_is_defined_in_is_withheld() -> None:
    # merging the one-branch allOf into the root would write the branch's members anew: the
    # anchor `&city`, which tool b reads, would be rewritten with them
    finding = _only(ACROSS_AN_ANCHOR, "root-combinator")
    assert [fix for fix in finding.fixes if fix.edits] == []
    assert "`&city`" in finding.suggestion
    fixed = _fixed(ACROSS_AN_ANCHOR, unsafe=True)
    assert "city: &city {type: string}" in fixed and "town: *city" in fixed


def test_an_anchor_without_an_alias_is_plain_text() -> None:
    text = ALSO_DATA.replace("x: &t true\n", "").replace("p: *t", "p: &t true").replace(
        "const: *t", "const: true")
    finding = _only(text, "boolean-schema")
    assert [fix.title for fix in finding.fixes if fix.edits] == [
        "Replace `true` with `{}` (same contract)", "Declare a free-form object instead of `true` "
        "(changes the contract: values that are not objects become invalid)"]
    assert _fixed(text) == text.replace("p: &t true", "p: &t {}")


def test_nested_anchors_multiply_the_places_a_node_is_read_in() -> None:
    # the outer schema is read by both tools (both reported); the inner `true` is read once
    # more, as data: three places for the inner node where the finding covers two
    text = """\
tools:
  - name: a
    inputSchema: &schema
      type: object
      properties:
        p: &t true
  - name: b
    inputSchema: *schema
x-data: [*t]
"""
    finding = _only(text, "boolean-schema")
    assert finding.also_reached_as == ("tools[1] b › inputSchema.properties.p",)
    assert [fix for fix in finding.fixes if fix.edits] == []
    without_data = text.replace("x-data: [*t]\n", "")
    assert _fixed(without_data) == without_data.replace("p: &t true", "p: &t {}")


# -- comments ------------------------------------------------------------------------------------

ALL = Settings(targets=("all",))

UNUSED_DEFS = """\
tools:
  - name: a
    inputSchema:
      type: object
      $defs:
        unused:   # kept for later
          description: "what # is not a comment"
          type: string
      properties:
        q: {type: string}
"""


def test_a_fix_that_would_delete_a_comment_is_withheld() -> None:
    finding = _only(UNUSED_DEFS, "local-ref", settings=ALL)
    assert finding.path == "inputSchema"
    assert [fix for fix in finding.fixes if fix.edits] == []
    assert finding.suggestion == (
        "Nothing refers to it any more: remove it. No automatic fix here: it would delete the "
        "comment `# kept for later` on line 6.")
    assert _fixed(UNUSED_DEFS, settings=ALL) == UNUSED_DEFS


def test_a_hash_in_a_string_is_not_a_comment() -> None:
    text = UNUSED_DEFS.replace("   # kept for later", "")
    finding = _only(text, "local-ref", settings=ALL)
    assert [fix.title for fix in finding.fixes if fix.edits] == [
        "Remove the unused `$defs` (same contract)"]
    assert "$defs" not in _fixed(text, settings=ALL)


COMMENTED_BRANCH = """\
tools:
  - name: b
    inputSchema:
      allOf:   # one branch
        # the branch
        - type: object   # its type

          # what it takes
          properties:
            x: {type: string}  # x
"""


def test_merging_a_branch_keeps_its_comments_and_blank_lines() -> None:
    assert _fixed(COMMENTED_BRANCH) == """\
tools:
  - name: b
    inputSchema:
      # one branch
      # the branch
      type: object   # its type

      # what it takes
      properties:
        x: {type: string}  # x
"""


PYTHON = """\
from mcp.types import Tool

TOOLS = [
    Tool(name="a", inputSchema={
        "allOf": [{"type": "object",  # the branch
                   "properties": {"x": {"type": "string"}}}],
    }),
]

from mcp.server.lowlevel import Server

server = Server("s")


@server.list_tools()  # the SDK 1.x (2.x refuses a root without `type`: server-list-fails)
async def list_tools() -> list[Tool]:
    return TOOLS
"""


def test_a_python_literal_keeps_its_comments_too() -> None:
    finding = _only(PYTHON, "root-combinator", "server.py")
    assert [fix for fix in finding.fixes if fix.edits] == []
    assert finding.suggestion.endswith(
        "No automatic fix here: it would delete the comment `# the branch` on line 5.")
    # the root gets what the merge would have given it, added beside the branch and its comment
    assert _fixed(PYTHON, name="server.py") == PYTHON.replace(
        '        "allOf"', '        "properties": {},\n        "type": "object",\n        "allOf"')


def test_a_merge_key_member_is_not_hoisted_out_of_its_mapping() -> None:
    # the branch's `type` comes from the merge key: its own text does not hold every member
    text = """\
base: &base {type: object}
tools:
  - name: b
    inputSchema:
      allOf:
        - <<: *base
          properties:
            x: {type: string}
"""
    finding = _only(text, "root-combinator")
    assert [fix for fix in finding.fixes if fix.edits] == []
    fixed = _fixed(text, unsafe=True)  # input-root-not-object's `type` beside the allOf only
    assert fixed == text.replace("      allOf:\n", "      properties: {}\n      type: object\n"
                                                  "      allOf:\n")
