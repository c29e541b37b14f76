"""Words for the vocabulary of the language (interpreter/language/slots.py), in English and Russian.

Every term, function and symbol of the language gets a phrase in each language. A phrase has
grammatical *forms*: English `nom` (as subject or object) and `in` (a place: "in the hand");
Russian `nom` (именительный), `gen` (родительный) and `loc` (a place: «на руке»). A form that a
table leaves out is derived (see phrase.py). Function templates name their arguments as `{0}` or
`{0:gen}` (the argument in that form). Yes/no terms have a `yes` and a `no` phrase.
"""

from __future__ import annotations

Forms = dict[str, str]

# ---- terms ----------------------------------------------------------------------------------
TERMS: dict[str, dict[str, Forms]] = {
    "players": {"en": {"nom": "the number of players"},
                "ru": {"nom": "число игроков", "gen": "числа игроков"}},
    "hand": {"en": {"nom": "the hand", "in": "in the hand"},
             "ru": {"nom": "рука", "gen": "руки", "loc": "на руке"}},
    "first": {"en": {"yes": "this is the first round of the match",
                     "no": "this is not the first round of the match"},
              "ru": {"yes": "это первый раунд матча", "no": "это не первый раунд матча"}},
    "dealt": {"en": {"nom": "the dealt tiles", "in": "among the dealt tiles"},
              "ru": {"nom": "розданные камни", "gen": "розданных камней",
                     "loc": "среди розданных камней"}},
    "stock": {"en": {"nom": "the stock", "in": "in the stock"},
              "ru": {"nom": "базар", "gen": "базара", "loc": "в базаре"}},
    "previous": {"en": {"nom": "the previous round"},
                 "ru": {"nom": "предыдущий раунд", "gen": "предыдущего раунда"}},
    "winner": {"en": {"nom": "the player who went out"},
               "ru": {"nom": "вышедший игрок", "gen": "вышедшего игрока"}},
    "fisher": {"en": {"nom": "the player who made the fish"},
               "ru": {"nom": "поставивший «рыбу» игрок", "gen": "поставившего «рыбу» игрока"}},
    "leader": {"en": {"nom": "the player who led the previous round"},
               "ru": {"nom": "начинавший предыдущий раунд игрок",
                      "gen": "начинавшего предыдущий раунд игрока"}},
    "losers": {"en": {"nom": "the sides that lost the previous round"},
               "ru": {"nom": "проигравшие предыдущий раунд стороны",
                      "gen": "проигравших предыдущий раунд сторон"}},
    "lot": {"en": {"nom": "the player drawn by lot"},
            "ru": {"nom": "игрок, выпавший по жребию", "gen": "игрока, выпавшего по жребию"}},
    "left": {"en": {"nom": "the value on the left end"},
             "ru": {"nom": "число на левом конце", "gen": "числа на левом конце"}},
    "right": {"en": {"nom": "the value on the right end"},
              "ru": {"nom": "число на правом конце", "gen": "числа на правом конце"}},
    "line": {"en": {"nom": "the tiles on the table", "in": "on the table"},
             "ru": {"nom": "камни на столе", "gen": "камней на столе", "loc": "на столе"}},
    "hands": {"en": {"nom": "the tiles in the players' hands", "in": "in the players' hands"},
              "ru": {"nom": "камни на руках", "gen": "камней на руках",
                     "loc": "на руках у игроков"}},
    "blocked": {"en": {"yes": "no player can lay a tile or draw one",
                       "no": "some player can still lay a tile or draw one"},
                "ru": {"yes": "ни один игрок не может ни походить, ни взять камень",
                       "no": "кто-то из игроков ещё может походить или взять камень"}},
    "covered": {"en": {"nom": "the number of the spinner's sides covered"},
                "ru": {"nom": "число закрытых сторон «спиннера»",
                       "gen": "числа закрытых сторон «спиннера»"}},
    "up": {"en": {"nom": "the value on the spinner's upper arm"},
           "ru": {"nom": "число на верхней ветви «спиннера»",
                  "gen": "числа на верхней ветви «спиннера»"}},
    "down": {"en": {"nom": "the value on the spinner's lower arm"},
             "ru": {"nom": "число на нижней ветви «спиннера»",
                    "gen": "числа на нижней ветви «спиннера»"}},
    "laid": {"en": {"nom": "the tile just laid", "in": "among the tiles just laid"},
             "ru": {"nom": "только что выложенный камень", "gen": "только что выложенного камня",
                    "loc": "среди только что выложенных камней"}},
    "ends": {"en": {"nom": "the count at the open ends"},
             "ru": {"nom": "сумма очков на открытых концах",
                    "gen": "суммы очков на открытых концах"}},
    "scored": {"en": {"nom": "what the move scored"},
               "ru": {"nom": "очки за ход", "gen": "очков за ход"}},
    "end": {"en": {"nom": "the round"}, "ru": {"nom": "раунд", "gen": "раунда"}},
    "lead": {"en": {"nom": "the tile that opened the round"},
             "ru": {"nom": "первый камень раунда", "gen": "первого камня раунда"}},
    "last": {"en": {"nom": "the last tile laid"},
             "ru": {"nom": "последний выложенный камень", "gen": "последнего выложенного камня"}},
    "all": {"en": {"nom": "all sides"}, "ru": {"nom": "все стороны", "gen": "всех сторон"}},
    "tie": {"en": {"yes": "two or more sides share the highest hand value",
                   "no": "one side alone has the highest hand value"},
            "ru": {"yes": "наибольшая сумма очков поровну у двух или более сторон",
                   "no": "наибольшая сумма очков только у одной стороны"}},
    "carried": {"en": {"nom": "the sum carried over from an earlier tie"},
                "ru": {"nom": "перенесённые после ничьей очки",
                       "gen": "перенесённых после ничьей очков"}},
    "side": {"en": {"nom": "this side"}, "ru": {"nom": "эта сторона", "gen": "этой стороны"}},
    "others": {"en": {"nom": "the other sides"},
               "ru": {"nom": "остальные стороны", "gen": "остальных сторон"}},
    "opened": {"en": {"yes": "this side's record is open", "no": "this side's record is not open yet"},
               "ru": {"yes": "запись стороны открыта", "no": "запись стороны ещё не открыта"}},
    "remembered": {"en": {"nom": "what this side keeps in mind"},
                   "ru": {"nom": "очки стороны «в уме»", "gen": "очков стороны «в уме»"}},
    "loser": {"en": {"yes": "this side lost the round", "no": "this side did not lose the round"},
              "ru": {"yes": "сторона проиграла раунд", "no": "сторона не проиграла раунд"}},
    "points": {"en": {"nom": "what this side scored in the round"},
               "ru": {"nom": "очки стороны за раунд", "gen": "очков стороны за раунд"}},
    "total": {"en": {"nom": "this side's total"},
              "ru": {"nom": "общий счёт стороны", "gen": "общего счёта стороны"}},
}

