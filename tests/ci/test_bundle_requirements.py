"""The VS Code extension bundles portlint with its dependencies pinned in
``editors/vscode/bundled-requirements.txt`` and installs them without an index; a runtime
dependency missing there (or pinned outside pyproject.toml's range) would only show when the
extension is built. Checked here, in the default layer, against pyproject.toml itself."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for raw in (ROOT / "editors/vscode/bundled-requirements.txt").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        [specifier] = list(requirement.specifier)
        assert specifier.operator == "==", f"{line}: the bundle pins exact versions"
        pins[canonicalize_name(requirement.name)] = specifier.version
    return pins


def test_every_runtime_dependency_is_pinned_in_the_bundle_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = _pins()
    for line in project["dependencies"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is a dependency but the bundle does not pin it"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"{requirement.name}=={pins[name]} is outside pyproject.toml's {requirement.specifier}")
