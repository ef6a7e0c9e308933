"""The framework release and the Pydantic release a server is assumed to run, and why.

From the imports (which framework), then the project's pins (which release; see `pins`), then
the newest known release where nothing is pinned. `--framework` overrides both: a generation
(`fastmcp2`, `fastmcp3`, `fastmcp4`, `mcp1`, `mcp2`) or releases (`fastmcp==2.9.2`,
`mcp==1.3.0,pydantic==2.12.5`)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from portlint.python.pins import Pin, Version, newest_allowed, parse_version, project_pins
from portlint.python.releases import FASTMCP_REQUIRES_MCP, RELEASES

# the newest release of each line, for a generation named without a release
_GENERATIONS = {"fastmcp2": ("fastmcp", "2"), "fastmcp3": ("fastmcp", "3"),
                "fastmcp4": ("fastmcp", "4"), "mcp1": ("mcp", "1"), "mcp2": ("mcp", "2")}
GENERATION_NAMES = ("auto", *_GENERATIONS, "fastmcp", "mcp")


class OverrideError(ValueError):
    pass


class Assumed(NamedTuple):
    package: str
    version: str
    why: str


# the MCP SDK under a fastmcp release the analysis does not follow (3.x needs one that imports,
# 4.x uses `mcp-types`)
NOT_FOLLOWED = "not followed"


class Environment(NamedTuple):
    """fastmcp's or the SDK's release, and Pydantic's, as the analysis reproduces them; and the
    MCP SDK release the server runs on (the framework itself for an SDK server; under fastmcp
    2.x, the pinned one, else the newest the fastmcp release asks for)."""

    package: str  # "fastmcp" | "mcp"
    framework: Assumed
    pydantic: Assumed
    sdk: Assumed
    # the SDK release the pins bring when it is not of the line the code's imports need (the
    # analysis derives with the newest of that line: what the server lists once pinned so;
    # the server itself cannot start, see `import_failures`)
    brought: Assumed | None = None

    @property
    def version(self) -> Version:
        return parse_version(self.framework.version) or (0,)

    @property
    def pydantic_version(self) -> Version:
        return parse_version(self.pydantic.version) or (2,)

    @property
    def sdk_version(self) -> Version | None:
        """None where the SDK under fastmcp is not followed."""
        return parse_version(self.sdk.version) if self.sdk.version else None

    @property
    def generation(self) -> str:
        """`fastmcp2`, `fastmcp3`, `fastmcp4`, `mcp1` or `mcp2`."""
        major = self.version[0]
        if self.package == "fastmcp":
            return f"fastmcp{min(max(major, 2), 4)}"
        return "mcp2" if major >= 2 else "mcp1"

    def at_least(self, *version: int) -> bool:
        return self.version >= version

    def pydantic_at_least(self, *version: int) -> bool:
        return self.pydantic_version >= version

    def describe(self) -> dict[str, dict[str, str]]:
        return {assumed.package: {"version": assumed.version, "why": assumed.why}
                for assumed in (self.framework, self.pydantic)}


def _newest(package: str, major: str | None = None) -> str:
    releases = RELEASES[package]
    if major is None:
        return releases[0]
    return next(r for r in releases if r.split(".")[0] == major)


def parse_override(text: str) -> dict[str, Assumed]:
    """`--framework`'s value as the releases it names."""
    out: dict[str, Assumed] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        if part in _GENERATIONS:
            package, major = _GENERATIONS[part]
            out[package] = Assumed(package, _newest(package, major),
                                   f"--framework {part}: the newest {package} {major}.x release")
        elif part in ("fastmcp", "mcp"):
            out[part] = Assumed(part, "", "--framework")
        elif "==" in part:
            package, _, version = part.partition("==")
            package = package.strip().lower()
            if package not in RELEASES or parse_version(version) is None:
                raise OverrideError(f"`{part}`: expected fastmcp==X.Y.Z, mcp==X.Y.Z or "
                                    "pydantic==X.Y.Z")
            out[package] = Assumed(package, version.strip(), f"--framework {part}")
        elif part != "auto":
            raise OverrideError(f"`{part}`: expected one of {', '.join(GENERATION_NAMES)}, or "
                                "releases such as fastmcp==2.14.7,pydantic==2.11.10")
    return out


