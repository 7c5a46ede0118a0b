"""The base of every computer player: ``Strategy`` (the ``random`` policy, and the decision
every strategy shares), and what a driver needs to run strategies on the engine's working Table
(``carry_out``, ``reaction``).

A strategy looks only at what its seat may know (its own hand, the pile, the number of cards in
each hand) plus the engine's list of playable cards, and returns an ``Action``. The same code
drives the sandbox (``decide`` on a Table made from a GameState) and fast simulations (``move``
on the engine's working Table), so both play exactly the same games.

The modules of the computer players import one way: ``uno.strategy`` (this base) <-
``uno.heuristics`` (the simple policies) <- ``uno.expert`` (the search) <- ``uno.bots`` (the
strategies by name, and the driver of computer players at a table).

Options for every strategy: ``challenge`` (``"never"``, ``"always"`` or ``"odds"``: challenge a
Wild Draw Four when ``uno.odds`` says it costs fewer cards on average), ``bluff`` (the chance of
playing a Wild Draw Four while holding the colour, R-PLAY-4), ``forget_uno`` (the chance of not
saying "Uno", R-UNO-1), ``catch`` (the chance of catching a player who forgot, R-UNO-2) and
``jump`` (the chance of jumping in when ``jump_in`` allows it, H-JUMP).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import floor
from typing import Any, ClassVar, Final, cast

from uno.actions import Action
from uno.cards import CARDS, COLORS, WD4_INDEX, Card, Color
from uno.engine import Table
from uno.fast import DRAW_TURN, DRAWN, OF_COLOR, PLAY_CARD, PLAYABLE, Name, Pick, lean_round
from uno.odds import challenge_advice
from uno.state import Phase

__all__ = [
    "CHALLENGE_POLICIES",
    "Strategy",
    "carry_out",
    "play_round",
    "reaction",
]

CHALLENGE_POLICIES: Final = ("never", "always", "odds")
_WD4_CARD: Final = Card("WD4")
_PLAY, _DRAWN, _CHALLENGE = Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE
_ROUND_OVER, _GAME_OVER = Phase.ROUND_OVER, Phase.GAME_OVER
#: Simulations make millions of actions: ``tuple.__new__`` skips the named tuple's Python-level
#: constructor (about half the cost), and the draws are made once per seat.
_new: Final = tuple.__new__
_DRAWS: Final = tuple(Action(seat, "draw") for seat in range(10))


@dataclass(frozen=True)
class Strategy:
    """The ``random`` strategy, and the base of the others (override ``pick`` and ``color``)."""

    name: str = field(default="random", init=False)
    challenge: str = "never"
    bluff: float = 0.0
    forget_uno: float = 0.0
    catch: float = 1.0
    jump: float = 1.0

    def __post_init__(self) -> None:
        if self.challenge not in CHALLENGE_POLICIES:
            raise ValueError(
                f"challenge must be one of {', '.join(CHALLENGE_POLICIES)}, not {self.challenge!r}"
            )
        for option in ("bluff", "forget_uno", "catch", "jump"):
            value = getattr(self, option)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                raise ValueError(f"{option} is a probability from 0 to 1, not {value!r}")
        # The class's flag, copied on the instance: CPython reads an instance attribute faster.
        object.__setattr__(self, "_uniform", type(self)._uniform)

    #: True for a strategy that reads what the others were seen to do: a driver that keeps the
    #: round's log (``uno.simulate`` does) calls its ``move_with_log``.
    watches: ClassVar[bool] = False

    def move_with_log(self, t: Table, rng: random.Random, log: Sequence[Any]) -> bool:
        """``move``, knowing the round's log of what the others were seen to do."""
        return self.move(t, rng)

    def decide_with_log(self, t: Table, rng: random.Random, log: Sequence[Any]) -> Action:
        """``decide``, knowing the round's log of what the others were seen to do."""
        return self.decide(t, rng)

    #: True when a class keeps Strategy.pick (``decide`` then inlines it).
    _uniform: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._uniform = cls.pick is Strategy.pick
        if cls.decide is not Strategy.decide and cls.move is Strategy.move:
            # A strategy with its own decide: its move is that decision, carried out.
            setattr(cls, "move", _move_by_decide)  # noqa: B010 (mypy: no method assignment)

    # -- the policy: which card, which colour (override these) ------------------------------
    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        """Choose one of ``cards`` (the playable cards in hand order, never empty) to play from
        ``hand``. Here: each playable card of the hand equally likely."""
        return cards[floor(rng.random() * len(cards))]

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        """The colour to name after a wild."""
        return COLORS[floor(rng.random() * 4)]

    # -- the decision, the same for every strategy -----------------------------------------
    def decide(self, t: Table, rng: random.Random) -> Action:
        """The action of the seat whose turn it is."""
        seat = t.turn
        hand = t.hands[seat]
        phase = t.phase
        if phase is _PLAY:
            cards = t.matching(hand)  # the playable cards, in hand order
            if not cards:
                return _DRAWS[seat]  # never draws by choice
            if WD4_INDEX in cards:
                cards = self._drop_bluff(t, cards, rng)
                if not cards:
                    return _DRAWS[seat]
            # Strategy.pick inlined when a strategy keeps it (the same draw of rng, no call).
            card = (
                cards[floor(rng.random() * len(cards))]
                if self._uniform
                else self.pick(cards, hand, rng)
            )
            if card < 52 and not t.rules.seven_zero:  # the common case, without 7-0 or colours
                uno = len(hand) == 2 and not (self.forget_uno and rng.random() < self.forget_uno)
                return _new(Action, (seat, "play", card, None, None, uno))
            return self._play(t, seat, card, rng)
        if phase is _DRAWN:
            assert t.drawn is not None
            return self._play(t, seat, t.drawn, rng)  # a drawn card that can be played is played
        if phase is _CHALLENGE:
            if t.playable(seat) and self._drop_bluff(t, [_WD4_CARD], rng):
                return self._play(t, seat, _WD4_CARD, rng)  # H-STACK: pass it on
            return Action(seat, "challenge" if self._challenges(t, seat) else "accept")
        return Action(seat, "color", color=self.color(hand, rng))  # phase choose_color

    def move(self, t: Table, rng: random.Random) -> bool:
        """Make the move of the seat whose turn it is on the table (simulations): exactly
        ``decide`` then that action carried out, with the same draws of ``rng``, but without
        building an Action for the commonest moves. True when the move ends the round."""
        seat = t.turn
        hand = t.hands[seat]
        if t.phase is _PLAY:
            if t.pending:
                cards = t.matching(hand)
            else:  # Table.matching, inlined
                cards = list(filter(PLAYABLE[t.color][t.discard[-1]], hand))
            if cards and WD4_INDEX in cards:
                cards = self._drop_bluff(t, cards, rng)
            if not cards:  # never draws by choice: R-DRAW-1; the Uno window closes (R-UNO-2)
                if t.exposed:
                    t.close_windows(seat)
                t.draw_turn(seat)
                if t.exposed:
                    t.prune_exposed()
                return False
            card = (
                cards[floor(rng.random() * len(cards))]
                if self._uniform
                else self.pick(cards, hand, rng)
            )
        elif t.phase is _DRAWN:
            card = t.drawn  # type: ignore[assignment]  # a drawn card that can be played is played
        else:
            return carry_out(t, self.decide(t, rng))
        if t.rules.seven_zero:
            over = t.do_play(self._play(t, seat, card, rng))
        else:  # Strategy._play without 7-0: the colour first, then whether to say "Uno"
            named = self.color(hand, rng) if card >= 52 else None
            if len(hand) == 2:  # R-UNO-1 (an if, not an and: CPython compares ints faster)
                uno = not (self.forget_uno and rng.random() < self.forget_uno)
            else:
                uno = False
            over = t.play_card(seat, card, named, None, uno)
        if t.exposed:
            t.prune_exposed()
        return over

    def _drop_bluff(self, t: Table, cards: list[Card], rng: random.Random) -> list[Card]:
        """Keep a Wild Draw Four among the choices only when it is not a bluff (R-PLAY-4), or
        when the strategy decides to bluff."""
        if t.rules.wd4_anytime or OF_COLOR[t.color].isdisjoint(t.hands[t.turn]):
            return cards  # no card of the colour to match in hand: the Wild Draw Four is legal
        if self.bluff and rng.random() < self.bluff:
            return cards
        return list(filter(WD4_INDEX.__ne__, cards))

    def _play(self, t: Table, seat: int, card: Card, rng: random.Random) -> Action:
        color = self.color(t.hands[seat], rng) if card >= 52 else None
        if t.rules.seven_zero:
            target = self._swap_target(t, seat) if t.swaps(seat, card) else None
            after = t.cards_after(seat, card, target)
        else:
            target = None
            after = len(t.hands[seat]) - 1
        uno = after == 1 and not (self.forget_uno and rng.random() < self.forget_uno)
        return _new(Action, (seat, "play", card, color, target, uno))

    def _swap_target(self, t: Table, seat: int) -> int:
        """H-70: swap with the player holding the fewest cards (the nearest one on a tie)."""
        best = None
        for step in range(1, t.n):
            other = (seat + step * t.direction) % t.n
            if best is None or len(t.hands[other]) < len(t.hands[best]):
                best = other
        assert best is not None
        return best

    def _challenges(self, t: Table, seat: int) -> bool:
        if self.challenge == "never":
            return False
        if self.challenge == "always":
            return True
        chal = t.challenge
        assert chal is not None
        known = [CARDS[c] for c in t.hands[seat]] + [CARDS[c] for c in t.discard]  # Cards
        advice = challenge_advice(
            len(t.hands[chal.player]), chal.previous_color, known=known, pending=t.pending
        )
        return advice.challenge

    # -- out of turn ------------------------------------------------------------------------
    def wants(self, chance: float, rng: random.Random) -> bool:
        """True with the chance ``chance`` (``catch``, ``jump``); ``rng`` is drawn from only
        when the chance is strictly between 0 and 1."""
        return chance >= 1.0 or (chance > 0.0 and rng.random() < chance)