# A term whose meaning shifts with the context (`winner` in `lead round` is last round's).
_THIS_LEADER: dict[str, Forms] = {"en": {"nom": "the player who led this round"},
                                  "ru": {"nom": "начинавший этот раунд игрок",
                                         "gen": "начинавшего этот раунд игрока"}}
TERMS_IN_CONTEXT: dict[tuple[str, str], dict[str, Forms]] = {
    ("turn", "hand"): {"en": {"nom": "the hand of the player to move",
                              "in": "in the hand of the player to move"},
                       "ru": {"nom": "рука ходящего игрока", "gen": "руки ходящего игрока",
                              "loc": "на руке ходящего игрока"}},
    ("turn", "stock"): {"en": {"nom": "the stock left to draw", "in": "in the stock"},
                        "ru": {"nom": "оставшийся базар", "gen": "оставшегося базара",
                               "loc": "в базаре"}},
    **{(context, "hand"): {"en": {"nom": "the hand of the player who laid the tile",
                                  "in": "in the hand of the player who laid the tile"},
                           "ru": {"nom": "рука игрока, положившего камень",
                                  "gen": "руки игрока, положившего камень",
                                  "loc": "на руке игрока, положившего камень"}}
       for context in ("move", "moved")},
    **{(context, "leader"): _THIS_LEADER
       for context in ("round", "end", "scored", "recorded", "match")},
    ("next", "winner"): {"en": {"nom": "the player who went out in the previous round"},
                         "ru": {"nom": "вышедший в предыдущем раунде игрок",
                                "gen": "вышедшего в предыдущем раунде игрока"}},
    ("next", "tie"): {"en": {"yes": "in the previous round two or more sides shared the highest "
                                    "hand value",
                             "no": "in the previous round one side alone had the highest hand "
                                   "value"},
                      "ru": {"yes": "в предыдущем раунде наибольшая сумма очков была поровну у "
                                    "двух или более сторон",
                             "no": "в предыдущем раунде наибольшая сумма очков была только у "
                                   "одной стороны"}},
    ("next", "fisher"): {"en": {"nom": "the player who made the fish in the previous round"},
                         "ru": {"nom": "поставивший «рыбу» в предыдущем раунде игрок",
                                "gen": "поставившего «рыбу» в предыдущем раунде игрока"}},
}

