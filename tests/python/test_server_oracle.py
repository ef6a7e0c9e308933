"""`portlint schema` equals, value for value and key for key, the tools/list each oracle project
really sends under the framework release it pins (tests/python/recordings, made by
`record_servers`), for every recorded tool: derived exactly, or reported with the reason it
cannot be — never silently missing.

The default run compares offline with the committed recordings. The live layer re-records the
projects pinned to the newest fastmcp and mcp lines under the newest releases on the package
index and fails when what they send has drifted from the recordings."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.python import record_servers
from tests.python.server_oracle import Case, cases, compare, derived, derived_document, wire

CASES = list(cases())

# Tools portlint reports as not derivable (with these reasons), by design: what they advertise
# depends on code that would have to run.
NOT_DERIVED: dict[str, tuple[str, ...]] = {
    "dynamic-model": ("`create_model(...)` is not a type portlint derives",),
    # the SDK 1.x derives the output schema of a returned content block from `mcp.types`,
    # which portlint does not read (fastmcp and the SDK 2.3 send no output schema for them)
    "m1-content-returns": ("comes from `mcp.types`, whose source portlint does not read",),
    # a library's decorator (fastmcp fails at start-up on `functools.cache`, so the SDK cases
    # alone carry it)
    **dict.fromkeys(("m1-wrapped-tools", "m2-wrapped-tools"), (
        "`version` is decorated with `@functools.cache`: `functools.cache` is not a function "
        "of the project portlint can read",)),
    # a helper returning a literal is read through only when it takes nothing
    "lowlevel-helpers": ("`_with_argument('string')` is computed at run time",),
    # `list[int] = Field(le=5, min_length=1)`: recorded as `minItems`; a `tuple[int, ...]` of the
    # same schema would have `minLength` (portlint.python.constraints)
    "constraint-kinds": ("`min_length` beside a bound checked by a validator: whether it is "
                         "`minItems` (a list) or `minLength` (a tuple) is not derived",),
    # `self.name` set from what each construction passes (`Named("shout")`); the names the
    # classes themselves give (a class attribute, a constant given to the base's constructor)
    # are read
    "unresolved-name": ("the tool's name, `self.name`, is set to `name`, which each "
                        "construction of `Named` passes",),
    "handler-names": ("the tool's name, `self.name`, is set to `tool_name`, which each "
                      "construction of `Generic` passes",),
    "bound-methods": (
        # `self.query` is assigned in `__init__` (to `query_fast`, the recordings show)
        "`self.query` is a method portlint does not follow: `self.query` is assigned in "
        "`Switchable` (line 63)",
        # the server a constructor keeps is chosen at run time (`ChosenHandler`)
        "`self.mcp` is not a server portlint can trace",
    ),
    # a `Field(...)` constant bound twice: which one a parameter gets is known at run time
    "field-constants": ("a default value computed at run time",),
    # another method sets the server the constructor keeps (`Swapped.use`)
    "kept-server": ("`self.mcp` is kept by `Swapped`'s constructor, and `self.mcp` is assigned "
                    "(line 80) as well",
                    # (the report of the registration never run stands for an unnamed tool)
                    "`NeverCalled.register`, which registers it, is called nowhere portlint "
                    "can follow"),
    # a registry keeps the server of the object it is given (`self.mcp = owner.mcp`) and hands
    # it on: which server that is, is known at run time (ha-mcp's shape)
    "server-on-self": ("`mcp` is given `self.mcp` (registry.py, line 11), which portlint "
                       "cannot trace to where the server is made",),
    # the server's tools/list handler replaced (it leaves `hidden` out): what it lists is that
    # function's, which portlint does not run
    "m1-replaced-listing": ("the tools/list of `mcp` is answered by `visible`",),
    # the tools of a server made from an OpenAPI document, mounted
    "composition": ("`main.mount(api)` adds the tools of what it is given, made at run time "
                    "from an OpenAPI document",),
    # a function given another `__name__` before it is registered: listed under that name
    "renamed-functions": ("gives the function another name: the framework lists the tool "
                          "under the name the function holds when it is registered",),
}


# ... and under some releases only: (project suffix, release) → the reason portlint gives
NOT_DERIVED_UNDER = {
    # mcp 1.x (with output schemas) and 2.0 rebuild a returned TypedDict without its fields'
    # `Annotated` metadata; 2.3 hands Pydantic the TypedDict itself
    **{("typeddict-metadata", release): "rebuilds the returned TypedDict `Report` from its "
                                        "type hints without their `Annotated` metadata"
       for release in ("1.12.4", "1.30.0", "2.0.0", "2.0.1")},
    ("optctx", "1.12.4"): "the MCP SDK before 1.14 writes the schema of its own `Context` class",
    ("optctx", "1.3.0"): "the MCP SDK before 1.14 writes the schema of its own `Context` class",
    ("context-forms", "1.12.4"): "the MCP SDK before 1.14 writes the schema of its own "
                                 "`Context` class",
    ("context-forms", "1.7.0"): "the MCP SDK before 1.14 writes the schema of its own "
                                "`Context` class",
    # 1.6.0 lists a subclass-annotated parameter too (1.7.0 injects it), with that class's schema
    ("context-forms", "1.6.0"): "and portlint does not read the SDK's source",
}


def _expected_unknown(case: Case) -> tuple[str, ...]:
    return next((whys for suffix, whys in NOT_DERIVED.items()
                 if case.project.endswith(suffix)), ()) or next(
        ((why,) for (suffix, version), why in NOT_DERIVED_UNDER.items()
         if case.project.endswith(suffix) and case.run["version"] == version
         and "error" not in case.run), ())


def test_the_corpus_covers_every_release_line_a_project_can_pin() -> None:
    pinned = {(c.run["framework"], c.run["version"]) for c in CASES if c.pinned}
    assert {("fastmcp", "2.10.6"), ("fastmcp", "2.14.7"), ("fastmcp", "3.4.11"),
            ("fastmcp", "4.2.3"), ("mcp", "1.3.0"), ("mcp", "1.30.0"), ("mcp", "2.3.0")} <= pinned
    projects = list(record_servers.projects())
    assert len(projects) >= 80
    recorded = {path.stem for path in record_servers.RECORDINGS.glob("*.json")}
    assert {p.name for p in projects} == recorded, "re-record: python -m tests.python.record_servers"


# Servers that do not answer tools/list under a release, and what portlint says instead.
# (projects named ...-<kind>, release) → what portlint says instead
BROKEN = {
    **{("structured-refused", release): "refuses `structured_output=True` for its return type "
                                        "`Any`" for release in ("1.12.4", "1.30.0", "2.3.0")},
    ("recursive", "2.14.7"): "never answers tools/list",
    ("recursive-imported", "2.14.7"): "never answers tools/list",
    ("nested", "2.14.7"): "never answers tools/list",
    ("optctx", "2.10.6"): "does not resolve the quoted annotation",
    ("context-forms", "2.10.6"): "does not resolve the quoted annotation",
    ("add-fn", "2.14.7"): "`add_tool` takes a `Tool`, not a function",
    ("add-fn", "2.10.6"): "`add_tool` takes a `Tool`, not a function",
    **{("var-parameters", release): "fastmcp refuses the function for its `*rest` parameter"
       for release in ("2.14.7", "4.2.3")},
    # a decorator without `functools.wraps` hands fastmcp its `wrapper(*args, **kwargs)`
    **{("bare-wrapper", release): "fastmcp refuses the function for its `*args` parameter"
       for release in ("2.14.7", "3.4.11", "4.2.3")},
    # a parameter without a default after one whose default is inside `Annotated`: fastmcp's
    # arguments validator refuses the function (the SDK lists it)
    **{("annotated-order", release): "fastmcp refuses the function: `limit` is required"
       for release in ("2.10.6", "2.14.7", "3.4.11", "4.2.3")},
    **{("lowlevel-wire", release): "is refused by the SDK's wire model"
       for release in ("2.0.0", "2.2.0", "2.3.0")},
    # fastmcp 2.x's visibility keywords, refused by 3.x and 4.x where they are written
    **{("removed-enabled", release): "`tool()` takes no `enabled` keyword: the server fails at "
                                     "start-up (TypeError: FastMCP.tool() got an unexpected "
                                     "keyword argument 'enabled')"
       for release in ("3.0.0", "3.4.11", "4.2.3")},
    **{("removed-tags", release): "`FastMCP()` takes no `exclude_tags` keyword (TypeError: "
                                  "FastMCP() no longer accepts `exclude_tags`. Use "
                                  "`server.disable(tags=...)` after creating the server.)"
       for release in ("3.0.0", "3.4.11", "4.2.3")},
    # a method the release's server does not have, called where the module is imported
    **{("remove-tool", release): "its server has no `remove_tool` (AttributeError: 'FastMCP' "
                                 "object has no attribute 'remove_tool')"
       for release in ("1.3.0", "4.2.3")},
    # a module or name of fastmcp the release does not have, imported before anything runs
    # (fastmcp 3.4 answers `fastmcp.tools.tool` without a file of that name; 4.x does not)
    ("gone-module", "4.2.3"): "it has no `fastmcp.tools.tool`, which `helpers.py` (its line 3, "
                              "run by this import) imports (ModuleNotFoundError",
    ("gone-name", "2.14.7"): "it has no `BearerAuthProvider` in `fastmcp.server.auth`, which the "
                             "code imports (ImportError",
    # a mount given the prefix first (the order before 2.9): taken up to 2.13, fatal after
    **{("mount-prefix-first", release): f"is given the prefix first, the order fastmcp took "
                                        f"until 2.13.3; this release takes the server first "
                                        f"(AttributeError: 'str' object has no attribute "
                                        f"'{attribute}')"
       for release, attribute in (("2.14.0", "_lifespan"), ("2.14.7", "_lifespan"),
                                  ("3.4.11", "_lifespan_manager"),
                                  ("4.2.3", "required_extensions"))},
    # a root model returned: the SDK advertises its array schema as the output root
    ("root-models", "2.3.0"): "the `outputSchema` of tool `tag` is refused by the SDK's wire "
                              "model",
}


def test_a_server_that_cannot_list_its_tools_is_reported() -> None:
    failed: list[str] = []
    for path in sorted(record_servers.RECORDINGS.glob("*.json")):
        recording = json.loads(path.read_text(encoding="utf-8"))
        for i, run in enumerate(recording["runs"]):
            if "error" not in run:
                continue
            kind = recording["project"].split("-", 1)[1]
            why = BROKEN.get((kind, run["version"]))
            if why is None:
                failed.append(f"{path.stem}: {run['error']} under {run['version']}")
                continue
            case = Case(recording["project"], run, i == 0)
            reasons = [t.get("unknown", "") for t in derived(case).values()] + [
                entry["reason"] for entry in derived_document(case).get("cannot_start", [])]
            if not any(why in reason for reason in reasons):
                failed.append(f"{path.stem}: the server fails under {run['version']} "
                              f"({run['error']}), portlint does not say so")
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_portlint_schema_equals_the_recorded_tools_list(case: Case) -> None:
    problems = compare(case)
    expected = _expected_unknown(case)
    unexplained = [(name, why) for name, why in problems
                   if not (why.startswith("reported") and any(e in why for e in expected))]
    assert not unexplained, "\n".join(f"{name}: {why}" for name, why in unexplained)


@pytest.mark.parametrize("case", [c for c in CASES if _expected_unknown(c)],
                         ids=[c.id for c in CASES if _expected_unknown(c)])
def test_what_cannot_be_derived_is_reported_not_missed(case: Case) -> None:
    found = derived(case)
    recorded = {t["name"] for t in case.run["tools"]}
    unknown = [t for t in found.values() if "unknown" in t]
    assert unknown, "a tool that cannot be derived must be listed with its reason"
    derived_names = {name for name, t in found.items() if "unknown" not in t}
    assert derived_names <= recorded


def _newest(package: str) -> str:
    report = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--quiet",
                             "--ignore-installed", "--no-deps", "--report", "-", package],
                            check=True, capture_output=True, text=True).stdout
    return str(json.loads(report)["install"][0]["metadata"]["version"])


@pytest.mark.live_oracle
@pytest.mark.parametrize("package", ["fastmcp", "mcp"])
def test_the_newest_release_still_sends_what_was_recorded(package: str) -> None:
    newest = _newest(package)
    major = newest.split(".")[0]
    drifted: list[str] = []
    for case in CASES:
        run = case.run
        if not case.pinned or run["framework"] != package or \
                run["version"].split(".")[0] != major:
            continue
        project = record_servers.SERVERS / case.project
        live = record_servers.record(project, record_servers.Run(
            package, newest, None, f"the newest {package} release"))
        if "tools" not in live:
            drifted.append(f"{case.project}: {live.get('error')}")
            continue
        recorded = {t["name"]: wire(t) for t in run["tools"]}
        now = {t["name"]: wire(t) for t in live["tools"]}
        if json.dumps(recorded, sort_keys=False) != json.dumps(now, sort_keys=False):
            drifted.append(f"{case.project}: {package} {newest} sends other tools than "
                           f"{run['version']} did")
    assert not drifted, "\n".join(drifted) + (
        "\nRe-record: .venv/bin/python -m tests.python.record_servers")
