"""Russian first: with `--lang ru` every word a person reads at the terminal is Russian, and
seats and sides are numbered from 1 in every text (the JSON keeps the engine's numbers, from 0).

What may stay Latin in Russian output, and why (the allow-list of `english_words`):
- quoted text: `code`, "...", '...', «...» — rules, claims and authors' words as written;
- code-like tokens: tile notation (3-4), file names and places (spec/variants/minsk.kozel:42),
  --flags, option settings (target=100), words with digits, underscores or dots;
- the names a rule file gives: its variants, options, readings and the slots of the language
  (they are identifiers, written the same in both languages, as in `kozel diff A B`);
- the words of the program itself: `kozel` and Z3;
- in `kozel diff`, the lines that print a rule file's cases as written (`slot: value when
  guard`, `cite "..."`, `assume "..."`): they are the rule language, the same in both languages.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.cli import main  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402
from interpreter.language.slots import SLOTS  # noqa: E402
from shared_runs import MAIN_JOB, kozel  # noqa: E402

QUOTED = re.compile(r"`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|«[^»]*»")
CODE_LIKE = re.compile(r"\S*[\d_=./:\\\\]\S*|--[\w-]+")
LATIN = re.compile(r"[A-Za-z]{2,}")
PROGRAM = {"kozel", "Z3"}


def _names() -> set[str]:
    """The identifiers the seed variants write: variants, options, readings, slots."""
    library, names = load_paths([ROOT / "spec" / "variants"])
    found = set(PROGRAM) | {w for slot in SLOTS for w in slot.split()}
    for name in names:
        variant = library.resolve(name)
        found |= set(re.findall(r"[A-Za-z]+", name))
        found |= {option.name for option in variant.options}
        found |= {r.name for slot in SLOTS for case in variant.cases(slot)
                  for r in case.readings}
    return found


RULE_LINE = re.compile(r"^ {6}(?:" + "|".join(map(re.escape, SLOTS)) + r"): |^ {8}(cite|assume) ")


def english_words(text: str, allowed: set[str]) -> list[str]:
    """Return the Latin words of a text outside quotes, code-like tokens and the allow-list."""
    if RULE_LINE.match(text):
        return []
    bare = CODE_LIKE.sub(" ", QUOTED.sub(" ", text))
    return [w for w in LATIN.findall(bare) if w not in allowed]


def _run(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    main(args)
    return capsys.readouterr().out


RUSSIAN_RUNS = {
    # the README's main job in Russian: the reports and comparisons the run's cache keeps
    "check": ["check", "spec/variants", "--lang", "ru"],
    "diff": ["diff", "minsk", "kozel-classic", "--lang", "ru"],
    "replay": ["replay", "pairs", "tests/records/pairs-4.json", "--moves", "--lang", "ru"],
    "replay-other": ["replay", "minsk", "tests/records/minsk-4-other-engine.json", "--moves",
                     "--lang", "ru"],
    "replay-partial": ["replay", "kozel-classic", "tests/records/kozel-classic-3.json",
                       "--lang", "ru"],
    "simulate": ["simulate", "minsk", "--matches", "20", "--seed", "5", "--workers", "1",
                 "--lang", "ru"],
    # a run whose matches stop: the warning, the stop and its situation in Russian
    "simulate-stops": ["simulate", "kozel-classic", "--players", "3", "--matches", "20",
                       "--seed", "1", "--workers", "1", "--lang", "ru", "--compare-readings"],
    "play": ["play", "pairs", "--seed", "9", "--option", "full_fish=no", "--option",
             "double_lead=yes", "--option", "draw_each=one", "--lang", "ru"],
}


@pytest.fixture(scope="module")
def allowed() -> set[str]:
    return _names()


@pytest.fixture(scope="module")
def main_job_kept() -> None:
    """The README's main job, computed once for the run in a process of its own
    (tests/shared_runs.py), so that the Russian `check` reads its reports and comparisons from
    the run's cache: not computed a second time beside the shared run, nor kept from this
    process, where other tests' questions to Z3 could choose other witness games
    (checks/running/isolated.py)."""
    ran = kozel(*MAIN_JOB)
    assert ran.code == 0, ran.err


@pytest.mark.parametrize("command", sorted(RUSSIAN_RUNS))
def test_russian_output_has_no_english_words(command: str, allowed: set[str], main_job_kept: None,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = _run(capsys, RUSSIAN_RUNS[command])
    found: dict[str, str] = {}
    for line in out.splitlines():
        for word in english_words(line, allowed):
            found.setdefault(word, line)
    assert not found, "\n".join(f"{w}: {line}" for w, line in found.items())
    assert "место 1" in out.lower() or "места 1" in out.lower()
    assert not re.search(r"\b(место|места|сторона|seat|side) 0\b", out, re.I), \
        re.search(r".*\b(место|места|сторона|seat|side) 0\b.*", out, re.I).group(0)


def _russian_only(text: str, allowed: set[str]) -> None:
    """No English word outside the allow-list, and no seat or side numbered 0."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        for word in english_words(line, allowed):
            found.setdefault(word, line)
    assert not found, "\n".join(f"{w}: {line}" for w, line in found.items())
    zero = re.search(r".*\b(место|места|сторона|seat|side) 0\b.*", text, re.I)
    assert zero is None, zero.group(0)


