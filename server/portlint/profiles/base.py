"""What a client profile is: which rules matter for a client, how much, and on what evidence.

Profiles are data. Each entry ties a rule (or one variant of it — a boolean in a top-level
property, a type array other than ``[T, "null"]``) to a severity, the clients it concerns, what
they do with the construct, and the rows of CLIENTS.md that show it, with their grade:

* **primary** — vendor documentation, vendor or SDK source, or a maintainer's statement;
* **observed** — the verbatim error text from a user's report;
* **secondary** — third-party documentation or a community converter.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from portlint.model import Severity


class Grade(StrEnum):
    PRIMARY = "primary"
    OBSERVED = "observed"
    SECONDARY = "secondary"


class Effect(StrEnum):
    """What a client does with the construct (CLIENTS.md's severity words)."""

    REFUSED = "refused"  # the whole request, or the server's whole tool list, fails
    TOOL_DROPPED = "tool dropped"  # that one tool is dropped
    CALL_FAILS = "call fails"  # listed, but calling it fails
    REWRITTEN = "rewritten"  # silently changed before the model sees it


class Evidence(NamedTuple):
    row: str  # the CLIENTS.md row, e.g. "S1"
    source: str  # where it was read, e.g. "typescript-sdk tag 1.30.0 src/types.ts"
    grade: Grade
    date: str  # when the evidence was read or dated


class Entry(NamedTuple):
    rule: str
    severity: Severity
    effect: Effect
    clients: str  # who, as a message names them: "Claude Code (MCP TypeScript SDK 1.22–1.30)"
    does: str  # what they do, completing a sentence: "refuses the whole tool list"
    evidence: tuple[Evidence, ...]
    variants: tuple[str, ...] | None = None  # the rule's variants it covers (None: all)
    until: str | None = None  # the last profile version it applies to
    since: str | None = None  # the first profile version it applies to

    def applies(self, variant: str | None, version: str | None) -> bool:
        if self.variants is not None and variant not in self.variants:
            return False
        if version is not None:
            if self.until is not None and version > self.until:
                return False
            if self.since is not None and version < self.since:
                return False
        return True


class Profile(NamedTuple):
    name: str
    title: str
    description: str
    default: bool  # in the default targets
    entries: tuple[Entry, ...]
    versions: tuple[str, ...] = ()  # known versions (sortable strings), oldest first
    default_version: str | None = None
    version_meaning: str = ""  # what the version is, e.g. "MCP protocol revision"


class Target(NamedTuple):
    profile: Profile
    version: str | None

    @property
    def label(self) -> str:
        return f"{self.profile.name}@{self.version}" if self.version else self.profile.name


RESEARCH_DATE = "2026-09"  # when CLIENTS.md's sources were read


def primary(row: str, source: str, date: str = RESEARCH_DATE) -> Evidence:
    return Evidence(row, source, Grade.PRIMARY, date)


def observed(row: str, source: str, date: str = RESEARCH_DATE) -> Evidence:
    return Evidence(row, source, Grade.OBSERVED, date)


def secondary(row: str, source: str, date: str = RESEARCH_DATE) -> Evidence:
    return Evidence(row, source, Grade.SECONDARY, date)
