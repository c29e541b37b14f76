"""The source text that writes a finished round on the score sheet, as engine/scoring.py does.

Per side, in the engine's order: `loser`; `score` + `bonus`; the threshold (`opens`,
`remember`) with the side's state before the round, and besides it the points the side scored
at moves (`move score`); `carry`; the totals; `goat` with the side's state after the round,
then `wins` the same way. The sides are unrolled: `v_side` is a constant in each block.
"""

from __future__ import annotations

from .facts import Facts, Rules


def _look_from(side: int) -> list[str]:
    return [f"v_side = {side}", f"v_opened = opened[{side}]",
            f"v_remembered = remembered[{side}]"]


def _values_lines(facts: Facts, rules: Rules) -> list[str]:
    """Each seat's `hand value`, then each side's (only when a rule looks at them)."""
    if not any("v_values" in source for source in rules.values()) \
            and "v_prev_tie" not in rules["lead round"]:  # the next round's `tie` needs them
        return []
    lines = []
    for seat in range(facts.players):
        lines += [f"v_hand = v_hands[{seat}]", f"hv{seat} = int({rules['hand value']})"]
    sides = ", ".join(" + ".join(f"hv{seat}" for seat in seats) for seats in facts.seats_of)
    return lines + [f"v_values = [{sides}]"]


def _write_lines(side: int, rules: Rules) -> list[str]:
    """One side's points through the threshold rule: opened, opening, or remembering."""
    return [
        *_look_from(side), f"v_loser = lo{side}",
        f"if v_opened: w{side} = p{side}",
        "else:",
        f"    v_points = p{side}",
        f"    if {rules['opens']}:",
        f"        w{side} = p{side} + v_remembered",
        f"        opened[{side}] = True; remembered[{side}] = 0",
        "    else:",
        f"        remembered[{side}] = int({rules['remember']}); w{side} = 0",
    ]


def score_lines(facts: Facts, rules: Rules) -> list[str]:
    """Score the round just played; leaves written, losers, carried and goat."""
    sides = range(facts.sides)
    lines = ["v_carried = carried"] + _values_lines(facts, rules)
    for side in sides:
        lines += _look_from(side) + [f"lo{side} = bool({rules['loser']})"]
    for side in sides:
        lines += _look_from(side) + [
            f"v_loser = lo{side}",
            f"p{side} = int({rules['score']}) + int({rules['bonus']})"]
    for side in sides:
        lines += _write_lines(side, rules)
        if facts.scores_moves:  # the points of its moves, never held below a threshold
            lines.append(f"w{side} += played[{side}]")
    lines += ["v_side = -1", f"carried = int({rules['carry']})"]
    lines += [f"totals[{side}] += w{side}" for side in sides] + ["v_totals = totals"]
    for side in sides:
        lines += _look_from(side) + [
            f"v_loser = lo{side}", f"v_points = p{side}", f"v_total = totals[{side}]",
            f"g{side} = bool({rules['goat']})"]
    tuple_of = lambda name: "(" + "".join(f"{name}{side}, " for side in sides) + ")"  # noqa
    return lines + _wins_lines(facts, rules) + [
        f"written = {tuple_of('w')}", f"losers = {tuple_of('lo')}",
        f"goat = tuple(side for side, g in enumerate({tuple_of('g')}) if g)"]


def _wins_lines(facts: Facts, rules: Rules) -> list[str]:
    """`wins` per side after every side's `goat` (engine/scoring.py); no rule: nobody wins."""
    if rules["wins"] == "False":
        return ["winner = ()"]
    lines = []
    for side in range(facts.sides):
        lines += _look_from(side) + [
            f"v_loser = lo{side}", f"v_points = p{side}", f"v_total = totals[{side}]",
            f"n{side} = bool({rules['wins']})"]
    won = "".join(f"n{side}, " for side in range(facts.sides))
    return lines + [f"winner = tuple(side for side, n in enumerate(({won})) if n)"]