def test_a_person_plays_in_russian(allowed: set[str], capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`play --human 1 --lang ru` read from stdin: a word, a number out of range, then the
    first move each time; every prompt, the hand and the table are Russian, seats from 1."""
    import io
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n99\n" + "1\n" * 400))
    code = main(["play", "gambler-1v1", "--seed", "4", "--human", "1", "--option",
                 "target=101", "--lang", "ru"])
    out = capsys.readouterr().out
    assert code == 0
    assert "ваш ход (1-" in out and "наберите число от 1 до" in out
    assert "ваша рука (место 1):" in out and "место 2: 7 камней" in out  # the other hand hidden
    assert re.search(r"^    1\. (положить|постучать|взять из базара)", out, re.M)
    _russian_only(out, allowed)


def test_a_person_who_leaves_is_told_in_russian(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("в\n"))
    assert main(["play", "minsk", "--seed", "2", "--human", "1", "--lang", "ru"]) == 1
    assert capsys.readouterr().err.strip() == "партия брошена"


def test_a_rule_stop_of_play_is_said_in_russian(allowed: set[str],
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """kozel-classic leaves the loser of a fish open: play stops there, and the message and
    its situation (who laid the last tile, the hands left) are Russian, seats from 1."""
    monkeypatch.chdir(ROOT)
    assert main(["play", "kozel-classic", "--players", "3", "--seed", "1", "--lang", "ru"]) == 1
    err = capsys.readouterr().err
    assert "\n  ситуация: «рыба» (последний камень положил игрок: место 2)" in err
    assert "осталось на руках: место 1: 4-4; место 2: 0-0 2-2; место 3: 3-3 5-5" in err
    _russian_only(err, allowed)


ENGLISH_RUNS = [
    ["replay", "pairs", "tests/records/pairs-4.json", "--moves"],
    ["simulate", "kozel-classic", "--players", "3", "--matches", "20", "--seed", "1",
     "--workers", "1"],
    ["play", "pairs", "--seed", "9", "--option", "full_fish=no", "--option", "double_lead=yes",
     "--option", "draw_each=one"],
    ["play", "kozel-classic", "--players", "3", "--seed", "1"],
]


@pytest.mark.parametrize("argv", ENGLISH_RUNS, ids=lambda argv: argv[0] + "-" + argv[1])
def test_english_commands_stay_english_and_number_seats_from_1(
        argv: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    main(argv)
    captured = capsys.readouterr()
    text = captured.out + captured.err
    quoted = re.compile(r"\"[^\"]*\"|«[^»]*»|(?<=\s)'[^']*'")  # rule texts, as written
    outside = re.search(".*[а-яё].*", quoted.sub(" ", text), re.I)
    assert outside is None, outside.group(0)
    assert re.search(r"\b(seat|side|seats) 1\b", text)
    zero = re.search(r".*\b(seat|side) 0\b.*", text)
    assert zero is None, zero.group(0)


def test_the_allow_list_does_not_hide_english() -> None:
    words = english_words("партия показывает: round 1 `lead match` \"the text\" 3-4 "
                          "spec/a.kozel:3 --partial target=100", {"match"})
    assert words == ["round"]


def test_english_text_numbers_seats_from_1_and_json_from_0(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    variant = "spec/variants/minsk.kozel"
    # `kozel check`'s own options: minsk's report is the README's main job's, in the run's cache
    text = _run(capsys, ["check", variant, "--jobs", "1"])
    assert re.search(r"^    seat 1: ", text, re.M) and not re.search(r"\b(seat|side) 0\b", text)
    assert "у игрока на месте 0" not in text
    data = _run(capsys, ["check", variant, "--jobs", "1", "--format", "json"])
    assert '"seat": 0' in data or '"winner": 0' in data or '"fisher": 0' in data
