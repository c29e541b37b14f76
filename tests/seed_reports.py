"""The seed variants as `kozel check spec/variants` loads them, and their reports as it computes
them: each in a fresh process, through the test run's cache (conftest.py), so that a test reads
what the main job computed instead of checking a seed again in its own process, where what the
process solved before could change the games found (checks/isolated.py)."""

from __future__ import annotations

import functools
from pathlib import Path

from checks.findings import VariantReport
from checks.run import CheckSettings, check_variants
from interpreter.language.model import Variant
from interpreter.language.resolve import load_paths

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec" / "variants"


@functools.cache
def seeds() -> dict[str, Variant]:
    """Every seed variant by name, its files named as `kozel check spec/variants` names them
    (relative to the working folder, the project's root)."""
    try:
        folder = SPEC.relative_to(Path.cwd().resolve())
    except ValueError:  # run from elsewhere: the same reports, under other file names
        folder = SPEC
    library, names = load_paths([folder])
    return {name: library.resolve(name) for name in names}


@functools.cache
def seed_report(name: str) -> VariantReport:
    """The report `kozel check spec/variants` gives a seed, at its default settings."""
    return check_variants([seeds()[name]], CheckSettings())[0]
