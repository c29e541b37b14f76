"""A kept report cannot print stale words (checks/running/remembered.py): when lines are inserted
above a rule or a cite is changed, the next `kozel check` prints the new positions and the new
quote, for a lone rule file and for a house rule whose parent (in the same folder) is edited."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checks.running.remembered import ROOT, model_text, relation_key, variant_key
from kozel.loading import load_family_args
from shared_runs import front_end_cache

SOURCE = """Играют двое. Каждому сдают по пять камней. Базара нет.
Проигравший получает очки своей руки. Козёл тот, у кого больше ста очков.
Кто ходит первым, текст не говорит.
"""
OLD_CITE, NEW_CITE = "Кто ходит первым, текст не говорит.", "Кто ходит первым"
BASE = f'''variant base "Base" {{
  source "rules.txt"
  players 2
      cite "Играют двое."
  sides: individual
  deal: 5
      cite "Каждому сдают по пять камней."
  draw: none
      cite "Базара нет."
  lead match: unspecified
      cite "{OLD_CITE}"
  lead round: leader
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner) when end = out
  loser: value(side) > lowest(all) when end = fish
  score: value(side) when loser
      cite "Проигравший получает очки своей руки."
  score: 0 otherwise
  goat: total > 100
      cite "Козёл тот, у кого больше ста очков."
}}
'''
HOUSE = '''variant house "House" extends base {
  goat: total > 50
      note "a shorter match"
}

relation "the house rule changes only the goat" house same as base except goat
'''
COMMENTS = "-- three lines\n-- above\n-- the rules\n"
SMALL = ["--playouts", "2", "--games", "300", "--jobs", "2"]
FRESH = itertools.count()  # the folders of the runs that compute everything


def kozel(cache: Path | None, folder: Path, rule_file: str) -> str:
    """`kozel check FILE` in `folder`, in a fresh process with `cache` as its cache folder (None:
    a new one in which the checker remembers nothing, the truth a kept report must repeat; the
    front end's entries are in it, so that the run does not build the grammar's parser again,
    tests/shared_runs.py)."""
    if cache is None:
        cache = front_end_cache(folder.parent / f"fresh-{next(FRESH)}")
    env = {**os.environ, "KOZEL_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "-m", "kozel.cli", "check", *SMALL, rule_file],
                         env=env, cwd=folder, capture_output=True, timeout=600, check=False,
                         encoding="utf-8")
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def rules_folder(tmp_path: Path, *, house: bool) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "rules.txt").write_text(SOURCE, encoding="utf-8")
    (folder / "base.kozel").write_text(BASE, encoding="utf-8")
    if house:
        (folder / "house.kozel").write_text(HOUSE, encoding="utf-8")
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("checked", ["base.kozel", "."], ids=["a lone file", "a house rule"])
def test_a_kept_report_moves_with_its_rules_and_quotes_their_new_cite(tmp_path: Path,
                                                                      checked: str) -> None:
    """The folder of a house rule is checked whole: the house rule's report, its relation
    and its comparison with the parent rest on the parent's file, which is edited."""
    folder = rules_folder(tmp_path, house=checked == ".")
    cache, base = front_end_cache(tmp_path / "cache"), folder / "base.kozel"
    first = kozel(cache, folder, checked)
    assert "base.kozel:10:3: unspecified" in first and f'("{OLD_CITE}")' in first

    edit(base, "variant base", COMMENTS + "variant base")
    moved = kozel(cache, folder, checked)
    assert moved == kozel(None, folder, checked)
    assert "base.kozel:13:3: unspecified" in moved and "(line 13)" in moved
    assert "base.kozel:10:3" not in moved and "(line 10)" not in moved
    assert "base.kozel:4:9: default" in moved and "base.kozel:1:9" not in moved
    if checked == ".":  # the house rule's own lines stay; the parent's goat moved in the pair
        assert "replaced by house.kozel:2" in moved and "house.kozel:6:1: unconfirmed" in moved
        assert "base: base.kozel:24" in moved and "house: house.kozel:2" in moved
        # the defaults the house rule inherits are reported at the parent's moved variant line
        assert "house.kozel:1:9" not in moved

    edit(base, f'cite "{OLD_CITE}"', f'cite "{NEW_CITE}"')
    cited = kozel(cache, folder, checked)
    assert cited == kozel(None, folder, checked)
    assert f'("{NEW_CITE}")' in cited and OLD_CITE not in cited


def test_the_key_holds_every_position_and_file_name(tmp_path: Path) -> None:
    folder = rules_folder(tmp_path, house=True)

    def keys() -> tuple[list[str], list[str]]:
        variants, relations, errors = load_family_args([str(folder / "house.kozel")])
        assert not errors and len(variants) == 1 and len(relations) == 1
        return [variant_key(v) for v in variants], [relation_key(r) for r in relations]

    before = keys()
    assert keys() == before  # the same files, the same key
    edit(folder / "base.kozel", "variant base", COMMENTS + "variant base")
    moved = keys()  # the house rule's inherited cases moved; the relation's sides with them
    assert moved[0] != before[0] and moved[1] != before[1]
    edit(folder / "house.kozel", "relation", "\n" + "relation")
    assert keys()[1] != moved[1]  # the relation itself moved
    assert keys()[0] == moved[0]  # nothing the house rule rests on changed


def test_a_value_the_key_cannot_write_out_whole_is_an_error() -> None:
    class Opaque:  # not a dataclass: its fields could hide a position
        pass

    with pytest.raises(TypeError, match="Opaque"):
        model_text((1, Opaque()))
