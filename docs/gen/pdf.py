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

CHROMIUM_VARIABLE = "KOZEL_CHROMIUM"  # a Chromium binary to print with; empty: print nothing
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
WORDS = {"en": "the rulebook as PDF", "ru": "свод правил в PDF"}
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


def print_pdf(chromium: str, page: Path, out: Path) -> None:
    """Print one built page (an index.html) to a PDF with headless Chromium."""
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", "--disable-background-networking",
                    "--no-first-run", "--no-pdf-header-footer", "--virtual-time-budget=10000",
                    f"--print-to-pdf={out}", page.as_uri()],
                   check=True, capture_output=True, timeout=300)


def print_rulebooks(site_dir: Path, variants: list[str], lang: str,
                    chromium: str | None) -> list[Path]:
    """Print every rulebook of one language's built site next to its page; return the PDFs."""
    if chromium is None:
        return []
    written = []
    for name in variants:
        folder = site_dir / "variants" / name
        out = folder / pdf_name(name, lang)
        try:
            print_pdf(chromium, folder / "index.html", out)
        except (OSError, subprocess.SubprocessError) as error:  # a broken browser: no PDF
            LOG.warning("kozel docs: %s could not print %s (%s)", chromium, out.name, error)
            continue
        written.append(out)
    return written
