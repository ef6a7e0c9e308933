"""Server logs go to the client (``window/logMessage``), never to stdout."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

_LEVELS = {
    logging.ERROR: types.MessageType.Error,
    logging.WARNING: types.MessageType.Warning,
    logging.INFO: types.MessageType.Info,
}


class ClientLogHandler(logging.Handler):
    def __init__(self, server: LanguageServer) -> None:
        super().__init__(logging.INFO)
        self.server = server
        self._busy = threading.local()

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(self._busy, "active", False):
            return  # a log line written while sending one: do not loop
        self._busy.active = True
        try:
            level = next((kind for lvl, kind in sorted(_LEVELS.items(), reverse=True)
                          if record.levelno >= lvl), types.MessageType.Log)
            self.server.window_log_message(types.LogMessageParams(type=level,
                                                                  message=self.format(record)))
        except Exception:  # the connection may be gone; logging must never raise
            pass
        finally:
            self._busy.active = False
