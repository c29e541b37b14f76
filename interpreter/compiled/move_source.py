"""The source text of `move score` for a compiled match: asked after every move that lays a tile.

As engine/round.py (Turns.score_move) asks it: after the lead and after every play (one tile
or two doubles at once), with the table as the move left it, the value written at once to the
mover's side (`played`, added to what the side writes for the round: score_source.py) and,
where records are written, `(index of the move, points)` into `scored` when not 0.

Only a variant that writes the slot gets any of these lines (Facts.scores_moves); every other
variant's generated match is the one it was before the slot existed. The terms a rule reads
are kept only when it reads them (terms.MOVE_NAMES): `laid` (v_laid, the bits just laid),
`hand` (v_hand, the mover's hand after the move), `line` (v_line, kept by match_source) and
`ends` (v_ends). For `ends` the match keeps, beside the ends' values, how many times each
end counts (ml, mr: 2 where a double lies across it, else 1); a lone lead counts its pips.
"""

from __future__ import annotations

from .facts import Facts, Rules


def _reads(rules: Rules, local: str) -> bool:
    return local in rules["move score"]


def _ask_lines(facts: Facts, rules: Rules, seat: str, index: str) -> list[str]:
    """Ask the rule; write its points to the seat's side (and the record, when kept). The
    engine's int() is left to the record: a rule of an INT slot gives an int, and a call of
    int() at every move cost All Fives a tenth of its speed."""
    kept = [f"    scored.append(({index}, int(pts)))"] if facts.records else []
    return [f"pts = {rules['move score']}",
            "if pts:", f"    played[_SIDE_OF[{seat}]] += pts", *kept]


def lead_lines(facts: Facts, rules: Rules) -> list[str]:
    """After the lead (tile `t`, bit `bit`, by `leader`): the round's move points start at 0,
    and the lead is asked as the first move."""
    if not facts.scores_moves:
        return []
    lines = [f"played = [0] * {facts.sides}"] + (["scored = []"] if facts.records else [])
    if _reads(rules, "v_ends"):
        lines += ["ml = mr = _TWICE[t]", "v_ends = _PIPS[t]"]  # a lone lead: its pips
    if _reads(rules, "v_laid"):
        lines.append("v_laid = bit")
    if _reads(rules, "v_hand"):
        lines.append("v_hand = v_hands[leader]")
    return lines + _ask_lines(facts, rules, "leader", "0")


def end_counts(facts: Facts, rules: Rules, onleft: bool) -> str:
    """What follows laying tile `t` on one end (`; ml = ...`), where `ends` is read."""
    if not (facts.scores_moves and _reads(rules, "v_ends")):
        return ""
    return f"; {'ml' if onleft else 'mr'} = _TWICE[t]"


def pair_lines(facts: Facts, rules: Rules) -> list[str]:
    """Two doubles at once: a double lies across each end."""
    return ["ml = mr = 2"] if facts.scores_moves and _reads(rules, "v_ends") else []


def play_lines(facts: Facts, rules: Rules) -> list[str]:
    """After a play by `seat` (bits `bit`, hand `hand` after it; `moves` counts it): ask."""
    if not facts.scores_moves:
        return []
    lines = ["v_ends = v_left * ml + v_right * mr"] if _reads(rules, "v_ends") else []
    if _reads(rules, "v_laid"):
        lines.append("v_laid = bit")
    if _reads(rules, "v_hand"):
        lines.append("v_hand = hand")
    return lines + _ask_lines(facts, rules, "seat", "moves - 1")


def keeps_line(facts: Facts, rules: Rules) -> bool:
    """Whether the rule reads `line` (match_source keeps v_line for `fish` alone otherwise)."""
    return facts.scores_moves and _reads(rules, "v_line")
