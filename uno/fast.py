"""The engine's fast-path tables: card facts and rulings looked up instead of computed.

Built once at import from ``uno.cards``, shared by the engine (``uno.engine``), the computer
players (``uno.strategy``, ``uno.heuristics``) and the search (``uno.expert``), so that each
ruling is written once (``matches``) and each table is built once. A card is its index in
``uno.cards.CARDS``; a colour its ``Color`` value, ``-1`` (index 4) for none.

Filtering a hand through a frozenset (``filter(PLAYABLE[color][top], hand)``) or testing it
against one (``OF_COLOR[color].isdisjoint(hand)``) runs in C, without Python frames: the reason
these are tables and not functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from uno.cards import CARDS, COLOR_OF, KIND_OF, Card, Kind

__all__ = [
    "MATCHING",
    "OF_COLOR",
    "PLAYABLE",
    "SEVEN_OR_ZERO",
    "STACKABLE",
    "matches",
]


def matches(card: int, top: int, color: int) -> bool:
    """R-PLAY-1/2/3: same colour as the colour to match, same number or symbol, or a wild."""
    if card >= 52:  # Wild and Wild Draw Four (R-PLAY-3, R-PLAY-4: a WD4 may always be played)
        return True
    if COLOR_OF[card] == color:
        return True
    # Same number or symbol: same rank within the colour block. A wild on top never matches.
    return top < 52 and card % 13 == top % 13


#: The cards ``matches`` accepts: ``MATCHING[color][top]`` for each colour to match and top
#: card. Index 4 is colour -1 (none named yet), so ``[-1]`` finds it too. Filtering a hand
#: through a set runs in C, without Python frames.
MATCHING: Final[tuple[tuple[frozenset[Card], ...], ...]] = tuple(
    tuple(frozenset(c for c in CARDS if matches(c, top, color)) for top in CARDS)
    for color in (0, 1, 2, 3, -1)
)
#: ``MATCHING``'s membership tests, bound once: ``filter(PLAYABLE[color][top], hand)`` (looking
#: ``__contains__`` up on each call costs more than the filtering itself).
PLAYABLE: Final[tuple[tuple[Callable[[object], bool], ...], ...]] = tuple(
    tuple(cards.__contains__ for cards in row) for row in MATCHING
)
#: H-STACK: the cards that pass a pending penalty on, ``[top is a Draw Two]``: a Wild Draw Four
#: always, a Draw Two only on a Draw Two (membership tests, bound once).
STACKABLE: Final[tuple[Callable[[object], bool], ...]] = tuple(
    frozenset(
        c
        for c in CARDS
        if KIND_OF[c] == Kind.WILD_DRAW_FOUR or (on_d2 and KIND_OF[c] == Kind.DRAW_TWO)
    ).__contains__
    for on_d2 in (False, True)
)
#: H-70: the cards that swap or pass hands (every 7 and 0).
SEVEN_OR_ZERO: Final[frozenset[Card]] = frozenset(
    c for c in CARDS if KIND_OF[c] == Kind.NUMBER and c % 13 in (7, 0)
)
#: The cards whose ``COLOR_OF`` is each colour: ``OF_COLOR[color]``, index 4 (or -1) the wilds.
#: ``not OF_COLOR[c].isdisjoint(hand)`` is ``any(COLOR_OF[x] == c for x in hand)``, in C.
OF_COLOR: Final[tuple[frozenset[Card], ...]] = tuple(
    frozenset(c for c in CARDS if COLOR_OF[c] == color) for color in (0, 1, 2, 3, -1)
)
