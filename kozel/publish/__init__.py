"""The publishing of rules: the site's pages of every variant, and the rulebook a club prints.

`docs/hooks.py` (the mkdocs hook) calls `site.build_site()`; the modules here turn a checked
`Variant` into plain-language pages in Russian and English, with tiles drawn as inline SVG: a
rulebook for the table first, then a part for rule authors with the rules as written and the
checker's findings; `printing.py` makes the printed rulebook (`kozel rulebook`). Nothing about
a particular variant is written here: every fact on a page comes from the Variant, the
vocabulary (`interpreter/language/slots.py`) or the checker.
"""
