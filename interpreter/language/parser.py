"""Rule text → syntax tree, with Lark; no Lark error leaves this module: they become ours.

Lark is imported only in the front end (tests/test_layering.py): here, in the built parser's
cache (lark_cache.py), the tree builders (header_items.py), the labels of syntax errors
(syntax_labels.py) and the highlighter.

Parsing drives Lark's LALR parser token by token. After a syntax error it goes back to the last
item boundary (just after a variant's `{`, or the start of the file) and resumes at the next
line that starts a new item, so every independent mistake in a file is reported once, without
the echoes a token-skipping recovery produces.
"""

from __future__ import annotations

import keyword
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import ast
from .errors import Diagnostic, RuleFileError, did_you_mean, line_ends, source_lines
from .syntax_errors import ERROR_EXAMPLES  # noqa: F401 (API: the labelled bad examples)
from .syntax_errors import (LOOKALIKES, NAMES, SLOT_SYNONYMS, VALUE_START, token_text,
                            words_expected)
from .lark_cache import cached_lark
from .lark_shipped import tables_file
from .limits import check_cases, check_claims, check_nesting, check_numbers, check_paths
from .header_items import HeaderItems
from .concordance_items import ConcordanceItems
from .house_items import HouseItems
from .relation_items import RelationItems
from .open_options import open_range
from .rule_file import MAX_FILE_BYTES, display_name, read_rule_file  # noqa: F401 (API)
from .said import Said
from .spelling import keywords as spelled_keywords, russian_grammar, spelling_of
from .spelled_errors import (SLOT_PHRASE, Respelled, other_spelling_message,
                             second_words_of, slot_words, translate_names)
from .syntax_labels import label_of
from .slots import SLOTS
from .writing_hints import LOOKALIKE_NAMES, lookalike_message, mixed_script_message

GRAMMAR = Path(__file__).with_name("grammar.lark")
_WORD = re.compile(r"[\w-]+")
MAX_ERRORS = 10
MAX_DIGITS = 9  # a rule never needs a bigger number; int() of a huge one is slow or fails
Tok = Any  # a lark Token: its positions are typed Optional, but the lexer always sets them
_SLOT_WORDS = list(SLOTS) + ["option", "players", "source", "claim", "restates", "aside", "default"]  # what may start an item


_OPTIONS: dict[str, Any] = dict(parser="lalr", lexer="contextual", propagate_positions=True,
                                maybe_placeholders=True, strict=True)


@lru_cache(maxsize=2)
def _lark(spelling: str) -> Lark:  # no default: lru_cache keys `_lark()` apart from `_lark("en")`
    grammar = grammar_text() if spelling == "en" else russian_grammar(grammar_text())
    return cached_lark(grammar, _OPTIONS, lambda: Lark(grammar, **_OPTIONS))


def grammar_text() -> str:
    """Return the grammar, the language's reference document."""
    return GRAMMAR.read_text(encoding="utf-8")


def write_packaged_tables() -> list[Path]:
    """Write the package's tables of both spellings of the grammar (lark_shipped.py)."""
    from .lark_shipped import write_packaged

    return write_packaged([grammar_text(), russian_grammar(grammar_text())], _OPTIONS)


def parser_tables() -> bytes:
    """The tables file of the rule language's parser, made ahead of time (lark_shipped.py)."""
    return tables_file(grammar_text(), _OPTIONS)


def _pos_of(meta_or_token: Any, file: str) -> ast.Pos:
    return ast.Pos(getattr(meta_or_token, "line", 0) or 0,
                   getattr(meta_or_token, "column", 0) or 0, file)


_ESCAPE = re.compile(r'\\(["\\])')


def _unquote(token: Token) -> str:
    """Strip the quotes and undo the two escapes a string may hold: \\" and \\\\."""
    return _ESCAPE.sub(r"\1", str(token)[1:-1])


