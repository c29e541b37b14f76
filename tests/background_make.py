"""Make a shared folder of the test run by a command, in the background (tests/shared_runs.py
`start`): `python background_make.py FOLDER COMMAND...` runs COMMAND, each `{folder}` in it replaced by
FOLDER, and marks the folder done; its output is kept in FOLDER/errors when it fails.

It holds the folder's lock, inherited from the process that started it, until it ends, so a test
that needs the folder waits for it exactly as for one made in its own process. It dies with that
process (prctl PR_SET_PDEATHSIG), and so does its command: an interrupted run leaves nothing."""

from __future__ import annotations

import ctypes
import signal
import subprocess
import sys
from pathlib import Path

PR_SET_PDEATHSIG = 1  # linux/prctl.h
TIMEOUT = 1800  # seconds: a hung command must not hang the run (the same limit as in-process)


def die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent ends (Linux; elsewhere nothing)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def main(folder: Path, command: list[str]) -> int:
    """Run the command into the folder; write its errors ("" when it succeeded) and `.done`."""
    die_with_parent()
    try:
        run = subprocess.run([part.replace("{folder}", str(folder)) for part in command],
                             capture_output=True, text=True, timeout=TIMEOUT,
                             preexec_fn=die_with_parent, check=False)
        errors = "" if run.returncode == 0 else run.stdout + run.stderr
    except subprocess.TimeoutExpired:
        errors = f"{' '.join(command)} did not end in {TIMEOUT} s"
    (folder / "errors").write_text(errors)
    (folder / ".done").touch()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2:]))
