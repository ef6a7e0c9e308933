"""Every refusal the clients were observed to make is reported by portlint, offline.

Walks every committed observation (conformance/observations/*.json, every lane, every recorded
release) whose outcome is ``refused`` — or ``transport-dependent`` with a refusing transport —
and lints the case's tool list with that client at that release as the only target (in the
2026-07-28 era for the lanes of that era). portlint must report an error on the tool under
test whose message names that client. The refusals it does not report are listed in
``portlint.profiles.unreported.UNREPORTED_REFUSALS``, each with its reason; a listed refusal
that portlint now reports, or that is no longer observed, fails here too, so the list stays
exact. A new case, lane or release whose refusal nobody reports turns the build red.
"""

from __future__ import annotations

import json
import re
from functools import cache

from conformance.harness.cases import SIBLING, all_cases

from conformance import evidence
from portlint.linter import lint_text
from portlint.model import Severity
from portlint.profiles.base import MODERN, Client
from portlint.profiles.clients import CLIENTS, CLIENTS_BY_ID
from portlint.profiles.unreported import UNREPORTED_REFUSALS
from portlint.settings import Settings

CASES = all_cases()


def _refused(record: dict) -> bool:  # type: ignore[type-arg]
    if record["outcome"] == "refused":
        return True
    return record["outcome"] == "transport-dependent" and any(
        seen.get("outcome") == "refused" for seen in record["by_transport"].values())


def _targets(client: Client, era: str, version: str) -> tuple[str, ...]:
    return (f"{client.id}@{version}",) + (("mcp@2026-07-28",) if era == MODERN else ())


@cache
def _reported(targets: tuple[str, ...], case: str, title: str) -> bool:
    """Whether an error on the tool under test names the client (its title and releases: the
    era's profile, named to set the era, brings its other clients along)."""
    text = json.dumps({"tools": CASES[case].tools})
    named = re.compile(re.escape(title) + r" \d")
    return any(f.tool != SIBLING and f.severity is Severity.ERROR and named.search(f.message)
               for f in lint_text(text, "case.json", Settings(targets=targets)).findings)


@cache
def _unreported() -> dict[tuple[str, str], list[str]]:
    """(client, case) → the refusals of it (``lane@release: scope``) portlint does not
    report as an error."""
    out: dict[tuple[str, str], list[str]] = {}
    for client in CLIENTS:
        for era, lane, _ in client.lanes:
            for (version, case), seen in sorted(evidence.seen(lane).items()):
                if _refused(seen.record) and not _reported(
                        _targets(client, era, version), case, client.title):
                    out.setdefault((client.id, case), []).append(
                        f"{lane}@{version}: {seen.label}")
    return out


def _listed() -> set[tuple[str, str]]:
    return {(client, case) for item in UNREPORTED_REFUSALS for client in item.clients
            for case in item.cases}


def test_every_observed_refusal_is_reported_as_an_error_or_listed() -> None:
    listed = _listed()
    missing = {k: v for k, v in _unreported().items() if k not in listed}
    assert not missing, "refusals portlint does not report:\n" + "\n".join(
        f"{client} {case}: {', '.join(where)}" for (client, case), where in
        sorted(missing.items()))


def test_the_list_of_unreported_refusals_is_exact() -> None:
    unreported = _unreported()
    stale = []
    for item in UNREPORTED_REFUSALS:
        assert item.reason.strip()
        for client in item.clients:
            assert client in CLIENTS_BY_ID and CLIENTS_BY_ID[client].observed, client
            for case in item.cases:
                assert case in CASES, case
                if (client, case) not in unreported:
                    stale.append(f"{client} {case}")
    assert not stale, f"reported now (or no longer refused): drop them from the list: {stale}"


def test_a_refusal_is_found_at_all() -> None:
    """The walk sees refusals: every lane's newest release refuses some case."""
    for client in CLIENTS:
        for _, lane, versions in client.lanes:
            newest = versions[-1]
            assert any(_refused(seen.record) for (version, _), seen in
                       evidence.seen(lane).items() if version == newest), lane
