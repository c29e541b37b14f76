"""The playground's Python (kozel/publish/playground): what the page's worker gets is what the
commands give. Its errors are `kozel check`'s, its rulebook the site's, its run `kozel
simulate`'s, its table's record replays with `kozel replay`; it imports nothing a browser
refuses, and its bundle is the same bytes each time and runs on its own."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.cli import main  # noqa: E402
from kozel.publish.findings import not_checked  # noqa: E402
from kozel.publish.playground import api  # noqa: E402
from kozel.publish.playground.book import EXTENSION_CONFIGS, EXTENSIONS  # noqa: E402
from kozel.publish.playground.bundle import write_python_bundle  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402
from kozel.publish.site import load_variants  # noqa: E402

SEEDS = ROOT / "spec" / "variants"
BAD = sorted((ROOT / "tests" / "golden" / "bad").glob("*.kozel"))
MINSK = (SEEDS / "minsk.kozel").read_text(encoding="utf-8")
REFUSED = ("z3", "hypothesis", "mkdocs", "multiprocessing", "socket", "subprocess")


def _utf16_column(line: str, column: int) -> int:
    """A 1-based column in code points as CodeMirror counts it (UTF-16 units)."""
    return len(line[:column - 1].encode("utf-16-le")) // 2 + 1


def _severity(kozel_check: str) -> str:
    """The editor's two severities: a note ("too many errors") is a warning there."""
    return "error" if kozel_check == "error" else "warning"


