"""A cache that holds a family (issue 33, item 3): what one `kozel check` of 50 variants keeps
(50 reports and 1,225 comparisons) is all there for the second run, the results being bounded
by their size, not by a count; and a KOZEL_CACHE_DIR that is a link is refused, as the README
says of every link."""

from __future__ import annotations

from pathlib import Path

import pytest

from checks.running import remembered as memory
from checks.running.remembered import remembered

RESULTS = 50 + 50 * 49 // 2  # a report per variant and a comparison per pair


def result(number: int) -> bytes:
    """A stand-in result about the size of a variant's report (7 kB)."""
    return number.to_bytes(4, "big") * 1800


def never() -> bytes:
    raise AssertionError("computed again: the cache forgot it")


def test_the_results_of_fifty_variants_are_all_read_back(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    for number in range(RESULTS):
        assert remembered("family", [str(number)], lambda: result(number)) == result(number)
    for number in range(RESULTS):
        assert remembered("family", [str(number)], never) == result(number)


def test_past_its_size_the_cache_forgets_the_least_recently_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(memory, "KEPT_BYTES", 20 * len(result(0)))  # some twenty results
    for number in range(40):
        remembered("family", [str(number)], lambda: result(number))
    kept = [p for p in (tmp_path / memory.FOLDER).iterdir() if p.name.startswith("family-")]
    assert 1 <= len(kept) <= 20  # never more than the bytes allow
    assert remembered("family", ["39"], never) == result(39)  # the newest stays


def test_a_cache_folder_that_is_a_link_is_refused(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    real, link = tmp_path / "real", tmp_path / "link"
    real.mkdir(mode=0o700)
    link.symlink_to(real)
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(link))
    computed: list[int] = []
    for _ in range(2):
        assert remembered("linked", ["one"], lambda: computed.append(1) or 1) == 1
    assert computed == [1, 1]  # nothing kept through the link, so computed each time
    assert list(real.iterdir()) == []
    assert "it is a link" in capsys.readouterr().err
