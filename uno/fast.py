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
from math import floor
from random import Random
from types import FunctionType
from typing import Final

from uno.cards import CARDS, COLOR_OF, KIND_OF, Card, Kind

__all__ = [
    "COMPILED",
    "FITS",
    "MATCHING",
    "OF_COLOR",
    "PLAYABLE",
    "SEVEN_OR_ZERO",
    "STACKABLE",
    "lean_round",
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


#: True when this module runs compiled by mypyc (its functions are then built-in functions,
#: not Python ones): ``uno.fast`` is the one module the build may compile (see the README's
#: "Speed"); its pure-Python source is the fallback and plays the very same games.
COMPILED: Final = not isinstance(matches, FunctionType)


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
#: ``matches`` as flags: ``FITS[color][top][card]`` (colour index 4 or -1: none named).
FITS: Final[tuple[tuple[tuple[bool, ...], ...], ...]] = tuple(
    tuple(tuple(c in cards for c in CARDS) for cards in row) for row in MATCHING
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


# -- the lean round: the commonest moves of a round, made on plain lists and ints -------------
#: What ``lean_round`` stopped on (the first of its results).
LIMIT: Final = 0  # it made the actions it was allowed
PLAY_CARD: Final = 1  # a play for ``Table.play_card`` to carry out: (card, colour named, uno)
DRAW_TURN: Final = 2  # a draw for ``Table.draw_turn`` (a reshuffle first, or H-DRAWPLAY)
DRAWN: Final = 3  # its last action drew ``card``, which can be played (phase drawn)

#: A strategy's ``pick(cards, hand, rng)`` (the card to play) and ``color(hand, rng)`` (the
#: colour to name after a wild).
Pick = Callable[[list[int], list[int], Random], int]
Name = Callable[[list[int], Random], int]
#: What ``lean_round`` returns: (status, actions made, turn, colour, direction, cards drawn,
#: the longest penalty drawn (0 or 2), then for ``PLAY_CARD`` and ``DRAWN``: the card, the
#: colour named (-1: none) and whether "Uno" is said).
Lean = tuple[int, int, int, int, int, int, int, int, int, bool]

_WD4: Final = 53
_KIND_NUMBER: Final = 0  # Kind.NUMBER, ...
_KIND_SKIP: Final = 1
_KIND_REVERSE: Final = 2
_KIND_DRAW_TWO: Final = 3
_KIND_WILD: Final = 4
_KIND_WD4: Final = 5


def lean_round(
    hands: list[list[int]],
    discard: list[int],
    draw: list[int],
    turn: int,
    colour: int,
    direction: int,
    steps: int,
    rng: Random,
    picks: list[Pick | None],
    names: list[Name | None],
    bluffs: list[float],
    forgets: list[float],
    accepts: list[bool],
    anytime: bool,
    stacking: bool,
    until: bool,
) -> Lean:
    """Up to ``steps`` moves of the players whose turn it is, in phase play with nothing
    pending and nobody to catch, as ``Strategy.move`` makes them and ``Table.play_card`` and
    ``Table.draw_turn`` carry them out, with the same draws of ``rng``: the playable cards
    (a Wild Draw Four kept only when it is no bluff or the seat bluffs, ``bluffs``), one of
    them picked (``picks[seat]``; None: each equally likely), the colour named after a wild
    (``names[seat]``; None: a random one), "Uno" said (unless forgotten, ``forgets``), the
    card's effect; or, with nothing to play, one card drawn and played when it can be.

    ``hands``, ``discard`` and ``draw`` (the next card drawn last) are changed in place; the
    turn, colour and direction come back with the rest (``Lean``). It stops before any move it
    does not make itself (a Wild Draw Four, a last card, "Uno" forgotten, a Draw Two under
    H-STACK or on a short pile: ``PLAY_CARD``, the move chosen but not made; a draw from an
    empty pile or under H-DRAWPLAY: ``DRAW_TURN``), or after ``steps`` actions (``LIMIT``, or
    ``DRAWN`` when the last one drew a playable card). ``anytime``, ``stacking`` and
    ``until`` are the rules H-NOBLUFF, H-STACK and H-DRAWPLAY (``uno.strategy.play_round``
    runs it only without H-70 and H-JUMP).
    """
    n = len(hands)
    random = rng.random
    drawn = 0
    penalty = 0
    i = 0
    while i < steps:
        i += 1
        hand = hands[turn]
        top = discard[-1]
        fits = FITS[colour][top]
        # The playable cards, in hand order: a loop, faster than filter() here and compiled.
        cards = []
        for c in hand:
            if fits[c]:
                cards.append(c)
        if cards and _WD4 in cards and not anytime and not OF_COLOR[colour].isdisjoint(hand):
            bluff = bluffs[turn]  # R-PLAY-4: a bluff only by choice (Strategy._drop_bluff)
            if not (bluff and random() < bluff):
                cards = [c for c in cards if c != _WD4]
        if cards:
            pick = picks[turn]  # None: each playable card as likely (Strategy.pick)
            card = cards[floor(random() * len(cards))] if pick is None else pick(cards, hand, rng)
        elif draw and not until:  # R-DRAW-1, R-DRAW-2: one card, played if it can be
            card = draw.pop()
            hand.append(card)
            drawn += 1
            if not fits[card]:
                turn = (turn + direction) % n
                continue
            if i >= steps:
                return (DRAWN, i, turn, colour, direction, drawn, penalty, card, -1, False)
            i += 1  # the next action: the drawn card is played
        else:
            return (DRAW_TURN, i, turn, colour, direction, drawn, penalty, -1, -1, False)
        # The colour named (before the card leaves the hand), then "Uno" (R-UNO-1).
        if card < 52:
            named = -1
        else:
            name = names[turn]
            named = floor(random() * 4) if name is None else int(name(hand, rng))
        size = len(hand)
        uno = False
        if size == 2:
            forget = forgets[turn]
            uno = not (forget and random() < forget)
        kind = KIND_OF[card]
        if (size > 2 or uno) and (
            kind < _KIND_DRAW_TWO
            or kind == _KIND_WILD
            or (not stacking and len(draw) >= 2 and kind == _KIND_DRAW_TWO)
            or (
                kind == _KIND_WD4
                and not stacking
                and len(draw) >= 4
                and (anytime or (i < steps and accepts[(turn + direction) % n]))
            )
        ):  # Table.play_card: not the last card, "Uno" said if it leaves one
            hand.remove(card)
            discard.append(card)
            colour = COLOR_OF[card] if named < 0 else named
            if kind == _KIND_NUMBER or kind == _KIND_WILD:  # noqa: SIM109 (no tuple to build)
                turn = (turn + direction) % n
            elif kind == _KIND_SKIP:  # R-ACT-1
                turn = (turn + 2 * direction) % n
            elif kind == _KIND_REVERSE:  # R-ACT-2 (two players: the turn comes back, R-ACT-6)
                direction = -direction
                if n != 2:
                    turn = (turn + direction) % n
            elif kind == _KIND_DRAW_TWO:  # R-ACT-3: the next player draws 2 and is skipped
                victim = hands[(turn + direction) % n]
                victim.append(draw.pop())
                victim.append(draw.pop())
                drawn += 2
                if penalty < 2:
                    penalty = 2
                turn = (turn + 2 * direction) % n
            else:  # R-ACT-5: the next player draws 4 and is skipped
                if not anytime:
                    i += 1  # R-CHAL-1: its own action, "accept" (it never challenges)
                victim = hands[(turn + direction) % n]
                victim.append(draw.pop())
                victim.append(draw.pop())
                victim.append(draw.pop())
                victim.append(draw.pop())
                drawn += 4
                penalty = 4
                turn = (turn + 2 * direction) % n
            continue
        return (PLAY_CARD, i, turn, colour, direction, drawn, penalty, card, named, uno)
    return (LIMIT, i, turn, colour, direction, drawn, penalty, -1, -1, False)
