"""The glossary page: the words of the checker (one per concept, from checks/reporting/kinds.py and
checks/reporting/vocabulary.py) and the words of the game, each in English and Russian with a
one-line meaning; the verdicts, the game's words and the page's headings are the catalogue's
(interpreter/language/words/*.json, section "glossary")."""

from __future__ import annotations

from checks.reporting.kinds import Kind
from checks.reporting.vocabulary import VERDICT_TERMS, Term, catalogued
from interpreter.language import catalogue

from .text import md_code, md_text

GLOSSARY_PATH = "glossary.md"


# The game's own words, as the source texts use them (the texts are Russian): the catalogue's
# "game.<key>" and "game.<key>.meaning".
GAME_TERMS: tuple[Term, ...] = tuple(
    catalogued(key, "game")
    for key in ("goat", "fish", "stock", "double", "eggs", "knock", "lead"))


def _heading(name: str, lang: str) -> str:
    return catalogue.text(f"glossary.{name}", lang)


def _other(lang: str) -> str:
    return "ru" if lang == "en" else "en"


def _meaning(text: str) -> str:
    """A meaning as written, its `code spans` (words of the rule language) shown as code."""
    parts = text.split("`")
    if len(parts) % 2 == 0:
        return md_text(text)
    return "".join(md_code(p) if i % 2 else md_text(p) for i, p in enumerate(parts))


def _table(terms: tuple[Term, ...], lang: str, *, json_column: bool) -> str:
    head = [_heading("word", lang), _heading("other", lang)] + \
        ([_heading("json", lang)] if json_column else [])
    rows = ["| " + " | ".join(head + [_heading("meaning", lang)]) + " |",
            "|" + "---|" * (len(head) + 1)]
    for term in terms:
        other = md_text(term.word(_other(lang)))  # the other language's word, marked as such
        cells = [f"**{md_text(term.word(lang))}**", f'<span lang="{_other(lang)}">{other}</span>']
        cells += [f"`{term.key}`"] if json_column else []
        rows.append("| " + " | ".join(cells + [_meaning(term.meanings[lang])]) + " |")
    return "\n".join(rows)


def glossary_page(lang: str) -> str:
    """Return the glossary in one language: finding kinds, verdicts, the game's words."""
    words = {name: _heading(name, lang) for name in
             ("title", "intro", "findings", "verdicts", "game", "game_intro")}
    return (f"# {words['title']}\n\n{words['intro']}\n\n"
            f"## {words['findings']} {{#findings}}\n\n"
            f"{_table(tuple(k.table for k in Kind), lang, json_column=True)}\n\n"
            f"## {words['verdicts']} {{#verdicts}}\n\n"
            f"{_table(VERDICT_TERMS, lang, json_column=False)}\n\n"
            f"## {words['game']} {{#game}}\n\n{words['game_intro']}\n\n"
            f"{_table(GAME_TERMS, lang, json_column=False)}\n")
