"""The seed variants against their texts: hand-built positions for every slot, and the texts'
own examples (Рома/Фёкла, "Повисло очков: 24", Тома/Митрофан, the 2-4 … 5-2 fish)."""

from __future__ import annotations

import pytest

from interpreter.engine import RuleStop, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.round import Previous, find_leader
from interpreter.engine.scoring import Ledger
from interpreter.language.errors import UnspecifiedRule, UsageError
from engine_support import finished, position, score, seed, tiles

PAIRS = {"draw_each": "one", "full_fish": "yes", "double_lead": "no"}


def lead(setup, hands: list[str], previous: Previous | None = None) -> tuple[int, str]:
    """Who leads a deal, and the tiles they may open with."""
    masks = [tiles(h) for h in hands]
    dealt = 0
    for mask in masks:
        dealt |= mask
    leader, allowed = find_leader(setup, masks, list(ts.members(ts.FULL_SET & ~dealt)), previous)
    return leader, ts.set_text(allowed)


def line_of(variant, slot: str, *, unspecified: bool = False) -> int:
    return next(c.pos.line for c in variant.cases(slot) if c.unspecified == unspecified)


# ---- gambler-1v1 (000) -------------------------------------------------------------------

@pytest.fixture(scope="module")
def gambler():
    return prepare(seed("gambler-1v1"), 2)


def test_gambler_roma_fish_scores_14(gambler) -> None:
    # "Рома сделал рыбу ... 0-5, 3-5 и 1-0 ... Фёклы 0-0, 1-3 и 1-4 ... Роме запишут +14"
    result = score(gambler, finished(gambler, ["0-5 3-5 0-1", "0-0 1-3 1-4"], end="fish",
                                     seat=0, lead="2-2", last="2-4"))
    assert result.losers == (True, False) and result.points == (14, 0)


def test_gambler_12_12_tie_hangs_24_for_the_next_loser(gambler) -> None:
    # "Если очков поровну, например по 12 ... «Повисло очков: 24»"
    ledger = Ledger(2)
    tie = score(gambler, finished(gambler, ["3-4 1-4", "5-6 0-1"], end="fish", seat=1,
                                  lead="2-2"), ledger=ledger)
    assert tie.points == (0, 0) and tie.carry == 24 and ledger.carried == 24
    after = score(gambler, finished(gambler, ["", "2-3 5-6"], end="out", seat=0, lead="2-2"),
                  number=3, ledger=ledger)
    assert after.points == (0, 16 + 24) and after.carry == 0


def test_gambler_toma_mitrofan_out_scores_16(gambler) -> None:
    # "Митрофан остался с костями 2-3 и 5-6 ... прибавит ещё 16 очков"
    result = score(gambler, finished(gambler, ["", "2-3 5-6"], end="out", seat=0,
                                     lead="1-1", last="2-4"))
    assert result.points == (0, 16)


@pytest.mark.parametrize("left, value", [("0-0", 25), ("5-5", 50), ("6-6", 50), ("1-1", 2),
                                         ("4-4", 8), ("0-0 1-1", 2)])
def test_gambler_lone_doubles(gambler, left: str, value: int) -> None:
    result = score(gambler, finished(gambler, ["", left], end="out", seat=0, lead="1-1"))
    assert result.points == (0, value)


@pytest.mark.parametrize("lead_tile, last, bonus", [
    ("0-0", "2-4", 25), ("6-6", "2-4", 50), ("1-1", "2-2", 50), ("1-1", "4-4", 25),
    ("1-1", "3-3", 25), ("1-1", "5-5", 50), ("0-0", "6-6", 75)])
def test_gambler_bonuses_for_the_lead_and_the_last_tile(gambler, lead_tile, last, bonus) -> None:
    result = score(gambler, finished(gambler, ["", "2-3"], end="out", seat=0, lead=lead_tile,
                                     last=last))
    assert result.points == (0, 5 + bonus)


def test_gambler_first_lead_goes_down_the_doubles(gambler) -> None:
    assert lead(gambler, ["0-1 2-2 3-4", "3-3 0-2"]) == (0, "2-2")
    assert lead(gambler, ["0-1 1-1 6-6", "2-2 0-2"]) == (0, "1-1")


