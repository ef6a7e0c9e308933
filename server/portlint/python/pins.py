"""Which fastmcp, mcp and Pydantic a project runs, read from its pins (or, for an installed
package, from what is installed beside it), never by running anything.

The project is the nearest folder above the file that holds a pin file or `.git`. A lockfile
(`uv.lock`, `poetry.lock`) says the version exactly; a requirement (`requirements*.txt`,
`pyproject.toml` — PEP 621 dependencies, optional dependencies and groups, Poetry's table) says a
range, and the project is assumed to run the newest known release in it, as an installer would
install today. Every answer says where it came from.

A file of an installed package (under `site-packages` or `dist-packages`) has no pin files of
its own: its pins are the requirements its distribution published, the `Requires-Dist` lines of
its `*.dist-info/METADATA` (those of an extra aside: installing the package does not bring
them) — what an installer read when it chose the versions beside it; and where fastmcp, mcp or
Pydantic is installed in the same folder, that release is the one it runs."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from portlint.python.releases import RELEASES

PACKAGES = ("fastmcp", "mcp", "pydantic")
_PIN_FILES = ("uv.lock", "poetry.lock", "pyproject.toml", "requirements.txt")
MAX_PIN_FILE_BYTES = 20_000_000
_SEARCH_DEPTH = 8

Version = tuple[int, ...]


class Pin(NamedTuple):
    package: str
    version: str  # the release assumed
    why: str  # where it came from, for `portlint schema`


_MAX_VERSION_DIGITS = 18


@lru_cache(maxsize=1024)
def parse_version(text: str) -> Version | None:
    match = re.match(r"\s*v?(\d+(?:\.\d+)*)", text)
    if match is None:
        return None
    parts = match.group(1).split(".")
    if any(len(part) > _MAX_VERSION_DIGITS for part in parts):
        return None  # no release is numbered so (and `int` refuses 4,300 digits and more)
    return tuple(int(part) for part in parts)


def _padded(version: Version, length: int) -> Version:
    return version + (0,) * (length - len(version))


def _compare(a: Version, b: Version) -> int:
    length = max(len(a), len(b))
    left, right = _padded(a, length), _padded(b, length)
    return (left > right) - (left < right)


def _satisfies(version: Version, clause: str) -> bool:
    match = re.match(r"\s*(===|~=|==|!=|<=|>=|<|>)\s*([^\s,]+)\s*$", clause)
    if match is None:
        return True  # a clause portlint does not read restricts nothing it can tell
    operator, written = match.groups()
    if written.endswith(".*") and operator in ("==", "!="):
        prefix = parse_version(written[:-2]) or ()
        inside = version[:len(prefix)] == prefix
        return inside if operator == "==" else not inside
    bound = parse_version(written)
    if bound is None:
        return True
    order = _compare(version, bound)
    if operator in ("==", "==="):
        return order == 0
    if operator == "!=":
        return order != 0
    if operator == "<=":
        return order <= 0
    if operator == ">=":
        return order >= 0
    if operator == "<":
        return order < 0
    if operator == ">":
        return order > 0
    # ~=X.Y.Z: >= X.Y.Z and == X.Y.*
    prefix = bound[:-1] if len(bound) > 1 else bound
    return order >= 0 and version[:len(prefix)] == prefix


def newest_allowed(package: str, specifier: str) -> str | None:
    """The newest known release of ``package`` that ``specifier`` allows."""
    clauses = [c for c in specifier.split(",") if c.strip()]
    for release in RELEASES.get(package, ()):
        version = parse_version(release)
        if version is not None and all(_satisfies(version, c) for c in clauses):
            return release
    exact = re.fullmatch(r"\s*===?\s*([\w.]+)\s*", specifier)
    return exact.group(1) if exact else None  # a release newer than the table


def poetry_specifier(spec: str) -> str:
    """Poetry's `^2.10`, `~2.10`, `2.10.*` or `2.10.1` as a PEP 440 specifier."""
    spec = spec.strip()
    if spec in ("", "*"):
        return ""
    if spec.startswith("^"):
        parts = list(parse_version(spec[1:]) or (0,))
        first = next((i for i, p in enumerate(parts) if p != 0), len(parts) - 1)
        upper = [*parts[:first], parts[first] + 1]
        return f">={spec[1:]},<{'.'.join(map(str, upper))}"
    if spec.startswith("~") and not spec.startswith("~="):
        parts = list(parse_version(spec[1:]) or (0,))
        upper = [parts[0], parts[1] + 1] if len(parts) > 1 else [parts[0] + 1]
        return f">={spec[1:]},<{'.'.join(map(str, upper))}"
    if spec[0].isdigit():
        return f"=={spec}"
    return spec


