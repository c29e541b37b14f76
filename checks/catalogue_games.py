"""The catalogue's words about games: what a witness game shows, the language's defaults, the
readings, the comparisons, and why no game confirmed a candidate (checks/catalogue.py merges
them into its English and Russian entries).

Seats and sides are numbered from 1 in both languages, as people at the table number them
(`seat_no`, `seat_said` and `side_said` of interpreter/engine/words.py, which also holds the
entries for a seat, a side and a list); the records and the JSON keep the engine's numbers, from 0.
"""

from __future__ import annotations

GAMES_EN: dict[str, str] = {
    # the things a game shows (checks/targets.py, checks/defaults.py, checks/assumed.py)
    "shows.claim false": "claim {claim} is false here",
    "shows.claim undefined": "claim {claim} is undefined here: {why}",
    "shows.goats": "round {round} makes {sides} the goat at once",
    "shows.winners": "round {round} makes {sides} win the match at once",
    "shows.negative": "{side} is written {points} points",
    "shows.fish ends": "a fish with ends {left} and {right}",
    "shows.assumed": "the assumed rule `{slot}` applies here and gives {value}",
    "assumed.no game": "{reason} (no game shows it: {why})",
    "assumed.option": "no rule reads the option, so no game can show what it changes",
    "assumed.unasked": "no game of the {played} played reached a moment where the engine asks "
                       "this rule and the case applies",
    "value.no tile": "no tile",
    "value.yes": "yes",
    "value.no": "no",
    "shows.could lay": "seat {seat} laid {tile}: holding a tile that fits, a player may not "
                       "knock",
    "shows.drew last": "the last tile of the stock was drawn: every stock tile may be drawn",
    "shows.both doubles": "seat {seat} holds {a} and {b} for the two ends, and lays one at a "
                          "time",
    "shows.knocked": "seat {seat} cannot lay a tile and the stock is empty: he knocks",
    "shows.differs": "`{slot}` answers differently here",
    # the language's defaults (checks/defaults.py)
    "default.pass": "`pass` is not written, so the language's default applies: a player who "
                    "can lay a tile must lay one; he knocks only when he cannot",
    "default.reserve": "`reserve` is not written, so the language's default applies: every "
                       "tile of the stock may be drawn, to the last",
    "default.two doubles": "`two doubles` is not written, so the language's default applies: "
                           "two doubles are never laid in one move",
    "default.draw": "the text does not say what a player does who cannot lay a tile when the "
                    "stock is empty; the language's rule applies: he knocks",
    # readings of one sentence (checks/readings.py)
    "readings": "readings '{chosen}' (chosen) and '{other}'",
    "reading.differ": "{words} give `{slot}` different values: the choice matters in this game",
    "reading.differ.same points": "{words} give `{slot}` different values in this game, but "
                                  "no game found wrote different points under them: the "
                                  "choice may not matter at the table",
    "reading.same": "{words} give `{slot}` the same value in every situation: the choice does "
                    "not matter here",
    "reading.unconfirmed": "not confirmed by a game ({reason}); the solver's candidate: {words} "
                           "give `{slot}` different values",
    "reading.unknown": "{words}: cannot tell whether they give `{slot}` different values "
                       "({reason})",
    # a game of one variant replayed under the other (checks/diff_games.py)
    "under.stops": "the record replays until {rule} stops it",
    "under.not a game": "not a game of {name} ({error})",
    "under.not a game of": "not a game of {name}: its rules do not let the game go this way",
    "under.both": "the record replays too: a game of both",
    "named": "{name}: {text}",
    "joined": "{a}; {b}",
    "note.same text": "same rule text",
    "note.never shared": "the two never share such a situation",
    "unused option": "option '{option}' is never used by any rule or claim",
    # the concordance of the source text (checks/unaccounted.py)
    "unaccounted": "{source}:{line}: no rule cites this sentence and no `aside` says why it "
                   "states none: «{text}»",
    # what the playouts found (checks/playouts.py)
    "playout": "playout: {message}",
    "playout.knocked fits": "seat {seat} knocked while holding a tile that fits the ends "
                            "{left} | {right}",
    "playout.knocked stock": "seat {seat} knocked while the stock could be drawn",
    "playout.undefined": " (undefined: {why})",
    "playout.claim fails": "claim {claim} fails in play{detail} (ends {left} | {right})",
    "playout.fish": "a fish left ends {left} | {right}, though the checker proved they must be "
                    "equal",
    "playout.no replay": "the match's record does not replay: {error}",
    "playout.other result": "the match's record replays to a different result",
    "playout.stopped": "playout: the engine stopped where the checker found no gap: {message}",
    "playout.reached": "playout: play reaches a case the text leaves unspecified: "
                       "`{slot}: {case}` (line {line}): {message} (the static check did not "
                       "find it)",
    # why no game confirmed a candidate (checks/games.py, checks/realise.py)
    "unfound": "no game of the {played} played reached it",
    "unfound.stops": "{text}; games stopped first at {stops}",
    "unfound.stop": "{rule} ({count}×)",
    "no target": "no game can show it",
    "no replay": "the game found does not replay: {trouble}",
    "replay.stops instead": "it stops at {rule} instead",
    "replay.no stop": "it does not stop at {rule}",
    "replay.ends": "it ends at {got}, not at {at}",
}

