"""When a witness game cannot be written (the disk fills while `kozel check --records DIR`
writes), the report is still printed, and the failure is named after it with a non-zero exit.

The failing write is a real one: the process may write files of at most a few bytes
(RLIMIT_FSIZE, as a full disk would refuse), so the folder passes the check before the work and
the first record fails; nothing of kozel is patched."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from small_variant import play_rules

ROOT = Path(__file__).resolve().parents[2]
VARIANT = '''variant small "Маленький" {
  players 2..4
  sides: individual
  deal: 5
  draw: none
  pass: no
''' + play_rules() + '''}
'''


def _small_files_only() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))


def test_the_report_is_printed_and_the_failed_record_named(tmp_path: Path) -> None:
    (tmp_path / "small.kozel").write_text(VARIANT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": "",
           "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run([sys.executable, "-m", "kozel.cli", "check", "small.kozel",
                          "--playouts", "0", "--games", "20", "--records", "games"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600,
                         preexec_fn=_small_files_only)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert "small: " in run.stdout and " proved;" in run.stdout  # the report, whole
    assert "refuted" in run.stdout  # with the finding whose game could not be written
    error = run.stderr.strip().splitlines()[-1]
    assert error.startswith("error: --records: cannot write 'games/small-") and \
        "File too large" in error and "the report above is complete" in error
    assert not any((tmp_path / "games").glob("*.json"))  # whole or not at all