def _requirement(line: str) -> tuple[str, str] | None:
    """(normalised name, specifier) of one PEP 508 requirement."""
    line = line.split("#", 1)[0].split(";", 1)[0].strip()
    match = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*\(?([^)]*)\)?", line)
    if match is None:
        return None
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return name, match.group(3).strip()


def project_root(path: Path) -> Path | None:
    """The nearest folder above ``path`` holding a pin file or `.git`."""
    folder = path if path.is_dir() else path.parent
    for candidate in [folder, *folder.parents][:_SEARCH_DEPTH]:
        if (candidate / ".git").exists() or any(
                (candidate / name).is_file() for name in _PIN_FILES) or any(
                candidate.glob("requirements*.txt")):
            return candidate
    return None


def required_python(path: Path) -> tuple[str, str] | None:
    """The Python the project asks for, and where it says so: `requires-python` of its
    `pyproject.toml` (at :func:`project_root`); for a file of an installed package, the
    `Requires-Python` of its distribution's `METADATA`."""
    packages = installed_folder(path)
    if packages is not None:
        metadata = _distribution_of(packages, path.relative_to(packages).as_posix())
        asked = _header(_read(metadata) or "", "Requires-Python") if metadata else []
        return (asked[0].strip(), f"`Requires-Python` of {metadata.parent.name}/METADATA") if (
            metadata is not None and asked and asked[0].strip()) else None
    root = project_root(path)
    data = _toml(root / "pyproject.toml") if root is not None and (
        root / "pyproject.toml").is_file() else None
    project = data.get("project") if isinstance(data, dict) else None
    required = project.get("requires-python") if isinstance(project, dict) else None
    return (required, "`requires-python`") if isinstance(required, str) else None