class _Build(HeaderItems, ConcordanceItems, HouseItems, RelationItems, Transformer):
    """Builds the frozen syntax tree; every node keeps its position.

    The few mistakes the grammar cannot see (an empty player range, a number too long to be
    meant) are collected in `errors` instead of raised: a Transformer wraps exceptions.
    """

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file
        self.errors: list[tuple[ast.Pos, str]] = []

    def _p(self, meta: Any) -> ast.Pos:
        return _pos_of(meta, self.file)

    def _int(self, token: Token) -> int:
        if len(token) > MAX_DIGITS:
            self.errors.append((_pos_of(token, self.file),
                                Said("parse.too large", number=token[:12] + "…")))
            return 0
        return int(token)

    # ---- file and variant
    @v_args(meta=True)
    def variant(self, meta: Any, ch: list) -> ast.VariantDecl:
        name, title, translated, parent, *items = ch
        return ast.VariantDecl(str(name), _unquote(title) if title else None,
                               str(parent) if parent else None, tuple(items), self._p(name),
                               (translated,) if translated else ())

    @v_args(meta=True)
    def players_decl(self, meta: Any, ch: list) -> ast.PlayersDecl:
        return ast.PlayersDecl(ch[0], tuple(ch[1:]), self._p(meta))

    def player_range(self, ch: list) -> tuple[int, ...]:
        low, high = self._int(ch[0]), self._int(ch[1])
        if not 2 <= low <= high <= 4:
            self.errors.append((_pos_of(ch[0], self.file),
                                Said("parse.players", low=low, high=high, swap=Said(
                                    "parse.players swap", low=low, high=high)
                                    if 2 <= high < low <= 4 else "")))
            return (2,)
        return tuple(range(low, high + 1))

    def player_list(self, ch: list) -> tuple[int, ...]:
        return tuple(self._int(c) for c in ch)

    @v_args(meta=True)
    def option_decl(self, meta: Any, ch: list) -> ast.OptionDecl:
        name, *rest = ch
        kinds = (ast.Cite, ast.Assume, ast.Note, ast.Reading, ast.Say)
        provenance = tuple(c for c in rest if isinstance(c, kinds[:-1]))
        says = tuple(c for c in rest if isinstance(c, ast.Say))
        values = [c for c in rest if not isinstance(c, kinds)]
        default = values.pop()  # the `= default` placeholder (None when left out)
        return ast.OptionDecl(str(name), tuple(v[0] for v in values),
                              default[0] if default else None, provenance, self._p(name), says)

    @v_args(meta=True)
    def option_range(self, meta: Any, ch: list) -> ast.OptionDecl:
        name, low, high, default, *lines = ch
        values = open_range(self._int(low), self._int(high), _pos_of(low, self.file),
                            self.errors)
        return ast.OptionDecl(str(name), values, default[0] if default else None,
                              tuple(c for c in lines if not isinstance(c, ast.Say)),
                              self._p(name), tuple(c for c in lines if isinstance(c, ast.Say)))

    @v_args(meta=True)
    def say_words(self, meta: Any, ch: list) -> ast.Say:
        return ast.Say(ch[0][0], _unquote(ch[1]), _unquote(ch[2]), self._p(meta))

    def int_value(self, ch: list) -> tuple:
        return (self._int(ch[0]),)

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

    @v_args(meta=True)
    def cite(self, meta: Any, ch: list) -> ast.Cite:
        return ast.Cite(_unquote(ch[0]), _unquote(ch[1]) if ch[1] else None, self._p(meta))

    @v_args(meta=True)
    def claim_decl(self, meta: Any, ch: list) -> ast.ClaimDecl:
        context, text, expr, *provenance = ch
        return ast.ClaimDecl(str(context), _unquote(text), expr, tuple(provenance), self._p(meta))

    # ---- expressions (the plain ones are added below, from a table)
    @v_args(meta=True)
    def compare(self, meta: Any, ch: list) -> ast.Compare:
        return ast.Compare(str(ch[1]), ch[0], ch[2], self._p(ch[1]))

    @v_args(meta=True)
    def arith(self, meta: Any, ch: list) -> ast.Arith:
        return ast.Arith(str(ch[1]), ch[0], ch[2], self._p(ch[1]))

    def int_lit(self, ch: list) -> ast.IntLit:
        return ast.IntLit(self._int(ch[0]), _pos_of(ch[0], self.file))

    def tile_lit(self, ch: list) -> ast.TileLit:
        a, b = int(ch[0][0]), int(ch[0][2])
        return ast.TileLit(min(a, b), max(a, b), _pos_of(ch[0], self.file))

    @v_args(meta=True)
    def tile_list(self, meta: Any, ch: list) -> ast.TileList:
        return ast.TileList(tuple(c for c in ch if c is not None), self._p(meta))

    def name(self, ch: list) -> ast.Name:
        return ast.Name(str(ch[0]), _pos_of(ch[0], self.file))

    def call(self, ch: list) -> ast.Call:
        return ast.Call(str(ch[0]), tuple(c for c in ch[1:] if c is not None),
                        _pos_of(ch[0], self.file))