def carry_out(t: Table, action: Action) -> bool:
    """Carry out on ``t`` an action a bot chose among the moves the engine offers (its turn's
    move): the commonest moves skip ``act``'s checks and run the same rule code as ``apply``
    (``do_play``, ``draw_turn``); any other goes through ``act``. True when the round ends."""
    verb = action.verb
    if verb == "play":
        over = t.do_play(action)
        if t.exposed:
            t.prune_exposed()
        return over
    if verb == "draw" and t.phase is _PLAY:
        if t.exposed:
            t.close_windows(action.seat)
        t.draw_turn(action.seat)
        if t.exposed:
            t.prune_exposed()
        return False
    t.act(action)
    return t.phase is _ROUND_OVER or t.phase is _GAME_OVER


def _move_by_decide(self: Strategy, t: Table, rng: random.Random) -> bool:
    """``Strategy.move`` of a strategy that has its own ``decide``."""
    return carry_out(t, self.decide(t, rng))


def reaction(t: Table, strategies: Sequence[Strategy], rng: random.Random) -> Action | None:
    """An out-of-turn action some bot takes now, if any: catching a player who did not say
    "Uno" (R-UNO-2), or jumping in (H-JUMP). Seats are asked in play order from the turn."""
    if t.exposed:
        for target in t.exposed:
            for step in range(t.n):
                seat = (t.turn + step * t.direction) % t.n
                if seat != target and strategies[seat].wants(strategies[seat].catch, rng):
                    return Action(seat, "catch", target=target)
    if t.rules.jump_in:
        jumpers = t.jumpers()
        if jumpers:
            top = t.discard[-1]
            for step in range(1, t.n):
                seat = (t.turn + step * t.direction) % t.n
                if seat in jumpers and strategies[seat].wants(strategies[seat].jump, rng):
                    bot = strategies[seat]
                    swap = bot._swap_target(t, seat) if t.swaps(seat, top) else None
                    uno = t.cards_after(seat, top, swap) == 1 and not (
                        bot.forget_uno and rng.random() < bot.forget_uno
                    )
                    return Action(seat, "jump", top, None, swap, uno)
    return None


