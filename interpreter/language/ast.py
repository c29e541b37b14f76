"""The syntax tree of a rule file: frozen dataclasses with positions and no behaviour.

Positions never take part in equality, so a variant printed and parsed again compares equal
to the original. Class names are the grammar's aliases in CamelCase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Pos:
    """A place in a rule file (1-based line and column)."""

    line: int = 0
    column: int = 0
    file: str = ""

    def __str__(self) -> str:
        return f"{self.file or '<text>'}:{self.line}:{self.column}"


NOWHERE = Pos()


def _pos() -> Pos:
    return field(default=NOWHERE, compare=False, repr=False)  # type: ignore[return-value]


# ---- expressions -------------------------------------------------------------------------


@dataclass(frozen=True)
class IntLit:
    value: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class BoolLit:
    value: bool
    pos: Pos = _pos()


@dataclass(frozen=True)
class TileLit:
    low: int
    high: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class TileList:
    """An ordered list of tiles `[1-1, 2-2]`; used as a set, or as a priority order."""

    items: tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Name:
    """A term (`hand`, `players`), an option (`target`) or a symbol (`partners`, `out`)."""

    name: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Arith:
    op: str  # + - *
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Compare:
    op: str  # = != < <= > >=
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Member:
    """`x in s`: a tile in a set of tiles, or a value among listed values."""

    item: "Expr"
    collection: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class AllOf:
    items: tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class AnyOf:
    items: tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Negation:
    item: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Conditional:
    test: "Expr"
    then: "Expr"
    otherwise: "Expr"
    pos: Pos = _pos()


Expr = Union[
    IntLit, BoolLit, TileLit, TileList, Name, Call, Arith, Compare, Member, AllOf, AnyOf,
    Negation, Conditional,
]

# ---- items ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cite:
    quote: str
    source: str | None = None  # None: the variant's own source file
    pos: Pos = _pos()


@dataclass(frozen=True)
class Assume:
    reason: str
    ru: str | None = None  # the reason in Russian, for the Russian rulebook
    pos: Pos = _pos()


@dataclass(frozen=True)
class Note:
    text: str
    ru: str | None = None  # the note in Russian
    pos: Pos = _pos()


@dataclass(frozen=True)
class Reading:
    """`reading NAME [: VALUE [when COND | otherwise]] "why" [ru "..."]`: one reading of the
    case's sentence. Without a value it names the case's own (chosen) reading; with one it is
    another reading, whose value (and `when`, if written) replace the case's."""

    name: str
    text: str
    ru: str | None = None
    value: "Expr | Unspecified | None" = None  # None: the case's own reading
    guard: "Expr | None" = None  # None: the case's own `when` (unless `otherwise`)
    otherwise: bool = False
    pos: Pos = _pos()


Provenance = Union[Cite, Assume, Note, Reading]


@dataclass(frozen=True)
class Say:
    """`say VALUE "words" ru "слова"` under an option: what the value is called at the table."""

    value: "OptionValue"
    text: str
    ru: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class Unspecified:
    """The body of a case the text leaves open: play that reaches it stops with an error."""

    pos: Pos = _pos()


@dataclass(frozen=True)
class SourceDecl:
    path: str
    pos: Pos = _pos()
    title: str | None = None  # the source's name for readers (`source "F" title "..."`)
    link: str | None = None  # where a reader finds it (`link "..."`)


@dataclass(frozen=True)
class PlayersDecl:
    counts: tuple[int, ...]
    provenance: tuple[Provenance, ...] = ()
    pos: Pos = _pos()


OptionValue = Union[int, bool, str]


@dataclass(frozen=True)
class OptionDecl:
    name: str
    values: "tuple[OptionValue, ...] | range"  # a range: `option target: 50..1000`
    default: OptionValue | None
    provenance: tuple[Provenance, ...] = ()
    pos: Pos = _pos()
    says: tuple[Say, ...] = ()  # the values' words at the table


