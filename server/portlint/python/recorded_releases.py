"""What a release between the recorded ones of its major line does, from what they do.

The tables recorded from the frameworks themselves (:mod:`portlint.python.framework_keywords`,
:mod:`portlint.python.framework_attributes`) hold a few releases of each line. A release
between two recorded ones fails where both fail (it failed before and after it); one newer than
the newest recorded, where the newest does; one older than the oldest recorded of its line is
not judged."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from portlint.python.pins import parse_version

Recorded = TypeVar("Recorded")


def failure_between(releases: Mapping[str, Recorded], version: str,
                    said: Callable[[Recorded], str | None]) -> str | None:
    """What ``said`` gives of the nearest recorded release at or below ``version`` on its
    line, when the nearest at or above it (if any) says something too; else None."""
    target = parse_version(version)
    if target is None:
        return None
    line = sorted((found, release) for release in releases
                  if (found := parse_version(release)) is not None and found[0] == target[0])
    below = [release for found, release in line if found <= target]
    above = [release for found, release in line if found >= target]
    if not below:
        return None
    failure = said(releases[below[-1]])
    if failure is None or (above and said(releases[above[0]]) is None):
        return None
    return failure