# ---- how a round ended (compared with `out` / `fish`) ----------------------------------------
ENDINGS: dict[str, dict[str, tuple[str, str]]] = {
    "out": {"en": ("ended with a player going out", "did not end with a player going out"),
            "ru": ("закончился выходом игрока", "закончился не выходом игрока")},
    "fish": {"en": ("ended in a fish", "did not end in a fish"),
             "ru": ("закончился «рыбой»", "закончился не «рыбой»")},
}

# ---- symbols ----------------------------------------------------------------------------------
SYMBOLS: dict[str, dict[str, str]] = {
    "partners": {"en": "partners sitting opposite each other",
                 "ru": "пары партнёров, сидящих друг напротив друга"},
    "individual": {"en": "each for themselves", "ru": "каждый сам за себя"},
    "none": {"en": "no drawing (the player knocks)", "ru": "без добора (игрок стучит)"},
    "one": {"en": "drawing one tile", "ru": "добор одного камня"},
    "until_playable": {"en": "drawing until a tile fits", "ru": "добор до подходящего камня"},
    "automatic": {"en": "a redeal", "ru": "пересдача"},
    "optional": {"en": "a redeal if the holder asks for one",
                 "ru": "пересдача по желанию игрока"},
    "never": {"en": "no redeal", "ru": "без пересдачи"},
    "out": {"en": "going out", "ru": "выход"},
    "fish": {"en": "a fish", "ru": "«рыба»"},
}

