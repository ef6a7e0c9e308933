"""``docs/clients.md``: what each client does with each construct, from the committed
observations and the documented sources of the client profiles.

Written by ``python scripts/generate_docs.py``; ``tests/ci/test_clients_doc.py`` fails while the
committed file differs. Every anchor a finding's evidence code names
(``docs/clients.md#<rule>-<variant>``) is a section here. Lanes are read from the harness, so a
lane recorded later appears in the matrix and the sections without a change here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from conformance import evidence
from conformance.harness.cases import Case, all_cases
from conformance.harness.lanes import LANES, Lane
from conformance.reported import reported
from portlint import profiles
from portlint.profiles.base import Client, Documented, Entry, Observed, span
from portlint.profiles.clients import CLIENTS, CLIENTS_BY_ID
from portlint.profiles.compose import anchor
from portlint.profiles.unreported import UNREPORTED, UNREPORTED_REFUSALS
from portlint.rules import SCHEMA_RULES
from portlint.rules.base import Rule

SHORT = {"accepted": "✓", "tool-list": "LIST", "tool": "TOOL", "call": "CALL",
         "conversion": "RAISES", "conversion-list": "RAISES (list)",
         "conversion-tool": "RAISES (tool)", "widens": "~wider", "narrows": "~narrower",
         "widens-and-narrows": "~both", "unknown": "~changed", "equivalent": "≡",
         "renamed": "~name", "annotation": "✓ (annotation)",
         "transport-dependent": "by transport"}
EFFECT_WORDS = {
    "tool-list": "loses the whole tool list (every tool of the server, the sibling too)",
    "tool": "drops this tool (the sibling stays)",
    "call": "lists the tool, but every call to it fails in the client",
    "conversion": "a converter raises on the tool",
    "conversion-list": "a converter raises on the tool and loses the whole list it converts",
    "conversion-tool": "a converter raises on the tool, which is lost",
    "request": "a hosted API refuses every request that carries the tool (documented only)",
    "widens": "rewritten: the schema handed on accepts more",
    "narrows": "rewritten: the schema handed on accepts less",
    "widens-and-narrows": "rewritten: both",
    "unknown": "rewritten, direction not judged by the harness",
    "equivalent": "respelled with the same contract",
    "renamed": "the tool's name changed",
    "annotation": "only annotations changed (the same contract)",
}


def _lane_client(lane_id: str) -> Client | None:
    for client in CLIENTS:
        if any(lane == lane_id for _, lane, _ in client.lanes):
            return client
    return None


def _lanes() -> list[Lane]:
    return [lane for lane in LANES if records_exist(lane)]


def records_exist(lane: Lane) -> bool:
    try:
        evidence.data(lane.id)
    except FileNotFoundError:
        return False
    return True


def _runs(lane: Lane, case: str) -> list[tuple[tuple[str, ...], evidence.Seen]]:
    """Consecutive releases of a lane with the same observation of a case."""
    out: list[tuple[list[str], evidence.Seen]] = []
    for version in evidence.versions(lane.id):
        seen = evidence.observed(lane.id, version, case)
        if seen is None:
            continue
        if out and out[-1][1].record["id"] == seen.record["id"]:
            out[-1][0].append(version)
        else:
            out.append(([version], seen))
    return [(tuple(v), s) for v, s in out]


def _cell(lane: Lane, case: str) -> str:
    """The newest release's observation, and the older releases that differ from it."""
    runs: list[tuple[list[str], str]] = []
    for versions, seen in _runs(lane, case):
        if runs and runs[-1][1] == seen.label:
            runs[-1][0].extend(versions)
        else:
            runs.append((list(versions), seen.label))
    if not runs:
        return "–"
    newest = SHORT.get(runs[-1][1], runs[-1][1])
    if len(runs) == 1:
        return newest
    older = "; ".join(f"{span(tuple(v))}: {SHORT.get(label, label)}" for v, label in runs[:-1])
    return f"{newest} ({older})"


def _error(record: dict[str, Any]) -> str:
    if record.get("outcome") == "transport-dependent":
        parts = [f"{transport}: {one.get('error') or one.get('outcome')}"
                 for transport, one in sorted(record["by_transport"].items())]
        return "\n".join(parts)
    text = record.get("error") or ""
    if not text and record.get("diff"):
        text = json.dumps(record["diff"], ensure_ascii=False, sort_keys=True)
    return str(text)