@pytest.mark.parametrize("hand, allowed", [
    ("3-3 0-1 0-2 0-3 1-2 1-4 2-4", "3-3"),  # one double (not 0-0/6-6): must lead it
    ("6-6 0-1 0-2 0-3 1-2 1-4 2-4", "0-1 0-2 0-3 1-2 1-4 2-4 6-6"),  # only 6-6: any tile
    ("2-2 6-6 0-1 0-2 0-3 1-2 1-4", "2-2 6-6"),  # two doubles: one of them
    ("0-1 0-2 0-3 1-2 1-4 2-4 3-4", "0-1 0-2 0-3 1-2 1-4 2-4 3-4"),  # no double: any
])
def test_gambler_later_leads(gambler, hand: str, allowed: str) -> None:
    previous = Previous("out", 0, 1)
    assert lead(gambler, [hand, "5-5 5-6"], previous) == (0, allowed)


def test_gambler_four_doubles_kept_must_lead_a_double(gambler) -> None:
    # 4+ doubles may be redealt; the variant assumes a player who keeps them leads a double
    hand = ["0-0 1-1 2-2 3-3 0-1 0-2 0-3", "5-5 5-6"]
    assert lead(gambler, hand, Previous("out", 0, 1)) == (0, "0-0 1-1 2-2 3-3")


def test_gambler_setup_and_redeal(gambler) -> None:
    assert (gambler.deal, gambler.draw, gambler.may_pass, gambler.options) == (
        7, "one", False, {"target": 501})
    from interpreter.engine.situations import HandSituation
    situation = HandSituation(2, True)
    situation.hand = tiles("0-0 1-1 2-2 3-3 0-1 0-2 0-3")
    assert gambler.rules["redeal"](situation) == "optional"
    situation.hand = tiles("0-0 1-1 2-2 0-1 0-2 0-3 0-4")
    assert gambler.rules["redeal"](situation) == "never"


def test_gambler_goat_over_the_target(gambler) -> None:
    ledger = Ledger(2, totals=[0, 480])
    result = score(gambler, finished(gambler, ["", "4-6"], end="out", seat=0, lead="1-1"),
                   ledger=ledger)
    assert result.scores == (0, 490) and result.goat == ()
    result = score(gambler, finished(gambler, ["", "6-6"], end="out", seat=0, lead="1-1"),
                   ledger=ledger)  # a lone 6-6 counts 50
    assert result.scores == (0, 540) and result.goat == (1,)


def test_gambler_a_total_exactly_on_the_target_plays_on_by_the_detailed_rule(gambler) -> None:
    # "больше оговоренного" (>) is the rule; the summary's "наберёт" (>=) is only a claim,
    # which the checker refutes: 490 + 11 = 501 is not yet the goat
    ledger = Ledger(2, totals=[0, 490])
    result = score(gambler, finished(gambler, ["", "5-6"], end="out", seat=0, lead="1-1"),
                   ledger=ledger)
    assert result.scores == (0, 501) and result.goat == ()


# ---- minsk (003) ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def minsk():
    return prepare(seed("minsk"), 4)


FOUR = ["1-1 0-1 0-2 0-3 0-4 0-5 0-6", "2-2 1-2 1-3 1-4 1-5 1-6 2-3",
        "3-3 2-4 2-5 2-6 3-4 3-5 3-6", "0-0 4-4 4-5 4-6 5-5 5-6 6-6"]


def test_minsk_leads(minsk) -> None:
    assert lead(minsk, FOUR) == (0, "1-1")
    # later rounds: the partner of the winner leads a double if he has one other than 0-0/6-6
    # (then 0-0 and 6-6 are allowed too: "ход в 0-0 или 6-6 необязателен")
    assert lead(minsk, FOUR, Previous("out", 1, 0)) == (3, "0-0 4-4 5-5 6-6")
    assert lead(minsk, FOUR, Previous("fish", 2, 0)) == (2, "3-3")
    only_00 = ["1-1 0-1 0-2 0-3 0-4 0-5 0-6", "0-0 1-2 1-3 1-4 1-5 1-6 2-3",
               "3-3 2-4 2-5 2-6 3-4 3-5 3-6", "2-2 4-4 4-5 4-6 5-5 5-6 6-6"]
    assert lead(minsk, only_00, Previous("out", 3, 0))[1] == "0-0 1-2 1-3 1-4 1-5 1-6 2-3"


