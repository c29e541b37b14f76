"""`kozel simulate`: the same statistics for any number of workers, streaming tallies, Wilson
intervals, warnings when matches stop, CSV and SVG outputs, and Ctrl-C printing what finished."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kozel.cli import main
from interpreter.engine import prepare
from interpreter.engine.playing import play_for_statistics
from kozel.loading import load_variant_arg
from interpreter.simulation import SetupSpec, Tally, wilson
from interpreter.simulation.tasks import chunks_of

ROOT = Path(__file__).resolve().parents[2]
RUN_DEPENDENT = ("seconds", "rounds_per_second")


def simulate_json(capsys: Any, *argv: str) -> dict[str, Any]:
    code = main(["simulate", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in RUN_DEPENDENT}


def test_statistics_are_the_same_for_one_two_and_three_workers(capsys: Any) -> None:
    """kozel-classic stops in most matches: the stop counts and examples must agree too."""
    runs = [simulate_json(capsys, "kozel-classic", "--matches", "120", "--seed", "5",
                          "--workers", str(n)) for n in (1, 2, 3)]
    assert runs[0]["stopped"] > 0 and runs[0]["completed"] > 0
    assert without_timing(runs[0]) == without_timing(runs[1]) == without_timing(runs[2])


def test_seeds_of_matches_come_from_the_master_seed_in_order() -> None:
    import random
    rng = random.Random(9)
    expected = [rng.getrandbits(64) for _ in range(25)]
    chunks = list(chunks_of(25, 9, 7))
    assert [c.first for c in chunks] == [0, 7, 14, 21]
    assert [s for c in chunks for s in c.seeds] == expected


def test_a_tally_merged_from_chunks_equals_one_played_in_order() -> None:
    setup = prepare(load_variant_arg("kozel-classic"))
    seeds = [s for c in chunks_of(40, 3, 40) for s in c.seeds]
    whole = Tally(setup.players, setup.seating.side_of)
    parts = [whole.empty(), whole.empty()]
    for number, seed in enumerate(seeds):
        play = play_for_statistics(setup, "random", seed)
        whole.add(number, play)
        parts[number % 2 == 0].add(number, play)  # interleaved, as workers finish
    parts[0].merge(parts[1])
    assert parts[0] == whole and whole.stops


def test_the_spec_a_worker_gets_pickles_without_compiled_rules() -> None:
    import pickle
    setup = prepare(load_variant_arg("minsk"), 3, {"target": "300"})
    copy = pickle.loads(pickle.dumps(SetupSpec.of(setup)))
    assert copy.setup() is setup  # the same process keeps the one it compiled
    copy.__dict__["key"] = "another"  # a fresh process compiles its own
    again = copy.setup()
    assert again is not setup and again.options == setup.options and again.players == 3


def test_wilson_interval_known_values() -> None:
    """Wilson 95% for 0/10 is [0, 0.2775], for 5/10 [0.2366, 0.7634] (textbook values)."""
    low, high = wilson(0, 10) or (-1, -1)
    assert low == 0 and abs(high - 0.2775) < 1e-4
    low, high = wilson(5, 10) or (-1, -1)
    assert abs(low - 0.2366) < 1e-4 and abs(high - 0.7634) < 1e-4
    assert wilson(0, 0) is None


def test_stopping_matches_give_a_loud_warning_and_the_rounds_figures_rest_on(capsys: Any
                                                                           ) -> None:
    data = simulate_json(capsys, "kozel-classic", "--matches", "40", "--workers", "1")
    (warning,) = data["warnings"]
    assert f"{data['stopped']} of 40 matches" in warning and "`loser`" in warning
    assert data["rates"]["fish"]["of"] == data["rounds"]
    assert data["match_length"]["of"] == data["completed"] == sum(
        data["match_length"]["histogram"].values())
    code = main(["simulate", "kozel-classic", "--matches", "40", "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0 and out.count("WARNING:") == 2 and f"of {data['rounds']} rounds" in out


def test_figures_per_seat_and_side_agree_with_each_other(capsys: Any) -> None:
    """Partners: a seat is the goat exactly when its side is; seats after the first leader
    count the same matches as seats by number."""
    data = simulate_json(capsys, "minsk", "--players", "4", "--matches", "60", "--workers", "1")
    goat = data["goat"]
    sides = [f["count"] for f in goat["by_side"]]
    seats = [f["count"] for f in goat["by_seat"]]
    assert data["warnings"] == [] and data["stopped"] == 0
    assert seats == [sides[0], sides[1], sides[0], sides[1]]
    assert sum(f["count"] for f in goat["after_first_leader"]) == sum(seats)
    for figure in goat["by_seat"] + goat["after_first_leader"]:
        assert figure["low"] <= figure["rate"] <= figure["high"] and figure["of"] == 60


def test_csv_and_plot_files(capsys: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="--plot needs the plots extra (matplotlib)")
    table, image = tmp_path / "m.csv", tmp_path / "m.svg"
    code = main(["simulate", "minsk", "--matches", "30", "--workers", "1", "--csv", str(table),
                 "--plot", str(image), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    fish = next(r for r in rows if r["figure"] == "fish_rate")
    assert float(fish["value"]) == data["rates"]["fish"]["rate"]
    assert int(fish["of"]) == data["rounds"]
    assert {"goat_by_seat", "goat_by_side", "match_length_matches"} <= {r["figure"] for r in rows}
    svg = image.read_text()
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg


def test_output_paths_are_checked_before_any_match(capsys: Any, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "m.csv"
    code = main(["simulate", "minsk", "--matches", "1000000", "--csv", str(missing)])
    assert code == 2 and "does not exist" in capsys.readouterr().err


def test_workers_must_be_positive(capsys: Any) -> None:
    assert main(["simulate", "minsk", "--matches", "1", "--workers", "0"]) == 2
    assert "--workers: needs a whole number from 1 to" in capsys.readouterr().err


def cpu_seconds(pid: int) -> float:
    """The processor time a process and the processes below it have used: how far it got,
    whatever else the machine is doing (a wall-clock wait is not, on a busy machine)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in (e for e in os.listdir("/proc") if e.isdigit()):
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if entry == str(pid) or int(fields[1]) == pid:  # the command, or one of its workers
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_prints_the_statistics_so_far_and_exits_130(workers: str) -> None:
    """The whole process group gets the SIGINT, as from a terminal: workers stay quiet."""
    command = [sys.executable, "-m", "kozel.cli", "simulate", "minsk", "--matches",
               "1000000", "--workers", workers, "--format", "json"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        for _ in range(6000):  # a count of looks, until it has worked 3 s of processor time
            if cpu_seconds(process.pid) >= 3 or process.poll() is not None:
                break
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)  # a guard against a hang only
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err
    data = json.loads(out)
    assert data["interrupted"] and 0 < data["played"] < 1000000
    assert data["played"] == data["completed"] + data["stopped"]
    assert any("interrupted" in w for w in data["warnings"])


