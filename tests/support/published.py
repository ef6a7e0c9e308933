"""The newest release a registry publishes now (npm's `latest` tag, PyPI's current version), for
the live tests that hold every behaviour table to the releases users install today.

Used only by the live layer: it asks the registries over the network."""

from __future__ import annotations

import json
import re
import subprocess
import urllib.request
from functools import cache

_TIMEOUT = 60


@cache
def newest(package: str, ecosystem: str) -> str:
    """The version ``package`` installs today without a pin."""
    if ecosystem == "npm":
        done = subprocess.run(["npm", "view", package, "version"], capture_output=True,
                              text=True, timeout=_TIMEOUT, check=True)
        return done.stdout.strip().splitlines()[-1]
    if ecosystem == "pypi":
        url = f"https://pypi.org/pypi/{package}/json"
        with urllib.request.urlopen(url, timeout=_TIMEOUT) as answer:
            version: str = json.load(answer)["info"]["version"]
        return version
    raise ValueError(f"unknown ecosystem {ecosystem!r}")


def release_key(version: str) -> tuple[int, ...]:
    """A release's place in its line (``1.10.0`` after ``1.9.4``); pre-releases are not
    compared here."""
    return tuple(int(part) for part in re.findall(r"\d+", version))


def behind(followed: dict[tuple[str, str], set[str]]) -> list[str]:
    """For each (package, ecosystem) and the releases a table follows, what is newer now:
    one line per package whose newest release is not among them."""
    lines: list[str] = []
    for (package, ecosystem), versions in sorted(followed.items()):
        published = newest(package, ecosystem)
        ours = max(versions, key=release_key)
        if release_key(published) > release_key(ours):
            lines.append(f"{package} ({ecosystem}): {published} is published, the newest "
                         f"followed is {ours}")
    return lines
