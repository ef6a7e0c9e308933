"""The live mode against real servers the tests start: a FastMCP server (stdio and Streamable
HTTP), servers that misbehave (crash, silence, garbage, invalid JSON-RPC, a huge list, pages for
ever or in a circle, a child that outlives its parent), and — in the live layer — the MCP
TypeScript SDK's server and client from the cached npm project, compared with the recordings."""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.live.client import LiveError, fetch_listing
from portlint.live.snapshot import render_snapshot
from portlint.live.target import Bounds, parse_target
from tests.live.servers.misbehaving import bad_tool, tool

SERVERS = Path(__file__).parent / "servers"
DATA = Path(__file__).parent / "data"
FAST = Bounds(startup_timeout=20, request_timeout=3, max_pages=40)  # hand-written servers
REAL = Bounds(startup_timeout=120, request_timeout=60)  # a framework on a busy machine


def command(*words: str) -> str:
    return shlex.join([sys.executable, *words])


def misbehaving(mode: str, *args: str) -> str:
    return command(str(SERVERS / "misbehaving.py"), mode, *args)


def failure(mode: str, *args: str, bounds: Bounds = FAST) -> LiveError:
    with pytest.raises(LiveError) as caught:
        fetch_listing(parse_target(misbehaving(mode, *args), None), bounds)
    return caught.value


def test_fastmcp_server_over_stdio_is_linted_by_tool_and_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--server", command(str(SERVERS / "fastmcp_weather.py")),
                 "--format", "json", "--target", "all", "--startup-timeout", "120",
                 "--request-timeout", "60"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["summary"]["tools_checked"] == 2
    found = {(f["tool"], f["rule"], f["path"]) for f in report["findings"]}
    assert ("set_alarm", "type-with-anyof", "inputSchema.properties.threshold") not in found
    assert ("get_temperature", "open-map", "outputSchema.properties.flags") in found
    assert all(f["file"].startswith("server:") for f in report["findings"])


