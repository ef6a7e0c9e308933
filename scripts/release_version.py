"""The version a release tag must name, checked against every place that states it.

    python scripts/release_version.py [TAG]

Prints the version (``pyproject.toml``'s). With a tag (``v0.1.0``, or ``refs/tags/v0.1.0``),
exits 1 unless it is ``v`` + that version and the package, the VS Code extension and the
pre-commit snippet in the README all say the same. The release workflow runs it first.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def stated_versions() -> dict[str, str]:
    """Each place that states the version, and what it says."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    package = (REPO / "server" / "portlint" / "__init__.py").read_text(encoding="utf-8")
    extension = json.loads((REPO / "editors" / "vscode" / "package.json").read_text(
        encoding="utf-8"))
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    found = {
        "pyproject.toml": pyproject["project"]["version"],
        "server/portlint/__init__.py": re.search(r'__version__ = "([^"]+)"', package)[1],  # type: ignore[index]
        "editors/vscode/package.json": extension["version"],
    }
    for marker, pattern in (("pre-commit", r"rev: v(\S+)"),
                            ("github-action", r"portlint/portlint@v(\S+)"),
                            ("install-from-wheel", r"portlint-(\S+?)-py3-none-any\.whl")):
        block = readme.split(f"<!-- {marker} -->", 1)[1].split("```", 2)[1]
        found[f"README.md ({marker})"] = re.search(pattern, block)[1]  # type: ignore[index]
    return found


def main(argv: list[str]) -> int:
    versions = stated_versions()
    version = versions["pyproject.toml"]
    disagree = {where: v for where, v in versions.items() if v != version}
    if disagree:
        print(f"release: pyproject.toml says {version}, but {disagree}", file=sys.stderr)
        return 1
    if argv:
        tag = argv[0].removeprefix("refs/tags/")
        if tag != f"v{version}":
            print(f"release: tag {tag} does not name version {version} (want v{version})",
                  file=sys.stderr)
            return 1
    print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
