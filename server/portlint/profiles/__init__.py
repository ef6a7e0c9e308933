"""Client profiles: the clients a project targets decide which findings matter and how much.

``targets`` (configuration, ``--target``, the editor's setting) names profiles or clients:

* a profile — ``mcp``, ``claude``, ``vscode``, ``openai`` (the defaults), ``openai-strict``,
  ``claude-strict``, ``gemini``, ``frameworks``, or ``all`` — selects each of its clients at
  its newest observed release;
* ``mcp@REVISION`` also says which MCP protocol revision the server speaks (``2025-06-18``,
  ``2025-11-25`` — the default — or ``2026-07-28``); it applies to every client of the run that
  was observed in both eras, and a client that cannot speak ``2026-07-28`` (the TypeScript SDK
  1.x) is then left out of the profiles (name it to keep it);
* a client — ``ts-sdk``, ``ts-client``, ``python-sdk``, ``claude-code``, ``codex``,
  ``gemini-cli-core`` and the documented ones — optionally at releases: ``ts-sdk@1.22.0`` (one
  observed release), ``ts-sdk@1.22`` or ``python-sdk@2`` (every observed release with that
  prefix), ``ts-sdk@1.21.0-1.25.3`` or ``python-sdk@2.0-2.1`` (a range, bounds included; a
  bound may be a prefix). A client named this way replaces
  the selection its profile would make.

A finding's severity is the strongest effect on the releases selected (the newest one of a
profile's client); effects of older releases only are named in the message, not counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from portlint.model import Severity
from portlint.profiles import (
    claude,
    claude_strict,
    frameworks,
    gemini,
    mcp,
    openai,
    openai_strict,
    vscode,
)
from portlint.profiles.base import (
    ANY_ERA,
    LEGACY,
    REVISION_ERAS,
    Client,
    Entry,
    Match,
    Profile,
    Selection,
    Status,
    Target,
    version_key,
)
from portlint.profiles.clients import CLIENTS, CLIENTS_BY_ID

PROFILES: tuple[Profile, ...] = (
    mcp.PROFILE, claude.PROFILE, vscode.PROFILE, openai.PROFILE, openai_strict.PROFILE,
    claude_strict.PROFILE, gemini.PROFILE, frameworks.PROFILE)
PROFILES_BY_NAME = {p.name: p for p in PROFILES}
DEFAULT_TARGETS: tuple[str, ...] = tuple(p.name for p in PROFILES if p.default)
DEFAULT_REVISION = "2025-11-25"
ENTRIES: tuple[Entry, ...] = tuple(e for p in PROFILES for e in p.entries)


def _entries_by_client() -> dict[str, tuple[Entry, ...]]:
    """Each client's entries, in profile order (one pass over them, at import)."""
    grouped: dict[str, list[Entry]] = {c.id: [] for c in CLIENTS}
    for entry in ENTRIES:
        if entry.client in grouped:
            grouped[entry.client].append(entry)
    return {client: tuple(entries) for client, entries in grouped.items()}


ENTRIES_BY_CLIENT = _entries_by_client()
_VERSION = re.compile(r"\d+(\.\d+)*")


class TargetError(ValueError):
    pass


def _known_targets() -> str:
    return ", ".join([*PROFILES_BY_NAME, "all", *CLIENTS_BY_ID])


def profile_of(client_id: str) -> Profile | None:
    """The profile a client belongs to."""
    for profile in PROFILES:
        if client_id in profile.clients:
            return profile
    return None


def select_versions(client: Client, era: str, selector: str) -> tuple[str, ...]:
    """The observed releases of ``client`` a version selector names: one release, a prefix
    (``1.22``, ``2``) or a range (``1.21.0-1.25.3``)."""
    observed = client.versions(era or None)
    low_text, dash, high_text = selector.partition("-")
    if not _VERSION.fullmatch(low_text) or (dash and not _VERSION.fullmatch(high_text)):
        raise TargetError(f"{client.id}@{selector}: a version is dotted numbers (1.22.0, 1.22 "
                          f"or 1.21.0-1.25.3); observed: {', '.join(observed)}")
    if dash:
        low, high = version_key(low_text), version_key(high_text)
        if low > high:
            raise TargetError(f"{client.id}@{selector}: the range runs backwards")
        # a bound may be a prefix: 2.0.0-2.1 runs through every 2.1.x
        chosen = tuple(v for v in observed if version_key(v)[:len(low)] >= low
                       and version_key(v)[:len(high)] <= high)
    else:
        prefix = version_key(low_text)
        chosen = tuple(v for v in observed if version_key(v)[:len(prefix)] == prefix)
    if not chosen:
        raise TargetError(f"{client.id}@{selector}: no observed release of {client.title} "
                          f"matches; observed: {', '.join(observed)}")
    return chosen


