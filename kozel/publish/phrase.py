"""Expressions of the language in plain words (HTML), in English or Russian.

`Phraser(lang, context, variant).text(expr)` turns an expression tree into a phrase built from
the words of lexicon.py; tiles are drawn (tiles_svg.py), or kept as pieces for a printed
rulebook (markup.py). A construct without words (a function
added to the language later, say) falls back to its formula in `<code>`, and is counted in
`fallbacks` so the tests can tell.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from interpreter.language import ast
from interpreter.language.model import Option, Variant
from interpreter.language.printer import format_expr
from interpreter.language.slots import BOOL, END, GROUP, INT, SEAT, SIDE, TILES
from interpreter.language.typing_rules import Scope, infer, name_kind, option_type, symbols_with_options

from . import lexicon as lx
from .markup import HTML, Markup

_SLOT_RE = re.compile(r"\{(\w+)(?::(\w+))?\}")
_LITERALS = (ast.IntLit, ast.TileLit, ast.BoolLit)
_CLAUSE = re.compile(r", (?:у |на |в |из )?котор\w+ ")


def _connective(item: ast.Expr) -> type | None:
    """Return AllOf or AnyOf when an item reads as an "and" or an "or" phrase."""
    if isinstance(item, (ast.AllOf, ast.AnyOf)):
        return type(item)
    if isinstance(item, ast.Negation) and isinstance(item.item, (ast.AllOf, ast.AnyOf)):
        return ast.AnyOf if isinstance(item.item, ast.AllOf) else ast.AllOf
    return None


def fill(template: str, args: dict[str, ast.Expr | str], phrase: Callable[[ast.Expr, str], str]
         ) -> str:
    """Fill `{name}` / `{name:form}` slots with the phrases of the arguments in those forms."""
    def one(match: re.Match[str]) -> str:
        arg = args[match.group(1)]
        return arg if isinstance(arg, str) else phrase(arg, match.group(2) or "nom")
    return _SLOT_RE.sub(one, template)


def derive_form(lang: str, form: str, forms: dict[str, str]) -> str:
    """Return a form of a phrase, derived from the forms a table gives when it lacks that one."""
    if form in forms:
        return forms[form]
    nom = forms.get("nom") or forms.get("yes", "")
    if lang == "en" and form == "in":
        return f"in {nom}"
    if lang == "ru" and form == "loc":
        return f"среди {forms.get('gen', nom)}"
    return nom


class Phraser:
    """Turns the expressions of one slot context of one variant into phrases of one language."""

    def __init__(self, lang: str, context: str, variant: Variant, markup: Markup = HTML) -> None:
        self.lang = lang
        self.markup = markup  # the site's HTML, or a printed rulebook's rich text
        self.context = context
        self.declared = {o.name: o for o in variant.options}
        values = {o.name: o.values for o in variant.options}
        self.options = {n: option_type(v, n) for n, v in values.items()}
        self.symbols = symbols_with_options(values)
        self.fallbacks: list[str] = []

    # ---- entry points -------------------------------------------------------------------------
    def text(self, expr: ast.Expr, form: str = "nom") -> str:
        """Return the phrase of an expression in the given grammatical form."""
        handler = getattr(self, "_" + type(expr).__name__.lower(), None)
        result = handler(expr, form) if handler else None
        return result if result is not None else self.formula(expr)

    def formula(self, expr: ast.Expr) -> str:
        """Return the expression as written, for a construct that has no words."""
        written = format_expr(expr)
        self.fallbacks.append(written)
        return self.markup.formula(written)

    def type_of(self, expr: ast.Expr) -> str:
        """Return the type of an expression in this context."""
        return infer(expr, Scope(self.context, self.options, self.symbols, "", []))

    def _fill(self, template: str, **args: ast.Expr | str) -> str:
        return fill(template, args, self.text)

    # ---- leaves -------------------------------------------------------------------------------
    def _intlit(self, expr: ast.IntLit, form: str) -> str:
        return str(expr.value)

    def _boollit(self, expr: ast.BoolLit, form: str) -> str:
        return lx.YES_NO[self.lang][0 if expr.value else 1]

    def _tilelit(self, expr: ast.TileLit, form: str) -> str:
        return self.markup.tiles([(expr.low, expr.high)], row=False)

    def _tilelist(self, expr: ast.TileList, form: str) -> str:
        items = expr.items
        if items and all(isinstance(i, ast.TileLit) for i in items):
            return self.markup.tiles(((i.low, i.high) for i in items),  # type: ignore[union-attr]
                                     row=True)
        return ", ".join(self.text(i, form) for i in items)

    def _name(self, expr: ast.Name, form: str) -> str | None:
        found = name_kind(expr.name, self.context, self.options, self.symbols)
        kind = found[0] if found else None
        if kind == "term":
            return self.term(expr.name, form, True)
        if kind == "option":
            return self.option(expr.name, yes=True, form=form)
        if expr.name in lx.SYMBOLS:
            return lx.SYMBOLS[expr.name][self.lang]
        return self.markup.code(expr.name)

    def term(self, name: str, form: str, yes: bool) -> str | None:
        """Return the phrase of a term (for a yes/no term: the phrase saying it holds or not)."""
        entry = lx.TERMS_IN_CONTEXT.get((self.context, name)) or lx.TERMS.get(name)
        if entry is None:
            return None
        forms = entry[self.lang]
        if "yes" in forms:
            return forms["yes" if yes else "no"]
        return derive_form(self.lang, form, forms)

    def option(self, name: str, *, yes: bool, form: str = "nom") -> str:
        """Return an option as the table says it, linked to its explanation: a yes/no option by
        the words of its value ("with bonuses"), another by what was agreed and its values."""
        option = self.declared.get(name)
        if option is None:
            return self.markup.code(name)
        if self.options.get(name) == BOOL:
            words = self.option_value(option, yes, link=False)
        else:
            table = lx.OPTION_AGREED if self.options.get(name) == INT else lx.OPTION_CHOSEN
            template = derive_form(self.lang, form, table[self.lang])
            words = template.replace("{0}", self.agreed_values(option))
        return self.markup.link(name, words)

    def option_value(self, option: Option, value: object, *, link: bool = True) -> str:
        """Return one value of an option in the words its file gives (`say`), else in a phrase
        made from its name (the visible fallback: «включено „bonuses“»)."""
        said = option.said(value, self.lang)
        if said is not None:
            words = self.markup.author(said)  # the file's own words: text, never markup
        elif isinstance(value, bool):
            words = self.markup.fixed(lx.OPTION_ON[self.lang]["yes" if value else "no"].replace(
                "{0}", lx.QUOTED[self.lang].format(option.name)))
        elif isinstance(value, int):
            words = str(value)
        else:
            words = self.markup.fixed(lx.QUOTED[self.lang].format(value))
        return self.markup.link(option.name, words) if link else words

    def agreed_values(self, option: Option) -> str:
        """Return an option's values, listed: "100, 300 or 500"; an open range "50 to 1000"."""
        if isinstance(option.values, range):
            return lx.RANGE[self.lang].format(option.values.start, option.values.stop - 1)
        words = [str(v) if isinstance(v, int) and not isinstance(v, bool)  # numbers are words
                 else self.option_value(option, v, link=False) for v in option.values]
        return words[0] if len(words) == 1 else (
            ", ".join(words[:-1]) + lx.OR[self.lang] + words[-1])

    # ---- calls --------------------------------------------------------------------------------
    def _call(self, expr: ast.Call, form: str) -> str | None:
        if expr.func == "count" and len(expr.args) == 1:
            return self._fill(derive_form(self.lang, form, lx.COUNT[self.lang]),
                              **{"0": self.counted(expr.args[0], "gen" if self.lang == "ru" else "nom")})
        entry = lx.FUNCTIONS.get(expr.func)
        if entry is None:
            return None
        template = derive_form(self.lang, form, entry[self.lang])
        args = list(expr.args)
        if expr.func == "seat" and args and isinstance(args[0], ast.IntLit):
            args[0] = replace(args[0], value=args[0].value + 1)  # a person counts seats from 1
        return self._fill(template, **{str(i): a for i, a in enumerate(args)})

    def counted(self, arg: ast.Expr, form: str) -> str:
        """Return "the things counted" by count(arg): its tiles, without an article."""
        if self.type_of(arg) in (GROUP, SIDE):  # count(g): the sides of a group
            template = derive_form(self.lang, form, lx.COUNTED_SIDES[self.lang])
            return self._fill(template, **{"0": arg})
        if isinstance(arg, ast.Name):
            template = derive_form(self.lang, form, lx.COUNTED_TERM[self.lang])
            return self._fill(template, **{"0": arg})
        text = self.text(arg, form)
        return text[4:] if self.lang == "en" and text.startswith("the ") else text

    # ---- arithmetic ---------------------------------------------------------------------------
    def _arith(self, expr: ast.Arith, form: str) -> str | None:
        kind = "tiles" if self.type_of(expr) == TILES else "int"
        place = (self.lang, form) in (("en", "in"), ("ru", "loc"))
        if kind == "tiles" and place:
            template = lx.ARITH_PLACE[self.lang].get(expr.op)
        else:
            template = lx.ARITH[self.lang].get((kind, expr.op))
            if template and kind == "tiles" and form != "nom":
                template = template.replace("{a}", "{a:%s}" % form)
        return self._fill(template, a=expr.left, b=expr.right) if template else None

    def _conditional(self, expr: ast.Conditional, form: str) -> str:
        return self._fill(lx.IF_THEN_ELSE[self.lang], test=expr.test, then=expr.then,
                          **{"else": expr.otherwise})

    # ---- conditions ---------------------------------------------------------------------------
    def _compare(self, expr: ast.Compare, form: str) -> str | None:
        return self.comparison(expr.op, expr.left, expr.right)

    def comparison(self, op: str, left: ast.Expr, right: ast.Expr) -> str | None:
        """Return the phrase of `left op right`."""
        left_type = self.type_of(left)
        if left_type == END or self.type_of(right) == END:
            return self._ending(op, left, right)
        special = self._count_zero(op, left, right)
        if special is not None:
            return special
        if left_type == TILES and isinstance(right, ast.TileList) and op in ("=", "!="):
            return self._fill(lx.EXACTLY[self.lang][op], a=left, b=right)
        if op in ("=", "!="):
            kind = "lit" if isinstance(right, _LITERALS) else "int" if left_type == INT else "any"
        else:
            kind = "any"
        return self._fill(lx.COMPARE[self.lang][(op, kind)], a=self.closed(self.text(left)),
                          b=right)

    def _ending(self, op: str, left: ast.Expr, right: ast.Expr) -> str | None:
        subject, symbol = (left, right) if isinstance(right, ast.Name) else (right, left)
        if not isinstance(symbol, ast.Name) or symbol.name not in lx.ENDINGS or op not in ("=", "!="):
            return None
        verb = lx.ENDINGS[symbol.name][self.lang][0 if op == "=" else 1]
        return f"{self.text(subject)} {verb}"

    def _count_zero(self, op: str, left: ast.Expr, right: ast.Expr) -> str | None:
        """Say "there are no X" / "there are X" for count(X) compared with 0 (or 1), and for
        X compared with the empty list `[]`."""
        if isinstance(right, ast.TileList) and not right.items and op in ("=", "!="):
            table = lx.NO_ITEMS if op == "=" else lx.SOME_ITEMS
            form = "gen" if self.lang == "ru" and op == "=" else "nom"
            return fill(table[self.lang], {"0": self.counted(left, form)}, self.text)
        if not (isinstance(left, ast.Call) and left.func == "count" and len(left.args) == 1
                and isinstance(right, ast.IntLit)):
            return None
        none = (op in ("=", "<=") and right.value == 0) or (op == "<" and right.value == 1)
        some = (op in (">", "!=") and right.value == 0) or (op == ">=" and right.value == 1)
        if not (none or some):
            return None
        table = lx.NO_ITEMS if none else lx.SOME_ITEMS
        form = "gen" if self.lang == "ru" and none else "nom"
        return fill(table[self.lang], {"0": self.counted(left.args[0], form)}, self.text)

    def _member(self, expr: ast.Member, form: str, yes: bool = True) -> str:
        table = lx.MEMBER_OF_LIST if isinstance(expr.collection, ast.TileList) else {
            SIDE: lx.MEMBER_SIDE, SEAT: lx.MEMBER_SEAT}.get(self.type_of(expr.item), lx.MEMBER)
        return self._fill(table[self.lang]["yes" if yes else "no"], a=expr.item,
                          b=expr.collection)

    def _allof(self, expr: ast.AllOf, form: str) -> str:
        return self._join(expr.items, lx.AND[self.lang], ast.AnyOf)

    def _anyof(self, expr: ast.AnyOf, form: str) -> str:
        return self._join(expr.items, lx.OR[self.lang], ast.AllOf)

    def _join(self, items: tuple[ast.Expr, ...], word: str, bracketed: type) -> str:
        parts = []
        for item in items:
            text = self.text(item)
            parts.append(f"({text})" if _connective(item) is bracketed else text)
        return word.join([self.closed(p) for p in parts[:-1]] + parts[-1:])

    def closed(self, text: str) -> str:
        """Close a Russian subordinate clause ("..., на которых ...") with a comma."""
        plain = re.sub(r"<[^>]*>", "", text)
        if self.lang == "ru" and _CLAUSE.search(plain) and not plain.endswith(")"):
            return text + ","
        return text

    def _negation(self, expr: ast.Negation, form: str) -> str:
        return self.negated(expr.item)

    def negated(self, item: ast.Expr) -> str:
        """Return the phrase saying that a condition does not hold."""
        if isinstance(item, ast.Negation):
            return self.text(item.item)
        if isinstance(item, ast.BoolLit):
            return self._boollit(ast.BoolLit(not item.value), "nom")
        if isinstance(item, ast.Name):
            return self._negated_name(item)
        if isinstance(item, ast.Member):
            return self._member(item, "nom", yes=False)
        no_form = lx.FUNCTIONS.get(item.func, {}).get(self.lang, {}).get("no") \
            if isinstance(item, ast.Call) else None
        if isinstance(item, ast.Call) and no_form:  # a yes/no function says its own "no"
            return self._fill(no_form, **{str(i): a for i, a in enumerate(item.args)})
        if isinstance(item, ast.Compare):
            return self.comparison(lx.NEGATED_OP[item.op], item.left, item.right) or \
                self.formula(ast.Negation(item))
        if isinstance(item, (ast.AllOf, ast.AnyOf)):  # De Morgan reads better than "not (...)"
            flipped = ast.AnyOf if isinstance(item, ast.AllOf) else ast.AllOf
            return self.text(flipped(tuple(ast.Negation(i) for i in item.items)))
        return fill(lx.NOT[self.lang], {"0": self.text(item)}, self.text)

    def _negated_name(self, item: ast.Name) -> str:
        found = name_kind(item.name, self.context, self.options, self.symbols)
        if found and found[0] == "option" and self.options.get(item.name) == BOOL:
            return self.option(item.name, yes=False)
        if found and found[0] == "term":
            words = self.term(item.name, "nom", False)
            if words is not None:
                return words
        return fill(lx.NOT[self.lang], {"0": self.text(item)}, self.text)