@dataclass(frozen=True)
class RuleCase:
    """One case of a rule slot: `slot: body when guard` (guard None = always; otherwise)."""

    slot: str
    body: "Expr | Unspecified"
    guard: "Expr | None"
    otherwise: bool
    provenance: tuple[Provenance, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class ClaimDecl:
    context: str
    text: str
    expr: Expr
    provenance: tuple[Provenance, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class RestateDecl:
    """`restates SLOT: VALUE [when COND] cite "..." [expect refuted]`: a sentence that says
    again what the rule of SLOT says elsewhere in the text; wherever COND holds, the variant's
    own cases of SLOT give VALUE."""

    slot: str
    value: Expr
    guard: "Expr | None"
    provenance: tuple[Provenance, ...] = ()
    expect_refuted: bool = False
    pos: Pos = _pos()


@dataclass(frozen=True)
class RestateEdit:
    """`drop restates SLOT when COND` (or without `when`): one inherited restatement dropped,
    named by its slot and its condition as written."""

    slot: str
    pick: "CasePick"
    pos: Pos = _pos()


@dataclass(frozen=True)
class AsideDecl:
    """`aside "TEXT" [from "F"] because KIND | because "reason" [ru "..."]`: a sentence (or a
    part of one) of the source that states no rule, and why."""

    text: str
    kind: str | None  # a word of concordance.ASIDE_KINDS, or None with a reason of its own
    reason: str | None = None
    ru: str | None = None
    source: str | None = None  # None: the variant's own source file
    pos: Pos = _pos()


@dataclass(frozen=True)
class StatedDefault:
    """`default SLOT stated cite "..."`: the text itself states what the language's built-in
    default for the slot does, so the checker does not report that default as the text's
    silence."""

    slot: str
    provenance: tuple[Provenance, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class CasePick:
    """Which case of a parent's slot a house rule means: by its `when` condition (`when`),
    the `otherwise` case, the case carrying a reading (`reading`), or the case that always
    applies (`always`: neither `when` nor `otherwise`)."""

    kind: str  # when | otherwise | reading | always
    guard: "Expr | None" = None
    reading: str | None = None
    pos: Pos = _pos()


@dataclass(frozen=True)
class CaseEdit:
    """`replace SLOT PICK: ...`, `add SLOT: ...`, `drop SLOT PICK`: one case of the parent's
    slot replaced, added or dropped; the rest of the slot is inherited."""

    action: str  # replace | add | drop
    slot: str
    pick: CasePick | None  # None for `add`
    case: "RuleCase | None"  # the new case (None for `drop`)
    pos: Pos = _pos()


@dataclass(frozen=True)
class ClaimEdit:
    """`drop claim "TEXT"`, `replace claim CONTEXT "TEXT": ...`: one inherited claim, by its
    text, dropped or replaced."""

    action: str  # replace | drop
    text: str
    claim: "ClaimDecl | None"
    pos: Pos = _pos()


@dataclass(frozen=True)
class SeveralGoats:
    """`several goats: yes`: several sides may lose the match in the same round."""

    value: bool
    provenance: tuple[Provenance, ...] = ()
    pos: Pos = _pos()


Item = Union[SourceDecl, PlayersDecl, OptionDecl, RuleCase, ClaimDecl, RestateDecl, AsideDecl,
             StatedDefault, CaseEdit, ClaimEdit, RestateEdit, SeveralGoats]


@dataclass(frozen=True)
class VariantDecl:
    name: str
    title: str | None
    extends: str | None
    items: tuple[Item, ...]
    pos: Pos = _pos()
    titles: tuple[tuple[str, str], ...] = ()  # `"title" en "title"`: (language, title)


@dataclass(frozen=True)
class RelationSide:
    """One side of a relation: a variant's name and the options it is set to."""

    variant: str
    settings: tuple[tuple[str, OptionValue], ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class RelationDecl:
    """`relation "text" A same as B except S1, S2`: a claim across variants."""

    text: str
    ru: str | None
    a: RelationSide
    b: RelationSide
    differing: tuple[str, ...] = ()  # the slots after `except`
    expect_refuted: bool = False
    pos: Pos = _pos()


@dataclass(frozen=True)
class UseDecl:
    path: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class RuleFile:
    variants: tuple[VariantDecl, ...]
    path: str = ""
    uses: tuple[UseDecl, ...] = ()
    relations: tuple[RelationDecl, ...] = ()
    # the spelling the file is written in, "en" or "ru" (spelling.py): not part of the model
    spelling: str = field(default="en", compare=False)

