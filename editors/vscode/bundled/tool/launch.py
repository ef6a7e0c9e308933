"""Run the portlint bundled with the extension, with the Python the user chose.

    python -I launch.py check-bundle      # exit 0 and print the version, or say why not
    python -I launch.py serve [ARGS...]   # the language server

The extension starts this with ``-I`` (isolated: no PYTHONPATH, no user site, not the current
folder), and the bundled libraries go first on ``sys.path``, so the user's environment can
neither break nor replace them. ``bundle.json`` (written by ``bundle.py``) names the CPython
versions the bundle holds compiled modules for.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUNDLED = os.path.dirname(HERE)
LIBS = os.path.join(BUNDLED, "libs")


def problem():
    """Why the bundle cannot run on this interpreter, or None."""
    try:
        with open(os.path.join(BUNDLED, "bundle.json"), encoding="utf-8") as file:
            manifest = json.load(file)
    except OSError:
        return "this copy of the extension has no bundled portlint (bundled/bundle.json is missing)"
    running = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if sys.implementation.name != "cpython" or running not in manifest["pythons"]:
        return (f"the bundled portlint runs on CPython {', '.join(manifest['pythons'])}; "
                f"{sys.executable} is {sys.implementation.name} {running}")
    return None


def main():
    why = problem()
    if why is not None:
        sys.stderr.write(why + "\n")
        return 3
    sys.path.insert(0, LIBS)
    from portlint import __version__
    from portlint.cli.main import main as portlint_main

    if sys.argv[1:2] == ["check-bundle"]:
        import portlint.lsp.server  # noqa: F401  (every library the server needs imports)

        print(__version__)
        return 0
    return portlint_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
