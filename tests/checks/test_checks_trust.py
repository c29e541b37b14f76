"""Nothing false is ever proved (tests/golden/checks/trust.kozel, real Z3, no mocks).

Where the solver gives up listing the (players, deal) pairs, every question over a deal is
unknown, never proved, refuted or unreachable; and a proof over no situation at all (a rule
the engine stops on empties it) is `vacuous`, never `claim-proved` nor `unreachable`.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest

from checks.questions import readings, restated
from checks.running import run
from checks.questions.budget import Budget
from checks.reporting.findings import Finding, VariantReport
from checks.running.run import CheckSettings, check_variant
from checks.z3_encode import Session, fresh, tables
from checks.z3_encode.session import evaluate
from interpreter.language import ast
from interpreter.engine import ShuffleDealer, play_match, prepare
from interpreter.engine.players import RandomPlayer
from interpreter.language.resolve import load_paths
from test_checks_soundness import Snapshots
from tiers import witness_games

TRUST = Path(__file__).parents[1] / "golden" / "checks" / "trust.kozel"
GAVE_UP = "the solver gave up while enumerating the player counts and deal sizes"
SETUP_SLOTS = ("sides", "deal", "draw", "reserve", "pass", "two doubles")


def variant(name: str):  # type: ignore[no-untyped-def]
    library, _ = load_paths([TRUST])
    return library.resolve(name)


@lru_cache(maxsize=None)
def report(name: str) -> VariantReport:
    return check_variant(variant(name), CheckSettings(Budget(), 0, 1, witness_games()))


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(TRUST.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def kinds(found: VariantReport, kind: str) -> list[Finding]:
    return [f for f in found.findings if f.kind == kind]


def claim(found: VariantReport, text: str) -> Finding:
    about = [f for f in found.findings if f"claim {text!r}" in f.message]
    assert len(about) == 1, [f.message for f in about]
    return about[0]


def test_giving_up_on_the_deal_sizes_leaves_every_deal_question_unknown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Budget] = []
    enumerate_combos = tables.enumerate_combos

    def counted(facts, budget):  # type: ignore[no-untyped-def]
        calls.append(budget)
        return enumerate_combos(facts, budget)

    questions: list[str] = []

    def fresh_question() -> None:  # each question of the report starts from a fresh context
        questions.append("asked")
        fresh.fresh_question()

    monkeypatch.setattr(tables, "enumerate_combos", counted)
    for module in (run, readings, restated):
        monkeypatch.setattr(module, "fresh_question", fresh_question)
    found = check_variant(variant("gives-up"),
                          CheckSettings(Budget(1_000_000), 0, 1, witness_games()))
    # with the user's budget, at most once a question: within one the give-up is kept, not
    # asked again (a question that starts afresh asks it again, as a new process would)
    assert calls and all(b == Budget(1_000_000) for b in calls) and len(calls) <= len(questions)
    unknown = kinds(found, "unknown")
    assert found.unknown == len(unknown) > 20
    assert sum(GAVE_UP in f.message for f in unknown) == len(unknown)
    for text in ("a hand holds 99 tiles", "1-1 is never dealt", "no round ends"):
        assert claim(found, text).kind == "unknown"
    assert not [f for f in found.findings if f.kind in ("claim-proved", "vacuous")]
    assert not [f for f in kinds(found, "unreachable") if f.slot not in SETUP_SLOTS]
    assert f"{found.unknown} unknown" in found.summary()


def test_giving_up_keeps_the_setup_answers() -> None:
    found = check_variant(variant("gives-up"),
                          CheckSettings(Budget(1_000_000), 0, 1, witness_games()))
    # the solver still refutes the setup claim; the engine cannot set up most of its
    # settings (their deal is impossible), so the game search may leave it unconfirmed
    setup_claim = claim(found, "two play")
    assert setup_claim.kind in ("claim-refuted", "unconfirmed")
    assert setup_claim.witness is not None or setup_claim.candidate is not None
    assumption = kinds(found, "assumption")
    assert [f.line for f in assumption] == [line_of("assume \"the sizes")]
    # no game can be set up with the puzzle's sizes: the finding says so
    assert assumption[0].message.startswith("the sizes are a puzzle (no game shows it: ")
    assert found.proved > 0  # setup questions (sides, the tile set, ...) keep their proofs


def test_first_round_has_no_earlier_goat() -> None:
    found = report("goatless")
    assert claim(found, "no round ends").kind == "claim-refuted"
    unspecified = kinds(found, "unspecified")
    assert [(f.slot, f.line) for f in unspecified] == [("goat", line_of("goat: unspecified"))]
    assert not [f for f in found.findings if f.kind == "unreachable" and f.slot == "goat"]
    one_goat = next(f for f in kinds(found, "vacuous") if "at most one side" in f.message)
    assert f"because `goat` is unspecified (line {line_of('goat: unspecified')})" in \
        one_goat.message


def test_a_match_lost_in_its_first_round_is_a_situation_of_the_checker() -> None:
    found = report("goat-at-once")
    assert claim(found, "no round ends").kind == "claim-refuted"
    goat = variant("goat-at-once")
    snaps = Snapshots(threshold=False)
    play_match(prepare(goat, 4, {}), [RandomPlayer(s) for s in range(4)],
               dealer=ShuffleDealer(random.Random(7)), listener=snaps)
    assert len(snaps.ends) == 1 and snaps.sheets
    session = Session.of(goat)
    for zones, scalars in snaps.sheets:
        evaluate(session, "match", ast.BoolLit(True), zones, {**scalars, "players": 4})


def test_goat_of_the_round_before_is_not_asked_with_this_rounds_loser() -> None:
    found = report("goat-reads-the-round")
    # never proved: the solver's totals before a round range freely and refute it; in real
    # play a side passes 50 only by losing, so becomes the goat at once, and no game shows
    # the candidate: the engine leaves it unconfirmed
    found_claim = claim(found, "a loser starts the round at 50 or less")
    assert found_claim.kind in ("claim-refuted", "unconfirmed")
    assert found_claim.kind == "claim-refuted" or found_claim.candidate is not None


def test_an_unspecified_deal_proves_nothing() -> None:
    found = report("dealless")
    hand = claim(found, "a hand holds 99 tiles")
    assert hand.kind == "vacuous"
    assert hand.message == (f"claim 'a hand holds 99 tiles' holds only vacuously: no dealt hand "
                            f"is ever reached, because `deal` is unspecified "
                            f"(line {line_of('deal: unspecified')})")
    assert claim(found, "two play").kind == "claim-refuted"
    assert not [f for f in found.findings if f.kind in ("claim-proved", "unreachable")]
    assert found.vacuous >= len(kinds(found, "vacuous")) > 5
    assert f"{found.vacuous} vacuous" in found.summary()
    assert found.as_json()["vacuous"] == found.vacuous


def test_a_context_no_game_reaches_proves_nothing() -> None:
    found = report("always-redealt")
    dealt = claim(found, "nothing is dealt")
    assert dealt.kind == "vacuous"
    assert f"because of what `redeal` says (line {line_of('redeal: automatic')})" in dealt.message
    lead_round = [f for f in found.findings if f.slot == "lead round"]
    assert [f.kind for f in lead_round] == ["vacuous"]  # not `unreachable` twice
    assert "no deal of a later round is ever reached" in lead_round[0].message


def test_a_case_that_never_applies_is_unreachable_and_its_checks_vacuous() -> None:
    found = report("never-applies")
    base = report("trust-base")
    lead = [f for f in found.findings if f.slot == "lead match"]
    assert [(f.kind, f.line) for f in lead] == [("unreachable", line_of("players = 5"))]
    assert found.vacuous > 0 and not kinds(found, "vacuous")
    assert base.vacuous == 0 and base.unknown == 0


@pytest.mark.parametrize("name", ["goatless", "dealless", "always-redealt"])
def test_vacuous_does_not_fail_strict(name: str) -> None:
    assert all(not f.fails_strict() for f in kinds(report(name), "vacuous"))


def test_a_search_gives_up_a_match_that_is_redealt_over_and_over() -> None:
    """A variant that throws in every deal: each match a search tries is given up after
    ABANDON_AFTER_REDEALS deals in a row, counted under the `redeal` rule as the engine's own
    stop would be, so the search costs tens of deals a match, not the engine's thousand; a
    target that asks for the engine's stop still gets it."""
    from interpreter.engine.round import MAX_REDEALS
    from checks.search.games import ABANDON_AFTER_REDEALS, Hints, Target, search
    endless = variant("always-redealt")
    dealt = Target(when="deal", test=lambda moment: "dealt")
    searched = search(endless, dealt, Hints(), games=12)
    assert searched.game is None and searched.played == 12
    [(rule, count)] = searched.stops.items()
    assert count == 12 and "redeal" in str(rule)
    assert ABANDON_AFTER_REDEALS < MAX_REDEALS
    stopped = search(endless, Target(stop=lambda stop: stop.slot == "redeal"), Hints(), games=1)
    assert stopped.game is not None and stopped.game.stop.kind == "endless"
