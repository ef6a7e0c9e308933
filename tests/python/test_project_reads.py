"""A project's modules are read once for all its analyses, and read again when they change.

Each file of a project is analysed on its own (the command line checks every module; the editor,
the one being typed in), and each analysis reads the project's other modules: those its types
come from, and those that may call its functions with the server. What they hold is shared
between analyses while the files stay as they are (portlint/python/modules.py: the parsed
modules, the texts searched, the folder listings; what each module gives the functions it
calls, in the project's memo) — a project of n modules registering tools in each was read n²
times (200 such modules took 40 s to check). A change to any file of the project (written,
added, removed) is seen by the next analysis."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from portlint.python.bound_methods import Classes, Found

ENTRY = "from fastmcp import FastMCP\n\n{imports}\n\nmcp = FastMCP('x')\n{calls}\n"
TOOLS = '''def register(mcp):
    @mcp.tool()
    def {name}(a: int, b: str = "x") -> str:
        """Tool {name}."""
        return b * a
'''


def _project(folder: Path, count: int) -> list[Path]:
    (folder / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    package = folder / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    modules = []
    for i in range(count):
        module = package / f"tools_{i}.py"
        module.write_text(TOOLS.format(name=f"tool_{i}"), encoding="utf-8")
        modules.append(module)
    (package / "main.py").write_text(ENTRY.format(
        imports="\n".join(f"from pkg import tools_{i}" for i in range(count)),
        calls="\n".join(f"tools_{i}.register(mcp)" for i in range(count))), encoding="utf-8")
    return modules


METHODS = '''class Tools:
    def __init__(self):
        self.prefix = "p"

    def register(self, mcp):
        @mcp.tool()
        def {name}(a: int, b: str = "x") -> str:
            """Tool {name}."""
            return self.prefix + b * a
'''


def _class_project(folder: Path, count: int) -> list[Path]:
    modules = _project(folder, count)
    for i, module in enumerate(modules):
        module.write_text(METHODS.format(name=f"tool_{i}"), encoding="utf-8")
    main = folder / "pkg" / "main.py"
    main.write_text(main.read_text(encoding="utf-8").replace(".register(", ".Tools().register("),
                    encoding="utf-8")
    return modules


def _tools(path: Path) -> list[str]:
    result = analyze(path.read_text(encoding="utf-8"), path)
    return [tool.name for tool in result.tools if not tool.unknown]


def _touch(path: Path, text: str) -> None:
    """Write ``text`` and move the file's modification time on (a file system may keep the
    time of a write within the same tick)."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10_000_000, before + 10_000_000))


def test_every_module_analysed_reads_each_file_of_the_project_a_bounded_number_of_times(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    modules = _project(tmp_path, 40)
    reads: Counter[str] = Counter()
    read_bytes = Path.read_bytes

    def counted(self: Path) -> bytes:
        reads[self.name] += 1
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", counted)
    found = [_tools(module) for module in modules]
    assert found == [[f"tool_{i}"] for i in range(40)]
    # read for its words and parsed: twice at most, whichever module is analysed
    assert max(reads.values()) <= 2, reads.most_common(3)


def test_the_method_each_call_binds_to_is_worked_out_once_for_all_analyses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every module's `Tools.register` asks which calls of the project bind to it: the calls of
    # the entry point are sorted by the class they are made on once, not once per module
    modules = _class_project(tmp_path, 40)
    asked = Counter[int]()
    method = Classes.method

    def counted(self: Classes, found: Found, name: str, tool: bool = True) -> object:
        asked[id(found.cls)] += 1
        return method(self, found, name, tool)

    monkeypatch.setattr(Classes, "method", counted)
    found = [_tools(module) for module in modules]
    assert found == [[f"tool_{i}"] for i in range(40)]
    assert sum(asked.values()) <= 3 * 40, sum(asked.values())


def test_a_caller_changed_between_two_analyses_is_read_again(tmp_path: Path) -> None:
    modules = _project(tmp_path, 3)
    main = tmp_path / "pkg" / "main.py"
    assert _tools(modules[1]) == ["tool_1"]
    text = main.read_text(encoding="utf-8")
    _touch(main, text.replace("tools_1.register(mcp)\n", ""))
    assert _tools(modules[1]) == []  # called nowhere now: not derived
    _touch(main, text)
    assert _tools(modules[1]) == ["tool_1"]


def test_a_module_added_or_removed_between_two_analyses_is_seen(tmp_path: Path) -> None:
    modules = _project(tmp_path, 2)
    main = tmp_path / "pkg" / "main.py"
    text = main.read_text(encoding="utf-8")
    _touch(main, text.replace("tools_0.register(mcp)\n", ""))
    assert _tools(modules[0]) == []
    caller = tmp_path / "pkg" / "later.py"
    caller.write_text("from pkg import tools_0\nfrom pkg.main import mcp\n\n"
                      "tools_0.register(mcp)\n", encoding="utf-8")
    assert _tools(modules[0]) == ["tool_0"]
    caller.unlink()
    assert _tools(modules[0]) == []


def test_a_project_larger_than_what_is_held_is_read_right_each_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from portlint.python import modules as held

    monkeypatch.setattr(held.SOURCES, "budget", 64)  # every module over it: nothing kept
    modules = _project(tmp_path, 5)
    assert [_tools(module) for module in modules] == [[f"tool_{i}"] for i in range(5)]
    main = tmp_path / "pkg" / "main.py"
    _touch(main, main.read_text(encoding="utf-8").replace("tools_3.register(mcp)\n", ""))
    assert _tools(modules[3]) == []