def resolve(kind: str, path: Path | None, override: dict[str, Assumed] | None = None,
            pins: dict[str, Pin] | None = None) -> Environment:
    """The environment of a server of ``kind`` ("fastmcp", "mcp1", "mcp2") in the file at
    ``path``."""
    override = override or {}
    pins = project_pins(path) if pins is None else pins
    package = "fastmcp" if kind == "fastmcp" else "mcp"
    if "fastmcp" in override and override["fastmcp"].version and "mcp" not in override:
        package = "fastmcp"
    elif "mcp" in override and override["mcp"].version and "fastmcp" not in override:
        package = "mcp"
    framework = override.get(package)
    brought: Assumed | None = None
    if framework is None or not framework.version:
        framework, brought = _pinned(package, kind, pins)
    elif package == "mcp":  # `--framework mcp==2.3.0` for code of the other line: as a pin
        framework, brought = _of_the_line(framework, kind)
    pydantic = override.get("pydantic")
    if pydantic is None:
        pin = pins.get("pydantic")
        pydantic = Assumed("pydantic", pin.version, pin.why) if pin is not None else Assumed(
            "pydantic", _newest("pydantic"), "not pinned: the newest release")
    return Environment(package, framework, pydantic, _sdk(package, framework, override, pins),
                       brought)


def _of_the_line(given: Assumed, kind: str) -> tuple[Assumed, Assumed | None]:
    """The SDK release named (pinned, or given with `--framework`) when it is of the line the
    code's imports need; else the newest of that line, and the one named, which the server
    cannot start on (:mod:`portlint.python.line_mismatch`)."""
    wanted_major = {"mcp1": "1", "mcp2": "2"}.get(kind)
    if wanted_major is None or given.version.split(".")[0] == wanted_major:
        return given, None
    newest = _newest(given.package, wanted_major)
    return Assumed(given.package, newest, f"{given.why} names mcp {given.version}, but the "
                   f"code is written for mcp {wanted_major}.x: the newest {wanted_major}.x "
                   "release"), given


def requirement_of(fastmcp: Version) -> str | None:
    """What fastmcp ``fastmcp`` asks of the MCP SDK (None: a release the table does not cover —
    before 2.0, or 3.0 on)."""
    if fastmcp < (2,) or fastmcp >= (3,):
        return None
    spec: str | None = None
    for first, asked in FASTMCP_REQUIRES_MCP:
        if fastmcp >= first:
            spec = asked
    return spec


def _sdk(package: str, framework: Assumed, override: dict[str, Assumed],
         pins: dict[str, Pin]) -> Assumed:
    if package == "mcp":
        return framework
    spec = requirement_of(parse_version(framework.version) or (0,))
    if spec is None:
        return Assumed("mcp", "", NOT_FOLLOWED)
    given = override.get("mcp")
    if given is not None and given.version:
        return given
    pin = pins.get("mcp")
    if pin is not None:
        return Assumed("mcp", pin.version, pin.why)
    return Assumed("mcp", newest_allowed("mcp", spec) or "", f"not pinned: the newest that "
                   f"fastmcp {framework.version} allows, `mcp{spec}`")


def _pinned(package: str, kind: str, pins: dict[str, Pin]) -> tuple[Assumed, Assumed | None]:
    """The release the analysis derives with, and the one the pins bring when that is of
    another line than the imports need (None: the same)."""
    pin = pins.get(package)
    wanted_major = {"mcp1": "1", "mcp2": "2"}.get(kind)
    if pin is not None:
        return _of_the_line(Assumed(package, pin.version, pin.why), kind)
    newest = _newest(package, wanted_major)
    return Assumed(package, newest, "not pinned: the newest release" + (
        f" of {wanted_major}.x (the line the imports need)" if wanted_major else "")), None

