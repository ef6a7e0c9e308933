"""What a client profile is: which rules matter for which client, at which versions, how much,
and on what evidence.

Profiles are data. An :class:`Entry` ties a rule (or one variant of it, optionally only in input
or output schemas) to one client, the releases it concerns and what that client does with the
construct — its :class:`Effect`. The evidence is one of two kinds:

* :class:`Observed` — the conformance cases (``conformance/cases``) whose committed observations
  show it: the client's shipped code was installed at each version and fed the case's tool list.
  The entry's versions are exactly the releases where every cited case shows that effect; a test
  holds the two together.
* :class:`Documented` — for what cannot run here (hosted APIs, closed clients): the public
  sources, each graded and dated, restated in ``docs/clients.md``. Not reproduced locally.

Grades: **primary** (vendor documentation, vendor or SDK source, a maintainer's statement),
**observed** (a user's verbatim error), **secondary** (third-party documentation or code).

The severity follows the effect: losing the tool list, the tool, every call or every request is
an error; a rewrite that narrows the contract (or whose direction is not judged) is a warning; one
that widens it, keeps it, or only renames the tool is information.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from portlint.model import Severity
from portlint.records import NamedTuple

# Protocol eras: the revision a lane's client spoke. Clients that convert tools in process (no
# protocol) are of every era.
LEGACY = "2025-11-25"
MODERN = "2026-07-28"
ANY_ERA = ""
REVISION_ERAS = {"2025-06-18": LEGACY, "2025-11-25": LEGACY, "2026-07-28": MODERN}


class Effect(StrEnum):
    """What a client does with the construct (the observations' outcome vocabulary)."""

    TOOL_LIST = "tool-list"  # listing fails: every tool of the server is lost
    TOOL = "tool"  # this tool is dropped, the others stay
    CALL = "call"  # listed, but every call to it fails in the client
    CONVERSION = "conversion"  # a converter raises on the tool
    REQUEST = "request"  # a hosted API refuses every request that carries the tool
    NARROWS = "narrows"  # rewritten: accepts less than the served schema
    WIDENS_AND_NARROWS = "widens-and-narrows"
    REWRITTEN = "rewritten"  # rewritten in a way whose direction is not judged
    WIDENS = "widens"  # rewritten: accepts more than the served schema
    EQUIVALENT = "equivalent"  # respelled, the same contract
    RENAMED = "renamed"  # the tool's name changed

    @property
    def refusal(self) -> bool:
        return self in _REFUSALS

    @property
    def severity(self) -> Severity:
        if self in _REFUSALS:
            return Severity.ERROR
        if self in (Effect.NARROWS, Effect.WIDENS_AND_NARROWS, Effect.REWRITTEN):
            return Severity.WARNING
        return Severity.INFORMATION

    def verb(self, plural: bool) -> str:
        """A refusal as the predicate of a sentence about one client or several."""
        singular, many = _VERBS[self]
        return many if plural else singular

    @property
    def qualifier(self) -> str:
        """What a rewrite does to the contract, as a parenthesis."""
        return _QUALIFIERS.get(self, "")


_REFUSALS = frozenset((Effect.TOOL_LIST, Effect.TOOL, Effect.CALL, Effect.CONVERSION,
                       Effect.REQUEST))
_VERBS = {
    Effect.TOOL_LIST: ("loses the whole tool list", "lose the whole tool list"),
    Effect.TOOL: ("drops this tool", "drop this tool"),
    Effect.CALL: ("fails every call to this tool", "fail every call to this tool"),
    Effect.CONVERSION: ("cannot convert this tool (the conversion raises)",
                        "cannot convert this tool (the conversion raises)"),
    Effect.REQUEST: ("refuses every request that carries this tool",
                     "refuse every request that carries this tool"),
}
_QUALIFIERS = {
    Effect.NARROWS: "narrows the contract",
    Effect.WIDENS_AND_NARROWS: "widens and narrows the contract",
    Effect.REWRITTEN: "changes the contract",
    Effect.WIDENS: "widens the contract",
    Effect.EQUIVALENT: "same contract",
}


class Grade(StrEnum):
    PRIMARY = "primary"
    OBSERVED = "observed"
    SECONDARY = "secondary"


class Source(NamedTuple):
    """One public source: where it is (repository, path and commit; issue numbers; a URL), its
    grade, and when it was read or dated."""

    where: str
    grade: Grade
    date: str


def primary(where: str, date: str) -> Source:
    return Source(where, Grade.PRIMARY, date)


def user_report(where: str, date: str) -> Source:
    return Source(where, Grade.OBSERVED, date)


def secondary(where: str, date: str) -> Source:
    return Source(where, Grade.SECONDARY, date)


class Observed(NamedTuple):
    """The conformance cases whose observations show the entry's effect."""

    cases: tuple[str, ...]
    # where the harness left a rewrite's direction undecided ("unknown"), how this entry judges
    # it; empty when the entry's effect is the harness's own judgement
    judged: str = ""


class Documented(NamedTuple):
    """Public sources for behaviour that cannot run here (not reproduced locally)."""

    sources: tuple[Source, ...]
    # why the entry's severity is below its effect's (the evidence is old, conflicting, or only
    # some paths are affected); empty when it is not
    hedge: str = ""


class Client(NamedTuple):
    """A client: one program or service that reads tool schemas.

    An observed client has lanes (``conformance/observations/<lane>.json``), one per protocol
    era it was observed in, each with the releases recorded there, oldest first. A documented
    client has none: ``about`` says what it is."""

    id: str  # its target name, e.g. "ts-sdk"
    title: str  # as messages name it, before a version range: "MCP TypeScript SDK"
    package: str = ""  # the registry package observed
    lanes: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # (era, lane id, versions)
    about: str = ""

    @property
    def observed(self) -> bool:
        return bool(self.lanes)

    @property
    def eras(self) -> tuple[str, ...]:
        return tuple(era for era, _, _ in self.lanes)

    def versions(self, era: str | None = None) -> tuple[str, ...]:
        """The releases observed in ``era`` (every era when None), oldest first."""
        return _lane_versions(self.lanes, era)

    def lane_era(self, era: str) -> str | None:
        """The era of the lane that stands for ``era`` (a converter's lanes are of every era);
        None when the client was not observed in it."""
        for lane_era, _, _ in self.lanes:
            if lane_era in (era, ANY_ERA):
                return lane_era
        return None

    @property
    def newest(self) -> str:
        return self.versions()[-1] if self.lanes else ""


@cache
def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


@cache
def _lane_versions(lanes: tuple[tuple[str, str, tuple[str, ...]], ...],
                   era: str | None) -> tuple[str, ...]:
    # every finding's severity asks for these (a few hundred times a run): computed once
    found: set[str] = set()
    for lane_era, _, versions in lanes:
        if era is None or lane_era == era:
            found.update(versions)
    return tuple(sorted(found, key=version_key))


@cache
def _covered(versions: str, lanes: tuple[tuple[str, str, tuple[str, ...]], ...],
             era: str | None) -> tuple[str, ...]:
    # the releases of a lane an entry's "first-last" covers: asked for every entry of every
    # selected client when a run first needs its rules and verdicts, for a few dozen distinct
    # ranges — computed once each
    first, _, last = versions.partition("-")
    low, high = version_key(first), version_key(last or first)
    return tuple(v for v in _lane_versions(lanes, era) if low <= version_key(v) <= high)


def span(versions: tuple[str, ...]) -> str:
    """A run of releases as messages show it: ``1.22.0–1.32.2`` or ``2.1.332``."""
    if not versions:
        return ""
    return versions[0] if len(versions) == 1 else f"{versions[0]}–{versions[-1]}"


class Entry(NamedTuple):
    rule: str
    client: str  # a Client id
    effect: Effect
    evidence: Observed | Documented
    variants: tuple[str, ...] | None = None  # the rule's variants it covers (None: all)
    # "input" / "output" (None: every role); a bare schema counts as an input schema
    roles: tuple[str, ...] | None = None
    versions: str = ""  # the affected releases, "first-last" or one release (observed only)
    eras: tuple[str, ...] | None = None  # the protocol eras observed (None: every era)
    does: str = ""  # a rewrite: what the client does, completing "<client> …"
    severity: Severity | None = None  # a documented entry's hedged severity (see Documented)

    @property
    def level(self) -> Severity:
        return self.severity or self.effect.severity

    @property
    def observed(self) -> bool:
        return isinstance(self.evidence, Observed)

    @property
    def bounds(self) -> tuple[str, str] | None:
        if not self.versions:
            return None
        first, _, last = self.versions.partition("-")
        return first, last or first

    def releases(self, client: Client, era: str | None = None) -> tuple[str, ...]:
        """The observed releases of ``client`` the entry covers (in ``era`` when given)."""
        if not self.versions:
            return ()
        return _covered(self.versions, client.lanes, era)

    def applies(self, variant: str | None, role: str | None, era: str) -> bool:
        if self.variants is not None and variant not in self.variants:
            return False
        if self.roles is not None and role not in self.roles and not (
                role == "bare" and "input" in self.roles):
            return False  # a bare schema is read as the input schema it most often is
        return self.eras is None or era in self.eras or era == ANY_ERA


class Profile(NamedTuple):
    name: str
    title: str
    description: str
    default: bool  # in the default targets
    clients: tuple[str, ...]  # Client ids
    entries: tuple[Entry, ...]
    revisions: tuple[str, ...] = ()  # the protocol revisions ``name@REVISION`` accepts


class Selection(NamedTuple):
    """One client as a target selects it: in one protocol era, at some of its releases (the
    newest, unless the target names versions)."""

    client: Client
    era: str
    versions: tuple[str, ...]  # selected observed releases, oldest first (documented: none)
    target: str  # the name of the target that selected it (what `blocking` names)


class Target(NamedTuple):
    name: str  # a profile name or a client id
    label: str  # as reports show it: "mcp@2025-11-25", "claude", "ts-sdk@1.22.0"
    selections: tuple[Selection, ...]
    profile: Profile | None = None  # None when the target is one client


class Status(StrEnum):
    CURRENT = "current"  # affects a selected release (or a documented client)
    FIXED = "fixed"  # affects only releases older than the newest selected one


class Match(NamedTuple):
    selection: Selection
    entry: Entry
    status: Status

    @property
    def releases(self) -> tuple[str, ...]:
        """The releases of the selected client (in its era) the entry covers."""
        return self.entry.releases(self.selection.client, self.selection.era or None)
