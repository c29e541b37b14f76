"""A result's lock held by a kozel that cannot finish (stopped by Ctrl-Z or SIGSTOP): another
kozel asking for the same result says so after a few seconds and computes it itself, instead
of waiting silently for ever (issue 33, item 5)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checks.running.remembered import FOLDER, entry_name, remembered
from interpreter.language.cache_folder import LOCK

ROOT = Path(__file__).resolve().parents[2]
LOOKS = 600  # looks at the lock file, a tenth of a second apart at most: a bound, not a deadline
HOLDER = """
import os, signal
from checks.running.remembered import remembered
remembered("lock-test", ["one"], lambda: os.kill(os.getpid(), signal.SIGSTOP) or 1)
"""


def state(pid: int) -> str:
    """A process's state as /proc gives it (T: stopped)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def test_a_stopped_holder_is_said_and_its_result_computed_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        lock = tmp_path / FOLDER / (LOCK + entry_name("lock-test", ["one"]))
        for _ in range(LOOKS):  # until the holder has the lock and has stopped itself
            if lock.exists() and lock.read_text() == str(holder.pid) and state(holder.pid) == "T":
                break
            time.sleep(0.1)
        else:
            pytest.fail("the holder never took the lock and stopped")
        assert remembered("lock-test", ["one"], lambda: 2) == 2
    finally:
        holder.kill()
        holder.wait()
    err = capsys.readouterr().err
    assert f"kozel: the process {holder.pid} that computes the same result is stopped: " \
           "computing it here" in err