# -- a whole round at once (simulations and the expert's playouts) ----------------------------
#: What ``lean_round`` needs of each seat's strategy: its ``pick`` and ``color`` (None:
#: ``Strategy``'s own, drawn at random), ``bluff``, ``forget_uno``, and whether it accepts
#: every Wild Draw Four without a thought (``challenge="never"``).
_Seats = tuple[list[Pick | None], list[Name | None], list[float], list[float], list[bool]]
#: The last bots (a tuple, so they cannot change) and their ``_Seats``: one rebinding, so a
#: reader in another thread sees either the old pair or the new one.
_last_seats: tuple[object, _Seats | None] = ((), None)


def _lean_seats(bots: Sequence[Strategy]) -> _Seats | None:
    """What ``lean_round`` needs of ``bots``, or None when one of them does not move by
    ``Strategy.move`` itself (its own ``pick`` and ``color`` at most)."""
    global _last_seats
    last = _last_seats
    if last[0] is bots:
        return last[1]
    seats: _Seats | None = None
    if all(
        type(b).move is Strategy.move and type(b)._drop_bluff is Strategy._drop_bluff for b in bots
    ):
        seats = (
            [None if b._uniform else cast(Pick, b.pick) for b in bots],
            [None if type(b).color is Strategy.color else cast(Name, b.color) for b in bots],
            [b.bluff for b in bots],
            [b.forget_uno for b in bots],
            [b.challenge == "never" and type(b)._challenges is Strategy._challenges for b in bots],
        )
    if isinstance(bots, tuple):
        _last_seats = (bots, seats)
    return seats


