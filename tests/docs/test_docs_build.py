"""The real site build: `mkdocs build --strict` succeeds, and every variant has a complete
rulebook in Russian and in English, with its citations and its tiles drawn."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.publish.site import SpecError, build_site  # noqa: E402
from interpreter.language import ast  # noqa: E402
from interpreter.language.model import Variant  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402
from site_build import LANG_ROOTS, built_site, page_file  # noqa: E402,F401 (shared)

from interpreter.language.catalogue import LANGS  # noqa: E402
def _variants() -> list[Variant]:
    library, names = load_paths([ROOT / "spec" / "variants"])
    return [library.resolve(n) for n in names]


VARIANTS = _variants()


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site (the build is shared with the browser test)."""
    out, errors = built_site()
    assert not errors, errors
    return out


def test_mkdocs_build_strict_succeeds() -> None:
    assert built_site()[1] == ""


def _page(site: Path, lang: str, name: str) -> str:
    return page_file(site, lang, "variants", name).read_text(encoding="utf-8")


def _tiles_in(expr: object) -> set[str]:
    """Return every tile written in an expression tree."""
    if isinstance(expr, ast.TileLit):
        return {f"{expr.low}-{expr.high}"}
    found: set[str] = set()
    for value in getattr(expr, "__dict__", {}).values():
        for item in value if isinstance(value, tuple) else (value,):
            if hasattr(item, "__dataclass_fields__") and not isinstance(item, ast.Pos):
                found |= _tiles_in(item)
    return found


def test_the_four_seed_variants_are_there() -> None:
    assert {"minsk", "pairs", "kozel-classic", "gambler-1v1"} <= {v.name for v in VARIANTS}


