"""Rounds and matches on hand-built deals: turns, draws, knocks, out, fish, stops, the sheet."""

from __future__ import annotations

import pytest

from interpreter.engine import RuleStop, play_match, prepare
from interpreter.engine.moves import IllegalMove, Move
from engine_support import FixedDealer, Scripted, text_variant
from engine_support import tiles as tiles_of

SMALL = ("deal: 2\n  lead match: holder(1-1)\n  lead tile: hand\n"
         "  loser: value(side) > 0\n  score: value(side)")


def play(body: str, deals: list, scripts: list, players: int = 2, **options: str):
    setup = prepare(text_variant(body), players, options)
    seats = [Scripted(*s) if isinstance(s, (list, tuple)) else s for s in scripts]
    return play_match(setup, seats, dealer=FixedDealer(deals)), seats


def test_a_round_out_with_the_sheet_and_the_log() -> None:
    result, seats = play(SMALL, [(["1-1 1-2", "1-3 5-6"], "")],
                         [["play 1-1", "play 1-2 left"], ["play 1-3 right"]])
    (round1,) = result.rounds
    assert (round1.end, round1.seat, round1.leader, str(round1.lead)) == ("out", 0, 0, "1-1")
    assert round1.points == (0, 11) and result.scores == (0, 11)
    assert result.goat is None  # the deals ran out before anyone passed 100
    assert [(s, m.text()) for s, m, _ in round1.log.moves] == [
        (0, "play 1-1"), (1, "play 1-3 right"), (0, "play 1-2 left")]
    assert seats[0].offered[1] == ["play 1-2 left"]  # 1-2 fits only the left end (1)


def test_draw_one_lays_a_drawn_tile_that_fits_or_passes() -> None:
    body = SMALL + "\n  draw: one\n  reserve: 21\n  fish: blocked"
    deals = [(["1-1 0-0", "3-4 5-6"], "0-6 2-6 1-5")]
    result, seats = play(body, deals, [["play 1-1", "draw", "knock", "play 2-6 right"],
                                       ["draw", "draw", "play 1-5 right", "play 5-6 right"]])
    moves = [(s, m.text()) for s, m, _ in result.rounds[0].log.moves]
    # 0-6 and 2-6 do not fit: the turn passes; 1-5 fits: it must be laid, nothing else is
    # offered; then only the 21 reserved tiles are left, which are never drawn: a knock
    assert moves == [(0, "play 1-1"), (1, "draw"), (0, "draw"), (1, "draw"),
                     (1, "play 1-5 right"), (0, "knock"), (1, "play 5-6 right"),
                     (0, "play 2-6 right")]
    assert seats[1].offered[2] == ["play 1-5 right"]
    assert (result.rounds[0].end, result.rounds[0].seat) == ("fish", 0)


def test_draw_until_playable_keeps_drawing_then_lays() -> None:
    body = SMALL + "\n  draw: until_playable"
    deals = [(["1-1 1-2", "3-4 5-6"], "0-6 2-6 1-5")]
    result, seats = play(body, deals, [["play 1-1", "play 1-2 left"],
                                       ["draw", "draw", "draw", "play 1-5 right"]])
    texts = [m.text() for _, m, _ in result.rounds[0].log.moves]
    assert texts == ["play 1-1", "draw", "draw", "draw", "play 1-5 right", "play 1-2 left"]
    assert seats[1].offered[-1] == ["play 1-5 right"]


def test_a_blocked_round_is_a_fish_by_the_last_layer_who_then_leads() -> None:
    body = SMALL + "\n  fish: blocked"
    deals = [(["1-1 0-0", "1-6 2-3"], ""), (["1-2 4-4", "0-1 5-5"], "")]
    result, _ = play(body, deals, [["play 1-1", "play 1-2 right"],
                                   ["play 1-6 right", "play 0-1"]])
    first, second = result.rounds
    assert (first.end, first.seat) == ("fish", 1)
    assert first.points == (0, 5)  # 0-0 counts 0, 2-3 counts 5
    assert second.leader == 1  # `lead round: fisher` after a fish
    assert (second.end, second.seat) == ("fish", 0)


