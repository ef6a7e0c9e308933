"""``portlint serve``: the language server.

Handlers are :mod:`portlint.lsp.features`, one module per feature, a few lines each — fetch the
document, ask the engine, convert — and all state lives in
:class:`~portlint.lsp.language_server.PortlintServer`. The session — framing, lifecycle,
cancellation — is :mod:`portlint.lsp.session`'s, over stdio or :mod:`portlint.lsp.tcp`; the
pygls internals portlint relies on are :mod:`portlint.lsp.pygls_bridge`'s.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
from argparse import Namespace
from typing import BinaryIO, cast

from portlint.lsp import features, memory
from portlint.lsp.framing import FrameReader
from portlint.lsp.language_server import PortlintServer
from portlint.lsp.logs import ClientLogHandler
from portlint.lsp.tcp import serve_tcp
from portlint.rules import invalid_schema

log = logging.getLogger("portlint")


def create_server() -> PortlintServer:
    server = PortlintServer()
    features.register(server)
    return server


def serve(args: Namespace) -> int:
    """Run until the client exits; the exit code the specification gives (0 after shutdown
    and exit, 1 for an exit without shutdown). Only protocol messages reach stdout: the
    protocol writes to a duplicate of it, and file descriptor 1 itself is pointed at stderr, so
    not even a library writing to it directly can corrupt the stream."""
    handlers: list[logging.Handler] = []
    if args.log_file:
        file_handler = logging.FileHandler(args.log_file, encoding="utf-8")
        file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: "
                                                    "%(message)s"))
        handlers.append(file_handler)
    server = create_server()
    handlers.append(ClientLogHandler(server))
    for handler in handlers:
        log.addHandler(handler)
    log.setLevel(logging.INFO)
    invalid_schema.prepare()
    _tune_gc()
    memory.tune()
    if args.tcp:
        host, port = args.tcp
        return serve_tcp(server.run_session, server.message_limit, host, port)
    output = _claim_stdout()
    reader = FrameReader(lambda size: os.read(0, size), server.message_limit)
    return server.run_session(reader, StreamWriter(output), None).code


class StreamWriter:
    """The protocol's stdout: each write flushed, as pygls's own writer does."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream

    def write(self, data: bytes) -> None:
        self._stream.write(data)
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()


def _claim_stdout() -> BinaryIO:
    """A private copy of stdout for the protocol; fd 1 and ``sys.stdout`` then go to stderr."""
    sys.stdout.flush()
    try:
        private = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no stderr to point at: keep stdout as it is
        stream = sys.stdout.buffer
        sys.stdout = sys.stderr
        return cast(BinaryIO, stream)
    sys.stdout = sys.stderr  # anything printed by accident must not corrupt the protocol
    return os.fdopen(private, "wb")


def _tune_gc() -> None:
    """Each lint of a large document allocates (and drops) hundreds of thousands of containers,
    almost none in cycles; with the default thresholds full collections land mid-keystroke.
    Start-up objects are frozen out of collection and young collections made rarer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