GAMES_RU: dict[str, str] = {
    "shows.claim false": "утверждение {claim} здесь не выполняется",
    "shows.claim undefined": "утверждение {claim} здесь не определено: {why}",
    "shows.goats": "раунд {round} делает козлом сразу: {sides}",
    "shows.winners": "в раунде {round} матч выигрывают сразу: {sides}",
    "shows.negative": "{side}: записано {points} очков",
    "shows.fish ends": "«рыба» с концами {left} и {right}",
    "shows.assumed": "здесь применяется допущенное правило `{slot}` и даёт {value}",
    "assumed.no game": "{reason} (партии, которая это показывает, нет: {why})",
    "assumed.option": "опцию не читает ни одно правило, так что ни одна партия не покажет, "
                      "что она меняет",
    "assumed.unasked": "ни в одной из сыгранных партий ({played}) движок не дошёл до момента, "
                       "где спрашивается это правило и применяется этот случай",
    "value.no tile": "ни одного камня",
    "value.yes": "да",
    "value.no": "нет",
    "shows.could lay": "игрок на месте {seat} положил {tile}: когда есть камень, который "
                       "подходит, стучать нельзя",
    "shows.drew last": "взят последний камень базара: брать можно любой камень базара",
    "shows.both doubles": "у игрока на месте {seat} есть {a} и {b} для двух концов, и он "
                          "кладёт их по одному",
    "shows.knocked": "игроку на месте {seat} нечем ходить, а базар пуст: он стучит",
    "shows.differs": "здесь `{slot}` отвечает по-разному",
    "default.pass": "`pass` не записан, поэтому действует правило языка по умолчанию: игрок, "
                    "которому есть чем ходить, обязан ходить; стучит он, только когда нечем",
    "default.reserve": "`reserve` не записан, поэтому действует правило языка по умолчанию: "
                       "брать можно любой камень базара, до последнего",
    "default.two doubles": "`two doubles` не записан, поэтому действует правило языка по "
                           "умолчанию: два дубля одним ходом никогда не кладут",
    "default.draw": "текст не говорит, что делает игрок, которому нечем ходить, когда базар "
                    "пуст; действует правило языка: он стучит",
    "readings": "прочтения `{chosen}` (выбранное) и `{other}`",
    "reading.differ": "{words} дают `{slot}` разные значения: в этой партии выбор важен",
    "reading.differ.same points": "{words} дают `{slot}` разные значения в этой партии, но ни "
                                  "в одной найденной партии они не записали разных очков: "
                                  "за столом выбор может ничего не менять",
    "reading.same": "{words} дают `{slot}` одно значение в любой ситуации: здесь выбор не "
                    "важен",
    "reading.unconfirmed": "не подтверждено партией ({reason}); кандидат решателя: {words} "
                           "дают `{slot}` разные значения",
    "reading.unknown": "{words}: не удалось решить, дают ли они `{slot}` разные значения "
                       "({reason})",
    "under.stops": "запись воспроизводится, пока её не остановит {rule}",
    "under.not a game": "это не партия варианта {name} ({error})",
    "under.not a game of": "это не партия варианта {name}: его правила не дают партии так идти",
    "under.both": "запись воспроизводится и здесь: это партия обоих вариантов",
    "named": "{name}: {text}",
    "joined": "{a}; {b}",
    "note.same text": "тот же текст правила",
    "note.never shared": "у двух вариантов не бывает общей такой ситуации",
    "unused option": "опция `{option}` не используется ни одним правилом или утверждением",
    "unaccounted": "{source}:{line}: эту фразу не цитирует ни одно правило, и ни одно `aside` "
                   "не объясняет, почему правила в ней нет: «{text}»",
    "playout": "разыгрыш: {message}",
    "playout.knocked fits": "игрок на месте {seat} постучал, хотя у него есть камень, "
                            "подходящий к концам {left} | {right}",
    "playout.knocked stock": "игрок на месте {seat} постучал, хотя мог взять из базара",
    "playout.undefined": " (не определено: {why})",
    "playout.claim fails": "утверждение {claim} не выполняется в игре{detail} (концы {left} | "
                           "{right})",
    "playout.fish": "«рыба» оставила концы {left} | {right}, хотя проверка доказала, что они "
                    "должны быть равны",
    "playout.no replay": "запись матча не воспроизводится: {error}",
    "playout.other result": "запись матча воспроизводится с другим результатом",
    "playout.stopped": "разыгрыш: движок остановился там, где проверка не нашла пробела: "
                       "{message}",
    "playout.reached": "разыгрыш: игра доходит до случая, о котором текст молчит: "
                       "`{slot}: {case}` (строка {line}): {message} (статическая проверка его "
                       "не нашла)",
    "unfound": "ни одна из сыгранных партий ({played}) до этого не дошла",
    "unfound.stops": "{text}; партии раньше останавливались на {stops}",
    "unfound.stop": "{rule} ({count}×)",
    "no target": "никакая партия не может это показать",
    "no replay": "найденная партия не воспроизводится: {trouble}",
    "replay.stops instead": "вместо этого она останавливается на {rule}",
    "replay.no stop": "она не останавливается на {rule}",
    "replay.ends": "она кончается на {got}, а не на {at}",
}
