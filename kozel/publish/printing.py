"""The rulebook a club prints, of one variant: the document, its PDF and its one-page HTML, as
`kozel rulebook` writes them and `import kozel` offers them (`kozel.rulebook_pdf`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.language.errors import KozelError

from .printed import Document, PrintedRulebook
from .rulebook import source_titles

if TYPE_CHECKING:
    from interpreter.language.model import Variant

    from .findings import Report


class TypesettingError(KozelError):
    """typst could not typeset the rulebook (a bug of ours: every text goes in as a string)."""


def printed_document(variant: Variant, lang: str = "en", report: Report | None = None
                     ) -> Document:
    """The rulebook of `variant` in `lang`; with a check's `report`, the edition for authors."""
    return PrintedRulebook(variant, lang, source_titles(variant)).document(report)


def rulebook_pdf(variant: Variant, lang: str = "en", report: Report | None = None) -> bytes:
    """The printed rulebook of `variant` as PDF bytes, typeset by typst with its own fonts."""
    import typst

    from .printed_out import pdf_bytes

    try:
        return pdf_bytes(printed_document(variant, lang, report))
    except typst.TypstError as error:
        raise TypesettingError(f"typst could not typeset the rulebook: {error.message}") \
            from None


def rulebook_html(variant: Variant, lang: str = "en", report: Report | None = None) -> str:
    """The printed rulebook of `variant` as one HTML page that needs nothing else to print."""
    from .printed_out import HtmlWriter

    return HtmlWriter(printed_document(variant, lang, report)).page()
