"""The statistics of `kozel balance`, in plain Python (no SciPy, so the command needs nothing
beyond the engine): a seeded bootstrap for means, and the tests that say whether two variants
differ — two proportions (z, or Fisher's exact test where counts are small), two means
(Welch's t) — with Holm's correction for many comparisons. Rates take their Wilson interval
from figures.wilson.

The bootstrap works on histograms, the form the tally keeps (a run's values as value → count,
merged exactly across workers): it is the Poisson bootstrap (Hanley and MacGibbon 2006; Chamandy
et al. 2012, for data that stream), which gives each observation a Poisson(1) weight, so that a
value seen c times weighs Poisson(c) in a resample. A resample then costs one draw per distinct
value, not one per observation: 1,000 resamples of 8,000 rounds with 150 distinct point counts
take 150,000 draws instead of 8 million. Its intervals match the multinomial bootstrap's for
the sizes balance runs (tests/simulation/test_balance_stats.py checks it against the normal
interval of a mean).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from .figures import wilson

RESAMPLES = 1000  # bootstrap resamples of every mean (a fixed count: same seed, same bytes)
ALPHA = 0.05  # the level of every test, after Holm's correction
SMALL = 5  # Fisher's exact test when a cell of the 2×2 table expects fewer (Cochran's rule)


def poisson(rng: random.Random, lam: float) -> int:
    """A Poisson(lam) draw: multiplication of uniforms below 10, else Hörmann's transformed
    rejection (PTRS, 1993), as NumPy draws it; exact, and seeded by `rng`."""
    if lam < 10:
        limit, count, product = math.exp(-lam), 0, rng.random()
        while product > limit:
            count += 1
            product *= rng.random()
        return count
    slam, loglam = math.sqrt(lam), math.log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    while True:
        u, v = rng.random() - 0.5, rng.random()
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + lam + 0.43)
        if us >= 0.07 and v <= vr:
            return k
        if k < 0 or (us < 0.013 and v > us):
            continue
        if math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b) <= \
                -lam + k * loglam - math.lgamma(k + 1):
            return k


@dataclass(frozen=True)
class Mean:
    """A mean with its bootstrap 95% interval, what it rests on, and the resampled means (for
    the interval of a difference)."""

    mean: float | None
    low: float | None
    high: float | None
    of: int
    variance: float  # the sample variance (n - 1), for Welch's test
    resampled: tuple[float, ...]


def mean_of(histogram: Mapping[int, int] | Mapping[float, int], seed: str,
            resamples: int = RESAMPLES) -> Mean:
    """The mean of a histogram (value → count) with its percentile bootstrap interval, the
    resamples drawn from Random(seed)."""
    ordered: list[tuple[float, int]] = sorted(histogram.items())
    values, counts = [v for v, _ in ordered], [c for _, c in ordered]
    n = sum(counts)
    if n == 0:
        return Mean(None, None, None, 0, 0.0, ())
    mean = math.fsum(v * c for v, c in zip(values, counts)) / n
    variance = math.fsum(c * (v - mean) ** 2 for v, c in zip(values, counts)) / max(1, n - 1)
    rng, means = random.Random(seed), list[float]()
    while len(means) < resamples:
        weights = [poisson(rng, c) for c in counts]
        total = sum(weights)
        if total:  # an empty resample (a tiny run) says nothing: draw again
            means.append(math.fsum(v * w for v, w in zip(values, weights)) / total)
    low, high = percentiles(means)
    return Mean(mean, low, high, n, variance, tuple(means))


def percentiles(sample: Sequence[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of a bootstrap sample (order statistics, no blending)."""
    ordered = sorted(sample)
    count = len(ordered)
    return ordered[max(0, math.ceil(0.025 * count) - 1)], ordered[min(count - 1,
                                                                      math.ceil(0.975 * count) - 1)]


