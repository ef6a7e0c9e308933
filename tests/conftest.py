"""Test layers: a test marked ``shared_data`` or ``live_oracle`` runs only where its layer is
available (see ``tests/support/layers.py``); every other test is held to reading nothing outside
the repository (``tests/support/readaudit.py``)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from tests.support import layers, readaudit

# No test is timed (speed lives in bench/): a property test's example that runs long on a loaded
# machine is not a failure, so Hypothesis' per-example deadline is off everywhere. The suite is a
# gate: its property tests draw the same examples on every run (a red build means the change, not
# the draw); `HYPOTHESIS_PROFILE=explore` draws new ones each run, and bench/fuzz.py runs the same
# invariants for as long as wanted. What either finds is kept as an @example.
settings.register_profile("portlint", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "portlint"))


def pytest_configure(config: pytest.Config) -> None:
    readaudit.install(config)
    config.pluginmanager.register(readaudit, "portlint-readaudit")


@pytest.hookimpl(tryfirst=True)  # before pytest's own skips (an empty parameter set, say)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("shared_data") is not None and layers.shared_root() is None:
        layers.unavailable("shared", layers.WHY["shared"])
    if item.get_closest_marker("live_oracle") is not None and not layers.live_enabled():
        layers.unavailable("live", layers.WHY["live"])
