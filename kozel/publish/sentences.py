"""One sentence per rule case: the slot's sentence with the value's phrase, after its condition."""

from __future__ import annotations

from interpreter.language import ast
from interpreter.language.model import Case, Variant
from interpreter.language.slots import SLOTS

from . import wording as w
from .markup import HTML, Markup
from .phrase import Phraser, fill


def capitalised(text: str) -> str:
    """Return text with its first letter upper-cased (a leading tag or tile is left alone)."""
    return text[:1].upper() + text[1:] if text[:1].isalpha() else text


def default_value(slot: str) -> ast.Expr:
    """Return the default of an optional slot as an expression (for its sentence)."""
    value = SLOTS[slot].default
    if isinstance(value, bool):
        return ast.BoolLit(value)
    if isinstance(value, int):
        return ast.IntLit(value)
    return ast.Name(str(value))


class Sentences:
    """Writes the sentences of one variant in one language."""

    def __init__(self, variant: Variant, lang: str, markup: Markup = HTML,
                 gap: dict[str, str] = w.GAP) -> None:
        self.variant = variant
        self.lang = lang
        self.markup = markup
        self.gap = gap  # what a gap says (a printed rulebook says what the table does)
        self.phrasers: dict[str, Phraser] = {}

    def phraser(self, slot: str) -> Phraser:
        """Return the phraser for the context of a slot."""
        context = SLOTS[slot].context
        if context not in self.phrasers:
            self.phrasers[context] = Phraser(self.lang, context, self.variant, self.markup)
        return self.phrasers[context]

    def fallbacks(self) -> list[str]:
        """Return the formulas written so far without words."""
        return [f for p in self.phrasers.values() for f in p.fallbacks]

    def case(self, case: Case) -> str:
        """Return the sentence of a rule case, with its condition in front."""
        if case.value is None:
            body = fill(self.gap[self.lang], {"q": w.SLOT_QUESTIONS.get(case.slot, {}).get(
                self.lang, case.slot)}, self.phraser(case.slot).text)
        else:
            body = self.value(case.slot, case.value)
        if case.otherwise:
            body = w.OTHERWISE[self.lang].replace("{s}", body)
        elif case.guard is not None:
            guard = self.phraser(case.slot).text(case.guard)
            body = w.GUARDED[self.lang].replace("{g}", guard).replace("{s}", body)
        return capitalised(body) + "."

    def default(self, slot: str) -> str:
        """Return the sentence of an optional slot the variant leaves to its default."""
        return capitalised(self.value(slot, default_value(slot))) + "."

    def unwritten(self, slot: str) -> str:
        """Return what a rulebook says of an optional slot the variant does not write: that the
        rules say nothing of it, in words that hold whatever the other rules say (never a 0)."""
        return w.UNWRITTEN[slot][self.lang]

    def value(self, slot: str, value: ast.Expr) -> str:
        """Return the slot's sentence for a value (without a condition)."""
        templates = w.SENTENCES.get(slot, {}).get(self.lang)
        phraser = self.phraser(slot)
        if templates is None:
            label = w.SLOT_LABELS.get(slot, {}).get(self.lang, slot)
            return fill(w.GENERIC_SENTENCE[self.lang], {"slot": label, "v": value}, phraser.text)
        choices = self._option_choices(value, templates, phraser)
        if choices is not None:
            return choices
        key, extra = self._template_key(value, templates)
        return fill(templates[key], {"v": value, **extra}, phraser.text)

    def _option_choices(self, value: ast.Expr, templates: dict[str, str],
                        phraser: Phraser) -> str | None:
        """`draw: draw_each` with draw_each an option of the draw kind: say what each of its
        values means ("depending on option draw_each: one — ...; until_playable — ...")."""
        option = self.variant.option(value.name) if isinstance(value, ast.Name) else None
        if option is None or not all(str(v) in templates for v in option.values):
            return None
        choices = "; ".join(f"{phraser.option_value(option, v)} — {templates[str(v)]}"
                            for v in option.values)
        return w.OPTION_CHOICES[self.lang].replace("{choices}", choices)

    def _template_key(self, value: ast.Expr, templates: dict[str, str]
                      ) -> tuple[str, dict[str, ast.Expr | str]]:
        """Pick the template that fits the value: a literal, a symbol, a number, a list."""
        if isinstance(value, ast.BoolLit) and ("yes" if value.value else "no") in templates:
            return ("yes" if value.value else "no"), {}
        if isinstance(value, ast.Name) and value.name in templates:
            return value.name, {}
        if isinstance(value, ast.IntLit) and value.value == 0 and "zero" in templates:
            return "zero", {}
        if isinstance(value, ast.IntLit) and "count" in templates:
            return "count", {"tiles": w.tiles_noun(self.lang, value.value)}
        if isinstance(value, ast.TileList) and "one" in templates:
            if len(value.items) == 1:
                return "one", {"v": value.items[0]}
            return "any", {}
        return "value", {}
