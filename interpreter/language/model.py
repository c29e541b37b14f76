"""The checked model: a resolved Variant. The single source of truth for engine, checks, docs."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ast
from .ast import NOWHERE, OptionValue, Pos


def value_text(value: object) -> str:
    """Write an option value as a rule file writes it: yes/no for truth values."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True)
class Citation:
    """A quoted phrase of a source text that a rule encodes."""

    source: str
    quote: str


@dataclass(frozen=True)
class Remarks:
    """An assumption and a note, each with its Russian wording (for items without own fields)."""

    assumption: str | None = None
    note: str | None = None
    assumption_ru: str | None = None
    note_ru: str | None = None


@dataclass(frozen=True)
class Reading:
    """One reading of an ambiguous sentence, carried by a case (see interpreter/language/readings.py).

    The chosen reading is the case's own value and `when`; another reading has its own value
    (None: unspecified) and, where written, its own `when` (`guard` None: the case's)."""

    name: str
    text: str
    text_ru: str | None = None
    chosen: bool = False
    value: ast.Expr | None = None
    guard: ast.Expr | None = None
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Case:
    """One case of a rule slot. `value` None means the text leaves this case unspecified."""

    slot: str
    value: ast.Expr | None
    guard: ast.Expr | None = None
    otherwise: bool = False
    cites: tuple[Citation, ...] = ()
    assumption: str | None = None
    note: str | None = None
    origin: str = field(default="", compare=False)
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)
    assumption_ru: str | None = None  # the same in Russian, for the Russian rulebook
    note_ru: str | None = None
    readings: tuple[Reading, ...] = ()  # the readings of its sentence, as written

    @property
    def unspecified(self) -> bool:
        """True when the text is silent here: play that reaches the case must stop."""
        return self.value is None


@dataclass(frozen=True)
class Option:
    """A named choice of the variant with its finite domain and default (None: must be given)."""

    name: str
    values: "tuple[OptionValue, ...] | range"  # a range: any whole number in it (open option)
    default: OptionValue | None
    cites: tuple[Citation, ...] = ()
    assumption: str | None = None
    note: str | None = None
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)
    assumption_ru: str | None = None  # the same in Russian, for the Russian rulebook
    note_ru: str | None = None
    # `say VALUE "words" ru "слова"`: (value, English, Russian), what a value is called at the
    # table; the rulebook says these instead of the option's name
    words: "tuple[tuple[OptionValue, str, str], ...]" = ()

    def usual_value(self) -> OptionValue:
        """Return the value a match takes where nothing sets the option: its default, else its
        first value."""
        return self.default if self.default is not None else self.values[0]

    def said(self, value: object, lang: str) -> str | None:
        """Return a value's words at the table in a language (None where the file gives none)."""
        for written, en, ru in self.words:
            if type(written) is type(value) and written == value:
                return ru if lang == "ru" else en
        return None


@dataclass(frozen=True)
class Claim:
    """A statement the author believes follows from the rules; the checker proves or refutes it."""

    context: str
    text: str
    expr: ast.Expr
    cites: tuple[Citation, ...] = ()
    assumption: str | None = None
    note: str | None = None
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)
    assumption_ru: str | None = None  # the same in Russian, for the Russian rulebook
    note_ru: str | None = None


@dataclass(frozen=True)
class Restatement:
    """A sentence that says again what a rule says elsewhere in the text: wherever `guard`
    holds (None: everywhere), the variant's own cases of `slot` give `value` (for the additive
    `bonus`, all its cases added up). The checker proves it or refutes it with a game;
    `expect_refuted` marks one the text itself contradicts (checks/questions/restated.py)."""

    slot: str
    value: ast.Expr
    guard: ast.Expr | None = None
    cites: tuple[Citation, ...] = ()
    assumption: str | None = None
    note: str | None = None
    expect_refuted: bool = False
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)
    assumption_ru: str | None = None
    note_ru: str | None = None


@dataclass(frozen=True)
class Aside:
    """A sentence (or a part of one) of a source text that states no rule, and why: the
    concordance's account of it (interpreter/language/concordance.py)."""

    text: str
    reason: str  # in English: the kind's words, or the reason as written
    reason_ru: str | None = None
    kind: str | None = None  # a word of concordance.ASIDE_KINDS, None for a reason of its own
    source: str = ""
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class StatedDefault:
    """`default SLOT stated cite "..."`: the text states what the language's default for the
    slot does; the checker does not report that default as the text's silence."""

    slot: str
    cites: tuple[Citation, ...] = ()
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Variant:
    """A resolved, type-checked variant: every slot filled (or explicitly unspecified)."""

    name: str
    title: str | None
    source: str | None
    players: tuple[int, ...]
    options: tuple[Option, ...]
    slots: tuple[tuple[str, tuple[Case, ...]], ...]
    claims: tuple[Claim, ...] = ()
    player_cites: tuple[Citation, ...] = ()
    parent: str | None = field(default=None, compare=False)
    file: str = field(default="", compare=False)
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)
    player_remarks: "Remarks" = field(default_factory=lambda: Remarks())
    # `title en "..."`: the title in other languages than the one it is written in, by language
    titles: tuple[tuple[str, str], ...] = ()
    source_title: str | None = None  # `source "F" title "..."`: the source's name for readers
    source_link: str | None = None  # `link "..."`: where a reader finds the source
    asides: tuple[Aside, ...] = ()  # its own and its parents', in the order written
    stated_defaults: tuple[StatedDefault, ...] = ()
    # the source text's file where it was found beside the rule file (citations.py)
    source_file: str | None = field(default=None, compare=False)
    players_pos: Pos = field(default=NOWHERE, compare=False, repr=False)
    source_pos: Pos = field(default=NOWHERE, compare=False, repr=False)  # its `source` item
    # `several goats: yes`: several sides may lose the match in the same round (the checker
    # then does not ask for one goat at a time); with its citations and remarks
    several_goats: bool = False
    # the citations of the parent's cases and claims its house rules replaced or dropped, each
    # with the house rule's place: the sentences they quote are set aside, not left out
    departed: tuple[tuple[Pos, tuple[Citation, ...]], ...] = field(default=(), compare=False)
    several_goats_cites: tuple[Citation, ...] = ()
    several_goats_remarks: "Remarks" = field(default_factory=lambda: Remarks())
    # `restates SLOT: VALUE when COND`: its own and its parents', in the order written
    restatements: tuple[Restatement, ...] = ()

    def title_in(self, lang: str) -> str:
        """Return the variant's title in a language: its translation where written, else the
        title as written, else its name."""
        return dict(self.titles).get(lang) or self.title or self.name

    def cases(self, slot: str) -> tuple[Case, ...]:
        """Return the cases of a slot (empty when the slot is left to its default)."""
        for name, cases in self.slots:
            if name == slot:
                return cases
        return ()

    def option(self, name: str) -> Option | None:
        """Return the option with this name, or None."""
        return next((o for o in self.options if o.name == name), None)

    def assumptions(self) -> list[Case | Option | Claim]:
        """Return every case, option or claim that rests on an assumption."""
        items: list[Case | Option | Claim] = [o for o in self.options if o.assumption]
        items += [c for _, cases in self.slots for c in cases if c.assumption]
        return items

    def unspecified_cases(self) -> list[Case]:
        """Return every case the text leaves unspecified."""
        return [c for _, cases in self.slots for c in cases if c.unspecified]
