"""Hypothesis strategies over the checked model: random Variants whose every case type-checks.

The strategies read the vocabulary (interpreter/language/slots.py): each slot's context and type, each
term and function. A word added there is generated here without a change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from interpreter.language import ast
from interpreter.language.model import Case, Citation, Claim, Option, Reading, Variant
from interpreter.language.slots import (BOOL, CLAIM_CONTEXTS, CONTEXTS, GROUP, INT, LITERAL_ARGUMENTS,
                               MATCH_END_SLOTS, SIDE, SLOTS, SYMBOLS, TILE, TILES, functions_for)
from interpreter.language.typing_rules import option_type, symbols_with_options

# The options a variant may have: each name keeps its kind (so that expression strategies can
# be built once per context and set of options); the values and defaults are drawn. `epsilon`
# offers built-in symbols of one kind, so it is of that kind (it may fill `draw`).
OPTION_KINDS = {"alpha": "int", "beta": "bool", "gamma": ("red", "green", "blue"),
                "delta": ("amber", "violet"), "epsilon": ("one", "until_playable"),
                "zeta": "range"}
MAX_DEPTH = 2

# Quoted texts: any printable character (quotes and backslashes included, so that escaping is
# tested); no control characters, since a quoted text ends at the end of its line.
_characters = st.characters(blacklist_categories=("Cs", "Cc"))
texts = st.text(_characters, max_size=12)
nonempty_texts = st.text(_characters, min_size=1, max_size=12)
tiles = st.tuples(st.integers(0, 6), st.integers(0, 6)).map(
    lambda ab: ast.TileLit(min(ab), max(ab)))


@dataclass
class Env:
    """What an expression may use: a slot's context and the variant's options."""

    context: str
    option_types: dict[str, str]
    option_values: dict[str, tuple]  # read when a comparison is drawn: set for each variant
    symbols: dict[str, str]
    cache: dict[tuple[str, int], Any] = field(default_factory=dict)


_ENVS: dict[tuple[str, tuple[str, ...]], Env] = {}


def env_for(context: str, options: list[Option]) -> Env:
    """Return the (cached) environment of a context with these options' current values."""
    names = tuple(o.name for o in options)
    values = {o.name: o.values for o in options}
    key = (context, names)
    if key not in _ENVS:
        types = {n: option_type(v, n) for n, v in values.items()}
        _ENVS[key] = Env(context, types, {}, symbols_with_options(values))
    env = _ENVS[key]
    env.option_values.clear()
    env.option_values.update(values)
    return env


def _names_of(type_: str, env: Env) -> list[str]:
    terms = [n for n, t in CONTEXTS[env.context].items() if t.type == type_]
    options = [n for n, t in env.option_types.items() if t == type_ and n not in terms]
    symbols = [n for n, t in env.symbols.items() if t == type_]
    return terms + options + symbols


def _leaves(type_: str, env: Env) -> list[Any]:
    found: list[Any] = []
    literals = {INT: st.integers(0, 300).map(ast.IntLit), BOOL: st.booleans().map(ast.BoolLit),
                TILE: tiles, TILES: st.lists(tiles, max_size=3).map(
                    lambda items: ast.TileList(tuple(items)))}
    if type_ in literals:
        found.append(literals[type_])
    names = _names_of(type_, env) + (_names_of(SIDE, env) if type_ == GROUP else [])
    if names:
        found.append(st.sampled_from(names).map(ast.Name))
    return found


def expressions(type_: str, env: Env, depth: int = MAX_DEPTH) -> Any:
    """Return a strategy for expressions of a type in an environment (None if there are none)."""
    key = (type_, depth)
    if key not in env.cache:
        leaves, composites = _leaves(type_, env), []
        if depth > 0:
            composites = _composites(type_, env, depth - 1)
        if not leaves + composites:
            env.cache[key] = None
        elif not leaves or not composites:
            env.cache[key] = st.one_of(leaves + composites)
        else:  # leaves twice as often as compound forms: small trees, fast draws
            leaf = st.one_of(leaves)
            env.cache[key] = st.one_of(leaf, leaf, st.one_of(composites))
    return env.cache[key]


def _composites(type_: str, env: Env, depth: int) -> list[Any]:
    sub = lambda t: expressions(t, env, depth)  # noqa: E731
    found = [_call(f, env, depth) for f in functions_for(env.context).values()
             if f.result == type_ or (type_ == GROUP and f.result == SIDE)]
    found = [f for f in found if f is not None]
    if type_ == INT:
        found.append(st.builds(ast.Arith, st.sampled_from("+-*"), sub(INT), sub(INT)))
    if type_ == TILES:
        found.append(st.builds(ast.Arith, st.sampled_from("+-"), sub(TILES), sub(TILES)))
        found.append(st.lists(sub(TILE), max_size=3).map(lambda i: ast.TileList(tuple(i))))
    if type_ == BOOL:
        found += _conditions(env, depth)
    if sub(type_) is not None:
        found.append(st.builds(ast.Conditional, sub(BOOL), sub(type_), sub(type_)))
    return found


