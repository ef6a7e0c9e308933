"""A class whose constructor keeps the server it is given (`self.mcp = mcp`) and whose other
methods register tools on it (awslabs' amazon-mq-mcp-server): the server is what the project's
constructions of the class give, when the registering method runs — called by the constructor,
by a method that runs, or on an instance the project makes. What cannot be told is reported at
the registration with the reason. The oracle projects `*-kept-server` check the derived schemas
against the real frameworks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.python.project_files import registered, unknown_findings, write_project

_SERVER = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n'

_MODULE = '''class Queues:
    def __init__(self, mcp, region="eu"):
        self.mcp = mcp
        self.region = region

    def register(self):
        self.__read_tools()

    def __read_tools(self):
        @self.mcp.tool()
        def list_queues(prefix: str = "", limit: int = 10) -> list[str]:
            """List queues."""
            return [prefix] * limit

        self.mcp.tool(name="depth")(self.depth)

    def depth(self, queue: str) -> int:
        """A queue's depth."""
        return len(queue)
'''




def test_a_method_run_on_an_instance_made_with_the_server_registers_on_it(
        tmp_path: Path) -> None:
    root = write_project(tmp_path, {
        "queues.py": _MODULE,
        "server.py": _SERVER + "from queues import Queues\n\n\ndef main():\n"
                               "    queues = Queues(mcp)\n    queues.register()\n"})
    assert registered(root / "queues.py") == [("list_queues", ["prefix", "limit"]),
                                          ("depth", ["queue"])]


def test_a_method_the_constructor_calls_registers_on_the_server_kept(tmp_path: Path) -> None:
    module = _MODULE.replace('        self.region = region\n',
                             '        self.region = region\n        self.register()\n')
    root = write_project(tmp_path, {
        "queues.py": module, "server.py": _SERVER + "from queues import Queues\n\nQueues(mcp)\n"})
    assert registered(root / "queues.py") == [("list_queues", ["prefix", "limit"]),
                                          ("depth", ["queue"])]


def test_a_method_run_on_a_new_instance_registers_on_the_server_kept(tmp_path: Path) -> None:
    root = write_project(tmp_path, {
        "server.py": _MODULE + "\n\n" + _SERVER + "Queues(mcp, region='us').register()\n"})
    assert registered(root / "server.py") == [("list_queues", ["prefix", "limit"]),
                                          ("depth", ["queue"])]


def test_a_registering_method_called_nowhere_is_reported_at_each_registration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_project(tmp_path, {
        "queues.py": _MODULE,
        "server.py": _SERVER + "from queues import Queues\n\nqueues = Queues(mcp)\n"})
    why = "`Queues.__read_tools`, which registers it, is called nowhere portlint can follow"
    assert registered(root / "queues.py") == [(None, why), (None, why)]
    findings = unknown_findings(root, capsys)
    assert [(Path(f["file"]).name, f["severity"], f["location"], f["end_location"])
            for f in findings] == [
        ("queues.py", "information", {"line": 10, "column": 10}, {"line": 10, "column": 25}),
        ("queues.py", "information", {"line": 15, "column": 9}, {"line": 15, "column": 48})]
    assert findings[0]["message"] == (
        "A tool is registered here that portlint cannot derive without running code: "
        f"{why}.")


def test_a_registering_method_called_on_an_untraced_object_is_reported(tmp_path: Path) -> None:
    root = write_project(tmp_path, {
        "queues.py": _MODULE,
        "server.py": _SERVER + "from queues import Queues\n\nQueues(mcp)\n\n\n"
                               "def start(queues):\n    queues.register()\n"})
    why = ("`Queues.__read_tools`, which registers it, is called as `queues.register` "
           "(server.py, line 10) on what portlint cannot trace to an instance of `Queues`")
    assert registered(root / "queues.py") == [(None, why), (None, why)]


def test_a_server_kept_and_set_again_by_another_method_is_reported(tmp_path: Path) -> None:
    module = _MODULE.replace("    def register(self):\n",
                             "    def mirror(self, other):\n        self.mcp = other\n\n"
                             "    def register(self):\n")
    root = write_project(tmp_path, {
        "queues.py": module,
        "server.py": _SERVER + "from queues import Queues\n\nQueues(mcp).register()\n"})
    why = ("`self.mcp` is kept by `Queues`'s constructor, and `self.mcp` is assigned (line 7) "
           "as well: portlint does not know what such a server lists")
    assert registered(root / "queues.py") == [(None, why), (None, why)]


def test_the_same_attribute_set_by_an_unrelated_class_does_not_matter(tmp_path: Path) -> None:
    other = "class Elsewhere:\n    def use(self, server):\n        self.mcp = server\n"
    root = write_project(tmp_path, {
        "queues.py": _MODULE, "other.py": other,
        "server.py": _SERVER + "from queues import Queues\n\nQueues(mcp).register()\n"})
    assert registered(root / "queues.py") == [("list_queues", ["prefix", "limit"]),
                                          ("depth", ["queue"])]


def test_a_subclass_setting_the_attribute_makes_the_server_unknown(tmp_path: Path) -> None:
    sub = ("from queues import Queues\n\n\nclass Mirrored(Queues):\n"
           "    def swap(self, server):\n        self.mcp = server\n")
    root = write_project(tmp_path, {
        "queues.py": _MODULE, "mirrored.py": sub,
        "server.py": _SERVER + "from queues import Queues\n\nQueues(mcp).register()\n"})
    why = ("`self.mcp` is kept by `Queues`'s constructor, and `self.mcp` is assigned "
           "(mirrored.py, line 6) as well: portlint does not know what such a server lists")
    assert registered(root / "queues.py") == [(None, why), (None, why)]


def test_an_instance_of_a_subclass_overriding_the_calling_method_does_not_run_it(
        tmp_path: Path) -> None:
    sub = ("from queues import Queues\n\n\nclass Quiet(Queues):\n"
           "    def register(self):\n        pass\n")
    root = write_project(tmp_path, {
        "queues.py": _MODULE, "quiet.py": sub,
        "server.py": _SERVER + "from quiet import Quiet\n\nQuiet(mcp).register()\n"})
    why = "`Queues.__read_tools`, which registers it, is called nowhere portlint can follow"
    assert registered(root / "queues.py") == [(None, why), (None, why)]


_ANNOTATED = '''from mcp.server.fastmcp import FastMCP


