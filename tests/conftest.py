"""Test layers: a test marked ``shared_data`` or ``live_oracle`` runs only where its layer is
available (see ``tests/support/layers.py``)."""

from __future__ import annotations

import pytest

from tests.support import layers


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("shared_data") is not None and layers.shared_root() is None:
        layers.unavailable("shared", "the third-party data layer needs PORTLINT_SHARED (the "
                                     "folder holding corpus/ and json-schema-test-suite/)")
    if item.get_closest_marker("live_oracle") is not None and not layers.live_enabled():
        layers.unavailable("live", "the live oracles run only with PORTLINT_LIVE=1")
