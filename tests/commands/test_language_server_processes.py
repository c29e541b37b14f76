"""The language server's check processes end with it: a real `kozel-lsp` killed outright
(SIGKILL: no clean-up of its own runs) while a background check of a document runs leaves
no process of that check behind, neither the check nor a worker it forked; the end of the
check's standard input, the pipe from its server, is enough on its own.

The check runs in a session of its own (kozel/lsp/check.py): every process of that session is
the check's. Processes are found through /proc, polled a bounded number of times."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from lsp_session import WAIT, Session  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
POLLS = 100  # looks at /proc a tenth of a second apart at most: a bound, not a deadline
# minsk's leader after an out, for four players only: a check of it checks minsk too
HOUSE = ('variant minsk-four "after an out, four players only" extends minsk {\n'
         '  replace lead round when previous = out: partner(winner) when previous = out '
         'and players = 4\n'
         '      assume "a house rule: who leads after an out at a smaller table is left open"\n'
         '}\n')

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _stat(pid: int) -> tuple[str, int, int] | None:
    """A process's state, parent and session, or None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0], int(fields[1]), int(fields[3])


def _processes() -> dict[int, tuple[str, int, int]]:
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            found[int(entry)] = stat
    return found


def _running_in_session(session: int) -> set[int]:
    """The processes of a session still running (a zombie has ended)."""
    return {pid for pid, (state, _, sid) in _processes().items()
            if sid == session and state not in "ZX"}


def _check_of(server: int) -> int | None:
    """The server's background check: its child that leads a session of its own."""
    for pid, (_, parent, session) in _processes().items():
        if parent == server and session == pid:
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"kozel.lsp.findings" in command:
                return pid
    return None


def _polled(look, polls: int):  # type: ignore[no-untyped-def]
    """What `look` finds, looked for at most `polls` times a tenth of a second apart."""
    for _ in range(polls):
        if found := look():
            return found
        time.sleep(0.1)
    return look()


def test_a_check_and_its_workers_end_when_the_server_is_killed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a cache of its own, empty: the check computes (minsk too) instead of reading it back
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path / "cache"))
    uri = (tmp_path / "minsk-four.kozel").as_uri()
    lsp = Session(ROOT, findings=True).__enter__()
    check = None
    try:
        lsp.open(uri, HOUSE)
        check = _polled(lambda: _check_of(lsp.server.pid), WAIT * 10)
        assert check is not None, "the background check never started"
        # the check forks its workers: they are to end with it
        assert _polled(lambda: len(_running_in_session(check)) > 1, WAIT * 10), \
            "the check never forked a worker"
        lsp.server.kill()
        lsp.server.wait()
        _polled(lambda: not _running_in_session(check), POLLS)
        assert _running_in_session(check) == set(), "the check outlived its server"
    finally:
        if lsp.server.poll() is None:
            lsp.server.kill()
            lsp.server.wait()
        for pid in _running_in_session(check) if check is not None else ():
            os.kill(pid, signal.SIGKILL)  # leave no stray process, whatever the outcome


def test_the_end_of_its_input_ends_a_check_and_its_workers(tmp_path: Path) -> None:
    """The pipe alone, its parent alive (no signal at a parent's death): a check started as the
    server starts it, given its request, ends with its workers once the pipe is closed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": str(tmp_path / "cache")}
    path = tmp_path / "minsk-four.kozel"
    request = json.dumps({"path": str(path), "documents": {str(path): HOUSE}, "lang": "en"})
    check = subprocess.Popen([sys.executable, "-m", "kozel.lsp.findings"], cwd=ROOT, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert check.stdin is not None
        check.stdin.write(request.encode("utf-8") + b"\n")
        check.stdin.flush()
        assert _polled(lambda: len(_running_in_session(check.pid)) > 1, WAIT * 10), \
            "the check never forked a worker"
        check.stdin.close()  # as the kernel closes it when the server dies
        check.wait(timeout=WAIT)
        _polled(lambda: not _running_in_session(check.pid), POLLS)
        assert _running_in_session(check.pid) == set(), "the check's workers outlived it"
        assert check.returncode == -signal.SIGKILL  # it ended its own process group
    finally:
        for pid in _running_in_session(check.pid):
            os.kill(pid, signal.SIGKILL)
        if check.poll() is None:
            check.kill()
            check.wait()
