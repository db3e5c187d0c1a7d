"""Tests for comparing two runs, and corrections for making many comparisons at once.

Win rates count a k-way tie as 1/k of a win, so the counts are not always whole: the
two-proportion z-test (normal approximation, pooled variance) takes them as they are;
Fisher's exact test would need whole counts. Means (game length, lead changes) are
compared with Welch's z-test (unequal variances, large samples). With many rows, the
p-values are adjusted for multiplicity: Holm (family-wise error) or Benjamini-Hochberg
(false discovery rate)."""

from __future__ import annotations

import math

CORRECTIONS = {"holm": "Holm", "bh": "Benjamini-Hochberg"}


def _two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_p(wins_a: float, n_a: int, wins_b: float, n_b: int) -> float:
    """Two-sided p-value of the two-proportion z-test (pooled) that the rates are equal."""
    if n_a <= 0 or n_b <= 0:
        return 1.0
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return 1.0
    return _two_sided((wins_a / n_a - wins_b / n_b) / se)


def welch_p(mean_a: float, sd_a: float, n_a: int, mean_b: float, sd_b: float, n_b: int) -> float:
    """Two-sided p-value that two means are equal (Welch's z, normal approximation)."""
    if n_a <= 1 or n_b <= 1:
        return 1.0
    se = math.sqrt(sd_a * sd_a / n_a + sd_b * sd_b / n_b)
    if se == 0:
        return 1.0 if mean_a == mean_b else 0.0
    return _two_sided((mean_a - mean_b) / se)


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (controls the family-wise error rate)."""
    m = len(pvalues)
    order = sorted(range(m), key=pvalues.__getitem__)
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def benjamini_hochberg(pvalues: list[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (controls the false discovery rate)."""
    m = len(pvalues)
    order = sorted(range(m), key=pvalues.__getitem__)
    out = [1.0] * m
    running = 1.0
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, m * pvalues[i] / (rank + 1))
        out[i] = min(1.0, running)
    return out


def adjust(pvalues: list[float], correction: str) -> list[float]:
    if correction == "holm":
        return holm(pvalues)
    if correction == "bh":
        return benjamini_hochberg(pvalues)
    raise ValueError(f"unknown correction '{correction}' (holm or bh)")
