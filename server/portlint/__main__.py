"""``python -m portlint`` runs the ``portlint`` command."""

from portlint.cli.main import run

run()