class Describe:
    def __init__(self, mcp: FastMCP, verbose: bool = False):
        self.verbose = verbose
        mcp.tool(name="describe_stack")(self.describe)

    def describe(self, stack: str, region: str = "eu") -> str:
        """Describe a stack."""
        return stack
'''


def test_a_constructor_annotated_with_the_server_registers_its_instance_s_methods(
        tmp_path: Path) -> None:
    root = write_project(tmp_path, {
        "handlers.py": _ANNOTATED,
        "server.py": _SERVER + "from handlers import Describe\n\nDescribe(mcp, verbose=True)\n"})
    assert registered(root / "handlers.py") == [("describe_stack", ["stack", "region"])]


def test_a_class_with_an_annotated_constructor_made_nowhere_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_project(tmp_path, {"handlers.py": _ANNOTATED, "server.py": _SERVER})
    why = ("`self.describe` is not a function portlint can find: the class of `self` is not "
           "known (the project makes no `Describe` portlint can follow, given the server)")
    assert registered(root / "handlers.py") == [("describe_stack", why)]
    [finding] = unknown_findings(root, capsys)
    assert (Path(finding["file"]).name, finding["location"], finding["message"]) == (
        "handlers.py", {"line": 7, "column": 9},
        "A tool is registered here that portlint cannot derive without running code: "
        f"{why}.")


def test_a_call_on_an_imported_module_is_no_call_of_the_method(tmp_path: Path) -> None:
    root = write_project(tmp_path, {
        "queues.py": _MODULE,
        "server.py": _SERVER + "import codecs\nfrom queues import Queues\n\nqueues = Queues(mcp)\n"
                               "codecs.register(None)\n"})
    why = "`Queues.__read_tools`, which registers it, is called nowhere portlint can follow"
    assert registered(root / "queues.py") == [(None, why), (None, why)]


def test_the_reason_names_the_same_untraced_call_in_every_process(tmp_path: Path) -> None:
    """Which call the reason names does not depend on the process's string hashing."""
    module = _MODULE.replace("    def register(self):\n        self.__read_tools()\n",
                             "".join(f"    def start_{n}(self):\n        self.__read_tools()\n\n"
                                     for n in "abcdefgh"))
    calls = "".join(f"def go_{n}(q):\n    q.start_{n}()\n\n\n" for n in "abcdefgh")
    root = write_project(tmp_path, {
        "queues.py": module,
        "server.py": _SERVER + "from queues import Queues\n\nQueues(mcp)\n\n\n" + calls})
    script = ("import sys; from pathlib import Path; from tests.python.project_files import "
              "registered; print(registered(Path(sys.argv[1]))[0][1])")
    said = {subprocess.run([sys.executable, "-c", script, str(root / "queues.py")],
                           capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
            for seed in range(6)}
    assert said == {"`Queues.__read_tools`, which registers it, is called as `q.start_a` "
                    "(server.py, line 10) on what portlint cannot trace to an instance of "
                    "`Queues`\n"}