def test_minsk_without_partners_the_text_runs_out() -> None:
    two = prepare(seed("minsk"), 2)
    with pytest.raises(RuleStop, match=r"holder\(1-1\) is undefined: 1-1 was not dealt"):
        lead(two, ["0-1 0-2 0-3 0-4 0-5 0-6 2-2", "1-2 1-3 1-4 1-5 1-6 2-3 3-3"])
    with pytest.raises(RuleStop, match=r"partner\(seat 1\) is undefined: this game has no "
                                       "partners"):
        lead(two, ["0-1 1-1", "1-2 2-2"], Previous("out", 0, 0))


def test_minsk_out_losers_write_their_side_partner_of_winner_not_counted(minsk) -> None:
    result = score(minsk, finished(minsk, ["", "1-2", "6-6", "3-4 0-1"], end="out", seat=0))
    assert result.points == (0, 3 + 8)


def test_minsk_fish_the_heavier_side_writes_everything(minsk) -> None:
    result = score(minsk, finished(minsk, ["5-6", "1-2", "3-4", "0-1"], end="fish", seat=1))
    assert result.points == (11 + 7 + 3 + 1, 0) and result.carry == 0


def test_minsk_fish_tie_carries_to_the_next_losers(minsk) -> None:
    ledger = Ledger(2)
    tie = score(minsk, finished(minsk, ["5-6", "1-2", "", "3-5"], end="fish", seat=1),
                ledger=ledger)
    assert tie.points == (0, 0) and tie.carry == 22
    after = score(minsk, finished(minsk, ["", "1-2", "", ""], end="out", seat=0),
                  number=3, ledger=ledger)
    assert after.points == (0, 3 + 22)


@pytest.mark.parametrize("lead_tile, last, hands, expected", [
    ("6-6", "2-4", ["", "1-2", "", ""], 3 + 50),
    ("0-0", "2-4", ["", "1-2", "", ""], 3 + 25),
    ("3-4", "6-6", ["", "1-2", "", ""], 3 + 50),
    ("3-4", "0-0", ["", "1-2", "", ""], 3 + 25),
    ("3-4", "2-4", ["", "6-6", "", ""], 50),
    ("3-4", "2-4", ["", "0-0", "", "1-2"], 25 + 3),
])
def test_minsk_special_tiles(minsk, lead_tile, last, hands, expected) -> None:
    result = score(minsk, finished(minsk, hands, end="out", seat=0, lead=lead_tile, last=last))
    assert result.points == (0, expected)


def test_minsk_fish_is_blocked_and_goat_over_target(minsk) -> None:
    blocked = position(minsk, ["0-0", "1-2", "3-4", "1-5"], ends=(6, 6), line="6-6")
    assert minsk.rules["fish"](blocked) is True
    open_ = position(minsk, ["0-6", "1-2", "3-4", "5-5"], ends=(6, 6), line="6-6")
    assert minsk.rules["fish"](open_) is False
    ledger = Ledger(2, totals=[0, 97])
    assert score(minsk, finished(minsk, ["", "1-2", "", ""], end="out", seat=0),
                 ledger=ledger).goat == ()
    assert score(minsk, finished(minsk, ["", "0-1", "", ""], end="out", seat=0),
                 ledger=ledger).goat == (1,)


# ---- kozel-classic (002) -------------------------------------------------------------------

@pytest.fixture(scope="module")
def classic():
    return prepare(seed("kozel-classic"), 4)


FISH_LINE = "1-2 2-6 0-2 2-3 2-4 2-5"  # "1-2, 2-6, 0-2, 2-3 ... 2-4 ... 5-2"


