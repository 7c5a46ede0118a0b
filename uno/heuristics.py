"""The simple computer players: policies over the playable cards that answer at once (thousands
of games a second), each a ``Strategy`` that overrides ``pick`` (which card) and ``color`` (which
colour after a wild). ``uno.bots`` lists them by name with the others.

- ``first``: the first playable card in hand order; names the colour of its first coloured card.
- ``greedy``: gets rid of the highest-scoring card first (R-SCORE-1).
- ``color_keeper``: plays the colour it holds most and names it.
- ``save_wilds``: a wild only when nothing else can be played.

(``random``, a uniformly random playable card, is the base ``uno.strategy.Strategy`` itself.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import floor

from uno.cards import COLOR_OF, COLORS, POINTS_OF, Card, Color
from uno.strategy import Strategy

__all__ = ["ColorKeeper", "First", "Greedy", "SaveWilds"]


@dataclass(frozen=True)
class First(Strategy):
    """``first``: the first playable card in hand order; the colour of the first coloured card
    in hand after a wild (red when none)."""

    name: str = field(default="first", init=False)

    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        return cards[0]

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        for card in hand:
            if card < 52:
                return COLORS[COLOR_OF[card]]
        return Color.R


def _most_held(hand: list[Card], weight: Sequence[int] | None = None) -> Color:
    """The colour with the most cards (or points) in hand; red..blue order breaks ties."""
    totals = [0, 0, 0, 0]
    for card in hand:
        if card < 52:
            totals[COLOR_OF[card]] += 1 if weight is None else weight[card]
    return COLORS[max(range(4), key=totals.__getitem__)]


@dataclass(frozen=True)
class Greedy(Strategy):
    """``greedy``: the playable card worth the most points first (R-SCORE-1); after a wild, the
    colour whose cards in hand are worth the most."""

    name: str = field(default="greedy", init=False)

    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        return max(cards, key=POINTS_OF.__getitem__)

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        return _most_held(hand, POINTS_OF)


@dataclass(frozen=True)
class ColorKeeper(Strategy):
    """``color_keeper``: a card of the colour it holds most (the one worth the most points among
    them), a wild only when no coloured card fits; names the colour it holds most."""

    name: str = field(default="color_keeper", init=False)

    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        counts = [0, 0, 0, 0]
        for card in hand:
            if card < 52:
                counts[COLOR_OF[card]] += 1
        # The first coloured card with the most (cards of its colour, points): a loop, as a
        # key function would make ``counts`` a cell at every call.
        best = None
        best_key = -1
        for card in cards:
            if card < 52:
                key = counts[COLOR_OF[card]] * 32 + POINTS_OF[card]  # points <= 20
                if key > best_key:
                    best, best_key = card, key
        return cards[0] if best is None else best

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        return _most_held(hand)


@dataclass(frozen=True)
class SaveWilds(Strategy):
    """``save_wilds``: a uniformly random playable card, but a wild only when nothing else can be
    played; names the colour it holds most."""

    name: str = field(default="save_wilds", init=False)

    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        plain = [c for c in cards if c < 52]
        pool = plain or cards
        return pool[floor(rng.random() * len(pool))]

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        return _most_held(hand)
