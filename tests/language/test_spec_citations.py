"""Every citation of a seed variant quotes its source text as written (spacing aside)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.language.resolve import load_paths

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "spec" / "sources"  # the project's own copy of the seed texts
SHARED = ROOT.parent / "shared" / "seeds"  # the user's documents, where a checkout has them
SPEC = ROOT / "spec" / "variants"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _citations() -> list[tuple[str, str, str]]:
    library, names = load_paths([SPEC])
    found = []
    for name in names:
        variant = library.resolve(name)
        items = [*variant.options, *(c for _, cases in variant.slots for c in cases),
                 *variant.claims]
        cites = [c for item in items for c in item.cites] + list(variant.player_cites)
        found += [(name, c.source, c.quote) for c in cites]
    return found


@pytest.mark.parametrize("variant,source,quote", _citations())
def test_citation_is_in_its_source(variant: str, source: str, quote: str) -> None:
    text = _flat((SEEDS / source).read_text(encoding="utf-8"))
    assert _flat(quote) in text, f"{variant}: {quote!r} is not in {source}"


def test_every_seed_variant_cites_most_of_its_rules() -> None:
    library, names = load_paths([SPEC])
    assert sorted(names) == ["gambler-1v1", "kozel-classic", "minsk", "pairs"]
    for name in names:
        cases = [c for _, cs in library.resolve(name).slots for c in cs]
        explained = [c for c in cases if c.cites or c.assumption or c.note]
        # the rest are complements such as `score: 0 when not loser`
        assert len(explained) >= 0.8 * len(cases), name


def test_every_source_a_variant_names_is_kept_in_the_repository() -> None:
    assert {source for _, source, _ in _citations()} <= {p.name for p in SEEDS.glob("*.txt")}


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/seeds beside this checkout")
def test_the_kept_copy_is_the_users_documents_unchanged() -> None:
    assert {p.name: p.read_bytes() for p in SHARED.glob("*.txt")} == \
        {p.name: p.read_bytes() for p in SEEDS.glob("*.txt")}
