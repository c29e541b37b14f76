"""HTML pieces of a rulebook: a rule card with its citation beside it, badges, witnesses.

Every piece is one raw-HTML block without blank lines, so Markdown passes it through untouched.
Text written by a rule author (quotes, reasons, notes, claim texts) is escaped here.
"""

from __future__ import annotations

from html import escape

from checks.catalogue import is_translated, said_in
from checks.vocabulary import FINDING_TERMS, LANGS, VERDICT_TERMS
from interpreter.language.model import Citation, Variant

from .findings import Finding
from .ui import word
from .witness_html import witness_html

# The words of verdicts and kinds are the glossary's (checks/vocabulary.py): one word per concept.
STATUS_WORDS = {lang: {t.key: t.word(lang) for t in VERDICT_TERMS} for lang in LANGS}
EXPLANATIONS = {
    "en": {"gap": "The checker played a game in which this rule gives no answer.",
           "ambiguity": "The checker played a game in which this rule names no single tile "
                        "or player.",
           "conflict": "The checker played a game in which two cases of this rule apply and "
                       "disagree.",
           "unreachable": "This never applies.",
           "option:unreachable": "No rule or claim uses this option.",
           "unspecified": "Play can reach this case the text leaves unspecified.",
           "claim-refuted": "The checker played a game in which this does not hold.",
           "claim-proved": "The checker proved this for every situation.",
           "unknown": "The checker could not decide this within its time limit; it is not "
                      "counted as proved.",
           "unconfirmed": "The solver found a possible situation, but no game played through "
                          "the engine reached it within the checker's budget: it is not a "
                          "fact until a game shows it.",
           "default": "The text is silent here, and the language's own default decides; the "
                      "game shows a moment where it does.",
           "vacuous": "This holds only because the situations it speaks of never occur, so it "
                      "says nothing; it is not counted as proved.",
           "reading": "The checker compared the readings of this sentence: a game in which "
                      "they give this rule different values, or a proof that they never do."},
    "ru": {"gap": "Проверка сыграла партию, в которой это правило не даёт ответа.",
           "ambiguity": "Проверка сыграла партию, в которой правило не называет однозначно "
                        "камень или игрока.",
           "conflict": "Проверка сыграла партию, в которой применяются два случая правила, "
                       "и они расходятся.",
           "unreachable": "Это никогда не применяется.",
           "option:unreachable": "Ни одно правило и ни одно утверждение не использует эту опцию.",
           "unspecified": "Игра может дойти до этого случая, о котором текст молчит.",
           "claim-refuted": "Проверка сыграла партию, в которой это не выполняется.",
           "claim-proved": "Проверка доказала это для всех ситуаций.",
           "unknown": "Проверка не успела это решить; это не считается доказанным.",
           "unconfirmed": "Решатель нашёл возможную ситуацию, но ни одна партия, сыгранная "
                          "движком, до неё не дошла: это не факт, пока партия его не покажет.",
           "default": "Текст здесь молчит, и решает правило языка по умолчанию; партия "
                      "показывает момент, где оно применяется.",
           "vacuous": "Это выполняется лишь потому, что таких ситуаций не бывает, и потому "
                      "ничего не утверждает; это не считается доказанным.",
           "reading": "Проверка сравнила прочтения этой фразы: партия, в которой они дают "
                      "этому правилу разные значения, или доказательство, что таких нет."},
}
SEE_WITNESS = {"en": "The situation is drawn at the other rule.",
               "ru": "Ситуация показана у другого правила."}
CHECKER_SAYS = {"en": "The checker's words", "ru": "Слова проверки"}
KIND_WORDS = {lang: {t.key: t.word(lang) for t in FINDING_TERMS} for lang in LANGS}


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
    """Return one rule: sentence and remarks left, citation right, the checker's findings below."""
    below = f'<div class="kz-rule-findings">{extra}</div>' if extra else ""
    return (f'<div class="kz-rule kz-{kind}" id="{escape(anchor)}">'
            f'<div class="kz-rule-body"><p class="kz-sentence">{sentence}</p>'
            f'{"".join(remarks)}<p class="kz-meta">{meta}</p></div>'
            f"{cites_html}{below}</div>")


def status_badge(status: str, lang: str) -> str:
    """Return the badge of a checker's status (proved, refuted, unknown, vacuous, not
    checked)."""
    return badge(f"status-{status}", STATUS_WORDS[lang].get(status, status))


def finding_html(finding: Finding, lang: str, *, about: str = "", shown_at: str = "",
                 variant: Variant | None = None) -> str:
    """Return one finding of the checker: what kind, its message, and its witness drawn.

    shown_at: the anchor of the rule where the witness is drawn, when it is not this one;
    variant: the variant whose witness game it is (its record is replayed to draw the table).
    """
    kind = KIND_WORDS[lang].get(finding.kind, finding.kind)
    witness = witness_html(finding.witness, lang, variant=variant, message=finding.message) \
        if finding.witness and not shown_at else ""
    if shown_at and finding.witness:
        witness = (f'<p class="kz-finding-message"><a href="#{escape(shown_at)}">'
                   f"{escape(SEE_WITNESS[lang])}</a></p>")
    explained = EXPLANATIONS[lang].get(f"{about}{finding.kind}") or EXPLANATIONS[lang].get(
        finding.kind, "")
    return (f'<div class="kz-finding kz-finding-{escape(finding.status)}">'
            f'<p>{badge(f"status-{finding.status}", kind)} {escape(explained)}</p>'
            f'<p class="kz-finding-message">{escape(CHECKER_SAYS[lang])}: '
            f'{message_html(finding.message, lang)}</p>{witness}</div>')


def message_html(message: str, lang: str) -> str:
    """Return the checker's message in the page's language where the catalogue has it (else in
    English, marked so)."""
    said = lang if is_translated(message, lang) else "en"
    return f'<span lang="{said}">{escape(said_in(message, lang))}</span>'
