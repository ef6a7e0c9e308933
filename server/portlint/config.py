"""Configuration: ``[tool.portlint]`` in ``pyproject.toml``, ``portlint.toml``, editor settings.

The nearest configuration file is found from each linted file upward: in each folder a
``portlint.toml`` wins over a ``pyproject.toml``, and a ``pyproject.toml`` without a
``[tool.portlint]`` table is passed over. ``--config FILE`` (CLI) replaces the search. Editor
settings are parsed by the same code and laid over the file's table.

Keys (kebab-case in TOML; editors may also send camelCase)::

    select = ["boolean-schema", ...]      # only these rules (default: all)
    ignore = ["untyped-schema"]           # never these
    severity = {type-union = "error", remote-ref = "off"}   # error|warning|information|off
    include = ["schemas/**/*.json"]       # lint these as schema documents even if not tool-shaped
    exclude = ["fixtures/"]               # never lint these
    per-file-ignores = {"legacy/*.json" = ["boolean-schema"]}
    targets = ["mcp", "claude"]           # client profiles
    require-typed-properties = false      # the untyped-property rule
    allow-untyped = ["inputSchema.properties.metadata"]    # paths that may stay free-form
    baseline = "portlint-baseline.json"   # accepted findings (CLI: reported no more; editor: hints)
    [tool.portlint.limits]
    max-document-chars = 10000000
    max-alias-nodes = 100000

Anything else — an unknown key, a wrong type, an unknown rule id — is a :class:`ConfigError`
naming the file, the key and what is accepted.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from portlint import profiles
from portlint.globs import GlobError, compile_glob, glob_match
from portlint.limits import Limits
from portlint.model import Severity
from portlint.records import NamedTuple
from portlint.settings import Settings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from portlint.settings import SeverityOverride

KNOWN_KEYS = ("select", "ignore", "severity", "include", "exclude", "per-file-ignores",
              "targets", "require-typed-properties", "allow-untyped", "limits", "baseline")
LIMIT_KEYS = ("max-document-chars", "max-alias-nodes")
SEVERITY_VALUES = ("error", "warning", "information", "off")


class ConfigError(Exception):
    def __init__(self, source: str, key: str | None, message: str) -> None:
        where = f"{source}: " + (f"`{key}`: " if key else "")
        super().__init__(where + message)
        self.source = source
        self.key = key


class Config(NamedTuple):
    """Settings plus the per-file decisions that depend on where a file is."""

    settings: Settings = Settings()
    root: Path | None = None  # globs are relative to this folder
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    source: str | None = None  # the file it came from
    baseline: Path | None = None  # the `baseline` file, resolved against the config's folder

    def _relative(self, path: Path) -> str | None:
        root = self.root or Path.cwd()
        try:
            return Path(os.path.abspath(path)).relative_to(os.path.abspath(root)).as_posix()
        except ValueError:
            return None

    def is_included(self, path: Path) -> bool:
        if not self.include:
            return False
        relative = self._relative(path)
        return relative is not None and any(glob_match(p, relative) for p in self.include)

    def is_excluded(self, path: Path) -> bool:
        if not self.exclude:
            return False
        relative = self._relative(path)
        return relative is not None and any(glob_match(p, relative) for p in self.exclude)

    def settings_for(self, path: Path | None) -> Settings:
        if path is None or not self.per_file_ignores:
            return self.settings
        relative = self._relative(path)
        if relative is None:
            return self.settings
        extra: set[str] = set()
        for pattern, rules in self.per_file_ignores:
            if glob_match(pattern, relative):
                extra |= rules
        if not extra:
            return self.settings
        return self.settings._replace(ignore=self.settings.ignore | frozenset(extra))


def _kebab(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda m: "-" + m.group(1).lower(), key)


def _known_rules() -> set[str]:
    from portlint.rules import RULES_BY_ID

    return set(RULES_BY_ID)


def _rule_list(value: Any, source: str, key: str) -> frozenset[str]:
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(source, key, f"expected a list of rule ids, got {value!r}")
    unknown = sorted(set(value) - _known_rules())
    if unknown:
        raise ConfigError(source, key, f"unknown rule {', '.join(unknown)}; known rules: "
                                       f"{', '.join(sorted(_known_rules()))}")
    return frozenset(value)


def _string_list(value: Any, source: str, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(source, key, f"expected a list of strings, got {value!r}")
    if any(not v for v in value):
        raise ConfigError(source, key, "an entry is empty")
    return tuple(value)


def _glob_list(value: Any, source: str, key: str) -> tuple[str, ...]:
    """Globs, each compiled now: a pattern that is not a glob is an error naming the key, not
    a crash (or a silent server) when the first path is matched."""
    patterns = _string_list(value, source, key)
    for pattern in patterns:
        _check_glob(pattern, source, key)
    return patterns


def _check_glob(pattern: str, source: str, key: str) -> None:
    try:
        compile_glob(pattern)
    except GlobError as error:
        raise ConfigError(source, key, f"`{pattern}` is not a glob: {error}") from None


def _severity(value: Any, source: str) -> dict[str, SeverityOverride]:
    if not isinstance(value, Mapping):
        raise ConfigError(source, "severity", "expected a table of rule = "
                                              f"\"{'|'.join(SEVERITY_VALUES)}\", got {value!r}")
    out: dict[str, SeverityOverride] = {}
    known = _known_rules()
    for rule, level in value.items():
        if rule not in known:
            raise ConfigError(source, f"severity.{rule}", "unknown rule; known rules: "
                                                          f"{', '.join(sorted(known))}")
        if level not in SEVERITY_VALUES:
            raise ConfigError(source, f"severity.{rule}", f"expected one of "
                                                          f"{', '.join(SEVERITY_VALUES)}, got "
                                                          f"{level!r}")
        out[rule] = "off" if level == "off" else Severity(level)
    return out


def _limits(value: Any, source: str) -> Limits:
    if not isinstance(value, Mapping):
        raise ConfigError(source, "limits", f"expected a table, got {value!r}")
    limits = Limits()
    for raw_key, number in value.items():
        key = _kebab(raw_key)
        if key not in LIMIT_KEYS:
            raise ConfigError(source, f"limits.{raw_key}", "not a known limit; accepted: "
                                                           f"{', '.join(LIMIT_KEYS)}")
        if not isinstance(number, int) or isinstance(number, bool) or number <= 0:
            raise ConfigError(source, f"limits.{raw_key}", f"expected a positive integer, got "
                                                           f"{number!r}")
        limits = limits._replace(**{key.replace("-", "_"): number})
    return limits


def parse_config(table: Mapping[str, Any], source: str, root: Path | None = None,
                 base: Config | None = None) -> Config:
    """Read a ``[tool.portlint]``-shaped table, on top of ``base`` when given."""
    config = base or Config(root=root)
    settings = config.settings
    values: dict[str, Any] = {}
    for raw_key, value in table.items():
        key = _kebab(raw_key)
        if key not in KNOWN_KEYS:
            raise ConfigError(source, raw_key, f"not a known key; accepted keys: "
                                               f"{', '.join(KNOWN_KEYS)}")
        values[key] = value
    if "select" in values:
        selected = _rule_list(values["select"], source, "select")
        if not selected:
            raise ConfigError(source, "select", "it names no rule, so no rule would run; "
                                                "remove the key to run every rule")
        settings = settings._replace(select=selected)
    if "ignore" in values:
        settings = settings._replace(ignore=_rule_list(values["ignore"], source, "ignore"))
    if "severity" in values:
        settings = settings._replace(severity={**settings.severity,
                                               **_severity(values["severity"], source)})
    if "limits" in values:
        settings = settings._replace(limits=_limits(values["limits"], source))
    if "targets" in values:
        targets = _string_list(values["targets"], source, "targets")
        try:
            profiles.validate(targets)
        except profiles.TargetError as error:
            raise ConfigError(source, "targets", str(error)) from None
        settings = settings._replace(targets=targets)
    if "require-typed-properties" in values:
        flag = values["require-typed-properties"]
        if not isinstance(flag, bool):
            raise ConfigError(source, "require-typed-properties",
                              f"expected true or false, got {flag!r}")
        settings = settings._replace(require_typed_properties=flag)
    if "allow-untyped" in values:
        settings = settings._replace(allow_untyped=_string_list(values["allow-untyped"], source,
                                                                "allow-untyped"))
    include = config.include
    exclude = config.exclude
    per_file = config.per_file_ignores
    if "include" in values:
        include = _glob_list(values["include"], source, "include")
    if "exclude" in values:
        exclude = _glob_list(values["exclude"], source, "exclude")
    if "per-file-ignores" in values:
        table_value = values["per-file-ignores"]
        if not isinstance(table_value, Mapping):
            raise ConfigError(source, "per-file-ignores",
                              f"expected a table of \"glob\" = [rule ids], got {table_value!r}")
        for pattern in table_value:
            _check_glob(str(pattern), source, f"per-file-ignores.{pattern}")
        per_file = tuple((pattern, _rule_list(rules, source, f"per-file-ignores.{pattern}"))
                         for pattern, rules in table_value.items())
    baseline = config.baseline
    if "baseline" in values:
        named = values["baseline"]
        if not isinstance(named, str) or not named.strip():
            raise ConfigError(source, "baseline", f"expected a file name, got {named!r}")
        baseline = (root or config.root or Path.cwd()) / named
    return Config(settings=settings, root=root or config.root, include=include, exclude=exclude,
                  per_file_ignores=per_file, source=source, baseline=baseline)


def read_config_file(path: Path) -> Config:
    """Load ``portlint.toml`` (the whole file) or ``[tool.portlint]`` of a ``pyproject.toml``."""
    import tomllib  # only when there is a configuration file to read

    shown = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(shown, None, f"cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(shown, None, f"not valid TOML: {exc}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("portlint", {})
        if not isinstance(table, Mapping):
            raise ConfigError(shown, "tool.portlint", "expected a table")
        return parse_config(table, shown + " [tool.portlint]", root=path.parent)
    return parse_config(data, shown, root=path.parent)


def _declares_portlint(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return re.search(r"^\s*\[\s*tool\s*\.\s*portlint\s*[\].]", text, re.M) is not None


def find_config_file(start: Path) -> Path | None:
    """The nearest ``portlint.toml`` or ``pyproject.toml`` with ``[tool.portlint]``."""
    directory = start if start.is_dir() else start.parent
    directory = Path(os.path.abspath(directory))
    for folder in (directory, *directory.parents):
        candidate = folder / "portlint.toml"
        if candidate.is_file():
            return candidate
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _declares_portlint(candidate):
            return candidate
    return None


class ConfigCache:
    """Configuration per folder, re-read when a configuration file changes on disk."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[float, Config]] = {}

    def for_path(self, path: Path) -> Config:
        found = find_config_file(path)
        if found is None:
            return Config()
        mtime = found.stat().st_mtime
        cached = self._files.get(found)
        if cached is not None and cached[0] == mtime:
            return cached[1]
        config = read_config_file(found)
        self._files[found] = (mtime, config)
        return config
