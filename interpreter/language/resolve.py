"""Syntax tree → checked Variant: extends chains, names, types, options, slot completeness."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from . import ast
from .errors import Diagnostic, RuleFileError, did_you_mean
from .limits import MAX_EXTENDS_DEPTH, check_held
from .ast import OptionValue
from .model import Aside, Case, Citation, Claim, Option, Remarks, StatedDefault, Variant
from .citations import Quoted, SourceShelf, check_citations
from .concordance import ASIDE_KINDS, aside_reason, check_asides
from .library import RuleFiles
from .rule_file import rule_files_in
from .house import Departed, edit_case, edit_claim
from .restatements import built as built_restatements, edit_restatement
from .parse_cache import keywords
from .house_options import overridden_option
from .open_options import is_open, values_text
from .readings import case_readings, check_questions, misplaced
from .said import Listed, Said
from .stated import check_stated
from .slots import BOOL, CLAIM_CONTEXTS, CONTEXTS, MATCH_END_SLOTS, SLOTS, SYMBOLS
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
    source_decl: ast.SourceDecl | None = None  # its title and link, inherited with the source
    several_goats: tuple[ast.SeveralGoats, str | None] | None = None
    asides: list[tuple[ast.AsideDecl, str | None]] = field(default_factory=list)
    stated: dict[str, tuple[ast.StatedDefault, str | None]] = field(default_factory=dict)
    departed: list[Departed] = field(default_factory=list)  # what its house rules set aside
    players_source: str | None = None  # the source `players` was written under (for its cites)
    duplicates: list[tuple[ast.Pos, str, str]] = field(default_factory=list)  # its own problems
    house_problems: list[tuple[ast.Pos, str, str]] = field(default_factory=list)
    restatements: list[tuple[ast.RestateDecl, str | None]] = field(default_factory=list)


class Library(RuleFiles):
    """All variant declarations known by name, resolved on demand into checked Variants.

    The files side (reading, `use`, finding a parent where it lives) is RuleFiles' (library.py);
    this class adds what turns a declaration and its `extends` chain into a Variant.
    """

    def resolve(self, name: str) -> Variant:
        """Return the checked Variant of the named declaration; raise RuleFileError."""
        if name not in self.decls:
            raise KeyError(name)
        diagnostics: list[Diagnostic] = []
        merged = self._merge(self.decls[name], [], diagnostics)
        if diagnostics:
            raise RuleFileError(_in_order(diagnostics))
        return _Builder(merged, self).build()

    def _merge(self, decl: ast.VariantDecl, chain: list[str],
               diagnostics: list[Diagnostic]) -> _Merged:
        if decl.name in chain:
            cycle = " → ".join(chain + [decl.name])
            diagnostics.append(self.diagnostic(decl.pos, Said("extends.cycle", cycle=cycle),
                                               Said("extends.cycle hint")))
            return _Merged(decl)
        if len(chain) >= MAX_EXTENDS_DEPTH:
            diagnostics.append(self.diagnostic(self.decls[chain[0]].pos, Said(
                "extends.long", name=chain[0], limit=MAX_EXTENDS_DEPTH - 1)))
            return _Merged(decl)
        merged = _Merged(decl)
        inherited: list[tuple[ast.Pos, str, str]] = []  # a parent's house rules that fail
        if decl.extends:
            parent = self.find(decl.extends, decl.pos.file)
            if parent is None:
                diagnostics.append(self.diagnostic(
                    self._parent_pos(decl), Said("extends.unknown", name=decl.extends,
                                                 close=self._suggest(decl.extends)),
                    Said("extends.unknown hint")))
            else:
                base = self._merge(parent, chain + [decl.name], diagnostics)
                merged = _Merged(decl, base.source, base.players, dict(base.options),
                                 {n: list(c) for n, c in base.slots.items()}, list(base.claims),
                                 base.source_decl, base.several_goats,
                                 asides=list(base.asides), stated=dict(base.stated),
                                 departed=list(base.departed),
                                 players_source=base.players_source,
                                 restatements=list(base.restatements))
                inherited = base.house_problems
        duplicates, house = _apply_items(merged, decl)
        # A parent's own duplicates are reported when the parent itself is resolved; a house rule
        # of a parent that names no case of its own parent leaves the child nothing to build on.
        merged.house_problems = inherited + house
        merged.duplicates = ([] if chain else duplicates) + merged.house_problems
        if not chain:  # the caps count what the variant holds, its parents' items included
            merged.duplicates += check_held(decl.name, _held(merged), _written(decl))
        return merged

    def _parent_pos(self, decl: ast.VariantDecl) -> ast.Pos:
        """Point at the parent's name after `extends`, not at the variant's own name."""
        lines = self.lines.get(decl.pos.file, [])
        line = lines[decl.pos.line - 1] if 0 < decl.pos.line <= len(lines) else ""
        found = re.compile(r"\bextends\s+" + re.escape(decl.extends or "")).search(
            line, decl.pos.column)
        if found is None:
            return decl.pos
        return ast.Pos(decl.pos.line, found.end() - len(decl.extends or "") + 1, decl.pos.file)


Problems = list[tuple[ast.Pos, str, str]]  # positioned messages with their hints


def _held(merged: _Merged) -> dict[str, list[object]]:
    """Each capped quantity of a merged variant (limits.py), its items in order."""
    cases = [c for _, entries in sorted(merged.slots.items()) for c, _, _ in entries]
    held: dict[str, list[object]] = {f"cases {slot}": [c for c, _, _ in entries]
                                     for slot, entries in sorted(merged.slots.items())}
    held["claims"] = [c for c, _ in merged.claims]
    held["restatements"] = [r for r, _ in merged.restatements]
    held["readings"] = [p for c in cases for p in c.provenance if isinstance(p, ast.Reading)]
    held["options"] = [o for o, _ in merged.options.values()]
    return held


def _written(decl: ast.VariantDecl) -> set[ast.Pos]:
    """The places of the items a declaration writes itself (a house rule's new case or claim
    and the readings it carries included)."""
    items = [getattr(i, "case", None) or getattr(i, "claim", None) or i for i in decl.items]
    places = {i.pos for i in items}
    places |= {p.pos for i in items for p in getattr(i, "provenance", ())
               if isinstance(p, ast.Reading)}
    return places


def _apply_items(merged: _Merged, decl: ast.VariantDecl) -> tuple[Problems, Problems]:
    """Override the inherited items with those the declaration writes; return its duplicates
    and the problems of its house rules (a case or claim the parent does not have)."""
    problems: Problems = []
    house: Problems = []
    seen: dict[str, ast.Pos] = {}

    def once(key: str, pos: ast.Pos, what: str) -> None:
        if key in seen:
            problems.append((pos, Said("twice", what=what, line=seen[key].line), ""))
        seen.setdefault(key, pos)

    own_source = next((i for i in decl.items if isinstance(i, ast.SourceDecl)), None)
    if own_source is not None:
        merged.source, merged.source_decl = own_source.path or merged.source, own_source
    overridden: set[str] = set()
    for item in decl.items:
        if isinstance(item, ast.SourceDecl):
            once("source", item.pos, "`source`")
        elif isinstance(item, ast.PlayersDecl):
            once("players", item.pos, "`players`")
            merged.players, merged.players_source = item, merged.source
        elif isinstance(item, ast.OptionDecl):
            once(f"option {item.name}", item.pos, Said("what.option", name=item.name))
            inherited = merged.options.get(item.name)
            _set_aside([inherited], item.pos, merged)
            merged.options[item.name] = (
                overridden_option(item, inherited[0] if inherited else None), merged.source)
        elif isinstance(item, ast.RuleCase):
            if item.slot not in overridden:
                _set_aside([(c, s) for c, _, s in merged.slots.get(item.slot, [])], item.pos,
                           merged)
                merged.slots[item.slot] = []
                overridden.add(item.slot)
            merged.slots[item.slot].append((item, decl.name, merged.source))
        elif isinstance(item, ast.ClaimDecl):
            merged.claims.append((item, merged.source))
        elif isinstance(item, ast.RestateDecl):
            merged.restatements.append((item, merged.source))
        elif isinstance(item, ast.SeveralGoats):
            once("several goats", item.pos, "`several goats`")
            merged.several_goats = (item, merged.source)
        elif isinstance(item, ast.AsideDecl):
            merged.asides.append((item, merged.source))
        elif isinstance(item, ast.StatedDefault):
            once(f"default {item.slot}", item.pos, f"`default {item.slot} stated`")
            merged.stated[item.slot] = (item, merged.source)
        else:
            house += _house_rule(merged, decl, item, overridden)
    return problems, house


def _set_aside(replaced: Iterable[tuple[ast.OptionDecl | ast.RuleCase, str | None] | None],
               pos: ast.Pos, merged: _Merged) -> None:
    """Keep the citations of the parent's items (cases of a slot, an option) that an item
    written anew at `pos` replaces: the sentences they quote are accounted for by the house
    rule that replaced them, as a `replace` accounts for the case it replaces. Only those of
    the variant's own source: a variant that names another source accounts for that one."""
    for found in replaced:
        if found is not None and found[0].provenance and found[1] == merged.source:
            merged.departed.append((pos, found[0].provenance, found[1]))