def test_fastmcp_snapshot_is_what_the_recording_holds() -> None:
    listing = fetch_listing(parse_target(command(str(SERVERS / "fastmcp_weather.py")), None),
                            REAL)
    assert render_snapshot(listing.tools) == (DATA / "fastmcp-weather.snapshot.json").read_text(
        encoding="utf-8")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_fastmcp_server_over_streamable_http(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen([sys.executable, str(SERVERS / "fastmcp_weather.py"), "http",
                               str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        listing = fetch_listing(parse_target(None, f"http://127.0.0.1:{port}/mcp"), REAL)
    finally:
        server.terminate()
        server.wait(10)
    assert render_snapshot(listing.tools) == (DATA / "fastmcp-weather.snapshot.json").read_text(
        encoding="utf-8")


def test_snapshot_then_check_against_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["snapshot", "--server", misbehaving("bad-schemas"), "-o", "tools.json"]) == 0
    capsys.readouterr()
    # the same list: findings are reported in the snapshot file, at its lines
    assert main(["check", "--server", misbehaving("bad-schemas"), "--snapshot", "tools.json",
                 "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert {(f["file"], f["rule"], f["location"]["line"]) for f in report["findings"]} == {
        ("tools.json", "boolean-schema", 19), ("tools.json", "output-root-not-object", 27)}
    # a different list: each difference fails the run
    assert main(["check", "--server", misbehaving("pages", "2"), "--snapshot", "tools.json",
                 "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    outdated = sorted((f["tool"], f["message"].split(": ", 1)[1])
                      for f in report["findings"] if f["rule"] == "snapshot-outdated")
    assert outdated == [
        ("bad", "Tool `bad` was removed: clients that call it fail."),
        ("fine", "Tool `fine` was removed: clients that call it fail."),
        ("page_0", "Tool `page_0` was added."), ("page_1", "Tool `page_1` was added.")]


def test_server_that_crashes_on_start() -> None:
    error = failure("crash")
    assert "closed the connection before answering initialize" in error.message
    assert "RuntimeError: no config" in error.stderr


def test_a_servers_text_is_shown_not_run_by_the_terminal() -> None:
    error = failure("hostile-text")
    assert error.message.endswith(
        "does not offer tools: tools/list answered "
        "`\\x1b[31mnope\\x1b[0m\\r::error::forged \\x00`")
    assert "  | \\x1b[2J\\x1b[31mcleared\\x1b[0m" in error.report()
    assert not any(c in error.report() for c in "\x1b\x00\r")


def test_server_that_never_answers() -> None:
    error = failure("silent", bounds=FAST._replace(startup_timeout=2))
    assert "did not answer initialize within 2 s (--startup-timeout)" in error.message


def test_server_that_never_answers_tools_list() -> None:
    error = failure("silent-tools")
    assert "did not answer tools/list (page 1) within 3 s (--request-timeout)" in error.message


@pytest.mark.parametrize(("mode", "wrote"), [("garbage", "`Server ready! Listening...`"),
                                             ("not-jsonrpc", '`{"hello": "world"}`')])
def test_server_that_writes_what_is_not_json_rpc(mode: str, wrote: str) -> None:
    """A server that writes only what is not JSON-RPC: the line is skipped (as the MCP clients
    skip it), so the session ends at the start-up bound — with the line named, not a pydantic
    summary. (A line beside valid replies is only warned about: test_stray_stdout.py.)"""
    started = time.monotonic()
    error = failure(mode, bounds=FAST._replace(startup_timeout=3))
    assert time.monotonic() - started < 15
    assert "did not answer initialize within 3 s (--startup-timeout)" in error.message
    assert f"is not a JSON-RPC message to its stdout: {wrote} (1 line)" in error.message
    assert "validation error" not in error.message


def test_initialize_result_the_client_refuses_is_quoted() -> None:
    error = failure("bad-init")
    assert error.message.endswith(
        "answered initialize with a result the MCP client cannot read (`protocolVersion`: "
        'Field required, and 1 more): {"capabilities": {}, "serverInfo": {"name": "half"}}')
    assert "validation error" not in error.message


def test_huge_list_in_one_page() -> None:
    listing = fetch_listing(parse_target(misbehaving("huge", "5000"), None), FAST)
    assert len(listing.tools) == 5000
    assert listing.tools[4999]["name"] == "tool_4999"


def test_snapshot_writes_through_a_link_with_the_umask_mode(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("real.json").write_text('{"tools": []}\n', encoding="utf-8")
    Path("real.json").chmod(0o640)
    Path("link.json").symlink_to("real.json")
    old = os.umask(0o022)
    try:
        assert main(["snapshot", "--server", misbehaving("bad-schemas"), "-o", "link.json"]) == 0
        assert main(["snapshot", "--server", misbehaving("bad-schemas"), "-o", "new.json"]) == 0
    finally:
        os.umask(old)
    assert [line for line in capsys.readouterr().err.splitlines()
            if line.startswith("Wrote")] == [
        f"Wrote 2 tools from server:{misbehaving('bad-schemas')} to link.json.",
        f"Wrote 2 tools from server:{misbehaving('bad-schemas')} to new.json."]
    assert os.readlink("link.json") == "real.json"
    assert Path("real.json").read_text(encoding="utf-8") == Path("new.json").read_text(
        encoding="utf-8") == render_snapshot([tool("fine"), bad_tool()])
    assert (Path("real.json").stat().st_mode & 0o777, Path("new.json").stat().st_mode & 0o777) == (
        0o640, 0o644)


def test_pages_are_followed() -> None:
    listing = fetch_listing(parse_target(misbehaving("pages", "7"), None), FAST)
    assert [t["name"] for t in listing.tools] == [f"page_{i}" for i in range(7)]
    assert listing.pages == 7


def test_server_that_pages_for_ever() -> None:
    error = failure("forever")
    assert "still paging after 40 pages" in error.message


def test_server_that_pages_in_a_circle() -> None:
    error = failure("circle")
    assert "pages in a circle" in error.message


def test_tools_list_without_tools_and_with_an_error() -> None:
    assert "without a `tools` array" in failure("no-tools").message
    assert "error -32603: database is locked" in failure("error").message


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_a_number_that_is_not_json_is_refused_where_it_is(value: str) -> None:
    assert failure("nan", value).message == (
        f"the server `{misbehaving('nan', value)}` answered tools/list (page 2) with a number "
        f'that is not JSON: `{value}` in tool "odd" (`tools[1]`) at '
        "`inputSchema.properties.n.anyOf[0].maximum`. NaN, Infinity and -Infinity are no JSON "
        "numbers: a client's JSON.parse refuses the whole message, so it gets none of the "
        "server's tools")


def test_the_snapshot_text_is_never_other_than_json() -> None:
    with pytest.raises(ValueError):
        render_snapshot([{"name": "t", "inputSchema": {"maximum": float("inf")}}])


def test_snapshot_writes_no_document_that_is_not_json(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("tools.json").write_text('{"tools": []}\n', encoding="utf-8")
    assert main(["snapshot", "--server", misbehaving("nan", "NaN"), "-o", "tools.json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("portlint: the server `")
    assert '`NaN` in tool "odd" (`tools[1]`)' in captured.err
    assert Path("tools.json").read_text(encoding="utf-8") == '{"tools": []}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tools.json"]
    assert main(["snapshot", "--server", misbehaving("nan", "-Infinity")]) == 2
    assert capsys.readouterr().out == ""


def test_a_command_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--server", "portlint-no-such-server --x"]) == 2
    assert "'portlint-no-such-server' was not found" in capsys.readouterr().err


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie child of an exited parent is reaped by init; treat it as gone
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split()[2] != "Z"
    except OSError:
        return False


def test_the_whole_process_group_is_ended(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    error = failure("grandchild", str(pidfile), bounds=FAST._replace(startup_timeout=2))
    assert "did not answer initialize" in error.message
    child = int(pidfile.read_text().split()[0])
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)


def test_sigterm_ends_the_server_too(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    portlint = subprocess.Popen([sys.executable, "-m", "portlint", "check", "--server",
                                 misbehaving("grandchild", str(pidfile)),
                                 "--startup-timeout", "60"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not pidfile.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    portlint.send_signal(signal.SIGTERM)
    _, err = portlint.communicate(timeout=60)
    assert portlint.returncode == 2
    assert "interrupted by SIGTERM" in err
    child = int(pidfile.read_text().split()[0])
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)


def test_file_linting_never_imports_the_sdk(tmp_path: Path) -> None:
    (tmp_path / "t.json").write_text('{"name": "t", "inputSchema": {"type": "object"}}')
    probe = ("import sys; from portlint.cli.main import main; main(['check', sys.argv[1]]); "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'anyio', "
             "'httpx2')))")
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "t.json")],
                         capture_output=True, text=True, check=False).stdout
    assert out.strip().splitlines()[-1] == "[]"


# --- the live layer: the MCP TypeScript SDK from the cached npm project ----------------------

def _ts_project() -> Path:
    from scripts.record_live_oracles import ts_sdk_project

    return ts_sdk_project()


@pytest.mark.live_oracle
def test_ts_sdk_server_lists_what_the_recording_holds() -> None:
    from scripts.record_live_oracles import SERVERS as RECORDER_SERVERS
    from scripts.record_live_oracles import snapshot

    project = _ts_project()
    text = snapshot(f"node {RECORDER_SERVERS / 'ts_sdk_server.mjs'}",
                    {"PORTLINT_TS_SDK": str(project)})
    assert text == (DATA / "ts-sdk-server.snapshot.json").read_text(encoding="utf-8")


@pytest.mark.live_oracle
def test_ts_sdk_client_error_is_what_the_recording_holds() -> None:
    from scripts.record_live_oracles import TS_SDK_VERSION, ts_sdk_error

    recorded = (DATA / f"ts-sdk-{TS_SDK_VERSION}-zod-error.txt").read_text(encoding="utf-8")
    assert ts_sdk_error(_ts_project()) + "\n" == recorded


@pytest.mark.live_oracle
def test_python_sdk_error_is_what_the_recording_holds() -> None:
    from scripts.record_live_oracles import python_sdk_error

    recorded = (DATA / "python-sdk-pydantic-error.txt").read_text(encoding="utf-8")
    assert python_sdk_error() + "\n" == recorded


def test_ts_sdk_server_recording_lints_offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The TypeScript-SDK server's recorded tool list: zod's draft-07 `$schema` on the output
    schema is what Claude Desktop refuses at call time (declared-dialect)."""
    monkeypatch.chdir(DATA)
    assert main(["check", "ts-sdk-server.snapshot.json", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    found = {(f["tool"], f["rule"], f["severity"], f["path"], f["location"]["line"])
             for f in report["findings"] if f["rule"] == "declared-dialect"}
    assert ("find_notes", "declared-dialect", "warning", "outputSchema", 62) in found