def _read(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_PIN_FILE_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _toml(path: Path) -> dict[str, Any] | None:
    text = _read(path)
    if text is None:
        return None
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None


def _locked(path: Path) -> Iterator[tuple[str, str]]:
    data = _toml(path)
    packages = data.get("package", []) if data else []
    for package in packages if isinstance(packages, list) else []:
        if isinstance(package, dict) and isinstance(package.get("name"), str) and isinstance(
                package.get("version"), str):
            yield re.sub(r"[-_.]+", "-", package["name"]).lower(), package["version"]


def _pyproject_requirements(data: dict[str, Any]) -> Iterator[str]:
    project = data.get("project", {})
    if isinstance(project, dict):
        yield from (r for r in project.get("dependencies", []) if isinstance(r, str))
        optional = project.get("optional-dependencies", {})
        if isinstance(optional, dict):
            for group in optional.values():
                yield from (r for r in group if isinstance(r, str))
    groups = data.get("dependency-groups", {})
    if isinstance(groups, dict):
        for group in groups.values():
            yield from (r for r in group if isinstance(r, str))
    poetry = data.get("tool", {}).get("poetry", {}) if isinstance(data.get("tool"), dict) else {}
    tables = [poetry.get("dependencies", {})]
    for group in (poetry.get("group", {}) or {}).values():
        if isinstance(group, dict):
            tables.append(group.get("dependencies", {}))
    for table in tables:
        for name, spec in (table.items() if isinstance(table, dict) else []):
            version = spec.get("version", "*") if isinstance(spec, dict) else spec
            if isinstance(version, str) and name.lower() != "python":
                yield f"{name} {poetry_specifier(version)}"


def project_pins(path: Path | None) -> dict[str, Pin]:
    """fastmcp, mcp and pydantic as the project at ``path`` pins them (absent: not pinned)."""
    if path is None or not (path.is_file() or path.is_dir()):
        return {}  # a name with no file behind it (a buffer, stdin) has no project
    packages = installed_folder(path.resolve())
    if packages is not None:  # never a checkout's pins above it
        metadata = _distribution_of(packages, path.resolve().relative_to(packages).as_posix())
        if metadata is None:
            return {}
        try:
            installed = packages.stat().st_mtime_ns
            pins = dict(_cached_metadata_pins(metadata, metadata.stat().st_mtime_ns))
        except OSError:
            return {}
        return {**pins, **dict(_installed_beside(packages, installed))}
    root = project_root(path.resolve())
    if root is None:
        return {}
    files = sorted(p for p in [root / "uv.lock", root / "poetry.lock", root / "pyproject.toml",
                               *root.glob("requirements*.txt")] if p.is_file())
    try:
        stamp = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    except OSError:
        return _read_pins(root)
    return dict(_cached_pins(root, stamp))


def installed_with(path: Path | None, distribution: str) -> bool | None:
    """Whether installing the project at ``path`` surely installs ``distribution``, surely
    does not, or cannot be told (None): a lockfile says for everything; without one, a
    project requiring nothing but the SDK (with its extras), fastmcp's or Pydantic's packages
    gets only what those bring, and any other requirement may bring anything."""
    if path is None or not (path.is_file() or path.is_dir()):
        return None
    wanted = re.sub(r"[-_.]+", "-", distribution).lower()
    packages = installed_folder(path.resolve())
    if packages is not None:
        metadata = _distribution_of(packages, path.resolve().relative_to(packages).as_posix())
        text = _read(metadata) if metadata is not None else None
        return _requires(_requires_dist(text), wanted) if text is not None else None
    root = project_root(path.resolve())
    if root is None:
        return None
    for lock in ("uv.lock", "poetry.lock"):
        if (root / lock).is_file():
            return wanted in {name for name, _ in _locked(root / lock)}
    return _requires([line for _, lines in _requirement_sources(root) for line in lines], wanted)


# what an extra of the SDK adds (its `cli` extra brings python-dotenv and typer, in 1.x and 2.x)
_SDK_EXTRAS = {"cli": ("python-dotenv", "typer"), "rich": ("rich",), "ws": ("websockets",)}


def _requires(lines: list[str], wanted: str) -> bool | None:
    """Whether requirement ``lines`` install ``wanted`` (see :func:`installed_with`)."""
    for line in lines:
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if text.startswith("-"):
            return None  # an option, an included file, an editable install
        parsed = _requirement(text)
        if parsed is None:
            return None
        name = parsed[0]
        if name == wanted:
            return True
        if name not in PACKAGES:
            return None
        extras = re.search(r"\[([^\]]*)\]", text)
        if name == "mcp" and extras is not None and any(
                wanted in _SDK_EXTRAS.get(extra.strip().lower(), ())
                for extra in extras.group(1).split(",")):
            return True
        if name == "fastmcp":
            return None  # fastmcp brings much of its own
    return False


INSTALLED = ("site-packages", "dist-packages")  # where installers put packages
_EXTRA = re.compile(r"\bextra\s*==")  # a requirement of an optional extra


def installed_folder(path: Path) -> Path | None:
    """The `site-packages` (or `dist-packages`) folder holding ``path``, if it is installed."""
    return next((folder for folder in path.parents if folder.name in INSTALLED), None)


def _distribution_of(packages: Path, relative: str) -> Path | None:
    """The `METADATA` of the distribution installed in ``packages`` whose `RECORD` lists the
    file (or folder) at ``relative`` (a path from ``packages``, with `/`); None when none does,
    or when several do (a namespace folder such as `awslabs/` is every `awslabs.*`
    distribution's)."""
    return _files_in(packages).get(relative)


def _files_in(packages: Path) -> dict[str, Path | None]:
    """:func:`_installed_files` of ``packages`` as it is now (read again when a distribution
    is installed or removed, which changes the folder's modification time)."""
    try:
        stamp = packages.stat().st_mtime_ns
    except OSError:
        return {}
    return _installed_files(packages, stamp)


def distribution_tops(packages: Path, relative: str) -> tuple[str, ...]:
    """The top-level modules and packages (`server.py`, `tools`) the distribution installing
    the file at ``relative`` (a path from ``packages``, with `/`) installs in ``packages``:
    those its `RECORD` lists; empty when no one distribution lists the file."""
    files = _files_in(packages)
    metadata = files.get(relative)
    if metadata is None:
        return ()
    return tuple(sorted(key for key, owner in files.items() if owner == metadata and "/" not in key
                        and not key.endswith((".dist-info", ".pth")) and key != "__pycache__"
                        and (key.endswith(".py") or (packages / key).is_dir())))


@lru_cache(maxsize=16)
def _installed_files(packages: Path, stamp: int) -> dict[str, Path | None]:
    """Every file each distribution's `RECORD` lists in ``packages``, and each folder holding
    them, → that distribution's `METADATA` (None: listed by several)."""
    found: dict[str, Path | None] = {}
    try:
        records = sorted(packages.glob("*.dist-info/RECORD"))
    except OSError:
        return found
    for record in records:
        text = _read(record)
        metadata = record.with_name("METADATA")
        if text is None or not metadata.is_file():
            continue
        mine: set[str] = set()
        for line in text.splitlines():
            listed = line.rsplit(",", 2)[0] if line.count(",") >= 2 else line.partition(",")[0]
            if not listed or listed.startswith(("..", "/")):
                continue  # a script installed outside the folder
            parts = listed.split("/")
            mine.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
        for key in mine:
            found[key] = metadata if found.get(key, metadata) == metadata else None
    return found


@lru_cache(maxsize=16)
def _installed_beside(packages: Path, stamp: int) -> tuple[tuple[str, Pin], ...]:
    """fastmcp, mcp and Pydantic as installed in ``packages`` (each `NAME-VERSION.dist-info`
    there): what the installed package beside them really runs — an installer may have chosen
    another release than the newest its requirements allow (`mcp<2` installed afterwards), and
    a package requiring fastmcp alone gets the SDK fastmcp brings."""
    found: list[tuple[str, Pin]] = []
    for name in PACKAGES:
        try:
            infos = sorted(packages.glob(f"{name}-*.dist-info"))
        except OSError:
            continue
        versions = [info.name[len(name) + 1:-len(".dist-info")] for info in infos]
        versions = [v for v in versions if parse_version(v) is not None]
        if len(versions) == 1:  # (two of one name: which one runs is not known)
            found.append((name, Pin(name, versions[0],
                                    f"installed beside it: {name}-{versions[0]}.dist-info")))
    return tuple(found)


@lru_cache(maxsize=64)
def _cached_metadata_pins(metadata: Path, stamp: int) -> tuple[tuple[str, Pin], ...]:
    lines = _requires_dist(_read(metadata) or "")
    return tuple(_requirement_pins([(f"{metadata.parent.name}/METADATA", lines)], {}).items())


def _requires_dist(metadata: str) -> list[str]:
    """The requirements a distribution's `METADATA` text states (an extra's aside: installing
    the package does not bring them)."""
    return [value for value in _header(metadata, "Requires-Dist") if not _EXTRA.search(value)]


def _header(metadata: str, name: str) -> list[str]:
    """The values of a header of a distribution's `METADATA` text (the headers end at the
    first empty line)."""
    return [line.partition(":")[2] for line in metadata.split("\n\n", 1)[0].splitlines()
            if line.startswith(f"{name}:")]


@lru_cache(maxsize=64)
def _cached_pins(root: Path, stamp: tuple[tuple[str, int, int], ...]) -> tuple[
        tuple[str, Pin], ...]:
    """The pins of a project whose pin files are as ``stamp`` says (a directory run reads
    them once, an edit to one of them is seen at once)."""
    return tuple(_read_pins(root).items())


def _read_pins(root: Path) -> dict[str, Pin]:
    pins: dict[str, Pin] = {}
    for lock in ("uv.lock", "poetry.lock"):
        if (root / lock).is_file():
            for name, version in _locked(root / lock):
                if name in PACKAGES and name not in pins:
                    pins[name] = Pin(name, version, f"locked in {lock}")
    return _requirement_pins(_requirement_sources(root), pins)


def _requirement_sources(root: Path) -> list[tuple[str, list[str]]]:
    """Each requirements file of the project at ``root`` (`requirements.txt` first) and its
    `pyproject.toml`, by name, with its requirement lines."""
    sources: list[tuple[str, list[str]]] = []
    for requirements in sorted(root.glob("requirements*.txt"),
                               key=lambda p: (p.name != "requirements.txt", p.name)):
        text = _read(requirements)
        if text is not None:
            sources.append((requirements.name, text.splitlines()))
    if (root / "pyproject.toml").is_file():
        data = _toml(root / "pyproject.toml")
        if data is not None:
            sources.append(("pyproject.toml", list(_pyproject_requirements(data))))
    return sources


def _requirement_pins(sources: list[tuple[str, list[str]]], pins: dict[str, Pin]
                      ) -> dict[str, Pin]:
    """``pins`` with each package of :data:`PACKAGES` not in it yet that ``sources`` (a file's
    name, its requirement lines) require, at the newest release its first requirement allows."""
    for source, lines in sources:
        for line in lines:
            parsed = _requirement(line)
            if parsed is None or parsed[0] not in PACKAGES or parsed[0] in pins:
                continue
            name, specifier = parsed
            assumed = newest_allowed(name, specifier)
            if assumed is None:
                continue
            written = f"{name}{specifier}" if specifier else name
            how = "pinned" if re.fullmatch(r"===?\s*[\w.]+", specifier) else \
                "the newest release allowed by"
            pins[name] = Pin(name, assumed, f"{how} `{written}` in {source}")
    return pins