def calls(name: str, env: Env, depth: int = 1) -> Any:
    """Return a strategy for calls of one function of the context, its arguments expressions of
    at most `depth` levels (None if an argument has none)."""
    return _call(functions_for(env.context)[name], env, depth)


def _call(function: Any, env: Env, depth: int) -> Any:
    if function.name == "first_dealt":  # takes a written list: the resolver insists
        items = st.lists(expressions(TILE, env, depth), min_size=1, max_size=3)
        return items.map(lambda i: ast.Call("first_dealt", (ast.TileList(tuple(i)),)))
    args = [expressions(p, env, depth) for p in function.params]
    if function.name in LITERAL_ARGUMENTS:  # a number written out, in range: the resolver insists
        index, low, high = LITERAL_ARGUMENTS[function.name]
        args[index] = st.integers(low, high if high is not None else low + 9).map(ast.IntLit)
    if any(a is None for a in args):
        return None
    return st.tuples(*args).map(lambda a, name=function.name: ast.Call(name, tuple(a)))


def _conditions(env: Env, depth: int) -> list[Any]:
    sub = lambda t: expressions(t, env, depth)  # noqa: E731
    equal = [t for t in {INT, BOOL, TILE, TILES, *env.option_types.values(), *SYMBOLS.values(),
                         *(t.type for t in CONTEXTS[env.context].values())}
             if sub(t) is not None]
    compare_equal = st.one_of([st.builds(ast.Compare, st.sampled_from(["=", "!="]), sub(t), sub(t))
                               for t in sorted(equal)])
    found = [
        st.builds(ast.Compare, st.sampled_from(["<", "<=", ">", ">="]), sub(INT), sub(INT)),
        compare_equal.filter(lambda e: not _outside_domain(e, env)),
        st.builds(ast.Member, sub(TILE), sub(TILES)),
        st.lists(sub(BOOL), min_size=2, max_size=3).map(lambda i: ast.AllOf(tuple(i))),
        st.lists(sub(BOOL), min_size=2, max_size=3).map(lambda i: ast.AnyOf(tuple(i))),
        st.builds(ast.Negation, sub(BOOL)),
    ]
    return found


def _outside_domain(expr: ast.Compare, env: Env) -> bool:
    """`target = 7` where 7 is not a value of target: the resolver rejects it, rightly."""
    for name, literal in ((expr.left, expr.right), (expr.right, expr.left)):
        if isinstance(name, ast.Name) and name.name in env.option_values \
                and name.name not in CONTEXTS[env.context] \
                and isinstance(literal, (ast.IntLit, ast.BoolLit)):
            values = env.option_values[name.name]
            if isinstance(values, range):  # an open option: never listed value by value
                return isinstance(literal.value, bool) or literal.value not in values
            if (type(literal.value), literal.value) not in {(type(v), v) for v in values}:
                return True
    return False


@st.composite
def option_lists(draw: Any) -> list[Option]:
    """Draw the options: numbers, yes/no and names, with or without a default."""
    # All the options or none: the expression strategies are built once per set of options.
    names = sorted(OPTION_KINDS) if draw(st.booleans()) else []
    options = []
    for name in names:
        kind = OPTION_KINDS[name]
        if kind == "int":
            values: tuple | range = tuple(draw(st.lists(st.integers(0, 500), min_size=1,
                                                        max_size=4, unique=True)))
        elif kind == "range":  # an open option: any whole number from low to high
            low = draw(st.integers(0, 10**6))
            values = range(low, draw(st.integers(low, low + 10**8)) + 1)
        elif kind == "bool":
            values = tuple(draw(st.permutations([True, False])))[:draw(st.integers(1, 2))]
        else:
            values = tuple(kind)
        default = draw(st.none() | (st.integers(values.start, values.stop - 1)
                                    if isinstance(values, range) else st.sampled_from(values)))
        options.append(Option(name, values, default, **draw(provenance)))
    return options


# Built once: a strategy made anew in every draw is validated anew, which is what makes
# generation slow. Sources come from a small pool, so the provenance strategies stay fixed.
SOURCES = ("src.txt", "Минск \"003\".txt")
sources = st.none() | st.sampled_from(SOURCES)
citations = st.lists(st.builds(Citation, st.sampled_from(("",) + SOURCES), texts),
                     max_size=2).map(tuple)


@st.composite
def _provenance(draw: Any) -> dict[str, Any]:
    """Citations, an assumption and a note, each remark maybe with its Russian wording."""
    found: dict[str, Any] = {"cites": draw(citations)}
    for key in ("assumption", "note"):
        found[key] = draw(st.none() | nonempty_texts)
        if found[key] is not None:
            found[f"{key}_ru"] = draw(st.none() | nonempty_texts)
    return found


