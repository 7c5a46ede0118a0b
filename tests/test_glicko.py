"""Glicko-2 (uno/academy/glicko.py) against the worked example of Glickman's paper
("Example of the Glicko-2 system", section 3): a player rated 1500 (RD 200, volatility 0.06)
beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), tau 0.5."""

from __future__ import annotations

import pytest

from uno.academy.glicko import DEFAULT, Rating, expected, rate

GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_papers_worked_example() -> None:
    new = rate(Rating(1500, 200, 0.06), GAMES, tau=0.5)
    # The paper prints 1464.06, 151.52, 0.05999 from rounded intermediate values.
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_expected_scores() -> None:
    player = Rating(1500, 200)
    shown = [round(expected(player, opponent), 3) for opponent, _ in GAMES]
    assert shown == [0.639, 0.432, 0.303]  # E(mu, mu_j, phi_j) in the paper's table


def test_a_period_without_games_only_widens_the_deviation() -> None:
    idle = rate(Rating(1500, 200, 0.06), [])
    assert idle.rating == 1500 and idle.deviation == pytest.approx(200.27, abs=0.01)


def test_winning_raises_losing_lowers_and_bounds_hold() -> None:
    win = rate(DEFAULT, [(Rating(1500, 300), 1.0)], bounded=True)
    loss = rate(DEFAULT, [(Rating(1500, 300), 0.0)], bounded=True)
    assert loss.rating < 1500 < win.rating
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    sure = Rating(1500, 30, 0.06)
    for _ in range(50):
        sure = rate(sure, [(Rating(1500, 30), 1.0)], bounded=True)
    assert sure.deviation >= 45.0
