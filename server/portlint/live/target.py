"""What the user named: a command to start (stdio) or a URL to reach (Streamable HTTP), and the
bounds a session with it keeps to."""

from __future__ import annotations

import shlex
from typing import NamedTuple

from portlint.live.bounds import Bounds

__all__ = ["Bounds", "ServerTarget", "TargetError", "parse_target"]


class TargetError(ValueError):
    """The command or URL cannot be used as given."""


class ServerTarget(NamedTuple):
    command: tuple[str, ...] = ()
    url: str | None = None

    @property
    def label(self) -> str:
        """How reports name the server: the command as typed, or the URL."""
        if self.url is not None:
            return self.url
        return shlex.join(self.command)

    @property
    def kind(self) -> str:
        return "url" if self.url is not None else "server"


def parse_target(command: str | None, url: str | None) -> ServerTarget:
    """``--server 'CMD ARG…'`` (split as a POSIX shell would, never run by one) or ``--url``."""
    if (command is None) == (url is None):
        raise TargetError("name either a command (--server) or a URL (--url)")
    if url is not None:
        if not url.startswith(("http://", "https://")):
            raise TargetError(f"--url: expected an http:// or https:// URL, got {url!r}")
        return ServerTarget(url=url)
    assert command is not None
    try:
        argv = tuple(shlex.split(command))
    except ValueError as error:
        raise TargetError(f"--server: cannot split {command!r} into words: {error}") from None
    if not argv:
        raise TargetError("--server: the command is empty")
    return ServerTarget(command=argv)