def _house_rule(merged: _Merged, decl: ast.VariantDecl,
                item: ast.CaseEdit | ast.ClaimEdit | ast.RestateEdit,
                overridden: set[str]) -> list[tuple[ast.Pos, str, str]]:
    """Apply a house rule to the inherited items: one case, claim or restatement of the parent."""
    if isinstance(item, ast.RestateEdit):
        problem = edit_restatement(merged.restatements, item, decl.name, decl.extends,
                                   merged.departed)
    elif isinstance(item, ast.ClaimEdit):
        problem = edit_claim(merged.claims, item, decl.name, merged.source, decl.extends,
                             merged.departed)
    elif item.slot in overridden or any(isinstance(i, ast.RuleCase) and i.slot == item.slot
                                        for i in decl.items):
        # plain cases replace the whole slot: an edit of it beside them would be lost or guessed
        first = next(i for i in decl.items if isinstance(i, ast.RuleCase) and i.slot == item.slot)
        problem = (item.pos, Said("house.anew", slot=item.slot, line=first.pos.line,
                                  action=item.action),
                   Said("house.anew hint", action=item.action, slot=item.slot))
    else:
        problem = edit_case(merged.slots, item, decl.name, merged.source, decl.extends,
                            merged.departed)
    return [problem] if problem else []


