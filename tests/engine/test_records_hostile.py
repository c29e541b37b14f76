"""Hostile record files give a clear `record: ...` (or `round R, ...`) error, never a traceback,
a hang or unbounded memory: the corpus under tests/corpus/records, special files, the size
limit. A replay that fails prints nothing on stdout."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from interpreter.engine import records
from kozel.cli import main
from interpreter.engine.referee import replay
from interpreter.language.errors import RecordError
from interpreter.engine.records import MAX_BYTES, read_record
from engine_support import seed

CORPUS = Path(__file__).parents[1] / "corpus" / "records"
RECORDS = Path(__file__).parents[1] / "records"


def expectations() -> dict[str, str]:
    """File name -> the start of its error (or "ok"), from the corpus's EXPECTED.txt."""
    lines = (CORPUS / "EXPECTED.txt").read_text(encoding="utf-8").splitlines()
    pairs = [line.split(": ", 1) for line in lines if line and not line.startswith("#")]
    return {name: said for name, said in pairs}


EXPECTED = expectations()


def test_every_corpus_file_has_an_expectation() -> None:
    assert sorted(p.name for p in CORPUS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_record_gives_its_known_answer(name: str) -> None:
    if EXPECTED[name] == "ok":
        assert replay(seed("minsk"), read_record(CORPUS / name)).goat is not None
        return
    with pytest.raises(RecordError) as caught:
        replay(seed("minsk"), read_record(CORPUS / name))
    message = str(caught.value)
    assert EXPECTED[name] in message and len(message) < 300


def fails_to_read(path: Path | str, message: str) -> None:
    started = time.monotonic()
    with pytest.raises(RecordError, match=message):
        read_record(path)
    assert time.monotonic() - started < 5


def test_special_files_are_refused_without_reading(tmp_path: Path) -> None:
    fails_to_read(tmp_path, r"^record: '.*' is not a regular file$")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.json")
        fails_to_read(tmp_path / "fifo.json", r"^record: '.*fifo.json' is not a regular file$")
    if Path("/dev/zero").exists():
        (tmp_path / "zero.json").symlink_to("/dev/zero")
        fails_to_read(tmp_path / "zero.json", r"^record: '.*zero.json' is not a regular file$")
    fails_to_read(tmp_path / "missing.json", r"^record: cannot read '.*missing.json': ")
    fails_to_read("a\0b", r"^record: cannot read 'a\\x00b': ")


def test_a_file_past_the_size_limit_is_refused_reading_one_byte_more(tmp_path: Path) -> None:
    sparse = tmp_path / "huge.json"
    with sparse.open("wb") as file:
        file.truncate(2**30)  # a gigabyte of holes: only MAX_BYTES + 1 of it is read
    fails_to_read(sparse, rf"^record: '.*huge.json' is larger than {MAX_BYTES // 2**20} MB")


def test_the_size_limit_is_exact(tmp_path: Path, monkeypatch: Any) -> None:
    text = (RECORDS / "minsk-4.json").read_bytes()
    monkeypatch.setattr(records, "MAX_BYTES", len(text))
    path = tmp_path / "r.json"
    path.write_bytes(text)
    assert read_record(path).variant == "minsk"
    path.write_bytes(text + b" ")
    fails_to_read(path, r"is larger than")


def test_a_bom_is_accepted_and_json_messages_read_well(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (RECORDS / "minsk-4.json").read_bytes())
    assert read_record(path).players == 4
    path.write_text('{"variant": "a\tb"}', encoding="utf-8")
    fails_to_read(path, r"^record: not valid JSON: Invalid control character at line 1, "
                        r"column 15$")


def test_replay_of_a_hostile_file_prints_nothing_on_stdout(capsys: Any, tmp_path: Path) -> None:
    for name in ("deep-array.json", "huge-integer-seat.json", "endless-knocks.json"):
        code = main(["replay", "minsk", str(CORPUS / name), "--format", "json"])
        out, err = capsys.readouterr()
        assert (code, out) == (1, "") and err.startswith(("record: ", "round "))
    code = main(["replay", "minsk", str(tmp_path)])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "") and err.startswith("record: ")
