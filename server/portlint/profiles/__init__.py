"""Client profiles: the clients a project targets decide which findings matter and how much.

``targets`` (configuration, ``--target``, the editor's setting) names profiles, optionally with a
version where the evidence depends on one (``mcp@2026-07-28``: the MCP protocol revision that
lifted the object-root restriction on output schemas). The default targets are
:data:`DEFAULT_TARGETS`; ``all`` selects every profile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from portlint.model import Severity
from portlint.profiles import claude, gemini, mcp, openai, openai_strict, vscode
from portlint.profiles.base import Entry, Profile, Target

PROFILES: tuple[Profile, ...] = (
    mcp.PROFILE, claude.PROFILE, vscode.PROFILE, openai.PROFILE, openai_strict.PROFILE,
    gemini.PROFILE)
PROFILES_BY_NAME = {p.name: p for p in PROFILES}
DEFAULT_TARGETS: tuple[str, ...] = tuple(p.name for p in PROFILES if p.default)


class TargetError(ValueError):
    pass


def parse_target(text: str) -> Target:
    name, _, version = text.strip().partition("@")
    profile = PROFILES_BY_NAME.get(name)
    if profile is None:
        known = ", ".join([*PROFILES_BY_NAME, "all"])
        raise TargetError(f"unknown target {text!r}; known targets: {known}")
    if version:
        if not profile.versions:
            raise TargetError(f"the target {name!r} takes no version")
        if version not in profile.versions:
            raise TargetError(f"unknown {profile.version_meaning} {version!r} for {name!r}; "
                              f"known: {', '.join(profile.versions)}")
        return Target(profile, version)
    return Target(profile, profile.default_version)


@lru_cache(maxsize=64)
def resolve(names: tuple[str, ...]) -> tuple[Target, ...]:
    """The targets named (the defaults when none are)."""
    chosen = names or DEFAULT_TARGETS
    out: list[Target] = []
    for name in chosen:
        if name.strip() == "all":
            out.extend(Target(p, p.default_version) for p in PROFILES)
        else:
            out.append(parse_target(name))
    seen: dict[str, Target] = {}
    for target in out:
        seen.setdefault(target.profile.name, target)
    return tuple(seen.values())


def validate(names: Iterable[str]) -> None:
    resolve(tuple(names))


def matches(targets: Sequence[Target], rule: str, variant: str | None
            ) -> list[tuple[Target, Entry]]:
    """For each target, the entry that applies to this rule and variant (a variant-specific
    entry wins over a general one)."""
    out: list[tuple[Target, Entry]] = []
    for target in targets:
        best: Entry | None = None
        for entry in target.profile.entries:
            if entry.rule != rule or not entry.applies(variant, target.version):
                continue
            if best is None or (best.variants is None and entry.variants is not None):
                best = entry
        if best is not None:
            out.append((target, best))
    return out


@lru_cache(maxsize=64)
def rules_in(targets: tuple[Target, ...]) -> frozenset[str]:
    """The rules some target has an entry for (at its version)."""
    return frozenset(e.rule for t in targets for e in t.profile.entries
                     if e.applies(e.variants[0] if e.variants else None, t.version))


def strongest(severities: Iterable[Severity]) -> Severity | None:
    ordered = sorted(severities, key=lambda s: s.rank)
    return ordered[0] if ordered else None
