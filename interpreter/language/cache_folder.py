"""kozel's cache folder: entries only this user wrote, read as data, written whole.

A cache entry is read before any check, so whoever can write one could make kozel run their
code or say false things. Hence:

* the folder is created 0700 and used only when it belongs to this user and no one else may
  write to it (else it is passed over, with one warning on stderr);
* every entry is sealed with an HMAC under a per-user key kept 0600 in the folder: a file
  planted under an entry's name (or one entry copied over another) fails the seal and is
  computed again;
* entries hold data only (JSON, or pickles read with `DataOnly`, which resolves no global the
  caller did not allow), so even a sealed entry cannot run code;
* files are opened relative to the folder's descriptor and never through a link, so a link
  planted in place of the folder's subfolder or of an entry is neither read, written through
  nor deleted through;
* a write goes through a temporary `.writing-PID-…` file renamed into place; one left by a
  writer that was killed (its process gone, or older than STALE seconds) is tidied;
* an entry slow to compute (a check, a comparison) is computed under its `.lock-NAME`, so a
  second kozel asking for it meanwhile waits and reads it instead of computing it again.

Whatever goes wrong, the cache is only a shortcut: the value is computed instead.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import itertools
import os
import pickle
import stat
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .cache_lock import take

CACHE_ENV = "KOZEL_CACHE_DIR"  # where the caches live; set it empty to keep no cache at all
FRONT_END = "front-end"  # the subfolder of the front end's entries (trees, tables)
KEY = "key"  # the per-user HMAC key, in the folder itself
MAGIC = b"kozel-cache/1\n"
LOCK = ".lock-"  # `.lock-NAME`: held while one process computes the entry NAME
STALE = 600  # seconds after which a `.writing-*` file is a killed writer's leftover
WRITING = ".writing-"
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_LOCK_FLAGS = os.O_RDWR | os.O_CREAT | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
# a tidy looks at every entry: a size-bounded cache (thousands of results) is tidied once in
# TIDY_EVERY writes of a process, and stays within its bytes all the same
TIDY_EVERY = 16
_size_bounded_writes = itertools.count()
_warned: set[str] = set()  # folders already warned about in this process
_keys: dict[tuple[int, int], bytes] = {}  # the key of each folder (device, inode) read so far


def cache_folder() -> Path | None:
    """The folder kept for kozel's caches: $KOZEL_CACHE_DIR, else the XDG cache folder."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return Path(base) / "kozel" if base else Path.home() / ".cache" / "kozel"
    except RuntimeError:  # no home folder to be found: run without a cache
        return None


def _warn(folder: str, why: str) -> None:
    """Say once per process why a folder is not used (the run goes on without it)."""
    if folder not in _warned:
        _warned.add(folder)
        print(f"kozel: warning: the cache folder {folder} is not used: {why}", file=sys.stderr)


def _unsafe(info: os.stat_result) -> str | None:
    """Why a folder with this status is not to be trusted, or None."""
    if not stat.S_ISDIR(info.st_mode):
        return "it is not a folder"
    if info.st_uid != _uid():
        return f"it belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "others may write to it (chmod 700 it, or choose another with KOZEL_CACHE_DIR)"
    return None


def _uid() -> int:
    """This process's user (0 where the system has no such notion)."""
    return os.geteuid() if hasattr(os, "geteuid") else 0


def _make_parents(folder: Path) -> None:
    """Create the missing folders above `folder`, each 0700 (whatever the umask)."""
    missing = [p for p in reversed(folder.parents) if not p.exists()]
    for parent in missing:
        try:
            os.mkdir(parent, 0o700)
        except FileExistsError:
            pass


def _exists(name: str | Path, dir_fd: int | None) -> bool:
    try:
        os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        return True
    except OSError:
        return False


def _is_link(name: str | Path, dir_fd: int | None) -> bool:
    try:
        return stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _open_folder(name: str | Path, dir_fd: int | None, shown: str, follow: bool) -> int | None:
    """A descriptor of a trusted folder, created 0700 when missing; None when not to be used."""
    flags = _DIR_FLAGS | (0 if follow else _NOFOLLOW)
    try:
        try:
            fd = os.open(name, flags, dir_fd=dir_fd)
        except FileNotFoundError:
            if dir_fd is None:
                _make_parents(Path(name))
            try:
                os.mkdir(name, 0o700, dir_fd=dir_fd)
            except FileExistsError:  # another kozel made it first
                pass
            fd = os.open(name, flags, dir_fd=dir_fd)
    except OSError as error:  # cannot be made, or a file or a link in the way
        if _is_link(name, dir_fd):
            _warn(shown, "it is a link (kozel neither reads nor deletes through a link)")
        elif _exists(name, dir_fd):
            _warn(shown, "it is not a folder")
        else:
            _warn(shown, f"it cannot be made ({error.strerror or error})")
        return None
    why = _unsafe(os.fstat(fd))
    if why is None:
        return fd
    os.close(fd)
    _warn(shown, why)
    return None


