"""The real site, built once per test run and shared by every test that reads it (the docs
tests, the browser tests, the highlighting test)."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

from shared_runs import once, start

ROOT = Path(__file__).resolve().parents[1]
LANG_ROOTS = {"en": "", "ru": "ru"}  # English at the site's root, Russian under ru/


def page_file(site: Path, lang: str, *parts: str) -> Path:
    """Return the built HTML file of a page (a folder URL) in one language."""
    return site.joinpath(LANG_ROOTS[lang], *parts, "index.html")


BUILD = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", "{folder}/site"]


def start_building() -> None:
    """Start the build in the background (once per run), so that the tests that read the site,
    in any worker, find it made or being made (conftest.py calls this at collection)."""
    start("site", BUILD)


@functools.cache
def built_site() -> tuple[Path, str]:
    """The site built once per test run, exactly as a user would, by whichever worker asks
    first, or in the background since collection; return (folder, errors)."""
    def build(folder: Path) -> None:
        command = [part.replace("{folder}", str(folder)) for part in BUILD]
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1800)
        (folder / "errors").write_text("" if run.returncode == 0 else run.stdout + run.stderr)

    folder = once("site", build)
    return folder / "site", (folder / "errors").read_text()
