"""What every client process runs in: loopback only, dummy keys, no telemetry, a private home.

Clients run with ``HTTP(S)_PROXY`` pointing at a closed loopback port, so any request that is
not for 127.0.0.1 fails at once instead of leaving the machine; the fake model APIs are on
127.0.0.1 and exempt through ``NO_PROXY``. Keys are dummies. ``HOME`` is a fresh folder inside
the run's work folder, so no user configuration, credential or cache of the machine is read.
"""

from __future__ import annotations

import os
from pathlib import Path

RUNNERS = Path(__file__).resolve().parents[1] / "runners"
DEAD_PROXY = "http://127.0.0.1:9"  # the discard port: nothing listens there
DUMMY_KEY = "sk-portlint-conformance-dummy"


def runner_env(work: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    home = work / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TMPDIR": str(work),
        "HTTP_PROXY": DEAD_PROXY, "HTTPS_PROXY": DEAD_PROXY, "ALL_PROXY": DEAD_PROXY,
        "http_proxy": DEAD_PROXY, "https_proxy": DEAD_PROXY, "all_proxy": DEAD_PROXY,
        "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
        "NODE_OPTIONS": f"--require {RUNNERS / 'network-guard.cjs'}",
        "NO_UPDATE_NOTIFIER": "1", "DO_NOT_TRACK": "1",
    }
    env.update(extra or {})
    return env
