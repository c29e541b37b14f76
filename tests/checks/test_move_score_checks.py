"""Points at a move (`move score`, `claim move`) in the checker, as every other slot: a gap, a
conflict and a claim about what a move scores are found in the Z3 situation `move` (or
`moved`), each shown by a game the engine replays to the very move; a comparison of two
variants that score moves otherwise says so with a game whose replay scores the move
otherwise under each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checks.compare.diff import diff_variants
from checks.questions.budget import GameBudget
from checks.questions.conditions import Condition, conditions_for
from checks.reporting.findings import Finding, VariantReport
from checks.reporting.kinds import Kind
from checks.running.run import CheckSettings, check_variant
from checks.z3_encode import Session
from checks.z3_encode.session import evaluate
from interpreter.engine import Listener, Move, RuleStop, play_match, prepare
from interpreter.engine.evaluate import Env, compile_expr
from interpreter.engine.players import RandomPlayer
from interpreter.engine.moves import PLAY
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.engine.tiles import ALL_TILES
from interpreter.language.model import Variant
from interpreter.language.typing_rules import symbols_with_options
from interpreter.language.resolve import load_paths
from small_variant import play_rules

GAMES = GameBudget(games=300)
SETTINGS = CheckSettings(playouts=0, workers=1, games=GAMES)


def variant_of(tmp_path: Path, name: str, moves: str, claims: str = "") -> Variant:
    """A small two-player variant without drawing whose `move score` is `moves`."""
    path = tmp_path / f"{name}.kozel"
    path.write_text(f'''variant {name} "{name}" {{
  players 2
  sides: individual
  deal: 7
  draw: none
  pass: no
{play_rules()}{moves}{claims}}}
''', encoding="utf-8")
    library, _ = load_paths([path])
    return library.resolve(name)


def found(report: VariantReport, kind: Kind, slot: str = "") -> list[Finding]:
    return [f for f in report.findings if f.kind is kind and (not slot or f.slot == slot)]


def stops_at_the_move(variant: Variant, finding: Finding, slot: str, kind: str) -> RuleStop:
    """The witness's record replays up to the move where the engine stops at the rule."""
    assert finding.witness is not None and finding.witness.record is not None
    with pytest.raises(RuleStop) as stopped:
        replay(variant, parse_record(finding.witness.record), partial=True)
    stop = stopped.value
    assert (stop.slot, stop.kind) == (slot, kind)
    at = finding.witness.at
    assert at is not None and at.moves == len(finding.witness.record["rounds"][-1]["moves"])
    return stop


class _Scores(Listener):
    """What each move that laid a tile scored in a replay."""

    def __init__(self) -> None:
        self.scored: list[int] = []

    def moved(self, seat: int, move: Move, drawn: int, table: Any) -> None:
        if move.kind == PLAY:
            self.scored.append(table.scored)


def scores_in(variant: Variant, record: dict[str, Any], options: dict[str, Any]) -> list[int]:
    listener = _Scores()
    replay(variant, parse_record({**record, "variant": variant.name, "options": options}),
           listener=listener, partial=True)
    return listener.scored


def test_a_move_score_without_an_otherwise_case_has_a_gap_shown_by_a_game(
        tmp_path: Path) -> None:
    variant = variant_of(tmp_path, "gap", "  move score: ends when multiple(ends, 5)\n")
    report = check_variant(variant, SETTINGS)
    (gap,) = found(report, Kind.GAP, "move score")
    stops_at_the_move(variant, gap, "move score", "gap")


def test_two_cases_of_move_score_that_disagree_are_a_conflict_shown_by_a_game(
        tmp_path: Path) -> None:
    variant = variant_of(tmp_path, "conflict", "  move score: ends when multiple(ends, 5)\n"
                                               "  move score: 1 when ends > 10\n"
                                               "  move score: 0 otherwise\n")
    report = check_variant(variant, SETTINGS)
    (conflict,) = found(report, Kind.CONFLICT, "move score")
    stops_at_the_move(variant, conflict, "move score", "conflict")


FIVES = "  claim move \"every score during play is a multiple of 5\": multiple(scored, 5)\n"


def test_a_claim_about_what_moves_score_is_proved(tmp_path: Path) -> None:
    variant = variant_of(tmp_path, "fives", "  move score: ends when multiple(ends, 5)\n"
                                            "  move score: 0 otherwise\n", FIVES)
    report = check_variant(variant, SETTINGS)
    assert len(found(report, Kind.CLAIM_PROVED)) == 1
    assert not found(report, Kind.CLAIM_REFUTED) and not found(report, Kind.UNCONFIRMED)


def test_a_claim_about_what_moves_score_is_refuted_by_a_game(tmp_path: Path) -> None:
    variant = variant_of(tmp_path, "ends", "  move score: ends\n", FIVES)
    report = check_variant(variant, SETTINGS)
    (refuted,) = found(report, Kind.CLAIM_REFUTED)
    witness = refuted.witness
    assert witness is not None and witness.record is not None
    scored = scores_in(variant, witness.record, dict(witness.options))
    assert scored and scored[-1] % 5 != 0  # the last move of the record scores the count
    assert witness.fact("scored") == scored[-1]


def test_a_move_that_scores_below_zero_is_found(tmp_path: Path) -> None:
    variant = variant_of(tmp_path, "minus", "  move score: 0 - ends when ends > 10\n"
                                            "  move score: 0 otherwise\n")
    assert "move-points-nonnegative" in {c.query for c in conditions_for(variant)}
    report = check_variant(variant, SETTINGS)
    (negative,) = found(report, Kind.PROPERTY_REFUTED, "move score")
    witness = negative.witness
    assert witness is not None and witness.record is not None
    assert scores_in(variant, witness.record, dict(witness.options))[-1] < 0


