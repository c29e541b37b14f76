"""`python -m kozel`: the command line, as the `kozel` script runs it."""

import sys

from kozel.cli import main

sys.exit(main())
