"""`kozel balance VARIANT [OTHER]`: every figure with its interval, valid JSON, the same bytes
for any number of workers, intervals that narrow as matches grow, the significant differences
of two house rules that change the lead (each with a game whose record `kozel play` writes
byte for byte), the pairing of strategies checked against matches played by hand, the Russian
report, the help, the records and the plot."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any, Iterator

import pytest

from interpreter.engine import prepare
from interpreter.engine.match import play_match
from interpreter.engine.players import GreedyPlayer, RandomPlayer
from interpreter.engine.records import record_from_text, record_text
from interpreter.simulation.tasks import chunks_of
from kozel.cli import main
from kozel.loading import load_variant_arg
from shared_runs import ROOT, kozel

SAME_LEADER = "tests/house/minsk-same-leader.kozel"  # the match's first leader leads every round
LEAD_66 = "tests/house/minsk-lead-66.kozel"  # the holder of 6-6 opens the match with it
DONE_WHEN = ("balance", "minsk", "pairs", "--matches", "2000", "--workers", "1",
             "--format", "json")  # the issue's own command


def run(*argv: str) -> tuple[int, str, str]:
    """`kozel ARGV` in this process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def balance_json(*argv: str) -> dict[str, Any]:
    code, out, err = run("balance", *argv, "--workers", "1", "--format", "json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.fixture(scope="module")
def minsk_pairs() -> dict[str, Any]:
    ran = kozel(*DONE_WHEN)
    assert ran.code == 0, ran.err
    data: dict[str, Any] = json.loads(ran.out)
    return data


@pytest.fixture(scope="module")
def same_leader() -> dict[str, Any]:
    return balance_json("minsk", SAME_LEADER, "--matches", "1000")


@pytest.fixture(scope="module")
def lead_66() -> dict[str, Any]:
    return balance_json("minsk", LEAD_66, "--matches", "1000")


def figures(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every rate (`rate`) and mean (`mean`) of a report, with where it is."""
    if isinstance(node, dict):
        if "rate" in node or "mean" in node:
            yield where, node
            return
        for key, value in node.items():
            if key != "record":
                yield from figures(value, f"{where}/{key}")
    elif isinstance(node, list):
        for number, item in enumerate(node):
            yield from figures(item, f"{where}/{number}")


def _value(figure: dict[str, Any]) -> Any:
    return figure["rate"] if "rate" in figure else figure["mean"]


# --- the command ---------------------------------------------------------------------

def test_the_report_of_minsk_and_pairs_is_valid_against_its_schema(
        minsk_pairs: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema comes with [dev]")
    referencing = pytest.importorskip("referencing", reason="jsonschema's resolver")
    schemas = [json.loads(p.read_text(encoding="utf-8"))
               for p in (ROOT / "interpreter" / "schemas").glob("*.schema.json")]
    registry = referencing.Registry().with_resources(
        (s["$id"], referencing.Resource.from_contents(s)) for s in schemas)
    schema = next(s for s in schemas if s["$id"] == "urn:kozel:schema:kozel-balance")
    errors = jsonschema.Draft202012Validator(schema, registry=registry).iter_errors(minsk_pairs)
    assert [f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors] == []
    broken = json.loads(json.dumps(minsk_pairs))
    broken["variants"][0]["strategies"][0]["fish"]["low"] = 1.5
    assert next(jsonschema.Draft202012Validator(schema, registry=registry).iter_errors(broken),
                None) is not None  # the schema can fail


def test_every_rate_and_mean_has_an_interval_that_holds_it(minsk_pairs: dict[str, Any]) -> None:
    found = list(figures(minsk_pairs["variants"]))
    # per variant: 2 strategies × (2 sides, 4 seats, 4 first leaders and 5 more), 2 wins + 1
    assert len(found) == 2 * (2 * 15 + 3)
    for where, figure in found:
        assert figure["low"] is not None and figure["high"] is not None, where
        assert figure["low"] <= _value(figure) <= figure["high"], where
    for variant in minsk_pairs["variants"]:
        assert [s["played"] for s in variant["strategies"]] == [2000, 2000]
    assert minsk_pairs["variants"][1]["chosen"] == {"draw_each": "one", "full_fish": True,
                                                    "double_lead": True}


def test_the_two_seeds_differ_in_length_and_points_and_each_difference_has_a_game(
        minsk_pairs: dict[str, Any]) -> None:
    """pairs plays rounds of fewer points than minsk, so its matches last longer."""
    differences = minsk_pairs["comparison"]["differences"]
    assert minsk_pairs["comparison"]["comparisons"] == len(differences) == 13
    significant = {(d["measure"], d["strategy"]) for d in differences if d["significant"]}
    assert {("match_length", s) for s in ("random", "greedy")} <= significant
    assert {("points_per_round", s) for s in ("random", "greedy")} <= significant
    for difference in differences:
        assert difference["low"] <= difference["difference"] <= difference["high"]
        assert difference["p"] <= difference["p_adjusted"] <= 1
        assert (difference["example"] is not None) == difference["significant"]


# --- intervals and bytes ---------------------------------------------------------------------

def test_intervals_narrow_as_the_matches_grow() -> None:
    few = balance_json("minsk", "--matches", "200", "--seed", "4")
    many = balance_json("minsk", "--matches", "800", "--seed", "4")
    pairs = list(zip(figures(few["variants"]), figures(many["variants"])))
    assert len(pairs) == 2 * 15 + 3
    for (where, small), (_, large) in pairs:
        assert large["high"] - large["low"] < small["high"] - small["low"], where
        assert large["of"] > small["of"], where


def test_the_same_seed_gives_the_same_bytes_on_one_and_two_workers() -> None:
    argv = ("balance", "minsk", "pairs", "--matches", "300", "--seed", "11")
    for output in (("--format", "json"), ("--lang", "ru")):
        one = run(*argv, *output, "--workers", "1")
        two = run(*argv, *output, "--workers", "2")
        assert one[0] == two[0] == 0 and one[1] == two[1]
    other = run("balance", "minsk", "pairs", "--matches", "300", "--seed", "12", "--workers",
                "1", "--format", "json")
    assert other[1] != one[1]


def test_a_strategy_against_another_is_what_matches_played_by_hand_give() -> None:
    """Greedy at the sides of one half of the table, random at the other's, the halves swapped
    every match, each seat's player seeded as `kozel play` seeds it."""
    data = balance_json("minsk", "--matches", "150", "--seed", "2")
    pairing, = data["variants"][0]["pairings"]
    setup = prepare(load_variant_arg("minsk"))
    wins = [0, 0]
    for number, seed in enumerate(s for c in chunks_of(150, 2, 150) for s in c.seeds):
        rng = random.Random(seed)
        seeds = [rng.getrandbits(64) for _ in setup.seating.side_of]  # one per seat, in order
        players = [RandomPlayer(own) if (side + number) % 2 == 0 else GreedyPlayer()
                   for side, own in zip(setup.seating.side_of, seeds)]
        goat, = play_match(setup, players, seed=seed).goat or ()
        wins[(goat + number + 1) % 2] += 1  # the half that was not the goat's won
    assert pairing["strategies"] == ["random", "greedy"]
    assert [w["count"] for w in pairing["wins"]] == wins
    assert pairing["stronger"] == ("random" if wins[0] > wins[1] else "greedy")


# --- house rules that change the lead --------------------------------------------------------

def _by_measure(data: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(d["measure"], d["strategy"]): d for d in data["comparison"]["differences"]
            if d["measure"] != "goat_side"}


def test_leading_every_round_makes_the_first_lead_an_advantage(
        same_leader: dict[str, Any]) -> None:
    found = _by_measure(same_leader)
    for strategy in ("random", "greedy"):
        advantage = found["first_leader_advantage", strategy]
        assert advantage["significant"] and advantage["difference"] > 0.08
        for measure in ("match_length", "fish", "points_per_round"):  # nothing else moves
            assert not found[measure, strategy]["significant"]


def test_the_game_of_a_difference_is_the_record_kozel_play_writes(
        same_leader: dict[str, Any], tmp_path: Path) -> None:
    """The first match of the house rule's run in which the first leader's side escaped the
    goat: `kozel play` with its seed writes the same bytes, and `kozel replay` agrees."""
    difference = _by_measure(same_leader)["first_leader_advantage", "random"]
    example = difference["example"]
    assert example["variant"] == "minsk-same-leader"
    seeds = [s for c in chunks_of(1000, 0, 1000) for s in c.seeds]
    assert example["seed"] == seeds[example["match"]]
    saved = tmp_path / "played.json"
    code, _, err = run("play", SAME_LEADER, "--seed", str(example["seed"]), "--strategy",
                       "random", "--save", str(saved))
    assert code == 0, err
    assert saved.read_text(encoding="utf-8") == record_text(example["record"])
    record = record_from_text(saved.read_text(encoding="utf-8"))
    assert record.players == 4
    code, out, err = run("replay", SAME_LEADER, str(saved), "--format", "json")
    replayed = json.loads(out)
    first_leader = example["record"]["rounds"][0]["moves"][0]["seat"]
    assert code == 0 and replayed["goat"] and first_leader % 2 not in replayed["goat"]


def test_opening_with_the_6_6_shortens_the_match_and_not_the_first_leaders_advantage(
        lead_66: dict[str, Any]) -> None:
    """The first round's losers write minsk's +50 for a first move on 6-6: matches end sooner
    and rounds write more, while the first leader gains nothing measurable."""
    found = _by_measure(lead_66)
    for strategy in ("random", "greedy"):
        assert not found["first_leader_advantage", strategy]["significant"]
        assert found["match_length", strategy]["significant"]
        assert found["match_length", strategy]["difference"] < 0
        assert found["points_per_round", strategy]["difference"] > 0
        assert found["points_per_round", strategy]["significant"]


# --- the report for people -------------------------------------------------------------------

def test_the_russian_report_writes_the_decimal_comma_and_seats_from_1() -> None:
    code, out, _ = run("balance", "minsk", SAME_LEADER, "--matches", "300", "--workers", "1",
                       "--lang", "ru")
    assert code == 0
    assert re.search(r"сторона 1 \(места 1 и 3\) — козёл +\d+,\d\xa0% \(\d+,\d–\d+,\d\xa0%\)",
                     out)
    assert re.search(r"длина партии в раундах +\d,\d\d \(\d,\d\d–\d,\d\d\)", out)
    assert "место 4 делает первый ход партии" in out and "место 0" not in out
    assert not re.search(r"\d\.\d", out.split("зерно случайности")[0])  # no decimal point
    assert "преимущество первого заходящего, ходы случайные на всех местах" in out
    assert "t-критерий Уэлча" in out and "Партия, которая это показывает: партия" in out


def test_the_english_report_says_each_figure_with_its_interval() -> None:
    code, out, _ = run("balance", "minsk", "--matches", "100", "--workers", "1",
                       "--strategies", "greedy")
    assert code == 0
    assert "Greedy play at every seat" in out and "against" not in out
    assert re.search(r"seat 1 is the goat +\d+\.\d% \(\d+\.\d–\d+\.\d%\)", out)
    assert re.search(r"the first leader's advantage +[+−]\d+\.\d pp \([+−]\d+\.\d … [+−]\d+\.\d\)",
                     out)


@pytest.mark.parametrize("lang, words", [
    ("en", ("goat", "leads the first round", "first leader's advantage", "fair share",
            "how long a match lasts", "fish", "points are written per round",
            "the stronger play wins", "95% interval", "Holm–Bonferroni", "Exit 0 ",
            "2 on a usage error")),
    ("ru", ("козлом", "первый ход партии", "преимущество первого заходящего",
            "справедливой доли", "сколько раундов длится партия", "рыбой",
            "сколько очков записывается за раунд", "выигрывает сильнейшая",
            "95-процентный интервал"))])
def test_the_help_explains_each_measure(lang: str, words: tuple[str, ...]) -> None:
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        main(["balance", "--help", "--lang", lang])
    text = " ".join(out.getvalue().split())
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("strategies", ["smart", "random,random", "", "random,,greedy"])
def test_strategies_are_known_ones_each_once(strategies: str) -> None:
    code, _, err = run("balance", "minsk", "--strategies", strategies, "--matches", "2")
    assert code == 2 and "--strategies" in err


def test_an_option_no_variant_has_is_a_usage_error() -> None:
    code, _, err = run("balance", "minsk", "pairs", "--option", "teams=yes", "--matches", "2")
    assert code == 2 and "teams" in err


# --- files -------------------------------------------------------------------------------------

def test_records_are_written_as_the_report_names_them(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    code, out, err = run("balance", "minsk", SAME_LEADER, "--matches", "300", "--workers", "1",
                         "--strategies", "random", "--records", str(folder))
    assert code == 0, err
    written = sorted(folder.iterdir())
    assert written and all(f"its record is {path}" in " ".join(out.split()) for path in written)
    for path in written:
        code, _, err = run("replay", SAME_LEADER, str(path))
        assert code == 0, err


def test_the_plot_draws_a_panel_per_measure(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need the plots extra (matplotlib)")
    svg = tmp_path / "balance.svg"
    code, _, err = run("balance", "minsk", SAME_LEADER, "--matches", "60", "--workers", "1",
                       "--plot", str(svg), "--lang", "ru")
    assert code == 0, err
    text = svg.read_text(encoding="utf-8")
    assert text.count("<g id=\"axes_") == 6
    for title in ("козёл по сторонам", "преимущество первого заходящего", "длина партии"):
        assert title in text
    assert "minsk-same-leader" in text  # the legend names both variants


def test_balance_imports_neither_the_checker_nor_the_docs(tmp_path: Path) -> None:
    script = ("import json, sys\nfrom kozel.cli import main\n"
              "main(['balance', 'minsk', '--matches', '2', '--workers', '1'])\n"
              "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=True,
                          env={**os.environ, "KOZEL_CACHE_DIR": str(tmp_path),
                               "PYTHONPATH": str(ROOT)})
    modules = set(json.loads(done.stderr.strip().splitlines()[-1]))
    heavy = ("z3", "hypothesis", "mkdocs", "kozel.publish", "checks", "matplotlib")
    assert not {m for m in modules for h in heavy if m == h or m.startswith(h + ".")}


def test_a_match_won_by_its_winner_is_lost_by_every_other_side() -> None:
    """A variant that ends a match by its winner (`wins`) has no goat: the sides that did not
    win lost it, for the goat rows, the fair share and the first leader alike."""
    data = balance_json("tests/golden/good/match-end.kozel:first-to-61", "--players", "3",
                        "--matches", "60", "--strategies", "random")
    figures_, = data["variants"][0]["strategies"]
    assert figures_["completed"] == 60
    assert sum(f["count"] for f in figures_["goat"]["by_side"]) == 2 * 60
    assert figures_["first_leader"]["fair_share"] == pytest.approx(2 / 3, abs=1e-4)


def test_ctrl_c_stops_the_report_with_130_and_leaves_no_worker(tmp_path: Path) -> None:
    """A report of runs cut short would mix finished and unfinished runs: there is none."""
    import signal
    import time

    process = subprocess.Popen([sys.executable, "-m", "kozel.cli", "balance", "minsk",
                                "--matches", "1000000", "--workers", "2"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "KOZEL_CACHE_DIR": str(tmp_path)})
    time.sleep(2)  # matches are being played (a million would take minutes)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and out == "" and err.strip() == "interrupted"
