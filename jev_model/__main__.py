"""``python -m jev_model``: the ``jev`` command."""

import sys

from jev_model.cli import main

sys.exit(main())
