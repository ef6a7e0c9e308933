"""What a finding says about the selected clients: one sentence per distinct effect, each client
named once, and the evidence code — an anchor of ``docs/clients.md`` — that explains it.

A client with several matching entries (a release range that loses the tool list and an older
release that only fails calls) is named once, in the sentence of its strongest current effect,
with the others in a parenthesis. Entries that concern only releases older than the selected one
are named with the release that no longer does it ("MCP Python SDK 2.0.0–2.0.1 (not 2.1.0+)")
and never raise the severity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from portlint.model import Severity
from portlint.profiles.base import Match, Status, span, version_key

CLIENTS_DOC = "docs/clients.md"
REPOSITORY_URL = "https://github.com/portlint/portlint"
CLIENTS_URL = f"{REPOSITORY_URL}/blob/main/{CLIENTS_DOC}"


def anchor(rule: str, variant: str | None) -> str:
    """The ``docs/clients.md`` anchor of a rule's case: ``boolean-schema-top-level-property``."""
    if variant is None:
        return rule
    return f"{rule}-{re.sub(r'[^a-z0-9]+', '-', variant.lower()).strip('-')}"


def evidence_code(rule: str, variant: str | None) -> str:
    """How a message cites its evidence: the document and anchor, which a reader can open."""
    return f"{CLIENTS_DOC}#{anchor(rule, variant)}"


def evidence_url(rule: str, variant: str | None) -> str:
    return f"{CLIENTS_URL}#{anchor(rule, variant)}"


def verdict(matches: Sequence[Match], rule: str, variant: str | None
            ) -> tuple[Severity, str, tuple[str, ...]] | None:
    """Severity, the clause naming the clients, and the targets it blocks — or None when no
    selected client is currently affected."""
    current = [m for m in matches if m.status is Status.CURRENT]
    if not current:
        return None
    severity = min((m.entry.level for m in current), key=lambda s: s.rank)
    blocking = tuple(dict.fromkeys(m.selection.target for m in current
                                   if m.entry.level is Severity.ERROR))
    return severity, f"{clause(matches)} [{evidence_code(rule, variant)}]", blocking


def _rank(match: Match) -> tuple[int, int, tuple[int, ...]]:
    releases = match.releases
    last = version_key(releases[-1]) if releases else ()
    return (0 if match.status is Status.CURRENT else 1, match.entry.level.rank,
            tuple(-part for part in last))


def _shown(match: Match) -> str:
    """The client as a sentence names it: title, the releases the entry covers, and for an
    older range the release from which it no longer applies."""
    client = match.selection.client
    if not client.observed:
        return f"{client.title} (documented)"
    releases = match.releases
    text = f"{client.title} {span(releases)}"
    if match.status is Status.FIXED:
        later = [v for v in client.versions(match.selection.era or None)
                 if version_key(v) > version_key(releases[-1])]
        if later:
            text += f" (not {later[0]}+)"
    return text


def _predicate(match: Match, plural: bool = False) -> str:
    entry = match.entry
    if entry.effect.refusal:
        return entry.effect.verb(plural)
    qualifier = entry.effect.qualifier
    return f"{entry.does} ({qualifier})" if qualifier else entry.does


def _aside(match: Match) -> str:
    """Another entry of an already named client, as its parenthesis shows it."""
    releases = match.releases
    where = f"{span(releases)} " if releases else ""
    return where + _predicate(match)


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def clause(matches: Sequence[Match]) -> str:
    by_client: dict[str, list[Match]] = {}
    for match in matches:
        by_client.setdefault(match.selection.client.id, []).append(match)
    sentences: dict[tuple[object, ...], list[tuple[str, Match]]] = {}
    order: dict[tuple[object, ...], tuple[int, int]] = {}
    for position, found in enumerate(by_client.values()):
        ranked = sorted(dict.fromkeys(found), key=_rank)
        primary, others = ranked[0], [m for m in ranked[1:] if m.entry != ranked[0].entry]
        shown = _shown(primary)
        if others:
            shown += " (" + "; ".join(_aside(m) for m in others) + ")"
        effect = primary.entry.effect
        key: tuple[object, ...] = (effect,) if effect.refusal else (
            effect, primary.entry.does, primary.selection.client.id)
        sentences.setdefault(key, []).append((shown, primary))
        order.setdefault(key, (primary.entry.level.rank, position))
    out: list[str] = []
    for key in sorted(sentences, key=order.__getitem__):
        named = sentences[key]
        subject = _join([shown for shown, _ in named])
        predicate = _predicate(named[0][1], plural=len(named) > 1)
        text = f"{subject} {predicate}."
        out.append(text[0].upper() + text[1:])
    return " ".join(out)