provenance = st.just({"cites": ()}) | _provenance()
variant_names = st.builds(str.__add__, st.sampled_from("abcvxyzМк"), st.text("ab-z9_ё", max_size=6))


def _maybe(strategy: Any, env: Env, key: str) -> Any:
    if ("maybe", key) not in env.cache:  # type: ignore[comparison-overlap]
        env.cache[("maybe", key)] = st.none() | strategy  # type: ignore[index]
    return env.cache[("maybe", key)]  # type: ignore[index]


@st.composite
def slot_cases(draw: Any, slot: str, env: Env, least: int | None = None) -> tuple[Case, ...]:
    """Draw the cases of one slot: guarded ones, then at most one `otherwise`."""
    spec = SLOTS[slot]
    count = draw(st.integers((1 if spec.required else 0) if least is None else least, 2))
    cases = []
    for index in range(count):
        values = expressions(spec.type, env)
        value = draw(_maybe(values, env, spec.type) if draw(st.integers(0, 5)) == 0 else values)
        otherwise = index == count - 1 and count > 1 and draw(st.booleans())
        guard = None if otherwise or (count == 1 and draw(st.booleans())) else draw(
            expressions(BOOL, env))
        readings = draw(_readings(slot, index, env, otherwise)) if draw(
            st.integers(0, 4)) == 0 else ()
        cases.append(Case(slot, value, guard, otherwise, **draw(provenance),
                          readings=readings))
    return tuple(cases)


@st.composite
def _readings(draw: Any, slot: str, index: int, env: Env, otherwise: bool
              ) -> tuple[Reading, ...]:
    """The case's own reading and one or two others (names unique to the case, so that no
    two cases share a sentence by accident); another reading may write its own `when`."""
    stem = f"r{slot.replace(' ', '_')}{index}_"
    own = Reading(stem + "0", draw(texts), draw(st.none() | nonempty_texts), chosen=True)
    others = []
    for number in range(1, draw(st.integers(2, 3))):
        value = draw(_maybe(expressions(SLOTS[slot].type, env), env, SLOTS[slot].type))
        guard = None if otherwise else draw(_maybe(expressions(BOOL, env), env, BOOL))
        others.append(Reading(stem + str(number), draw(texts), draw(st.none() | nonempty_texts),
                              False, value, guard))
    return tuple(draw(st.permutations([own, *others])))


@st.composite
def variants(draw: Any, checked: bool = False) -> Variant:
    """Draw a whole Variant that resolves: every required slot filled, every case typed
    (`checked`: none that the checker declines, a spinner's: checks/questions/unmodelled.py)."""
    source = draw(sources)
    options = draw(option_lists())
    envs = {c: env_for(c, options) for c in CONTEXTS}
    slots = []
    ending = draw(st.sampled_from([(MATCH_END_SLOTS[0],), (MATCH_END_SLOTS[1],), MATCH_END_SLOTS]))
    for slot, spec in SLOTS.items():
        if checked and slot in ("spinner", "arms"):
            continue
        if slot in MATCH_END_SLOTS:  # the match ends by `goat`, by `wins`, or by both
            cases = draw(slot_cases(slot, envs[spec.context], least=int(slot in ending)))
        else:
            cases = draw(slot_cases(slot, envs[spec.context]))
        if cases:
            slots.append((slot, cases))
    claims = tuple(draw(st.lists(_claims(envs), max_size=2)))
    players = tuple(sorted(draw(st.sets(st.sampled_from((2, 3, 4)), min_size=1))))
    name = draw(variant_names)
    title = draw(st.none() | nonempty_texts)
    # a title may carry its translation (`"..." en "..."`); a source its title and link
    titles = draw(st.just(()) | st.tuples(st.tuples(st.sampled_from(("en", "ru")),
                                                    nonempty_texts))) if title else ()
    source_title, source_link = draw(st.tuples(st.none() | nonempty_texts,
                                               st.none() | nonempty_texts)) if source else (
        None, None)
    return Variant(name, title, source, players, tuple(options), tuple(slots), claims,
                   draw(citations), titles=titles, source_title=source_title,
                   source_link=source_link)


def _claims(envs: dict[str, Env]) -> Any:
    env = envs["match"]  # any env of this set of options keeps the claims strategy
    if ("claims", "") not in env.cache:  # type: ignore[comparison-overlap]
        env.cache[("claims", "")] = st.one_of([  # type: ignore[index]
            st.builds(lambda context, text, expr, prov: Claim(context, text, expr, **prov),
                      st.just(context), texts, expressions(BOOL, envs[CLAIM_CONTEXTS[context]]),
                      provenance)
            for context in sorted(CLAIM_CONTEXTS)])
    return env.cache[("claims", "")]  # type: ignore[index]
