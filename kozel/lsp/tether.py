"""A background check that ends with the language server that started it.

The server starts each check (`python -m kozel.lsp.findings`) in a session of its own and kills
that session when an edit makes the check stale, or at `shutdown`. A server killed outright
(SIGKILL, the out-of-memory killer, a crashed editor's process group) runs none of that: its
check, re-parented to init, went on solving and forking workers, at full speed, for as long as
the check takes, with nobody to read its answer.

So the server writes its request on the check's standard input and keeps the pipe open until it
has the answer. The pipe's other end is the server's only, and the kernel closes it when the
server dies, however it dies: the check's standard input then reaches its end, and a thread of
the check that waits for that ends the check's whole process group (the workers it forked
with it). This works wherever Python has pipes and threads; where a process group cannot be
killed (not POSIX), the check ends alone and its workers watch it in turn
(interpreter/language/workers.py). On Linux the kernel is also asked to signal the check when
its parent dies (PR_SET_PDEATHSIG), a second way to hear the same news; no timer is involved.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import threading
from typing import Any, NoReturn

from interpreter.language.workers import PR_SET_PDEATHSIG

HEARD = signal.SIGTERM  # what the kernel sends at the parent's death, handled as its end


def end_with_server(server: int) -> None:
    """From now on, end this check and its process group when its standard input reaches its
    end or (Linux) when its parent, the server `server` (its pid), dies."""
    if not _is_pipe(sys.stdin.fileno()):
        return  # a file or a terminal (a check run by hand): its end says nothing of a server
    threading.Thread(target=_watch, args=(sys.stdin.fileno(),), daemon=True,
                     name="kozel-lsp-server").start()
    _signalled_at_parent_death(server)


def _is_pipe(fd: int) -> bool:
    try:
        return stat.S_ISFIFO(os.fstat(fd).st_mode)
    except (OSError, ValueError):
        return False


def _watch(fd: int) -> None:
    """Wait for the end of the pipe from the server (it writes nothing after its request)."""
    try:
        while os.read(fd, 65536):
            pass
    except OSError:  # the pipe broken is its end too
        pass
    end_group()


def end_group() -> NoReturn:
    """End this process and, when it leads a process group of its own (the server starts it
    so), every process of that group: the workers it forked would go on, orphaned."""
    if hasattr(os, "killpg") and os.getpgid(0) == os.getpid():
        os.killpg(os.getpid(), signal.SIGKILL)  # this process with them
    os._exit(1)


def _signalled_at_parent_death(server: int) -> None:
    """Linux: have the kernel send HEARD when the parent dies, and end the group on it."""
    if not sys.platform.startswith("linux") or threading.current_thread() \
            is not threading.main_thread():
        return
    leader = os.getpid()

    def heard(number: int, frame: Any) -> None:
        if os.getpid() == leader:
            end_group()
        signal.signal(number, signal.SIG_DFL)  # a fork of the check: the signal's default
        os.kill(os.getpid(), number)

    signal.signal(HEARD, heard)
    if _ask_kernel(HEARD) and os.getppid() != server:
        end_group()  # the server died before the kernel was asked: no signal will come


def _ask_kernel(number: int) -> bool:
    """prctl(PR_SET_PDEATHSIG, number); False where it cannot be asked."""
    import ctypes  # here: only a check on Linux pays for it

    try:
        # the process's own symbols, libc's among them (find_library would run ldconfig)
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(number), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False