def _cites(merged: _Merged) -> Iterable[tuple[ast.Cite, str | None]]:
    """Every cite of the merged variant with the name of the source it quotes by default (the
    one its variant had where the cite is written)."""
    quoting: list[tuple[Iterable[ast.Provenance], str | None]] = [
        (o.provenance, s) for o, s in merged.options.values()]
    quoting += [(c.provenance, s) for cases in merged.slots.values() for c, _, s in cases]
    quoting += [(c.provenance, s) for c, s in merged.claims]
    quoting += [(r.provenance, s) for r, s in merged.restatements]
    quoting += [(d.provenance, s) for d, s in merged.stated.values()]
    if merged.players is not None:
        quoting.append((merged.players.provenance, merged.players_source))
    if merged.several_goats is not None:
        quoting.append((merged.several_goats[0].provenance, merged.several_goats[1]))
    for provenance, source in quoting:
        yield from ((p, source) for p in provenance if isinstance(p, ast.Cite))


def _provenance(items: Iterable[ast.Provenance], source: str | None
                ) -> tuple[tuple[Citation, ...], Remarks]:
    items = list(items)
    cites = tuple(Citation(p.source if p.source is not None else (source or ""), p.quote)
                  for p in items if isinstance(p, ast.Cite))
    assumed = [p for p in items if isinstance(p, ast.Assume)]
    noted = [p for p in items if isinstance(p, ast.Note)]
    return cites, Remarks(_joined(p.reason for p in assumed), _joined(p.text for p in noted),
                          _joined(p.ru for p in assumed), _joined(p.ru for p in noted))


def _joined(texts: Iterable[str | None]) -> str | None:
    return "; ".join(t for t in texts if t) or None


