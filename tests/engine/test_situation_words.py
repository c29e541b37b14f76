"""A situation under a rule stop says, in every language, the moment the stop was made, though
its words for people are built only when someone reads them (and the engine has gone on)."""

from __future__ import annotations

import pickle

from interpreter.engine.situations import RoundSituation, Seating
from interpreter.engine.words import Kept, Said, seat_said


def _round() -> RoundSituation:
    situation = RoundSituation(Seating(4, True), first=False, end="fish", seat=1, lead=3, last=5,
                               hands=[3, 96, 1024, 0], carried=7, hand_value=lambda s, h: 5)
    situation.totals = [10, 20]
    return situation.for_side(0, opened=True, remembered=0)


def test_a_round_is_said_as_it_stood_when_described() -> None:
    situation = _round()
    described = situation.describe()
    situation.for_side(1, opened=False, remembered=3)  # the scoring goes on with it
    situation.totals, situation.hands[0], situation.carried = [30, 40], 0, 0
    assert str(described) == ("fish (last tile laid by seat 1); lead 0-3, last 0-5; hands left: "
                              "seat 0: 0-0 0-1; seat 1: 0-5 0-6; seat 2: 1-4; seat 3: none; "
                              "carried 7; totals 10 | 20; for side 0 (seats 0+2)")
    assert described.in_lang("en") == (
        "fish (last tile laid by seat 2); lead 0-3, last 0-5; hands left: seat 1: 0-0 0-1; "
        "seat 2: 0-5 0-6; seat 3: 1-4; seat 4: none; carried 7; totals 10 | 20; "
        "for side 1 (seats 1 and 3)")
    assert described.in_lang("ru") == (
        "«рыба» (последний камень положил игрок: место 2); первый камень 0-3, последний 0-5; "
        "осталось на руках: место 1: 0-0 0-1; место 2: 0-5 0-6; место 3: 1-4; место 4: нет; "
        "повисло 7; итоги 10 | 20; считается для: сторона 1 (места 1 и 3)")


def test_a_later_kept_text_is_a_kept_text_to_every_reader() -> None:
    later = Kept.later("seat 0", lambda: seat_said(0))
    now = Kept("seat 0", seat_said(0))
    assert later.args == now.args == {"kept": "seat 0", "said": "seat 1"}
    again = pickle.loads(pickle.dumps(later))
    assert type(again) is Kept and str(again) == "seat 0" and again.in_lang("ru") == "место 1"
    under = Said("stop.situation", head="h", situation=later)
    assert str(under) == under.in_lang("en") == "h\n  situation: seat 1"
    assert under.in_lang("ru") == "h\n  ситуация: место 1"
