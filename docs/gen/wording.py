"""Sentences for the rule slots and the words of the rulebook pages, in English and Russian.

A slot's sentence templates are keyed by what its value is: a yes/no literal (`yes`, `no`), a
symbol (`partners`, `automatic`, ...), a written number (`zero`; `count`, with `{tiles}` agreeing
with it), a written list of tiles (`one`, `any`), or anything else (`value`). `{v}` is the value's
phrase. Templates start in lower case; the page capitalises them after a condition is put
before them.
"""

from __future__ import annotations

from interpreter.language.numbers import plural_word


# The sections of a rulebook, in the order of play: who plays, the tiles and the deal, who
# leads, the moves, the stock, the end of a round, scoring, the goat. Each slot of slots.py is in
# one (tests/language/test_slot_table.py); a slot missing here would go to "other".
SECTIONS: tuple[tuple[str, dict[str, str], tuple[str, ...]], ...] = (
    ("players", {"en": "Players and teams", "ru": "Игроки и команды"}, ("sides",)),
    ("table", {"en": "The tiles and the deal", "ru": "Камни и раздача"}, ("deal", "redeal")),
    ("lead", {"en": "Who leads", "ru": "Кто ходит первым"},
     ("lead match", "lead round", "lead tile")),
    ("moves", {"en": "The moves", "ru": "Ходы"}, ("pass", "two doubles")),
    ("draw", {"en": "Drawing from the stock", "ru": "Базар"}, ("draw", "reserve")),
    ("play", {"en": "The end of a round and the fish", "ru": "Конец раунда и «рыба»"},
     ("fish",)),
    ("scoring", {"en": "Scoring", "ru": "Подсчёт очков"},
     ("hand value", "loser", "score", "bonus", "carry", "opens", "remember")),
    ("match", {"en": "The goat and the end of the match", "ru": "«Козёл» и конец партии"},
     ("goat", "wins")),
)
# Where the options agreed before a match are explained: after the players, before the deal.
OPTIONS_SECTION = {"en": "Agreed before the match", "ru": "Договорённости перед партией"}
OTHER_SECTION = {"en": "Other rules", "ru": "Другие правила"}

SLOT_LABELS: dict[str, dict[str, str]] = {
    "sides": {"en": "Sides", "ru": "Стороны"},
    "deal": {"en": "Deal", "ru": "Раздача"},
    "draw": {"en": "Drawing from the stock", "ru": "Добор из базара"},
    "reserve": {"en": "Reserve", "ru": "Неприкосновенный запас"},
    "pass": {"en": "Knocking", "ru": "Пропуск хода"},
    "two doubles": {"en": "Two doubles at once", "ru": "Два дубля сразу"},
    "redeal": {"en": "Redeal", "ru": "Пересдача"},
    "lead match": {"en": "First move of the match", "ru": "Первый ход матча"},
    "lead round": {"en": "First move of a later round", "ru": "Первый ход следующего раунда"},
    "lead tile": {"en": "The opening tile", "ru": "Первый камень"},
    "fish": {"en": "Fish", "ru": "«Рыба»"},
    "hand value": {"en": "Value of a hand", "ru": "Стоимость руки"},
    "loser": {"en": "Losers of a round", "ru": "Проигравшие раунд"},
    "score": {"en": "Score", "ru": "Запись очков"},
    "bonus": {"en": "Bonuses", "ru": "Надбавки"},
    "carry": {"en": "Carried points", "ru": "Перенос очков"},
    "opens": {"en": "Opening the record", "ru": "Открытие записи"},
    "remember": {"en": "Points kept in mind", "ru": "Очки «в уме»"},
    "goat": {"en": "The goat", "ru": "«Козёл»"},
    "wins": {"en": "The winner of the match", "ru": "Победитель матча"},
}

