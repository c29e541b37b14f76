"""Rule text → syntax tree. The only module that imports lark; its errors become ours."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast
from .errors import Diagnostic, RuleFileError

GRAMMAR = Path(__file__).with_name("grammar.lark")
MAX_FILE_BYTES = 1_000_000
MAX_ERRORS = 10

# What a user reads instead of a terminal's name.
TERMINAL_WORDS = {
    "NAME": "a name",
    "VARIANT_NAME": "a variant name",
    "INT": "a whole number",
    "TILE": "a tile like 3-5",
    "STRING": 'a quoted text like "..."',
    "COMPARE": "a comparison (= != < <= > >=)",
    "ADD_OP": "+ or -",
    "MUL_OP": "*",
    "CONTEXT": "a claim context (setup, deal, hand, play, end)",
    "$END": "the end of the file",
    "_EXTENDS": "`extends`",
}


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=True,
        strict=True,
    )


def grammar_text() -> str:
    """Return the grammar, the language's reference document."""
    return GRAMMAR.read_text(encoding="utf-8")


def _pos_of(meta_or_token: Any, file: str) -> ast.Pos:
    line = getattr(meta_or_token, "line", 0) or 0
    column = getattr(meta_or_token, "column", 0) or 0
    return ast.Pos(line, column, file)


def _unquote(token: Token) -> str:
    """Strip the quotes and undo the two escapes a string may hold: \\" and \\\\."""
    body = str(token)[1:-1]
    return body.replace('\\"', '"').replace("\\\\", "\\")


