"""The catalogue's words about the family check (`kozel check` of several variants) and the
claims across variants (`relation`); checks/catalogue.py merges them into its entries."""

from __future__ import annotations

FAMILY_EN: dict[str, str] = {
    "family.no game": "no game shows it ({status})",
    "family.at boundary": "the game is at the boundary: the two rules part from total {total} "
                          "(the solver's least total)",
    "family.boundary": "the two rules part from total {total} (the solver's least total); no "
                       "game at that total was found, the game shown has total {shown}",
    "family.title": "Comparisons of the variants (each pair, options at their defaults)",
    "family.pair": "{a} and {b}: {different} different, {same} same, {other} other",
    "family.options": "options of {name}: {options}",
    "family.default": "{option} = {value} (default)",
    "family.open": "{option} left open (no default: any of {values}, the game's options say "
                   "which)",
    "family.none": "none",
    "family.difference": "{slot}: {status}",
    "family.through": "reached through {through}: the rule's words are the same in both",
    "family.cases": "{name}: {cases}",
    "diff.head": "diff {a} {b}",
    "diff.players": "players: {a} vs {b}",
    "diff.option only": "option {name}: only in {variant}",
    "diff.option differs": "option {name}: {a} (default {da}) vs {b} (default {db})",
    "diff.linked": "taken as one setting in both: {names}",
    "diff.slot": "{slot}: {status}{note}",
    "diff.default": "{label}: not written (the language's default applies)",
    "diff.counts": "{same} same, {different} different, {unconfirmed} unconfirmed, "
                   "{unknown} unknown, {incomparable} incomparable",
    "family.does": "does: {does}",
    "family.game": "a game of {name}: round {round}, move {moves}; its record replays with "
                   "`kozel replay --partial`",
    "family.game set up": "a game of {name}: the match as set up, before the first deal; its "
                          "record replays with `kozel replay --partial`",
    "family.table": "Family table (rows: slots; columns: pairs)",
    "family.legend": "= same, ≠ different, ~ incomparable, ? unconfirmed, … unknown",
    "family.column": "{column}: {a} and {b}",
    "family.slot": "slot",
    "status.same": "same", "status.different": "different",
    "status.incomparable": "incomparable", "status.unconfirmed": "unconfirmed",
    "status.unknown": "unknown",
    # claims across variants (checks/relations.py)
    "relation.proved": "relation {relation} is proved: {a} and {b} agree on every slot{listed}",
    "relation.refuted": "relation {relation} is refuted: `{slot}` is {status}, where the "
                        "relation says {says}",
    "relation.same": "the same",
    "relation.differs": "different",
    "relation.unsettled": "relation {relation} is not settled: `{slot}` is {status}",
    "relation.except": " but {slots}",
    "relation.expected": "as the file expects (`expect refuted`)",
    "relation.unexpected": "but the file expects it refuted (`expect refuted`)",
    "progress.variant": "checking {name} (variant {n} of {total})",
    "progress.pair": "comparing {a} and {b} (pair {n} of {total})",
    "progress.relation": "checking relation {relation} ({n} of {total})",
}

FAMILY_RU: dict[str, str] = {
    "family.no game": "ни одна партия этого не показала ({status})",
    "family.at boundary": "партия — на самой границе: правила расходятся начиная с суммы "
                          "{total} (наименьшая сумма по решателю)",
    "family.boundary": "правила расходятся начиная с суммы {total} (наименьшая сумма по "
                       "решателю); партии с такой суммой не нашлось, в показанной сумма {shown}",
    "family.title": "Сравнение вариантов (каждая пара, опции по умолчанию)",
    "family.pair": "{a} и {b}: различий: {different}, совпадений: {same}, прочего: {other}",
    "family.options": "опции {name}: {options}",
    "family.default": "`{option} = {value}` (по умолчанию)",
    "family.open": "{option} не задана (умолчания нет: любое из {values}, какое — видно в "
                   "опциях партии)",
    "family.none": "нет",
    "family.difference": "{slot}: {status}",
    "family.through": "следствие {through}: слова правила в обоих одни и те же",
    "family.cases": "{name}: {cases}",
    "diff.head": "сравнение {a} и {b}",
    "diff.players": "игроков: {a} против {b}",
    "diff.option only": "опция {name}: есть только в {variant}",
    "diff.option differs": "опция {name}: {a} (по умолчанию {da}) против {b} (по умолчанию "
                           "{db})",
    "diff.linked": "в обоих — одна и та же настройка: {names}",
    "diff.slot": "{slot}: {status}{note}",
    "diff.default": "{label}: не записано (действует умолчание языка)",
    "diff.counts": "совпадает: {same}, различается: {different}, не подтверждено: "
                   "{unconfirmed}, неизвестно: {unknown}, несравнимо: {incomparable}",
    "family.does": "ответы: {does}",
    "family.game": "партия {name}: раунд {round}, ход {moves}; её запись воспроизводится "
                   "командой `kozel replay --partial`",
    "family.game set up": "партия {name}: матч в начале, до первой сдачи; её запись "
                          "воспроизводится командой `kozel replay --partial`",
    "family.table": "Таблица семейства (строки — правила, столбцы — пары)",
    "family.legend": "= совпадает, ≠ различается, ~ несравнимо, ? не подтверждено, "
                     "… неизвестно",
    "family.column": "{column}: {a} и {b}",
    "family.slot": "правило",
    "status.same": "совпадает", "status.different": "различается",
    "status.incomparable": "несравнимо", "status.unconfirmed": "не подтверждено",
    "status.unknown": "неизвестно",
    "relation.proved": "отношение {relation} доказано: {a} и {b} совпадают во всех "
                       "правилах{listed}",
    "relation.refuted": "отношение {relation} опровергнуто: `{slot}` — {status}, а по "
                        "отношению — {says}",
    "relation.same": "совпадает",
    "relation.differs": "различается",
    "relation.unsettled": "отношение {relation} не решено: `{slot}` — {status}",
    "relation.except": ", кроме {slots}",
    "relation.expected": "как и ожидается в файле (`expect refuted`)",
    "relation.unexpected": "а файл ожидает, что оно будет опровергнуто (`expect refuted`)",
    "progress.variant": "проверяется {name} (вариант {n} из {total})",
    "progress.pair": "сравниваются {a} и {b} (пара {n} из {total})",
    "progress.relation": "проверяется отношение {relation} ({n} из {total})",
}
