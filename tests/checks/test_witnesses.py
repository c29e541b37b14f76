"""A witness is a frozen, typed value (checks/search/witnesses.py): the Z3 reader and the engine's
games both make one, and its `to_json` writes the JSON `kozel check --format json` has always
written (tests/checks/golden/seed-witnesses.json: a digest of each seed finding's witness as
main wrote it before witnesses were typed). After a deliberate change of the JSON, remake it
from `kozel check spec/variants --format json`: for the i-th finding of each variant, the
sha256 of `json.dumps(witness, ensure_ascii=False, indent=2)` under "NAME i KIND witness"
(and "... candidate")."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest

from checks.questions.solver import check_conditions
from checks.search.witnesses import (At, NoValue, SeatIs, Side, Witness, answer_json, made,
                              setting_of)
from checks.search.witness import draw_witness
from interpreter.engine.tiles import Laid, Tile
from seed_reports import seed_report, seeds
from shared_runs import MAIN_JOB, kozel

GOLDEN = Path(__file__).resolve().parent / "golden" / "seed-witnesses.json"


def _digest(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, indent=2)  # as the CLI writes it
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_witness_cannot_be_changed_after_it_is_made() -> None:
    witness = made(players=2, options=setting_of({"target": 101}),
                   hands=((Tile(1, 1),), (Tile(0, 6),)), stock=(Tile(6, 6),))
    with pytest.raises(dataclasses.FrozenInstanceError):
        witness.players = 4  # type: ignore[misc]
    more = witness.adding(("winner", 1))
    assert witness.fact("winner") is None and more.fact("winner") == 1
    assert list(witness.to_json()) == ["players", "options", "hands", "stock"]
    assert list(more.to_json()) == ["players", "options", "hands", "stock", "winner"]


def test_a_fact_given_again_keeps_its_place_in_the_json() -> None:
    witness = made(("players", 4), ("totals", (10, 0)), ("end", "out"))
    again = witness.adding(("totals", (12, 0)))
    assert list(again.to_json().items()) == [("players", 4), ("totals", [12, 0]),
                                             ("end", "out")]


def test_seats_sides_and_tiles_are_values_and_words_only_when_drawn() -> None:
    witness = made(("players", 4), ("hands", ((Tile(3, 5),),) * 4), ("line", (Laid(6, 1),)),
                   ("winner", 0), ("goat", (Side(1, (1, 3)),)), ("at", At(1, 3)),
                   ("does", (("minsk", SeatIs(0)), ("pairs", NoValue("gap")))))
    data = witness.to_json()
    assert data["line"] == ["6-1"] and data["hands"][0] == ["3-5"]
    assert data["goat"] == ["side 1 (seats 1+3)"]  # the engine's words, from 0
    assert data["does"] == {"minsk": "seat 0", "pairs": answer_json(NoValue("gap"))}
    assert witness.sides_named() == {1} and witness.seat_facts() == {"winner": 0}
    drawn = "\n".join(draw_witness(witness))
    assert "winner 1" in drawn and "side 2 (seats 2 and 4)" in drawn  # for people: from 1
    assert "minsk: seat 1" in drawn


def test_every_seed_witness_writes_the_json_it_always_wrote() -> None:
    """The main job's witnesses, written by Witness.to_json, have the bytes main's code wrote
    before witnesses were typed (the golden digests were taken from that JSON)."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    ran = kozel(*MAIN_JOB)
    assert ran.code == 0, ran.stderr.decode()
    written = {}
    for variant in json.loads(ran.stdout)["variants"]:
        for index, finding in enumerate(variant["findings"]):
            for field in ("witness", "candidate"):
                if finding.get(field) is not None:
                    key = f"{variant['name']} {index} {finding['kind']} {field}"
                    written[key] = _digest(finding[field])
    assert golden and written == golden


@pytest.mark.parametrize("name", ["gambler-1v1", "kozel-classic", "minsk", "pairs"])
def test_every_seed_finding_holds_a_typed_witness(name: str) -> None:
    shown = [w for f in seed_report(name).findings for w in (f.witness, f.candidate) if w]
    assert shown and all(isinstance(witness, Witness) for witness in shown)


def test_the_solver_and_the_engine_give_the_same_type_of_witness() -> None:
    minsk = seeds()["minsk"]
    solved = [r.answer.witness for r in check_conditions(minsk)
              if r.answer.witness is not None]
    played = [f.witness for f in seed_report("minsk").findings if f.witness is not None]
    assert solved and played
    assert {type(w) for w in solved} == {type(w) for w in played} == {Witness}
    assert all(isinstance(tile, Tile) for w in solved + played for hand in w.hands
               for tile in hand)
