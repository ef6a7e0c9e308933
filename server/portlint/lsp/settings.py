"""Editor settings: what the client sends, laid over each folder's configuration file.

Settings arrive three ways — ``initializationOptions``, ``workspace/configuration`` (section
``portlint``) and ``workspace/didChangeConfiguration`` — in the keys of ``[tool.portlint]``
(camelCase accepted). Keys that belong to the editor extension rather than the server
(``interpreter``, ``serverArgs``, ``trace``) are ignored; ``debounceMs`` sets the server's
debounce. An invalid value is reported once and that layer falls back to the file's settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portlint.config import Config, ConfigCache, ConfigError, parse_config

CLIENT_ONLY_KEYS = frozenset(("interpreter", "serverArgs", "server-args", "trace", "path",
                              "enable"))
DEFAULT_DEBOUNCE_MS = 150


@dataclass
class EditorSettings:
    """The merged editor settings and the problems found reading them."""

    table: dict[str, Any] = field(default_factory=dict)
    debounce_ms: int = DEFAULT_DEBOUNCE_MS


def read_editor_settings(raw: Any) -> tuple[EditorSettings, list[str]]:
    """Split what the client sent into server settings and the lint table."""
    problems: list[str] = []
    settings = EditorSettings()
    if raw is None:
        return settings, problems
    if isinstance(raw, Mapping) and isinstance(raw.get("portlint"), Mapping):
        raw = raw["portlint"]
    if isinstance(raw, Mapping) and isinstance(raw.get("settings"), Mapping):
        raw = raw["settings"]
    if not isinstance(raw, Mapping):
        problems.append(f"portlint settings must be an object, got {raw!r}")
        return settings, problems
    for key, value in raw.items():
        if key in CLIENT_ONLY_KEYS:
            continue
        if key in ("debounceMs", "debounce-ms", "debounce"):
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10_000:
                settings.debounce_ms = value
            else:
                problems.append(f"portlint.{key} must be a number of milliseconds between 0 and "
                                f"10000, got {value!r}")
            continue
        if value is None or (value == [] and key in ("select", "targets")):
            continue  # unset in the editor: the file's value applies
        settings.table[key] = value
    return settings, problems


def _as_table(raw: Any) -> Mapping[str, Any]:
    if isinstance(raw, Mapping) and isinstance(raw.get("portlint"), Mapping):
        raw = raw["portlint"]
    if isinstance(raw, Mapping) and isinstance(raw.get("settings"), Mapping):
        raw = raw["settings"]
    return raw if isinstance(raw, Mapping) else {}


class SettingsResolver:
    """The :class:`Config` for a document: its folder's file, then the editor's settings."""

    def __init__(self) -> None:
        self.files = ConfigCache()
        self.editor = EditorSettings()
        self._initial: Any = None
        self._reported: set[str] = set()
        self.pending_warnings: list[str] = []
        self._largest_file_limit = Config().settings.limits.max_document_chars
        self._editor_limit: int | None = None

    def set_initial(self, raw: Any) -> bool:
        """``initializationOptions``: the base the client's configuration is laid over."""
        self._initial = raw
        return self.set_editor(None)

    def set_editor(self, raw: Any) -> bool:
        """Apply settings from ``workspace/configuration`` or ``didChangeConfiguration`` (None:
        the client has none beyond its initialization options). Returns whether they changed."""
        initial, initial_problems = read_editor_settings(self._initial)
        current, problems = read_editor_settings(raw)
        merged = EditorSettings({**initial.table, **current.table},
                                current.debounce_ms if raw is not None and any(
                                    k in _as_table(raw) for k in ("debounceMs", "debounce-ms",
                                                                  "debounce"))
                                else initial.debounce_ms)
        for problem in initial_problems + problems:
            self._warn(problem)
        changed = merged != self.editor
        self.editor = merged
        self._editor_limit = None
        if "limits" in merged.table:
            try:
                limits = parse_config({"limits": merged.table["limits"]}, "editor settings")
                self._editor_limit = limits.settings.limits.max_document_chars
            except ConfigError:
                pass  # reported when a document is linted with them
        return changed

    def _warn(self, message: str) -> None:
        if message not in self._reported:
            self._reported.add(message)
            self.pending_warnings.append(message)

    def take_warnings(self) -> list[str]:
        out, self.pending_warnings = self.pending_warnings, []
        return out

    @property
    def largest_document_chars(self) -> int:
        """The largest ``max-document-chars`` in force: the editor's when it sets one (it lies
        over every file's), else the largest of the defaults and the files seen so far. It
        bounds the messages the server reads."""
        if self._editor_limit is not None:
            return self._editor_limit
        return self._largest_file_limit

    def config_for(self, path: Path | None) -> Config:
        base = Config()
        if path is not None:
            try:
                base = self.files.for_path(path)
            except ConfigError as error:
                self._warn(f"{error}; portlint uses its defaults for this file")
        self._largest_file_limit = max(self._largest_file_limit,
                                       base.settings.limits.max_document_chars)
        if not self.editor.table:
            return base
        try:
            return parse_config(self.editor.table, "editor settings (portlint.*)", base=base)
        except ConfigError as error:
            self._warn(f"{error}; the editor's portlint settings are ignored")
            return base

    def reset_reports(self) -> None:
        self._reported.clear()
