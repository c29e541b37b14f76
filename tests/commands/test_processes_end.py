"""Processes that end: a command stopped by SIGTERM, or killed outright, leaves no worker
behind; SIGTERM stops `simulate` like Ctrl-C (partial statistics, exit 143), and a second one
does not lose them; a dead simulate worker ends the run with what finished; a standard output
that cannot be written is one line and exit 74; more workers than cores are capped, and the
numbers of these options are ASCII digits in a range.

Children are found through /proc (each process's parent), polled a bounded number of times."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from interpreter.language.workers import as_worker, usable_cores
from shared_runs import MAIN_JOB, kozel

ROOT = Path(__file__).resolve().parents[2]
POLLS = 300  # looks at /proc, a tenth of a second apart at most: a bound, not a deadline
SIMULATE = ["simulate", "minsk", "--matches", "1000000", "--workers", "2", "--format", "json"]
CHECK = ["check", "minsk", "kozel-classic", "--jobs", "2", "--playouts", "0"]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _parent_and_state(pid: int) -> tuple[int, str] | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), fields[0]


def descendants(pid: int) -> set[int]:
    """Every living process below `pid`."""
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := _parent_and_state(int(entry))) is not None:
            tree.setdefault(found[0], []).append(int(entry))
    below, todo = set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            below.add(child)
            todo.append(child)
    return below


def alive(pids: set[int]) -> set[int]:
    """The processes of `pids` still running (a zombie has ended)."""
    return {p for p in pids if (found := _parent_and_state(p)) is not None and found[1] != "Z"}


def started(argv: list[str], tmp_path: Path) -> tuple[subprocess.Popen[bytes], set[int]]:
    """Start kozel; return it and its two workers once both run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": ""}
    out, err = (open(tmp_path / name, "wb") for name in ("out", "err"))
    process = subprocess.Popen([sys.executable, "-m", "kozel.cli", *argv], cwd=ROOT,
                               env=env, stdout=out, stderr=err, start_new_session=True)
    workers: set[int] = set()
    for _ in range(POLLS):
        workers = descendants(process.pid)
        if len(workers) >= 2:
            break
        time.sleep(0.1)
    assert len(workers) >= 2, "the workers never started"
    return process, workers


def ended(process: subprocess.Popen[bytes], workers: set[int]) -> set[int]:
    """Wait (a bounded number of looks) for the command and its workers to end; return those
    still running."""
    process.wait(timeout=60)
    left = alive(workers)
    for _ in range(POLLS):
        if not left:
            break
        time.sleep(0.1)
        left = alive(workers)
    for pid in left:  # leave no stray process to the next test, whatever the outcome
        os.kill(pid, signal.SIGKILL)
    return left


@pytest.mark.parametrize("argv", [SIMULATE, CHECK], ids=["simulate", "check"])
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["TERM", "KILL"])
def test_a_stopped_command_leaves_no_worker(tmp_path: Path, argv: list[str],
                                            stop: signal.Signals) -> None:
    process, workers = started(argv, tmp_path)
    os.kill(process.pid, stop)
    assert ended(process, workers) == set()
    err = (tmp_path / "err").read_text()
    assert "Traceback" not in err
    if stop == signal.SIGTERM:
        assert process.returncode == 143, err
        assert "interrupted by SIGTERM" in err


def test_sigterm_prints_the_statistics_so_far(tmp_path: Path) -> None:
    process, workers = started(SIMULATE, tmp_path)
    os.kill(process.pid, signal.SIGTERM)
    assert ended(process, workers) == set()
    assert process.returncode == 143
    data = json.loads((tmp_path / "out").read_text())
    assert data["interrupted"] and 0 <= data["played"] < 1000000
    assert data["played"] == data["completed"] + data["stopped"]


def test_sighup_stops_like_ctrl_c_with_exit_129(tmp_path: Path) -> None:
    process, workers = started(SIMULATE, tmp_path)
    os.kill(process.pid, signal.SIGHUP)
    assert ended(process, workers) == set()
    assert process.returncode == 129
    assert json.loads((tmp_path / "out").read_text())["interrupted"]


