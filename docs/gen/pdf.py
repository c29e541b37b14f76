"""Each rulebook as a PDF, printed from the built site by headless Chromium.

Chromium's own print (`--print-to-pdf`) lays the page out with the site's print stylesheet
(docs/stylesheets/kozel.css, `@media print`): no navigation, a page break before each major
section, tiles and scenes kept whole. The page's print script (docs/javascripts/print.js) opens
the games behind the findings before it prints. Chromium is the browser .ci/run installs
(Debian's `chromium`); KOZEL_CHROMIUM names another binary. Without one the build says so once
and publishes no PDFs (and no links to them): it does not fail.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from pathlib import Path

from interpreter.language import catalogue

CHROMIUM_VARIABLE = "KOZEL_CHROMIUM"  # a Chromium binary to print with; empty: print nothing
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
WORDS = {lang: catalogue.text("pdf.link", lang) for lang in catalogue.LANGS}
LOG = logging.getLogger("kozel.docs")  # not mkdocs' logger: a missing browser fails no --strict
_WARNED: set[str] = set()


def find_chromium() -> str | None:
    """Return the Chromium binary to print with, or None (warned about once per build run)."""
    named = os.environ.get(CHROMIUM_VARIABLE)
    if named == "":  # PDFs turned off on purpose: nothing to warn about
        return None
    found = (shutil.which(named) if named else
             next((shutil.which(name) for name in NAMES if shutil.which(name)), None))
    if found is None and not _WARNED:
        _WARNED.add("chromium")
        LOG.warning("kozel docs: no Chromium found (%s); the rulebooks are published without "
                    "PDFs (.ci/run installs Debian's chromium)",
                    named or " / ".join(NAMES))
    return found


def pdf_name(variant: str, lang: str) -> str:
    """The file name of a rulebook's PDF, beside its page (variants/NAME/)."""
    return f"{variant}.{lang}.pdf"


def pdf_link(variant: str, lang: str) -> str:
    """The link to a rulebook's PDF that its page shows beside the language switch."""
    return (f' · <a class="kz-pdf" href="{pdf_name(variant, lang)}" '
            f'type="application/pdf">{WORDS[lang]}</a>')


def _printing(chromium: str, page: Path, out: Path) -> subprocess.Popen[bytes]:
    """Start printing one built page (an index.html) to a PDF with headless Chromium."""
    return subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                             "--disable-dev-shm-usage", "--disable-background-networking",
                             "--no-first-run", "--no-pdf-header-footer",
                             f"--print-to-pdf={out}", page.as_uri()],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def print_rulebooks(site_dir: Path, variants: list[str], lang: str,
                    chromium: str | None) -> list[Path]:
    """Print every rulebook of one language's built site next to its page, all at once (each
    print waits mostly on its own browser); return the PDFs written."""
    if chromium is None:
        return []
    started = []
    for name in variants:
        folder = site_dir / "variants" / name
        out = folder / pdf_name(name, lang)
        out.unlink(missing_ok=True)  # a PDF of an earlier build is no proof of this one
        try:
            started.append((out, _printing(chromium, folder / "index.html", out)))
        except OSError as error:  # the binary found cannot be run
            LOG.warning("kozel docs: %s cannot run (%s): no PDF of %s", chromium, error, name)
    written = []
    for out, process in started:
        try:
            failed = process.wait(timeout=300) != 0 or not out.is_file()
        except subprocess.TimeoutExpired:
            process.kill()
            failed = True
        if failed:  # a broken browser: the build goes on without this PDF
            LOG.warning("kozel docs: %s could not print %s", chromium, out.name)
        else:
            written.append(out)
    return written
