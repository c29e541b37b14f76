"""Variants in files of their own: parents in the same folder, among the seeds, or named by
`use "FILE"`; every command takes a name, a file, or FILE:VARIANT."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozel.cli import main

HOUSE = '''variant house "Домашний" extends minsk {
  deal: 6 assume "a house rule: six tiles each (a cite would have to be in minsk's text)"
}
variant quick "Быстрый" extends house {
  option target: 50 | 100 = 50
}
'''


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder (no spec/variants in it) as the current folder, holding house.kozel."""
    (tmp_path / "house.kozel").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# The checks here run in the run's cache (tests/conftest.py), each from a folder whose files
# have the same names, with `kozel check`'s own options: what one computed (house, quick, the
# seed minsk as found from a folder without spec/variants, which other tests check too) the
# next reads, as a user's second check does.
STATIC = ["--format", "json"]


def test_a_file_that_extends_a_seed_is_checked_simulated_and_diffed_by_its_name(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "house.kozel", *STATIC]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert [v["name"] for v in checked["variants"]] == ["house", "quick"]
    assert main(["simulate", "house.kozel", "--matches", "20", "--format", "json"]) == 0
    simulated = json.loads(capsys.readouterr().out)
    assert simulated["variant"] == "house" and simulated["matches"] == 20
    assert main(["diff", "house.kozel", "minsk", "--format", "json"]) == 0
    slots = {s["slot"]: s for s in json.loads(capsys.readouterr().out)["slots"]}
    assert slots["deal"]["status"] == "different"
    assert slots["goat"]["status"] == "same"


def test_file_colon_variant_picks_a_variant_of_the_file(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "house.kozel:quick", "--matches", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["variant"], data["options"]) == ("quick", {"target": 50})


def test_a_variant_not_in_the_file_is_a_usage_error_listing_the_files_variants(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "house.kozel:quik", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "'house.kozel' has no variant 'quik' (did you mean 'quick'?)" in err
    assert "its variants: house, quick" in err


def test_a_parent_in_the_same_folder_is_found_without_being_named(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "child.kozel").write_text("variant child extends quick {\n  deal: 5\n}\n",
                                        encoding="utf-8")
    assert main(["check", "child.kozel", *STATIC]) == 0
    assert [v["name"] for v in json.loads(capsys.readouterr().out)["variants"]] == ["child"]


def test_use_names_a_file_in_another_folder(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "sub").mkdir()
    (folder / "sub" / "child.kozel").write_text(
        'use "../house.kozel"\nvariant child extends house {\n  deal: 5\n}\n', encoding="utf-8")
    assert main(["simulate", "sub/child.kozel", "--matches", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "child"


@pytest.mark.parametrize("used, message", [
    ("nothing.kozel", "cannot use 'nothing.kozel': no such file"),
    ("sub", "cannot use 'sub': is a folder, not a rule file"),
    ("other.kozel", "`use` makes a cycle: loop.kozel → other.kozel → loop.kozel"),
])
def test_a_use_that_cannot_be_read_is_a_positioned_error(
        folder: Path, capsys: pytest.CaptureFixture[str], used: str, message: str) -> None:
    (folder / "sub").mkdir()
    (folder / "other.kozel").write_text('use "loop.kozel"\nvariant other extends minsk { }\n',
                                        encoding="utf-8")
    (folder / "loop.kozel").write_text(f'-- uses\nuse "{used}"\nvariant loop extends minsk {{ }}\n',
                                       encoding="utf-8")
    assert main(["check", "loop.kozel"]) == 1
    err = capsys.readouterr().err
    where = "other.kozel:1:1" if used == "other.kozel" else "loop.kozel:2:1"
    assert f"{where}: error: {message}" in err
    assert "Traceback" not in err


def test_check_of_a_seed_file_alone_finds_its_parent(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[2] / "spec" / "variants")
    assert main(["check", "pairs.kozel", *STATIC]) == 0
    assert [v["name"] for v in json.loads(capsys.readouterr().out)["variants"]] == ["pairs"]


def test_a_name_is_checked_by_name(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "gambler-1v1", *STATIC]) == 0
    assert [v["name"] for v in json.loads(capsys.readouterr().out)["variants"]] == [
        "gambler-1v1"]
    assert main(["check", "gambler"]) == 2
    assert "unknown variant 'gambler'" in capsys.readouterr().err