# ---- functions --------------------------------------------------------------------------------
FUNCTIONS: dict[str, dict[str, Forms]] = {
    "pips": {"en": {"nom": "the pips of {0}"},
             "ru": {"nom": "сумма очков {0:gen}", "gen": "суммы очков {0:gen}"}},
    "doubles": {"en": {"nom": "the doubles {0:in}", "in": "among the doubles {0:in}"},
                "ru": {"nom": "дубли {0:loc}", "gen": "дублей {0:loc}",
                       "loc": "среди дублей {0:loc}"}},
    "most": {"en": {"nom": "the largest number of tiles of one value {0:in}"},
             "ru": {"nom": "наибольшее число камней одного значения {0:loc}",
                    "gen": "наибольшего числа камней одного значения {0:loc}"}},
    "with": {"en": {"nom": "the tiles {0:in} that show {1}",
                    "in": "among the tiles {0:in} that show {1}"},
             "ru": {"nom": "камни {0:loc}, на которых есть {1}",
                    "gen": "камней {0:loc}, на которых есть {1}",
                    "loc": "среди камней {0:loc}, на которых есть {1}"}},
    "heaviest": {"en": {"nom": "the heaviest of {0}"},
                 "ru": {"nom": "самый тяжёлый из {0:gen}", "gen": "самого тяжёлого из {0:gen}"}},
    "lightest": {"en": {"nom": "the lightest of {0}"},
                 "ru": {"nom": "самый лёгкий из {0:gen}", "gen": "самого лёгкого из {0:gen}"}},
    "min": {"en": {"nom": "the smaller of {0} and {1}"},
            "ru": {"nom": "меньшее из {0:gen} и {1:gen}", "gen": "меньшего из {0:gen} и {1:gen}"}},
    "max": {"en": {"nom": "the larger of {0} and {1}"},
            "ru": {"nom": "большее из {0:gen} и {1:gen}", "gen": "большего из {0:gen} и {1:gen}"}},
    "holder": {"en": {"nom": "the player holding {0}"},
               "ru": {"nom": "игрок, у которого {0}", "gen": "игрока, у которого {0}"}},
    "first_dealt": {"en": {"nom": "the first of {0} (in this order) that was dealt"},
                    "ru": {"nom": "первый розданный из камней {0} (в этом порядке)",
                           "gen": "первого розданного из камней {0} (в этом порядке)"}},
    "hand_of": {"en": {"nom": "the hand of {0}", "in": "in the hand of {0}"},
                "ru": {"nom": "рука {0:gen}", "gen": "руки {0:gen}", "loc": "на руке {0:gen}"}},
    "partner": {"en": {"nom": "the partner of {0}"},
                "ru": {"nom": "партнёр {0:gen}", "gen": "партнёра {0:gen}"}},
    "next": {"en": {"nom": "the player to the left of {0}"},
             "ru": {"nom": "игрок слева от {0:gen}", "gen": "игрока слева от {0:gen}"}},
    "team": {"en": {"nom": "the side of {0}"},
             "ru": {"nom": "сторона {0:gen}", "gen": "стороны {0:gen}"}},
    "first_from": {"en": {"nom": "the first player of {1}, in turn order from {0}"},
                   "ru": {"nom": "первый по ходу игры, начиная с {0:gen}, игрок из {1:gen}",
                          "gen": "первого по ходу игры, начиная с {0:gen}, игрока из {1:gen}"}},
    "earliest": {"en": {"nom": "the player of {0} in the lowest-numbered seat"},
                 "ru": {"nom": "игрок из {0:gen} на месте с наименьшим номером",
                        "gen": "игрока из {0:gen} на месте с наименьшим номером"}},
    "value": {"en": {"nom": "the hand value of {0}"},
              "ru": {"nom": "сумма очков на руках {0:gen}", "gen": "суммы очков на руках {0:gen}"}},
    "pips_of": {"en": {"nom": "the bare pips in the hands of {0}"},
                "ru": {"nom": "сумма точек на руках {0:gen}", "gen": "суммы точек на руках {0:gen}"}},
    "tiles": {"en": {"nom": "the tiles in the hands of {0}", "in": "in the hands of {0}"},
              "ru": {"nom": "камни на руках {0:gen}", "gen": "камней на руках {0:gen}",
                     "loc": "на руках {0:gen}"}},
    "highest": {"en": {"nom": "the highest hand value among {0}"},
                "ru": {"nom": "наибольшая сумма очков среди {0:gen}",
                       "gen": "наибольшей суммы очков среди {0:gen}"}},
    "lowest": {"en": {"nom": "the lowest hand value among {0}"},
               "ru": {"nom": "наименьшая сумма очков среди {0:gen}",
                      "gen": "наименьшей суммы очков среди {0:gen}"}},
    "with_highest": {"en": {"nom": "the sides among {0} with the highest hand value"},
                     "ru": {"nom": "стороны из {0:gen} с наибольшей суммой очков",
                            "gen": "сторон из {0:gen} с наибольшей суммой очков"}},
    "with_lowest": {"en": {"nom": "the sides among {0} with the lowest hand value"},
                    "ru": {"nom": "стороны из {0:gen} с наименьшей суммой очков",
                           "gen": "сторон из {0:gen} с наименьшей суммой очков"}},
    "tie_highest": {"en": {"yes": "two or more of {0} share the highest hand value among them",
                           "no": "one of {0} alone has the highest hand value among them"},
                    "ru": {"yes": "наибольшая сумма очков среди {0:gen} поровну у двух или более",
                           "no": "наибольшая сумма очков среди {0:gen} только у одной стороны"}},
    "tie_lowest": {"en": {"yes": "two or more of {0} share the lowest hand value among them",
                          "no": "one of {0} alone has the lowest hand value among them"},
                   "ru": {"yes": "наименьшая сумма очков среди {0:gen} поровну у двух или более",
                          "no": "наименьшая сумма очков среди {0:gen} только у одной стороны"}},
    "highest_total": {"en": {"nom": "the highest total on the sheet among {0}"},
                      "ru": {"nom": "наибольший общий счёт среди {0:gen}",
                             "gen": "наибольшего общего счёта среди {0:gen}"}},
    "lowest_total": {"en": {"nom": "the lowest total on the sheet among {0}"},
                     "ru": {"nom": "наименьший общий счёт среди {0:gen}",
                            "gen": "наименьшего общего счёта среди {0:gen}"}},
    "round_to": {"en": {"nom": "{0} rounded to the nearest multiple of {1} (halves up)"},
                 "ru": {"nom": "значение {0:gen}, округлённое до ближайшего кратного {1:gen} "
                               "(половина — вверх)",
                        "gen": "значения {0:gen}, округлённого до ближайшего кратного {1:gen} "
                               "(половина — вверх)"}},
    "multiple": {"en": {"yes": "{0} is a multiple of {1}", "no": "{0} is not a multiple of {1}"},
                 "ru": {"yes": "{0} делится на {1} без остатка",
                        "no": "{0} не делится на {1} без остатка"}},
    "quotient": {"en": {"nom": "the number of whole {1}s in {0}"},
                 "ru": {"nom": "частное от деления {0:gen} на {1} (с округлением вниз)",
                        "gen": "частного от деления {0:gen} на {1} (с округлением вниз)"}},
    "seat": {"en": {"nom": "the player in seat {0}"},
             "ru": {"nom": "игрок на месте {0}", "gen": "игрока на месте {0}"}},
}

