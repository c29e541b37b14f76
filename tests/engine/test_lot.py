"""Chance (docs/language.md: `lot`): a seat drawn by lot to lead, drawn by the engine from the
match's seeded random source, replayed from who leads in the record, and taken by the checker
as any seat."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

from checks.running.run import CheckSettings, check_variant
from kozel.cli import main
from interpreter.engine import prepare
from interpreter.engine.match import play_match
from interpreter.engine.referee import replay
from interpreter.engine.round import ShuffleDealer
from interpreter.language.model import Variant
from interpreter.engine.players import seat_players
from interpreter.engine.records import parse_record, record_json
from interpreter.language.resolve import load_variant, parse_variant_file
from interpreter.engine.tiles import Tile

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "good" / "by-lot.kozel"


@lru_cache(maxsize=1)
def golden() -> Variant:
    (variant,) = parse_variant_file(GOLDEN)
    return variant


def match(variant: Variant, seed: int, players: int = 4) -> Any:
    setup = prepare(variant, players)
    return play_match(setup, seat_players("random", players, seed), seed=seed)


def test_the_engine_draws_every_seat_from_its_seeded_source() -> None:
    leaders = Counter(match(golden(), seed).rounds[0].leader for seed in range(120))
    assert set(leaders) == {0, 1, 2, 3}
    again = [match(golden(), seed).rounds[0].leader for seed in range(10)]
    assert again == [match(golden(), seed).rounds[0].leader for seed in range(10)]


def test_a_played_match_replays_from_who_leads_each_round() -> None:
    for seed in range(15):
        played = match(golden(), seed, players=3)
        record = record_json(played)
        again = replay(golden(), parse_record(record))
        assert again.as_json() == played.as_json()
        fish_rounds = [r for r in played.rounds[:-1] if r.end == "fish"]
        for before, after in zip(played.rounds, played.rounds[1:]):
            if before.end == "fish":  # `lead round: next(lot)`: the lot is any seat
                assert 0 <= after.leader < 3
        if fish_rounds:
            return
    raise AssertionError("no match with a fish in 15 seeds")


def test_a_record_may_lead_with_any_seat_the_lot_can_draw(tmp_path: Path) -> None:
    """The record says who led: any seat of a table that draws lots is a leader it accepts,
    and the same record under a variant whose leader holds 1-1 is checked as before."""
    played = match(golden(), 5)
    record = record_json(played)
    first = record["rounds"][0]
    leader = first["moves"][0]["seat"]
    holder = next(s for s, hand in enumerate(first["hands"]) if "1-1" in hand)
    replay(golden(), parse_record(record))
    fixed = load_variant(GOLDEN.read_text(encoding="utf-8").replace(
        "lead match: lot", "lead match: holder(1-1)"), "fixed.kozel")
    if leader != holder:
        from interpreter.language.errors import RecordError
        try:
            replay(fixed, parse_record({**record, "variant": "golden-lot"}))
        except RecordError as error:
            assert "round 1" in str(error)
        else:
            raise AssertionError("a record led by another seat than 1-1's holder replayed")


class CountingDealer(ShuffleDealer):
    """The engine's own shuffling dealer, counting the lots it is asked to draw."""

    lots = 0

    def draw_lot(self, players: int, leads: Any) -> int:
        self.lots += 1
        return super().draw_lot(players, leads)


def test_a_lot_is_drawn_only_where_a_rule_uses_it() -> None:
    """One lot a deal where a rule uses it, none elsewhere: so that every variant without
    `lot` plays the very matches it played before."""
    plain = load_variant(GOLDEN.read_text(encoding="utf-8").replace(
        "lead match: lot", "lead match: holder(1-1)").replace("next(lot)", "fisher").replace(
        '  claim deal "the lot falls to the holder of 1-1": lot = holder(1-1)\n', ""),
        "plain.kozel")
    for variant, drawing in ((plain, False), (golden(), True)):
        dealer = CountingDealer(random.Random(3))
        result = play_match(prepare(variant, 4), seat_players("random", 4, 3), dealer=dealer)
        assert dealer.lots == (len(result.rounds) if drawing else 0)  # one lot a deal


@lru_cache(maxsize=1)
def report() -> Any:
    return check_variant(golden(), CheckSettings(playouts=5, workers=1))


def test_the_checker_takes_the_lot_as_any_seat() -> None:
    claims = [f for f in report().findings if f.message.startswith("claim ")]
    (refuted,) = [f for f in claims if f.kind == "claim-refuted"]
    witness = refuted.witness
    # the lot fell to another seat than 1-1's holder in this game (with three players 1-1 may
    # be in the stock, which the solver's candidate, found under a time limit, may also pick)
    one_one = Tile(1, 1)
    holder = next((s for s, hand in enumerate(witness.hands) if one_one in hand), None)
    if holder is None:
        assert one_one in witness.stock, witness
    elif witness.at is not None and witness.at.round == 1:  # the lot names the first leader
        assert witness.seat_facts()["seat to lead"] != holder
    replay(golden(), parse_record(witness.record), partial=True)
    assert not [f for f in report().findings if f.kind in ("gap", "ambiguity", "conflict")]


def test_the_checker_proves_what_holds_for_every_seat() -> None:
    """The lot is a seat at the table, any of them; leave one out and a game shows it."""
    at_table = ("lot = seat(0) or lot = seat(1) or players >= 3 and lot = seat(2) or "
                "players = 4 and lot = seat(3)")
    text = GOLDEN.read_text(encoding="utf-8").replace("lot = holder(1-1)", at_table)
    variant = load_variant(text, "proved.kozel")
    found = check_variant(variant, CheckSettings(playouts=0, workers=1))
    (claim,) = [f for f in found.findings if f.message.startswith("claim ")]
    assert claim.kind == "claim-proved"
    variant = load_variant(text.replace("lot = seat(1) or ", ""), "refuted.kozel")
    found = check_variant(variant, CheckSettings(playouts=0, workers=1))
    (claim,) = [f for f in found.findings if f.message.startswith("claim ")]
    assert claim.kind == "claim-refuted"
    if claim.witness.at is not None and claim.witness.at.round == 1:  # the first leader
        assert claim.witness.seat_facts()["seat to lead"] == 1  # the seat the claim leaves out


def test_simulate_and_play_take_a_variant_that_draws_lots(capsys: Any) -> None:
    code = main(["simulate", str(GOLDEN), "--matches", "40", "--format", "json"])
    data = json.loads(capsys.readouterr()[0])
    assert code == 0 and data["completed"] == 40 and not data["stops"]
