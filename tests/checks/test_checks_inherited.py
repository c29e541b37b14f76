"""Findings about inherited rules point at the file and line where the rule is written: the
parent's file, in the text output, in the JSON output and on the child's rulebook page."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from checks.reporting.kinds import Kind
from checks.running.run import CheckSettings, check_variant
from interpreter.language.resolve import load_paths
from kozel.cli import main

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.publish.findings import report_of  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402

PLANTED = ROOT / "tests" / "golden" / "checks" / "planted.kozel"
# the child's own claim is on line 4 of its file; the parent's gap is on line 9 of its own
CHILD = ('-- a child variant in a file of its own\n\nvariant child "a child" extends planted-gap {\n'
         '  claim play "the line shows no 7": left != 7 and right != 7\n}\n')


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("inherited")
    text = PLANTED.read_text(encoding="utf-8")
    (path / "parent.kozel").write_text(text[:text.index("-- A gap of a different kind")],
                                       encoding="utf-8")
    (path / "child.kozel").write_text(CHILD, encoding="utf-8")
    return path


def parent_line(folder: Path, text: str) -> int:
    lines = (folder / "parent.kozel").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def child_findings(folder: Path, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    code = main(["check", str(folder), "--format", "json", "--playouts", "0", "--jobs", "1"])
    assert code == 0
    variants = json.loads(capsys.readouterr().out)["variants"]
    return next(v for v in variants if v["name"] == "child")["findings"]


def test_text_output_names_the_parents_file_for_an_inherited_rule(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(folder / "child.kozel"), str(folder / "parent.kozel"),
                 "--playouts", "0", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    # the summaries come first, then each variant's details, the change first: the child's
    # own claim, then the parent's findings it keeps, which a report of several lists
    start = out.index("what child changes in planted-gap:")
    child_part = out[start:out.index("\nchild: ", start)]
    changed, kept = child_part.split("unchanged in child:")
    gap = parent_line(folder, "lead match: holder(1-1)")
    assert f"{folder / 'parent.kozel'}:{gap}:15: gap: " in kept
    assert f"{folder / 'child.kozel'}:{gap}:" not in child_part
    assert f"{folder / 'child.kozel'}:4:3: claim-" in changed
    assert "parent.kozel" not in changed  # the child's text changes none of the parent's


def test_json_findings_carry_the_file_of_their_rule(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    findings = child_findings(folder, capsys)
    assert all({"kind", "slot", "file", "line", "column", "message", "witness"} <= set(f)
               for f in findings)
    gap = next(f for f in findings if f["kind"] == "gap")
    assert (gap["file"], gap["line"]) == (str(folder / "parent.kozel"),
                                          parent_line(folder, "lead match: holder(1-1)"))
    claim = next(f for f in findings if "the line shows no 7" in f["message"])
    assert (claim["file"], claim["line"]) == (str(folder / "child.kozel"), 4)
    own = [f for f in findings if f["file"] == str(folder / "child.kozel")
           and f["kind"] != "default"]  # a default is the checked variant's own silence
    assert own == [claim], "only the child's own claim is written in the child's file"


def test_the_childs_rulebook_shows_inherited_findings_beside_their_rule(folder: Path) -> None:
    library, _ = load_paths([folder / "parent.kozel", folder / "child.kozel"])
    child = library.resolve("child")
    checked = check_variant(child, CheckSettings(playouts=0, workers=1))
    report = report_of(checked)
    lead = child.cases("lead match")[0]
    assert lead.pos.file == str(folder / "parent.kozel")
    about = report.about(lead, child)
    assert [f.kind for f in about] == [Kind.GAP] and "1-1" in about[0].message
    page = Rulebook(child, "en", report, ROOT).page()
    card = page[page.index('id="author-lead-match-1"'):page.index('id="author-lead-round-1"')]
    assert "kz-witness" in card and "1-1" in card