def test_every_seat_knocking_without_a_fish_is_stuck() -> None:
    body = SMALL + "\n  fish: no"
    with pytest.raises(RuleStop) as stop:
        play(body, [(["1-1 0-0", "2-3 4-5"], "")], [["play 1-1", "knock"], ["knock", "knock"]])
    assert stop.value.kind == "stuck" and "round 1" in str(stop.value)
    assert "line [1|1]" in str(stop.value)


def test_an_illegal_choice_is_refused_with_the_legal_moves() -> None:
    with pytest.raises(IllegalMove, match=r"seat 1 \(index 0\) chose 'play 0-0 left'.*legal "
                                          r"moves: play 1-1, play 1-2") as refused:
        play(SMALL, [(["1-1 1-2", "1-3 5-6"], "")], [["illegal"], []])
    assert refused.value.seat == 0 and refused.value.move == Move.parse("play 0-0 left")
    assert [str(m) for m in refused.value.legal] == ["play 1-1", "play 1-2"]


def test_lead_tile_outside_the_hand_is_a_gap() -> None:
    body = SMALL.replace("lead tile: hand", "lead tile: [6-6]")
    with pytest.raises(RuleStop, match=r"seat 1 leads but holds none of the tiles it may open "
                                       r"with \(\[6-6\]\)") as stop:
        play(body, [(["1-1 1-2", "1-3 5-6"], "")], [[], []])
    assert stop.value.kind == "gap"


def test_redeals_automatic_and_optional() -> None:
    body = SMALL + ("\n  redeal: automatic when hand = [5-5, 6-6]\n"
                    "  redeal: optional when hand = [3-3, 4-4]\n  redeal: never otherwise")
    deals = [(["5-5 6-6", "1-3 1-4"], ""), (["1-1 1-2", "3-3 4-4"], ""),
             (["1-1 1-2", "1-3 5-6"], "")]
    declined, _ = play(body, deals[:2], [["play 1-1", "play 1-2 right"],
                                     Scripted("knock", redeal=False)])
    assert declined.rounds[0].redeals == 1  # thrown in automatically once, then kept
    assert declined.rounds[0].log.redeals == ((tiles_of("5-5 6-6"), tiles_of("1-3 1-4")),)
    accepted, _ = play(body, deals, [["play 1-1", "play 1-2 left"],
                                     Scripted("play 1-3 right", redeal=True)])
    assert accepted.rounds[0].redeals == 2


def test_carry_threshold_and_goat_across_rounds() -> None:
    body = (SMALL + "\n  carry: 100 when first\n  carry: 0 otherwise\n"
            "  bonus: carried when loser\n  opens: points > 12\n"
            "  remember: remembered + points\n  goat: total > 100")
    deals = [(["1-1 1-2", "1-3 5-6"], ""), (["1-1 1-2", "1-3 5-6"], "")]
    result, _ = play(body, deals, [["play 1-1", "play 1-2 left"] * 2,
                                   ["play 1-3 right"] * 2])
    first, second = result.rounds
    assert (first.points, first.remembered, first.opened) == ((0, 0), (0, 11), (False, False))
    assert first.carry == 100 and second.carry == 0
    # round 2: 11 + carried 100 = 111 opens the record, with the 11 remembered: 122
    assert second.points == (0, 122) and second.opened == (False, True)
    assert result.goat == (1,) and second.goat == (1,)


def test_a_match_that_never_ends_stops_at_the_round_cap() -> None:
    setup = prepare(text_variant("deal: 14\n  lead match: holder(1-1)\n  goat: no"), 2)
    from interpreter.engine.players import RandomPlayer
    with pytest.raises(RuleStop, match="no side became the goat within 3 rounds") as stop:
        play_match(setup, [RandomPlayer(1), RandomPlayer(2)], seed=1, max_rounds=3)
    assert stop.value.kind == "endless"


def test_partners_share_a_side_and_score_together() -> None:
    body = ("sides: partners\n  deal: 1\n  lead match: holder(1-1)\n  lead tile: hand\n"
            "  loser: value(side) > 0\n  score: value(side)\n  fish: blocked")
    deals = [(["1-1", "2-3", "0-4", "5-6"], "")]
    result, _ = play(body, deals, [["play 1-1"], [], [], []], players=4)
    assert result.rounds[0].end == "out" and result.rounds[0].points == (4, 16)
