"""The table of what the MCP Python SDK 1.x has and 2.x does not (server/portlint/python/
sdk_gone.py) is what the SDKs themselves hold: the live layer imports every module of both
again and fails on any difference, so a new release of either line shows up here."""

from __future__ import annotations

import pytest

from tests.python import record_sdk_names


@pytest.mark.live_oracle
def test_the_table_is_what_the_installed_sdks_hold() -> None:
    assert record_sdk_names.TARGET.read_text(encoding="utf-8") == record_sdk_names.recorded(), (
        "the SDKs differ from the committed table: run "
        "`python -m tests.python.record_sdk_names` and review the difference")
