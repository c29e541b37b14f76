"""A checker's witness drawn for people: the table scene of scene_html.py.

A witness is the checker's `Witness` (checks/search/witnesses.py): `players`, `options`, `hands`
(the tiles of each seat), `line`, `stock`, facts (`first`, `previous`, `winner`, `left`, ...),
`values` (what the rule's terms were worth), `at` and `record` (the game, kozel-record/1). The
words are in scene_words.py; this module keeps the names the rest of the site imports.
"""

from __future__ import annotations

from .scene_html import option_html, record_html, value_html, witness_html
from .scene_words import SCENE_WORDS as LABELS

__all__ = ["LABELS", "option_html", "record_html", "value_html", "witness_html"]
