"""``python -m portlint`` runs the ``portlint`` command."""

import sys

from portlint.cli.main import main

sys.exit(main())