def slot_alias(slot: str) -> str:
    """A slot's alias in grammar.lark: its words joined by `_`, `pass_` for a keyword."""
    alias = slot.replace(" ", "_")
    return alias + "_" if keyword.iskeyword(alias) else alias


for _slot in SLOTS:  # each slot alternative of the grammar becomes the slot's name
    setattr(_Build, slot_alias(_slot), lambda self, ch, name=_slot: name)


def _node(make: Callable[..., Any]) -> Callable[..., Any]:
    """A builder that passes the children and the node's position to `make`."""
    return v_args(meta=True)(lambda self, meta, ch: make(*ch, pos=self._p(meta)))


_PLAIN: dict[str, Callable[..., Any]] = {
    "start": lambda *decls, pos: decls,
    "use_decl": lambda path, pos: ast.UseDecl(_unquote(path), pos),
    "conditional": ast.Conditional, "negation": ast.Negation, "member": ast.Member,
    "any_of": lambda *items, pos: ast.AnyOf(items, pos),
    "all_of": lambda *items, pos: ast.AllOf(items, pos),
    "yes_lit": lambda pos: ast.BoolLit(True, pos), "no_lit": lambda pos: ast.BoolLit(False, pos),
    "assume": lambda text, ru, pos: ast.Assume(_unquote(text), _unquote(ru) if ru else None, pos),
    "note": lambda text, ru, pos: ast.Note(_unquote(text), _unquote(ru) if ru else None, pos),
    "reading": lambda name, body, guard, text, ru, pos: ast.Reading(
        str(name), _unquote(text), _unquote(ru) if ru else None, body,
        None if guard == "otherwise" else guard, guard == "otherwise", pos),
}
for _alias, _make in _PLAIN.items():
    setattr(_Build, _alias, _node(_make))
_CHILDREN: dict[str, Callable[[list[Any]], Any]] = {  # builders that need no position
    "yes_value": lambda ch: (True,), "no_value": lambda ch: (False,),
    "symbol_value": lambda ch: (str(ch[0]),), "when_guard": lambda ch: ch[0],
    "otherwise_guard": lambda ch: "otherwise",
}
for _alias, _make in _CHILDREN.items():
    setattr(_Build, _alias, lambda self, ch, make=_make: make(ch))


def _build(tree: Any, file: str, lines: list[str]) -> tuple[Any, ...]:
    builder = _Build(file)
    try:
        decls = builder.transform(tree)
    except LarkError as error:  # a bug of ours, but the user still gets a positioned message
        raise RuleFileError([Diagnostic(file, 1, 1, Said("parse.cannot read", error=error))]) from None
    if builder.errors:
        raise RuleFileError([_at(file, lines, pos.line, pos.column, message)
                             for pos, message in sorted(builder.errors, key=lambda e: (
                                 e[0].line, e[0].column))])
    return decls


