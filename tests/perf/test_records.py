"""``portlint.records.NamedTuple`` makes the class ``typing.NamedTuple`` makes, without evaluating
the annotations; and the record types a file check defines are made that way.

Asserted by behaviour and by the modules a check imports, never by time (times belong in bench/).
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from portlint import records

BODY = '''
class Entry(NamedTuple):
    """An entry."""

    rule: str
    versions: tuple[str, ...] | None = None
    does: str = ""

    @property
    def named(self) -> bool:
        return bool(self.rule)

    def twice(self) -> str:
        return self.rule * 2
'''


def made_with(named_tuple: object, module: str) -> type:
    space: dict[str, object] = {"NamedTuple": named_tuple, "__name__": module}
    exec(compile("from __future__ import annotations\n" + BODY, module, "exec"), space)
    made = space["Entry"]
    assert isinstance(made, type)
    return made


def test_a_record_behaves_as_typing_makes_it() -> None:
    ours = made_with(records.NamedTuple, "tests.perf.test_records")
    typed = made_with(typing.NamedTuple, "tests.perf.test_records")
    assert ours._fields == typed._fields == ("rule", "versions", "does")  # type: ignore[attr-defined]
    assert ours._field_defaults == typed._field_defaults == {  # type: ignore[attr-defined]
        "versions": None, "does": ""}
    assert ours.__mro__[1:] == typed.__mro__[1:] == (tuple, object)
    assert (ours.__doc__, ours.__module__, ours.__qualname__) == (
        typed.__doc__, typed.__module__, typed.__qualname__) == (
        "An entry.", "tests.perf.test_records", "Entry")
    a, b = ours("x", ("1",)), typed("x", ("1",))
    assert a == b == ("x", ("1",), "")
    assert hash(a) == hash(b)
    assert repr(a) == repr(b) == "Entry(rule='x', versions=('1',), does='')"
    assert a._replace(does="y") == b._replace(does="y")  # type: ignore[attr-defined]
    assert a._asdict() == b._asdict()  # type: ignore[attr-defined]
    assert (a.named, a.twice()) == (b.named, b.twice()) == (True, "xx")  # type: ignore[attr-defined]
    assert sorted([ours("b"), ours("a")]) == [("a", None, ""), ("b", None, "")]
    assert list(ours.__annotations__) == list(typed.__annotations__)
    assert ours.__annotations__["versions"] == "tuple[str, ...] | None"  # as written
    with pytest.raises(TypeError):
        ours()
    with pytest.raises(AttributeError):
        a.rule = "z"  # type: ignore[attr-defined]


def test_a_record_pickles_by_its_module_and_name() -> None:
    from portlint.model import Severity
    from portlint.profiles.base import Observed

    assert Observed._fields == ("cases", "judged")
    observed = Observed(("case-1",))
    assert pickle.loads(pickle.dumps(observed)) == observed
    assert type(pickle.loads(pickle.dumps(observed))) is Observed
    assert Severity  # the enums beside the records are untouched


@pytest.mark.parametrize("body", [
    "class Bad(NamedTuple):\n    a: int = 0\n    b: int\n",  # no default after a default
    "class Bad(NamedTuple):\n    a: int\n    def _replace(self): ...\n",  # typing's own
    "class Bad(NamedTuple, object):\n    a: int\n",
])
def test_a_record_refuses_what_typing_refuses(body: str) -> None:
    for named_tuple in (records.NamedTuple, typing.NamedTuple):
        with pytest.raises((TypeError, AttributeError)):
            exec(body, {"NamedTuple": named_tuple, "__name__": "m"})


def test_the_records_a_file_check_defines_are_made_without_typing(tmp_path: Path) -> None:
    """Every NamedTuple class of the modules ``portlint check`` imports on files (JSON and YAML,
    every report format, ``--fix``) keeps its annotations as strings: typing.NamedTuple would
    have turned them into ForwardRefs."""
    tool = {"name": "t", "inputSchema": {"type": "object", "properties": {
        "a": {"type": ["string", "null"]}, "b": {"type": "object"}}}}
    (tmp_path / "tools.json").write_text(json.dumps({"tools": [tool]}, indent=2) + "\n")
    (tmp_path / "fix.json").write_text(json.dumps({"tools": [tool]}, indent=2) + "\n")
    (tmp_path / "tools.yaml").write_text("tools:\n  - name: t\n    inputSchema:\n"
                                         "      type: object\n      properties:\n"
                                         "        a: {type: [string, null]}\n")
    runs = [["--format", fmt, "tools.json"] for fmt in ("text", "json", "sarif", "github",
                                                       "concise")]
    runs += [["tools.yaml"], ["--fix", "fix.json"], ["--diff", "tools.json"]]
    code = (
        "import sys, json\n"
        "from portlint.cli.main import main\n"
        f"for words in {runs!r}:\n"
        "    main(['check', *words])\n"
        "bad = []\n"
        "for name, module in sorted(sys.modules.items()):\n"
        "    if not name.startswith('portlint'):\n"
        "        continue\n"
        "    for value in vars(module).values():\n"
        "        if (isinstance(value, type) and issubclass(value, tuple)\n"
        "                and hasattr(value, '_fields') and value.__module__ == name\n"
        "                and any(not isinstance(a, str)\n"
        "                        for a in value.__dict__.get('__annotations__', {}).values())):\n"
        "            bad.append(name + '.' + value.__name__)\n"
        "print('portlint.fixer' in sys.modules, json.dumps(bad), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "True []"
