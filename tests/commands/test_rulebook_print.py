"""`kozel rulebook`: a club prints its house rule as a PDF with nothing but the package and its
wheels (typst), no browser on the PATH; the PDF is the rules a player reads, in Russian, with no
rule-file syntax, file paths or records; bad input is one message and an exit code, and never
leaves a file behind.

The PDF's text is read back by poppler's pdftotext and its pages counted by pdfinfo (.ci/run
installs poppler-utils); without them those tests are skipped, saying so.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "tests" / "checks" / "house" / "minsk-150.kozel"
POPPLER = shutil.which("pdftotext") and shutil.which("pdfinfo")
needs_poppler = pytest.mark.skipif(
    not POPPLER, reason="needs poppler-utils (pdftotext, pdfinfo); .ci/run installs them")

# What a player must never read: the rule language's words and signs, places in files, records.
SYNTAX = re.compile(r"\b(?:when|otherwise|unspecified|extends|variant|option|assume|cite|"
                    r"holder|partner|pips|count)\b|[{}\[\]`=]|\w+\(|\.kozel|/\w+/|\"\w+\":")


def _no_browser_path(tmp_path: Path) -> str:
    """A PATH with the Python that runs the tests and nothing else: no Chromium in it."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "python").symlink_to(sys.executable)
    return str(folder)


def _kozel(*args: str, cwd: Path, path: str | None = None, preexec=None  # type: ignore[no-untyped-def]
           ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": "",
           "PYTHONDONTWRITEBYTECODE": "1"}
    if path is not None:
        env["PATH"] = path
    return subprocess.run([sys.executable, "-m", "kozel.cli", "rulebook", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          preexec_fn=preexec)


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    found = re.search(r"^Pages:\s+(\d+)", info, re.M)
    assert found, info
    return int(found[1])


@needs_poppler
def test_a_house_rule_prints_as_russian_rules_only_without_a_browser(tmp_path: Path) -> None:
    path = _no_browser_path(tmp_path)
    assert shutil.which("chromium", path=path) is None
    run = _kozel(str(HOUSE), "--lang", "ru", "--pdf", "house.pdf", cwd=tmp_path, path=path)
    assert run.returncode == 0, run.stderr
    pdf = tmp_path / "house.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert _pages(pdf) <= 12
    text = " ".join(_text(pdf).split())
    # the house rule's title and its own rule, the parent's rules and quotes, in Cyrillic
    for said in ("Минск до 150", "домашнее правило: играют до 150 очков",
                 "Число игроков: 2, 3 или 4.", "«Количество игроков: от двух до четырех.»"):
        assert said in text, said
    assert "\ufffd" not in text and "□" not in text  # no glyph missing from the font
    ours = re.sub(r"«[^«»]*»", "", text)  # the source's quotes are its own words and signs
    assert SYNTAX.findall(ours) == []


@needs_poppler
def test_the_russian_minsk_rulebook_says_each_unwritten_rule_once_without_contradiction(
        tmp_path: Path) -> None:
    run = _kozel("minsk", "--lang", "ru", "--pdf", "minsk.pdf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    text = " ".join(_text(tmp_path / "minsk.pdf").split())
    assert "из базара не берут" in text  # minsk's own rule
    for contradiction in ("можно брать все камни", "не выигрывает матч", "держит в уме: 0"):
        assert contradiction not in text
    assert text.lower().count("неприкосновенного запаса правила не оставляют") == 1


def test_the_html_page_draws_tiles_and_runs_nothing(tmp_path: Path) -> None:
    run = _kozel("minsk", "--lang", "ru", "--html", "minsk.html", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "minsk.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="ru">' in page
    assert 'data-tile="1-1"' in page  # the tile the first move is made with, drawn
    assert "<script" not in page and "kozel:" not in page


@needs_poppler
def test_an_authors_words_are_printed_as_written_never_typeset_as_markup(
        tmp_path: Path) -> None:
    hostile = '#set page(width: 2cm) "] #panic("x") \\ $x$ *bold* <label> @ref'
    (tmp_path / "house.kozel").write_text(
        'variant house "Дом" extends minsk {\n'
        f'  option target: 150\n      assume "{hostile.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"\n'
        "}\n", encoding="utf-8")
    run = _kozel("house.kozel", "--pdf", "house.pdf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert hostile in " ".join(_text(tmp_path / "house.pdf").split())


def test_an_unknown_variant_is_one_line_and_exit_2_with_no_file(tmp_path: Path) -> None:
    run = _kozel("no-such-variant", "--pdf", "out.pdf", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "unknown variant 'no-such-variant'" in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_out_that_cannot_be_written_is_exit_2_before_any_work(tmp_path: Path) -> None:
    run = _kozel("minsk", "--pdf", str(tmp_path / "no-folder" / "out.pdf"), cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.startswith("error: --pdf: folder") and run.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_rule_file_with_errors_is_its_positioned_error_exit_1_and_no_file(
        tmp_path: Path) -> None:
    (tmp_path / "broken.kozel").write_text("variant broken extends minsk {\n  score: ((\n}\n",
                                           encoding="utf-8")
    run = _kozel("broken.kozel", "--pdf", "out.pdf", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stderr.startswith("broken.kozel:2:") and "Traceback" not in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.kozel"]


def _small_files_only() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_pdf_the_disk_refuses_leaves_no_partial_file(tmp_path: Path) -> None:
    run = _kozel("minsk", "--pdf", "out.pdf", cwd=tmp_path, preexec=_small_files_only)
    assert run.returncode == 1
    assert run.stderr.startswith("error: cannot write 'out.pdf'") or \
        "cannot write 'out.pdf'" in run.stderr.splitlines()[0]
    assert "Traceback" not in run.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("flag", ["--pdf", "--html"])
def test_an_empty_out_is_one_line_and_exit_2(tmp_path: Path, flag: str) -> None:
    """Issue 45, item 9: `--pdf ''` was a Python traceback."""
    run = _kozel("minsk", flag, "", cwd=tmp_path)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr and "needs a file name" in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_out_that_is_the_rule_file_itself_is_refused(tmp_path: Path) -> None:
    """Issue 45, item 9: `--html FILE.kozel` overwrote the rule file with HTML."""
    rules = tmp_path / "house.kozel"
    rules.write_text(HOUSE.read_text(encoding="utf-8"), encoding="utf-8")
    shutil.copy(ROOT / "spec" / "variants" / "minsk.kozel", tmp_path / "minsk.kozel")
    before = rules.read_bytes()
    run = _kozel(str(rules), "--html", str(tmp_path / "." / "house.kozel"), cwd=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert "house.kozel" in run.stderr and rules.read_bytes() == before
