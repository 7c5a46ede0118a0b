"""Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", 2013): a rating, its
deviation (how unsure it is) and its volatility, for the puzzle trainer's solvers and puzzles.

A solver answering a puzzle is a game between them: the solver wins with the right answer at
the first try. Both are updated from that one game (``rate``), as Lichess rates its puzzles.

>>> new = rate(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                      (Rating(1700, 300), 0.0)])
>>> f"{new.rating:.2f} {new.deviation:.2f} {new.volatility:.6f}"
'1464.05 151.52 0.059996'

(The paper prints 1464.06, 151.52 and 0.05999: it rounds its intermediate values.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import exp, log, pi, sqrt
from typing import Final

__all__ = ["DEFAULT", "TAU", "Rating", "expected", "rate"]

#: The system constant: how much the volatility may change (the paper suggests 0.3 to 1.2).
TAU: Final = 0.5
#: Glicko-2's scale: 173.7178 rating points a unit.
_SCALE: Final = 173.7178
_EPSILON: Final = 0.000001
#: The lowest and highest deviation kept (a solver who answers a lot is never fully "known").
MIN_DEVIATION: Final = 45.0
MAX_DEVIATION: Final = 350.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale (1500 for a newcomer): ``rating``, its
    ``deviation`` and its ``volatility``."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


#: A newcomer's rating.
DEFAULT: Final = Rating()


def _g(phi: float) -> float:
    return 1 / sqrt(1 + 3 * phi * phi / (pi * pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (0 to 1)."""
    mu = (player.rating - 1500) / _SCALE
    mu_j = (opponent.rating - 1500) / _SCALE
    return _e(mu, mu_j, opponent.deviation / _SCALE)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = log(sigma * sigma)

    def f(x: float) -> float:
        ex = exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return exp(big_a / 2)


def rate(
    player: Rating,
    games: Sequence[tuple[Rating, float]],
    *,
    tau: float = TAU,
    bounded: bool = False,
) -> Rating:
    """``player``'s rating after one rating period of ``games`` (each: the opponent and the
    score, 1 a win, 0 a loss, 0.5 a draw), steps 1 to 8 of Glickman's paper. No game: only the
    deviation grows. ``bounded``: the deviation kept within ``MIN_DEVIATION`` ..
    ``MAX_DEVIATION`` (the trainer's choice; the paper's example is unbounded)."""
    mu = (player.rating - 1500) / _SCALE
    phi = player.deviation / _SCALE
    sigma = player.volatility
    if not games:
        phi_star = sqrt(phi * phi + sigma * sigma)
        return _bound(Rating(player.rating, phi_star * _SCALE, sigma), bounded)
    v_inv = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / _SCALE
        g = _g(opponent.deviation / _SCALE)
        e = _e(mu, mu_j, opponent.deviation / _SCALE)
        v_inv += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / v_inv
    delta = v * total
    sigma_new = _volatility(sigma, phi, v, delta, tau)
    phi_star = sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    return _bound(Rating(mu_new * _SCALE + 1500, phi_new * _SCALE, sigma_new), bounded)


def _bound(r: Rating, bounded: bool) -> Rating:
    if not bounded:
        return r
    return Rating(r.rating, min(MAX_DEVIATION, max(MIN_DEVIATION, r.deviation)), r.volatility)
