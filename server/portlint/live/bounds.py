"""The bounds a session with a live server keeps to — declared apart from the rest of the live
mode, so the command line can offer them (and their defaults) without loading it."""

from __future__ import annotations

from portlint.records import NamedTuple


class Bounds(NamedTuple):
    startup_timeout: float = 30.0  # start the process (or reach the URL) and answer initialize
    request_timeout: float = 30.0  # each tools/list page
    max_pages: int = 1000  # a server that pages for ever is stopped here
