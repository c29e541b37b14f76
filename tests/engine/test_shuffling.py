"""The engine's shuffle deals what `random.Random.shuffle` deals, seed for seed."""

from __future__ import annotations

import random

from interpreter.engine.shuffling import shuffle


def test_the_same_permutations_and_the_same_draws_after() -> None:
    for seed in range(500):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (28, 27, 7, 2, 1, 0):
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b, (seed, size)
        assert ours.random() == theirs.random()  # the generator is left where it would be


def test_a_generator_that_draws_otherwise_keeps_its_own_shuffle() -> None:
    class Counted(random.Random):
        def random(self) -> float:  # overriding random: Random draws bounds from it
            return super().random()

    a, b = list(range(28)), list(range(28))
    shuffle(Counted(3), a)
    Counted(3).shuffle(b)
    assert a == b
    assert a != list(range(28))
