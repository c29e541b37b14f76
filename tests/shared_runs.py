"""Work that many tests read and none changes, done once per test run, by whichever process
of the run (pytest-xdist workers included) asks first; the others wait for it and read it.

Sound because kozel's output is the same for the same files and options on any machine and
any load (tests/checks/test_deterministic.py), so a second run of the same command could only
repeat the first. The folder is made by the run's first process (conftest.py) and removed when
the run ends; outside pytest a temporary folder of the process's own is used.
"""

from __future__ import annotations

import atexit
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
SHARED = "KOZEL_TESTS_SHARED"  # the variable that names the run's shared folder


def shared_folder() -> Path:
    """Return this test run's shared folder (made on first use outside a pytest run)."""
    if SHARED not in os.environ:
        folder = tempfile.mkdtemp(prefix="kozel-tests-")
        atexit.register(shutil.rmtree, folder, True)
        os.environ[SHARED] = folder
    return Path(os.environ[SHARED])


def once(name: str, make: Callable[[Path], None]) -> Path:
    """Return the folder `name` of the shared folder, made by `make(folder)` exactly once in
    the run: a process that finds another making it waits for it (a lock, not a clock)."""
    folder = shared_folder() / name
    with open(shared_folder() / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".done").exists():
            shutil.rmtree(folder, ignore_errors=True)  # a maker that failed left half of it
            folder.mkdir()
            make(folder)
            (folder / ".done").touch()
    return folder


def start(name: str, command: list[str]) -> None:
    """Start making the folder `name` of the shared folder in the background by `command`, each
    `{folder}` in it the folder (tests/background_make.py), unless it is made or being made;
    `once(name, ...)` then waits for it. Its output is the folder's `errors` when it fails."""
    folder = shared_folder() / name
    with open(shared_folder() / f"{name}.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # another process is making it (or waiting for it): nothing to start
        if (folder / ".done").exists():
            return
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        # the child inherits the locked file: the lock is held until it ends, not until we do
        subprocess.Popen([sys.executable, str(Path(__file__).with_name("background_make.py")),
                          str(folder), *command], cwd=ROOT, pass_fds=(lock.fileno(),),
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)


@dataclass(frozen=True)
class Ran:
    """What a command did: its exit code and the bytes it wrote."""

    code: int
    stdout: bytes
    stderr: bytes

    @property
    def out(self) -> str:
        """Standard output as text."""
        return self.stdout.decode("utf-8")

    @property
    def err(self) -> str:
        """Standard error as text."""
        return self.stderr.decode("utf-8")


def kozel(*args: str, hash_seed: str = "0") -> Ran:
    """Run `kozel ARGS` in a fresh process from the project's root, once per run for the
    same arguments, with the run's cache folder (conftest.py: empty when the run began, and
    what another command of the run kept is read, as a user's second command reads it;
    tests/checks/test_deterministic.py checks two seeds with none and gets the same bytes)."""
    key = hashlib.sha256("\0".join([hash_seed, *args]).encode()).hexdigest()[:24]

    def make(folder: Path) -> None:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-m", "kozel.cli", *args], cwd=ROOT,
                              env=env, capture_output=True, timeout=1800, check=False)
        (folder / "code").write_text(str(done.returncode))
        (folder / "stdout").write_bytes(done.stdout)
        (folder / "stderr").write_bytes(done.stderr)

    folder = once(f"kozel-{key}", make)
    return Ran(int((folder / "code").read_text()), (folder / "stdout").read_bytes(),
               (folder / "stderr").read_bytes())


# The README's main job, as JSON: what most tests of the seeds' report read.
MAIN_JOB = ("check", "spec/variants", "--format", "json")
SEED_NAMES = ("gambler-1v1", "kozel-classic", "minsk", "pairs")


def main_job_report() -> dict[str, Any]:
    """The README's main job's JSON report, as the test run made it once for every test."""
    ran = kozel(*MAIN_JOB)
    assert ran.code == 0, ran.err
    return json.loads(ran.stdout)


def seed_variants() -> dict[str, Any]:
    """The four seed variants by name, resolved afresh from spec/variants."""
    from interpreter.language.resolve import load_paths

    library, _ = load_paths([ROOT / "spec" / "variants"])
    return {name: library.resolve(name) for name in SEED_NAMES}


def front_end_cache(folder: Path) -> Path:
    """Make `folder` a kozel cache folder that holds the front end's entries only (the grammar's
    parser tables, the keywords, the parsed seeds: interpreter/language/cache_folder.py) and
    return it. A command given it computes every check, comparison and game as with no cache at
    all (nothing of checks/running/remembered.py is in it), without building Lark's parser for the
    grammar again: 1.2 of a small command's 1.9 CPU-s. The entries are made once per run, by a
    `kozel play` of a seed, and copied with their key (the seal) and modes (0700, 0600)."""
    def make(made: Path) -> None:
        env = {**os.environ, "KOZEL_CACHE_DIR": str(made / "cache")}
        subprocess.run([sys.executable, "-m", "kozel.cli", "play", "gambler-1v1",
                        "--seed", "3", "--option", "target=101"], cwd=ROOT, env=env,
                       capture_output=True, timeout=600, check=True)

    made = once("front-end-cache", make)
    shutil.copytree(made / "cache", folder, copy_function=shutil.copy2)
    return folder


def computing_cache() -> Path:
    """A new cache folder (in the run's shared folder, removed with it) in which the checker
    remembers nothing: for a command whose test must see it compute, or keep nothing the next
    test would read (front_end_cache)."""
    return front_end_cache(Path(tempfile.mkdtemp(dir=shared_folder())) / "cache")
