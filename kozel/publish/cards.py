"""HTML pieces of a rulebook: a rule card with its citation beside it, badges, witnesses.

Every piece is one raw-HTML block without blank lines, so Markdown passes it through untouched.
Text written by a rule author (quotes, reasons, notes, claim texts, source names and titles)
is escaped here by text.md_text, never by `html.escape` alone: a card is raw HTML today, but
the text must stay text wherever Markdown reads it.
"""

from __future__ import annotations

from html import escape
from typing import Callable

from checks.reporting.catalogue import is_translated, said_in
from checks.reporting.findings import Finding
from checks.reporting.kinds import Kind, OnSite
from checks.reporting.vocabulary import LANGS, VERDICT_TERMS
from interpreter.language import catalogue
from interpreter.language.model import Citation, Variant

from .findings import status_of
from .text import md_code, md_text, said_html
from .ui import word
from .witness_html import witness_html

# The words of verdicts and kinds are the glossary's (checks/reporting/vocabulary.py,
# checks/reporting/kinds.py): one word per concept.
STATUS_WORDS = {lang: {t.key: t.word(lang) for t in VERDICT_TERMS} for lang in LANGS}
# What an unused option's `unreachable` says (the kind's own sentence, checks/reporting/kinds.py,
# speaks of a rule).
OPTION_EXPLANATIONS = {Kind.UNREACHABLE: {lang: catalogue.text("cards.unused option", lang)
                                       for lang in LANGS}}
SEE_WITNESS = {lang: catalogue.text("cards.see witness", lang) for lang in LANGS}
CHECKER_SAYS = {lang: catalogue.text("cards.checker says", lang) for lang in LANGS}


ANOTHER_TEXT = {lang: catalogue.text("cards.another text", lang) for lang in LANGS}


def citations_html(cites: tuple[Citation, ...], source: str | None, lang: str,
                   titles: dict[str, str] | None = None, *, with_file: bool = False,
                   changed: Callable[[Citation], bool] = lambda _: False) -> str:
    """Return the quoted phrases of the source beside a rule (always in Russian, as written).

    A quote from another text than the variant's names that text: by its file name (as code),
    or, where `titles` is given (source file → title), by its title (in Russian, as written),
    followed by its file name as code when `with_file` is set. A quote of a sentence the
    variant's house rule changes (`changed`) is struck through, with why."""
    if not cites:
        return f'<div class="kz-cites kz-none">{escape(word(lang, "no_citation"))}</div>'
    quotes = []
    for cite in cites:
        origin = (f"<cite>{_source_named(cite.source, lang, titles, with_file)}</cite>"
                  if cite.source and cite.source != source else "")
        quoted = f"«{md_text(cite.quote)}»"
        if changed(cite):
            quoted = (f"<del>{quoted}</del> <em lang=\"{lang}\" class=\"kz-changed\">"
                      f"({escape(word(lang, 'changed_quote'))})</em>")
        quotes.append(f'<blockquote class="kz-cite" lang="ru"><p>{quoted}</p>'
                      f"{origin}</blockquote>")
    return '<div class="kz-cites">' + "".join(quotes) + "</div>"


def _source_named(file: str, lang: str, titles: dict[str, str] | None, with_file: bool) -> str:
    """A source text named for a reader: its title where known, its file name as code."""
    code = md_code(file)
    if titles is None:
        return code
    title = titles.get(file)
    if title is None:
        return code if with_file else escape(ANOTHER_TEXT[lang])
    return f"{md_text(title)} ({code})" if with_file else md_text(title)


def badge(kind: str, label: str, title: str = "") -> str:
    """Return a small label (assumption, gap, default, status) for a rule."""
    hint = f' title="{escape(title)}"' if title else ""
    return f'<span class="kz-badge kz-badge-{kind}"{hint}>{escape(label)}</span>'


def remark(kind: str, label: str, text: str) -> str:
    """Return a labelled paragraph under a rule: an assumption's reason or a note."""
    return (f'<p class="kz-remark kz-remark-{kind}"><strong>{escape(label)}:</strong> '
            f"{md_text(text)}</p>")


def rule_card(*, anchor: str, kind: str, sentence: str, remarks: list[str], meta: str,
              cites_html: str, extra: str = "") -> str:
    """Return one rule: sentence and remarks left, citation right, the checker's findings below."""
    below = f'<div class="kz-rule-findings">{extra}</div>' if extra else ""
    small = f'<p class="kz-meta">{meta}</p>' if meta else ""
    return (f'<div class="kz-rule kz-{kind}" id="{escape(anchor)}">'
            f'<div class="kz-rule-body"><p class="kz-sentence">{sentence}</p>'
            f'{"".join(remarks)}{small}</div>'
            f"{cites_html}{below}</div>")


def status_badge(status: str, lang: str) -> str:
    """Return the badge of a checker's status (proved, refuted, unknown, vacuous, not
    checked)."""
    return badge(f"status-{status}", STATUS_WORDS[lang].get(status, status))


def finding_html(finding: Finding, lang: str, *, about: str = "", shown_at: str = "",
                 variant: Variant | None = None) -> str:
    """Return one finding of the checker: what kind, its message, and its witness drawn.

    about: "option:" for a finding about an option (it is explained as such);
    shown_at: the anchor of the rule where the witness is drawn, when it is not this one;
    variant: the variant whose witness game it is (its record is replayed to draw the table).
    """
    kind = finding.kind.word(lang)
    status = status_of(finding)
    witness = witness_html(finding.witness, lang, variant=variant) \
        if finding.witness and not shown_at else ""
    if shown_at and finding.witness:
        witness = (f'<p class="kz-finding-message"><a href="#{escape(shown_at)}">'
                   f"{escape(SEE_WITNESS[lang])}</a></p>")
    return (f'<div class="kz-finding kz-finding-{escape(status.value)}">'
            f'<p>{badge(f"status-{status.value}", kind)} '
            f'{escape(_explained(finding.kind, about, lang))}</p>'
            f'<p class="kz-finding-message">{escape(CHECKER_SAYS[lang])}: '
            f'{message_html(finding.message, lang)}</p>{witness}</div>')


def _explained(kind: Kind, about: str, lang: str) -> str:
    """The sentence that says what a kind of finding means here, in the page's language."""
    if about == "option:" and kind in OPTION_EXPLANATIONS:
        return OPTION_EXPLANATIONS[kind][lang]
    return kind.site.explanation[lang] if isinstance(kind.site, OnSite) else ""


def message_html(message: str, lang: str) -> str:
    """Return the checker's message in the page's language where the catalogue has it (else in
    English, marked so)."""
    said = lang if is_translated(message, lang) else "en"
    return f'<span lang="{said}">{said_html(said_in(message, lang))}</span>'
