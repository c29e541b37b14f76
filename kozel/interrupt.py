"""Ctrl-C stops every command within a second, with exit code 130; SIGTERM and SIGHUP (a
`kill`, a closed terminal) stop it the same way, with exit codes 143 and 129.

Python turns SIGINT into KeyboardInterrupt only between bytecodes of the main thread, and Z3
(a ctypes library) takes the signal for itself while it solves: a run went on, or exited 0.
Here Z3 is told to leave SIGINT alone (`quiet_z3`, called by the commands that solve), and a
watchdog thread hears every SIGINT through the signal module's wakeup fd, even while the main
thread is inside Z3 (ctypes lets go of the GIL there). The main thread is given
GRACE seconds to stop by KeyboardInterrupt; a command that has stopped by then and says so
(workers.FINISHING: `simulate` ending its workers and printing what it has) is given FINISH
seconds more to write it. After that the watchdog ends the worker processes and the process
itself, with exit code 128 + the signal's number. (Workers end with their parent even when it
is killed outright: see language/workers.py.)
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator

from interpreter.language.workers import FINISHING, STOPPING

EXIT_INTERRUPTED = 130
GRACE = 0.5  # seconds the main thread has to stop by itself
# seconds a command that stopped within GRACE (and said so: FINISHING) has to write what it has;
# on a loaded machine ending the workers and printing the statistics can take longer than GRACE
FINISH = 15.0
_stopped_by = [int(signal.SIGINT)]  # the signal that stopped the last command


def exit_code() -> int:
    """The exit code of a command stopped by a signal: 128 + its number (130 for Ctrl-C)."""
    return 128 + _stopped_by[0]


def stop_message() -> str:
    """What is printed when a signal stops a command."""
    number = _stopped_by[0]
    return "interrupted" if number == signal.SIGINT else \
        f"interrupted by {signal.Signals(number).name}"


def quiet_z3() -> None:
    """Tell Z3 not to catch SIGINT itself (it would swallow it); commands that solve call it."""
    try:
        import z3
        z3.set_param("ctrl_c", False)
    except Exception:  # no Z3, or one without the parameter: nothing to quiet
        pass


def _end_now() -> None:
    """End the worker processes, then this process, with the signal's exit code."""
    # Not imported at start, which it would slow down: never imported, it started no process.
    multiprocessing: Any = sys.modules.get("multiprocessing")
    for child in multiprocessing.active_children() if multiprocessing is not None else ():
        child.kill()
    try:
        os.write(2, stop_message().encode() + b"\n")
    finally:
        os._exit(exit_code())


class _Watch:
    """The watchdog's state: a stopping signal seen, and the command done."""

    def __init__(self) -> None:
        self.reader, self.writer = socket.socketpair()
        self.writer.setblocking(False)
        self.done, self.interrupted = threading.Event(), threading.Event()
        self.raised = False  # KeyboardInterrupt raised once: a second signal adds nothing

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """The Python-level handler: note the signal, then raise KeyboardInterrupt, once: a
        second Ctrl-C or SIGTERM would cut short the report of what the first one stopped (the
        watchdog still ends a command that does not stop)."""
        self.interrupted.set()
        if self.raised:
            return
        _stopped_by[0] = signum
        self.raised = True
        raise KeyboardInterrupt

    def watch(self) -> None:
        """Wait for a stopping signal; give the main thread GRACE seconds, then end the
        process."""
        while True:
            try:
                data = self.reader.recv(64)
            except OSError:
                return
            if not data or self.done.is_set():
                return
            heard = [number for number in STOPPING if number in data]
            if heard:
                _stopped_by[0] = heard[0]
                self.interrupted.set()
                if not self.done.wait(GRACE) and not (FINISHING.is_set()
                                                       and self.done.wait(FINISH)):
                    _end_now()
                return


def _quiet_interrupts(hook: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """An unraisable-exception hook that drops our own KeyboardInterrupt: raised where Python
    cannot pass it on (a destructor such as Z3's AstRef.__del__), it would print a traceback
    though the interrupt itself is handled."""
    def quiet(unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            hook(unraisable)
    return quiet


@contextmanager
def stopped_by_ctrl_c(last: bool = False) -> Iterator[None]:
    """Run the body so that SIGINT, SIGTERM or SIGHUP ends it within a second (a no-op off the
    main thread). `last`: the body is the process's last work, so once it is stopped, further
    stops are ignored while the process ends (its report is written already).

    Whatever the body raises or returns after a SIGINT becomes KeyboardInterrupt: a library
    may wrap it (ctypes turns it into ArgumentError) or catch it and go on.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if "z3" in sys.modules:  # loaded already; commands that load it later call quiet_z3()
        quiet_z3()
    state = _Watch()
    previous_hook = sys.unraisablehook
    sys.unraisablehook = _quiet_interrupts(previous_hook)
    _stopped_by[0] = signal.SIGINT
    FINISHING.clear()
    previous_handlers = {number: signal.signal(number, state.on_signal) for number in STOPPING}
    previous_fd = signal.set_wakeup_fd(state.writer.fileno(), warn_on_full_buffer=False)
    watchdog = threading.Thread(target=state.watch, daemon=True, name="kozel-ctrl-c")
    watchdog.start()
    try:
        yield
    except BaseException as error:
        if state.interrupted.is_set() and not isinstance(error, KeyboardInterrupt):
            raise KeyboardInterrupt() from error
        raise
    else:
        if state.interrupted.is_set():
            raise KeyboardInterrupt()
    finally:
        sys.unraisablehook = previous_hook
        signal.set_wakeup_fd(previous_fd)
        for number, handler in previous_handlers.items():
            signal.signal(number, signal.SIG_IGN if last and state.raised else handler)
        state.done.set()
        state.writer.close()  # the watchdog's recv returns b"" and the thread ends
        watchdog.join(GRACE)
        state.reader.close()
