"""The real site build: `mkdocs build --strict` succeeds, and every variant has a complete
rulebook in Russian and in English, with its citations and its tiles drawn."""

from __future__ import annotations

import atexit
import functools
import html
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from docs.gen.site import SpecError, build_site  # noqa: E402
from interpreter import ast  # noqa: E402
from interpreter.model import Variant  # noqa: E402
from interpreter.resolve import load_paths  # noqa: E402

LANGS = ("en", "ru")


def _variants() -> list[Variant]:
    library, names = load_paths([ROOT / "spec" / "variants"])
    return [library.resolve(n) for n in names]


VARIANTS = _variants()


@functools.cache
def built_site() -> tuple[Path, str]:
    """Build the site once per test run, exactly as a user would; return (folder, errors)."""
    out = Path(tempfile.mkdtemp(prefix="kozel-site-"))
    atexit.register(shutil.rmtree, out, True)
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    return out, "" if run.returncode == 0 else run.stdout + run.stderr


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site (the build is shared with the browser test)."""
    out, errors = built_site()
    assert not errors, errors
    return out


def test_mkdocs_build_strict_succeeds() -> None:
    assert built_site()[1] == ""


def _page(site: Path, lang: str, name: str) -> str:
    return (site / "variants" / lang / name / "index.html").read_text(encoding="utf-8")


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
    assert (site / "language" / "index.html").is_file()
    for lang in LANGS:
        index = (site / "variants" / lang / "index.html").read_text(encoding="utf-8")
        assert all(f'href="../{lang}/{v.name}/"' in index or f'href="{v.name}/"' in index
                   for v in VARIANTS), index


def test_the_generator_sources_are_not_published(site: Path) -> None:
    assert not (site / "gen").exists() and not (site / "hooks.py").exists()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_rulebook_has_every_rule_with_its_citation(site: Path, variant: Variant,
                                                   lang: str) -> None:
    page = _page(site, lang, variant.name)
    cases = [c for _, cs in variant.slots for c in cs]
    items = [*variant.options, *cases, *variant.claims]
    for cite in [c for item in items for c in item.cites] + list(variant.player_cites):
        assert html.escape(cite.quote) in page, cite.quote
    for case in cases:
        if case.assumption:  # the Russian page gives the reason in Russian where it is written
            reason = case.assumption_ru if lang == "ru" and case.assumption_ru else case.assumption
            assert html.escape(reason) in page
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
        page_dir = site / "variants" / lang / variant.name
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
    pytest.importorskip("checks.run", reason="the checker is not installed")
    for lang in LANGS:
        page = _page(site, lang, variant.name)
        assert "kz-badge-status-not-checked" not in page
        assert page.count('class="kz-finding ') >= len(variant.claims)