def _client_selection(client: Client, era: str, explicit: bool, target: str,
                      selector: str = "") -> Selection | None:
    if not client.observed:
        return Selection(client, ANY_ERA, (), target)
    lane_era = client.lane_era(era)
    if lane_era is None:
        if not explicit:
            return None  # cannot speak the run's revision: not part of the profile there
        lane_era = client.eras[0]
    if selector:
        versions = select_versions(client, lane_era, selector)
    else:
        versions = (client.versions(lane_era or None)[-1],)
    return Selection(client, lane_era, versions, target)


def _parse(text: str, era: str) -> list[Target]:
    name, at, selector = text.strip().partition("@")
    if name == "all" and not at:
        return [t for p in PROFILES for t in _parse(p.name, era)]
    profile = PROFILES_BY_NAME.get(name)
    if profile is not None:
        if at and selector not in profile.revisions:
            if not profile.revisions:
                raise TargetError(f"the target {name!r} takes no version")
            raise TargetError(f"unknown MCP protocol revision {selector!r} for {name!r}; known: "
                              f"{', '.join(profile.revisions)}")
        label = f"{name}@{selector or DEFAULT_REVISION}" if profile.revisions else name
        chosen = [_client_selection(CLIENTS_BY_ID[c], era, False, name)
                  for c in profile.clients]
        return [Target(name, label, tuple(s for s in chosen if s is not None), profile)]
    client = CLIENTS_BY_ID.get(name)
    if client is None:
        raise TargetError(f"unknown target {text.strip()!r}; known targets: {_known_targets()}")
    if at and not client.observed:
        raise TargetError(f"the target {name!r} takes no version (its evidence is documented, "
                          "not observed by release)")
    selection = _client_selection(client, era, True, name, selector)
    assert selection is not None
    label = f"{name}@{selector}" if at else name
    return [Target(name, label, (selection,))]


def _revision(names: tuple[str, ...]) -> str:
    for name in names:
        head, at, selector = name.strip().partition("@")
        profile = PROFILES_BY_NAME.get(head)
        if at and profile is not None and selector in profile.revisions:
            return REVISION_ERAS[selector]
    return LEGACY


@lru_cache(maxsize=64)
def resolve(names: tuple[str, ...]) -> tuple[Target, ...]:
    """The targets named (the defaults when none are), each with the clients it selects. A
    client named on its own replaces its profile's selection of it."""
    chosen = names or DEFAULT_TARGETS
    era = _revision(chosen)
    out: list[Target] = []
    for name in chosen:
        out.extend(_parse(name, era))
    seen: dict[str, Target] = {}
    for target in out:
        seen.setdefault(target.name, target)
    targets = list(seen.values())
    named = {t.name for t in targets if t.profile is None}
    return tuple(t if t.profile is None else t._replace(
        selections=tuple(s for s in t.selections if s.client.id not in named))
        for t in targets)


def validate(names: Iterable[str]) -> None:
    resolve(tuple(names))


def status(selection: Selection, entry: Entry) -> Status | None:
    """Whether an entry concerns a selection: CURRENT when it covers a selected release (a
    documented entry always does), FIXED when it covers only older releases, None otherwise."""
    if not selection.client.observed:
        return Status.CURRENT
    covered = entry.releases(selection.client, selection.era or None)
    if not covered:
        return None
    if set(covered) & set(selection.versions):
        return Status.CURRENT
    newest = version_key(selection.versions[-1])
    return Status.FIXED if version_key(covered[-1]) < newest else None


def matches(targets: Iterable[Target], rule: str, variant: str | None,
            role: str | None) -> list[Match]:
    """Every entry about this rule, variant and schema role, for each selected client."""
    out: list[Match] = []
    for target in targets:
        for selection in target.selections:
            for entry in ENTRIES_BY_CLIENT.get(selection.client.id, ()):
                if entry.rule != rule or not entry.applies(variant, role, selection.era):
                    continue
                found = status(selection, entry)
                if found is not None:
                    out.append(Match(selection, entry, found))
    return out


@lru_cache(maxsize=64)
def rules_in(targets: tuple[Target, ...]) -> frozenset[str]:
    """The rules some target's selected clients have a current entry for."""
    return frozenset(e.rule for t in targets for s in t.selections
                     for e in ENTRIES_BY_CLIENT.get(s.client.id, ())
                     if (e.eras is None or s.era in e.eras or s.era == ANY_ERA)
                     and status(s, e) is Status.CURRENT)


def strongest(severities: Iterable[Severity]) -> Severity | None:
    ordered = sorted(severities, key=lambda s: s.rank)
    return ordered[0] if ordered else None
