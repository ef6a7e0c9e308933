"""The rules' early answers ("nothing here", without a generator or a scan) say what the full
check says: tool-field-type's quick well-typed test never hides a report, declared-dialect's
skip of the changed-meaning scan never changes its verdict, and a rule that returns ``()`` is
treated by the checker exactly as one whose generator yields nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.linter import lint_text
from portlint.rules import declared_dialect, invalid_schema, tool_field_type
from portlint.rules.base import Report, RootContext
from portlint.walk import walk_indexed
from tests.support.generated import Chooser, input_schema

# values of every JSON kind, and the ones MCP's typed tool members expect
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, 2), st.sampled_from(
    ["", "x", "light", "dark", "forbidden", "optional"]),
    st.lists(st.sampled_from(["48x48", 3]), max_size=2),
    st.dictionaries(st.sampled_from(["src", "title", "readOnlyHint", "taskSupport"]),
                    st.one_of(st.none(), st.booleans(), st.just("x")), max_size=3))
_MEMBERS = ("title", "description", "annotations", "icons", "_meta", "execution", "name",
            "other")
_ANNOTATIONS = st.dictionaries(
    st.sampled_from(["title", "readOnlyHint", "destructiveHint", "idempotentHint",
                     "openWorldHint", "x"]), _VALUES, max_size=5)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(_MEMBERS), _VALUES, max_size=6), _ANNOTATIONS,
       st.booleans())
def test_a_well_typed_tool_has_no_field_type_report(tool: dict[str, Any],
                                                    annotations: dict[str, Any],
                                                    with_annotations: bool) -> None:
    if with_annotations:
        tool["annotations"] = annotations
    reports = list(tool_field_type.tool_reports(tool, ("tools", 0)))
    if tool_field_type._well_typed(tool):
        assert reports == []


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_changed_meaning_skips_only_schemas_without_the_keywords(data: st.DataObject) -> None:
    schema = input_schema(Chooser(draw=data.draw))
    extra = data.draw(st.sampled_from([None, ("items", [{}]), ("id", "x"), ("$ref", "#"),
                                       ("exclusiveMinimum", True), ("dependencies", {})]))
    if extra is not None and isinstance(schema, dict):
        schema[extra[0]] = extra[1]
    positions, index, _ = walk_indexed(schema)
    every_keyword: dict[str, list[Any]] = {k: [] for k in declared_dialect._CHANGING}  # no skip
    assert declared_dialect._changed_meaning(positions, index) == (
        declared_dialect._changed_meaning(positions, every_keyword))


def test_an_empty_tuple_is_nothing_to_say_like_an_empty_generator() -> None:
    check = invalid_schema.RULE.check
    assert check is not None

    def as_generator(ctx: RootContext) -> Iterator[Report]:
        yield from check(ctx)

    def as_tuple(ctx: RootContext) -> tuple[Report, ...]:
        return tuple(check(ctx))

    for schema in ('{"type": "object", "properties": {"a": {"type": "dict"}}}',
                   '{"type": "object", "properties": {"a": {"type": "string"}}}'):
        text = f'{{"tools": [{{"name": "t", "inputSchema": {schema}}}]}}'
        found = [lint_text(text, "t.json", rules=[invalid_schema.RULE._replace(check=c)]).findings
                 for c in (check, as_generator, as_tuple)]
        assert found[0] == found[1] == found[2]
    assert found[0] == [] and lint_text(text.replace("string", "dict"), "t.json").findings
