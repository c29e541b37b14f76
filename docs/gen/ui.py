"""The fixed words of the generated pages (headings, labels, legends), in English and Russian."""

from __future__ import annotations

UI: dict[str, dict[str, str]] = {
    "en": {
        "rulebooks": "Rulebooks",
        # the playground's rulebook (docs/gen/playground): the checker needs Z3, not in a browser
        # the playground's table and runs (docs/gen/playground)
        "pg_not_your_turn": "It is not your turn.",
        "pg_no_such_move": "There is no move {move}: the moves are numbered 0 to {last}.",
        "pg_round_not_over": "The round is not over yet.",
        "pg_no_table": "There is no table {table}: open a new one.",
        "pg_bad_seat": "Seat {seat} is not at this table: the seats are 1 to {players}.",
        "pg_bad_matches": "The number of matches must be 1 to {most}.",
        "not_checked_here": "Not checked here: the checker needs the Z3 solver, which does not "
                            "run in the browser. Run `kozel check playground.kozel` on your "
                            "computer to check this variant.",
        "rulebooks_intro": "Each rulebook below is generated from a variant in `spec/variants/` "
                           "when the site is built: every rule in plain words, with the sentence "
                           "of the source text it encodes beside it.",
        "other_language": "Читать по-русски",
        "generated_from": "Generated from",
        "source_text": "Source text",
        "extends": "Builds on",
        "players": "Players",
        "players_sentence": "Number of players: {n}.",
        "several_goats_sentence": "Several sides may become the goat in the same round: "
                                  "they all lose the match.",
        "or": "or",
        "overview": "At a glance",
        "rules_count": "rules",
        "cited": "cited from the text",
        "assumed": "assumptions",
        "gaps": "unspecified",
        "uncited": "without a citation",
        "claims": "Claims",
        "options": "Options",
        "no_options": "This variant has no options.",
        "option": "option",
        "values": "values",
        "default": "default",
        "no_default": "none — chosen before a match",
        "provenance": "from the text",
        "rules": "Rules",
        "meaning": "What this decides",
        "not_written": "Not written in the variant; the language's default applies",
        "default_badge": "default",
        "assumption": "Assumption",
        "assumption_title": "not in the text: the encoding decided this",
        "gap": "Unspecified",
        "gap_title": "the text is silent here",
        "note": "Note",
        "no_citation": "no citation",
        "written": "as written",
        "inherited": "inherited from",
        "claim_says": "The author claims that, {scope}, {claim}",
        "findings": "Checker's findings",
        "findings_intro": "Properties the checker looks at in every variant, and findings "
                          "about no single rule.",
        "legend": "How to read this page",
        "legend_cited": "a rule of the text, with the sentence it encodes",
        "legend_assumed": "an assumption: the text does not say this; the encoding decided it, "
                          "for the reason given",
        "legend_gap": "unspecified: the text is silent here, and play that reaches it stops",
        "variants_table_name": "Variant",
        "variants_table_title": "Title",
        "variants_table_players": "Players",
        "variants_table_status": "Checked",
        "variants_table_assumed": "Assumptions",
        "variants_table_gaps": "Unspecified",
        "section": "section",
        "authors": "For rule authors",
        "authors_intro": "What the rulebook above is made from: the rule file, each rule as "
                         "written with its place in the file, the readings with their games, "
                         "the author's claims and the checker's findings.",
        "as_written": "The rules as written",
        "to_rule": "the rule in words",
        "in_file": "in the rule file",
        "or_as_agreed": "as agreed before the match",
        "if_not_agreed": "unless agreed otherwise",
        "choose_before": "chosen before the match",
    },
    "ru": {
        "pg_not_your_turn": "Сейчас не ваш ход.",
        "pg_no_such_move": "Хода {move} нет: ходы пронумерованы от 0 до {last}.",
        "pg_round_not_over": "Раунд ещё не окончен.",
        "pg_no_table": "Стола {table} нет: откройте новый.",
        "pg_bad_seat": "Места {seat} за этим столом нет: места от 1 до {players}.",
        "pg_bad_matches": "Число партий должно быть от 1 до {most}.",
        "not_checked_here": "Здесь не проверено: проверке нужен решатель Z3, который не работает "
                            "в браузере. Чтобы проверить этот вариант, запустите на своём "
                            "компьютере `kozel check playground.kozel`.",
        "rulebooks": "Правила",
        "rulebooks_intro": "Каждый свод правил ниже создаётся при сборке сайта из варианта в "
                           "`spec/variants/`: каждое правило — простыми словами, а рядом — "
                           "фраза исходного текста, которую оно передаёт.",
        "other_language": "Read in English",
        "generated_from": "Создано из",
        "source_text": "Исходный текст",
        "extends": "Основан на",
        "players": "Игроки",
        "players_sentence": "Число игроков: {n}.",
        "several_goats_sentence": "В одном раунде козлами могут стать сразу несколько сторон: "
                                  "все они проигрывают партию.",
        "or": "или",
        "overview": "Коротко",
        "rules_count": "правил",
        "cited": "с цитатой из текста",
        "assumed": "допущений",
        "gaps": "не указано",
        "uncited": "без цитаты",
        "claims": "Утверждения",
        "options": "Опции",
        "no_options": "У этого варианта нет опций.",
        "option": "опция",
        "values": "значения",
        "default": "по умолчанию",
        "no_default": "не задано — выбирается перед матчем",
        "provenance": "из текста",
        "rules": "Правила",
        "meaning": "Что здесь решается",
        "not_written": "В варианте не записано; действует значение языка по умолчанию",
        "default_badge": "по умолчанию",
        "assumption": "Допущение",
        "assumption_title": "в тексте этого нет: так решено при записи правил",
        "gap": "Не указано",
        "gap_title": "текст здесь молчит",
        "note": "Примечание",
        "no_citation": "без цитаты",
        "written": "запись",
        "inherited": "унаследовано от",
        "claim_says": "Автор утверждает, что {scope} {claim}",
        "findings": "Находки проверки",
        "findings_intro": "Свойства, которые проверка смотрит в каждом варианте, и находки, "
                          "не относящиеся к одному правилу.",
        "legend": "Как читать эту страницу",
        "legend_cited": "правило текста и фраза, которую оно передаёт",
        "legend_assumed": "допущение: в тексте этого нет, так решено при записи правил — "
                          "по указанной причине",
        "legend_gap": "не указано: текст здесь молчит, и игра, дошедшая до этого места, "
                      "останавливается",
        "variants_table_name": "Вариант",
        "variants_table_title": "Название",
        "variants_table_players": "Игроки",
        "variants_table_status": "Проверка",
        "variants_table_assumed": "Допущения",
        "variants_table_gaps": "Не указано",
        "section": "раздел",
        "authors": "Для составителей правил",
        "authors_intro": "Из чего сделан свод правил выше: файл правил, каждое правило так, "
                         "как оно записано, с местом в файле, прочтения с их партиями, "
                         "утверждения автора и находки проверки.",
        "as_written": "Правила, как они записаны",
        "to_rule": "правило словами",
        "in_file": "в файле правил",
        "or_as_agreed": "по договорённости перед партией",
        "if_not_agreed": "если не договорились иначе",
        "choose_before": "выбирается перед партией",
    },
}


def word(lang: str, key: str) -> str:
    """Return a fixed word of the pages in a language."""
    return UI[lang][key]
