"""Ctrl-C stops every command within a second, with exit code 130.

Python turns SIGINT into KeyboardInterrupt only between bytecodes of the main thread, and Z3
(a ctypes library) takes the signal for itself while it solves: a run went on, or exited 0.
Here Z3 is told to leave SIGINT alone (`quiet_z3`, called by the commands that solve), and a
watchdog thread hears every SIGINT through the signal module's wakeup fd, even while the main
thread is inside Z3 (ctypes lets go of the GIL there). The main thread is given
GRACE seconds to stop by KeyboardInterrupt (so `simulate` still prints what it has); after
that the watchdog ends the worker processes and the process itself, with exit code 130.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import sys
import threading
from contextlib import contextmanager
from typing import Iterator

EXIT_INTERRUPTED = 130
GRACE = 0.5  # seconds the main thread has to stop by itself


def quiet_z3() -> None:
    """Tell Z3 not to catch SIGINT itself (it would swallow it); commands that solve call it."""
    try:
        import z3
        z3.set_param("ctrl_c", False)
    except Exception:  # no Z3, or one without the parameter: nothing to quiet
        pass


def _end_now() -> None:
    """End the worker processes, then this process, with exit code 130."""
    for child in multiprocessing.active_children():
        child.kill()
    try:
        os.write(2, b"interrupted\n")
    finally:
        os._exit(EXIT_INTERRUPTED)


def _watch(reader: socket.socket, done: threading.Event) -> None:
    """Wait for a SIGINT; give the main thread GRACE seconds, then end the process."""
    while True:
        try:
            data = reader.recv(64)
        except OSError:
            return
        if not data or done.is_set():
            return
        if signal.SIGINT in data:
            if not done.wait(GRACE):
                _end_now()
            return


@contextmanager
def stopped_by_ctrl_c() -> Iterator[None]:
    """Run the body so that SIGINT ends it within a second (a no-op off the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if "z3" in sys.modules:  # loaded already; commands that load it later call quiet_z3()
        quiet_z3()
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    done = threading.Event()
    previous_handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watchdog = threading.Thread(target=_watch, args=(reader, done), daemon=True,
                                name="kozel-ctrl-c")
    watchdog.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous_fd)
        signal.signal(signal.SIGINT, previous_handler)
        done.set()
        writer.close()  # the watchdog's recv returns b"" and the thread ends
        watchdog.join(GRACE)
        reader.close()
        sys.stderr.flush()
