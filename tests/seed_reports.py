"""The seed variants as `kozel check spec/variants` loads them, and their reports as it computes
them: each in a fresh process, through the test run's cache (conftest.py), so that a test reads
what the main job computed instead of checking a seed again in its own process, where what the
process solved before could change the games found (checks/running/isolated.py)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the site's generator is not installed with the package
    sys.path.insert(0, str(ROOT))

from checks.reporting.findings import VariantReport  # noqa: E402
from checks.running.run import CheckSettings, check_variants  # noqa: E402
from interpreter.language.model import Variant  # noqa: E402
from kozel.publish.site import load_variants  # noqa: E402


@functools.cache
def seeds() -> dict[str, Variant]:
    """Every seed variant by name, its files named as `kozel check spec/variants` names them
    (as the site loads them: relative to the working folder, the project's root)."""
    return {variant.name: variant for variant in load_variants(ROOT)}


@functools.cache
def seed_report(name: str) -> VariantReport:
    """The report `kozel check spec/variants` gives a seed, at its default settings."""
    return check_variants([seeds()[name]], CheckSettings())[0]