class _Build(Transformer):
    """Builds the frozen syntax tree; every node keeps its position."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file

    def _p(self, meta: Any) -> ast.Pos:
        return _pos_of(meta, self.file)

    # ---- file and variant
    @v_args(meta=True)
    def start(self, meta: Any, children: list) -> tuple:
        return tuple(children)

    @v_args(meta=True)
    def variant(self, meta: Any, ch: list) -> ast.VariantDecl:
        name, title, parent, *items = ch
        return ast.VariantDecl(str(name), _unquote(title) if title else None,
                               str(parent) if parent else None, tuple(items), self._p(name))

    @v_args(meta=True)
    def source_decl(self, meta: Any, ch: list) -> ast.SourceDecl:
        return ast.SourceDecl(_unquote(ch[0]), self._p(meta))

    @v_args(meta=True)
    def players_decl(self, meta: Any, ch: list) -> ast.PlayersDecl:
        return ast.PlayersDecl(ch[0], tuple(ch[1:]), self._p(meta))

    def player_range(self, ch: list) -> tuple[int, ...]:
        return tuple(range(int(ch[0]), int(ch[1]) + 1))

    def player_list(self, ch: list) -> tuple[int, ...]:
        return tuple(int(c) for c in ch)

    @v_args(meta=True)
    def option_decl(self, meta: Any, ch: list) -> ast.OptionDecl:
        name, *rest = ch
        provenance = tuple(c for c in rest if isinstance(c, (ast.Cite, ast.Assume, ast.Note)))
        values = [c for c in rest if not isinstance(c, (ast.Cite, ast.Assume, ast.Note))]
        default = values.pop()  # the `= default` placeholder (None when left out)
        return ast.OptionDecl(str(name), tuple(v[0] for v in values),
                              default[0] if default else None, provenance, self._p(name))

    def int_value(self, ch: list) -> tuple:
        return (int(ch[0]),)

    def yes_value(self, ch: list) -> tuple:
        return (True,)

    def no_value(self, ch: list) -> tuple:
        return (False,)

    def symbol_value(self, ch: list) -> tuple:
        return (str(ch[0]),)

    # ---- rules
    @v_args(meta=True)
    def rule_case(self, meta: Any, ch: list) -> ast.RuleCase:
        slot, body, guard, *provenance = ch
        otherwise = guard == "otherwise"
        return ast.RuleCase(slot, body, None if otherwise else guard, otherwise,
                            tuple(provenance), self._p(meta))

    @v_args(meta=True)
    def unspecified(self, meta: Any, ch: list) -> ast.Unspecified:
        return ast.Unspecified(self._p(meta))

    def when_guard(self, ch: list) -> ast.Expr:
        return ch[0]

    def otherwise_guard(self, ch: list) -> str:
        return "otherwise"

    @v_args(meta=True)
    def cite(self, meta: Any, ch: list) -> ast.Cite:
        return ast.Cite(_unquote(ch[0]), _unquote(ch[1]) if ch[1] else None, self._p(meta))

    @v_args(meta=True)
    def assume(self, meta: Any, ch: list) -> ast.Assume:
        return ast.Assume(_unquote(ch[0]), self._p(meta))

    @v_args(meta=True)
    def note(self, meta: Any, ch: list) -> ast.Note:
        return ast.Note(_unquote(ch[0]), self._p(meta))

    @v_args(meta=True)
    def claim_decl(self, meta: Any, ch: list) -> ast.ClaimDecl:
        context, text, expr, *provenance = ch
        return ast.ClaimDecl(str(context), _unquote(text), expr, tuple(provenance), self._p(meta))

    # ---- expressions
    @v_args(meta=True)
    def conditional(self, meta: Any, ch: list) -> ast.Conditional:
        return ast.Conditional(ch[0], ch[1], ch[2], self._p(meta))

    @v_args(meta=True)
    def any_of(self, meta: Any, ch: list) -> ast.AnyOf:
        return ast.AnyOf(tuple(ch), self._p(meta))

    @v_args(meta=True)
    def all_of(self, meta: Any, ch: list) -> ast.AllOf:
        return ast.AllOf(tuple(ch), self._p(meta))

    @v_args(meta=True)
    def negation(self, meta: Any, ch: list) -> ast.Negation:
        return ast.Negation(ch[0], self._p(meta))

    @v_args(meta=True)
    def compare(self, meta: Any, ch: list) -> ast.Compare:
        return ast.Compare(str(ch[1]), ch[0], ch[2], self._p(ch[1]))

    @v_args(meta=True)
    def member(self, meta: Any, ch: list) -> ast.Member:
        return ast.Member(ch[0], ch[1], self._p(meta))

    @v_args(meta=True)
    def arith(self, meta: Any, ch: list) -> ast.Arith:
        return ast.Arith(str(ch[1]), ch[0], ch[2], self._p(ch[1]))

    def int_lit(self, ch: list) -> ast.IntLit:
        return ast.IntLit(int(ch[0]), _pos_of(ch[0], self.file))

    def tile_lit(self, ch: list) -> ast.TileLit:
        a, b = int(ch[0][0]), int(ch[0][2])
        return ast.TileLit(min(a, b), max(a, b), _pos_of(ch[0], self.file))

    @v_args(meta=True)
    def yes_lit(self, meta: Any, ch: list) -> ast.BoolLit:
        return ast.BoolLit(True, self._p(meta))

    @v_args(meta=True)
    def no_lit(self, meta: Any, ch: list) -> ast.BoolLit:
        return ast.BoolLit(False, self._p(meta))

    @v_args(meta=True)
    def tile_list(self, meta: Any, ch: list) -> ast.TileList:
        return ast.TileList(tuple(c for c in ch if c is not None), self._p(meta))

    def name(self, ch: list) -> ast.Name:
        return ast.Name(str(ch[0]), _pos_of(ch[0], self.file))

    def call(self, ch: list) -> ast.Call:
        return ast.Call(str(ch[0]), tuple(c for c in ch[1:] if c is not None),
                        _pos_of(ch[0], self.file))


def _slot_alias(name: str) -> Callable[..., str]:
    slot_name = name.rstrip("_").replace("_", " ")
    return lambda self, ch: slot_name


for _alias in ("sides", "deal", "draw", "reserve", "pass_", "two_doubles", "redeal",
               "lead_match", "lead_round", "lead_tile", "fish", "hand_value", "loser", "score",
               "bonus", "carry", "opens", "remember", "goat"):
    setattr(_Build, _alias, _slot_alias(_alias))


# Labelled bad examples: the parser state they fail in names the mistake in words.
ERROR_EXAMPLES: dict[str, list[str]] = {
    "a rule needs `when` before its condition (or `otherwise`)": [
        'variant v { score: 1 side = 0 }',
        'variant v { score: value(side) end = out }',
    ],
    "a rule needs `:` after its slot name": [
        'variant v { score 1 }',
        'variant v { lead match holder(1-1) }',
    ],
    "a variant's rules go between `{` and `}`": [
        'variant v score: 1',
        'variant v "t" score: 1',
    ],
    "a file starts with `variant NAME {`": [
        'score: 1',
        'players 2..4',
    ],
    "an option lists its values separated by `|`, then `= default`": [
        'variant v { option target: 100, 300 }',
    ],
    "`cite`, `assume` and `note` take a quoted text": [
        'variant v { score: 1 cite 3 }',
        'variant v { score: 1 cite quote }',
    ],
    "the variant is not closed with `}`": [
        'variant v { score: 1',
    ],
}


ITEM_STARTERS = {"SIDES", "DEAL", "DRAW", "RESERVE", "PASS", "TWO", "REDEAL", "LEAD", "FISH",
                 "HAND", "LOSER", "SCORE", "BONUS", "CARRY", "OPENS", "REMEMBER", "GOAT",
                 "OPTION", "PLAYERS", "SOURCE", "CLAIM"}


def _expected_words(expected: set[str]) -> str:
    parser = _lark()
    words = []
    if len(expected & ITEM_STARTERS) > 3:
        expected = expected - ITEM_STARTERS
        words.append("a new rule (like `score:`)")
    for name in sorted(expected):
        if name in TERMINAL_WORDS:
            words.append(TERMINAL_WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
            words.append(f"`{pattern.value}`" if pattern.type == "str" else name.lower())
        except KeyError:
            words.append(name.lower())
    return ", ".join(sorted(set(words)))


def _label(error: UnexpectedInput, text: str) -> str | None:
    try:
        return error.match_examples(_lark().parse, ERROR_EXAMPLES, use_accepts=True)
    except Exception:  # a label is a courtesy; never let it hide the real error
        return None


def _describe(error: UnexpectedInput, text: str) -> str:
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        return f"unexpected character {char!r}"
    if isinstance(error, UnexpectedEOF):
        return f"unexpected end of file; expected {_expected_words(set(error.expected))}"
    assert isinstance(error, UnexpectedToken)
    token = error.token
    found = "end of file" if token.type == "$END" else repr(str(token))
    return f"unexpected {found}; expected {_expected_words(set(error.accepts or error.expected))}"


def _diagnostic(error: UnexpectedInput, text: str, file: str) -> Diagnostic:
    lines = text.splitlines() or [""]
    line = max(getattr(error, "line", 0) or 0, 1)
    column = max(getattr(error, "column", 0) or 0, 1)
    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken)
                                            and error.token.type == "$END"):
        line, column = len(lines), len(lines[-1]) + 1
    message = _describe(error, text)
    label = _label(error, text)
    source_line = lines[line - 1] if line - 1 < len(lines) else ""
    return Diagnostic(file, line, column, message, source_line, hint=label or "")


def parse_text(text: str, file: str = "<text>") -> ast.RuleFile:
    """Parse rule text into a syntax tree; raise RuleFileError with every error found."""
    errors: list[UnexpectedInput] = []

    def recover(error: UnexpectedInput) -> bool:
        # One error per line: what follows a mistake on the same line is usually its echo.
        if not errors or _line_of(errors[-1]) != _line_of(error) and not _at_end(error):
            errors.append(error)
        return len(errors) < MAX_ERRORS and not _at_end(error)

    try:
        tree = _lark().parse(text, on_error=recover)
    except UnexpectedInput as error:
        if not errors:
            errors.append(error)
        tree = None
    except Exception as error:  # lark internals after a recovery attempt: report what we have
        if not errors:
            raise RuleFileError([Diagnostic(file, 1, 1, f"cannot parse: {error}")]) from None
        tree = None
    if errors:
        raise RuleFileError(_unique([_diagnostic(e, text, file) for e in errors])) from None
    variants = _Build(file).transform(tree)
    return ast.RuleFile(variants, file)


def _line_of(error: UnexpectedInput) -> int:
    return getattr(error, "line", 0) or 0


def _at_end(error: UnexpectedInput) -> bool:
    return isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END")


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[int, int]] = set()
    kept = []
    for d in diagnostics:
        if (d.line, d.column) not in seen:
            seen.add((d.line, d.column))
            kept.append(d)
    return kept


def read_rule_file(path: Path) -> str:
    """Read a rule file as text; reject huge, binary, non-UTF-8 or empty files in one line."""
    name = str(path)
    try:
        size = path.stat().st_size
    except OSError as error:
        raise RuleFileError([Diagnostic(name, 1, 1, f"cannot read file: {error.strerror}")]) from None
    if size > MAX_FILE_BYTES:
        raise RuleFileError([Diagnostic(
            name, 1, 1, f"file is too large ({size} bytes; a rule file is at most {MAX_FILE_BYTES})")])
    data = path.read_bytes()
    if b"\x00" in data:
        raise RuleFileError([Diagnostic(name, 1, 1, "file is binary, not a rule text")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RuleFileError([Diagnostic(
            name, line, 1, f"file is not UTF-8 text (byte {error.start} is 0x{data[error.start]:02x})")]) from None
    if not text.strip():
        raise RuleFileError([Diagnostic(name, 1, 1, "file is empty; expected `variant NAME { ... }`")])
    return text.lstrip("\ufeff")


def parse_file(path: Path) -> ast.RuleFile:
    """Read and parse one rule file."""
    return parse_text(read_rule_file(path), str(path))
