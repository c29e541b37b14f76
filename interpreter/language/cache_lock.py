"""Waiting for another kozel that computes the same cache entry: said after a few seconds,
and never for ever on a holder that cannot finish (stopped by SIGSTOP or Ctrl-Z, or gone while
a process it forked keeps the lock), whose result the waiter then computes itself.

The holder writes its process id into the lock file; the kernel drops the lock itself with
the last process that has the file open, so a lock is never stale for long, only stuck.
"""

from __future__ import annotations

import fcntl
import os
import sys
import time
from pathlib import Path

SAY_AFTER = 3.0  # seconds of waiting before the holder is looked at and the wait is said
POLL = 0.2  # seconds between two tries of the lock


def take(fd: int) -> bool:
    """Take the lock of the open lock file `fd`, waiting for its holder; False when the holder
    cannot finish (the caller then computes without the lock)."""
    began, said = time.monotonic(), False
    while not _tried(fd):
        time.sleep(POLL)
        if time.monotonic() - began < SAY_AFTER:
            continue
        holder = _holder(fd)
        fate = _fate(holder) if holder is not None else None
        if fate is not None:
            print(f"kozel: the process {holder} that computes the same result {fate}: "
                  "computing it here", file=sys.stderr)
            return False
        if not said:
            said = True
            who = f"process {holder}" if holder is not None else "another kozel"
            print(f"kozel: waiting for {who}, which computes the same result",
                  file=sys.stderr)
    return True


def _tried(fd: int) -> bool:
    """Take the lock if it is free, and note this process as its holder."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
    except OSError:  # a full disk: the lock holds all the same, its holder unnamed
        pass
    return True


def _holder(fd: int) -> int | None:
    """The process id the holder wrote, if any."""
    try:
        text = os.pread(fd, 20, 0).decode("ascii")
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def _fate(pid: int) -> str | None:
    """Why a holder cannot finish (`is stopped`, `has ended`), or None while it runs."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return "has ended"
        except OSError:
            return None
        return None  # alive, and no /proc to say more
    if state in ("T", "t"):
        return "is stopped"
    return "has ended" if state in ("Z", "X") else None