def _at(file: str, lines: list[str], line: int, column: int, message: str,
        hint: str = "") -> Diagnostic:
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(file, line, column, message, source, hint)


# ---- error recovery ------------------------------------------------------------------------

_WORD_AT_START = re.compile(r"\s*([^\W\d][\w-]*|})")


@lru_cache(maxsize=2)
def _item_starters(spelling: str = "en") -> dict[str, str]:
    """Map each terminal that may start an item of a variant to its keyword."""
    parser = _lark(spelling).parse_interactive(f"{_VARIANT[spelling]} v {{")
    parser.exhaust_lexer()
    return {name: _lark(spelling).get_terminal(name).pattern.value for name in parser.accepts()}


_VARIANT = {"en": "variant", "ru": spelled_keywords("en", "ru")["variant"]}


class _Recovering:
    """Feeds the parser token by token; after an error, resumes at the next line starting an item."""

    def __init__(self, text: str, reporter: "_Reporter") -> None:
        self.text, self.reporter = text, reporter
        self.spelling = reporter.spelling
        self.parser = _lark(self.spelling).parse_interactive(text)
        self.state = self.parser.parser_state
        self.start = self._snapshot()
        self.body: tuple[list, list] | None = None  # the parser just after a variant's `{`
        self.offsets = [0]
        for line in text.split("\n"):
            self.offsets.append(self.offsets[-1] + len(line) + 1)

    def _snapshot(self) -> tuple[list, list]:
        return list(self.state.state_stack), list(self.state.value_stack)

    def run(self) -> Any:
        """Return the parse tree (None when there were errors; they are in the reporter)."""
        while True:
            try:
                for token in self.parser.lexer_thread.lex(self.state):
                    if self.reporter.last is None or token.line > self.reporter.last.end_line:
                        self.reporter.line_start = self._snapshot()  # for `incomplete line`
                    self.parser.feed_token(token)
                    self._passed(token)
                return self.parser.feed_eof(self.reporter.last)
            except UnexpectedInput as error:
                at_end = isinstance(error, UnexpectedToken) and error.token.type == "$END"
                if not self.reporter.report(error, self.parser) or at_end \
                        or not self._resume(error):
                    return None

    def _passed(self, token: Token) -> None:
        if token.type == "LBRACE":
            self.body = self._snapshot()
        elif token.type == "RBRACE":
            self.body = None
        self.reporter.passed(token)

    def _resume(self, error: UnexpectedInput) -> bool:
        """Go back to the last item boundary and on to the next line that starts an item."""
        line = error.line
        again = self.reporter.unfinished or (
            isinstance(error, UnexpectedToken) and self.reporter.starts_line(error.token))
        for number in range(line if again else line + 1, len(self.offsets)):
            word = _first_word(self.reporter.lines[number - 1])
            if word == _VARIANT[self.spelling]:
                self._restore(self.start)
                self.body = self.reporter.brace = None
            elif self.body is not None and word in _item_starters(self.spelling).values():
                self._restore(self.body)
            else:
                continue
            self._move_lexer(number)
            return True
        return False

    def _restore(self, snapshot: tuple[list, list]) -> None:
        self.state.state_stack[:], self.state.value_stack[:] = snapshot

    def _move_lexer(self, line: int) -> None:
        lexer_state: Any = self.parser.lexer_thread.state
        counter = lexer_state.line_ctr
        counter.char_pos = counter.line_start_pos = self.offsets[line - 1]
        counter.line, counter.column = line, 1
        lexer_state.last_token = None


def _first_word(line: str) -> str:
    return match.group(1) if (match := _WORD_AT_START.match(line)) else ""


# ---- describing a syntax error in words (the words themselves are in errors.py) -------------

def _literal(name: str, spelling: str = "en") -> str | None:
    """The keyword or punctuation a terminal stands for, if it is one fixed string."""
    try:
        pattern = _lark(spelling).get_terminal(name).pattern
    except KeyError:
        return None
    return pattern.value if pattern.type == "str" else None