# What a slot decides, as an indirect question ("the text does not say ...").
SLOT_QUESTIONS: dict[str, dict[str, str]] = {
    "sides": {"en": "who plays together", "ru": "кто играет вместе"},
    "deal": {"en": "how many tiles each player gets", "ru": "сколько камней получает игрок"},
    "draw": {"en": "what a player who cannot lay a tile does",
             "ru": "что делает игрок, которому нечем ходить"},
    "reserve": {"en": "how many stock tiles are never drawn",
                "ru": "сколько камней базара никогда не берут"},
    "pass": {"en": "whether a player may knock while able to play",
             "ru": "можно ли стучать, когда есть чем ходить"},
    "two doubles": {"en": "whether two doubles may be laid at once",
                    "ru": "можно ли ходить сразу двумя дублями"},
    "redeal": {"en": "whether the tiles are dealt again", "ru": "бывает ли пересдача"},
    "lead match": {"en": "who makes the first move of the match",
                   "ru": "кто делает первый ход матча"},
    "lead round": {"en": "who makes the first move of a later round",
                   "ru": "кто делает первый ход следующего раунда"},
    "lead tile": {"en": "which tile the round may be opened with",
                  "ru": "каким камнем можно открыть раунд"},
    "fish": {"en": "when a round ends as a fish", "ru": "когда раунд заканчивается «рыбой»"},
    "hand value": {"en": "what a hand left at the end counts",
                   "ru": "сколько стоит рука в конце раунда"},
    "loser": {"en": "which sides lose the round", "ru": "кто проигрывает раунд"},
    "score": {"en": "what a side writes for the round", "ru": "что сторона записывает за раунд"},
    "bonus": {"en": "which extra points a side writes", "ru": "какие надбавки записывает сторона"},
    "carry": {"en": "which points are carried to the next round",
              "ru": "какие очки переходят в следующий раунд"},
    "opens": {"en": "when a side's record opens", "ru": "когда открывается запись стороны"},
    "remember": {"en": "what a side whose record is not open keeps in mind",
                 "ru": "что держит в уме сторона с неоткрытой записью"},
    "goat": {"en": "who loses the match", "ru": "кто проигрывает матч"},
    "wins": {"en": "who wins the match", "ru": "кто выигрывает матч"},
}

SENTENCES: dict[str, dict[str, dict[str, str]]] = {
    "sides": {
        "en": {"partners": "players play in pairs, partners sitting opposite each other",
               "individual": "each player plays for themselves", "value": "the sides are: {v}"},
        "ru": {"partners": "играют пара на пару, партнёры сидят друг напротив друга",
               "individual": "каждый играет сам за себя", "value": "стороны: {v}"}},
    "deal": {
        "en": {"count": "each player is dealt {v} {tiles}", "value": "each player is dealt {v} tiles"},
        "ru": {"count": "каждый игрок получает {v} {tiles}",
               "value": "каждый игрок получает камней: {v}"}},
    "draw": {
        "en": {"none": "a player who cannot lay a tile knocks (passes the turn); nobody draws "
                       "from the stock",
               "one": "a player who cannot lay a tile draws one tile from the stock and lays it "
                      "if it fits; otherwise the turn passes",
               "until_playable": "a player who cannot lay a tile draws from the stock until a "
                                 "tile fits (or the stock runs out) and lays it",
               "value": "a player who cannot lay a tile: {v}"},
        "ru": {"none": "игрок, которому нечем ходить, стучит (пропускает ход); из базара не берут",
               "one": "игрок, которому нечем ходить, берёт из базара один камень и кладёт его, "
                      "если он подходит, иначе пропускает ход",
               "until_playable": "игрок, которому нечем ходить, берёт камни из базара, пока не "
                                 "найдёт подходящий (или пока базар не кончится), и кладёт его",
               "value": "игрок, которому нечем ходить: {v}"}},
    "reserve": {
        "en": {"zero": "every tile of the stock may be drawn",
               "count": "{v} {tiles} of the stock are never drawn",
               "value": "tiles of the stock never drawn: {v}"},
        "ru": {"zero": "из базара можно брать все камни",
               "count": "{v} {tiles} базара никогда не берут",
               "value": "камней базара, которые никогда не берут: {v}"}},
    "pass": {
        "en": {"yes": "a player may knock even when able to lay a tile",
               "no": "a player who can lay a tile must lay one",
               "value": "a player may knock even when able to lay a tile if {v}"},
        "ru": {"yes": "игрок может стучать, даже если ему есть чем ходить",
               "no": "игрок, которому есть чем ходить, обязан ходить",
               "value": "игрок может стучать, даже если ему есть чем ходить, если {v}"}},
    "two doubles": {
        "en": {"yes": "two doubles may be laid in one move, one on each end",
               "no": "only one tile is laid per move",
               "value": "two doubles may be laid in one move, one on each end, if {v}"},
        "ru": {"yes": "можно ходить сразу двумя дублями, по одному на каждый конец",
               "no": "за ход кладут только один камень",
               "value": "можно ходить сразу двумя дублями, по одному на каждый конец, если {v}"}},
    "redeal": {
        "en": {"automatic": "the tiles are dealt again",
               "optional": "the holder of such a hand may have the tiles dealt again",
               "never": "there is no redeal", "value": "redeal: {v}"},
        "ru": {"automatic": "камни сдаются заново",
               "optional": "владелец такой руки может потребовать пересдачу",
               "never": "пересдачи нет", "value": "пересдача: {v}"}},
    "lead match": {"en": {"value": "the first move of the match is made by {v}"},
                   "ru": {"value": "первый ход в матче делает {v}"}},
    "lead round": {"en": {"value": "the first move of a later round is made by {v}"},
                   "ru": {"value": "первый ход в следующем раунде делает {v}"}},
    "lead tile": {
        "en": {"one": "the round is opened with {v}", "any": "the round is opened with one of {v}",
               "value": "the round is opened with any tile from {v}"},
        "ru": {"one": "первым в раунде кладут {v}", "any": "первым в раунде кладут один из "
                                                         "камней {v}",
               "value": "первым в раунде кладут любой камень из {v:gen}"}},
    "fish": {
        "en": {"yes": "the round ends as a fish", "no": "the round does not end as a fish",
               "value": "the round ends as a fish when {v}"},
        "ru": {"yes": "раунд заканчивается «рыбой»", "no": "раунд не заканчивается «рыбой»",
               "value": "раунд заканчивается «рыбой», когда {v}"}},
    "hand value": {"en": {"value": "a hand left at the end of the round counts {v}"},
                   "ru": {"value": "рука, оставшаяся в конце раунда, стоит: {v}"}},
    "loser": {
        "en": {"yes": "the side loses the round", "no": "the side does not lose the round",
               "value": "a side loses the round when {v}"},
        "ru": {"yes": "сторона проигрывает раунд", "no": "сторона не проигрывает раунд",
               "value": "сторона проигрывает раунд, если {v}"}},
    "score": {"en": {"value": "the side writes for the round: {v}"},
              "ru": {"value": "сторона записывает за раунд: {v}"}},
    "bonus": {"en": {"value": "the side writes extra: {v}"},
              "ru": {"value": "сторона дополнительно записывает: {v}"}},
    "carry": {"en": {"value": "carried over to the next round: {v}"},
              "ru": {"value": "на следующий раунд переходит: {v}"}},
    "opens": {
        "en": {"yes": "the side's record opens with this round's points",
               "no": "the side's record does not open with this round",
               "value": "the side's record opens when {v}"},
        "ru": {"yes": "запись стороны открывается очками этого раунда",
               "no": "запись стороны этим раундом не открывается",
               "value": "запись стороны открывается, если {v}"}},
    "remember": {"en": {"value": "a side whose record stays closed keeps in mind: {v}"},
                 "ru": {"value": "сторона, чья запись не открылась, держит в уме: {v}"}},
    "goat": {
        "en": {"yes": "the side is the goat: it loses the match", "no": "the side is not the goat",
               "value": "a side is the goat (loses the match) when {v}"},
        "ru": {"yes": "сторона становится «козлом» — проигрывает матч",
               "no": "сторона не становится «козлом»",
               "value": "сторона становится «козлом» (проигрывает матч), если {v}"}},
    "wins": {
        "en": {"yes": "the side wins the match", "no": "the side does not win the match",
               "value": "a side wins the match when {v}"},
        "ru": {"yes": "сторона выигрывает матч", "no": "сторона не выигрывает матч",
               "value": "сторона выигрывает матч, если {v}"}},
}
# A slot whose value is an option of the slot's own kind (`draw: draw_each`): each value's meaning.
OPTION_CHOICES = {"en": "as agreed before the match: {choices}",
                  "ru": "как договорились перед партией: {choices}"}