def test_classic_the_2_4_to_5_2_fish(classic) -> None:
    hands = ["0-0 0-1 0-3", "1-1 1-3 1-4", "3-3 3-4 4-4", "5-5 5-6 6-6"]
    table = position(classic, hands, ends=(2, 2), line=FISH_LINE + " 2-2")
    assert classic.rules["fish"](table) is True


def test_classic_the_2_4_to_5_2_fish_with_2_2_in_a_hand(classic) -> None:
    hands = ["0-0 0-1 2-2", "1-1 1-3 1-4", "3-3 3-4 4-4", "5-5 5-6 6-6"]
    table = position(classic, hands, ends=(2, 2), line=FISH_LINE)
    assert classic.rules["fish"](table) is True


def test_classic_who_loses_a_fish_is_unspecified(classic) -> None:
    with pytest.raises(UnspecifiedRule) as stop:
        score(classic, finished(classic, ["0-1", "1-2", "3-4", "5-6"], end="fish", seat=1))
    line = line_of(seed("kozel-classic"), "loser", unspecified=True)
    assert f"kozel-classic.kozel:{line}" in str(stop.value)
    assert "fish (last tile laid by seat 1)" in str(stop.value)


def test_classic_first_lead_and_no_doubles_at_all() -> None:
    two = prepare(seed("kozel-classic"), 2)
    no_doubles = ["0-1 0-2 0-3 0-4 0-5 0-6 1-2", "1-3 1-4 1-5 1-6 2-3 2-4 5-6"]
    assert lead(two, no_doubles) == (1, "5-6")
    assert lead(two, ["0-1 0-0 3-3", "1-2 6-6"]) == (0, "3-3")
    assert lead(two, ["0-1 1-2", "2-3"], Previous("fish", 1, 0)) == (1, "2-3")


def test_classic_rule_of_13_remembers_then_opens(classic) -> None:
    ledger = Ledger(2)
    first = score(classic, finished(classic, ["", "3-4", "", "1-4"], end="out", seat=0),
                  number=1, ledger=ledger)
    assert first.points == (0, 0) and first.remembered == (0, 12)
    second = score(classic, finished(classic, ["", "0-5", "", ""], end="out", seat=0),
                   ledger=ledger)
    assert second.points == (0, 0) and second.remembered == (0, 17)
    third = score(classic, finished(classic, ["", "6-6 0-1", "", ""], end="out", seat=0),
                  ledger=ledger)
    assert third.points == (0, 13 + 17) and third.opened == (False, True)
    assert third.remembered == (0, 0)
    fourth = score(classic, finished(classic, ["", "0-1", "", ""], end="out", seat=0),
                   ledger=ledger)
    assert fourth.points == (0, 1) and fourth.remembered == (0, 0)  # opened: even 1 counts


def test_classic_going_out_wipes_the_remembered_points(classic) -> None:
    ledger = Ledger(2, remembered=[5, 0])
    result = score(classic, finished(classic, ["", "1-2", "", ""], end="out", seat=0),
                   ledger=ledger)
    assert result.remembered == (0, 3)


def test_classic_goat_at_101_and_redeal() -> None:
    setup = prepare(seed("kozel-classic"), 2)
    ledger = Ledger(2, totals=[0, 97], opened=[True, True])
    assert score(setup, finished(setup, ["", "1-3"], end="out", seat=0),
                 ledger=ledger).goat == (1,)
    from interpreter.engine.situations import HandSituation
    situation = HandSituation(2, False)
    for hand, kind in [("0-0 1-1 2-2 3-3 4-4 0-1 0-2", "automatic"),
                       ("0-1 0-2 0-3 0-4 0-5 0-6 1-1", "automatic"),
                       ("0-0 1-1 2-2 3-3 0-1 0-2 0-3", "never")]:
        situation.hand = tiles(hand)
        assert setup.rules["redeal"](situation) == kind


# ---- pairs (004) ---------------------------------------------------------------------------

def test_pairs_needs_the_options_the_text_leaves_open() -> None:
    with pytest.raises(UsageError, match="'draw_each', 'full_fish', 'double_lead'"):
        prepare(seed("pairs"), 4)


