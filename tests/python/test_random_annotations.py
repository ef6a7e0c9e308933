"""Random annotations from a small grammar: portlint's static derivation equals what Pydantic
2.14.4 generates (computed in a separate process)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.python.model_index import ModuleIndex
from portlint.python.names import Names
from portlint.python.positions import SourcePositions
from portlint.python.pydantic_schema import Generator, Unknown
from portlint.python.spans import SpanTable

HEADER = "from typing import Any, Literal, Optional, Union\nfrom pydantic import BaseModel\n"
leaves = st.sampled_from(["str", "int", "float", "bool", "None", "Any", "bytes",
                          'Literal["a"]', 'Literal["a", "b"]', "Literal[1, 2]",
                          'Literal["a", None]', "list", "dict"])
annotations = st.recursive(leaves, lambda inner: st.one_of(
    st.builds("list[{}]".format, inner),
    st.builds("dict[str, {}]".format, inner),
    st.builds("Optional[{}]".format, inner),
    st.builds(lambda a, b: f"Union[{a}, {b}]", inner, inner),
    st.builds(lambda a, b: f"{a} | {b}", inner, inner),
    st.builds(lambda a, b: f"tuple[{a}, {b}]", inner, inner),
    st.builds("tuple[{}, ...]".format, inner),
    st.builds("set[{}]".format, inner),
), max_leaves=4)


def _pydantic(batch: list[str]) -> list[dict[str, object]]:
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("pydantic_oracle.py"))],
                          input="\n".join(batch) + "\n", capture_output=True, text=True,
                          timeout=120, check=True)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def _portlint(annotation: str) -> dict[str, object] | None:
    code = f"{HEADER}class M(BaseModel):\n    x: {annotation}\n"
    tree = ast.parse(code)
    names = Names(tree)
    index = ModuleIndex(tree, names)
    generator = Generator(index, names, SourcePositions(code), SpanTable())
    try:
        return generator.model_schema(index.classes["M"])
    except Unknown:
        return None


@settings(max_examples=60, deadline=None)
@given(batch=st.lists(annotations, min_size=5, max_size=5))
def test_random_annotations_match_pydantic(batch: list[str]) -> None:
    for annotation, expected in zip(batch, _pydantic(batch), strict=True):
        derived = _portlint(annotation)
        if "error" in expected:
            assert derived is None, annotation  # Pydantic refuses it: never a guessed schema
        else:
            assert derived == expected, annotation
