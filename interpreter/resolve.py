"""Syntax tree → checked Variant: extends chains, names, types, options, slot completeness."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from . import ast
from .errors import Diagnostic, RuleFileError, did_you_mean
from .model import Case, Citation, Claim, Option, Variant
from .parser import parse_file, parse_text, read_rule_file
from .slots import BOOL, CLAIM_CONTEXTS, SLOTS
from .typing_rules import Scope, expect, option_type, symbols_with_options

VALID_PLAYERS = (2, 3, 4)


@dataclass
class _Merged:
    """The effective items of a variant after applying its extends chain."""

    decl: ast.VariantDecl
    source: str | None = None
    players: ast.PlayersDecl | None = None
    options: dict[str, tuple[ast.OptionDecl, str | None]] = field(default_factory=dict)
    slots: dict[str, list[tuple[ast.RuleCase, str, str | None]]] = field(default_factory=dict)
    claims: list[tuple[ast.ClaimDecl, str | None]] = field(default_factory=list)


class Library:
    """All variant declarations known by name, for `extends` and for lookup by name."""

    def __init__(self) -> None:
        self.decls: dict[str, ast.VariantDecl] = {}
        self.lines: dict[str, list[str]] = {}

    def add_text(self, text: str, file: str) -> list[ast.VariantDecl]:
        """Parse text and register its variants; return them."""
        rule_file = parse_text(text, file)
        self.lines[file] = text.splitlines()
        duplicates = [d for d in rule_file.variants if d.name in self.decls
                      and self.decls[d.name].pos.file != file]
        for decl in rule_file.variants:
            self.decls.setdefault(decl.name, decl)
        if duplicates:
            d = duplicates[0]
            raise RuleFileError([self._diag(d.pos, f"variant {d.name!r} is already defined in "
                                            f"{self.decls[d.name].pos.file}")])
        return list(rule_file.variants)

    def add_file(self, path: Path) -> list[ast.VariantDecl]:
        """Read, parse and register one rule file."""
        return self.add_text(read_rule_file(path), str(path))

    def _diag(self, pos: ast.Pos, message: str, hint: str = "") -> Diagnostic:
        lines = self.lines.get(pos.file, [])
        line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        return Diagnostic(pos.file, pos.line, pos.column, message, line, hint)

    def resolve(self, name: str) -> Variant:
        """Return the checked Variant of the named declaration; raise RuleFileError."""
        if name not in self.decls:
            raise KeyError(name)
        diagnostics: list[Diagnostic] = []
        merged = self._merge(self.decls[name], [], diagnostics)
        if diagnostics:
            raise RuleFileError(diagnostics)
        return _Builder(merged, self).build()

    def _merge(self, decl: ast.VariantDecl, chain: list[str],
               diagnostics: list[Diagnostic]) -> _Merged:
        if decl.name in chain:
            cycle = " → ".join(chain + [decl.name])
            diagnostics.append(self._diag(decl.pos, f"`extends` makes a cycle: {cycle}"))
            return _Merged(decl)
        merged = _Merged(decl)
        if decl.extends:
            parent = self.decls.get(decl.extends)
            if parent is None:
                diagnostics.append(self._diag(decl.pos, f"unknown variant {decl.extends!r} in "
                                              f"`extends`{did_you_mean(decl.extends, self.decls)}"))
            else:
                base = self._merge(parent, chain + [decl.name], diagnostics)
                merged = _Merged(decl, base.source, base.players, dict(base.options),
                                 dict(base.slots), list(base.claims))
        _apply_items(merged, decl)
        return merged


def _apply_items(merged: _Merged, decl: ast.VariantDecl) -> None:
    """Override the inherited items with those the declaration writes itself."""
    own_source = next((i.path for i in decl.items if isinstance(i, ast.SourceDecl)), None)
    source = own_source or merged.source
    merged.source = source
    overridden: set[str] = set()
    for item in decl.items:
        if isinstance(item, ast.PlayersDecl):
            merged.players = item
        elif isinstance(item, ast.OptionDecl):
            merged.options[item.name] = (item, source)
        elif isinstance(item, ast.RuleCase):
            if item.slot not in overridden:
                merged.slots[item.slot] = []
                overridden.add(item.slot)
            merged.slots[item.slot].append((item, decl.name, source))
        elif isinstance(item, ast.ClaimDecl):
            merged.claims.append((item, source))


def _provenance(items: Iterable[ast.Provenance], source: str | None
                ) -> tuple[tuple[Citation, ...], str | None, str | None]:
    cites = tuple(Citation(p.source or source or "", p.quote)
                  for p in items if isinstance(p, ast.Cite))
    assumptions = [p.reason for p in items if isinstance(p, ast.Assume)]
    notes = [p.text for p in items if isinstance(p, ast.Note)]
    return cites, ("; ".join(assumptions) or None), ("; ".join(notes) or None)


class _Builder:
    """Checks a merged declaration and builds its Variant."""

    def __init__(self, merged: _Merged, library: Library) -> None:
        self.merged = merged
        self.library = library
        self.diagnostics: list[Diagnostic] = []
        self.option_values = {n: o.values for n, (o, _) in merged.options.items()}
        self.option_types = {n: option_type(v, n) for n, v in self.option_values.items()}
        self.symbols = symbols_with_options(self.option_values)

    def _lines(self, pos: ast.Pos) -> list[str]:
        return self.library.lines.get(pos.file, [])

    def error(self, pos: ast.Pos, message: str, hint: str = "") -> None:
        self.diagnostics.append(self.library._diag(pos, message, hint))

    def build(self) -> Variant:
        decl = self.merged.decl
        players = self._players()
        options = tuple(self._option(o, s) for o, s in self.merged.options.values())
        slots = tuple((name, tuple(self._case(c, origin, s) for c, origin, s in cases))
                      for name, cases in sorted(self.merged.slots.items(), key=_slot_order))
        self._check_completeness(decl)
        claims = tuple(self._claim(c, s) for c, s in self.merged.claims)
        if self.diagnostics:
            raise RuleFileError(self.diagnostics)
        player_cites = _provenance(self.merged.players.provenance if self.merged.players else (),
                                   self.merged.source)[0]
        return Variant(decl.name, decl.title, self.merged.source, players, options, slots, claims,
                       player_cites, decl.extends, decl.pos.file, decl.pos)

    def _players(self) -> tuple[int, ...]:
        players = self.merged.players
        if players is None:
            self.error(self.merged.decl.pos, f"variant {self.merged.decl.name!r} does not say "
                       "how many play", "add a line like `players 2..4`")
            return VALID_PLAYERS
        wrong = [n for n in players.counts if n not in VALID_PLAYERS]
        if wrong or not players.counts:
            self.error(players.pos, f"player counts must be 2, 3 or 4, not {wrong[0] if wrong else 'none'}")
        return tuple(sorted(set(players.counts)))

    def _option(self, option: ast.OptionDecl, source: str | None) -> Option:
        if len(set(option.values)) != len(option.values):
            self.error(option.pos, f"option {option.name!r} lists a value twice")
        if option.default is not None and option.default not in option.values:
            self.error(option.pos, f"the default {option.default!r} of option {option.name!r} "
                       f"is not one of its values {list(option.values)}")
        if self.option_types[option.name].startswith("option:") and any(
                isinstance(v, (bool, int)) for v in option.values):
            self.error(option.pos, f"option {option.name!r} mixes numbers, yes/no and names")
        if option.name in SLOTS or option.name in ("players",):
            self.error(option.pos, f"option name {option.name!r} is a reserved word")
        cites, assumption, note = _provenance(option.provenance, source)
        return Option(option.name, option.values, option.default, cites, assumption, note,
                      option.pos)

    def _scope(self, context: str, where: str, pos: ast.Pos) -> Scope:
        return Scope(context, self.option_types, self.symbols, where, self.diagnostics,
                     self._lines(pos))

    def _case(self, case: ast.RuleCase, origin: str, source: str | None) -> Case:
        spec = SLOTS[case.slot]
        scope = self._scope(spec.context, f"in `{case.slot}`", case.pos)
        value = None if isinstance(case.body, ast.Unspecified) else case.body
        if value is not None:
            expect(value, spec.type, scope, f"the value of `{case.slot}`")
        if case.guard is not None:
            expect(case.guard, BOOL, scope, "a `when` condition")
        cites, assumption, note = _provenance(case.provenance, source)
        return Case(case.slot, value, case.guard, case.otherwise, cites, assumption, note,
                    origin, case.pos)

    def _claim(self, claim: ast.ClaimDecl, source: str | None) -> Claim:
        scope = self._scope(CLAIM_CONTEXTS[claim.context], f"in a `{claim.context}` claim",
                            claim.pos)
        expect(claim.expr, BOOL, scope, "a claim")
        cites, assumption, note = _provenance(claim.provenance, source)
        if self.diagnostics:
            pass
        return Claim(claim.context, claim.text, claim.expr, cites, assumption, note, claim.pos)

    def _check_completeness(self, decl: ast.VariantDecl) -> None:
        missing = [n for n, spec in SLOTS.items() if spec.required and not self.merged.slots.get(n)]
        if missing:
            listed = "; ".join(f"`{n}` ({SLOTS[n].meaning})" for n in missing)
            self.error(decl.pos, f"variant {decl.name!r} has no rule for {listed}",
                       f"write `{missing[0]}: ...`, or `{missing[0]}: unspecified` where the "
                       "text is silent")
        for name in SLOTS:
            cases = self.merged.slots.get(name, [])
            otherwise = [c for c, _, _ in cases if c.otherwise]
            if len(otherwise) > 1:
                self.error(otherwise[1].pos, f"`{name}` has more than one `otherwise` case")


def _slot_order(item: tuple[str, object]) -> int:
    return list(SLOTS).index(item[0])


def load_paths(paths: Iterable[Path], library: Library | None = None
               ) -> tuple[Library, list[str]]:
    """Register every rule file under the paths; return the library and the variant names."""
    library = library or Library()
    names: list[str] = []
    for path in paths:
        files = sorted(path.rglob("*.kozel")) if path.is_dir() else [path]
        for file in files:
            names += [d.name for d in library.add_file(file)]
    return library, names


def load_variant(text: str, file: str = "<text>", name: str | None = None) -> Variant:
    """Parse and resolve a variant from text (the first one, or the named one)."""
    library = Library()
    decls = library.add_text(text, file)
    return library.resolve(name or decls[0].name)


def parse_variant_file(path: Path) -> list[Variant]:
    """Parse and resolve every variant of one file (extends only within the file)."""
    library = Library()
    return [library.resolve(d.name) for d in library.add_file(path)]


__all__ = ["Library", "load_paths", "load_variant", "parse_variant_file", "parse_file"]