@dataclass(frozen=True)
class Test:
    """A test of a difference: its name, the difference (second minus first), its 95% interval
    and the p-value."""

    name: str
    difference: float
    low: float
    high: float
    p: float


def two_rates(count_a: int, of_a: int, count_b: int, of_b: int) -> Test:
    """Whether two rates differ: the pooled two-proportion z-test, or Fisher's exact test when
    a cell expects fewer than SMALL; the difference's interval is Newcombe's (from the two
    Wilson intervals)."""
    rate_a, rate_b = count_a / of_a, count_b / of_b
    low_a, high_a = _bounds(count_a, of_a)
    low_b, high_b = _bounds(count_b, of_b)
    difference = rate_b - rate_a
    low = difference - math.sqrt((rate_b - low_b) ** 2 + (high_a - rate_a) ** 2)
    high = difference + math.sqrt((high_b - rate_b) ** 2 + (rate_a - low_a) ** 2)
    pooled = (count_a + count_b) / (of_a + of_b)
    expected = min(n * p for n in (of_a, of_b) for p in (pooled, 1 - pooled))
    if expected < SMALL:
        return Test("fisher", difference, low, high, fisher(count_a, of_a, count_b, of_b))
    spread = math.sqrt(pooled * (1 - pooled) * (1 / of_a + 1 / of_b))
    p = 1.0 if spread == 0 else math.erfc(abs(difference) / spread / math.sqrt(2))
    return Test("z", difference, low, high, min(1.0, p))


def _bounds(count: int, total: int) -> tuple[float, float]:
    interval = wilson(count, total)
    assert interval is not None, "a rate of nothing is not compared"
    return interval


def fisher(count_a: int, of_a: int, count_b: int, of_b: int) -> float:
    """The two-sided p-value of Fisher's exact test of a 2×2 table (the tables no likelier
    than the one seen, summed)."""
    hits = count_a + count_b

    def log_p(x: int) -> float:  # the hypergeometric probability of x hits in the first row
        return (_log_choose(of_a, x) + _log_choose(of_b, hits - x)
                - _log_choose(of_a + of_b, hits))
    seen = log_p(count_a)
    ps = [log_p(x) for x in range(max(0, hits - of_b), min(hits, of_a) + 1)]
    return min(1.0, math.fsum(math.exp(p) for p in ps if p <= seen + 1e-7))


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def two_means(a: Mean, b: Mean) -> Test:
    """Whether two means differ: Welch's t-test; the difference's interval is the percentile
    interval of the differences of the two bootstraps' resamples."""
    assert a.mean is not None and b.mean is not None
    difference = b.mean - a.mean
    low, high = percentiles([y - x for x, y in zip(a.resampled, b.resampled)])
    spread_a, spread_b = a.variance / a.of, b.variance / b.of
    spread = spread_a + spread_b
    if spread == 0:
        return Test("welch", difference, low, high, 1.0 if difference == 0 else 0.0)
    t = difference / math.sqrt(spread)
    freedom = spread ** 2 / (spread_a ** 2 / max(1, a.of - 1) + spread_b ** 2 / max(1, b.of - 1))
    return Test("welch", difference, low, high, t_two_sided(t, freedom))


def t_two_sided(t: float, freedom: float) -> float:
    """P(|T| >= |t|) for Student's t with `freedom` degrees (the regularized incomplete beta
    function)."""
    return min(1.0, _incomplete_beta(freedom / 2, 0.5, freedom / (freedom + t * t)))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _fraction(a, b, x) / a
    return 1 - front * _fraction(b, a, 1 - x) / b


def _fraction(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return result


def holm(ps: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the order given: the i-th smallest of m is
    multiplied by m - i (from 0), and none is smaller than an adjusted smaller one."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    adjusted, highest = [0.0] * len(ps), 0.0
    for rank, index in enumerate(order):
        highest = max(highest, min(1.0, (len(ps) - rank) * ps[index]))
        adjusted[index] = highest
    return adjusted
