"""Findings in the editor: a real `kozel-lsp` process, given a house rule with a gap, checks it
in the background with the real checker and publishes the gap at its place, beside the text's
errors; an edit stops a check of the old text, whose findings never arrive after the new
text's; the server answers while a check runs; a finding's game is written beside the file,
as a new file only: a pipe, a folder or a link of its name is refused, never opened."""

from __future__ import annotations

import json
import os
import queue
import stat
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from lsp_session import WAIT, Session  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# minsk's leader after an out, kept for four players only: after an out at a table of two or
# three nobody leads (a gap at line 2), the parent's findings inherited unchanged
HOUSE = ('variant minsk-four "after an out, four players only" extends minsk {\n'
         '  replace lead round when previous = out: partner(winner) when previous = out '
         'and players = {players}\n'
         '      assume "a house rule: who leads after an out at a smaller table is left open"\n'
         '}\n')
WARNING, HINT = 2, 4
SHOWN_WARNING = 2  # window/showMessage's type of a warning


def _findings(lsp: Session, uri: str) -> dict[str, Any]:
    """The next diagnostics of a document that hold the checker's findings."""
    while True:
        published = lsp.published(uri)
        if any(d.get("code") for d in published["diagnostics"]):
            return published


def _gap(published: dict[str, Any]) -> dict[str, Any]:
    [gap] = [d for d in published["diagnostics"] if d.get("code") == "gap"]
    return gap


def test_a_gap_is_published_at_its_place_and_its_game_written_beside_the_file(
        tmp_path: Path) -> None:
    path = tmp_path / "minsk-four.kozel"
    text = HOUSE.replace("{players}", "4")
    taken = tmp_path / "minsk-four-2-3-gap-lead_round.json"  # the record's name, another file's
    taken.write_text("{}\n", encoding="utf-8")
    with Session(ROOT, findings=True) as lsp:
        lsp.open(path.as_uri(), text)
        assert lsp.published(path.as_uri())["diagnostics"] == []  # no error: then the check
        published = _findings(lsp, path.as_uri())
        gap = _gap(published)
        action = lsp.request("textDocument/codeAction", {
            "textDocument": {"uri": path.as_uri()}, "range": gap["range"],
            "context": {"diagnostics": [gap]}})["result"]
        [command] = [a["command"] for a in action]
        first = lsp.request("workspace/executeCommand", command)["result"]
        again = lsp.request("workspace/executeCommand", command)["result"]
    assert published["version"] == 1
    assert gap["range"]["start"] == {"line": 1, "character": 2}  # `replace lead round`
    assert gap["severity"] == WARNING  # --strict fails on it
    head, situation, shows = gap["message"].split("\n")
    assert head.startswith("gap: `lead round`") and "players 4" not in situation
    assert shows.startswith("the game shows:")
    [inherited] = [d for d in published["diagnostics"] if d.get("code") == "inherited"]
    assert inherited["range"]["start"]["line"] == 0 and inherited["severity"] == HINT
    assert "of minsk unchanged in minsk-four" in inherited["message"]
    assert {Path(r["location"]["uri"]).name for r in inherited["relatedInformation"]} == {
        "minsk.kozel"}
    assert taken.read_text(encoding="utf-8") == "{}\n"  # never written over
    [written] = set(tmp_path.glob("*.json")) - {taken}
    assert written.name == "minsk-four-2-3-gap-lead_round-2.json"
    assert json.loads(written.read_text(encoding="utf-8"))["format"] == "kozel-record/1"
    assert first == f"wrote the game's record: {written}"
    assert again == f"the game's record is there already: {written}"
    assert lsp.code == 0 and "Traceback" not in lsp.log()


def _await_log(lsp: Session, words: str) -> None:
    """Wait until the server's log says `words` (what it is doing, at debug level)."""
    deadline = time.monotonic() + WAIT
    while words not in lsp.log():
        assert time.monotonic() < deadline, f"the server never logged {words!r}"
        time.sleep(0.05)


def test_an_edit_stops_the_check_of_the_old_text_and_the_server_answers_meanwhile() -> None:
    # an editor's unsaved text (no file): at the same path each time, its second check is a read
    uri = (ROOT / "tests" / "house" / "minsk-four.kozel").as_uri()
    with Session(ROOT, findings=True) as lsp:
        lsp.open(uri, HOUSE.replace("{players}", "4"))
        lsp.published(uri)
        _await_log(lsp, "checking the findings of minsk-four.kozel version 1")
        answer = lsp.request("textDocument/codeAction", {  # answered while the check runs
            "textDocument": {"uri": uri}, "context": {"diagnostics": []},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}})
        lsp.change(uri, 2, HOUSE.replace("{players}", "3"))
        after = [lsp.published(uri)]
        while not any(d.get("code") for d in after[-1]["diagnostics"]):
            after.append(lsp.published(uri))
        with pytest.raises(queue.Empty):  # nothing more: the old check's answer never comes
            lsp.messages.get(timeout=1.5)
    assert answer["result"] == []
    assert "stopped the check of" in lsp.log()  # the check of version 1 was running
    assert [p["version"] for p in after] == [2] * len(after)
    assert lsp.code == 0 and "Traceback" not in lsp.log()