def test_cluster_without_ray_is_a_usage_error(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` meets when not installed
    code = main(["simulate", "minsk", "--matches", "10", "--cluster", "auto"])
    assert code == 2 and "pip install 'kozel[cluster]'" in capsys.readouterr().err


def test_spawned_workers_compile_the_setup_from_the_spec_they_are_sent(monkeypatch: Any
                                                                       ) -> None:
    """A spawned worker (as on macOS or Windows) inherits nothing: it gets the pickled spec."""
    import multiprocessing
    from interpreter.simulation import runner
    monkeypatch.setattr(runner, "_context", lambda: multiprocessing.get_context("spawn"))
    spec = SetupSpec.of(prepare(load_variant_arg("kozel-classic")))
    here = runner.run_here(spec, "random", 60, 4)
    there = runner.run_on_workers(spec, "random", 60, 4, workers=2)
    assert there.tally == here.tally and here.tally.stops


@pytest.mark.parametrize("variant", ["minsk", "kozel-classic"])
def test_the_compiled_variant_gives_the_engines_statistics(capsys: Any, variant: str) -> None:
    """`--engine auto` (the default: the compiled match, as minsk and kozel-classic are
    covered) and `--engine reference` (the engine alone) print the same JSON; kozel-classic
    stops in most matches, so the stops, handed to the engine, are compared too."""
    argv = (variant, "--matches", "80", "--seed", "11", "--workers", "2")
    auto = simulate_json(capsys, *argv)
    reference = simulate_json(capsys, *argv, "--engine", "reference")
    assert auto["rounds"] > 80
    assert without_timing(auto) == without_timing(reference)


def test_simulate_plays_with_the_compiled_match_where_it_is_covered() -> None:
    """The default way of playing is the compiled match itself, not the engine behind it."""
    from interpreter.compiled import CompiledOrEngine
    from interpreter.simulation.tasks import match_player
    setup = prepare(load_variant_arg("minsk"), 4)
    play = match_player(setup, "random")
    assert isinstance(play, CompiledOrEngine) and play.compiled is not None
    handed = play.compiled.handovers
    assert [play(seed) for seed in range(5)] == [
        play_for_statistics(setup, "random", seed) for seed in range(5)]
    assert play.compiled.handovers == handed
    assert not isinstance(match_player(setup, "random", "reference"), CompiledOrEngine)


def test_a_variant_that_mostly_stops_is_left_to_the_engine_after_a_trial() -> None:
    """kozel-classic stops in most matches: each stop is played twice (compiled up to the stop,
    then by the engine), so after its first matches the engine plays alone, with the same
    MatchPlays."""
    from interpreter.compiled import CompiledOrEngine
    from interpreter.simulation.tasks import match_player
    setup = prepare(load_variant_arg("kozel-classic"), 4)
    play = match_player(setup, "random")
    assert isinstance(play, CompiledOrEngine) and play.compiled is not None
    seeds = range(CompiledOrEngine.TRIAL + 10)
    plays = [play(seed) for seed in seeds]
    assert play.compiled is None
    expected = [play_for_statistics(setup, "random", seed) for seed in seeds]
    assert [(p.rounds, p.result, p.stop and str(p.stop)) for p in plays] == [
        (p.rounds, p.result, p.stop and str(p.stop)) for p in expected]
