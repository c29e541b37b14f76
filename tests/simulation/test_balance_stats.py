"""The statistics of `kozel balance` (interpreter/simulation/stats.py), against values a
statistics package gives (R's fisher.test and pt, by hand where noted) and against what a
bootstrap must do: the Poisson draws have the right mean and spread, the bootstrap interval of
a mean is close to the normal one for a large sample and holds the mean, and the same seed
resamples the same."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from interpreter.simulation.stats import (fisher, holm, mean_of, poisson, t_two_sided,
                                          two_means, two_rates)


@pytest.mark.parametrize("lam", [0.5, 4, 12, 150, 3000])
def test_poisson_draws_have_the_mean_and_the_variance_of_their_rate(lam: float) -> None:
    rng = random.Random(7)
    draws = [poisson(rng, lam) for _ in range(20000)]
    assert min(draws) >= 0
    assert abs(statistics.mean(draws) - lam) < 4 * math.sqrt(lam / 20000)
    assert abs(statistics.variance(draws) / lam - 1) < 0.06


def test_student_t_tails_are_those_of_the_tables() -> None:
    assert t_two_sided(2.0, 10) == pytest.approx(0.07338803, abs=1e-7)  # R: 2*pt(-2, 10)
    assert t_two_sided(-3.0, 3) == pytest.approx(0.05766889, abs=1e-7)  # R: 2*pt(-3, 3)
    assert t_two_sided(1.959964, 1e7) == pytest.approx(0.05, abs=1e-5)  # the normal's
    assert t_two_sided(0.0, 5) == 1.0


def test_fisher_is_the_exact_two_sided_p_value() -> None:
    assert fisher(1, 10, 7, 10) == pytest.approx(0.01976661, abs=1e-7)  # R: fisher.test
    assert fisher(3, 3, 0, 3) == pytest.approx(0.1, abs=1e-9)  # 2 tables of 20, each 1/20
    assert fisher(5, 10, 5, 10) == pytest.approx(1.0)


def test_small_counts_take_fisher_and_large_ones_the_z_test() -> None:
    small, large = two_rates(1, 10, 7, 10), two_rates(480, 1000, 530, 1000)
    assert small.name == "fisher" and small.p == pytest.approx(fisher(1, 10, 7, 10))
    assert large.name == "z" and large.p == pytest.approx(0.02534, abs=1e-4)
    for test in (small, large):  # Newcombe's interval holds the difference
        assert test.low < test.difference < test.high


def test_holm_multiplies_by_the_ranks_left_and_never_decreases() -> None:
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_the_bootstrap_of_a_mean_is_close_to_the_normal_interval_and_holds_the_mean() -> None:
    rng = random.Random(3)
    histogram: dict[int, int] = {}
    for _ in range(4000):
        value = rng.randint(0, 60) + rng.randint(0, 60)
        histogram[value] = histogram.get(value, 0) + 1
    mean = mean_of(histogram, "test")
    assert mean.mean is not None and mean.low is not None and mean.high is not None
    half = 1.96 * math.sqrt(mean.variance / mean.of)
    assert mean.low < mean.mean < mean.high
    assert abs((mean.high - mean.low) / (2 * half) - 1) < 0.12
    assert mean_of(histogram, "test") == mean  # the same seed, the same resamples
    assert mean_of(histogram, "other").resampled != mean.resampled


def test_welch_finds_a_shift_and_not_a_copy() -> None:
    a = mean_of({1: 500, 2: 500}, "a")
    shifted = mean_of({1: 400, 2: 600}, "b")
    same = mean_of({1: 500, 2: 500}, "c")
    found = two_means(a, shifted)
    assert found.name == "welch" and found.p < 1e-5 and found.low < 0.1 < found.high
    assert two_means(a, same).p == pytest.approx(1.0)


def test_a_mean_of_nothing_is_none() -> None:
    empty = mean_of({}, "x")
    assert empty.mean is None and empty.of == 0 and empty.resampled == ()
