"""Each rulebook as a PDF beside its page: the printed rulebook (printed.py), typeset by typst.

The PDF is what `kozel rulebook VARIANT --pdf OUT --lang LANG` writes: the rules a player needs,
with no rule-file syntax, paths or records (the page itself has the part for rule authors). No
browser is needed: typst is a wheel with its own fonts, so every build publishes the PDFs.
"""

from __future__ import annotations

from pathlib import Path

from interpreter.language import catalogue
from interpreter.language.model import Variant
from kozel.outputs import write_file

from .printed import PrintedRulebook
from .printed_out import pdf_bytes

WORDS = {lang: catalogue.text("pdf.link", lang) for lang in catalogue.LANGS}


def pdf_name(variant: str, lang: str) -> str:
    """The file name of a rulebook's PDF, beside its page (variants/NAME/)."""
    return f"{variant}.{lang}.pdf"


def pdf_link(variant: str, lang: str) -> str:
    """The link to a rulebook's PDF that its page shows beside the language switch."""
    return (f' · <a class="kz-pdf" href="{pdf_name(variant, lang)}" '
            f'type="application/pdf">{WORDS[lang]}</a>')


def write_rulebooks(site_dir: Path, variants: list[Variant], lang: str) -> list[Path]:
    """Write every rulebook of one language's built site as a PDF next to its page; return
    the PDFs written."""
    titles = {v.source: v.source_title for v in variants if v.source and v.source_title}
    written = []
    for variant in variants:
        out = site_dir / "variants" / variant.name / pdf_name(variant.name, lang)
        out.parent.mkdir(parents=True, exist_ok=True)
        write_file(out, pdf_bytes(PrintedRulebook(variant, lang, titles).document()))
        written.append(out)
    return written