@dataclass(frozen=True)
class Place:
    """A trusted folder, open, and the key its entries are sealed with."""

    fd: int
    key: bytes


@contextmanager
def opened(folder: Path | None, sub: str | None = None, key: bytes | None = None
           ) -> Iterator[Place | None]:
    """`folder` (or its subfolder `sub`, never a link), each trusted and created 0700 when
    missing, with the key of `folder` (or the one given); None when there is none fit to use."""
    # the folder itself is never a link (README): one planted as ~/.cache/kozel, or a
    # KOZEL_CACHE_DIR that is a link, is refused like a link inside it
    top = None if folder is None else _open_folder(folder, None, str(folder), follow=False)
    inner = top
    if top is not None and sub is not None:
        inner = _open_folder(sub, top, str(folder / sub), follow=False)  # type: ignore[operator]
    try:
        key = key if key is not None or top is None else _folder_key(top)
        yield None if inner is None or key is None else Place(inner, key)
    finally:
        for fd in {top, inner} - {None}:
            os.close(fd)  # type: ignore[arg-type]


def user_key() -> bytes | None:
    """This user's key, kept in kozel's cache folder (None when there is no folder to use)."""
    with opened(cache_folder()) as place:
        return None if place is None else place.key


def _read_file(folder: int, name: str) -> bytes | None:
    """The bytes of a regular file of ours in the folder (never through a link), or None."""
    try:
        fd = os.open(name, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0),
                     dir_fd=folder)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != _uid():
            return None
        with os.fdopen(fd, "rb", closefd=False) as stream:
            return stream.read()
    except OSError:
        return None
    finally:
        os.close(fd)


def _folder_key(folder: int) -> bytes | None:
    """This user's HMAC key, kept 0600 in the folder (made when missing); None if unusable."""
    info = os.fstat(folder)
    known = _keys.get((info.st_dev, info.st_ino))
    if known is not None:
        return known
    key = _read_key(folder)
    if key is None:
        temporary = _write_temporary(folder, os.urandom(32))
        if temporary is None:
            return None
        try:
            os.link(temporary, KEY, src_dir_fd=folder, dst_dir_fd=folder)
        except OSError:  # another kozel made one first: read theirs
            pass
        finally:
            _unlink(folder, temporary)
        key = _read_key(folder)
    if key is not None:
        _keys[(info.st_dev, info.st_ino)] = key
    return key


def _read_key(folder: int) -> bytes | None:
    try:
        info = os.stat(KEY, dir_fd=folder, follow_symlinks=False)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_mode & 0o077:
        return None  # a key others could read is no secret
    data = _read_file(folder, KEY)
    return data if data is not None and len(data) == 32 else None


def _seal(key: bytes, name: str, payload: bytes) -> bytes:
    """The MAC binds the entry's name too: one valid entry copied over another is refused."""
    return hmac.new(key, name.encode("utf-8") + b"\0" + payload, hashlib.sha256).digest()


def read_entry(place: Place, name: str) -> bytes | None:
    """The payload of an entry sealed with the place's key, or None when it is missing or not
    sealed by this user."""
    data = _read_file(place.fd, name)
    if data is None or not data.startswith(MAGIC):
        return None
    mac, payload = data[len(MAGIC):len(MAGIC) + 32], data[len(MAGIC) + 32:]
    return payload if hmac.compare_digest(mac, _seal(place.key, name, payload)) else None


def has_entry(place: Place, name: str) -> bool:
    """Whether an entry of that name is there (a regular file, not a link): whether it is sound
    only reading it says."""
    try:
        info = os.stat(name, dir_fd=place.fd, follow_symlinks=False)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode)


def write_entry(place: Place, name: str, payload: bytes) -> None:
    """Seal and write an entry through a temporary file renamed into place (a reader finds the
    old entry, the new one or none, never half of one); a failure keeps nothing."""
    temporary = _write_temporary(place.fd, MAGIC + _seal(place.key, name, payload) + payload)
    if temporary is None:
        return
    try:
        os.replace(temporary, name, src_dir_fd=place.fd, dst_dir_fd=place.fd)
    except OSError:
        _unlink(place.fd, temporary)


def _write_temporary(folder: int, data: bytes) -> str | None:
    """Write `data` to a new 0600 `.writing-PID-…` file of the folder; return its name."""
    name = f"{WRITING}{os.getpid()}-{os.urandom(6).hex()}"
    try:
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600,
                     dir_fd=folder)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
    except OSError:  # a full disk: keep nothing
        _unlink(folder, name)
        return None
    return name