def play_round(
    t: Table,
    bots: Sequence[Strategy],
    rng: random.Random,
    limit: int,
    moves: Sequence[Callable[[Table, random.Random], bool]] | None = None,
) -> tuple[int, int]:
    """Play on ``t`` until the round ends or ``limit`` actions were made; returns (actions,
    reactions out of turn among them). The round is over when ``t.phase`` says so.

    Exactly this loop, the same actions with the same draws of ``rng`` (``moves[s]`` is
    ``bots[s].move`` unless given)::

        for i in range(limit):
            if t.exposed or t.rules.jump_in:
                action = reaction(t, bots, rng)
                if action is not None:
                    t.act(action)
                    if the round is over: stop
                    continue
            if moves[t.turn](t, rng): stop

    but while nothing is pending and nobody can be caught, the commonest moves are made by
    ``uno.fast.lean_round`` (the steps of ``Strategy.move``, ``Table.play_card`` and
    ``Table.draw_turn`` on plain lists; tests compare both ways move for move), when no event
    is recorded, ``moves`` is not given, every bot moves by ``Strategy.move`` and neither H-70
    nor H-JUMP is played."""
    rules = t.rules
    react = rules.jump_in
    seats = None
    if moves is None and t.events is None and not react and not rules.seven_zero:
        seats = _lean_seats(bots)
    i = reactions = 0
    while i < limit:
        if (
            seats is not None
            and t.phase is _PLAY
            and not t.pending
            and not t.exposed
            and t.drawn is None
        ):
            picks, names, bluffs, forgets, accepts = seats
            status, made, turn, colour, direction, drawn, penalty, card, named, uno = lean_round(
                t.hands,  # type: ignore[arg-type]  # a Card is an int
                t.discard,  # type: ignore[arg-type]
                t.draw,  # type: ignore[arg-type]
                t.turn,
                t.color,
                t.direction,
                limit - i,
                rng,
                picks,
                names,
                bluffs,
                forgets,
                accepts,
                rules.wd4_anytime,
                rules.stacking,
                rules.draw_until_playable,
            )
            i += made
            t.turn = turn
            t.color = colour
            t.direction = direction
            t.n_drawn += drawn
            if penalty > t.max_penalty:
                t.max_penalty = penalty
            if status == PLAY_CARD:
                over = t.play_card(
                    turn,
                    card,  # type: ignore[arg-type]
                    None if named < 0 else COLORS[named],
                    None,
                    uno,
                )
                if t.exposed:
                    t.prune_exposed()
                if over:
                    return i, reactions
            elif status == DRAW_TURN:
                t.draw_turn(turn)
            elif status == DRAWN:
                t.drawn = card  # type: ignore[assignment]
                t.phase = _DRAWN
            continue
        i += 1
        if t.exposed or react:
            action = reaction(t, bots, rng)
            if action is not None:
                reactions += 1
                t.act(action)
                if t.phase is _ROUND_OVER or t.phase is _GAME_OVER:
                    return i, reactions
                continue
        if (bots[t.turn].move if moves is None else moves[t.turn])(t, rng):
            return i, reactions
    return i, reactions
