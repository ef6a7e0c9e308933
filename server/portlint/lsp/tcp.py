"""``portlint serve --tcp HOST:PORT``: one session over a loopback socket, for its own user only.

Every user of the machine can connect to a loopback port, and a session can read any file the
server's user can (a configuration file, a ``$ref`` next to a document). So the listener only
binds loopback addresses, and each start makes a token — 128 random bits, or
``PORTLINT_TCP_TOKEN`` when it is set — printed on standard error with the address. A client
presents it as ``initializationOptions.token`` in its ``initialize`` request; a connection that
sends anything else first, a wrong token, or nothing within ten seconds is answered an error and
closed, and the server goes on listening. The first session that authenticates is served to its
end, and the process exits with its code, as with stdio.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import secrets
import socket
import sys
import time
from argparse import ArgumentTypeError
from collections.abc import Callable
from typing import Any

from portlint.lsp.framing import FrameReader

AUTHENTICATION_SECONDS = 10.0
TOKEN_VARIABLE = "PORTLINT_TCP_TOKEN"

RunSession = Callable[[FrameReader, Any, Callable[[dict[str, Any]], bool] | None], "Outcome"]


class Outcome:
    """How a session ended: its exit code, and whether it ever authenticated."""

    def __init__(self, code: int, authenticated: bool) -> None:
        self.code = code
        self.authenticated = authenticated


def parse_address(value: str) -> tuple[str, int]:
    """``HOST:PORT``, ``[::1]:PORT``, ``:PORT`` or ``PORT`` (host 127.0.0.1); loopback only.
    Raises ArgumentTypeError (argparse's usage error, exit 2) for anything else."""
    text = value.strip()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or not rest.startswith(":"):
            raise ArgumentTypeError(f"{value!r} is not HOST:PORT ([::1]:PORT for IPv6)")
        port_text = rest[1:]
    elif text.count(":") > 1:
        raise ArgumentTypeError(f"{value!r}: write an IPv6 host in brackets, as [::1]:PORT")
    else:
        host, _, port_text = text.rpartition(":")
    host = host or "127.0.0.1"
    if not (port_text.isascii() and port_text.isdigit()) or not 0 <= int(port_text) <= 65535:
        raise ArgumentTypeError(f"{value!r}: the port must be a number from 0 to 65535 "
                                "(0: any free port)")
    if host == "localhost":
        host = "127.0.0.1"
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        raise ArgumentTypeError(f"{value!r}: the host must be a loopback address "
                                "(127.0.0.1, ::1 or localhost)") from None
    if not loopback:
        raise ArgumentTypeError(f"{value!r}: refusing to listen on {host}, which is not a "
                                "loopback address; the language server serves only this "
                                "machine's user")
    return host, int(port_text)


class SocketWriter:
    def __init__(self, connection: socket.socket) -> None:
        self._connection = connection

    def write(self, data: bytes) -> None:
        self._connection.sendall(data)

    def close(self) -> None:
        self._connection.close()


class _Connection:
    """Reads a connection; until the token is seen, only for ten seconds."""

    def __init__(self, connection: socket.socket, token: str) -> None:
        self.socket = connection
        self.token = token
        self.authenticated = False
        self.deadline = time.monotonic() + AUTHENTICATION_SECONDS
        connection.settimeout(0.5)

    def read(self, size: int) -> bytes:
        while True:
            if not self.authenticated and time.monotonic() > self.deadline:
                return b""  # no token in time: the connection ends
            try:
                return self.socket.recv(size)
            except TimeoutError:
                continue

    def authenticate(self, message: dict[str, Any]) -> bool:
        params = message.get("params")
        options = params.get("initializationOptions") if isinstance(params, dict) else None
        given = options.pop("token", None) if isinstance(options, dict) else None
        self.authenticated = isinstance(given, str) and hmac.compare_digest(
            given.encode(), self.token.encode())
        return self.authenticated


def make_token() -> str:
    chosen = os.environ.get(TOKEN_VARIABLE, "")
    return chosen if len(chosen) >= 16 else secrets.token_urlsafe(16)


def serve_tcp(run_session: RunSession, message_limit: Callable[[], int], host: str, port: int
              ) -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        listener = socket.create_server((host, port), family=family, backlog=1)
    except OSError as error:
        print(f"portlint: cannot listen on {host}:{port}: {error.strerror or error}",
              file=sys.stderr)
        return 2
    token = make_token()
    with listener:
        bound = listener.getsockname()
        shown = (f"[{bound[0]}]:{bound[1]}" if family == socket.AF_INET6
                 else f"{bound[0]}:{bound[1]}")
        print(f"portlint: listening on {shown}; a client must send initializationOptions.token "
              f"= {token!r} in its initialize request", file=sys.stderr, flush=True)
        while True:
            connection, _ = listener.accept()
            with connection:
                state = _Connection(connection, token)
                outcome = run_session(FrameReader(state.read, message_limit),
                                      SocketWriter(connection), state.authenticate)
                if outcome.authenticated:
                    return outcome.code
            print("portlint: refused a connection that did not present the token",
                  file=sys.stderr, flush=True)
