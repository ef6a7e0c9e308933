"""A line on a stdio server's stdout that is not a JSON-RPC message — a banner before the first
reply, a log line between two — is said on stderr and skipped, as the MCP clients skip it (the
TypeScript SDK's client logs it through ``onerror`` and reads on; the Python SDK's stdio client
hands the parse error to the session and reads on): the tools are linted and the exit status is
the findings'. A session that fails all the same names what the server wrote.

The servers are tests/live/servers/stray_stdout.py (and misbehaving.py for the ones that write
nothing else)."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.live.client import LiveError, fetch_listing
from portlint.live.stray import SHOWN, StrayLines, offending_text
from portlint.live.target import Bounds, parse_target

SERVERS = Path(__file__).parent / "servers"
FAST = Bounds(startup_timeout=20, request_timeout=5, max_pages=10)


def stray(mode: str) -> str:
    return shlex.join([sys.executable, str(SERVERS / "stray_stdout.py"), mode])


def check(mode: str, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    code = main(["check", "--server", stray(mode), "--startup-timeout", "20",
                 "--request-timeout", "5", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def found(report_text: str) -> set[tuple[str, str, str, str]]:
    report = json.loads(report_text)
    return {(f["tool"], f["rule"], f["severity"], f["path"]) for f in report["findings"]}


def skipped(mode: str, line: str) -> str:
    """The warning for one skipped line, as the CLI writes it on stderr."""
    return (f"portlint: warning: the server `{stray(mode)}` wrote a line to its stdout that is "
            f"not a JSON-RPC message; skipped, as MCP clients skip it: {line}\n")


def test_a_banner_before_the_first_reply_is_skipped_and_the_tools_linted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = check("banner", capsys, "--format", "json")
    assert found(out) == {("lookup", "type-union", "warning", "inputSchema.properties.show_ids")}
    assert code == 0  # a warning only: the exit status is the findings'
    assert err == skipped("banner", "`Server starting...`")


def test_lines_between_the_replies_are_skipped_and_the_tools_linted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = check("between", capsys, "--format", "json")
    assert found(out) == {("lookup", "type-union", "warning", "inputSchema.properties.show_ids"),
                          ("lookup", "output-root-not-object", "error", "outputSchema")}
    assert code == 1  # an error among the findings
    warnings = [line for line in err.splitlines() if line.startswith("portlint: warning:")]
    assert warnings == [
        skipped("between", "`[debug] initialized, waiting for requests`").rstrip("\n"),
        # JSON, but not a JSON-RPC message: shown as that JSON
        skipped("between", '`{"log": "listing tools"}`').rstrip("\n")]
    assert "validation error" not in "\n".join(warnings)


def test_a_banner_before_a_clean_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = check("clean-banner", capsys)
    assert code == 0
    assert out == "All checks passed: 1 tool in 1 file.\n"
    assert err == skipped("clean-banner", "`Server starting...`")


def test_each_distinct_line_is_said_once_then_counted() -> None:
    """The same progress line before every reply is one warning; after SHOWN distinct lines
    the rest are counted in one closing warning. Long lines are cut, control characters escaped,
    bytes that are not UTF-8 read as U+FFFD (the SDK's strict default would end the read)."""
    said: list[str] = []
    listing = fetch_listing(parse_target(stray("chatty"), None), FAST, said.append)
    assert [tool["name"] for tool in listing.tools] == ["lookup"]
    prefix = (f"the server `{stray('chatty')}` wrote a line to its stdout that is not a "
              "JSON-RPC message; skipped, as MCP clients skip it: ")
    assert said[:SHOWN] == [prefix + line for line in [
        "`progress: working`", f"`{'x' * 160}`... (5000 characters)", "(an empty line)",
        "`\\x1b[31mred\\x1b[0m`", "`caf\ufffd latin-1`",
        "`line 0`", "`line 1`", "`line 2`", "`line 3`", "`line 4`"]]
    # the progress line three times, four odd lines, twelve numbered ones: 19
    assert said[SHOWN:] == [
        f"the server `{stray('chatty')}` wrote 19 lines to its stdout that are not JSON-RPC "
        "messages (the first 10 distinct ones shown above); all were skipped — a stdio MCP "
        "server must write only protocol messages there (logs go to stderr)"]
    assert listing.stray_count == 19
    assert len(listing.stray_lines) == SHOWN


def test_a_server_that_exits_after_its_banner_is_named_with_it() -> None:
    started = time.monotonic()
    with pytest.raises(LiveError) as caught:
        fetch_listing(parse_target(stray("garbage-exit"), None), FAST, lambda text: None)
    assert time.monotonic() - started < 15  # the exit ends the session, not the timeout
    assert caught.value.message == (
        f"the server `{stray('garbage-exit')}` closed the connection before answering "
        "initialize (it exited or crashed); it wrote what is not a JSON-RPC message to its "
        "stdout: `Server starting...` (1 line) — a stdio MCP server must write only protocol "
        "messages there (logs go to stderr)")


def test_a_server_that_writes_only_garbage_exits_2_quoting_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    server = shlex.join([sys.executable, str(SERVERS / "misbehaving.py"), "garbage"])
    started = time.monotonic()
    code = main(["check", "--server", server, "--startup-timeout", "2"])
    assert time.monotonic() - started < 15
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.splitlines()[-1] == (
        f"portlint: the server `{server}` did not answer initialize within 2 s "
        "(--startup-timeout); it wrote what is not a JSON-RPC message to its stdout: "
        "`Server ready! Listening...` (1 line) — a stdio MCP server must write only protocol "
        "messages there (logs go to stderr)")
    assert "validation error" not in err


def _parse_error(line: str) -> Exception:
    """What the MCP Python SDK's stdio client hands the session for a line (its own parse)."""
    import mcp_types

    try:
        mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValueError as error:
        return error
    raise AssertionError(f"{line!r} is a JSON-RPC message")


@pytest.mark.parametrize(("line", "shown"), [
    ("Server starting...", "`Server starting...`"),
    ("Server starting...\r", "`Server starting...`"),
    ("   ", "(a line of 3 blank characters)"),
    ("null", "`null`"),
    ("[1, 2]", "`[1, 2]`"),
    # JSON-RPC-like, refused deeper than the top: still the whole value
    ('{"jsonrpc": "2.0", "id": 1, "result": 5}', '`{"jsonrpc": "2.0", "id": 1, "result": 5}`'),
    ('{"jsonrpc": "1.0", "id": 1, "result": {}}',
     '`{"jsonrpc": "1.0", "id": 1, "result": {}}`'),
    ("\u202eevil", "`\\u202eevil`"),
])
def test_the_offending_line_is_named(line: str, shown: str) -> None:
    assert offending_text(_parse_error(line)) == shown


def test_an_error_that_is_no_parse_error_is_described() -> None:
    assert offending_text(RuntimeError("stream broke\ndetails")) == (
        "(RuntimeError: stream broke)")


def test_over_http_the_event_stream_is_named() -> None:
    strays = StrayLines("the server at http://h/mcp", lambda text: None, http=True)
    strays.add(_parse_error("oops"))
    assert strays.suffix() == (
        "; it wrote what is not a JSON-RPC message to its event stream: `oops` (1 line) — an "
        "MCP server must send only JSON-RPC messages there")


def test_a_failure_names_the_first_line_and_the_count() -> None:
    strays = StrayLines("the server `s`", lambda text: None)
    assert strays.suffix() == ""
    for line in ["one", "two", "one"]:
        strays.add(_parse_error(line))
    assert strays.suffix() == (
        "; it wrote what is not a JSON-RPC message to its stdout: `one` (the first of 3 such "
        "lines) — a stdio MCP server must write only protocol messages there (logs go to "
        "stderr)")
    assert strays.closing() == (
        "the server `s` wrote 3 lines to its stdout that are not JSON-RPC messages (the first 2 "
        "distinct ones shown above); all were skipped — a stdio MCP server must write only "
        "protocol messages there (logs go to stderr)")


def test_a_live_report_does_not_suggest_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for output_format in ("text", "concise"):
        code, out, _ = check("banner", capsys, "--format", output_format)
        assert code == 0
        assert "type-union" in out  # a finding with a safe fix
        assert "--fix" not in out.splitlines()[-1]
        assert "portlint check --fix" not in out
        assert "--diff" not in out
