"""Every citation of a seed variant quotes its source text as written (spacing aside)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from interpreter.language.resolve import load_paths

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "spec" / "sources"  # the project's own copy of the seed texts
# the digests of the user's documents as they were handed over (`sha256sum *.txt`)
DIGESTS = SEEDS / "SHA256SUMS"
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


def test_the_kept_copy_is_the_users_documents_unchanged() -> None:
    """The texts are the user's documents: never edited, whatever the encodings need."""
    recorded = dict(reversed(line.split("  ", 1))
                    for line in DIGESTS.read_text(encoding="utf-8").splitlines() if line)
    kept = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in SEEDS.glob("*.txt")}
    assert kept == recorded
