"""The language server: a real `kozel-lsp` process spoken to over stdio (JSON-RPC, as an editor
does) publishes the errors `kozel check FILE` reports, at their line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from kozel.lsp.server import diagnostics_of  # noqa: E402
from lsp_session import Session, cli_errors, lsp_errors  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
BROKEN = 'variant x "t" {\n  players 2..4\n  deal: 7 +\n}\n'
MINSK_SIX = ('variant minsk-six "Минск, по шесть камней" extends minsk {\n'
             '  deal: 6     assume "a house rule: six tiles each"\n}\n')  # the README's


def test_errors_become_diagnostics_at_their_place() -> None:
    found = diagnostics_of(BROKEN, "file:///tmp/x.kozel")
    assert len(found) == 1
    assert (found[0].range.start.line, found[0].range.start.character) == (2, 11)  # 0-based
    assert "after '+'" in found[0].message


def test_a_parent_beside_the_file_is_found_and_a_valid_file_is_clean() -> None:
    pairs = ROOT / "spec" / "variants" / "pairs.kozel"
    assert diagnostics_of(pairs.read_text(encoding="utf-8"), pairs.as_uri()) == []


def test_an_editor_session_over_stdio(tmp_path: Path) -> None:
    uri = (tmp_path / "x.kozel").as_uri()
    with Session(ROOT) as lsp:
        lsp.open(uri, BROKEN)
        published = lsp.published(uri)
        [diagnostic] = published["diagnostics"]
        assert diagnostic["range"]["start"] == {"line": 2, "character": 11}
        lsp.change(uri, 2, BROKEN.replace("7 +", "7"))
        later = lsp.published(uri)["diagnostics"]
        assert all("after '+'" not in d["message"] for d in later)
        assert any("has no rule for" in d["message"] for d in later)  # now the resolver speaks
    assert lsp.code == 0 and "Traceback" not in lsp.log()


GOLDEN_FILES = sorted((GOLDEN / "bad").glob("*.kozel")) + sorted((GOLDEN / "good").glob("*.kozel"))


def test_the_server_and_kozel_check_agree_on_every_golden_file() -> None:
    """Each golden file's diagnostics are `kozel check FILE --format json`'s errors: message,
    line, column and hint (a file that is not UTF-8 cannot be an editor's text, and is left out)."""
    texts = {}
    for path in GOLDEN_FILES:
        try:
            texts[path] = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
    assert len(texts) >= len(GOLDEN_FILES) - 2
    with Session(ROOT) as lsp:
        for path, text in texts.items():
            lsp.open(path.as_uri(), text)
            published = lsp.published(path.as_uri())
            expected = cli_errors(path, run=path.parent.name == "bad")
            assert bool(expected) == (path.parent.name == "bad"), path.name
            assert lsp_errors(published, text) == expected, path.name
    assert "Traceback" not in lsp.log()


def test_the_readmes_minsk_six_in_a_file_of_its_own(tmp_path: Path) -> None:
    """`extends minsk` alone finds the seed variant; with `use "minsk.kozel"` and no such file
    beside it, both say so on the `use` line."""
    alone, used = tmp_path / "alone" / "minsk-six.kozel", tmp_path / "used" / "minsk-six.kozel"
    for path, text in ((alone, MINSK_SIX), (used, 'use "minsk.kozel"\n' + MINSK_SIX)):
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
    with Session(tmp_path) as lsp:
        lsp.open(alone.as_uri(), MINSK_SIX)
        assert lsp.published(alone.as_uri())["diagnostics"] == []
        lsp.open(used.as_uri(), used.read_text(encoding="utf-8"))
        [error] = lsp_errors(lsp.published(used.as_uri()), used.read_text(encoding="utf-8"))
    assert error[:2] == (1, 1) and "cannot use 'minsk.kozel'" in error[2]
    assert cli_errors(used, cwd=tmp_path) == [error]
    assert cli_errors(alone, cwd=tmp_path) == []  # the whole check, the seed parent found


def test_columns_are_utf16_units_both_ways(tmp_path: Path) -> None:
    """An emoji is one code point and two UTF-16 units: the error after it is at unit 42, and an
    edit sent at units 40-42 (the `+ ` after `7`) removes exactly that."""
    uri = (tmp_path / "x.kozel").as_uri()
    text = 'variant x "😀 t" { players 2..4 deal: 7 + }\n'
    with Session(ROOT) as lsp:
        lsp.open(uri, text)
        [error] = lsp.published(uri)["diagnostics"]
        assert error["range"]["start"] == {"line": 0, "character": 42}  # the `}`, in UTF-16
        assert "unexpected '}'" in error["message"]
        lsp.edit(uri, 2, {"start": {"line": 0, "character": 40},
                          "end": {"line": 0, "character": 42}}, "")
        after = lsp.published(uri)["diagnostics"]
    assert after and all("unexpected" not in d["message"] for d in after)
    assert any("has no rule for" in d["message"] for d in after)  # `deal: 7 }` parses


def _disk_reads(log: str) -> list[int]:
    """The `N files read from disk` of each check, from the server's debug log."""
    return [int(line.split(" files read from disk")[0].rsplit("; ", 1)[1])
            for line in log.splitlines() if " files read from disk" in line]


def test_siblings_are_read_once_and_again_only_when_they_change(tmp_path: Path) -> None:
    """A parent no file is named after makes the server read every file of the folder (as
    `kozel check` does); the next keystrokes read none of them, a changed one is read again."""
    for n in range(40):
        (tmp_path / f"s{n:02}.kozel").write_text(
            f'variant s{n} "t" extends minsk {{\n  deal: 6\n}}\n', encoding="utf-8")
    doc = tmp_path / "doc.kozel"
    text = 'variant doc "t" extends nowhere {\n  deal: 6\n}\n'
    with Session(tmp_path) as lsp:
        lsp.open(doc.as_uri(), text)
        assert "unknown variant 'nowhere'" in lsp.published(doc.as_uri())["diagnostics"][0][
            "message"]
        for version in (2, 3):
            lsp.change(doc.as_uri(), version, text.replace("6", str(version + 3)))
            lsp.published(doc.as_uri())
        (tmp_path / "s07.kozel").write_text('variant s7 "t" extends minsk {\n  deal: 5\n}\n',
                                            encoding="utf-8")
        lsp.change(doc.as_uri(), 4, text)
        lsp.published(doc.as_uri())
        lsp.notify("workspace/didChangeWatchedFiles", {"changes": [
            {"uri": (tmp_path / "s03.kozel").as_uri(), "type": 2}]})
        lsp.change(doc.as_uri(), 5, text + "\n")
        lsp.published(doc.as_uri())
    reads = _disk_reads(lsp.log())
    assert reads[0] >= 40  # every sibling, the first time
    assert reads[1:3] == [0, 0]  # the keystrokes read nothing
    # then only the changed file and the one the editor named, each once: in one check each,
    # or in a check the named change brought about before the last keystroke's (a check more,
    # reading nothing, as the server's timing decides)
    assert sum(reads[3:]) == 2 and max(reads[3:]) == 1


def test_a_burst_of_edits_is_checked_once_at_its_newest_version(tmp_path: Path) -> None:
    uri = (tmp_path / "x.kozel").as_uri()
    with Session(ROOT) as lsp:
        lsp.open(uri, BROKEN)
        assert lsp.published(uri)["version"] == 1
        lsp.send_all([lsp.change_message(uri, v, BROKEN.replace("7 +", f"{v} +"))
                      for v in range(2, 11)] + [lsp.change_message(uri, 11, BROKEN.replace(
                          "7 +", "7"))])
        newest = lsp.published(uri)
    assert newest["version"] == 11  # the first check after the burst is of its last edit
    assert all("after '+'" not in d["message"] for d in newest["diagnostics"])
    assert lsp.log().count("checked x.kozel") == 2


def test_a_message_over_the_limit_is_refused_and_the_server_reads_on(tmp_path: Path) -> None:
    uri = (tmp_path / "x.kozel").as_uri()
    with Session(ROOT) as lsp:
        lsp.raw(b"Content-Length: 1000000000000000\r\n\r\n{\"jsonrpc\": \"2.0\"}")
        lsp.open(uri, BROKEN)
        assert lsp.published(uri)["diagnostics"]
    assert lsp.code == 0
    assert "refused a message of 1000000000000000 bytes" in lsp.log()
    assert "MemoryError" not in lsp.log() and "Traceback" not in lsp.log()
