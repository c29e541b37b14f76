"""HTML pieces of a rulebook: a rule card with its citation beside it, badges, witnesses.

Every piece is one raw-HTML block without blank lines, so Markdown passes it through untouched.
Text written by a rule author (quotes, reasons, notes, claim texts) is escaped here.
"""

from __future__ import annotations

from html import escape

from interpreter.model import Citation

from .findings import PROVED, REFUTED, Finding, Witness
from .tiles_svg import line_svg, tiles_html
from .ui import word

STATUS_WORDS = {
    "en": {PROVED: "proved", REFUTED: "refuted", "unknown": "unknown (timeout)",
           "not-checked": "not checked"},
    "ru": {PROVED: "доказано", REFUTED: "опровергнуто", "unknown": "не решено (время вышло)",
           "not-checked": "не проверено"},
}
WITNESS_WORDS = {
    "en": {"witness": "A situation that shows it", "players": "players", "seat": "Seat",
           "stock": "Stock", "line": "Line", "ends": "Ends", "options": "Options",
           "moves": "Moves"},
    "ru": {"witness": "Ситуация, которая это показывает", "players": "игроков", "seat": "Место",
           "stock": "Базар", "line": "Линия", "ends": "Концы", "options": "Опции",
           "moves": "Ходы"},
}


def citations_html(cites: tuple[Citation, ...], source: str | None, lang: str) -> str:
    """Return the quoted phrases of the source beside a rule (always in Russian, as written)."""
    if not cites:
        return f'<div class="kz-cites kz-none">{escape(word(lang, "no_citation"))}</div>'
    quotes = []
    for cite in cites:
        origin = (f'<cite>{escape(cite.source)}</cite>'
                  if cite.source and cite.source != source else "")
        quotes.append(f'<blockquote class="kz-cite" lang="ru"><p>«{escape(cite.quote)}»</p>'
                      f"{origin}</blockquote>")
    return '<div class="kz-cites">' + "".join(quotes) + "</div>"


def badge(kind: str, label: str, title: str = "") -> str:
    """Return a small label (assumption, gap, default, status) for a rule."""
    hint = f' title="{escape(title)}"' if title else ""
    return f'<span class="kz-badge kz-badge-{kind}"{hint}>{escape(label)}</span>'


def remark(kind: str, label: str, text: str) -> str:
    """Return a labelled paragraph under a rule: an assumption's reason or a note."""
    return (f'<p class="kz-remark kz-remark-{kind}"><strong>{escape(label)}:</strong> '
            f"{escape(text)}</p>")


def rule_card(*, anchor: str, kind: str, sentence: str, remarks: list[str], meta: str,
              cites_html: str, extra: str = "") -> str:
    """Return one rule: its sentence and remarks on the left, the citation on the right."""
    return (f'<div class="kz-rule kz-{kind}" id="{escape(anchor)}">'
            f'<div class="kz-rule-body"><p class="kz-sentence">{sentence}</p>'
            f'{"".join(remarks)}{extra}<p class="kz-meta">{meta}</p></div>'
            f"{cites_html}</div>")


def status_badge(status: str, lang: str) -> str:
    """Return the badge of a checker's status (proved, refuted, unknown, not checked)."""
    return badge(f"status-{status}", STATUS_WORDS[lang].get(status, status))


def finding_html(finding: Finding, lang: str) -> str:
    """Return one finding of the checker: its status, message and witness."""
    witness = witness_html(finding.witness, lang) if finding.witness else ""
    return (f'<div class="kz-finding kz-finding-{escape(finding.status)}">'
            f"{status_badge(finding.status, lang)} "
            f'<span class="kz-finding-kind">{escape(finding.kind)}</span>'
            f'<p class="kz-finding-message">{escape(finding.message)}</p>{witness}</div>')


def witness_html(witness: Witness, lang: str) -> str:
    """Return a witness drawn with tiles: players and options, hands, stock, line and ends."""
    words = WITNESS_WORDS[lang]
    rows = []
    if witness.players is not None:
        rows.append(_row("", f"{witness.players} {words['players']}"))
    if witness.options:
        rows.append(_row(words["options"], ", ".join(
            f"<code>{escape(k)}</code> = {escape(v)}" for k, v in witness.options)))
    for seat, hand in enumerate(witness.hands):
        rows.append(_row(f"{words['seat']} {seat}", tiles_html(hand)))
    if witness.stock:
        rows.append(_row(words["stock"], tiles_html(witness.stock)))
    if witness.line:
        rows.append(_row(words["line"], line_svg(witness.line)))
    if witness.ends is not None:
        rows.append(_row(words["ends"], f"{witness.ends[0]} … {witness.ends[1]}"))
    rows += [_row(escape(k), escape(v)) for k, v in witness.facts]
    if witness.moves:
        rows.append(_row(words["moves"], escape("; ".join(witness.moves))))
    return (f'<div class="kz-witness"><p class="kz-witness-title">{escape(words["witness"])}</p>'
            f'<table class="kz-witness-table">{"".join(rows)}</table></div>')


def _row(label: str, content: str) -> str:
    return f"<tr><th>{label}</th><td>{content}</td></tr>"
