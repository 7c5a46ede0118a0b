"""Cards, colours, the 108-card deck and card points: the one source of truth for each (R-DECK-1,
R-SCORE-1).

A card is a small interned integer (``Card`` subclasses ``int``), so hands and piles are tuples of
ints: cheap to copy, hash and compare. ``str(card)`` is the canonical code of ENGINE-API.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from enum import IntEnum
from typing import Final

from uno.errors import NotationError

__all__ = [
    "ACTION",
    "CARDS",
    "COLORS",
    "DECK_COUNTS",
    "FULL_DECK",
    "NUMBER",
    "WILD",
    "Card",
    "Color",
    "Kind",
    "card_points",
    "deck_summary",
    "parse_card",
    "parse_color",
]


class Color(IntEnum):
    """The four colours, in the order of the codes ``R Y G B``."""

    R = 0
    Y = 1
    G = 2
    B = 3

    @property
    def code(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name


COLORS: Final[tuple[Color, ...]] = (Color.R, Color.Y, Color.G, Color.B)


class Kind(IntEnum):
    """What a card does. Numbers are ``NUMBER``; the rest are the action and wild cards."""

    NUMBER = 0
    SKIP = 1
    REVERSE = 2
    DRAW_TWO = 3
    WILD = 4
    WILD_DRAW_FOUR = 5


NUMBER: Final = Kind.NUMBER
ACTION: Final = frozenset({Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO})
WILD: Final = frozenset({Kind.WILD, Kind.WILD_DRAW_FOUR})

# Card index layout: colour * 13 + rank, rank 0-9 numbers, 10 Skip, 11 Reverse, 12 Draw Two;
# 52 Wild, 53 Wild Draw Four.
_RANK_SYMBOL: Final = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "D2")
_RANK_KIND: Final = (NUMBER,) * 10 + (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO)
N_CARD_TYPES: Final = 54
W_INDEX: Final = 52
WD4_INDEX: Final = 53


class Card(int):
    """One card face. Instances are interned: ``Card.of("R7") is Card.of("r7")``."""

    __slots__ = ()

    # Filled in below, once the 54 instances exist.
    _by_code: dict[str, Card]
    _all: tuple[Card, ...]

    def __new__(cls, value: str | int) -> Card:
        """``Card("R7")`` parses a code; ``Card(7)`` returns the interned card of that index."""
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < N_CARD_TYPES:
            return CARDS[value]
        raise NotationError(repr(value), "not_a_card", f"not a card code: {value!r}")

    @staticmethod
    def of(text: str) -> Card:
        """Parse a card code (case-insensitive, spaces around ignored)."""
        return parse_card(text)

    @property
    def code(self) -> str:
        return _CODE[self]

    @property
    def color(self) -> Color | None:
        """The printed colour, ``None`` for Wild and Wild Draw Four."""
        return _COLOR[self]

    @property
    def kind(self) -> Kind:
        return _KIND[self]

    @property
    def number(self) -> int | None:
        """The printed number of a number card, else ``None``."""
        return int(self) % 13 if _KIND[self] is NUMBER else None

    @property
    def symbol(self) -> str:
        """What must match for a number/symbol match: ``"7"``, ``"S"``, ``"R"``, ``"D2"``, ..."""
        return _SYMBOL[self]

    @property
    def points(self) -> int:
        return _POINTS[self]

    @property
    def is_wild(self) -> bool:
        return self >= W_INDEX

    def __str__(self) -> str:
        return _CODE[self]

    def __repr__(self) -> str:
        return f"Card({_CODE[self]!r})"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (_card_from_index, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _card_from_index(index: int) -> Card:
    return CARDS[index]


def _make_tables() -> tuple[
    tuple[Card, ...],
    tuple[str, ...],
    tuple[Color | None, ...],
    tuple[Kind, ...],
    tuple[str, ...],
    tuple[int, ...],
]:
    cards: list[Card] = []
    codes: list[str] = []
    colors: list[Color | None] = []
    kinds: list[Kind] = []
    symbols: list[str] = []
    points: list[int] = []
    for color in COLORS:
        for rank, symbol in enumerate(_RANK_SYMBOL):
            cards.append(int.__new__(Card, color * 13 + rank))
            codes.append(color.name + symbol)
            colors.append(color)
            kinds.append(_RANK_KIND[rank])
            symbols.append(symbol)
            points.append(rank if rank < 10 else 20)  # R-SCORE-1
    for index, code, kind in ((W_INDEX, "W", Kind.WILD), (WD4_INDEX, "WD4", Kind.WILD_DRAW_FOUR)):
        cards.append(int.__new__(Card, index))
        codes.append(code)
        colors.append(None)
        kinds.append(kind)
        symbols.append(code)
        points.append(50)  # R-SCORE-1
    return tuple(cards), tuple(codes), tuple(colors), tuple(kinds), tuple(symbols), tuple(points)


CARDS, _CODE, _COLOR, _KIND, _SYMBOL, _POINTS = _make_tables()
_BY_CODE: Final[dict[str, Card]] = {code: card for card, code in zip(CARDS, _CODE, strict=True)}
Card._by_code = _BY_CODE
Card._all = CARDS

# Plain-int lookup tables for the hot path (index = card value).
COLOR_OF: Final[tuple[int, ...]] = tuple(-1 if c is None else int(c) for c in _COLOR)
KIND_OF: Final[tuple[int, ...]] = tuple(int(k) for k in _KIND)
POINTS_OF: Final[tuple[int, ...]] = _POINTS


def _deck_counts() -> dict[Card, int]:
    """R-DECK-1: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 Wild, 4 WD4."""
    counts: dict[Card, int] = {}
    for card in CARDS:
        if card.is_wild:
            counts[card] = 4
        elif card.number == 0:
            counts[card] = 1
        else:
            counts[card] = 2
    return counts


DECK_COUNTS: Final[dict[Card, int]] = _deck_counts()
FULL_DECK: Final[tuple[Card, ...]] = tuple(card for card in CARDS for _ in range(DECK_COUNTS[card]))
FULL_DECK_COUNTER: Final[Counter[Card]] = Counter(FULL_DECK)


def card_points(card: Card) -> int:
    """R-SCORE-1: number cards face value, Skip/Reverse/Draw Two 20, wilds 50."""
    return _POINTS[card]


def parse_card(text: str) -> Card:
    """Parse a card code such as ``r7``, `` WD4 `` or ``gd2``; raise NotationError otherwise."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "not_a_card", f"not a card code: {text!r}")
    card = _BY_CODE.get(text.strip().upper())
    if card is None:
        raise NotationError(text, "not_a_card", f"not a card code: {text!r}")
    return card


_COLOR_NAMES: Final[dict[str, Color]] = {c.name: c for c in COLORS}


def parse_color(text: str) -> Color:
    """Parse ``R``, ``Y``, ``G`` or ``B`` (any case); raise NotationError otherwise."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "not_a_color", f"not a colour: {text!r}")
    color = _COLOR_NAMES.get(text.strip().upper())
    if color is None:
        raise NotationError(text, "not_a_color", f"not a colour: {text!r}")
    return color


def deck_summary() -> list[tuple[Kind, int, tuple[int, ...]]]:
    """For each kind of card: how many the deck holds and the points they score (R-DECK-1,
    R-SCORE-1). Computed from DECK_COUNTS and the points table, so it is never typed twice."""
    rows: list[tuple[Kind, int, tuple[int, ...]]] = []
    for kind in Kind:
        faces = [c for c in CARDS if c.kind is kind]
        count = sum(DECK_COUNTS[c] for c in faces)
        rows.append((kind, count, tuple(sorted({c.points for c in faces}))))
    return rows
