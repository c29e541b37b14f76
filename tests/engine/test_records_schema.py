"""The JSON Schema of kozel-record/1 (interpreter/schemas/, shown on the site's record page):
every record the project writes or reads in its tests is valid, and what the reader refuses for
its shape the schema refuses too."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from interpreter.language.errors import RecordError
from interpreter.engine.records import parse_record

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema comes with the [dev] extra")

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "interpreter" / "schemas" / "kozel-record-1.schema.json")
                    .read_text(encoding="utf-8"))
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))
MOVE_SCORE = ROOT / "tests" / "golden" / "good" / "points-at-a-move.kozel"  # points at a move


def _validator() -> Any:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_the_test_records_are_valid(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    errors = [e.message for e in _validator().iter_errors(record)]
    assert not errors, errors[:5]


def test_the_checker_witness_records_are_valid() -> None:
    pytest.importorskip("checks.running.run", reason="the checker is not installed")
    from seed_reports import seed_report

    report = seed_report("minsk")  # as `kozel check spec/variants` gives it
    records = [f.witness.record for f in report.findings if f.witness and f.witness.record]
    assert len(records) >= 5
    for record in records:
        assert not list(_validator().iter_errors(record))


def test_a_record_of_points_at_a_move_is_valid(tmp_path: Path) -> None:
    """`kozel play --save` of a variant that writes `move score` gives its plays "points"."""
    from kozel.cli import main

    path = tmp_path / "fives.json"
    assert main(["play", str(MOVE_SCORE), "--players", "2", "--seed", "3", "--save",
                 str(path)]) == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    scored = [m for r in record["rounds"] for m in r["moves"] if "points" in m]
    assert scored and all("play" in m and m["points"] > 0 for m in scored)
    assert not list(_validator().iter_errors(record))


BREAKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "format": lambda r: r.update(format="kozel-record/2"),
    "players": lambda r: r.update(players=5),
    "tile": lambda r: r["rounds"][0]["hands"][0].__setitem__(0, "7-1"),
    "two kinds": lambda r: r["rounds"][0]["moves"][0].update(knock=True),
    "unknown key": lambda r: r["rounds"][0]["moves"][0].update(pass_=True),
    "end on a draw": lambda r: r["rounds"][0]["moves"].append(
        {"seat": 0, "draw": "1-1", "end": "left"}),
    "knock false": lambda r: r["rounds"][0]["moves"].append({"seat": 0, "knock": False}),
    "points on a draw": lambda r: r["rounds"][0]["moves"].append(
        {"seat": 0, "draw": "1-1", "points": 5}),
    "points below 0": lambda r: r["rounds"][0]["moves"][0].update(points=-5),
    "hand twice": lambda r: r["rounds"][0]["hands"][0].append(r["rounds"][0]["hands"][0][0]),
    "no rounds": lambda r: r.pop("rounds"),
}


@pytest.mark.parametrize("name", BREAKS)
def test_what_the_reader_refuses_the_schema_refuses(name: str) -> None:
    record = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    assert not list(_validator().iter_errors(record))
    broken = copy.deepcopy(record)
    BREAKS[name](broken)
    with pytest.raises(RecordError):
        parse_record(broken)
    assert list(_validator().iter_errors(broken)), name
