"""The docs generator: renders every variant of spec/ into rulebook pages at build time.

`docs/hooks.py` (the mkdocs hook) calls `site.build_site()`; the modules here turn a checked
`Variant` into plain-language pages in Russian and English, with tiles drawn as inline SVG: a
rulebook for the table first, then a part for rule authors with the rules as written and the
checker's findings. Nothing about a particular variant is written here: every
fact on a page comes from the Variant, the vocabulary (`interpreter/language/slots.py`) or the checker.
"""
