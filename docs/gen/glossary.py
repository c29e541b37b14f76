"""The glossary page: the words of the checker (one per concept, from checks/kinds.py and
checks/vocabulary.py) and the words of the game, each in English and Russian with a one-line
meaning."""

from __future__ import annotations

from checks.kinds import Kind
from checks.vocabulary import VERDICT_TERMS, Term

from .text import md_code, md_text

GLOSSARY_PATH = "glossary.md"


def _game(ru: str, en: str, meaning_en: str, meaning_ru: str) -> Term:
    return Term(ru, {"en": en, "ru": ru}, {"en": meaning_en, "ru": meaning_ru})


# The game's own words, as the source texts use them (the texts are Russian).
GAME_TERMS: tuple[Term, ...] = (
    _game("козёл", "goat",
          "the loser of a match: the side whose total passes the target (the game's name too)",
          "проигравший матч: сторона, чей счёт перешёл предел (и название игры)"),
    _game("рыба", "fish",
          "a blocked round: nobody can lay a tile, so the round ends with tiles in hand",
          "закрытый раунд: никто не может положить камень, и раунд кончается с камнями на руках"),
    _game("базар", "stock",
          "the undealt tiles, face down, that a player draws from when he cannot lay a tile",
          "не розданные камни рубашкой вверх, из которых берёт игрок, которому нечем ходить"),
    _game("дубль", "double",
          "a tile with the same number on both halves (0-0 to 6-6), laid across the line",
          "камень с одинаковым числом на обеих половинах (от 0-0 до 6-6), кладётся поперёк"),
    _game("яйца", "eggs (double blank)",
          "the tile 0-0, the double blank, as players call it (the seed texts write \"0-0\")",
          "камень 0-0, «пусто-пусто», как его зовут за столом (исходные тексты пишут «0-0»)"),
    _game("стучать", "knock",
          "to pass a turn by knocking on the table, having no tile that fits and nothing to draw",
          "пропустить ход, постучав по столу, когда нечем ходить и нечего взять"),
    _game("заход", "lead",
          "the first tile of a round, and the right to lay it (\"зайти в дупль\": lead a double)",
          "первый камень раунда и право его положить («зайти в дупль» — начать с дубля)"),
)

HEADINGS = {
    "en": {"title": "Glossary", "findings": "What the checker finds",
           "verdicts": "The checker's verdicts", "game": "The game's words",
           "intro": "One word for each concept, the same in `kozel check`, its JSON (`kind`), "
                    "the rulebooks and the README. The English word of a kind of finding is its "
                    "JSON value.",
           "word": "Word", "other": "По-русски", "json": "JSON `kind`", "meaning": "Meaning",
           "game_intro": "The words of Козёл as the source texts use them."},
    "ru": {"title": "Словарь", "findings": "Что находит проверка",
           "verdicts": "Вердикты проверки", "game": "Слова игры",
           "intro": "Одно слово для каждого понятия — одно и то же в `kozel check`, в его JSON "
                    "(`kind`), в сводах правил и в `README`. Английское слово вида находки — это "
                    "его значение в JSON.",
           "word": "Слово", "other": "По-английски", "json": "JSON `kind`", "meaning": "Значение",
           "game_intro": "Слова игры «Козёл», как их употребляют исходные тексты."},
}


def _other(lang: str) -> str:
    return "ru" if lang == "en" else "en"


def _meaning(text: str) -> str:
    """A meaning as written, its `code spans` (words of the rule language) shown as code."""
    parts = text.split("`")
    if len(parts) % 2 == 0:
        return md_text(text)
    return "".join(md_code(p) if i % 2 else md_text(p) for i, p in enumerate(parts))


def _table(terms: tuple[Term, ...], lang: str, *, json_column: bool) -> str:
    words = HEADINGS[lang]
    head = [words["word"], words["other"]] + ([words["json"]] if json_column else [])
    rows = ["| " + " | ".join(head + [words["meaning"]]) + " |",
            "|" + "---|" * (len(head) + 1)]
    for term in terms:
        other = md_text(term.word(_other(lang)))  # the other language's word, marked as such
        cells = [f"**{md_text(term.word(lang))}**", f'<span lang="{_other(lang)}">{other}</span>']
        cells += [f"`{term.key}`"] if json_column else []
        rows.append("| " + " | ".join(cells + [_meaning(term.meanings[lang])]) + " |")
    return "\n".join(rows)


def glossary_page(lang: str) -> str:
    """Return the glossary in one language: finding kinds, verdicts, the game's words."""
    words = HEADINGS[lang]
    return (f"# {words['title']}\n\n{words['intro']}\n\n"
            f"## {words['findings']} {{#findings}}\n\n"
            f"{_table(tuple(k.table for k in Kind), lang, json_column=True)}\n\n"
            f"## {words['verdicts']} {{#verdicts}}\n\n"
            f"{_table(VERDICT_TERMS, lang, json_column=False)}\n\n"
            f"## {words['game']} {{#game}}\n\n{words['game_intro']}\n\n"
            f"{_table(GAME_TERMS, lang, json_column=False)}\n")
