"""``--url`` against what is not an MCP server, or not there at all: one sentence on stderr and
exit 2 — never a traceback. The HTTP servers are the standard library's, started by the test on
the loopback address; the MCP SDK's Streamable HTTP client is the one portlint uses."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from portlint.cli.main import main
from portlint.live.client import LiveError, fetch_listing
from portlint.live.connection_failure import describe
from portlint.live.target import Bounds, parse_target

BOUNDS = Bounds(startup_timeout=20, request_timeout=5)
REPLIES = {  # path → (status, content type, body)
    "/missing": (404, "text/plain", b"nope"),
    "/page": (200, "text/html", b"<html>hello</html>"),
    "/json": (200, "application/json", b'{"hello": 1}'),
    "/broken": (500, "text/plain", b""),
}


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        status, content_type, body = REPLIES[self.path]
        self.send_response(status)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    server = HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _free_port() -> int:
    with socket.socket() as probe:  # bound, then closed: nothing listens there
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _failure(url: str) -> str:
    with pytest.raises(LiveError) as caught:
        fetch_listing(parse_target(None, url), BOUNDS)
    return caught.value.message


def test_nothing_listening_is_said_without_a_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{_free_port()}/mcp"
    assert main(["check", "--url", url]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"portlint: cannot reach the server at {url}: All connection "
                            "attempts failed (is it running, at this address?)\n")


def test_https_to_a_plain_http_server_names_the_tls_handshake(port: int) -> None:
    url = f"https://127.0.0.1:{port}/missing"
    message = _failure(url)
    assert message.startswith(f"cannot reach the server at {url}: the TLS handshake failed (")
    assert message.endswith("); is it served over https?")


def test_a_json_reply_that_is_not_json_rpc_is_one_line(port: int) -> None:
    url = f"http://127.0.0.1:{port}/json"
    assert _failure(url) == (f"the server at {url} answered initialize with an error -32700: "
                             "Failed to parse JSON response: the reply is not a JSON-RPC "
                             "message")


@pytest.mark.parametrize(("path", "said"), [
    ("/missing", "-32601: Not Found"),
    ("/page", "-32600: Unexpected content type: text/html"),
    ("/broken", "-32603: Server returned an error response"),
])
def test_http_errors_are_what_the_sdk_client_makes_of_them(port: int, path: str,
                                                           said: str) -> None:
    url = f"http://127.0.0.1:{port}{path}"
    assert _failure(url) == f"the server at {url} answered initialize with an error {said}"


def test_the_cause_inside_nested_groups_is_the_first_that_is_not_a_cancellation() -> None:
    class Cancelled(Exception):
        pass

    class ConnectTimeout(Exception):
        pass

    nested = ExceptionGroup("outer", [Cancelled("scope"), ExceptionGroup(
        "inner", [ConnectTimeout("timed out after 5 s")])])
    assert describe("the server at http://x/mcp", nested) == (
        "cannot reach the server at http://x/mcp: the connection timed out (timed out after "
        "5 s)")
    assert describe("the server `run me`", ValueError("bad\n  frame")) == (
        "the connection to the server `run me` failed: ValueError: bad frame")