def expected_words(accepts: set[str], spelling: str = "en") -> str:
    """Say in words what the parser could take next: `a value (like 7, ...)`, `a new rule`."""
    return words_expected(accepts, lambda name: _literal(name, spelling),
                          set(_item_starters(spelling)) - {"RBRACE"})


class _Reporter:
    """Turns each syntax error into a Diagnostic; remembers what the parser has read so far."""

    def __init__(self, text: str, file: str, lines: list[str], spelling: str = "en") -> None:
        self.text, self.file, self.lines, self.spelling = text, file, lines, spelling
        self.diagnostics: list[Diagnostic] = []
        self.last: Tok | None = None  # the last token the parser took
        self.line_end: Tok | None = None  # the last token of the line before the last token's
        self.line_start: tuple[list, list] = ([], [])  # the parser's stacks before that line
        self.unfinished = False  # the last error was an unfinished line before an item's line
        self.variant = ""  # the name of the variant being read
        self.brace: Tok | None = None  # its open `{`, while the parser is inside it
        self._previous = (0, 0)
        self.keep_hint = False  # the last error's hint stands: no parser state's label for it

    def passed(self, token: Tok) -> None:
        """Note a token the parser took."""
        if token.type == "VARIANT_NAME" and self.last is not None and self.last.type == "VARIANT":
            self.variant = str(token)
        self.brace = token if token.type == "LBRACE" else (
            None if token.type == "RBRACE" else self.brace)
        if self.last is not None and token.line > self.last.end_line:
            self.line_end = self.last
        self.last = token

    def starts_line(self, token: Tok) -> bool:
        """True when nothing but blanks precede the token on its line."""
        return not self._before(token).strip()

    def _before(self, token: Tok) -> str:
        line = self.lines[token.line - 1] if 0 < token.line <= len(self.lines) else ""
        return line[:token.column - 1]

    def report(self, error: UnexpectedInput, parser: Any) -> bool:
        """Record the error; return False when parsing should stop."""
        position = (error.line, error.column)
        if self.diagnostics and position <= self._previous:
            return False  # no progress since the last error: stop rather than loop
        self._previous = position
        if len(self.diagnostics) >= MAX_ERRORS:
            self.diagnostics.append(Diagnostic(self.file, error.line, error.column, Said(
                "parse.too many", count=MAX_ERRORS), "", "", "note"))
            return False
        if isinstance(error, UnexpectedCharacters):
            diagnostic = self._character(error, _accepts(parser))
        else:
            diagnostic = self._token(getattr(error, "token"), parser)
        if not self.keep_hint:
            diagnostic.hint = label_of(error, parser, _lark(self.spelling).parse,
                                       self.spelling) or diagnostic.hint
        self.diagnostics.append(Respelled.diagnostic(diagnostic, self.spelling))
        return True

    def _at(self, line: int, column: int, message: str, hint: str = "",
            keep: bool = False) -> Diagnostic:
        """A diagnostic; `keep`: the message is specific, a parser state's label would mislead."""
        self.keep_hint = keep
        return _at(self.file, self.lines, line, column, message, hint)

    def _character(self, error: UnexpectedCharacters, accepts: set[str]) -> Diagnostic:
        char, hint, keep = error.char, "", True
        message: str
        if char == '"':
            message = Said("parse.unterminated")
        elif char in LOOKALIKES:
            instead = ".." if char in "–—−" and "__ANON_0" in accepts else LOOKALIKES[char]
            # the character is the mistake, whatever the parser was reading
            message = Said("parse.lookalike", char=char, instead=instead)
            if char in LOOKALIKE_NAMES:
                message, hint = lookalike_message(char, instead)
        else:
            message = Said("parse.character", char=char, words=expected_words(accepts, self.spelling))
            hint = Said(_CHARACTER_HINTS[char]) if char in _CHARACTER_HINTS else ""
            keep = False
        return self._at(error.line, error.column, message, hint, keep)

    def _token(self, token: Tok, parser: Any) -> Diagnostic:
        accepts = _accepts(parser)
        words = expected_words(accepts, self.spelling)
        if token.type == "$END":
            line, column = (self.last.end_line, self.last.end_column) if self.last else (1, 1)
            hint = Said("parse.unclosed", variant=self.variant, line=self.brace.line) \
                if self.brace else ""
            return self._at(line, column, Said("parse.end", words=words), hint, not self.brace)
        if token.type == "VARIANT" and self.brace is not None:
            return self._at(token.line, token.column, Said(
                "parse.not closed", variant=self.variant, line=self.brace.line), keep=True)
        other = other_spelling_message(str(token), self.spelling) if token.type in NAMES else None
        if other is not None:
            return self._at(token.line, token.column, other, keep=True)
        mixed = mixed_script_message(str(token), keywords()) if token.type in NAMES else None
        if mixed:
            return self._at(token.line, token.column, Said("parse.mixed name", mixed=mixed),
                            keep=True)
        ender = self._unfinished_line(token)
        self.unfinished = ender is not None
        if ender is not None:
            if ender is not self.last:  # the line's first words were taken as names
                words = expected_words(_accepts(_with_stacks(parser, self.line_start)),
                                       self.spelling)
            return self._at(ender.end_line, ender.end_column, Said(
                "parse.incomplete", words=words, ender=str(ender)), keep=True)
        unknown = self._unknown_slot(token, accepts)
        if unknown:
            return self._at(token.line, unknown[1], unknown[0], keep=True)
        return self._at(token.line, token.column, Said(
            "parse.unexpected", token=token_text(token.type, str(token)), words=words),
                        self._hint(token, accepts))

    def _unfinished_line(self, token: Tok) -> Tok | None:
        """The last token of an unfinished line, when the error's line starts a new item.

        Slot words are names inside an expression (`hand`, `deal`), so a rule left unfinished
        at the end of a line swallows the first word of the next one before the error shows.
        """
        before = self._before(token).split()
        if self.brace is None or self.last is None or not self.lines[token.line - 1:]:
            return None
        if not before and self.last.end_line < token.line:
            ender = self.last
        elif before and self.line_end is not None and self.last.line == token.line \
                and self.last.type in NAMES:
            ender = self.line_end
        else:
            return None
        seconds = {w for rest in second_words_of(self.spelling).values()
                   for w in " ".join(rest).split()}
        words = before + [str(token)] if not before else before
        starts = words[0] in _item_starters(self.spelling).values() and set(words[1:]) <= seconds
        return ender if starts and self.line_start[0] else None

    def _unknown_slot(self, token: Tok, accepts: set[str]) -> tuple[str, int] | None:
        """Recognise a misspelt rule slot: `scores:`, `lead game:`, `hand-value:`."""
        last, starters = self.last, set(_item_starters(self.spelling))
        glued = last is not None and last.end_pos == token.start_pos and (
            str(token)[:1].isalpha() or str(token)[:1] in "-_")
        seconds = second_words_of(self.spelling)
        if last is not None and last.type in starters and (glued or str(last) in seconds):
            start = last  # the lexer split one word in two, or a two-word slot went wrong
        elif token.type in NAMES and len(accepts & starters) > 3 and (
                accepts <= starters or self.text[token.end_pos:].lstrip().startswith(":")):
            start = token
        else:
            return None
        phrase = SLOT_PHRASE[self.spelling].match(self.text, start.start_pos)
        # without a colon, the whole word as written (`playerss` lexes as `players` + `s`)
        whole = _WORD.match(self.text, start.start_pos)
        word = phrase.group(1) if phrase else whole.group(0) if whole else str(start)
        if word.split()[0] not in seconds and " ".join(word.split()) not in SLOT_SYNONYMS:
            word = word.split()[0]  # `opton target:` is one unknown word and a name
        spaced = re.sub(r"[-_\s]+", " ", word)
        if spaced in seconds:
            known = ", ".join(f"{spaced} {w}" for w in seconds[spaced])
            return Said("parse.second word", first=spaced, known=known), start.column
        if spaced in SLOT_SYNONYMS and self.spelling == "en":
            return Said("parse.synonym", word=word, slot=SLOT_SYNONYMS[spaced]), start.column
        known_words = slot_words(self.spelling, _SLOT_WORDS)
        suggestion = Said("did you mean", word=spaced) if spaced in known_words else did_you_mean(
            spaced, known_words)
        return Said("parse.unknown slot", word=word, suggestion=suggestion), start.column

    def _hint(self, token: Tok, accepts: set[str]) -> str:
        if token.type in VALUE_START | NAMES and accepts & {"THEN", "ELSE"}:
            return Said("label.if")
        if token.type in VALUE_START | NAMES and "WHEN" in accepts:
            return Said("hint.when")
        if str(token) == "=" and self.last is not None and str(self.last) == "=":
            return Said("hint.equal")
        return ""


