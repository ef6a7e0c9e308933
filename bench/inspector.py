"""The MCP Inspector's schema lint, run under Node over a file: the peer of ``portlint check``.

``inspector --cli --method tools/list --strict`` asks a live server for its tool list and, in
``emitResult`` (``clients/cli/src/handlers/emit-result.ts``), runs ``lintListResult`` — the
module ``core/json/schemaLint.ts`` (``lintTools`` over ``result.tools``) — then writes
``formatSchemaLintReport`` of the findings to stderr and exits 6 when one is an error. The lint
touches nothing but the ``result`` object, so over a file it is exactly: read the file,
``JSON.parse`` it, ``lintListResult``, write the report (``writeSchemaLintReport(lint, true)``).

What runs is the Inspector's own shipped code, never a copy: :func:`lint_module` cuts those two
modules out of the installed bundle (``clients/cli/build/index.js``, between the bundler's
``// ../../core/json/schemaLint.ts`` and ``// src/handlers/emit-result.ts`` markers), adds an
``export`` line, and writes the result into the cache folder beside the installation. The
runner imports only that, so Node loads 11 KB, not the 900 KB CLI with its SDK, Hono and zod:
the peer is timed at its fastest, without its transport. ``--echo`` also prints the result the
way the CLI does in text mode (``JSON.stringify(result, null, 2)`` on stdout), for reference.

    python bench/inspector.py FILE          # prints the Inspector's report and the time
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

VERSION = "2.12.0"
PACKAGE = "@modelcontextprotocol/inspector"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "portlint-oracles"
START = "// ../../core/json/schemaLint.ts\n"
END = "// src/handlers/emit-result.ts\n"
EXPORTS = "\nexport { lintListResult, formatSchemaLintReport, countFindings };\n"

RUNNER = """\
import { readFileSync } from "node:fs";
import { lintListResult, formatSchemaLintReport, countFindings } from "./schema-lint.mjs";

const args = process.argv.slice(2);
const echo = args[0] === "--echo";
const file = echo ? args[1] : args[0];
const result = JSON.parse(readFileSync(file, "utf8"));
if (echo) process.stdout.write(JSON.stringify(result, null, 2) + "\\n");
const lint = lintListResult(result);
// writeSchemaLintReport(lint, strict=true): the full report on stderr, when anything was found
if (lint.length > 0) process.stderr.write(`${formatSchemaLintReport(lint)}\\n`);
if (countFindings(lint).errors > 0) process.exitCode = 6;  // EXIT_CODES.SCHEMA_UNPORTABLE
"""


def folder(version: str = VERSION) -> Path:
    return CACHE / f"inspector-{version}"


def install(version: str = VERSION) -> Path:
    """The Inspector installed from npm into the shared oracle cache (once); its package."""
    home = folder(version)
    package = home / "node_modules" / "@modelcontextprotocol" / "inspector"
    if not (package / "clients" / "cli" / "build" / "index.js").is_file():
        home.mkdir(parents=True, exist_ok=True)
        if not (home / "package.json").exists():
            (home / "package.json").write_text('{"name": "inspector-oracle", "private": true}\n')
        # its postinstall only installs a source checkout's clients; a release needs none
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts",
                        f"{PACKAGE}@{version}"], cwd=home, check=True, capture_output=True)
    return package


def lint_module(version: str = VERSION) -> Path:
    """The runner script over the Inspector's lint modules, cut from its installed bundle."""
    bundle = (install(version) / "clients" / "cli" / "build" / "index.js").read_text("utf-8")
    if bundle.count(START) != 1 or bundle.count(END) != 1:
        raise SystemExit(f"bench: the Inspector {version} bundle has moved its schema lint "
                         f"(markers {START.strip()!r} and {END.strip()!r})")
    start = bundle.index(START)
    section = bundle[start:bundle.index(END, start)]
    home = folder(version)
    (home / "schema-lint.mjs").write_text(section + EXPORTS, encoding="utf-8")
    runner = home / "run-lint.mjs"
    runner.write_text(RUNNER, encoding="utf-8")
    return runner


def command(file: Path, *, echo: bool = False, version: str = VERSION) -> list[str]:
    """The command line that runs the Inspector's lint over ``file``."""
    return ["node", str(lint_module(version)), *(["--echo"] if echo else []), str(file)]


def main() -> None:
    import time

    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    line = command(Path(sys.argv[1]))
    start = time.perf_counter()
    done = subprocess.run(line, capture_output=True, text=True)
    elapsed = (time.perf_counter() - start) * 1000
    sys.stdout.write(done.stderr)
    print(f"# {' '.join(line)}: exit {done.returncode}, {elapsed:.0f} ms")


if __name__ == "__main__":
    main()