@contextmanager
def held(place: Place, name: str) -> Iterator[None]:
    """Hold the entry's lock: another process computing the same entry is waited for (the
    kernel drops a lock with its process, so a killed holder never blocks anyone for long;
    one stopped, or gone while a child keeps the lock, is said and not waited for:
    cache_lock.py)."""
    try:
        fd = os.open(LOCK + name, _LOCK_FLAGS, 0o600, dir_fd=place.fd)
    except OSError:  # no lock to be had (a link in the way, a full disk): compute unlocked
        yield
        return
    try:
        take(fd)  # False: the holder is stopped or gone, and the entry is computed unlocked
        yield
    finally:
        os.close(fd)


def touch(place: Place, name: str) -> None:
    """Mark an entry as just used, so that tidying forgets the least recently used first (the
    link itself, never what a link would point to)."""
    try:
        os.utime(name, dir_fd=place.fd, follow_symlinks=False)
    except (OSError, NotImplementedError):
        pass


def _unlink(folder: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=folder)  # removes a link itself, never what it points to
    except OSError:
        pass


def tidy(place: Place, kept: int, kept_bytes: int | None = None) -> None:
    """Forget the oldest entries past `kept` (or past `kept_bytes` in all), and the leftovers
    of killed writers."""
    folder = place.fd
    try:
        with os.scandir(folder) as listing:
            files = [(e.name, e.stat(follow_symlinks=False)) for e in listing
                     if e.is_file(follow_symlinks=False) and e.name != KEY]
    except OSError:
        return
    entries = sorted(((info.st_mtime, name, info.st_size) for name, info in files
                      if not name.startswith((WRITING, LOCK))), reverse=True)
    for _, name, _ in entries[_kept_of(entries, kept, kept_bytes):]:
        _unlink(folder, name)
        _unlink(folder, LOCK + name)
    names = {name for name, _ in files}
    for name, info in files:
        if name.startswith(WRITING) and _abandoned(name, info):
            _unlink(folder, name)
        elif (name.startswith(LOCK) and name[len(LOCK):] not in names
              and time.time() - info.st_mtime > STALE):  # its computation failed long ago
            _unlink(folder, name)


def _kept_of(newest_first: list[tuple[float, str, int]], kept: int, kept_bytes: int | None
             ) -> int:
    """How many of the entries, newest first, stay: at most `kept`, at most `kept_bytes`."""
    kept = max(0, kept)
    if kept_bytes is None:
        return kept
    total = 0
    for count, (_, _, size) in enumerate(newest_first[:kept]):
        total += size
        if total > kept_bytes:
            return count
    return min(kept, len(newest_first))


def _abandoned(name: str, info: os.stat_result) -> bool:
    """Whether a temporary file's writer is gone: its process ended, or it is STALE old."""
    if time.time() - info.st_mtime > STALE:
        return True
    pid = name[len(WRITING):].partition("-")[0]
    if not pid.isascii() or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except (ProcessLookupError, OverflowError):  # no such process (or no such number)
        return True
    except OSError:  # alive, another user's: wait for STALE
        return False
    return False


def read_data(place: Place, name: str, allowed: dict[tuple[str, str], Any]) -> tuple[Any] | None:
    """The value of a sealed pickle entry, as a 1-tuple (a kept None is a value too), read with
    DataOnly and `allowed`; None when it is missing, foreign, corrupt or names other code."""
    payload = read_entry(place, name)
    if payload is None:
        return None
    try:
        return (DataOnly(payload, allowed).load(),)
    except Exception:  # cut short, corrupt or from other code: computed instead
        return None


def write_data(place: Place, name: str, value: object, kept: int,
               kept_bytes: int | None = None) -> None:
    """Keep a value as a sealed pickle entry, room made for it among `kept` entries (and
    `kept_bytes` in all); a value that cannot be pickled keeps nothing."""
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return
    if kept_bytes is None:
        tidy(place, kept - 1)
    elif next(_size_bounded_writes) % TIDY_EVERY == 0:  # room made for the next TIDY_EVERY
        tidy(place, kept - TIDY_EVERY, kept_bytes - TIDY_EVERY * len(payload))
    write_entry(place, name, payload)


class DataOnly(pickle.Unpickler):
    """An unpickler that resolves only the classes it is given: no other code can be reached
    from the data (a pickle calls only what its globals name)."""

    def __init__(self, data: bytes, allowed: dict[tuple[str, str], Any]) -> None:
        super().__init__(io.BytesIO(data))
        self.allowed = allowed

    def find_class(self, module: str, name: str) -> Any:
        """The allowed class of that name, else refuse the whole entry."""
        try:
            return self.allowed[(module, name)]
        except KeyError:
            raise pickle.UnpicklingError(f"{module}.{name} is not data") from None
