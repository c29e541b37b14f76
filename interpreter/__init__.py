"""Floor 1 of kozel: the rule language and everything that plays a variant written in it.

Users import `kozel` (its public API names what they need from here); the packages, in the
order a rule text travels (docs/architecture.md):

language/    the front end: grammar, syntax tree, parser and its cache, rule files and `use`,
             the resolver and its library, types, readings, the checked model (`Variant`)
engine/      plays any Variant: tiles, the table, rounds, scoring, matches, the record format
             (kozel-record/1), the player interface and the built-in strategies, replay
compiled/    one generated Python function per setup, for fast statistics (the engine's oracle)
simulation/  many matches on many cores or a cluster, tallied as counts; reading effects

It imports nothing of `checks` (floor 2) or `kozel` (floor 3): tests/test_layering.py.
"""