def test_home_and_language_reference_are_built(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Quick start" in home and '<svg class="kz-line"' in home and "kozel:" not in home
    home_ru = page_file(site, "ru").read_text(encoding="utf-8")
    assert "Быстрый старт" in home_ru and '<svg class="kz-line"' in home_ru
    for lang in LANGS:
        assert page_file(site, lang, "language").is_file()
        index = page_file(site, lang, "variants").read_text(encoding="utf-8")
        assert all(f'href="{v.name}/"' in index for v in VARIANTS), index


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_is_its_own_site(site: Path, lang: str) -> None:
    """The page, the theme's words and the search index are in the page's language."""
    for parts in [(), ("glossary",), ("variants",), ("variants", "minsk")]:
        page = page_file(site, lang, *parts).read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in page, parts
        assert ('placeholder="Поиск"' in page) == (lang == "ru"), parts  # the theme's chrome
    index = json.loads(site.joinpath(LANG_ROOTS[lang], "search", "search_index.json").read_text(
        encoding="utf-8"))
    assert index["config"]["lang"] == [lang]
    locations = [d["location"] for d in index["docs"]]
    assert any(loc.startswith("variants/minsk/") for loc in locations)
    assert not any(loc.startswith(("ru/", "../")) for loc in locations)


# docs/architecture.md is the contributors' design note, left out of the site (exclude_docs)
HAND_WRITTEN = sorted(p for p in (ROOT / "docs").glob("*.md")
                      if not p.name.endswith(".ru.md") and p.name != "architecture.md")


@pytest.mark.parametrize("page", HAND_WRITTEN, ids=lambda p: p.stem)
def test_every_hand_written_page_is_published_in_russian(site: Path, page: Path) -> None:
    """Each page has its translation, shown in Russian: no "only in English" note."""
    translation = page.with_suffix(".ru.md")
    assert translation.is_file(), f"{page.name} has no Russian translation"
    parts = () if page.stem == "index" else (page.stem,)
    built = page_file(site, "ru", *parts).read_text(encoding="utf-8")
    assert "Эта страница пока только на английском" not in built and '<div lang="en">' not in built
    heading = next(line for line in translation.read_text(encoding="utf-8").splitlines()
                   if line.startswith("# "))  # after the front matter, where a page has one
    title = re.sub(r"\s*\{#[\w-]+\}$", "", heading).lstrip("# ")  # its anchor: the English one
    assert html.escape(title, quote=False) in built and '<html lang="ru"' in built


def test_english_pages_carry_english_titles_and_readable_sources(site: Path) -> None:
    for variant in VARIANTS:
        en, ru = _page(site, "en", variant.name), _page(site, "ru", variant.name)
        title_en = dict(variant.titles)["en"]
        assert f"<title>{html.escape(title_en)} - kozel</title>" in en
        assert f"<title>{html.escape(variant.title or '')} - kozel</title>" in ru
        assert variant.source_title  # every seed names its source for readers
        for page in (en, ru):
            shown = re.sub(r"&#(\d+);", lambda m: chr(int(m.group(1))), page)
            # its words as shown, a run of Latin letters marked lang="en" included
            shown = re.sub(r'<span lang="en">(.*?)</span>', r"\1", shown)
            assert variant.source_title in shown


def test_the_generator_sources_are_not_published(site: Path) -> None:
    assert not (site / "gen").exists() and not (site / "hooks.py").exists()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_rulebook_has_every_rule_with_its_citation(site: Path, variant: Variant,
                                                   lang: str) -> None:
    # the author's texts are written with character references (kozel/publish/text.md_text): read
    # as a reader sees them
    page = html.unescape(_page(site, lang, variant.name))
    cases = [c for _, cs in variant.slots for c in cs]
    items = [*variant.options, *cases, *variant.claims]
    for cite in [c for item in items for c in item.cites] + list(variant.player_cites):
        assert cite.quote in page, cite.quote
    for case in cases:
        if case.assumption:  # the Russian page gives the reason in Russian where it is written
            reason = case.assumption_ru if lang == "ru" and case.assumption_ru else case.assumption
            assert reason in page
    assert page.count('class="kz-badge kz-badge-gap"') >= len(variant.unspecified_cases())
    for index in range(len(variant.claims)):
        assert f'id="claim-{index + 1}"' in page
    for option in variant.options:
        assert f'id="option-{option.name}"' in page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_every_tile_mentioned_in_a_rule_is_drawn(site: Path, variant: Variant,
                                                 lang: str) -> None:
    page = _page(site, lang, variant.name)
    exprs = [e for _, cs in variant.slots for c in cs for e in (c.value, c.guard) if e]
    for tile in set().union(*(_tiles_in(e) for e in exprs + [c.expr for c in variant.claims])):
        assert f'<svg class="kz-tile" data-tile="{tile}"' in page, tile


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_both_languages_are_complete_and_in_their_language(site: Path, variant: Variant) -> None:
    en, ru = _page(site, "en", variant.name), _page(site, "ru", variant.name)
    cards = re.compile(r'class="kz-rule kz-')
    assert len(cards.findall(en)) == len(cards.findall(ru)) > len(variant.slots)
    assert '<div lang="ru">' in ru and '<div lang="en">' in en
    assert "Правила" in ru and "Подсчёт очков" in ru and "Scoring" not in ru
    assert "Scoring" in en and "Подсчёт очков" not in en
    sentences = re.findall(r'<p class="kz-sentence">(.*?)</p>', ru)
    plain = [re.sub(r"<[^>]+>", "", s) for s in sentences]
    assert all(re.search("[а-яё]", s) or s.startswith("«") for s in plain), plain


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_raw_links_between_rulebooks_lead_somewhere(site: Path, variant: Variant) -> None:
    for lang in LANGS:
        page_dir = page_file(site, lang, "variants", variant.name).parent
        for href in re.findall(r'href="(\.\./[^"#]*)"', _page(site, lang, variant.name)):
            assert (page_dir / href / "index.html").resolve().is_file() or \
                (page_dir / href).resolve().is_file(), href


def test_a_broken_rule_file_stops_the_build(tmp_path: Path) -> None:
    spec = tmp_path / "spec" / "variants"
    spec.mkdir(parents=True)
    (spec / "bad.kozel").write_text('variant bad "x" { players 2..4 deal: }\n', encoding="utf-8")
    with pytest.raises(SpecError, match="bad.kozel"):
        build_site(tmp_path)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_checker_findings_are_on_the_page(site: Path, variant: Variant) -> None:
    pytest.importorskip("checks.running.run", reason="the checker is not installed")
    for lang in LANGS:
        page = _page(site, lang, variant.name)
        assert "kz-badge-status-not-checked" not in page
        assert page.count('class="kz-finding ') >= len(variant.claims)


def test_russian_pages_say_what_a_witness_game_shows_in_russian(site: Path) -> None:
    """The defaults' messages and their games' words come from the catalogue, not English."""
    page = _page(site, "ru", "minsk")
    assert "не записан, поэтому действует правило языка по умолчанию" in page
    assert "для двух концов, и он кладёт их по одному" in page
    assert "lays one at a time" not in page and "two doubles are never laid" not in page
    english = _page(site, "en", "minsk")
    assert "lays one at a time" in english and "two doubles are never laid" in english
    variants = page_file(site, "ru", "variants").parent
    compare = "".join(path.read_text(encoding="utf-8")  # each pair's page of the comparison
                      for path in variants.glob("compare-*/index.html"))
    assert "отвечает по-разному" in compare and "answers differently here" not in compare


def test_the_design_note_is_not_published(site: Path) -> None:
    """docs/architecture.md is for contributors (read in the repository), in neither language."""
    assert (ROOT / "docs" / "architecture.md").is_file()
    assert not list(site.rglob("architecture*"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_404_pages_language_switch_stays_on_this_site(site: Path, lang: str) -> None:
    """Issue 45, item 11: the 404 page linked to `//ru/` (a host named ru) and `//`."""
    page = site.joinpath(LANG_ROOTS[lang], "404.html").read_text(encoding="utf-8")
    links = dict(re.findall(r'<a href="([^"]*)" hreflang="(\w+)"', page))
    assert sorted(links.values()) == ["en", "ru"], links
    for href in links:
        assert not href.startswith("//"), href
    assert {hreflang: href for href, hreflang in links.items()} == {"en": "/", "ru": "/ru/"}