def test_ten_thousand_workers_run_as_many_as_there_are_cores() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": ""}
    done = subprocess.run([sys.executable, "-m", "kozel.cli", "simulate", "minsk",
                           "--matches", "40", "--workers", "10000", "--format", "json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert f"--workers 10000 is more than the {usable_cores()} cores" in done.stderr
    assert json.loads(done.stdout)["played"] == 40


@pytest.mark.parametrize("argv", [
    ["simulate", "minsk", "--matches", "1", "--workers", "²"],
    ["simulate", "minsk", "--matches", "1", "--workers", "0"],
    ["simulate", "minsk", "--matches", "1", "--workers", "99999999999999999999"],
    ["simulate", "minsk", "--matches", "٣"],
    ["simulate", "minsk", "--matches", "-1"],
    ["simulate", "minsk", "--matches", "1", "--cluster", "127.0.0.1:99999999999999999999"],
    ["simulate", "minsk", "--matches", "1", "--cluster", "127.0.0.1:²"],
    ["simulate", "minsk", "--matches", "1", "--cluster", "ray://host:0"],
    ["check", "minsk", "--jobs", "²"],
    ["check", "minsk", "--jobs", "1e3"],
    ["check", "minsk", "--playouts", "-1"],
    ["check", "minsk", "--effort", "²"],
    ["check", "minsk", "--games", "9" * 4000],
    ["diff", "minsk", "pairs", "--timeout", "0"],
    ["simulate", "minsk", "--matches", "1", "--seed", "١"],
    ["simulate", "minsk", "--matches", "1", "--seed", str(2 ** 64)],
    ["play", "minsk", "--players", "1e3"],
    ["play", "minsk", "--human", " 1"],
])
def test_numbers_are_ascii_digits_in_a_range(argv: list[str], capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    from kozel.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "Traceback" not in err
    assert re.search(r"[01] to", err)  # it says which numbers it takes


def test_the_help_shows_a_percent_sign_once(capsys: pytest.CaptureFixture[str]) -> None:
    from kozel.cli import main

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% interval" in " ".join(out.split()) and "%%" not in out


@pytest.mark.parametrize("fate", [signal.SIGKILL, signal.SIGTERM], ids=["KILL", "TERM"])
def test_a_dead_simulate_worker_ends_the_run_with_what_finished(tmp_path: Path,
                                                                fate: signal.Signals) -> None:
    """A worker killed (as the OOM killer does) ends simulate with the statistics of the
    matches finished and one line naming the worker's fate; exit 1."""
    process, workers = started(SIMULATE, tmp_path)
    os.kill(min(workers), fate)
    assert ended(process, workers) == set()
    err = (tmp_path / "err").read_text()
    assert process.returncode == 1, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"a worker process ended abruptly ({fate.name})" in err
    data = json.loads((tmp_path / "out").read_text())
    assert 0 <= data["played"] < 1000000
    assert data["played"] == data["completed"] + data["stopped"]
    assert f"the {data['played']} of 1000000 matches" in err


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
def test_a_second_signal_does_not_lose_the_statistics(tmp_path: Path,
                                                      stop: signal.Signals) -> None:
    process, workers = started(SIMULATE, tmp_path)
    os.kill(process.pid, stop)
    time.sleep(0.05)  # the second stop 50 ms after the first, as a hurried hand gives it
    os.kill(process.pid, stop)
    assert ended(process, workers) == set()
    assert process.returncode == 128 + stop
    data = json.loads((tmp_path / "out").read_text())
    assert data["interrupted"] and data["played"] == data["completed"] + data["stopped"]


def kozel_into(output: object, *argv: str) -> subprocess.CompletedProcess[bytes]:
    """Run kozel with its standard output `output` (a file, or None for a closed one)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "kozel.cli", *argv]
    if output is None:  # the descriptor closed before Python starts, as `>&-` does
        command = ["sh", "-c", 'exec "$@" >&-', "sh", *command]
    return subprocess.run(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.PIPE,
                          timeout=600, check=False)  # type: ignore[call-overload]


FULL_DISK = {
    "simulate": ("simulate", "minsk", "--matches", "20", "--workers", "1"),
    "replay": ("replay", "minsk", "tests/records/minsk-4.json"),
    "check": MAIN_JOB,  # read back from the run's cache once the shared run has made it
}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", FULL_DISK, ids=list(FULL_DISK))
def test_a_full_disk_is_one_line_and_exit_74(command: str) -> None:
    if command == "check":
        assert kozel(*MAIN_JOB).code == 0
    with open("/dev/full", "w") as full:
        done = kozel_into(full, *FULL_DISK[command])
    err = done.stderr.decode()
    assert done.returncode == 74, err
    assert err == "error: cannot write the output: No space left on device\n"


def test_a_closed_standard_output_is_one_line_and_exit_74() -> None:
    done = kozel_into(None, *FULL_DISK["replay"])
    assert done.returncode == 74
    assert done.stderr.decode() == "error: cannot write the output: Bad file descriptor\n"
    # a command that writes nothing there does not miss it: a missing record stays that error
    done = kozel_into(None, "replay", "minsk", "no-such-record.json")
    assert done.returncode == 1 and "cannot write the output" not in done.stderr.decode()


def _worker_sigint(parent: int, answer: Any) -> None:
    as_worker(parent)
    answer.send(signal.getsignal(signal.SIGINT) == signal.SIG_IGN)


def test_a_worker_leaves_ctrl_c_to_its_parent() -> None:
    """Ctrl-C reaches every process of the terminal's group; a worker that raised
    KeyboardInterrupt (inside Z3's AstRef.__del__, say) printed "Exception ignored"."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)
    child = context.Process(target=_worker_sigint, args=(os.getpid(), theirs))
    child.start()
    assert mine.recv() is True
    child.join()