def test_pairs_bonuses_and_double_lead_conflict_on_the_first_lead() -> None:
    setup = prepare(seed("pairs"), 4, {**PAIRS, "bonuses": "yes", "double_lead": "yes"})
    hands = ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-3",
             "2-2 2-4 2-5 2-6 3-4 3-5 3-6", "3-3 4-4 4-5 4-6 5-5 5-6 6-6"]
    with pytest.raises(RuleStop) as stop:
        lead(setup, hands)
    assert stop.value.kind == "conflict" and "gives seat 2 but" in str(stop.value)
    same_hand = ["0-0 1-1 0-2 0-3 0-4 0-5 0-6", "0-1 1-2 1-3 1-4 1-5 1-6 2-3"] + hands[2:]
    assert lead(setup, same_hand) == (0, "0-0")


@pytest.mark.parametrize("full, fisher, expected", [
    ("yes", 1, (0, 19)),  # everything to the heavier side
    ("no", 0, (0, 15)),  # the fishers (side 0) won: the opponents write only their own
    ("no", 1, (0, 19)),  # the fishers (side 1) lost: they write everything
])
def test_pairs_full_fish(full: str, fisher: int, expected: tuple[int, int]) -> None:
    setup = prepare(seed("pairs"), 4, {**PAIRS, "full_fish": full, "rule13": "no"})
    # side 0: 0-1 + 0-3 = 4; side 1: 5-6 + 0-4 = 15
    result = score(setup, finished(setup, ["0-1", "5-6", "0-3", "0-4"], end="fish",
                                   seat=fisher))
    assert result.points == expected


def test_pairs_rule_13_and_the_eggs() -> None:
    setup = prepare(seed("pairs"), 4, PAIRS)
    ledger = Ledger(2)
    low = score(setup, finished(setup, ["", "1-2", "", "3-4"], end="out", seat=0),
                ledger=ledger)
    assert low.points == (0, 0) and low.remembered == (0, 0)  # written off below 13
    tie = score(setup, finished(setup, ["0-1", "1-2", "0-4", "0-2"], end="fish", seat=0),
                ledger=ledger)
    assert tie.points == (0, 0) and tie.carry == 10
    eggs_lost = score(setup, finished(setup, ["", "5-6", "", "1-2"], end="out", seat=0),
                      ledger=ledger)
    assert eggs_lost.points == (0, 14)  # 10 eggs < 13 and the record was not open: written off
    assert prepare(seed("pairs"), 4, {**PAIRS, "two_doubles": "yes"}).two_doubles


def test_pairs_eggs_of_13_or_more_go_to_the_next_losers() -> None:
    setup = prepare(seed("pairs"), 4, PAIRS)
    ledger = Ledger(2)
    tie = score(setup, finished(setup, ["3-4", "2-5", "0-2", "1-1"], end="fish", seat=0),
                ledger=ledger)
    assert tie.points == (0, 0) and tie.carry == 18
    after = score(setup, finished(setup, ["", "0-3", "", ""], end="out", seat=0), ledger=ledger)
    assert after.points == (0, 3 + 18)  # 21 >= 13 opens the record, eggs included


def test_classic_a_blocked_table_is_a_fish_whatever_its_ends(classic) -> None:
    # nobody holds a 2 or a 5 and there is no stock: "не имеют возможности ходить"
    hands = ["0-0 0-1 0-3", "1-1 1-3 1-4", "3-3 3-4 4-4", "0-4 1-6 6-6"]
    line = "2-2 0-2 1-2 2-3 2-4 2-6 2-5 5-5 0-5 1-5 3-5 4-5 5-6"
    table = position(classic, hands, ends=(2, 5), line=line)
    assert classic.rules["fish"](table) is True


def test_classic_ends_equal_with_a_playable_tile_left_is_no_fish(classic) -> None:
    hands = ["0-0 0-1 0-3", "1-1 1-3 1-4", "3-3 3-4 2-6", "5-5 5-6 6-6"]
    table = position(classic, hands, ends=(2, 2), line="1-2 0-2 2-3 2-4 2-5")
    assert classic.rules["fish"](table) is False
