"""The language front end: rule text → syntax tree → checked Variant.

    from interpreter.language import Library, load_variant
    variant = load_variant(text, "house.kozel")

The stages, each a module (docs/architecture.md):

text       rule_file.py (a file's bytes → text, with limits), library.py (rule files, `use`
           lines, parents found where they live)
tree       grammar.lark (the syntax's reference), parser.py with syntax_errors.py and
           writing_hints.py (every error positioned, in words), header_items.py (tree builders),
           lark_cache.py and parse_cache.py (the built parser and parsed files, kept between
           runs, keyed by every file of this package), limits.py, ast.py (the tree: frozen
           dataclasses with positions)
Variant    resolve.py (extends, names, options, completeness), typing_rules.py, readings.py,
           open_options.py, slots.py (the vocabulary: slots, contexts, terms, functions),
           model.py (the checked model every reader uses)
back out   printer.py (Variant → canonical text), summary.py, highlight.py (Pygments)
shared     errors.py (the project's errors), cache_folder.py (sealed, data-only entries),
           workers.py (worker processes that end with their parent), lazy.py (cheap facades)

Lark is imported only here. This package imports nothing else of the project
(tests/test_layering.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import Homes, lazy_names

_PUBLIC: Homes = {
    "Library": ".resolve", "load_variant": ".resolve", "load_paths": ".resolve",
    "parse_text": ".parse_cache", "format_variant": ".printer", "Variant": ".model",
    "SLOTS": ".slots", "RuleFileError": ".errors", "Diagnostic": ".errors",
}
__all__ = ["Diagnostic", "Library", "RuleFileError", "SLOTS", "Variant", "format_variant",
           "load_paths", "load_variant", "parse_text"]

if TYPE_CHECKING:  # the same names for type checkers and editors
    from .errors import Diagnostic, RuleFileError
    from .model import Variant
    from .parse_cache import parse_text
    from .printer import format_variant
    from .resolve import Library, load_paths, load_variant
    from .slots import SLOTS

__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
