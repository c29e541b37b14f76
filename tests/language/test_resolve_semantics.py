"""What the resolver makes of a declaration: extends, provenance, options, and its refusals."""

from __future__ import annotations

import pytest

from interpreter.language import ast
from interpreter.language.errors import RuleFileError
from interpreter.language.model import Citation
from interpreter.language.resolve import Library, load_variant

BODY = """
  sides: individual
  deal: 7
  draw: none
  lead match: holder(1-1)
  lead round: winner
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner)
  score: value(side) when loser
  score: 0 otherwise
  goat: total > 100
"""


def variant(items: str, name: str = "v", head: str = "") -> str:
    """A complete variant with extra items written before the usual body."""
    return f"variant {name}{head} {{\n  players 2..4\n{items}\n{BODY}}}\n"


def messages(text: str, name: str | None = None) -> list[str]:
    """The messages resolving the text raises (it must raise)."""
    with pytest.raises(RuleFileError) as caught:
        load_variant(text, "t.kozel", name)
    return [d.message for d in caught.value.diagnostics]


def test_a_child_replaces_whole_slots_and_options_and_adds_claims() -> None:
    parent = variant('  option target: 100 | 300 = 100\n  claim setup "p": yes\n'
                     '  bonus: 1 when loser\n  bonus: 2 when not loser', "base")
    child = ('variant kid extends base {\n  players 4\n  option target: 300 | 500 = 500\n'
             '  option extra: yes | no = no\n  bonus: 5 when extra\n  claim deal "k": yes\n}\n')
    library = Library()
    library.add_text(parent + child, "t.kozel")
    kid = library.resolve("kid")
    assert kid.players == (4,) and kid.parent == "base"
    assert [(o.name, o.values, o.default) for o in kid.options] == [
        ("target", (300, 500), 500), ("extra", (True, False), False)]
    assert [c.origin for c in kid.cases("bonus")] == ["kid"]
    assert [c.origin for c in kid.cases("deal")] == ["base"]
    assert [c.text for c in kid.claims] == ["p", "k"]


def test_a_citation_names_its_source_or_the_variants() -> None:
    v = load_variant(variant('  source "own.txt"\n  option t: 1 | 2 = 1\n'
                             '      cite "a"\n      cite "b" from "other.txt"\n'
                             '      cite "c" from ""'), "t.kozel")
    assert v.option("t").cites == (Citation("own.txt", "a"), Citation("other.txt", "b"),
                                   Citation("", "c"))


def test_several_assumptions_and_notes_are_kept_together() -> None:
    v = load_variant(variant('  reserve: 0\n      assume "one"\n      assume "two"\n'
                             '      note "n"'), "t.kozel")
    (case,) = v.cases("reserve")
    assert (case.assumption, case.note) == ("one; two", "n")


def test_messages_come_in_file_order() -> None:
    found = messages(variant("  option x: 1 | 2 = 3\n  reserve: yes\n  pass: 1"))
    assert found == ["the default '3' of option 'x' is not one of its values (1 or 2)",
                     "the value of `reserve` must be a number, but 'yes' is yes/no",
                     "the value of `pass` must be yes/no, but '1' is a number"]


def test_a_parents_own_mistake_is_reported_once_for_the_parent() -> None:
    text = variant("  option x: 1 | 2 = 1\n  option x: 1 = 1", "base") + \
        "variant kid extends base { }\n"
    library = Library()
    library.add_text(text, "t.kozel")
    assert library.resolve("kid").option("x").values == (1,)
    with pytest.raises(RuleFileError, match="written twice"):
        library.resolve("base")


@pytest.mark.parametrize("items,message", [
    ("  option when: 1 | 2", "option name 'when' already means something in the language"),
    ("  option mode: out | in", "value 'in' of option 'mode' already means something in the language"),
    ("  option a: x | y\n  option b: y | z", "value 'y' of option 'b' is also a value of option 'a'"),
    ("  option a: yes | 1", "option 'a' mixes numbers and yes/no"),
    ("  option a: yes | yes", "option 'a' lists yes twice"),
    ("  option a: 1 | 2\n  goat: total > 3 when a = 3",
     "option 'a' is never 3: its values are 1 and 2"),
])
def test_options_that_cannot_mean_what_they_say(items: str, message: str) -> None:
    assert message in messages(variant(items))


def test_a_name_in_the_wrong_slot_says_where_it_is_known() -> None:
    with pytest.raises(RuleFileError) as caught:
        load_variant(variant("  carry: count(hand)"), "t.kozel")
    (error,) = caught.value.diagnostics
    assert error.message == "'hand' cannot be used in `carry`"
    assert error.hint == ("'hand' is known only in `draw`, `pass`, `redeal`, `lead tile`, "
                          "`move score`, `hand value`, `hand` claims, `move` claims")


@pytest.mark.parametrize("rule,name", [
    ("  move score: value(side)", "value()"), ("  move score: points", "'points'"),
    ("  move score: total", "'total'"), ("  move score: 5 when winner = seat(0)", "'winner'"),
    ("  claim move \"m\": scored = 0 or loser", "'loser'"),
])
def test_points_at_a_move_cannot_read_the_end_of_the_round(rule: str, name: str) -> None:
    """A move's points are written as the tile is laid: the hint says the name is known only
    when the round ends, in both languages."""
    with pytest.raises(RuleFileError) as caught:
        load_variant(variant(rule), "t.kozel")
    (error,) = caught.value.diagnostics
    assert error.hint.startswith("points at a move are written as the tile is laid, and "
                                 f"{name} is known only when the round ends: in ")
    assert error.hint.in_lang("ru").startswith("очки за ход записываются, как только камень "
                                               f"положен, а {name} известн")


def test_a_move_reads_its_own_terms_and_the_play() -> None:
    """`laid`, `ends`, `hand` and the play's terms in `move score`; `scored` in a move claim
    only, where it is said to be known (not that the round must end)."""
    load_variant(variant("  move score: quotient(ends, 5) when count(laid) = 1 and "
                         "count(hand + line) > left + right"), "t.kozel")
    with pytest.raises(RuleFileError) as caught:
        load_variant(variant("  move score: scored"), "t.kozel")
    (error,) = caught.value.diagnostics
    assert error.hint == "'scored' is known only in `move` claims"


def test_an_option_of_built_in_symbols_has_their_kind() -> None:
    """pairs offers `draw_each: one | until_playable`: the values are the built-in symbols of
    one kind, so the option is of that kind: `draw: d` and `d = one` type-check, `redeal: d`
    does not. Values of different kinds (or names of its own) keep a type of the option's own."""
    text = variant("  option d: one | until_playable\n  draw: d\n  redeal: automatic when d = one"
                   ).replace("  draw: none\n", "")
    (draw,) = load_variant(text, "t.kozel").cases("draw")
    assert draw.value == ast.Name("d")
    assert "the value of `redeal` must be automatic, optional or never, but 'd' is none, one or " \
        "until_playable" in messages(variant("  option d: one | until_playable\n  redeal: d"))
    assert "the value of `draw` must be none, one or until_playable, but 'd' is a value of " \
        "option 'd'" in messages(variant("  option d: one | never\n  draw: d")
                                 .replace("  draw: none\n", ""))