# `count(x)`: "the number of X"; a bare term is counted as "tiles in/на X".
COUNT = {"en": {"nom": "the number of {0}"},
         "ru": {"nom": "число {0:gen}", "gen": "числа {0:gen}"}}
COUNTED_TERM = {"en": {"nom": "tiles {0:in}"},
                "ru": {"nom": "камни {0:loc}", "gen": "камней {0:loc}"}}
COUNTED_SIDES = {"en": {"nom": "{0}"}, "ru": {"nom": "{0}", "gen": "{0:gen}"}}
NO_ITEMS = {"en": "there are no {0}", "ru": "нет {0:gen}"}
SOME_ITEMS = {"en": "there are {0}", "ru": "есть {0}"}

# ---- comparisons and connectives ---------------------------------------------------------------
# Keys: (operator, kind), kind "lit" (a number written out), "int" (a computed number) or "any".
COMPARE: dict[str, dict[tuple[str, str], str]] = {
    "en": {("=", "lit"): "{a} is {b}", ("=", "int"): "{a} equals {b}", ("=", "any"): "{a} is {b}",
           ("!=", "lit"): "{a} is not {b}", ("!=", "int"): "{a} differs from {b}",
           ("!=", "any"): "{a} is not {b}",
           ("<", "any"): "{a} is less than {b}", ("<=", "any"): "{a} is at most {b}",
           (">", "any"): "{a} is greater than {b}", (">=", "any"): "{a} is at least {b}"},
    "ru": {("=", "lit"): "{a} — {b}", ("=", "int"): "{a} и {b} равны",
           ("=", "any"): "{a} — {b}",
           ("!=", "lit"): "{a} — не {b}", ("!=", "int"): "{a} отличается от {b:gen}",
           ("!=", "any"): "{a} — не {b}",
           ("<", "any"): "{a} меньше {b:gen}", ("<=", "any"): "{a} не больше {b:gen}",
           (">", "any"): "{a} больше {b:gen}", (">=", "any"): "{a} не меньше {b:gen}"},
}
NEGATED_OP = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

