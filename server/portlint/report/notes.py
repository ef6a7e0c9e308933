"""What a check could not look at, and what it passed over on purpose.

A directory run reports more than findings: the files it could not read (a permission, a pipe
named like a tool file, a file that is not text) — each said on stderr as it is met, counted in
the exit status, and named in every report format, so that a clean-looking report never hides
an input that was not checked — and the files it skipped on purpose, with the reason
(``--verbose``, the JSON summary).
"""

from __future__ import annotations


class Note:
    __slots__ = ("file", "live", "reason")

    def __init__(self, file: str, reason: str, *, live: bool = False) -> None:
        self.file = file  # as shown to the user
        self.reason = reason
        # a live server's list (``file`` names the server): in no file, so the CI formats
        # say it as a note of the run, never as a place in a file of that name
        self.live = live


class RunNotes:
    __slots__ = ("skipped", "unreadable")

    def __init__(self) -> None:
        self.unreadable: list[Note] = []
        self.skipped: list[Note] = []


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def not_checked_line(notes: RunNotes | None) -> str | None:
    """The sentence that ends a report when some input could not be checked (None when all
    could)."""
    if notes is None or not notes.unreadable:
        return None
    names = ", ".join(note.file for note in notes.unreadable[:3])
    if len(notes.unreadable) > 3:
        names += ", ..."
    return (f"{_plural(len(notes.unreadable), 'path')} could not be checked ({names}): see "
            "the messages above.")


def incomplete_summary(tools: int, files: int) -> str:
    """What replaces "All checks passed" when some input could not be checked."""
    return f"No findings in the {_plural(tools, 'tool')} of the {_plural(files, 'file')} checked."


def skipped_line(notes: RunNotes | None, files_checked: int) -> str | None:
    """When nothing was checked, how many files the search passed over (None otherwise): where
    the tools may be."""
    if notes is None or files_checked or not notes.skipped:
        return None
    return (f"{_plural(len(notes.skipped), 'path')} skipped: `--verbose` lists "
            f"{'them' if len(notes.skipped) != 1 else 'it'} and why.")