def _in_order(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    unique = {(d.file, d.line, d.column, d.message): d for d in diagnostics}
    return sorted(unique.values(), key=lambda d: (d.file, d.line, d.column))


def _value_text(value: object) -> str:
    return {True: "yes", False: "no"}[value] if isinstance(value, bool) else str(value)


def _listed(values: Iterable[object], last: str = "or") -> str:
    return Listed([v if isinstance(v, Said) else _value_text(v) for v in values], last)


def _taken_words() -> set[str]:
    """Words an option or an option's value may not be: they already mean something."""
    terms = {name for terms in CONTEXTS.values() for name in terms}
    return terms | set(SYMBOLS) | set(keywords()) | set(CLAIM_CONTEXTS)


class _Builder:
    """Checks a merged declaration and builds its Variant."""

    def __init__(self, merged: _Merged, library: Library) -> None:
        self.merged = merged
        self.library = library
        self.diagnostics = [library.diagnostic(p, m, h) for p, m, h in merged.duplicates]
        self.option_values = {n: o.values for n, (o, _) in merged.options.items()}
        self.option_types = {n: option_type(v, n) for n, v in self.option_values.items()}
        self.symbols = symbols_with_options(self.option_values)
        self.shelf = SourceShelf(library.source_folder, library.source_folders)

    def error(self, pos: ast.Pos, message: str, hint: str = "") -> None:
        """Record a positioned error."""
        self.diagnostics.append(self.library.diagnostic(pos, message, hint))

    def build(self) -> Variant:
        """Return the Variant; raise RuleFileError with every problem found, in file order."""
        decl = self.merged.decl
        players = self._players()
        options = tuple(self._option(o, s) for o, s in self.merged.options.values())
        self._check_symbols()
        slots = tuple((name, tuple(self._case(c, origin, s) for c, origin, s in cases))
                      for name, cases in sorted(self.merged.slots.items(), key=_slot_order))
        self._check_completeness(decl)
        check_questions((c for _, cases in slots for c in cases), self.error)
        claims = tuple(self._claim(c, s) for c, s in self.merged.claims)
        restatements = built_restatements(
            self.merged.restatements,
            lambda r: self._scope(SLOTS[r.slot].context, Said("where.restates", slot=r.slot),
                                  r.pos),
            _provenance, lambda items: misplaced(items, Said("what.restates"), self.error))
        source_file = self._check_citations()
        if self.diagnostics:
            raise RuleFileError(_in_order(self.diagnostics))
        player_cites, player_remarks = _provenance(
            self.merged.players.provenance if self.merged.players else (), self.merged.source)
        source = self.merged.source_decl
        goats, goats_source = self.merged.several_goats or (ast.SeveralGoats(False), None)
        goats_cites, goats_remarks = _provenance(goats.provenance, goats_source)
        variant = Variant(
            decl.name, decl.title, self.merged.source, players, options, slots, claims,
            player_cites, decl.extends, decl.pos.file, decl.pos, player_remarks, decl.titles,
            source.title if source else None, source.link if source else None,
            self._asides(), self._stated(), str(source_file) if source_file else None,
            self.merged.players.pos if self.merged.players else decl.pos,
            source.pos if source else decl.pos,
            departed=tuple((pos, _provenance(provenance, origin)[0])
                           for pos, provenance, origin in self.merged.departed),
            several_goats=goats.value, several_goats_cites=goats_cites,
            several_goats_remarks=goats_remarks, restatements=restatements)
        own = {i.pos for i in decl.items if isinstance(i, ast.AsideDecl)}
        check_asides(variant, lambda pos: pos in own, self._aside_source, self.error)
        if self.diagnostics:
            raise RuleFileError(_in_order(self.diagnostics))
        return variant

    def _asides(self) -> tuple[Aside, ...]:
        """The asides, each with its reason in both languages; an unknown kind is an error."""
        found = []
        for aside, source in self.merged.asides:
            if aside.kind is not None and aside.kind not in ASIDE_KINDS:
                self.error(aside.pos, Said("aside.kind", kind=aside.kind,
                                           close=did_you_mean(aside.kind, ASIDE_KINDS)),
                           Said("aside.kind hint", kinds=", ".join(ASIDE_KINDS)))
            reason, ru = aside_reason(aside.kind, aside.reason, aside.ru)
            found.append(Aside(aside.text, reason, ru, aside.kind,
                               aside.source if aside.source is not None else (source or ""),
                               aside.pos))
        return tuple(found)

    def _stated(self) -> tuple[StatedDefault, ...]:
        return tuple(StatedDefault(item.slot, _provenance(item.provenance, source)[0], item.pos)
                     for item, source in self.merged.stated.values())

    def _check_citations(self) -> Path | None:
        """Check every source the variant names and every cite against its source, and its own
        `default SLOT stated` lines; return the file of its source (None: none read)."""
        merged = self.merged
        for item in merged.decl.items:
            if isinstance(item, ast.StatedDefault):
                check_stated(item, merged.slots, self.error)
        quoted = Quoted(merged.source_decl, tuple(_cites(merged)), tuple(merged.asides))
        return check_citations(quoted, self.shelf, merged.decl, self.error, self.library.note)

    def _aside_source(self, aside: Aside) -> Path | None:
        """The file an aside quotes, when it is one that may be read (else it goes unchecked:
        an error says why, or there is no folder to read it from)."""
        if not aside.source:
            return None
        declared = self.merged.source_decl
        files = [aside.pos.file] + ([declared.pos.file] if declared is not None else [])
        return self.shelf.path(aside.source, self.shelf.places(files))

    def _players(self) -> tuple[int, ...]:
        players = self.merged.players
        if players is None:
            self.error(self.merged.decl.pos, Said("players.missing", name=self.merged.decl.name),
                       Said("players.missing hint"))
            return VALID_PLAYERS
        misplaced(players.provenance, "`players`", self.error)
        if self.merged.several_goats:
            misplaced(self.merged.several_goats[0].provenance, "`several goats`", self.error)
        wrong = [n for n in players.counts if n not in VALID_PLAYERS]
        twice = sorted({n for n in players.counts if players.counts.count(n) > 1})
        if wrong:
            self.error(players.pos, Said("players.wrong", counts=_listed(wrong)))
        elif twice:
            self.error(players.pos, Said("players.twice", counts=_listed(twice)))
        return tuple(sorted(set(players.counts) & set(VALID_PLAYERS))) or VALID_PLAYERS

    def _option(self, option: ast.OptionDecl, source: str | None) -> Option:
        if is_open(option.values):
            return self._open_option(option, source)
        values, name = option.values, option.name
        typed = [(type(v), v) for v in values]  # so that yes is not 1 and no is not 0
        twice = sorted({_value_text(v) for v in values if typed.count((type(v), v)) > 1})
        if twice:
            self.error(option.pos, Said("option.twice", name=name, values=_listed(twice)))
        if option.default is not None and (type(option.default), option.default) not in typed:
            close = did_you_mean(option.default, [v for v in values if isinstance(v, str)]) \
                if isinstance(option.default, str) else ""
            self.error(option.pos, Said("option.default", value=_value_text(option.default),
                                        name=name, values=_listed(values), close=close))
        kinds = {type(v) for v in values}
        if len(kinds) > 1:
            words = {bool: "yes/no", int: Said("kind.numbers"), str: Said("kind.names")}
            self.error(option.pos, Said("option.mixes", name=name, kinds=_listed(
                sorted(words[k] for k in kinds), "and")), Said("option.mixes hint"))
        if name in _taken_words():
            self.error(option.pos, Said("option.taken", name=name), Said("hint.choose"))
        misplaced(option.provenance, Said("what.option", name=name), self.error)
        cites, r = _provenance(option.provenance, source)
        return Option(name, values, option.default, cites, r.assumption, r.note, option.pos,
                      r.assumption_ru, r.note_ru, self._words(option))

    def _words(self, option: ast.OptionDecl) -> tuple[tuple[OptionValue, str, str], ...]:
        """The `say` lines of an option: each names one of its values, once."""
        found: list[tuple[OptionValue, str, str]] = []
        for say in option.says:
            typed = (type(say.value), say.value)
            if typed in [(type(v), v) for v, _, _ in found]:
                self.error(say.pos, Said("option.says twice", name=option.name,
                                         value=_value_text(say.value)),
                           Said("option.says twice hint"))
            elif (is_open(option.values) and (isinstance(say.value, bool) or say.value
                                              not in option.values)) or (
                    not is_open(option.values)
                    and typed not in [(type(v), v) for v in option.values]):
                self.error(say.pos, Said("option.says none", name=option.name,
                                         value=_value_text(say.value)),
                           Said("option.says none hint", values=values_text(option.values)))
            else:
                found.append((say.value, say.text, say.ru))
        return tuple(found)

    def _open_option(self, option: ast.OptionDecl, source: str | None) -> Option:
        """`option NAME: LOW..HIGH [= DEFAULT]`: the default is a whole number in the range."""
        default, name = option.default, option.name
        if default is not None and (isinstance(default, bool) or default not in option.values):
            self.error(option.pos, Said("option.open default", value=_value_text(default),
                                        name=name, values=values_text(option.values)))
        if name in _taken_words():
            self.error(option.pos, Said("option.taken", name=name), Said("hint.choose"))
        misplaced(option.provenance, Said("what.option", name=name), self.error)
        cites, r = _provenance(option.provenance, source)
        return Option(name, option.values, default, cites, r.assumption, r.note, option.pos,
                      r.assumption_ru, r.note_ru, self._words(option))

    def _check_symbols(self) -> None:
        """An option's named values must not clash with words or another option's values."""
        owner: dict[str, str] = {}
        taken = _taken_words() - set(SYMBOLS)  # built-in symbols may be offered as values
        for name, (option, _) in self.merged.options.items():
            listed = () if is_open(option.values) else option.values
            for value in (v for v in listed if isinstance(v, str)):
                if value in taken or value in self.option_values:
                    self.error(option.pos, Said("value.taken", value=value, name=name),
                               Said("hint.choose"))
                elif owner.setdefault(value, name) != name:
                    self.error(option.pos, Said("value.shared", value=value, name=name,
                                                other=owner[value]), Said("value.shared hint"))

    def _scope(self, context: str, where: str, pos: ast.Pos) -> Scope:
        return Scope(context, self.option_types, self.symbols, where, self.diagnostics,
                     self.library.lines.get(pos.file, []), self.option_values,
                     self.library.spellings.get(pos.file, "en"))

    def _case(self, case: ast.RuleCase, origin: str, source: str | None) -> Case:
        spec = SLOTS[case.slot]
        scope = self._scope(spec.context, Said("where.slot", slot=case.slot), case.pos)
        value = None if isinstance(case.body, ast.Unspecified) else case.body
        if value is not None:
            expect(value, spec.type, scope, Said("what.value", slot=case.slot))
        if case.guard is not None:
            expect(case.guard, BOOL, scope, Said("what.when"))
        cites, r = _provenance(case.provenance, source)
        return Case(case.slot, value, case.guard, case.otherwise, cites, r.assumption, r.note,
                    origin, case.pos, r.assumption_ru, r.note_ru,
                    case_readings(case, scope, self.error))

    def _claim(self, claim: ast.ClaimDecl, source: str | None) -> Claim:
        where = Said("where.an claim" if claim.context[0] in "aeiou" else "where.claim",
                     context=claim.context)
        scope = self._scope(CLAIM_CONTEXTS[claim.context], where, claim.pos)
        expect(claim.expr, BOOL, scope, Said("what.claim"))
        misplaced(claim.provenance, Said("what.claim"), self.error)
        cites, r = _provenance(claim.provenance, source)
        return Claim(claim.context, claim.text, claim.expr, cites, r.assumption, r.note, claim.pos,
                     r.assumption_ru, r.note_ru)

    def _check_completeness(self, decl: ast.VariantDecl) -> None:
        missing = [n for n, spec in SLOTS.items() if spec.required and not self.merged.slots.get(n)]
        if not any(self.merged.slots.get(n) for n in MATCH_END_SLOTS):
            missing.append(MATCH_END_SLOTS[0])  # `goat` or `wins`: how the match ends
        if missing:
            first = SLOTS[missing[0]]
            ending = Listed([f"`{n}`" for n in MATCH_END_SLOTS])
            self.error(decl.pos, Said("slots.missing", name=decl.name, slots=_listed(
                (ending if n == MATCH_END_SLOTS[0] else f"`{n}`" for n in missing), "and")),
                       Said("slots.missing hint", slot=first.name,
                            meaning=Said(f"meaning.{first.name}"),
                            wins=Said("slots.wins") if first.name == MATCH_END_SLOTS[0] else ""))
        for name in SLOTS:
            otherwise = [c for c, _, _ in self.merged.slots.get(name, []) if c.otherwise]
            if len(otherwise) > 1:
                self.error(otherwise[1].pos, Said("otherwise.twice", slot=name,
                                                  line=otherwise[0].pos.line))


def _slot_order(item: tuple[str, object]) -> int:
    return list(SLOTS).index(item[0])


def load_paths(paths: Iterable[Path], library: Library | None = None
               ) -> tuple[Library, list[str]]:
    """Register every rule file under the paths; return the library and the variant names."""
    library = library or Library()
    names: list[str] = []
    for path in paths:
        files = rule_files_in(path, recursive=True) if path.is_dir() else [path]
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


__all__ = ["Library", "load_paths", "load_variant", "parse_variant_file"]
