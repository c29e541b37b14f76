"""How the cases of a slot combine (docs/language.md), and options settled for a match."""

from __future__ import annotations

import pytest

from interpreter.engine import RuleStop, prepare
from interpreter.engine.situations import HandSituation
from interpreter.language.errors import UnspecifiedRule, UsageError
from engine_support import text_variant, tiles


def value(body: str, hand: str, players: int = 2) -> int:
    situation = HandSituation(players, False)
    situation.hand = tiles(hand)
    return prepare(text_variant(body), players).rules["hand value"](situation)


def test_otherwise_applies_only_when_no_other_case_does() -> None:
    body = "hand value: 25 when hand = [0-0]\n  hand value: pips(hand) otherwise"
    assert value(body, "0-0") == 25
    assert value(body, "0-0 1-2") == 3


def test_agreeing_cases_give_their_common_value() -> None:
    body = "hand value: 7 when 1-6 in hand\n  hand value: pips(hand) when count(hand) = 1"
    assert value(body, "1-6") == 7


def test_a_gap_names_the_slot_and_the_situation() -> None:
    body = "hand value: 25 when hand = [0-0]\n  hand value: 50 when hand = [6-6]"
    with pytest.raises(RuleStop) as stop:
        value(body, "1-2 3-4")
    assert stop.value.kind == "gap"
    message = str(stop.value)
    assert "`hand value`" in message and "test.kozel:" in message
    assert "1-2 3-4" in message  # the situation, in tiles


def test_an_unspecified_case_stops_with_its_rule() -> None:
    body = ("hand value: unspecified when hand = [0-0] note \"the text is silent\"\n"
            "  hand value: pips(hand) otherwise")
    assert value(body, "0-1") == 1
    with pytest.raises(UnspecifiedRule) as stop:
        value(body, "0-0")
    assert stop.value.kind == "unspecified"  # type: ignore[attr-defined]
    assert "test.kozel:3" in str(stop.value) and "the text is silent" in str(stop.value)


def test_a_conflict_names_both_cases_and_their_values() -> None:
    body = "hand value: 10 when 0-0 in hand\n  hand value: 20 when count(hand) = 1"
    assert value(body, "0-0 1-1") == 10
    with pytest.raises(RuleStop) as stop:
        value(body, "0-0")
    assert stop.value.kind == "conflict"
    assert "test.kozel:3 gives 10 but test.kozel:4 gives 20" in str(stop.value)
    assert len(stop.value.cases) == 2


def test_bonus_cases_add_up_and_default_to_zero() -> None:
    from interpreter.engine.scoring import Ledger
    from engine_support import finished, score
    variant = text_variant("bonus: 5 when loser\n  bonus: 50 when loser and lead = 6-6\n"
                           "  bonus: 1 when not loser\n  loser: value(side) > 0")
    setup = prepare(variant, 2)
    result = score(setup, finished(setup, ["", "1-2"], end="out", seat=0, lead="6-6"),
                   ledger=Ledger(2))
    assert result.points == (1, 3 + 5 + 50)


def test_optional_slots_take_their_defaults() -> None:
    setup = prepare(text_variant(""), 3)
    assert (setup.reserve, setup.may_pass, setup.two_doubles) == (0, False, False)
    assert setup.rules["redeal"].constant == "never"
    assert setup.rules["carry"].constant == 0 and setup.rules["opens"].constant is True


def test_setup_slots_follow_players_and_options() -> None:
    variant = text_variant("option big: yes | no = no\n  deal: 7 when players = 2\n"
                           "  deal: 5 otherwise\n  draw: until_playable when big\n"
                           "  draw: one otherwise\n  reserve: 2\n  sides: partners when players = 4\n"
                           "  sides: individual otherwise")
    two, four = prepare(variant, 2), prepare(variant, 4, {"big": "yes"})
    assert (two.deal, two.draw, two.reserve, two.seating.sides) == (7, "one", 2, 2)
    assert (four.deal, four.draw, four.seating.sides) == (5, "until_playable", 2)
    assert four.seating.side_of == (0, 1, 0, 1)


def test_impossible_setups_stop_with_the_rule() -> None:
    with pytest.raises(RuleStop, match="partners need 4 players"):
        prepare(text_variant("sides: partners"), 3)
    with pytest.raises(RuleStop, match="cannot be dealt"):
        prepare(text_variant("deal: 8"), 4)


def test_options_settle_with_defaults_and_given_values() -> None:
    variant = text_variant("option target: 100 | 300 = 100\n  option full: yes | no\n"
                           "  goat: total > target")
    with pytest.raises(UsageError, match=r"no default for 'full': give --option full=yes\|no"):
        prepare(variant, 2)
    assert prepare(variant, 2, {"full": "yes"}).options == {"target": 100, "full": True}
    assert prepare(variant, 2, {"full": False, "target": 300}).options == {
        "target": 300, "full": False}


@pytest.mark.parametrize("given, message", [
    ({"full": "yes", "targt": "300"}, r"no option 'targt' \(did you mean 'target'\?\)"),
    ({"full": "yes", "target": "200"}, r"'target' cannot be '200'; its values: 100 \| 300"),
    ({"full": "maybe"}, r"'full' cannot be 'maybe'"),
    ({"full": 1}, r"'full' cannot be"),  # JSON 1 is not yes
])
def test_bad_options_are_usage_errors(given: dict, message: str) -> None:
    variant = text_variant("option target: 100 | 300 = 100\n  option full: yes | no\n"
                           "  goat: total > target")
    with pytest.raises(UsageError, match=message):
        prepare(variant, 2, given)


def test_player_count_must_be_allowed() -> None:
    variant = text_variant("", players="2, 4")
    assert prepare(variant).players == 4
    with pytest.raises(UsageError, match="played by 2, 4 players, not 3"):
        prepare(variant, 3)
