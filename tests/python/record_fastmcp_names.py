"""Records which of fastmcp's modules and names each recorded release cannot import, from the
releases themselves. Writes ``server/portlint/python/fastmcp_gone.py`` (committed; the live
layer records it again and fails on any difference)::

    .venv/bin/python -m tests.python.record_fastmcp_names

Two passes over the releases of :data:`RELEASES`, each in its own cached venv:

1. every module of the installed `fastmcp` package is imported and the names it holds that
   fastmcp itself defines (a class or function whose module is fastmcp's, a submodule, or a
   name of the module's `__all__`) are kept;
2. in each release, every module and name any release kept is imported as a server would import
   it (`import fastmcp.x.y`, `from fastmcp.x import Name`), and what fails is recorded.

The second pass is what counts: fastmcp 3.4 answers `import fastmcp.tools.tool` though its
package holds no such file, and a listing of files would call it gone. A module counts as gone
only when Python says fastmcp's own module is missing (ModuleNotFoundError naming it or a
package above it), never when it fails for an optional dependency the release does not
install. The command-line modules (`fastmcp.cli`) are not imported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.python.record_framework_keywords import RELEASES, run_probe

FASTMCP_RELEASES = tuple(release for release in RELEASES if release[0] == "fastmcp")
TARGET = Path(__file__).resolve().parents[2] / "server" / "portlint" / "python" / "fastmcp_gone.py"

_LISTED = r'''
import contextlib, importlib, inspect, io, json, pkgutil, sys, types, warnings
warnings.simplefilter("ignore")
import fastmcp


def own(module, name, value):
    """Whether the module offers the name as its own: its submodule, a name of its `__all__`,
    or a class or function defined in it or in a module under it (not one it imports for its
    own use from elsewhere)."""
    here = module.__name__
    if isinstance(value, types.ModuleType):
        return value.__name__ == f"{here}.{name}"
    if name in getattr(module, "__all__", ()):
        return True
    if inspect.isclass(value) or inspect.isfunction(value):
        defined = getattr(value, "__module__", None) or ""
        return defined == here or defined.startswith(here + ".")
    return False


found = {}


def keep(module):
    found[module.__name__] = sorted(
        n for n in dir(module) if not n.startswith("_") and own(module, n, getattr(module, n)))


def walk(package, path):
    for info in pkgutil.iter_modules(path, package + "."):
        if info.name.endswith("__main__") or ".cli" in info.name:
            continue
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                    io.StringIO()):
                module = importlib.import_module(info.name)
        except BaseException:
            continue
        keep(module)
        if info.ispkg:
            walk(info.name, module.__path__)


keep(fastmcp)
walk("fastmcp", fastmcp.__path__)
for name in list(found):  # `from fastmcp.server import openapi` imports a submodule by name
    parent, _, last = name.rpartition(".")
    if parent in found and last not in found[parent]:
        found[parent].append(last)
json.dump(found, sys.stdout)
'''

_TRIED = r'''
import contextlib, importlib, io, json, sys, warnings
warnings.simplefilter("ignore")
wanted = json.loads(sys.argv[2])
modules, names = {}, {}


def quiet(action):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return action()


for module, taken in sorted(wanted.items()):
    try:
        loaded = quiet(lambda: importlib.import_module(module))
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing == module or module.startswith(missing + "."):
            modules[module] = missing  # fastmcp's own module (or a package above it) is gone
        continue
    except BaseException:
        continue  # present, failing for something else (an optional dependency)
    for name in taken:
        try:
            quiet(lambda: exec(f"from {module} import {name}", {}))
        except ImportError as error:
            if f"cannot import name '{name}'" in str(error):
                names.setdefault(module, []).append(name)
        except BaseException:
            pass
json.dump({"modules": modules, "names": names}, sys.stdout)
'''


def _listed(release: tuple[str, str, str | None, str | None]) -> dict[str, list[str]]:
    listed: dict[str, list[str]] = run_probe(release, _LISTED, None)
    return listed


def _tried(release: tuple[str, str, str | None, str | None],
           wanted: dict[str, list[str]]) -> dict[str, Any]:
    tried: dict[str, Any] = run_probe(release, _TRIED, wanted)
    return tried


def recorded() -> str:
    """The text of ``fastmcp_gone.py`` as the releases installed now make it."""
    wanted: dict[str, set[str]] = {}
    for release in FASTMCP_RELEASES:
        for module, names in _listed(release).items():
            wanted.setdefault(module, set()).update(names)
    asked = {module: sorted(names) for module, names in sorted(wanted.items())}
    return table({release[1]: _tried(release, asked) for release in FASTMCP_RELEASES})


def table(tried: dict[str, dict[str, Any]]) -> str:
    """The text of ``fastmcp_gone.py`` for what each release (in order) failed to import:
    each module and name once, with the releases lacking it."""
    modules: dict[tuple[str, str], list[str]] = {}
    names: dict[tuple[str, str], list[str]] = {}
    for version, found in tried.items():
        for module, missing in found["modules"].items():
            modules.setdefault((module, missing), []).append(version)
        for module, lacking in found["names"].items():
            for name in lacking:
                names.setdefault((module, name), []).append(version)
    lines = [
        "# ruff: noqa: E501  (the modules are kept whole)",
        '"""What fastmcp modules and names each recorded release cannot import: written by',
        "tests/python/record_fastmcp_names.py from the releases installed (do not edit).",
        "",
        "``MODULES_GONE``: (module, the module Python says is missing when it is imported —",
        "ModuleNotFoundError —, the releases). ``NAMES_GONE``: (module, a name `from module",
        "import name` cannot import — ImportError —, the releases). Only what some recorded",
        'release defines is asked; what a release is not said to lack here, it imports."""',
        "",
        f"RELEASES = {tuple(tried)!r}",
        "",
        "MODULES_GONE: tuple[tuple[str, str, str], ...] = (",
        *(f"    ({module!r}, {missing!r}, {' '.join(versions)!r}),"
          for (module, missing), versions in sorted(modules.items())),
        ")",
        "",
        "NAMES_GONE: tuple[tuple[str, str, str], ...] = (",
        *(f"    ({module!r}, {name!r}, {' '.join(versions)!r}),"
          for (module, name), versions in sorted(names.items())),
        ")",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(recorded(), encoding="utf-8")
