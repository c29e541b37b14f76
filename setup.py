"""Build hook: the seed variants of spec/variants ship inside the package, as interpreter/seeds,
so that an installed kozel finds `minsk` from any folder (see kozel/loading.py).

Everything else about the distribution is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SEEDS = Path(__file__).resolve().parent / "spec" / "variants"
SOURCES = SEEDS.parent / "sources"  # their source texts, for the concordance of `kozel check`


class BuildWithSeeds(build_py):
    """build_py that also copies spec/variants/*.kozel into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs from the checkout, which has spec/variants
        target = Path(self.build_lib) / "interpreter" / "seeds"
        self.mkpath(str(target))
        for seed in sorted(SEEDS.glob("*.kozel")) + sorted(SOURCES.glob("*.txt")):
            self.copy_file(str(seed), str(target / seed.name))


setup(cmdclass={"build_py": BuildWithSeeds})