def _check_errors(text: str, folder: Path, capsys: pytest.CaptureFixture[str],
                  monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """`kozel check playground.kozel --format json`'s errors, the file among the seeds."""
    (folder / "playground.kozel").write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    main(["check", "playground.kozel", "--format", "json", "--playouts", "0", "--no-compare"])
    return json.loads(capsys.readouterr().out)["errors"]


@pytest.fixture(scope="module")
def seeds_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder laid out as the bundle's: spec/variants (the seeds) beside spec/sources."""
    spec = tmp_path_factory.mktemp("copy") / "spec"
    shutil.copytree(SEEDS, spec / "variants")
    shutil.copytree(ROOT / "spec" / "sources", spec / "sources")
    return spec / "variants"


def _golden_texts() -> list[tuple[Path, str]]:
    """The golden bad files that are text (an editor's text always is), with their text."""
    found = []
    for path in BAD:
        try:
            found.append((path, path.read_bytes().decode("utf-8")))
        except UnicodeDecodeError:
            continue
    return found


def test_problems_are_kozel_checks_errors_on_every_golden_bad_file(
        seeds_copy: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    compared = skipped = 0
    for path, text in _golden_texts():
        expected = _check_errors(text, seeds_copy, capsys, monkeypatch)
        if any(e["message"].startswith("no source text ") for e in expected):
            # the page has no files: a source that is not a seed's is no error there, the
            # variant's cites are said to be unchecked instead (tests/language/test_citations.py)
            skipped += 1
            continue
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        found = api.problems(text, "en")
        # a file that quotes a source beside it (`source "../good/x.txt"`) is judged by its
        # folder: there both say the same, which may be nothing
        assert len(found) == len(expected), path.name
        for problem, error in zip(found, expected):
            line = lines[error["line"] - 1] if error["line"] <= len(lines) else ""
            assert (problem["line"], problem["column"], problem["message"], problem["hint"],
                    problem["severity"]) == (error["line"], _utf16_column(line, error["column"]),
                                             error["message"], error["hint"],
                                             _severity(error["severity"])), path.name
            assert 0 <= problem["from"] <= problem["to"] <= len(text.encode("utf-16-le")) // 2
        compared += bool(expected)
    assert compared >= len(BAD) - 6 - skipped and skipped <= 13


HEAD = re.compile(r"^playground\.kozel:(\d+):(\d+): (ошибка|примечание): (.*)$")


def _russian_errors(text: str, folder: Path, capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, str, str]]:
    """`kozel check playground.kozel --lang ru`'s errors: line, column, message and hint."""
    (folder / "playground.kozel").write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    main(["check", "playground.kozel", "--lang", "ru", "--playouts", "0", "--no-compare"])
    found: list[tuple[int, int, str, str]] = []
    for line in capsys.readouterr().err.splitlines():
        head = HEAD.match(line)
        if head:
            found.append((int(head[1]), int(head[2]), head[4], ""))
        elif line.startswith("    подсказка: ") and found:
            found[-1] = found[-1][:3] + (line.removeprefix("    подсказка: "),)
    return found


def test_problems_in_russian_are_kozel_check_lang_rus_errors(
        seeds_copy: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor says in Russian what `kozel check --lang ru` says, at the same places."""
    compared = skipped = 0
    for path, text in _golden_texts():
        expected = _russian_errors(text, seeds_copy, capsys, monkeypatch)
        if any(message.startswith("нет текста источника ") for _, _, message, _ in expected):
            skipped += 1  # no error on the page, which has no files (as in English above)
            continue
        found = api.problems(text, "ru")
        english = api.problems(text, "en")
        assert [(p["from"], p["to"]) for p in found] == [(p["from"], p["to"]) for p in english]
        # a message the file causes in another file is named in the message, at line 1
        own = [(p["line"], p["message"], p["hint"]) for p in found
               if not re.match(r"\S+\.kozel:\d+:\d+: ", p["message"])]
        assert own == [(line, message, hint) for line, _, message, hint in expected], path.name
        compared += bool(own) and all(re.search("[а-яё]", m) for _, m, _ in own)
    assert compared >= len(BAD) - 6 - skipped and skipped <= 13


def test_a_column_after_an_emoji_counts_utf16_units() -> None:
    """The emoji is one code point and two units: the `}` is at unit 42, as in the LSP."""
    [problem] = api.problems('variant x "😀 t" { players 2..4 deal: 7 + }\n', "en")
    assert (problem["from"], problem["to"], problem["line"], problem["column"]) == (42, 43, 1, 43)
    assert "unexpected '}'" in problem["message"]


@pytest.mark.parametrize("text", ["", "\x00\xff", "variant", "variant x {\n" * 300, "\ud800",
                                  'use "playground.kozel"\n', "\r\r\n}"])
def test_problems_never_raise(text: str) -> None:
    found = api.problems(text, "en")
    assert found and all(p["severity"] in ("error", "warning") for p in found)


def test_a_seed_variant_has_no_problems() -> None:
    for path in sorted(SEEDS.glob("*.kozel")):
        assert api.problems(path.read_text(encoding="utf-8"), "en") == [], path.name


def _sentences(markdown: str) -> list[str]:
    return re.findall(r'<p class="kz-sentence">(.*?)</p>', markdown)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rulebook_has_the_published_pages_rule_sentences(lang: str) -> None:
    published = {v.name: v for v in load_variants(ROOT)}
    shown = 0
    for path in sorted(SEEDS.glob("*.kozel")):
        book = api.rulebook(path.read_text(encoding="utf-8"), lang)
        if path.stem not in published:
            continue  # a file of relations only: no variant, no rulebook
        variant = published[path.stem]
        page = Rulebook(variant, lang, not_checked(""), ROOT).page()
        sentences = _sentences(page)
        assert book["ok"] and book["title"] == variant.title_in(lang)
        assert len(sentences) > 10 and all(s in book["html"] for s in sentences), path.name
        assert "kozel check playground.kozel" in book["html"] and "Z3" in book["html"]
        assert "<h2" in book["html"] and "<table" not in book["title"]
        shown += 1
    assert shown == 4


def test_a_broken_file_has_no_rulebook_but_its_first_error() -> None:
    text = MINSK.replace("deal:", "deal", 1)
    book = api.rulebook(text, "ru")
    first = api.problems(text, "ru")[0]
    assert book["ok"] is False and html.escape(first["message"]) in book["html"]


def test_the_markdown_extensions_are_the_sites() -> None:
    listed, inside = [], False
    for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines():
        if line.startswith("markdown_extensions:"):
            inside = True
        elif inside and re.match(r"^  - ", line):
            listed.append(line[4:].split(":")[0].strip())
        elif inside and line and not line.startswith(" "):
            break
    assert [e.removeprefix("markdown.extensions.") for e in EXTENSIONS] == \
        [e for e in listed if e != "pymdownx.snippets"]  # snippets include checkout files
    assert EXTENSION_CONFIGS == {"markdown.extensions.toc": {"permalink": True}}


def _without_clock(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("seconds", "rounds_per_second")}


def _clockless(text: str) -> list[str]:
    return [line for line in text.splitlines() if "rounds/s" not in line
            and "в секунду" not in line]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_simulate_is_kozel_simulate_of_the_same_file(lang: str,
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    run = api.simulate(MINSK, 200, 3, lang)
    args = ["simulate", "spec/variants/minsk.kozel", "--matches", "200", "--seed", "3"]
    assert main([*args, "--lang", lang]) == 0
    printed = capsys.readouterr().out
    assert _clockless(run["text"]) == _clockless(printed) and len(_clockless(printed)) >= 8
    assert run["text"].count("\n") == printed.count("\n")
    assert main([*args, "--format", "json"]) == 0
    assert _without_clock(run["data"]) == _without_clock(json.loads(capsys.readouterr().out))
    assert len(run["plots"]) == 4 and all(p.startswith("<svg") for p in run["plots"])
    goat = run["plots"][2]  # the goat panel: its title and its bars in the reader's language
    assert ("Козёл" if lang == "ru" else "Goat") in goat and goat.count("<rect") == 2 + 4


def test_a_run_of_a_broken_file_or_no_matches_is_an_error() -> None:
    assert api.simulate("variant x {", 10, 1, "en")["error"]
    assert api.simulate(MINSK, 0, 1, "ru")["error"].startswith("Число партий")


def _play_out(table: dict[str, Any]) -> tuple[dict[str, Any], list[str], int]:
    """Play the person's first legal move each time, the bots between, to the match's end."""
    events, rounds = list(table["events"]), 0
    for _ in range(5000):
        assert "error" not in table, table.get("error")
        if table["match_over"]:
            return table, events, rounds
        if table["round_over"]:
            assert table["score_html"].startswith("<pre") and table["turn"] is None
            rounds += 1
            table = api.next_round(table["id"])
        elif table["your_turn"]:
            assert table["moves"] and table["turn"] == table["seat"]
            table = api.play_tile(table["id"], 0)
        else:
            table = api.bots_move(table["id"])
        events += table["events"]
    raise AssertionError("the match did not end in 5,000 calls")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_table_plays_a_whole_match_and_its_record_replays(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = api.new_table(MINSK, 4, 2, 7, lang)
    assert table["seat"] == 2 and table["players"] == 4 and len(table["others"]) == 3
    seat_word = "место" if lang == "ru" else "seat"
    hidden = "7 камней" if lang == "ru" else "7 tiles"
    assert any(e.startswith(f"{seat_word} 1") and hidden in e for e in table["events"])
    final, events, rounds = _play_out(table)
    assert rounds >= 1 and any(e.startswith(f"{seat_word} 3") for e in events)  # a bot's move
    record = tmp_path / "table.json"
    record.write_text(api.table_record(final["id"]), encoding="utf-8")
    monkeypatch.chdir(ROOT)
    assert main(["replay", "minsk", str(record), "--lang", lang]) == 0
    sheet = html.unescape(final["score_html"].removeprefix('<pre class="kz-sheet">')
                          .removesuffix("</pre>"))
    assert capsys.readouterr().out == sheet + "\n"
    assert ("козёл" if lang == "ru" else "goat") in sheet.splitlines()[-1]


def test_illegal_moves_and_unknown_tables_give_errors() -> None:
    table = api.new_table(MINSK, 4, 1, 7, "en")
    while not table["your_turn"]:
        table = api.bots_move(table["id"]) if not table["round_over"] else \
            api.next_round(table["id"])
    count = len(table["moves"])
    wrong = api.play_tile(table["id"], count)
    assert "no move" in wrong["error"] and wrong["your_turn"] and len(wrong["moves"]) == count
    assert "no table" in api.play_tile(12345, 0)["error"]
    assert "not over" in api.next_round(table["id"])["error"]
    assert api.new_table(MINSK, 4, 9, 7, "ru")["error"].startswith("Места 9")
    assert api.new_table("variant", 4, 1, 7, "en")["error"]
    playable = [h for h in table["hand"] if h["playable"]]
    assert playable and all(table["moves"][h["move"]]["tile"] == h["tile"] for h in playable)


def test_importing_the_api_imports_nothing_a_browser_refuses() -> None:
    code = ("import json, sys; import kozel.publish.playground.api; "
            f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {REFUSED!r})))")
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], cwd=ROOT,
                          capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert json.loads(done.stdout) == []
    assert "kozel.publish.playground.api" in done.stderr  # -X importtime saw the import


RUN_ALONE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from kozel.publish.playground import api
import lark
minsk = open(sys.argv[1] + "/spec/variants/minsk.kozel", encoding="utf-8").read()
book = api.rulebook(minsk, "ru")
table = api.new_table(minsk, 4, 1, 7, "en")
print(json.dumps({"problems": api.problems(minsk + "}", "en"), "ok": book["ok"],
                  "played": api.simulate(minsk, 50, 1, "ru")["data"]["played"],
                  "events": table["events"], "lark": lark.__file__,
                  "site": [p for p in sys.path if "site-packages" in p]}))
"""


def test_the_bundle_is_the_same_bytes_and_runs_on_its_own(tmp_path: Path) -> None:
    first = write_python_bundle(tmp_path / "a")
    second = write_python_bundle(tmp_path / "b")
    assert first.name == "kozel-python.zip" and first.read_bytes() == second.read_bytes()
    folder = tmp_path / "unpacked"
    with zipfile.ZipFile(first) as bundle:
        names = bundle.namelist()
        bundle.extractall(folder)
    assert not [n for n in names if n.startswith("checks/z3_encode") or n.endswith(".pyc")]
    done = subprocess.run([sys.executable, "-S", "-I", "-c", RUN_ALONE, str(folder)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["site"] == [] and found["lark"].startswith(str(folder))
    assert found["problems"][0]["severity"] == "error" and found["ok"] is True
    assert found["played"] == 50 and found["events"][0] == "Round 1"


PAIRS_OPTIONS = {"full_fish": "yes", "double_lead": "no", "draw_each": "one"}


def test_options_without_a_default_are_listed_and_given_as_kozel_simulate_takes_them(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = (SEEDS / "pairs.kozel").read_text(encoding="utf-8")
    listed = {o["name"]: o for o in api.options(pairs, "ru")}
    assert {n for n, o in listed.items() if o["default"] is None} == set(PAIRS_OPTIONS)
    assert listed["draw_each"]["values"] == ["one", "until_playable"]
    assert listed["draw_each"]["words"] == ["добор по одному", "добор до нужного"]  # `say ... ru`
    assert listed["bonuses"]["label"] == "с бонусами или без бонусов"  # not `bonuses`
    # a run or a table without a choice asks for it in the page's language, by the option's
    # words in the file (`say one "добор по одному"`), never by its code name
    for lang, ask in (("ru", "Перед игрой выберите: "), ("en", "Choose before playing: ")):
        words = api.options(pairs, lang)[[o["name"] for o in api.options(pairs, lang)]
                                         .index("draw_each")]["words"]
        for refused in (api.simulate(pairs, 20, 2, lang)["error"],
                        api.new_table(pairs, 4, 1, 2, lang)["error"]):
            assert refused.startswith(ask) and all(w in refused for w in words), refused
            assert "draw_each" not in refused and "--option" not in refused, refused
    run = api.simulate(pairs, 20, 2, "en", PAIRS_OPTIONS)
    monkeypatch.chdir(ROOT)
    given = [a for name, value in PAIRS_OPTIONS.items() for a in ("--option", f"{name}={value}")]
    assert main(["simulate", "spec/variants/pairs.kozel", "--matches", "20", "--seed", "2",
                 *given, "--format", "json"]) == 0
    assert _without_clock(run["data"]) == _without_clock(json.loads(capsys.readouterr().out))
    table = api.new_table(pairs, 4, 1, 2, "ru", PAIRS_OPTIONS)
    assert "error" not in table and table["events"][0] == "Раунд 1"
    assert json.loads(api.table_record(table["id"]))["options"]["draw_each"] == "one"


def test_a_shared_hostile_variant_is_text_in_the_preview_and_the_options() -> None:
    """A shared link brings somebody else's text: the rulebook preview the page puts into its
    HTML carries none of its markup, links or scripts (as on the site); the options' words are
    the file's text as it is, which the page sets as text (options.js: text nodes, never innerHTML)."""
    sys.path.insert(0, str(ROOT / "tests" / "docs"))
    from test_docs_hostile import elements_of_html, markup_of

    hostile = (ROOT / "tests" / "corpus" / "site" / "hostile.kozel").read_text(encoding="utf-8")
    for lang in ("en", "ru"):
        book = api.rulebook(hostile, lang)
        assert book["ok"], book["html"]
        assert markup_of(elements_of_html(book["html"])) == []
        # the options' words are plain text, the file's own (the page sets them as text)
        option = next(o for o in api.options(hostile, lang) if o["name"] == "hostile_words")
        said = re.search(r'say yes "([^"]*)" ru "([^"]*)"', hostile)
        assert said and option["words"][0] == said.group(2 if lang == "ru" else 1), option
