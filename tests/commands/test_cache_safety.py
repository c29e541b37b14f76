"""The cache runs no one's code and trusts no one's folder: a planted entry, a shared or foreign
folder, a link in place of a folder or an entry, a killed writer's leftovers (README, "cache").
Each case runs kozel itself, in a fresh process, against a real cache folder."""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from interpreter.language import cache_folder as cache
from planted import Plant, sealed

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = (["simulate", "minsk", "--matches", "1"],
            ["play", "gambler-1v1", "--seed", "3", "--option", "target=101"])


def kozel(argv: list[str], folder: Path, umask: int | None = None
          ) -> subprocess.CompletedProcess[str]:
    """Run a kozel command with `folder` as its cache folder, the parser's tables read from
    that folder too: KOZEL_GRAMMAR_TABLES names no file, so the tables the package ships are
    not used, and the grammar's entry is made (and planted) as under another Lark."""
    env = {**os.environ, "KOZEL_CACHE_DIR": str(folder), "PYTHONPATH": str(ROOT),
           "KOZEL_GRAMMAR_TABLES": str(folder / "no-tables")}
    return subprocess.run([sys.executable, "-m", "kozel.cli", *argv], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          preexec_fn=None if umask is None else (lambda: os.umask(umask)))


def untimed(out: str) -> str:
    """A command's output without its speed (which the machine's load decides)."""
    return re.sub(r"in [0-9.]+ s \([0-9]+ rounds/s\)", "", out)


def entries(folder: Path) -> list[Path]:
    return sorted(p for p in (folder / cache.FRONT_END).iterdir()
                  if not p.name.startswith(cache.WRITING))


@pytest.mark.parametrize("argv", COMMANDS)
@pytest.mark.parametrize("how", ["raw pickle", "sealed with the key"])
def test_a_planted_entry_under_every_name_runs_nothing(tmp_path: Path, argv: list[str],
                                                       how: str) -> None:
    folder = tmp_path / "cache"
    first = kozel(argv, folder)
    assert first.returncode == 0, first.stderr
    names = [p.name for p in entries(folder)]
    assert any(n.startswith("parsed-") for n in names) and \
        any(n.startswith("grammar-") for n in names) and \
        any(n.startswith("keywords-") for n in names), names
    marker = tmp_path / "owned"
    for entry in entries(folder):
        payload = pickle.dumps(Plant(marker))
        entry.write_bytes(payload if how == "raw pickle" else
                          sealed(folder, entry.name, payload))
        assert not marker.exists()
    again = kozel(argv, folder)
    assert again.returncode == 0 and untimed(again.stdout) == untimed(first.stdout), again.stderr
    assert not marker.exists()
    # and the bad entries were replaced by good ones, read on the next run
    assert all(p.read_bytes().startswith(cache.MAGIC) for p in entries(folder))


def test_folders_are_made_private_whatever_the_umask(tmp_path: Path) -> None:
    folder = tmp_path / "home" / "kozel"  # a missing parent too
    assert kozel(COMMANDS[0], folder, umask=0).returncode == 0
    for made in (tmp_path / "home", folder, folder / cache.FRONT_END):
        assert made.stat().st_mode & 0o777 == 0o700, made
    for file in [folder / cache.KEY, *entries(folder)]:
        assert file.stat().st_mode & 0o777 == 0o600, file


def _foreign(tmp_path: Path, kind: str) -> Path:
    if kind == "writable by others":
        folder = tmp_path / "cache"
        folder.mkdir()
        folder.chmod(0o777)
        return folder
    if os.geteuid() != 0:
        return Path("/")  # root's, and not ours
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    os.chown(folder, 4321, 4321)
    return folder


@pytest.mark.parametrize("kind", ["writable by others", "another user's"])
def test_a_folder_others_control_is_not_used(tmp_path: Path, kind: str) -> None:
    folder = _foreign(tmp_path, kind)
    before = sorted(os.listdir(folder))
    done = kozel(COMMANDS[1], folder)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    warnings = [line for line in done.stderr.splitlines() if "cache folder" in line]
    assert len(warnings) == 1 and "is not used" in warnings[0], done.stderr
    assert sorted(os.listdir(folder)) == before  # nothing written there, nothing read


def test_a_file_in_place_of_the_folder_is_said_once(tmp_path: Path) -> None:
    """Issue 45, item 14: KOZEL_CACHE_DIR naming a regular file ran uncached in silence."""
    file = tmp_path / "not-a-folder"
    file.write_bytes(b"someone's file")
    done = kozel(COMMANDS[1], file)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    warnings = [line for line in done.stderr.splitlines() if "cache folder" in line]
    assert len(warnings) == 1 and "is not a folder" in warnings[0], done.stderr
    assert file.read_bytes() == b"someone's file"


def test_links_are_followed_neither_to_write_nor_to_delete(tmp_path: Path,
                                                           monkeypatch: Any) -> None:
    """A `front-end` that links to someone's folder: with more files there than the cache
    keeps, tidying would delete theirs."""
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    for n in range(205):
        (theirs / f"{n}.pickle").write_bytes(b"their work")
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    (folder / cache.FRONT_END).symlink_to(theirs)
    done = kozel(COMMANDS[0], folder)
    assert done.returncode == 0 and "is not used" in done.stderr
    assert sorted(os.listdir(theirs)) == sorted(f"{n}.pickle" for n in range(205))


def test_a_link_in_place_of_an_entry_is_replaced_not_written_through(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    assert kozel(COMMANDS[0], folder).returncode == 0
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep me")
    for entry in entries(folder):
        entry.unlink()
        entry.symlink_to(victim)
    assert kozel(COMMANDS[0], folder).returncode == 0
    assert victim.read_bytes() == b"keep me"
    assert all(not p.is_symlink() for p in entries(folder))


def _dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_leftovers_of_killed_writers_are_tidied(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    (folder / cache.FRONT_END).mkdir(parents=True, mode=0o700)
    folder.chmod(0o700)
    dead = folder / cache.FRONT_END / f"{cache.WRITING}{_dead_pid()}-abc"
    old = folder / cache.FRONT_END / f"{cache.WRITING}{os.getpid()}-old"
    live = folder / cache.FRONT_END / f"{cache.WRITING}{os.getpid()}-new"
    for file in (dead, old, live):
        file.write_bytes(b"half an entry")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    assert kozel(COMMANDS[0], folder).returncode == 0  # it writes entries, so it tidies
    assert not dead.exists() and not old.exists()
    assert live.exists()  # a writer still at work keeps its file
