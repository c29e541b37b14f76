"""The helpers the tests share (strategies.py, libraries.py, engine_support.py, site_build.py)
and their data (golden/, corpus/, records/) live here, beside the test folders that mirror the
packages (docs/architecture.md)."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:  # `from strategies import ...` from any folder of tests
    sys.path.insert(0, str(TESTS))
