"""Computer players: small documented policies over the legal moves.

A strategy looks only at what its seat may know (its own hand, the pile, the number of cards in
each hand) plus the engine's list of playable cards, and returns an ``Action``. The same code
drives the sandbox (``bot_action(state, ...)`` on a GameState) and fast simulations (``decide`` on
the engine's working Table), so both play exactly the same games.

Strategies (``STRATEGIES``):

- ``random``: a uniformly random playable card (a random colour for a wild), otherwise draw; a
  drawn card is played when it can be; never draws by choice. The policy of the random agents of
  other toolkits, so that speed comparisons are fair.
- ``first``: the first playable card in hand order; names the colour of its first coloured card.
- ``greedy``: gets rid of the highest-scoring card first (R-SCORE-1).
- ``color_keeper``: plays the colour it holds most and names it.
- ``save_wilds``: a wild only when nothing else can be played.
- ``expert``: searches (``uno.expert``): plays each move out in many worlds dealt from what it
  can see, and makes the one that wins most; options ``rollouts`` and ``seconds``.

Options for every strategy: ``challenge`` (``"never"``, ``"always"`` or ``"odds"``: challenge a
Wild Draw Four when ``uno.odds`` says it costs fewer cards on average), ``bluff`` (the chance of
playing a Wild Draw Four while holding the colour, R-PLAY-4), ``forget_uno`` (the chance of not
saying "Uno", R-UNO-1), ``catch`` (the chance of catching a player who forgot, R-UNO-2) and
``jump`` (the chance of jumping in when ``jump_in`` allows it, H-JUMP).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from math import floor
from typing import TYPE_CHECKING, Any, ClassVar, Final

from uno.actions import Action
from uno.cards import CARDS, COLOR_OF, COLORS, POINTS_OF, WD4_INDEX, Card, Color
from uno.engine import _OF_COLOR, _PLAYABLE, Table, apply
from uno.state import Event, GameState, Phase

if TYPE_CHECKING:
    from uno.expert import Note

__all__ = [
    "CHALLENGE_POLICIES",
    "HEURISTICS",
    "MAX_BOT_MOVES",
    "PERSON",
    "STRATEGIES",
    "BotMove",
    "Strategy",
    "bot_action",
    "make_strategies",
    "make_strategy",
    "move_rng",
    "next_bot_move",
    "play_bots",
    "reaction",
]

CHALLENGE_POLICIES: Final = ("never", "always", "odds")
_WD4_CARD: Final = Card("WD4")
_PLAY, _DRAWN, _CHALLENGE, _CHOOSE = Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE, Phase.CHOOSE_COLOR
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
                cards = list(filter(_PLAYABLE[t.color][t.discard[-1]], hand))
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
        if t.rules.wd4_anytime or _OF_COLOR[t.color].isdisjoint(t.hands[t.turn]):
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
        from uno.odds import challenge_advice  # the odds module imports nothing of ours back

        chal = t.challenge
        assert chal is not None
        known = [CARDS[c] for c in t.hands[seat]] + [CARDS[c] for c in t.discard]  # Cards
        advice = challenge_advice(
            len(t.hands[chal.player]), chal.previous_color, known=known, pending=t.pending
        )
        return advice.challenge

    # -- out of turn ------------------------------------------------------------------------
    def wants(self, chance: float, rng: random.Random) -> bool:
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


@dataclass(frozen=True)
class First(Strategy):
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
    name: str = field(default="greedy", init=False)

    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        return max(cards, key=POINTS_OF.__getitem__)

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        return _most_held(hand, POINTS_OF)


@dataclass(frozen=True)
class ColorKeeper(Strategy):
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
    name: str = field(default="save_wilds", init=False)

    def pick(self, cards: list[Card], hand: list[Card], rng: random.Random) -> Card:
        plain = [c for c in cards if c < 52]
        pool = plain or cards
        return pool[floor(rng.random() * len(pool))]

    def color(self, hand: list[Card], rng: random.Random) -> Color:
        return _most_held(hand)


#: Strategy classes by name, in the order the app lists them (``expert`` is added at the end
#: of this module: it searches with this module's fast path).
STRATEGIES: Final[dict[str, type[Strategy]]] = {
    "random": Strategy,
    "first": First,
    "greedy": Greedy,
    "color_keeper": ColorKeeper,
    "save_wilds": SaveWilds,
}
#: The strategies that answer at once (simple policies, thousands of games a second): every one
#: but ``expert``, which searches (up to about 0.3 s a decision).
HEURISTICS: Final = ("random", "first", "greedy", "color_keeper", "save_wilds")


def make_strategy(spec: str | Strategy, **options: object) -> Strategy:
    """A strategy from its name (with options) or as given."""
    if isinstance(spec, Strategy):
        return replace(spec, **options) if options else spec  # type: ignore[arg-type]
    if not isinstance(spec, str) or spec not in STRATEGIES:
        raise ValueError(f"unknown strategy {spec!r} (known: {', '.join(STRATEGIES)})")
    try:
        return STRATEGIES[spec](**options)  # type: ignore[arg-type]
    except TypeError as exc:  # an option that does not exist
        raise ValueError(f"strategy {spec!r}: {exc}") from None


def make_strategies(
    strategies: str | Strategy | Sequence[str | Strategy] | None, players: int
) -> tuple[Strategy, ...]:
    """One strategy per seat from one name/object for all seats, or a list with one per seat."""
    if strategies is None:
        strategies = "random"
    if isinstance(strategies, str | Strategy):
        one = make_strategy(strategies)
        return (one,) * players
    if not isinstance(strategies, Sequence):
        raise ValueError(
            "strategies: a strategy name, a Strategy, or a list with one per seat, "
            f"not {type(strategies).__name__}"
        )
    items = list(strategies)
    if len(items) != players:
        raise ValueError(f"{len(items)} strategies for {players} players: give one per seat")
    return tuple(make_strategy(s) for s in items)


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


def bot_action(state: GameState, strategies: Sequence[Strategy], rng: random.Random) -> Action:
    """The next bot action on a GameState: a reaction out of turn if any, else the move of the
    seat whose turn it is (played by ``strategies[state.turn]``)."""
    t = Table.from_state(state, record=False)
    return reaction(t, strategies, rng) or strategies[t.turn].decide(t, rng)


# -- the one driver for computer players at a table ------------------------------------------

#: A seat a person plays: never acts on its own (it neither catches nor jumps in by itself).
PERSON: Final = Strategy(catch=0.0, jump=0.0)
#: "Play until a person must act" stops after this many moves (a round of bots alone can be
#: long, and under R-DRAW-4 endless).
MAX_BOT_MOVES: Final = 500


@dataclass(frozen=True)
class BotMove:
    """One move of a computer player: the action, the state after it and what it did; ``note``:
    what the others saw of it (``uno.expert.note_of``), kept when a seat reads the round's log."""

    action: Action
    state: GameState
    events: tuple[Event, ...]
    note: Note | None = None


