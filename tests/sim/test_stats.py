"""Intervals on known cases: Wilson against published values, the bootstrap against theory."""

from __future__ import annotations

import math

import numpy as np
import pytest

from evogames.sim.stats import bootstrap, fmt, wilson


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    (0, 10, 0.0, 0.27753),
    (5, 10, 0.23659, 0.76341),
    (10, 10, 0.72247, 1.0),
])
def test_wilson_matches_known_values(wins: int, n: int, low: float, high: float) -> None:
    ci = wilson(wins, n)
    assert ci.value == pytest.approx(wins / n)
    assert ci.low == pytest.approx(low, abs=1e-4)
    assert ci.high == pytest.approx(high, abs=1e-4)


def test_wilson_holds_the_rate_itself_even_at_0_and_1() -> None:
    """Rounding never leaves the rate outside its interval (a plot's error bar would be negative)."""
    for n in range(1, 300):
        for wins in (0, n // 3, n):
            ci = wilson(wins, n)
            assert 0.0 <= ci.low <= ci.value <= ci.high <= 1.0, (wins, n, ci)


def test_wilson_of_nothing_is_the_whole_range() -> None:
    ci = wilson(0, 0)
    assert math.isnan(ci.value) and (ci.low, ci.high) == (0.0, 1.0)
    assert fmt(ci) == "n/a"


def test_bootstrap_of_a_constant_is_that_constant() -> None:
    ci = bootstrap([3.0] * 50)
    assert (ci.value, ci.low, ci.high) == (3.0, 3.0, 3.0)


def test_bootstrap_mean_interval_has_the_textbook_width() -> None:
    data = np.random.default_rng(1).normal(10.0, 2.0, 400)
    ci = bootstrap(data, boots=2000, seed=3)
    assert ci.value == pytest.approx(data.mean())
    assert ci.low < 10.0 < ci.high
    expected = 2 * 1.96 * data.std(ddof=1) / math.sqrt(len(data))
    assert ci.high - ci.low == pytest.approx(expected, rel=0.12)


def test_bootstrap_sd_and_formatting() -> None:
    data = np.random.default_rng(2).normal(0.0, 3.0, 500)
    ci = bootstrap(data, stat="sd", boots=1000)
    assert ci.low < 3.0 < ci.high
    assert fmt(ci).startswith(f"{ci.value:.2f} [")
    assert bootstrap([4.0]).value == 4.0
