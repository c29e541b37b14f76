"""Random play of one fixed variant (minsk, 4 players, target 100), written by hand, against
the engine playing the same variant from spec/variants/minsk.kozel.

Not a test: run `python benchmarks/fixed_minsk.py [MATCHES]` and compare the rounds per second.
The hand-written loop is what "a plain engine for one fixed variant" costs: tiles as (a, b)
tuples in lists, the rules as if-statements, the same random players (uniform among legal moves).
"""

from __future__ import annotations

import random
import sys
import time

TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def hand_value(hand: list[tuple[int, int]]) -> int:
    if hand == [(6, 6)]:
        return 50
    if hand == [(0, 0)]:
        return 25
    return sum(a + b for a, b in hand)


def deal(rng: random.Random) -> list[list[tuple[int, int]]]:
    while True:
        tiles = TILES[:]
        rng.shuffle(tiles)
        hands = [tiles[i * 7:(i + 1) * 7] for i in range(4)]
        if all(sum(a == b for a, b in hand) < 5 for hand in hands):
            return hands


def lead(rng: random.Random, hands: list, previous: tuple | None) -> tuple[int, tuple]:
    if previous is None:
        leader = next(s for s, h in enumerate(hands) if (1, 1) in h)
        return leader, (1, 1)
    end, seat = previous
    leader = (seat + 2) % 4 if end == "out" else seat
    hand = hands[leader]
    doubles = [t for t in hand if t[0] == t[1]]
    if [t for t in doubles if t not in ((0, 0), (6, 6))]:
        return leader, rng.choice(doubles)
    return leader, rng.choice(hand)


def play_round(rng: random.Random, hands: list, leader: int, first: tuple) -> tuple:
    hands[leader].remove(first)
    left, right = first
    last, layer, seat = first, leader, (leader + 1) % 4
    while True:
        hand = hands[seat]
        moves = []
        for t in hand:
            if left in t:
                moves.append((t, "left"))
            if right in t and (left != right or left not in t):
                moves.append((t, "right"))
        if moves:
            tile, end = rng.choice(moves)
            hand.remove(tile)
            if end == "left":
                left = tile[0] + tile[1] - left
            else:
                right = tile[0] + tile[1] - right
            last, layer = tile, seat
            if not hand:
                return "out", seat, last
            if not any(left in t or right in t for h in hands for t in h):
                return "fish", layer, last
        seat = (seat + 1) % 4


def score(hands: list, end: str, seat: int, lead_tile: tuple, last: tuple,
          carried: int) -> tuple[list[int], int]:
    values = [hand_value(hands[s]) + hand_value(hands[s + 2]) for s in (0, 1)]
    if end == "out":
        losers = [side != seat % 2 for side in (0, 1)]
        points = [values[s] if losers[s] else 0 for s in (0, 1)]
    else:
        losers = [values[s] > values[1 - s] for s in (0, 1)]
        points = [sum(values) if losers[s] else 0 for s in (0, 1)]
    carry = sum(values) + carried if end == "fish" and values[0] == values[1] else 0
    for s in (0, 1):
        if losers[s]:
            points[s] += carried + 50 * (lead_tile == (6, 6)) + 25 * (lead_tile == (0, 0))
            points[s] += 50 * (last == (6, 6)) + 25 * (last == (0, 0))
    return points, carry


def play_match(rng: random.Random) -> int:
    totals, carried, previous, rounds = [0, 0], 0, None, 0
    while True:
        hands = deal(rng)
        leader, first = lead(rng, hands, previous)
        end, seat, last = play_round(rng, hands, leader, first)
        points, carried = score(hands, end, seat, first, last, carried)
        totals = [t + p for t, p in zip(totals, points)]
        rounds += 1
        if max(totals) > 100:
            return rounds
        previous = (end, seat)


def fixed_rate(matches: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.process_time()
    rounds = sum(play_match(rng) for _ in range(matches))
    return rounds / (time.process_time() - start)


def engine_rate(matches: int, seed: int) -> float:
    from interpreter.engine import prepare
    from interpreter.simulation import SetupSpec, run_matches
    from kozel.loading import load_variant_arg
    setup = prepare(load_variant_arg("minsk"), 4)
    start = time.process_time()
    played = run_matches(SetupSpec.of(setup), "random", matches, seed, workers=1)
    return played.tally.rounds / (time.process_time() - start)


def main() -> None:
    """Alternate the two, several times, and keep the best of each (CPU time of this process:
    the machine may be busy)."""
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    fixed = engine = 0.0
    for attempt in range(5):
        fixed = max(fixed, fixed_rate(matches, attempt))
        engine = max(engine, engine_rate(matches, attempt))
    print(f"hand-written minsk:   {fixed:6.0f} rounds/s")
    print(f"engine (minsk.kozel): {engine:6.0f} rounds/s  ({engine / fixed:.2f} of hand-written)")


if __name__ == "__main__":
    main()
