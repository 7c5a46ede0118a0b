"""Exact probabilities of Uno, computed by counting (``fractions.Fraction`` inside).

Every function deals a hand uniformly at random from the *unseen* cards: the 108-card deck less
the cards you can see (the top card, your own hand, ``known``). Results are floats by default and
exact ``Fraction`` objects with ``exact=True``.

The one formula behind most of them is the hypergeometric law: drawing ``h`` cards from ``N``
unseen cards of which ``K`` are "good", the chance of drawing none of them is

    P(X = 0) = C(N - K, h) / C(N, h)

so the chance of at least one is ``1 - C(N - K, h) / C(N, h)``; and the chance of exactly ``k``
good cards is ``C(K, k) C(N - K, h - k) / C(N, h)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final

from uno.cards import (
    COLOR_OF,
    FULL_DECK_COUNTER,
    KIND_OF,
    POINTS_OF,
    Card,
    Color,
    Kind,
    parse_card,
    parse_color,
)
from uno.engine import matches

__all__ = [
    "ChallengeAdvice",
    "action_count_distribution",
    "challenge_advice",
    "color_count_distribution",
    "hand_points_distribution",
    "p_guilty",
    "p_legal_play",
    "unseen_cards",
    "wild_count_distribution",
]

HAND: Final = 7
_ACTIONS: Final = (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO)


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


def _color(value: Color | str | int) -> int:
    """A colour as ``Color``, a code (``"R"``) or an index 0-3; ValueError otherwise."""
    if isinstance(value, Color):
        return int(value)
    if isinstance(value, str):
        return int(parse_color(value))
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    raise ValueError(f"not a colour: {value!r}")


def _out(value: Fraction, exact: bool) -> Fraction | float:
    return value if exact else float(value)


def unseen_cards(top: Card | str | None = None, known: Iterable[Card | str] = ()) -> Counter[Card]:
    """The 108-card deck less the top card and the ``known`` cards (raises ValueError when the
    known cards hold more copies of a card than the deck has)."""
    unseen = Counter(FULL_DECK_COUNTER)
    seen = [_card(c) for c in known]
    if top is not None:
        seen.append(_card(top))
    for card in seen:
        if unseen[card] <= 0:
            raise ValueError(f"more copies of {card} are known than the deck holds")
        unseen[card] -= 1
    return unseen


def _check_hand_size(hand_size: int, pool: int) -> None:
    if not isinstance(hand_size, int) or isinstance(hand_size, bool) or hand_size < 0:
        raise ValueError(f"hand size must be a whole number, 0 or more, not {hand_size!r}")
    if hand_size > pool:
        raise ValueError(f"cannot deal {hand_size} cards from {pool} unseen cards")


def _p_at_least_one(good: int, pool: int, hand_size: int) -> Fraction:
    return 1 - Fraction(comb(pool - good, hand_size), comb(pool, hand_size))


def p_legal_play(
    top: Card | str,
    hand_size: int,
    current_color: Color | str | None = None,
    known: Iterable[Card | str] = (),
    *,
    exact: bool = False,
) -> Fraction | float:
    """The chance that a hand of ``hand_size`` cards holds at least one card it may play on
    ``top`` (R-PLAY-1..4): a card of the colour to match, the same number or symbol, or a wild.

    ``current_color`` is the colour named after a wild (required when ``top`` is a wild).
    With ``K`` playable cards among the ``N`` unseen: ``1 - C(N - K, h) / C(N, h)``.
    """
    top_card = _card(top)
    if top_card.is_wild:
        if current_color is None:
            raise ValueError("a wild is on top: give the colour that was named")
        color = _color(current_color)
    else:
        color = COLOR_OF[top_card]
    unseen = unseen_cards(top_card, known)
    pool = sum(unseen.values())
    _check_hand_size(hand_size, pool)
    good = sum(n for card, n in unseen.items() if matches(card, top_card, color))
    return _out(_p_at_least_one(good, pool, hand_size), exact)


def _count_distribution(good: int, pool: int, hand_size: int) -> dict[int, Fraction]:
    total = comb(pool, hand_size)
    return {
        k: Fraction(comb(good, k) * comb(pool - good, hand_size - k), total)
        for k in range(min(good, hand_size) + 1)
    }


def wild_count_distribution(
    hand_size: int = HAND, known: Iterable[Card | str] = (), *, exact: bool = False
) -> dict[int, Fraction | float]:
    """How many wilds (Wild or Wild Draw Four) a hand holds: ``k -> P(k)``, hypergeometric."""
    unseen = unseen_cards(None, known)
    pool = sum(unseen.values())
    _check_hand_size(hand_size, pool)
    good = sum(n for card, n in unseen.items() if card.is_wild)
    return {k: _out(p, exact) for k, p in _count_distribution(good, pool, hand_size).items()}


def action_count_distribution(
    hand_size: int = HAND, known: Iterable[Card | str] = (), *, exact: bool = False
) -> dict[int, Fraction | float]:
    """How many action cards (Skip, Reverse, Draw Two) a hand holds: ``k -> P(k)``."""
    unseen = unseen_cards(None, known)
    pool = sum(unseen.values())
    _check_hand_size(hand_size, pool)
    good = sum(n for card, n in unseen.items() if KIND_OF[card] in _ACTIONS)
    return {k: _out(p, exact) for k, p in _count_distribution(good, pool, hand_size).items()}


def color_count_distribution(
    hand_size: int = HAND, known: Iterable[Card | str] = (), *, exact: bool = False
) -> dict[int, Fraction | float]:
    """How many different colours a hand holds (wilds have none): ``k -> P(k)`` for k = 0..4.

    By inclusion-exclusion: the number of hands whose coloured cards use exactly the colours of
    a set S is ``sum over T within S of (-1)^(|S|-|T|) C(W + sum of n_c for c in T, h)``, where
    ``W`` is the number of wilds and ``n_c`` the unseen cards of colour c.
    """
    unseen = unseen_cards(None, known)
    pool = sum(unseen.values())
    _check_hand_size(hand_size, pool)
    per_color = [0, 0, 0, 0]
    wilds = 0
    for card, n in unseen.items():
        if card.is_wild:
            wilds += n
        else:
            per_color[COLOR_OF[card]] += n
    total = comb(pool, hand_size)
    out: dict[int, Fraction] = {k: Fraction(0) for k in range(5)}
    for mask in range(16):
        subset = [c for c in range(4) if mask >> c & 1]
        exactly = 0
        for sub in range(16):
            if sub & ~mask:
                continue
            inner = [c for c in range(4) if sub >> c & 1]
            sign = -1 if (len(subset) - len(inner)) % 2 else 1
            exactly += sign * comb(wilds + sum(per_color[c] for c in inner), hand_size)
        out[len(subset)] += Fraction(exactly, total)
    return {k: _out(p, exact) for k, p in out.items() if p or k <= hand_size}


def hand_points_distribution(
    hand_size: int, known: Iterable[Card | str] = (), *, exact: bool = False
) -> dict[int, Fraction | float]:
    """The points a hand of ``hand_size`` cards is worth at the end of a round (R-SCORE-1):
    ``total -> P(total)``, exactly.

    Cards are grouped by points (0, 1, ..., 9, 20, 50); the number of hands worth ``s`` is a sum
    of products ``C(n_v, k_v)`` over the ways of taking ``k_v`` cards worth ``v`` with
    ``sum k_v = h`` and ``sum v k_v = s``: a small dynamic programme over the groups.
    """
    unseen = unseen_cards(None, known)
    pool = sum(unseen.values())
    _check_hand_size(hand_size, pool)
    groups: Counter[int] = Counter()
    for card, n in unseen.items():
        groups[POINTS_OF[card]] += n
    # ways[(cards, points)] = number of hands
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, count in sorted(groups.items()):
        step: dict[tuple[int, int], int] = {}
        for (cards, points), w in ways.items():
            for k in range(min(count, hand_size - cards) + 1):
                key = (cards + k, points + k * value)
                step[key] = step.get(key, 0) + w * comb(count, k)
        ways = step
    total = comb(pool, hand_size)
    return {
        points: _out(Fraction(w, total), exact)
        for (cards, points), w in sorted(ways.items(), key=lambda kv: kv[0][1])
        if cards == hand_size
    }


def p_guilty(
    hand_size: int,
    color: Color | str,
    known: Iterable[Card | str] = (),
    *,
    exact: bool = False,
) -> Fraction | float:
    """The chance that a player who just played a Wild Draw Four still holds a card of
    ``color`` (the colour to match before it), so a challenge would find them guilty (R-CHAL-2).

    Their ``hand_size`` remaining cards are taken as a random hand from the unseen cards (the
    deck less ``known``: your hand, the discard pile...): ``1 - C(N - K, h) / C(N, h)`` with
    ``K`` unseen cards of that colour. It does not guess how often people bluff.
    """
    c = _color(color)
    unseen = unseen_cards(None, known)
    pool = sum(unseen.values())
    _check_hand_size(hand_size, pool)
    good = sum(n for card, n in unseen.items() if card < 52 and COLOR_OF[card] == c)
    return _out(_p_at_least_one(good, pool, hand_size), exact)


@dataclass(frozen=True)
class ChallengeAdvice:
    """What a challenge is worth, in cards you expect to draw (R-CHAL-2..4)."""

    p_guilty: float
    expected_if_challenge: float  # innocent: you draw pending + 2; guilty: nothing
    expected_if_accept: float  # you draw pending
    challenge: bool  # True when challenging costs fewer cards on average


def challenge_advice(
    hand_size: int,
    color: Color | str,
    known: Iterable[Card | str] = (),
    pending: int = 4,
) -> ChallengeAdvice:
    """Challenge or accept? Accepting costs ``pending`` cards (4 without stacking); challenging
    costs ``(1 - p) * (pending + 2)``. Challenge when that is smaller, that is when
    ``p > 2 / (pending + 2)`` (a third, for a single Wild Draw Four)."""
    if isinstance(pending, bool) or not isinstance(pending, int) or pending < 1:
        raise ValueError(f"pending must be a whole number of cards, 1 or more, not {pending!r}")
    p = p_guilty(hand_size, color, known, exact=True)
    assert isinstance(p, Fraction)
    if_challenge = (1 - p) * (pending + 2)
    return ChallengeAdvice(
        p_guilty=float(p),
        expected_if_challenge=float(if_challenge),
        expected_if_accept=float(pending),
        challenge=if_challenge < pending,
    )
