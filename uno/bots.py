"""Computer players: the strategies by name, and the one driver of computer players at a table.

Strategies (``STRATEGIES``, in the order the app lists them):

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

The modules import one way: ``uno.strategy`` (the base ``Strategy``, ``carry_out``,
``reaction``) <- ``uno.heuristics`` (``first`` .. ``save_wilds``) <- ``uno.expert`` (the search)
<- ``uno.bots`` (this registry and the driver). Every name of those modules that callers use is
importable from here too (``from uno.bots import Strategy, Greedy, Expert, reaction``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from uno.actions import Action
from uno.engine import Table, apply
from uno.expert import Expert, Note, note_of
from uno.heuristics import ColorKeeper, First, Greedy, SaveWilds
from uno.scenario import dumps_scenario
from uno.state import Event, GameState
from uno.strategy import CHALLENGE_POLICIES, Strategy, carry_out, reaction

__all__ = [
    "CHALLENGE_POLICIES",
    "HEURISTICS",
    "MAX_BOT_MOVES",
    "PERSON",
    "STRATEGIES",
    "BotMove",
    "ColorKeeper",
    "Expert",
    "First",
    "Greedy",
    "SaveWilds",
    "Strategy",
    "bot_action",
    "carry_out",
    "make_strategies",
    "make_strategy",
    "move_rng",
    "next_bot_move",
    "play_bots",
    "reaction",
]


#: Strategy classes by name, in the order the app lists them: ``make_strategy`` reads this, and
#: each class's ``name`` is its key here.
STRATEGIES: Final[dict[str, type[Strategy]]] = {
    "random": Strategy,
    "first": First,
    "greedy": Greedy,
    "color_keeper": ColorKeeper,
    "save_wilds": SaveWilds,
    "expert": Expert,
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