EXACTLY = {"en": {"=": "there is only {b} {a:in}", "!=": "there is not only {b} {a:in}"},
           "ru": {"=": "{a:loc} только {b}", "!=": "{a:loc} не только {b}"}}
MEMBER = {"en": {"yes": "{a} is {b:in}", "no": "{a} is not {b:in}"},
          "ru": {"yes": "{a} есть {b:loc}", "no": "{a} нет {b:loc}"}}
MEMBER_SIDE = {"en": {"yes": "{a} is one of {b}", "no": "{a} is none of {b}"},
               "ru": {"yes": "{a} — одна из {b:gen}", "no": "{a} — ни одна из {b:gen}"}}
MEMBER_SEAT = {"en": {"yes": "{a} plays for one of {b}", "no": "{a} plays for none of {b}"},
               "ru": {"yes": "{a} играет за одну из {b:gen}", "no": "{a} не играет ни за одну из {b:gen}"}}
MEMBER_OF_LIST = {"en": {"yes": "{a} is one of {b}", "no": "{a} is none of {b}"},
                  "ru": {"yes": "{a} — один из камней {b}", "no": "{a} — ни один из камней {b}"}}
# An option whose file gives its values no words (`say`): a phrase made from its name.
OPTION_ON = {"en": {"yes": "{0} is on", "no": "{0} is off"},
             "ru": {"yes": "включено {0}", "no": "выключено {0}"}}
QUOTED = {"en": "“{}”", "ru": "«{}»"}
# A number or a choice agreed before the match, with its values ("{0}": "100, 300 or 500").
OPTION_AGREED = {"en": {"nom": "the number agreed before the match ({0})"},
                 "ru": {"nom": "оговорённое перед партией число ({0})",
                        "gen": "оговорённого перед партией числа ({0})"}}
OPTION_CHOSEN = {"en": {"nom": "the choice agreed before the match ({0})"},
                 "ru": {"nom": "оговорённый перед партией выбор ({0})",
                        "gen": "оговорённого перед партией выбора ({0})"}}
RANGE = {"en": "any whole number from {} to {}", "ru": "любое целое число от {} до {}"}
AND = {"en": " and ", "ru": " и "}
OR = {"en": " or ", "ru": " или "}
NOT = {"en": "it is not the case that {0}", "ru": "неверно, что {0}"}
IF_THEN_ELSE = {"en": "{then} if {test}, otherwise {else}", "ru": "{then}, если {test}, иначе {else}"}
ARITH = {
    "en": {("int", "+"): "{a} plus {b}", ("int", "-"): "{a} minus {b}",
           ("int", "*"): "{a} times {b}",
           ("tiles", "+"): "{a} and {b}", ("tiles", "-"): "{a} except {b}"},
    "ru": {("int", "+"): "{a} плюс {b}", ("int", "-"): "{a} минус {b}",
           ("int", "*"): "{a}, умноженное на {b}",
           ("tiles", "+"): "{a} и {b}", ("tiles", "-"): "{a}, кроме {b:gen}"},
}
# The place form of a union reads "in A or in B", of a difference "in A except B".
ARITH_PLACE = {"en": {"+": "{a:in} or {b:in}", "-": "{a:in} except {b}"},
               "ru": {"+": "{a:loc} или {b:loc}", "-": "{a:loc}, кроме {b:gen}"}}
YES_NO = {"en": ("yes", "no"), "ru": ("да", "нет")}