def test_the_total_after_a_round_counts_the_points_scored_at_moves(tmp_path: Path) -> None:
    """The points a side's moves scored are written besides its round's points: a claim that
    the first round's total is its points is refuted, by a game."""
    claim = "  claim end \"only the points\": not first or total = points\n"
    variant = variant_of(tmp_path, "total", "  move score: ends when multiple(ends, 5)\n"
                                            "  move score: 0 otherwise\n", claim)
    report = check_variant(variant, SETTINGS)
    (refuted,) = found(report, Kind.CLAIM_REFUTED)
    assert refuted.witness is not None and refuted.witness.record is not None


def test_a_variant_that_scores_no_move_is_asked_nothing_about_it(tmp_path: Path) -> None:
    variant = variant_of(tmp_path, "plain", "")
    assert not [c for c in conditions_for(variant) if c.slot == "move score"
                or c.situation in ("move", "moved")]


def test_kozel_diff_sees_another_move_score_with_a_game_that_scores_it_otherwise(
        tmp_path: Path) -> None:
    a = variant_of(tmp_path, "fives", "  move score: ends when multiple(ends, 5)\n"
                                      "  move score: 0 otherwise\n")
    b = variant_of(tmp_path, "threes", "  move score: ends when multiple(ends, 3)\n"
                                       "  move score: 0 otherwise\n")
    result = diff_variants(a, b, games=GAMES)
    slots = {s.slot: s for s in result.slots}
    assert {name for name, s in slots.items() if s.status != "same"} == {"move score"}
    witness = slots["move score"].witness
    assert witness is not None and witness.record is not None
    by_variant = dict(witness.by_variant)
    under_a = scores_in(a, witness.record, dict(by_variant["fives"]))
    under_b = scores_in(b, witness.record, dict(by_variant["threes"]))
    assert under_a != under_b


CROSS = ("multiple(ends, 2)", "multiple(ends, 3)", "multiple(ends, 5)", "ends > 12",
         "count(laid) = 2", "count(hand) >= 3", "pips(laid) > 6", "multiple(scored, 5)",
         "blocked", "count(hands) - count(hand) >= players - 1")


class _Moments(Listener):
    """Each move that laid a tile, as the zones and scalars of the Z3 situation `moved`, with
    the engine's answer to each claim there."""

    def __init__(self, claims: list[Any]) -> None:
        self.claims = claims
        self.seen: list[tuple[dict[str, set[int]], dict[str, Any], list[bool]]] = []

    def moved(self, seat: int, move: Move, drawn: int, table: Any) -> None:
        if move.kind != PLAY:
            return
        held = table.held
        index = {(t.low, t.high): i for i, t in enumerate(ALL_TILES)}
        line = {index[tuple(sorted(pair))] for pair in table.line_tiles()}
        hands = {i for hand in held for i in range(28) if hand >> i & 1}
        zones = {"line": line, "hands": hands, "stock": set(table.pile[table.drawn:]),
                 "laid": {i for i in range(28) if table.laid >> i & 1},
                 "hand": {i for i in range(28) if held[seat] >> i & 1}}
        scalars = {"left": table.left, "right": table.right, "players": len(held),
                   "left double": _double(table.left_run, table.lead_tile),
                   "right double": _double(table.right_run, table.lead_tile)}
        self.seen.append((zones, scalars, [bool(holds(table)) for holds in self.claims]))


def _double(run: list[tuple[int, int]], lead: int) -> bool:
    low, high = run[-1] if run else (ALL_TILES[lead].low, ALL_TILES[lead].high)
    return low == high


@pytest.mark.parametrize("physics", ["draw: none\n  two doubles: no",
                                     "draw: until_playable\n  two doubles: yes"])
def test_the_move_situation_holds_every_move_the_engine_makes(tmp_path: Path,
                                                               physics: str) -> None:
    """Every move of a few matches is a situation of `moved`, where `laid`, `ends`, `hand`
    and `scored` mean what the engine's do (no fact of the encoding leaves a move out)."""
    claims = "".join(f'  claim move "c{i}": {c}\n' for i, c in enumerate(CROSS))
    text = f'''variant cross "cross" {{
  players 2..4
  sides: individual
  deal: 6
  {physics}
  pass: no
{play_rules()}  move score: ends when multiple(ends, 5)
  move score: 0 otherwise
{claims}}}
'''
    (tmp_path / "cross.kozel").write_text(text, encoding="utf-8")
    library, _ = load_paths([tmp_path / "cross.kozel"])
    variant = library.resolve("cross")
    session = Session.of(variant)
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        env = Env("moved", {}, {}, symbols_with_options({}), players)
        moments = _Moments([compile_expr(c.expr, env) for c in variant.claims])
        with pytest.raises(RuleStop):  # the match cut after its first round: its moves
            play_match(prepare(variant, players, {}),
                       [RandomPlayer(seed * 10 + s) for s in range(players)], seed=seed,
                       listener=moments, max_rounds=1)
        assert moments.seen
        for zones, scalars, answers in moments.seen[::2]:
            for claim, engine in zip(variant.claims, answers):
                assert evaluate(session, "moved", claim.expr, zones, scalars) == \
                    (True, engine), (claim.text, zones, scalars)