def _fence(text: str) -> list[str]:
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return [ticks + "text", text, ticks]


def _esc(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _entry_releases(entry: Entry, client: Client) -> str:
    if not client.observed:
        return "—"
    eras = entry.eras or client.eras
    shown = []
    for era in eras:
        releases = entry.releases(client, era or None)
        if releases:
            label = f" ({era})" if len(client.eras) > 1 or entry.eras else ""
            shown.append(span(releases) + label)
    text = ", ".join(dict.fromkeys(shown))
    newest = client.versions()[-1]
    if not any(newest in entry.releases(client, era or None) for era in eras):
        text += "; not the newest release"
    return text


def _records_of(entry: Entry, client: Client) -> list[str]:
    assert isinstance(entry.evidence, Observed)
    ids: list[str] = []
    for era, lane_id, _ in client.lanes:
        if entry.eras is not None and era not in entry.eras:
            continue
        covered = set(entry.releases(client, era or None))
        for case in entry.evidence.cases:
            for version in evidence.versions(lane_id):
                seen = evidence.observed(lane_id, version, case)
                if seen is not None and version in covered and seen.record["id"] not in ids:
                    ids.append(seen.record["id"])
    return ids


def _does(entry: Entry) -> str:
    if entry.effect.refusal:
        return entry.effect.verb(False)
    qualifier = entry.effect.qualifier
    return entry.does + (f" ({qualifier})" if qualifier else "")


def _entries_table(rule: Rule, variant: str | None) -> list[str]:
    pairs = [(p, e) for p in profiles.PROFILES for e in p.entries
             if e.rule == rule.id and (e.variants is None or variant in e.variants)]
    if not pairs:
        return ["No client profile reports this case: portlint reports it only when the rule "
                "is selected by name.", ""]
    lines = ["| Profile | Client | Schemas | Releases | What it does | Severity | Evidence |",
             "|---|---|---|---|---|---|---|"]
    for profile, entry in pairs:
        client = CLIENTS_BY_ID[entry.client]
        roles = "/".join(entry.roles) if entry.roles else "all"
        if isinstance(entry.evidence, Observed):
            ids = _records_of(entry, client)
            shown = ", ".join(f"`{i}`" for i in ids[:6])
            if len(ids) > 6:
                shown += f" and {len(ids) - 6} more"
            proof = f"observed: {shown}"
        else:
            assert isinstance(entry.evidence, Documented)
            proof = "documented, not reproduced locally: " + "; ".join(
                f"[{s.grade.value}] {s.where} ({s.date})" for s in entry.evidence.sources)
            if entry.evidence.hedge:
                proof += f". Held at {entry.level.value}: {entry.evidence.hedge}"
        default = "" if profile.default else " (opt-in)"
        lines.append(f"| `{profile.name}`{default} | [{client.title}](#client-{client.id}) | "
                     f"{roles} | {_entry_releases(entry, client)} | {_esc(_does(entry))} | "
                     f"{entry.level.value} | {_esc(proof)} |")
    return [*lines, ""]


def _cases_for(rule: Rule, variant: str | None, cases: dict[str, Case]) -> list[Case]:
    """The cases on whose tool under test the rule reports this variant."""
    found = [case for case in cases.values() if (rule.id, variant) in reported(case.id)]
    return sorted(found, key=lambda c: (c.group, c.id))


def _matrix(cases: Iterable[Case], lanes: list[Lane]) -> list[str]:
    lines = ["| Case | " + " | ".join(f"`{lane.id}`" for lane in lanes) + " |",
             "|---|" + "---|" * len(lanes)]
    for case in cases:
        cells = " | ".join(_cell(lane, case.id) for lane in lanes)
        lines.append(f"| `{case.id}` | {cells} |")
    return [*lines, ""]


def _verbatim(cases: Iterable[Case], lanes: list[Lane]) -> list[str]:
    """Each distinct error (or rewrite) of the cases once, with the records that show it."""
    seen: dict[str, list[str]] = {}
    for case in cases:
        for lane in lanes:
            for _, observed in _runs(lane, case.id):
                if observed.label in ("accepted", "annotation"):
                    continue
                text = _error(observed.record)
                seen.setdefault(text, []).append(observed.record["id"])
    lines: list[str] = []
    for text, ids in seen.items():
        lines.append("- " + ", ".join(f"`{i}`" for i in ids) + ":")
        lines.extend("  " + line for line in _fence(text or "(no message)"))
    return lines + ([""] if lines else [])


def _section(rule: Rule, variant: str | None, cases: dict[str, Case], lanes: list[Lane]
             ) -> list[str]:
    title = f"`{rule.id}`" + (f" · `{variant}`" if variant else "")
    lines = [f'<a id="{anchor(rule.id, variant)}"></a>', "", f"### {title}", "",
             f"{rule.summary} Rule documentation: [docs/rules/{rule.id}.md](rules/{rule.id}.md)."
             + (f" Variant `{variant}`." if variant else ""), ""]
    lines += _entries_table(rule, variant)
    chosen = _cases_for(rule, variant, cases)
    observed = any(isinstance(e.evidence, Observed) and e.rule == rule.id
                   and (e.variants is None or variant in e.variants) for e in profiles.ENTRIES)
    if chosen and not observed:
        # no observed client claims this case: the observations are not its evidence
        shown = ", ".join(f"`{c.id}`" for c in chosen)
        lines += [f"Conformance cases it is reported on (no observed client's entry): {shown}.",
                  ""]
    elif chosen:
        lines += ["Observed, per lane (the newest release first, older releases that differ in "
                  "parentheses):", ""]
        lines += _matrix(chosen, lanes)
        constructs = "; ".join(f"`{c.id}`: {c.construct}" for c in chosen)
        lines += [f"Cases: {constructs}", ""]
        errors = _verbatim(chosen, lanes)
        if errors:
            lines += ["<details><summary>Verbatim errors and rewrites</summary>", "", *errors,
                      "</details>", ""]
    return lines


def _targets() -> list[str]:
    lines = ["| Target | Default | Selects |", "|---|---|---|"]
    for profile in profiles.PROFILES:
        names = ", ".join(f"[`{c}`](#client-{c})" for c in profile.clients)
        version = "[@REVISION]" if profile.revisions else ""
        lines.append(f"| `{profile.name}{version}` | {'yes' if profile.default else 'no'} | "
                     f"{profile.description} Clients: {names}. |")
    return [
        *lines, "",
        "A client can be a target too, optionally at observed releases: `ts-sdk@1.22.0` (one "
        "release), `ts-sdk@1.22` or `python-sdk@2` (every release with that prefix), "
        "`ts-sdk@1.21.0-1.25.3` or `python-sdk@2.0-2.1` (a range, bounds included). A client "
        "named this way replaces its profile's choice of it. `mcp@REVISION` sets the protocol "
        "revision the server speaks (`2025-06-18`, `2025-11-25` — the default — or "
        "`2026-07-28`) for every client of the run observed in both eras; at `2026-07-28` a "
        "profile leaves out the clients that cannot speak it (the TypeScript SDK 1.x).",
        "",
        "Severity follows the effect on the newest release selected — of every release "
        "selected, for a range: losing the tool list, this tool, every call or every request "
        "is an error; a rewrite that narrows the contract, or whose direction is not judged, "
        "is a warning; one that widens it, keeps it or only renames the tool is information. "
        "Effects of older releases only are named in the message (`… 2.0.0–2.0.1 (not "
        "2.1.0+)`) and never raise the severity.", ""]


def _clients(lanes: list[Lane]) -> list[str]:
    lines = ["| Client | Target | Package | Releases observed | How it was observed |",
             "|---|---|---|---|---|"]
    for client in CLIENTS:
        if not client.observed:
            continue
        for number, (era, lane_id, versions) in enumerate(client.lanes):
            lane = next((x for x in lanes if x.id == lane_id), None)
            observes = lane.observes if lane is not None else ""
            recorded = evidence.recorded_on(lane_id) if lane is not None else ""
            era_note = f" (protocol {era})" if len(client.lanes) > 1 and era else ""
            mark = f'<a id="client-{client.id}"></a>' if number == 0 else ""
            lines.append(
                f"| {mark}{client.title}{era_note} | `{client.id}` | "
                f"`{client.package}` | {', '.join(versions)} | {_esc(observes)} Lane "
                f"`{lane_id}`, recorded {recorded}. |")
    orphans = [lane for lane in lanes if _lane_client(lane.id) is None]
    for lane in orphans:
        lines.append(f"| {lane.title} | — | `{lane.package}` | "
                     f"{', '.join(evidence.versions(lane.id))} | {_esc(lane.observes)} Lane "
                     f"`{lane.id}` (no profile cites it yet). |")
    lines += ["", "Documented clients — hosted APIs and closed clients, which cannot run here. "
              "Their entries cite public sources with a grade (primary: vendor source or "
              "docs, a maintainer; observed: a user's verbatim error; secondary: third-party) "
              "and a date; none was reproduced locally.", "",
              "| Client | Target | What it is |", "|---|---|---|"]
    for client in CLIENTS:
        if client.observed:
            continue
        lines.append(f'| <a id="client-{client.id}"></a>{client.title} | `{client.id}` | '
                     f"{client.about} |")
    return [*lines, ""]


def _unreported() -> list[str]:
    lines = ['<a id="observed-and-not-reported"></a>', "", "## Observed and not reported", "",
             "What the observations show and portlint deliberately does not report, with the "
             "reason (`portlint.profiles.unreported`; a test keeps it exact).", "",
             "| Clients | Cases | Why not |", "|---|---|---|"]
    for item in UNREPORTED:
        clients = ", ".join(f"`{c}`" for c in item.clients)
        cases = ", ".join(f"`{c}`" for c in item.cases)
        lines.append(f"| {clients} | {cases} | {_esc(item.reason)} |")
    lines += ["", '<a id="refusals-not-reported"></a>', "", "### Refusals not reported", "",
              "Every observed refusal, of any client at any release, is reported as an error "
              "when that client at that release is the target — except these "
              "(`UNREPORTED_REFUSALS`; tests/conformance/test_refusals_reported.py keeps the "
              "list exact).", "", "| Clients | Cases | Why not |", "|---|---|---|"]
    for item in UNREPORTED_REFUSALS:
        clients = ", ".join(f"`{c}`" for c in item.clients)
        cases = ", ".join(f"`{c}`" for c in item.cases)
        lines.append(f"| {clients} | {cases} | {_esc(item.reason)} |")
    return [*lines, ""]


def _other_cases(cases: dict[str, Case], lanes: list[Lane]) -> list[str]:
    rest = sorted((c for c in cases.values() if not reported(c.id)),
                  key=lambda c: (c.group, c.id))
    lines = ['<a id="other-cases"></a>', "", "## Cases no rule reports", "",
             "Controls, cases a rule leaves alone on purpose, and constructs no rule is "
             "about.", ""]
    lines += _matrix(rest, lanes)
    lines += ["Cases: " + "; ".join(f"`{c.id}`: {c.construct}" for c in rest), ""]
    errors = _verbatim(rest, lanes)
    if errors:
        lines += ["<details><summary>Verbatim errors and rewrites</summary>", "", *errors,
                  "</details>", ""]
    return lines


def render() -> str:
    cases = all_cases()
    lanes = _lanes()
    recorded = sorted({evidence.recorded_on(lane.id) for lane in lanes} - {""})
    lines = [
        "# Clients: what each one does with a tool schema", "",
        "<!-- generated by scripts/generate_docs.py from conformance/observations and "
        "server/portlint/profiles: do not edit -->", "",
        "Every client claim portlint makes is an entry of a client profile, and every entry "
        "rests on evidence shown here. **Observed** entries were reproduced by running the "
        "client's shipped code — installed at each release, fed each conformance case's tool "
        "list by a fake MCP server, a clean sibling tool beside the one under test (see "
        "`conformance/README.md`); the records were made on "
        + ", ".join(recorded) + ". **Documented** entries are about hosted APIs and closed "
        "clients: they cite public sources, graded and dated, and were not reproduced "
        "locally.", "",
        "A finding's message ends with its evidence code, `[docs/clients.md#<rule>-<variant>]`: "
        "the section of that name below lists the entries, the observations per lane and "
        "release, the record ids (`<lane>@<releases>/<case>`) and the verbatim errors.", "",
        "## Effects", "",
        "| In the matrix | Meaning |", "|---|---|"]
    for key, words in EFFECT_WORDS.items():
        lines.append(f"| {SHORT.get(key, key)} | {words} |")
    lines += ["", "## Targets", "", *_targets(), "## Clients", "", *_clients(lanes),
              "## Rules and their cases", ""]
    for rule in SCHEMA_RULES:
        for variant in rule.variants or (None,):
            lines += _section(rule, variant, cases, lanes)
    lines += _unreported()
    lines += _other_cases(cases, lanes)
    return "\n".join(lines).rstrip() + "\n"

