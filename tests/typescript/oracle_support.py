"""The TypeScript oracle, offline: each recorded case's files laid out beside its environment's
``package.json`` and lockfile (so the reader picks the SDK and Zod from them, as it would in the
user's project), read by portlint, and compared with what the real server listed."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from portlint.script_suffixes import SOURCE_SUFFIXES
from portlint.typescript.reader import analyze
from portlint.typescript.tools import ToolDecl

ORACLE = Path(__file__).resolve().parent / "oracle"


@dataclass
class Outcome:
    env: str
    case: str
    tool: str
    # "equal" | "unknown" | "different" | "missing" | "extra" | "fails" (the server's list
    # fails, as recorded, and portlint says which tool makes it fail)
    verdict: str
    derived: Any = None
    recorded: Any = None
    reason: str = ""


def envs() -> list[str]:
    return sorted(p.name for p in (ORACLE / "envs").iterdir())


def recorded(env: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((ORACLE / "recorded" / f"{env}.json").read_text(
        encoding="utf-8"))
    return found


def lay_out(env: str, case: str, target: Path, envs_dir: Path = ORACLE / "envs") -> Path:
    """The case as a project: its files, the environment's manifest and lockfile. Returns the
    server module portlint reads."""
    for name in ("package.json", "package-lock.json"):
        shutil.copy(envs_dir / env / name, target / name)
    source = ORACLE / "cases" / case
    for item in source.iterdir():
        if item.name == "case.json":
            continue
        if item.is_dir():
            shutil.copytree(item, target / item.name)
        else:
            shutil.copy(item, target / item.name)
    spec = json.loads((source / "case.json").read_text())
    for link, member in spec.get("links", {}).items():  # a workspace's installed members
        (target / link).parent.mkdir(parents=True, exist_ok=True)
        (target / link).symlink_to(target / member, target_is_directory=True)
    return target / str(spec.get("main", "server.ts"))


def compare(env: str, case: str, result: dict[str, Any], work: Path,
            envs_dir: Path = ORACLE / "envs") -> list[Outcome]:
    return judge(env, case, result, lay_out(env, case, work, envs_dir), work)


def judge(env: str, case: str, result: dict[str, Any], main: Path, work: Path
          ) -> list[Outcome]:
    """What portlint derives from the project laid out in ``work`` (its server module
    ``main``) against what the real server listed (``result``), tool by tool."""
    # each file reports the tools it registers (a function given the server registers them in
    # its own file): the server's list is the main module's and its project files' together
    tools = list(analyze(main.read_text(encoding="utf-8"), main).tools)
    for other in sorted(work.rglob("*")):
        if other != main and other.suffix in SOURCE_SUFFIXES and other.is_file() and \
                "node_modules" not in other.relative_to(work).parts:
            tools.extend(analyze(other.read_text(encoding="utf-8"), other).tools)
    outcomes: list[Outcome] = []
    failing = [t for t in tools if t.fails_list and result.get("error") and
               str(result["error"]) in t.unknown[0][0]]
    if "tools" not in result and failing:  # the SDK throws listing one: portlint says which
        return [Outcome(env, case, tool.name, "fails", derived=tool.entry, recorded=result,
                        reason=failing[0].unknown[0][0]) for tool in tools]
    if "tools" not in result:
        for tool in tools:
            outcomes.append(Outcome(env, case, tool.name,
                                    "unknown" if tool.unknown else "extra",
                                    derived=tool.entry, recorded=result,
                                    reason=tool.unknown[0][0] if tool.unknown else ""))
        if not tools:
            outcomes.append(Outcome(env, case, "*", "missing", recorded=result))
        return outcomes
    # a declaration whose name portlint could not read (a tool list it could not derive, named
    # `?`) stands for the listed tools no other declaration names
    unnamed = [t for t in tools if t.name == "?" and t.unknown]
    # a name registered in branches of which one runs is derived once per branch: the listed
    # tool is the one of them it equals (else the last, judged as such)
    derived: dict[str, list[ToolDecl]] = {}
    for tool in tools:
        if tool not in unnamed:
            derived.setdefault(tool.name, []).append(tool)
    for listed in result["tools"]:
        branches = derived.pop(listed["name"], [])
        found = next((t for t in branches if not t.unknown and _same(t.entry, listed)),
                     branches[-1] if branches else None)
        if found is None and unnamed:
            outcomes.append(Outcome(env, case, listed["name"], "unknown", recorded=listed,
                                    reason=unnamed[0].unknown[0][0]))
        elif found is None:
            outcomes.append(Outcome(env, case, listed["name"], "missing", recorded=listed))
        elif found.unknown:
            outcomes.append(Outcome(env, case, listed["name"], "unknown", recorded=listed,
                                    reason=found.unknown[0][0]))
        elif found.parts_unread and _same(found.entry, {
                k: v for k, v in listed.items() if k not in {p for p, _, _ in found.parts_unread}}):
            # a field not known before run time left out, the rest as listed
            part, reason, _span = found.parts_unread[0]
            outcomes.append(Outcome(env, case, listed["name"], "unknown", recorded=listed,
                                    reason=f"`{part}` left out: {reason}"))
        elif _same(found.entry, listed):
            outcomes.append(Outcome(env, case, listed["name"], "equal"))
        else:
            outcomes.append(Outcome(env, case, listed["name"], "different", derived=found.entry,
                                    recorded=listed))
    for name, branches in derived.items():
        tool = branches[-1]
        outcomes.append(Outcome(env, case, name, "unknown" if tool.unknown else "extra",
                                derived=tool.entry,
                                reason=tool.unknown[0][0] if tool.unknown else ""))
    return outcomes


def _same(derived: Any, listed: Any) -> bool:
    """Equal key for key, in order."""
    return json.dumps(derived, ensure_ascii=False) == json.dumps(listed, ensure_ascii=False)