def move_rng(state: GameState) -> random.Random:
    """The generator of the bot move made on ``state``, seeded from the whole state (its
    scenario text): the same state always gives the same move, so undo, redo and a replay on
    another server process give the same game."""
    from uno.scenario import dumps_scenario

    digest = hashlib.sha256(dumps_scenario(state).encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def next_bot_move(
    state: GameState,
    seats: Sequence[Strategy | None],
    rng: random.Random | None = None,
    log: Sequence[Any] = (),
) -> Action | None:
    """The next action a computer player takes now, or None when a person must act (or the
    round is over). ``seats[i]`` is the strategy of seat ``i``, None for a person. A bot's
    reaction out of turn comes first (catching a player who did not say "Uno", jumping in),
    then the move of the bot whose turn it is. Seeded by ``move_rng(state)`` unless given.
    ``log``: the round so far (``uno.expert.log_of``), for a strategy that reads what the
    others were seen to do (``Strategy.watches``: ``expert``)."""
    if state.is_over:
        return None
    if len(seats) != state.n_players:
        raise ValueError(f"{len(seats)} seats for {state.n_players} players: give one per seat")
    rng = rng or move_rng(state)
    strategies = [PERSON if s is None else s for s in seats]
    t = Table.from_state(state, record=False)
    action = reaction(t, strategies, rng)
    if action is not None:
        return action
    bot = seats[t.turn]
    if bot is None:
        return None
    return bot.decide_with_log(t, rng, log) if log and bot.watches else bot.decide(t, rng)


def play_bots(
    state: GameState,
    seats: Sequence[Strategy | None],
    *,
    limit: int = MAX_BOT_MOVES,
    log: Sequence[Any] = (),
) -> list[BotMove]:
    """The computer players' moves from ``state`` until a person must act, the round ends, or
    ``limit`` moves were made: each with the state after it. Each move is seeded by the state
    it is made on (``move_rng``). ``log``: the round so far (``uno.expert.log_of``), which
    grows with each move (its ``note``), for the strategies that read it (``next_bot_move``)."""
    from uno.expert import note_of

    watching = any(s is not None and s.watches for s in seats)
    seen = list(log)
    moves: list[BotMove] = []
    for _ in range(limit):
        action = next_bot_move(state, seats, log=seen)
        if action is None:
            break
        after, events = apply(state, action)
        note = note_of(state, events, after) if watching else None
        if note is not None:
            seen.append(note)
        state = after
        moves.append(BotMove(action, state, tuple(events), note))
    return moves


# -- the expert: uno.expert searches with this module's fast path (Strategy.move, reaction) ---
from uno.expert import Expert  # noqa: E402

STRATEGIES["expert"] = Expert
