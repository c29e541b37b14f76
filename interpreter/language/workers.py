"""Worker processes that never outlive the command that started them.

`kozel simulate --workers` and `kozel check --jobs` fork workers. A parent killed by a signal
it cannot handle (SIGKILL, or any signal before its handlers are set) runs no clean-up: its
workers would go on for ever, blocked in a pipe or solving. So each worker asks Linux to kill
it when its parent dies (prctl PR_SET_PDEATHSIG), then checks that the parent is still the one
that forked it (it may have died before the request); where there is no prctl, a thread of the
worker watches its parent's pid instead. The number of workers is capped at the cores this
process may use: more would only share the same cores, and a fork per request could exhaust
the process table. Shared by the simulation and the checker, hence here, at the bottom.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # linux/prctl.h
POLL = 0.5  # seconds between two looks at the parent, where there is no prctl
_COMMAND_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))
STOPPING = (signal.SIGINT,) + _COMMAND_SIGNALS  # what stops a command (interrupt.py)
# Set by a command that heard a stop, stopped its work and is writing what it has (the partial
# statistics): interrupt.py's watchdog then gives it FINISH seconds instead of GRACE.
FINISHING = threading.Event()


def usable_cores() -> int:
    """All the cores this process may use (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def capped(asked: int, option: str) -> int:
    """`asked` workers, at most one per usable core (with a warning on stderr when fewer)."""
    cores = usable_cores()
    if asked <= cores:
        return asked
    print(f"kozel: warning: {option} {asked} is more than the {cores} cores this process may "
          f"use: {cores} run", file=sys.stderr)
    return cores


def _ask_to_die_with_parent() -> bool:
    """Ask Linux to send SIGKILL when the parent ends; False where that cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # here: a command that starts no worker does not pay for it
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL)
    os._exit(1)


def as_worker(parent: int) -> None:
    """Make this freshly forked process a worker that ends when `parent` does.

    The command's SIGTERM and SIGHUP handlers (inherited through the fork) are set back to
    the default and SIGINT is ignored: the parent decides what a stop means, a worker just
    ends.
    """
    for number in _COMMAND_SIGNALS:
        signal.signal(number, signal.SIG_DFL)
    # Ctrl-C reaches every process of the terminal's group: the parent stops the workers, and a
    # KeyboardInterrupt raised in a worker (inside a destructor, say) could only print noise
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)  # the parent's watchdog hears the parent's signals, not ours
    signal.pthread_sigmask(signal.SIG_UNBLOCK, set(STOPPING))  # blocked around the fork
    asked = _ask_to_die_with_parent()
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)
    if not asked:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                         name="kozel-parent").start()