_CHARACTER_HINTS = {"/": "hint.comment", ";": "hint.semicolon"}


def _with_stacks(parser: Any, stacks: tuple[list, list]) -> Any:
    copy = parser.copy(deepcopy_values=False)
    copy.parser_state.state_stack[:], copy.parser_state.value_stack[:] = stacks
    return copy


def _accepts(parser: Any) -> set[str]:
    try:
        return set(parser.copy(deepcopy_values=False).accepts())
    except LarkError:
        return set()




def parse_text(text: str, file: str = "<text>") -> ast.RuleFile:
    """Parse rule text into a syntax tree; raise RuleFileError with every error found."""
    text = line_ends(text.lstrip("\ufeff"))  # positions count a lone CR as a line end
    lines = source_lines(text)
    spelling = spelling_of(text)
    reporter = _Reporter(text, file, lines, spelling)
    try:
        tree = _Recovering(text, reporter).run()
    except LarkError as error:  # lark internals after a recovery: report what we have
        if not reporter.diagnostics:
            raise RuleFileError([Diagnostic(file, 1, 1, Said("parse.cannot parse",
                                                             error=error))]) from None
        tree = None
    if reporter.diagnostics or tree is None:
        raise RuleFileError(reporter.diagnostics) from None
    try:
        return _checked(tree, file, lines, spelling)
    except RuleFileError as error:  # its messages speak of the words the file uses
        raise RuleFileError([Respelled.diagnostic(d, spelling)
                             for d in error.diagnostics]) from None


def _checked(tree: Any, file: str, lines: list[str], spelling: str) -> ast.RuleFile:
    """The syntax tree of a parsed file, after the checks the grammar cannot make."""
    check_nesting(tree, file, lines)  # before any recursive walk of the tree
    tree, other_words = translate_names(tree, spelling)
    if other_words:
        raise RuleFileError([_at(file, lines, token.line, token.column, message)
                             for token, message in other_words[:MAX_ERRORS]])
    decls = _build(tree, file, lines)
    variants = tuple(d for d in decls if isinstance(d, ast.VariantDecl))
    check_cases(variants, file, lines)
    check_numbers(variants, file, lines)
    parsed = ast.RuleFile(variants, file, tuple(d for d in decls if isinstance(d, ast.UseDecl)),
                          tuple(d for d in decls if isinstance(d, ast.RelationDecl)), spelling)
    check_claims(parsed, file, lines)
    check_paths(parsed, file, lines)
    return parsed


def parse_file(path: Path) -> ast.RuleFile:
    """Read and parse one rule file."""
    return parse_text(read_rule_file(path), display_name(path))


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Return the words the grammar reserves (`when`, `score`, `lead`, ...)."""
    return frozenset(t.pattern.value for t in _lark("en").terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())