GENERIC_SENTENCE = {"en": "{slot}: {v}", "ru": "{slot}: {v}"}
GUARDED = {"en": "if {g}: {s}", "ru": "если {g}: {s}"}
OTHERWISE = {"en": "in every other case: {s}", "ru": "в остальных случаях: {s}"}
GAP = {"en": "the text does not say {q}; play that reaches this point stops",
       "ru": "текст не говорит, {q}; игра, дошедшая до этого места, останавливается"}

TILE_NOUNS = {"en": {"one": "tile", "other": "tiles"},
              "ru": {"one": "камень", "few": "камня", "many": "камней"}}


def tiles_noun(lang: str, count: int) -> str:
    """Return the word "tile" agreeing with a number, by Babel's plural rules of the language
    (Russian has three forms: 1 камень, 2 камня, 5 камней)."""
    return plural_word(count, TILE_NOUNS[lang], lang)


# Claims: what a claim's context quantifies over.
CLAIM_SCOPES = {
    "setup": {"en": "for every player count and option", "ru": "при любом числе игроков и опциях"},
    "deal": {"en": "for every deal", "ru": "при любой раздаче"},
    "hand": {"en": "for every dealt hand", "ru": "для любой розданной руки"},
    "play": {"en": "at every moment of play", "ru": "в любой момент игры"},
    "end": {"en": "for every side at the end of every round, once the round is written down",
            "ru": "для любой стороны в конце любого раунда, после записи его очков"},
}
