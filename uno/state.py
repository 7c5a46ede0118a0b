"""GameState: one immutable snapshot of a round, and Event: what an action did (data, no words)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from uno.cards import Card, Color
from uno.rules import RuleSet, game_winners

__all__ = ["Challenge", "Event", "GameState", "Phase"]


class Phase(StrEnum):
    """What the game waits for (ENGINE-API.md, scenario field ``phase``)."""

    PLAY = "play"  # the player to act plays a card or draws
    DRAWN = "drawn"  # the player drew a playable card: play it or pass
    CHALLENGE = "challenge"  # the target of a Wild Draw Four challenges or accepts
    CHOOSE_COLOR = "choose_color"  # the first card turned up is a Wild: name the colour
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Challenge:
    """The Wild Draw Four that can be challenged now (phase ``challenge``).

    ``player`` played it; ``previous_color`` was the colour to match before it; ``guilty`` is
    whether ``player`` held a card of that colour when they played it (R-CHAL-2, judged then);
    ``shown``: those cards, in hand order (what a challenge shows; empty when innocent). A
    catch can add cards to the hand before the challenge, so they are kept from the moment of
    the play. ``shown`` is not written in scenario files and two challenges that differ only
    by it are equal: a state loaded in phase ``challenge`` leaves it empty, and the challenge
    then shows the hand's cards of ``previous_color``.
    """

    player: int
    previous_color: Color
    guilty: bool
    shown: tuple[Card, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class GameState:
    """A value: ``uno.apply`` returns a new one and never changes this one.

    Fields mirror the scenario file (ENGINE-API.md). ``draw_pile[0]`` is the next card drawn,
    ``discard_pile[-1]`` the top card. Engine-defined fields: ``pending_draw`` (cards the next
    decision will make someone draw: a stacked total, or the 4 of a Wild Draw Four that can be
    challenged), ``drawn`` (phase ``drawn``), ``challenge``, ``uno_exposed`` (seats that played down
    to one card without saying "Uno" and can still be caught), ``shuffles`` (how many shuffles the
    seed has driven so far: it makes every later shuffle reproducible).
    """

    rules: RuleSet
    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    current_color: Color | None
    turn: int
    direction: int
    phase: Phase
    scores: tuple[int, ...]
    dealer: int
    seed: int
    shuffles: int = 0
    drawn: Card | None = None
    pending_draw: int = 0
    challenge: Challenge | None = None
    uno_exposed: tuple[int, ...] = ()

    # -- read-only helpers -----------------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard_pile[-1]

    @property
    def is_over(self) -> bool:
        """True when the round (or the game) has ended and only ``next_round`` can follow."""
        return self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` (default: the player to act) in play order."""
        base = self.turn if seat is None else seat
        return (base + steps * self.direction) % len(self.players)

    @property
    def round_winner(self) -> int | None:
        """The seat that emptied its hand, once the round is over."""
        if not self.is_over:
            return None
        for seat, hand in enumerate(self.hands):
            if not hand:
                return seat
        return None

    @property
    def game_winners(self) -> tuple[int, ...]:
        """The seats that won the game (several only on a tie under ``scoring: lowest``)."""
        winner = self.round_winner
        if self.phase is not Phase.GAME_OVER or winner is None:
            return ()
        rules = self.rules
        return game_winners(self.scores, winner, target=rules.target_score, scoring=rules.scoring)

    def cards_in_play(self) -> Counter[Card]:
        """The multiset of every card in hands and piles (constant over a game: R-DECK-2)."""
        counter: Counter[Card] = Counter(self.draw_pile)
        counter.update(self.discard_pile)
        for hand in self.hands:
            counter.update(hand)
        return counter


class Event:
    """Something an action did: a ``type`` and named fields (seats, cards, counts, codes).

    Events never hold sentences; the app words them from content/. Fields are reachable as
    attributes (``event.seat``) or with ``event["seat"]``; ``to_dict`` gives a JSON-ready dict.
    """

    __slots__ = ("fields", "type")

    def __init__(self, type: str, **fields: Any) -> None:
        self.type = type
        self.fields = fields

    def __getattr__(self, name: str) -> Any:
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.type == other.type and self.fields == other.fields

    def __hash__(self) -> int:
        return hash((self.type, tuple(sorted(self.fields))))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"Event({self.type!r}{', ' if inner else ''}{inner})"

    def to_dict(self) -> dict[str, Any]:
        def plain(value: Any) -> Any:
            if isinstance(value, Card | Color):
                return str(value)
            if isinstance(value, tuple | list):
                return [plain(v) for v in value]
            return value

        out: dict[str, Any] = {"type": self.type}
        out.update({k: plain(v) for k, v in self.fields.items()})
        return out