def test_an_editor_in_russian_gets_the_findings_in_russian() -> None:
    """The same unsaved text as above (its report read back from the cache once checked)."""
    uri = (ROOT / "tests" / "house" / "minsk-four.kozel").as_uri()
    with Session(ROOT, locale="ru-RU", findings=True) as lsp:
        lsp.open(uri, HOUSE.replace("{players}", "3"))
        published = _findings(lsp, uri)
    gaps = [d["message"].split("\n") for d in published["diagnostics"] if d.get("code") == "gap"]
    assert gaps  # at a table of three `partner(winner)` names nobody, of two no case applies
    for head, situation, shows in gaps:
        assert head.startswith("пробел: `lead round`") and situation.startswith("игроков ")
        assert shows.startswith("партия показывает:")
    [inherited] = [d for d in published["diagnostics"] if d.get("code") == "inherited"]
    assert "варианта minsk без изменений в minsk-four" in inherited["message"]


def _command(lsp: Session, command: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    """A command's answer, and the messages the server showed the author before it."""
    lsp.raw(lsp.message("workspace/executeCommand", command, "record"))
    shown = []
    while True:
        message = lsp.messages.get(timeout=WAIT)
        if message.get("method") == "window/showMessage":
            shown.append(message["params"])
        elif message.get("id") == "record" and "method" not in message:
            return message.get("result"), shown


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="makes a FIFO")
def test_a_pipe_named_as_the_record_is_refused_and_the_server_serves_on(tmp_path: Path) -> None:
    """Opened to read or write, a FIFO would block the server until someone wrote to it: the
    command's answer and `shutdown` would never come. Only a new or regular file is opened."""
    path = tmp_path / "minsk-four.kozel"
    pipe = tmp_path / "minsk-four-2-3-gap-lead_round.json"  # the record's name
    os.mkfifo(pipe)
    with Session(ROOT, findings=True) as lsp:
        lsp.open(path.as_uri(), HOUSE.replace("{players}", "4"))
        gap = _gap(_findings(lsp, path.as_uri()))
        [action] = lsp.request("textDocument/codeAction", {
            "textDocument": {"uri": path.as_uri()}, "range": gap["range"],
            "context": {"diagnostics": [gap]}})["result"]
        said, shown = _command(lsp, action["command"])
        hover = lsp.request("textDocument/hover", {"textDocument": {"uri": path.as_uri()},
                                                   "position": {"line": 0, "character": 2}})
    assert said.startswith(f"the game's record is not written: {pipe} is not a regular file")
    assert shown == [{"type": SHOWN_WARNING, "message": said}]
    assert "result" in hover  # and it serves on
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert list(tmp_path.iterdir()) == [pipe]  # nothing written beside it either
    assert lsp.code == 0 and "Traceback" not in lsp.log()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="makes a FIFO")
@pytest.mark.parametrize("there", ["folder", "link to a pipe", "link to the same record"])
def test_only_a_regular_file_of_the_record_s_name_is_opened(tmp_path: Path, there: str) -> None:
    """In process (kozel/lsp/records.py), what else may have the record's name: refused, and
    not followed (a link to a pipe would block like the pipe). Run in a thread, so that an
    open that blocks fails the test instead of hanging it."""
    from kozel.lsp.records import write_record

    record = {"format": "kozel-record/1", "rounds": []}
    name, pipe, same = "x-gap.json", tmp_path / "pipe", tmp_path / "same.json"
    os.mkfifo(pipe)
    same.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if there == "folder":
        (tmp_path / name).mkdir()
    else:
        (tmp_path / name).symlink_to(pipe if there == "link to a pipe" else same)
    told = []
    writing = threading.Thread(target=lambda: told.append(write_record(tmp_path, name, record,
                                                                       "en")), daemon=True)
    writing.start()
    writing.join(timeout=WAIT)
    if writing.is_alive():  # blocked in the pipe: a writer's open and close let it go
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        writing.join(timeout=WAIT)
    assert told and told[0].warning, "the record's name was opened"
    assert told[0].text.startswith(f"the game's record is not written: {tmp_path / name} is "
                                   "not a regular file")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "pipe", "same.json"])
