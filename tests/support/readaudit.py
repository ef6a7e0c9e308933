"""A test of the default suite may read only the repository, the temporary directory, installed
packages and the machine's own folders: this fails one that reads, lists, writes or hands a
child process any other path (the third-party ``shared/`` folder, a sibling checkout, the home folder).

It is a Python audit hook (``sys.addaudithook``), active while a test not in a data layer
(``shared_data``, ``live_oracle``) sets up, runs and tears down. It sees every ``open`` — also the
imports — and directory listing in this process, and the arguments and working directory of every
process a test starts (what that process then reads is its own business: a test must not name an
outside path to it). Collection is not watched: parametrising a layer's tests may list its data.

Allowed: the repository (pytest's root), the temporary directory, the Python installation and its
site-packages, the editors' cache (``$PORTLINT_EDITOR_CACHE``, else
``~/.cache/portlint-editors``, which ``editors/install-test-editors.sh`` fills), and the
system's own folders (``/usr``, ``/etc``, ``/proc``, ...).
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
import tempfile
from collections.abc import Generator, Iterable
from pathlib import Path
from typing import Any

import pytest

SYSTEM = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc", "/proc", "/sys", "/dev",
          "/run", "/var/lib/dpkg", "/var/cache/fontconfig")
LAYER_MARKERS = ("shared_data", "live_oracle")
# audit events whose arguments name paths: event -> indexes of the path arguments
PATH_EVENTS = {
    "open": (0,), "os.listdir": (0,), "os.scandir": (0,), "os.chdir": (0,), "os.mkdir": (0,),
    "os.remove": (0,), "os.rmdir": (0,), "os.rename": (0, 1), "os.replace": (0, 1),
    "os.symlink": (0, 1), "os.link": (0, 1), "shutil.copyfile": (0, 1), "shutil.copytree": (0, 1),
    "shutil.rmtree": (0,), "shutil.move": (0, 1), "glob.glob": (0,), "glob.glob/2": (0,),
}


def editor_cache() -> Path:
    return Path(os.environ.get("PORTLINT_EDITOR_CACHE",
                               Path.home() / ".cache" / "portlint-editors"))


def default_roots(repo: Path, temp: Iterable[Path] = ()) -> list[str]:
    roots: set[str] = {str(repo), tempfile.gettempdir(), str(editor_cache()), *SYSTEM,
                       *(str(t) for t in temp)}
    roots.update({sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix})
    roots.update(p for p in sysconfig.get_paths().values() if p)
    roots.update(site.getsitepackages())
    roots.add(site.getusersitepackages())
    out: set[str] = set()
    for root in roots:
        out.add(os.path.abspath(root))
        out.add(os.path.realpath(root))
    return sorted(out)


class ReadAudit:
    def __init__(self, roots: Iterable[str]) -> None:
        self.roots = tuple(r.rstrip(os.sep) or os.sep for r in roots)
        self.seen: list[str] | None = None  # the current test's outside paths, while watching

    def allowed(self, path: str) -> bool:
        for candidate in (os.path.abspath(path), os.path.realpath(path)):
            for root in self.roots:
                if candidate == root or candidate.startswith(root + os.sep):
                    return True
        return False

    def lists_an_ancestor(self, path: str) -> bool:
        """Whether ``path`` is a folder above an allowed root (listing it is how a tool finds
        its project's files upward: ``os.scandir("/")`` from a temporary folder)."""
        candidate = os.path.abspath(path).rstrip(os.sep) + os.sep
        return any(root.startswith(candidate) for root in self.roots)

    def _check(self, event: str, value: Any) -> None:
        if isinstance(value, int) or value is None:
            return
        try:
            path = os.fsdecode(value)
        except TypeError:
            return
        if event in ("os.listdir", "os.scandir") and path and self.lists_an_ancestor(path):
            return
        if path and not self.allowed(path):
            assert self.seen is not None
            self.seen.append(f"{event} {path}")

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if self.seen is None:
            return
        if event in PATH_EVENTS:
            for index in PATH_EVENTS[event]:
                if index < len(args):
                    self._check(event, args[index])
        elif event == "subprocess.Popen":
            executable, argv, cwd = args[0], args[1], args[2]
            self._check(event + " cwd", cwd)
            for arg in [argv] if isinstance(argv, str | bytes) else list(argv or ()):
                text = os.fsdecode(arg) if isinstance(arg, str | bytes | os.PathLike) else ""
                for part in text.split("=", 1)[-1:] if text.startswith("-") else [text]:
                    if os.path.isabs(part):
                        self._check(event, part)
            del executable  # the program itself: an installed one, checked through argv[0]

    def watching(self) -> _Watch:
        return _Watch(self)


class _Watch:
    def __init__(self, audit: ReadAudit) -> None:
        self.audit = audit

    def __enter__(self) -> list[str]:
        self.audit.seen = []
        return self.audit.seen

    def __exit__(self, *exc: object) -> None:
        self.audit.seen = None


_INSTALLED: list[ReadAudit] = []


def install(config: pytest.Config) -> None:
    """Called once per session (an audit hook cannot be removed: it is switched off between
    tests instead)."""
    if not _INSTALLED:
        basetemp = config.getoption("basetemp", None)
        _INSTALLED.append(ReadAudit(default_roots(Path(str(config.rootpath)),
                                                  [Path(basetemp)] if basetemp else [])))
        sys.addaudithook(_INSTALLED[0].hook)


def _audited(item: pytest.Item) -> bool:
    return not any(item.get_closest_marker(m) is not None for m in LAYER_MARKERS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _watched(item, "set-up"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _watched(item, "run"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _watched(item, "tear-down"))


def _watched(item: pytest.Item, phase: str) -> Generator[None, None, None]:
    if not _INSTALLED or not _audited(item):
        return (yield)
    with _INSTALLED[0].watching() as seen:
        result = yield
    if seen:
        shown = "\n  ".join(dict.fromkeys(seen))
        pytest.fail(f"this default-suite test's {phase} used paths outside the repository, the "
                    f"temporary directory and installed packages (mark it shared_data or "
                    f"live_oracle if it needs them):\n  {shown}", pytrace=False)
    return result
