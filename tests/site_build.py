"""The real site, built once per test run and shared by every test that reads it (the docs
tests, the browser tests, the highlighting test)."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

from shared_runs import once

ROOT = Path(__file__).resolve().parents[1]
LANG_ROOTS = {"en": "", "ru": "ru"}  # English at the site's root, Russian under ru/


def page_file(site: Path, lang: str, *parts: str) -> Path:
    """Return the built HTML file of a page (a folder URL) in one language."""
    return site.joinpath(LANG_ROOTS[lang], *parts, "index.html")


@functools.cache
def built_site() -> tuple[Path, str]:
    """Build the site once per test run (by whichever worker asks first), exactly as a user
    would; return (folder, errors)."""
    def build(folder: Path) -> None:
        run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d",
                              str(folder / "site")], cwd=ROOT, capture_output=True, text=True,
                             timeout=1800)
        (folder / "errors").write_text("" if run.returncode == 0 else run.stdout + run.stderr)

    folder = once("site", build)
    return folder / "site", (folder / "errors").read_text()
