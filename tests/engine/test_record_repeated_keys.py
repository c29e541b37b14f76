"""A record that writes a key twice is refused, naming the key and where it is: JSON readers
disagree on which value counts (Python's takes the last, others the first), so two tools
would replay two different games from one file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.engine.records import record_from_text
from interpreter.language.errors import RecordError

RECORD = Path(__file__).resolve().parents[1] / "records" / "minsk-4.json"


def _text_with(old: str, new: str, count: int = 1) -> str:
    text = json.dumps(json.loads(RECORD.read_text("utf-8")), indent=1)
    assert old in text
    return text.replace(old, new, count)


def test_the_record_as_written_is_read() -> None:
    assert record_from_text(RECORD.read_text("utf-8")).players == 4


@pytest.mark.parametrize("old, new, where", [
    ('"players": 4,', '"players": 4, "players": 3,', "record: the key 'players'"),
    ('"rounds": [', '"rounds": [], "rounds": [', "record: the key 'rounds'"),
    ('"hands": [', '"stock": [], "hands": [', "round 1: the key 'stock'"),
    ('"seat": 2,', '"seat": 2, "seat": 0,', "round 1, move 1: the key 'seat'"),
])
def test_a_key_written_twice_is_named(old: str, new: str, where: str) -> None:
    with pytest.raises(RecordError) as error:
        record_from_text(_text_with(old, new))
    assert str(error.value).startswith(where) and "more than once" in str(error.value)
