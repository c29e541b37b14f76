"""The playground in a real browser: Chromium, driven by Playwright, opens the built site's
playground page over HTTP from 127.0.0.1, as a reader would, and every request to any other
host is refused (and fails the test). Python (Pyodide and the project's own modules) loads
once for the module: the same page is typed into, simulated, played against bots at a desktop
width, then narrowed to 400 px; a shared link is opened in a second page.

What the page shows is compared with what the command line says for the same file: the error
`kozel check` gives, the record `kozel replay` accepts.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from share_bomb import bomb_link  # noqa: E402  (the issue's hostile share link)
from test_docs_browser import served  # noqa: E402,F401  (the built site on 127.0.0.1)
from test_docs_browser_languages import (  # noqa: E402,F401  (one Chromium, Debian's)
    CHROMIUM, PAST_THE_EDGE, WIDTHS, browser)

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium (/usr/bin/chromium) is not installed; "
                             ".ci/run installs it with `apt-get install -y chromium`")

ROOT = Path(__file__).resolve().parents[2]
LOAD_TIMEOUT_MS = 300_000  # Pyodide and the bundle on a loaded 2-core machine (typically 10 s)
WORK_TIMEOUT_MS = 180_000  # 1,000 matches, a rulebook: Python in WebAssembly, one core
# A house rule on a seed variant, its deal (the parent's 7) at the end of its second line.
HOUSE = ('variant minsk-house "Минск, домашние правила" extends minsk {\n'
         '  deal: 7\n'
         '      assume "a house rule: the number of tiles each is dealt"\n'
         '}\n')


@pytest.fixture(scope="module")
def playground(served: tuple[str, Path], browser: Any) -> Iterator[dict[str, Any]]:
    """The English playground at a desktop width, Python loaded; yields the page, its
    context, the requests made to other hosts and the page's script errors."""
    base, _ = served
    width, height = WIDTHS["desktop"]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  accept_downloads=True)
    outside: list[str] = []

    def refuse_others(route: Any) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()
    context.route("**/*", refuse_others)
    context.on("request", lambda r: None if urlsplit(r.url).scheme in ("blob", "data")
               or urlsplit(r.url).hostname == "127.0.0.1" else outside.append(r.url))
    page = context.new_page()
    page.set_default_timeout(WORK_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    page.goto(f"{base}/playground/")
    page.wait_for_selector("#kz-playground[data-state=ready], #kz-playground[data-state=failed]",
                           timeout=LOAD_TIMEOUT_MS)
    status = page.inner_text(".kz-pg-status")
    assert page.get_attribute("#kz-playground", "data-state") == "ready", status
    print(f"\nplayground: Python ready {time.monotonic() - started:.1f} s after opening the "
          f"page ({page.get_attribute('#kz-playground', 'data-seconds')} s in the worker)")
    try:
        yield {"page": page, "context": context, "outside": outside, "errors": errors,
               "base": base}
    finally:
        context.close()


def _set_text(page: Any, text: str) -> None:
    """Replace the editor's text, as a paste would."""
    page.click(".cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


def _editor_text(page: Any) -> str:
    """The editor's text, line by line as it shows it (short texts: every line is drawn)."""
    lines: list[str] = page.eval_on_selector_all(".cm-line", "ls => ls.map(l => l.textContent)")
    return "\n".join(lines)


def _kozel(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KOZEL_CACHE_DIR": "", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "kozel.cli", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


def _button(page: Any, name: str) -> Any:
    """The page's button of that name, as a reader finds it."""
    return page.get_by_role("button", name=name, exact=True)


def _clean(playground: dict[str, Any]) -> None:
    assert not playground["outside"], playground["outside"]
    assert not playground["errors"], playground["errors"]


def test_an_error_is_underlined_with_the_checkers_message_and_the_fix_redraws_the_rulebook(
        playground: dict[str, Any], tmp_path: Path) -> None:
    page = playground["page"]
    _set_text(page, HOUSE)
    page.wait_for_function("() => document.querySelector('.kz-pg-rulebook').innerText"
                           ".includes('Минск, домашние правила')")
    assert "dealt 7 tiles" in page.inner_text(".kz-pg-rulebook")
    parent = page.eval_on_selector_all(".kz-pg-rulebook a[href*='minsk']",
                                       "links => links.map(a => a.href)")
    assert f"{playground['base']}/variants/minsk/" in parent, parent  # the parent's rulebook
    page.click(".cm-line >> nth=1")  # the deal's line, short enough to never wrap
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    page.keyboard.type("6x")  # six tiles, and a slip of the finger
    page.wait_for_selector(".cm-lintRange-error")
    broken = HOUSE.replace("deal: 7", "deal: 6x")
    assert _editor_text(page) == broken
    (tmp_path / "playground.kozel").write_text(broken, encoding="utf-8")
    checked = _kozel(tmp_path, "check", "playground.kozel")
    said = re.search(r"^playground\.kozel:(\d+):(\d+): error: (.*)$", checked.stderr, re.M)
    hint = re.search(r"^ +hint: (.*)$", checked.stderr, re.M)
    assert checked.returncode == 1 and said, checked.stdout + checked.stderr
    line, column, message = said.groups()
    listed = page.inner_text(".kz-pg-problems li")
    assert listed.startswith(f"{line}:{column} {message}"), (listed, said.group(0))
    assert hint is None or listed.endswith(hint.group(1)), (listed, hint)
    assert page.inner_text(".cm-lintRange-error") == "x"  # the place kozel check points at
    page.hover(".cm-lintRange-error")
    assert message in page.inner_text(".cm-tooltip-lint")
    page.keyboard.press("Backspace")
    page.wait_for_selector(".cm-lintRange-error", state="detached")
    page.wait_for_function("() => document.querySelector('.kz-pg-rulebook').innerText"
                           ".includes('dealt 6 tiles')")
    assert page.inner_text(".kz-pg-count") == "No errors."
    _clean(playground)


def test_1000_matches_show_what_kozel_simulate_prints_with_the_options_chosen(
        playground: dict[str, Any], tmp_path: Path) -> None:
    page = playground["page"]
    _set_text(page, HOUSE)
    page.wait_for_selector("select[name=option-target]")  # minsk's option, inherited
    page.select_option("select[name=option-target]", "300")
    _button(page, "Play 1,000 matches").click()
    page.wait_for_selector(".kz-pg-sim button:enabled")  # the run is over
    shown = page.inner_text(".kz-pg-simtext")
    assert page.query_selector(".kz-pg-plots svg"), shown
    (tmp_path / "playground.kozel").write_text(HOUSE, encoding="utf-8")
    printed = _kozel(tmp_path, "simulate", "playground.kozel", "--matches", "1000", "--seed", "1",
                     "--option", "target=300").stdout
    for figure in ("minsk-house: ", "  matches: ", "  match length: ", "  goat: "):
        ours = [line for line in shown.splitlines() if line.startswith(figure)]
        theirs = [line for line in printed.splitlines() if line.startswith(figure)]
        assert ours and ours == theirs, (figure, shown, printed)
    _clean(playground)


def _play_round(page: Any, clicks: int = 80) -> int:
    """Click the first playable tile (or pass, or the first end offered) until the round is
    over, never seeing the next-round button before then; return how many tiles were
    clicked."""
    played = 0
    for _ in range(clicks):
        page.wait_for_function(
            "() => document.querySelector('.kz-pg-score').innerHTML !== ''"
            " || document.querySelector('.kz-pg-tile:enabled, .kz-pg-pass, .kz-pg-end')")
        if page.inner_html(".kz-pg-score"):
            return played
        assert not _button(page, "Next round").is_visible(), page.inner_text(".kz-pg-table-status")
        if page.query_selector(".kz-pg-end"):
            page.click(".kz-pg-end >> nth=0")
        elif page.query_selector(".kz-pg-tile:enabled"):
            page.click(".kz-pg-tile:enabled >> nth=0")
            played += 1
        else:
            page.click(".kz-pg-pass")
    raise AssertionError(f"the round did not end in {clicks} clicks")


def test_a_round_against_bots_by_clicking_tiles_and_its_record_replays(
        playground: dict[str, Any], tmp_path: Path) -> None:
    page = playground["page"]
    _set_text(page, HOUSE)
    page.select_option("select[name=players]", "4")
    page.select_option("select[name=seat]", "2")
    _button(page, "Sit down").click()
    played = _play_round(page)
    assert played >= 1
    assert page.query_selector(".kz-pg-line svg"), "the line of play is drawn"
    events = page.eval_on_selector_all(".kz-pg-events li", "ls => ls.map(l => l.textContent)")
    assert any(re.search(r"\bseat [134]\b", e) for e in events), events  # a bot's, seats from 1
    assert page.inner_text(".kz-pg-score").strip()
    with page.expect_download() as download:
        _button(page, "Download the record (kozel-record/1)").click()
    record = tmp_path / "record.json"
    download.value.save_as(record)
    assert json.loads(record.read_text(encoding="utf-8"))["format"] == "kozel-record/1"
    (tmp_path / "playground.kozel").write_text(HOUSE, encoding="utf-8")
    replayed = _kozel(tmp_path, "replay", "playground.kozel", "record.json")
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    # the round is over: now, and only now, the next round is offered, and it starts
    status = page.inner_text(".kz-pg-table-status")
    assert status in ("The round is over.", "The match is over."), status
    if status == "The round is over.":
        _button(page, "Next round").click()
        page.wait_for_selector(".kz-pg-tile:enabled, .kz-pg-pass")
        assert page.inner_text(".kz-pg-table-status") == "Your turn: click a tile."
        assert not _button(page, "Next round").is_visible()
    _clean(playground)


def test_print_prints_the_rulebook_of_the_editors_variant_rules_only(
        playground: dict[str, Any], tmp_path: Path) -> None:
    page = playground["page"]
    _set_text(page, HOUSE)
    page.wait_for_function("() => document.querySelector('.kz-pg-rulebook').innerText"
                           ".includes('Минск, домашние правила')")
    _button(page, "Print / PDF").click()
    page.wait_for_function("() => (document.querySelector('.kz-pg-print-frame')"
                           ".contentDocument?.body?.innerText || '').includes('домашние')")
    printed = page.eval_on_selector(".kz-pg-print-frame", "f => f.srcdoc")
    # the browser's print of that page: a PDF whose text is the rules, with nothing of the file
    view = page.context.new_page()
    view.set_content(printed)
    pdf = tmp_path / "printed.pdf"
    pdf.write_bytes(view.pdf(format="A4"))
    view.close()
    text = " ".join(subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"],
                                   capture_output=True, text=True, check=True).stdout.split())
    for said in ("Минск, домашние правила", "a house rule: the number of tiles each is dealt",
                 "Each player is dealt 7 tiles."):
        assert said in text, said
    assert "extends" not in text and "playground.kozel" not in text and "deal: 7" not in text
    _clean(playground)


def test_download_and_a_shared_link_that_restores_the_text_in_a_new_page(playground: dict[str, Any]) -> None:
    page = playground["page"]
    text = HOUSE.replace("домашние правила", "домашние правила, «с рыбой»")
    _set_text(page, text)
    with page.expect_download() as download:
        _button(page, "Download .kozel").click()
    assert download.value.suggested_filename == "playground.kozel"
    assert Path(download.value.path()).read_text(encoding="utf-8") == text
    _button(page, "Share").click()
    page.wait_for_function("() => document.querySelector('.kz-pg-link').value")
    link = page.input_value(".kz-pg-link")
    assert "#v=" in link and page.url == link
    other = playground["context"].new_page()
    try:
        other.goto(link)
        other.wait_for_selector(".cm-line")
        assert _editor_text(other) == text
    finally:
        other.close()
    _clean(playground)


def test_at_400px_nothing_is_wider_than_the_screen_and_the_playground_works(
        playground: dict[str, Any]) -> None:
    page = playground["page"]
    width, height = WIDTHS["400px"]
    page.set_viewport_size({"width": width, "height": height})
    try:
        _set_text(page, HOUSE.replace("deal: 7", "deal: 7x"))
        page.wait_for_selector(".cm-lintRange-error")
        _set_text(page, HOUSE)
        page.wait_for_selector(".cm-lintRange-error", state="detached")
        _button(page, "Sit down").click()
        page.wait_for_selector(".kz-pg-tile:enabled, .kz-pg-pass")
        for box in (".kz-pg-editor", ".kz-pg-rulebook", ".kz-pg-hand", ".kz-pg-table"):
            shape = page.eval_on_selector(box, "e => e.getBoundingClientRect().toJSON()")
            assert shape["width"] > 200 and shape["left"] >= 0 and shape["right"] <= width + 1, \
                (box, shape)
        seen = page.evaluate(PAST_THE_EDGE)
        assert seen["page"] <= seen["screen"] + 1, seen
        assert not seen["past"], seen
        _play_round(page)
    finally:
        page.set_viewport_size(dict(zip(("width", "height"), WIDTHS["desktop"])))
    _clean(playground)


# What the page says when a link's text passes a rule file's limit (playground/src/words.js).
LINK_TOO_LARGE = {
    "en": "This link holds a text larger than a rule file may be (1,000,000 bytes)",
    "ru": "В этой ссылке текст больше, чем может быть файл правил (1 000 000 байт)"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_350_kb_link_that_inflates_past_the_limit_is_refused_in_the_pages_language(
        playground: dict[str, Any], lang: str) -> None:
    """The issue's hostile link (350 kB of address, 270 MB of text) is refused with a word in
    the page's language, and the editor holds the first seed variant, not the link's text."""
    link = bomb_link()
    page = playground["context"].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        started = time.monotonic()
        page.goto(f"{playground['base']}/{'ru/' if lang == 'ru' else ''}playground/{link}")
        said = page.wait_for_selector(".kz-pg-refused", timeout=LOAD_TIMEOUT_MS).inner_text()
        page.wait_for_selector(".cm-line")
        print(f"\n{lang}: a {len(link) // 1000} kB link refused "
              f"{time.monotonic() - started:.1f} s after opening the page")
        assert said.startswith(LINK_TOO_LARGE[lang]), said
        first_seed = sorted((ROOT / "spec" / "variants").glob("*.kozel"))[0]  # build_site.starts
        first_line = first_seed.read_text(encoding="utf-8").split("\n", 1)[0]
        assert _editor_text(page).split("\n", 1)[0] == first_line, _editor_text(page)[:200]
    finally:
        page.close()
    assert not errors, errors
    _clean(playground)


@pytest.fixture(scope="module")
def russian(playground: dict[str, Any]) -> Iterator[Any]:
    """The Russian playground in the same browser, Python loaded, holding the seed variant
    pairs (three of its options have no default)."""
    page = playground["context"].new_page()
    page.set_default_timeout(WORK_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{playground['base']}/ru/playground/")
    page.wait_for_selector("#kz-playground[data-state=ready]", timeout=LOAD_TIMEOUT_MS)
    page.select_option("select[name=start]", "seed:pairs")
    _button(page, "Открыть").click()
    page.wait_for_selector("select[name=option-draw_each]")
    try:
        yield page
    finally:
        page.close()
    assert not errors, errors


def _say_words(option: str) -> list[str]:
    """The Russian words pairs.kozel gives an option's values (`say VALUE "…" ru "…"`)."""
    text = (ROOT / "spec" / "variants" / "pairs.kozel").read_text(encoding="utf-8")
    block = text.split(f"option {option}:", 1)[1].split("option ", 1)[0]
    return re.findall(r'^\s+say \S+ "[^"]*" ru "([^"]*)"', block, re.M)


def test_an_option_without_a_default_asks_for_a_choice_in_the_files_words(
        russian: Any, playground: dict[str, Any]) -> None:
    page = russian
    said = _say_words("draw_each")
    assert said, "pairs.kozel says its draw_each values in Russian"
    select = "select[name=option-draw_each]"
    shown = page.eval_on_selector(select, "s => [...s.options].map(o => o.textContent)")
    assert shown == ["выберите…", *said]  # a choice to make, then the file's words
    assert page.eval_on_selector(select, "s => s.selectedOptions[0].textContent") == "выберите…"
    label = page.eval_on_selector(select, "s => s.closest('label').textContent")
    assert all(w in label for w in said) and "draw_each" not in label, label
    labels = page.eval_on_selector_all(".kz-pg-option-list label",
                                       "ls => ls.map(l => l.textContent)")
    assert not [t for t in labels if re.search(r"\b(bonuses|rule13|double_out)\b", t)], labels
    # a run without the choice asks for it, in Russian, by the option's words
    _button(page, "Сыграть 1000 партий").click()
    page.wait_for_selector(".kz-pg-sim button:enabled")
    asked = page.inner_text(".kz-pg-simtext")
    assert asked.startswith("Перед игрой выберите: ") and all(w in asked for w in said), asked
    assert "--option" not in asked and "draw_each" not in asked, asked
    _button(page, "Сесть за стол").click()
    page.wait_for_function("() => document.querySelector('.kz-pg-table-status')"
                           ".textContent.startsWith('Перед игрой выберите')")
    assert not page.query_selector(".kz-pg-tile")
    _clean(playground)


def test_the_previews_links_lead_to_real_pages_and_its_language_switch_keeps_the_text(
        russian: Any, playground: dict[str, Any]) -> None:
    page = russian
    page.wait_for_selector(".kz-pg-rulebook h1")
    links = page.eval_on_selector_all(".kz-pg-rulebook a[href]", "ls => ls.map(a => a.href)")
    here = page.url.split("#", 1)[0]
    pages = sorted({link.split("#", 1)[0] for link in links
                    if link.startswith(playground["base"]) and link.split("#", 1)[0] != here})
    assert pages, links
    for link in pages:
        assert page.request.get(link).status == 200, link
    switch = page.get_by_role("link", name="Read in English", exact=True)
    assert switch.get_attribute("href").startswith(f"{playground['base']}/playground/#v=")
    english = playground["context"].new_page()
    try:
        english.goto(switch.get_attribute("href"))
        english.wait_for_selector(".cm-line")
        assert _editor_text(english).split("\n", 1)[0] == _editor_text(page).split("\n", 1)[0]
    finally:
        english.close()
    _clean(playground)


CHECK_TIMEOUT_MS = 900_000  # the check with Z3 in WebAssembly: about a minute at load 8


def test_check_with_z3_lists_kozel_checks_findings_at_their_places(
        playground: dict[str, Any], tmp_path: Path) -> None:
    page = playground["page"]
    minsk = (ROOT / "spec" / "variants" / "minsk.kozel").read_text(encoding="utf-8")
    _set_text(page, HOUSE)
    _button(page, "Check with Z3").click()
    page.wait_for_function("() => document.querySelector('.kz-pg-z3-note').textContent"
                           ".startsWith('Loading Python with Z3')")
    page.click(".cm-line >> nth=1")
    page.keyboard.type(" ")  # an edit while it loads: that check is of an old text
    page.wait_for_function("() => document.querySelector('.kz-pg-z3-note').textContent"
                           " === 'The text changed: the check was stopped.'")
    _set_text(page, minsk)
    _button(page, "Check with Z3").click()
    page.wait_for_selector(".kz-pg-findings li", timeout=CHECK_TIMEOUT_MS)
    shown = page.eval_on_selector_all(".kz-pg-findings li[data-kind]", "items => items.map("
                                      "i => [i.dataset.kind, i.querySelector('code').textContent])")
    (tmp_path / "playground.kozel").write_text(minsk, encoding="utf-8")
    checked = _kozel(tmp_path, "check", "playground.kozel", "--format", "json")
    findings = json.loads(checked.stdout)["variants"][0]["findings"]
    expected = [(f["kind"], f"{f['line']}:{f['column']}") for f in findings]
    listed = [(kind, place) for kind, place in shown]
    assert sorted(p for _, p in listed) == sorted(p for _, p in expected)  # every place
    # the same kinds, but where Z3 in WebAssembly ran out of its steps on a question the
    # native Z3 answers (minsk: one reading of line 123; benchmarks/PLAYGROUND_READY.md)
    only_here = Counter(listed) - Counter(expected)
    assert all(kind == "unknown" for kind, _ in only_here) and sum(only_here.values()) <= 1, \
        (only_here, Counter(expected) - Counter(listed))
    assert page.inner_text(".kz-pg-z3-note").startswith(f"{len(findings)} findings")
    page.click(".kz-pg-findings li[data-kind=gap] a >> nth=0")  # a place leads into the text
    gap = next(f for f in findings if f["kind"] == "gap")
    assert page.inner_text(".cm-activeLine") == minsk.splitlines()[gap["line"] - 1]
    _clean(playground)


def test_at_400px_the_simulations_results_fit_the_screen(playground: dict[str, Any]) -> None:
    page = playground["page"]
    width, height = WIDTHS["400px"]
    page.set_viewport_size({"width": width, "height": height})
    try:
        _set_text(page, HOUSE)
        page.wait_for_selector("select[name=option-target]")
        _button(page, "Play 1,000 matches").click()
        page.wait_for_selector(".kz-pg-sim button:enabled")
        shape = page.eval_on_selector(".kz-pg-simtext", "e => ({scroll: e.scrollWidth, client:"
                                      " e.clientWidth, right: e.getBoundingClientRect().right})")
        assert "matches: " in page.inner_text(".kz-pg-simtext")  # the figures, not an error
        assert shape["scroll"] <= shape["client"] and shape["right"] <= width + 1, shape
        seen = page.evaluate(PAST_THE_EDGE)
        assert seen["page"] <= seen["screen"] + 1 and not seen["past"], seen
    finally:
        page.set_viewport_size(dict(zip(("width", "height"), WIDTHS["desktop"])))
    _clean(playground)
