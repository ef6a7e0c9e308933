"""Which files on disk an open document's findings depend on, besides its own text.

A JSON or YAML tool file is read alone. A Python or TypeScript server module is not: the schema
portlint derives for it reads the modules it imports, the project's pins (``pyproject.toml``,
``requirements*.txt``, ``uv.lock``, ``poetry.lock``), its ``package.json`` and lockfile, the
installed SDK and Zod (``node_modules/**/package.json``) and ``tsconfig.json``. When one of
those changes — saved in the editor, or written by ``git checkout`` or ``npm install`` and seen
by the client's file watcher — what was published for the open server modules may be stale, so
they are linted again. A configuration file (``portlint.toml``, ``pyproject.toml``) changes the
settings of every document.

The watcher globs ask the client for changes to these files only: a change anywhere else
(a tool file, a README) reaches the server as ``didChange`` when the file is open, and does not
touch what other documents depend on.
"""

from __future__ import annotations

import fnmatch
import os

from portlint.script_suffixes import SOURCE_SUFFIXES
from portlint.source.document import Format

CONFIGURATION_FILES = ("pyproject.toml", "portlint.toml")

# the formats whose lint reads other files (the rest read only the document's text)
READS_OTHER_FILES: frozenset[Format] = frozenset(("python", "typescript"))

_CODE_SUFFIXES = (".py", ".pyi", *SOURCE_SUFFIXES)
_MANIFESTS = ("pyproject.toml", "setup.cfg", "setup.py", "uv.lock", "poetry.lock",
              "package.json", "npm-shrinkwrap.json", "package-lock.json", "pnpm-lock.yaml",
              "pnpm-workspace.yaml", "yarn.lock", "portlint.toml")
_MANIFEST_PATTERNS = ("requirements*.txt", "tsconfig*.json", "jsconfig*.json")

# what the client is asked to watch (LSP glob patterns: `**` and `{a,b}` are understood by
# every client that supports watched-file registration)
WATCHED_GLOBS = (
    "**/*.{" + ",".join(suffix[1:] for suffix in _CODE_SUFFIXES) + "}",
    "**/{" + ",".join(_MANIFESTS) + "}",
    *(f"**/{pattern}" for pattern in _MANIFEST_PATTERNS),
)


def is_configuration(path: str) -> bool:
    """Whether a change to ``path`` may change the settings of the documents below it."""
    return os.path.basename(path) in CONFIGURATION_FILES


def may_be_read(path: str) -> bool:
    """Whether the lint of a Python or TypeScript document may read ``path``: a module it
    imports, a pin, a manifest or lockfile, a tsconfig."""
    name = os.path.basename(path)
    return (os.path.splitext(name)[1].lower() in _CODE_SUFFIXES or name in _MANIFESTS
            or any(fnmatch.fnmatchcase(name, pattern) for pattern in _MANIFEST_PATTERNS))
