"""The settings a lint runs with: which rules, at which severity, within which limits.

Settings are plain values. Where they come from — command-line flags, ``[tool.portlint]`` in
``pyproject.toml``, ``portlint.toml``, editor settings — is :mod:`portlint.config`'s business.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from portlint.limits import Limits
from portlint.model import Finding, Severity
from portlint.records import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    SeverityOverride = Severity | Literal["off"]


_NO_OVERRIDES: Mapping[str, SeverityOverride] = MappingProxyType({})


class Settings(NamedTuple):
    select: frozenset[str] | None = None  # None: every rule
    ignore: frozenset[str] = frozenset()
    severity: Mapping[str, SeverityOverride] = _NO_OVERRIDES
    limits: Limits = Limits()
    targets: tuple[str, ...] = ()  # client profiles; empty means the defaults
    require_typed_properties: bool = False
    allow_untyped: tuple[str, ...] = ()  # display paths that may stay free-form

    def enabled(self, rule_id: str) -> bool:
        if rule_id in self.ignore:
            return False
        if self.severity.get(rule_id) == "off":
            return False
        # syntax problems are always reported: nothing else can be checked without them
        if rule_id in ("parse-error", "internal-error"):
            return True
        return self.select is None or rule_id in self.select

    def severity_of(self, rule_id: str, default: Severity) -> Severity | None:
        override = self.severity.get(rule_id)
        if override == "off":
            return None
        if isinstance(override, Severity):
            return override
        return default

    def apply_severity(self, finding: Finding) -> Finding:
        severity = self.severity_of(finding.rule, finding.severity)
        if severity is None or severity is finding.severity:
            return finding
        return finding._replace(severity=severity)
