"""Every citation of a seed variant quotes its source text as written (spacing aside)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.language.resolve import load_paths

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
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


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts (../shared/seeds) are not beside the repo")
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
