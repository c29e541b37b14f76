"""The checker's memory (checks/running/remembered.py): a second `kozel check` of the same files
reads the first's reports and comparisons instead of computing them, prints the same bytes in
every format and language, and believes nothing it did not write itself."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checks.questions.budget import Budget, GameBudget
from checks.reporting.catalogue import Said
from checks.running.remembered import (FOLDER, ROOT, code_files, entry_name, remembered,
                                       settings_key, variant_key)
from interpreter.engine.words import Count, Kept, Written
from interpreter.language import cache_folder as cache
from interpreter.language.resolve import load_paths
from planted import Plant, sealed
from shared_runs import front_end_cache
from small_variant import play_rules

TWO = '''variant small-a "A" {{
  players 2..3
  sides: individual
  deal: 5
  draw: none
{play}}}

variant small-b "B" extends small-a {{
  goat: total > 50
}}

relation "B is A with another goat" small-b same as small-a except goat
'''.format(play=play_rules())
RUNS = (["--format", "json"], [], ["--lang", "ru"])
SMALL = ["--playouts", "2", "--games", "300", "--jobs", "2"]  # the same in every run: one key


def kozel(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """`kozel check FILE` in a fresh process with `folder` as its cache folder."""
    env = {**os.environ, "KOZEL_CACHE_DIR": str(folder), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "kozel.cli", "check", *SMALL, *args],
                          env=env, cwd=ROOT, capture_output=True, timeout=600, check=False)


def kept(folder: Path) -> dict[str, int]:
    """The checker's entries in a cache folder, each with its inode (an entry written again
    is a new file renamed into place)."""
    place = folder / FOLDER
    return {p.name: p.stat().st_ino for p in place.iterdir()
            if not p.name.startswith((cache.LOCK, cache.WRITING))}


@pytest.fixture(scope="module")
def rule_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "two.kozel"
    path.write_text(TWO, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def computed(tmp_path_factory: pytest.TempPathFactory, rule_file: Path
             ) -> tuple[dict[tuple[str, ...], bytes], Path]:
    """What each run prints when the checker remembers nothing (each run a cache folder of its
    own with the front end's entries only): the truth the cache must repeat; and the cache
    folder of the first run (JSON) as that check left it."""
    found, folders = {}, []
    for extra in RUNS:
        folders.append(computing(tmp_path_factory.mktemp("fresh")))
        ran = kozel(folders[-1], str(rule_file), *extra)
        assert ran.returncode == 0, ran.stderr.decode()
        found[tuple(extra)] = ran.stdout
    return found, folders[0]


@pytest.fixture(scope="module")
def fresh(computed: tuple[dict[tuple[str, ...], bytes], Path]) -> dict[tuple[str, ...], bytes]:
    """What each run prints when the checker remembers nothing."""
    return computed[0]


@pytest.fixture(scope="module")
def warm(computed: tuple[dict[tuple[str, ...], bytes], Path]) -> Path:
    """A cache folder after one `kozel check` of the file, the JSON run's of `computed` (not a
    second computation of the same: that two fresh runs print the same bytes is
    tests/checks/test_deterministic.py's question); each test takes a copy."""
    return computed[1]


def computing(parent: Path) -> Path:
    """A new cache folder in `parent` in which the checker remembers nothing yet (its first
    check computes every report and comparison); the front end's entries are in it, so that
    no run builds the grammar's parser again (tests/shared_runs.py)."""
    return front_end_cache(parent / "cache")


def copy_of(warm: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    shutil.copytree(warm, folder, copy_function=shutil.copy2)  # the key, the entries, 0700
    return folder


def test_a_second_check_reads_what_the_first_kept_and_prints_the_same(
        tmp_path: Path, rule_file: Path, warm: Path, fresh: dict[tuple[str, ...], bytes]
        ) -> None:
    folder = copy_of(warm, tmp_path)
    written = kept(folder)
    kinds = sorted(name.partition("-")[0] for name in written)
    assert kinds == ["comparison", "relation", "report", "report"], kinds
    for extra in RUNS:
        again = kozel(folder, str(rule_file), *extra)
        assert again.stdout == fresh[tuple(extra)], (extra, again.stderr.decode())
    assert kept(folder) == written  # read, not computed and written again


def test_a_changed_rule_is_checked_again(tmp_path: Path) -> None:
    folder, changed = computing(tmp_path), tmp_path / "two.kozel"
    changed.write_text(TWO, encoding="utf-8")
    assert kozel(folder, str(changed)).returncode == 0
    before = set(kept(folder))
    changed.write_text(TWO.replace("total > 50", "total > 60"), encoding="utf-8")
    ran = kozel(folder, str(changed), "--format", "json")
    assert ran.returncode == 0 and b"total > 60" in ran.stdout
    assert ran.stdout == kozel(computing(tmp_path / "fresh"), str(changed), "--format",
                               "json").stdout
    new = set(kept(folder)) - before  # small-b, the pair and the relation; small-a is read
    assert sorted(n.partition("-")[0] for n in new) == ["comparison", "relation", "report"]


@pytest.mark.parametrize("how", ["a lie, unsealed", "code, sealed with the key"])
def test_a_planted_result_is_neither_believed_nor_run(tmp_path: Path, rule_file: Path, how: str,
                                                      warm: Path,
                                                      fresh: dict[tuple[str, ...], bytes]
                                                      ) -> None:
    folder = copy_of(warm, tmp_path)
    marker = tmp_path / "owned"
    for name in kept(folder):
        if how.startswith("a lie"):
            payload = cache.MAGIC + bytes(32) + pickle.dumps({"differences": []})
        else:  # as if the key had leaked: sealed, yet it names a function to call
            payload = sealed(folder, name, pickle.dumps(Plant(marker)))
        (folder / FOLDER / name).write_bytes(payload)
    again = kozel(folder, str(rule_file), "--format", "json")
    assert again.stdout == fresh[("--format", "json")], again.stderr.decode()
    assert not marker.exists()


def test_the_key_rests_on_the_model_the_source_the_budgets_and_the_code(tmp_path: Path) -> None:
    library, names = load_paths([ROOT / "spec" / "variants"])
    minsk, pairs = library.resolve("minsk"), library.resolve("pairs")
    usual = settings_key(Budget(), GameBudget())
    name = entry_name("comparison", [variant_key(minsk), variant_key(pairs), usual])
    assert name != entry_name("comparison", [variant_key(pairs), variant_key(minsk), usual])
    assert name != entry_name("comparison", [variant_key(minsk), variant_key(pairs),
                                             settings_key(Budget(), GameBudget(games=1))])
    assert name != entry_name("comparison", [variant_key(minsk), variant_key(pairs),
                                             settings_key(Budget(steps=1), GameBudget())])
    assert minsk.source_file and Path(minsk.source_file).read_text(encoding="utf-8") in \
        variant_key(minsk)  # the concordance reads the source: a changed sentence is a new key
    files = {p.relative_to(ROOT).as_posix() for p in code_files()}
    assert {"interpreter/language/grammar.lark", "interpreter/language/parser.py",
            "interpreter/engine/scoring.py", "checks/compare/diff.py", "checks/compare/family.py",
            "interpreter/language/words/ru.json"} <= files  # a changed word is a new key


def test_messages_keep_their_languages_through_the_cache(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    data = {"note": Said("joined", a=Said("note.same text"), b="plain"),
            "under": Said("under.stops", rule=Kept("`loser` at m.kozel:7", Said("shows.differs",
                                                                                slot="goat"))),
            "why": Written("an author's words", "слова автора"), "n": Count(3, "rounds")}
    computed = remembered("test", ["messages"], lambda: data)
    again = remembered("test", ["messages"], lambda: pytest.fail("computed twice"))
    assert again is not computed and again == data
    for name, said in data.items():
        assert type(again[name]) is type(said)
        assert again[name].in_lang("ru") == said.in_lang("ru"), name


def test_tidying_forgets_the_least_recently_used(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from checks.running import remembered as module
    from interpreter.language import cache_folder

    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache_folder, "TIDY_EVERY", 1)  # each write makes room for itself
    for age, name in enumerate("abc"):  # written in this order, a long time ago
        remembered("test", [name], lambda: name)
        os.utime(tmp_path / FOLDER / entry_name("test", [name]), (1000 + age, 1000 + age))
    size = (tmp_path / FOLDER / entry_name("test", ["a"])).stat().st_size
    monkeypatch.setattr(module, "KEPT_BYTES", 3 * size)  # room for three such results
    assert remembered("test", ["a"], lambda: pytest.fail("a was kept")) == "a"  # used now
    remembered("test", ["d"], lambda: "d")  # room for it: the least recently used goes
    assert remembered("test", ["a"], lambda: pytest.fail("a was used last")) == "a"
    assert remembered("test", ["b"], lambda: "b again") == "b again"
