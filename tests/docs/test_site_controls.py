"""A title or a cite with control or bidi characters is shown on the site as written, as
visible escapes: `abc\\u202egnp.exe` is not shown as "abcexe.png" on any page, title or nav."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest

from kozel.publish.findings import not_checked
from kozel.publish.site import build_site
from interpreter.language.catalogue import LANGS
from small_variant import play_rules

TRICK = "abc\u202egnp.exe"
VARIANT = '''variant trick "Титул {trick}" en "Title {trick}" {{
  players 2..4
  sides: individual
  deal: 5      cite "Сдают по пять \x1b]0;pwned\x07 камней \u2067x\u2069."
  draw: none
  pass: no
{play}}}
'''.replace("{play}", play_rules())  # no braces in it: .format keeps working
RAW = ("\u202e", "\u2067", "\u2069", "\x1b", "\x07")


@pytest.mark.parametrize("lang", LANGS)
def test_a_title_with_an_override_is_shown_as_escapes(tmp_path: Path, lang: str) -> None:
    spec = tmp_path / "spec" / "variants"
    spec.mkdir(parents=True)
    (spec / "trick.kozel").write_text(VARIANT.format(trick=TRICK), encoding="utf-8")
    site = build_site(tmp_path, lang, reports={"trick": not_checked("not asked in this test")})
    everything = [*site.pages.values(), *site.titles.values(),
                  *(key for entry in site.nav if isinstance(entry, dict) for key in entry)]
    for text in everything:
        assert not any(raw in text for raw in RAW), text
    page = site.pages["variants/trick.md"]
    assert "abc\\u202egnp" in page and "abc\\u202egnp" in site.titles["variants/trick.md"]
    assert "\\u001b]0;pwned\\u0007" in unescape(page)  # the cite, as a reader sees it
