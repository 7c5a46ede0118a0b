"""A room's game, as its match decides it (``uno.academy.match.Match``): the store keeps a
room's rows (its state, seats and actions; the version checked and moved on in the same
transaction as the action row) and asks the match what a move does. No game rule here:

- ``room_match``: the match of a room as it is now (who plays each seat from its seats; for a
  computer player that reads the round, ``expert``, the round replayed from the deal);
- ``pupil_move``: a pupil's tap, made by the match for the pupil's seat;
- ``bot_moves``: the computer players' next moves, made by the match;
- ``first_state`` and ``check_strategy``: a room's deal and its seats' computer players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from uno.academy.match import Match, Refusal, strategy_of
from uno.academy.store.errors import NotAllowed
from uno.academy.store.model import LoggedAction, RoomSeat
from uno.academy.store.room_rows import Move
from uno.academy.store.values import Bad, text
from uno.errors import UnoError
from uno.state import GameState

__all__ = ["MAX_ACTION", "bot_moves", "check_strategy", "first_state", "pupil_move", "room_match"]

#: The longest action text a pupil's device may send.
MAX_ACTION = 80


def check_strategy(name: str) -> None:
    """ValueError unless ``name`` is a computer player's (``"friendly"`` or a strategy)."""
    strategy_of(name)


def first_state(
    rules: object, deck: str, players: int, seed: int | None, start: GameState | None = None
) -> GameState:
    """What a room of ``players`` seats starts from: ``start`` (a situation, with one player per
    seat: ValueError otherwise) under the engine's seat names, else a new deal of ``deck``
    (``uno.academy.classroom.DECKS``) under ``rules`` (a RuleSet, a preset's name or a rules
    dict), shuffled by ``seed`` (random when None)."""
    import secrets

    from uno.academy.classroom import DECKS
    from uno.academy.classroom import deck as deck_cards
    from uno.rules import as_ruleset
    from uno.setup import check_seed, default_names, start_round

    if start is not None:
        if start.n_players != players:
            raise ValueError("the situation has one player per seat")
        return replace(start, players=default_names(players))
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}")
    ruleset = as_ruleset(rules)  # type: ignore[arg-type]
    seed = secrets.randbelow(2**31) if seed is None else check_seed(seed)
    state, _ = start_round(
        default_names(players), ruleset, dealer=players - 1, seed=seed, cards=deck_cards(deck)
    )
    return state


def room_match(
    state: GameState,
    seats: Sequence[RoomSeat],
    log: Sequence[LoggedAction] = (),
    start: Callable[[], object] | None = None,
) -> Match:
    """The match of a room at ``state``. When a computer player reads the round (``expert``),
    the round is replayed from the deal's first state (``start()``, a stored scenario) through
    ``log``, so the match holds it; without it (or when the replay does not lead to ``state``)
    the match starts at ``state``."""
    names = [(s.strategy or "friendly") if s.kind == "bot" else None for s in seats]
    match = Match.new(state, names)
    if start is None or not any(s is not None and s.watches for s in match.strategies):
        return match
    from uno.scenario import load_scenario

    stored = start()
    if stored is None:
        return match
    try:
        replayed = Match.replayed(load_scenario(text(stored)), [a.action for a in log], names)
    except (UnoError, Bad):
        return match
    return replayed if replayed.state == state else match


def pupil_move(match: Match, seat: int, action_text: object, *, seat_held: bool) -> Move:
    """The move of the pupil on ``seat`` who sent ``action_text`` (the engine's notation, with
    or without the seat), made by the match. NotAllowed ``action`` (not a short text), the
    parser's NotationError, NotAllowed ``seat`` (written for another seat, or ``seat_held``
    False: the teacher took the seat meanwhile), the engine's IllegalAction."""
    if not isinstance(action_text, str) or len(action_text) > MAX_ACTION:
        raise NotAllowed("action")
    if not seat_held:
        raise NotAllowed("seat")
    acted = match.act(seat, action_text)
    if isinstance(acted, Refusal):
        if acted.reason == "not_yours":
            raise NotAllowed("seat")
        if acted.error is not None:
            raise acted.error
        raise NotAllowed("action")
    step = acted.steps[-1]
    return seat, step.action, step.state


def bot_moves(match: Match, limit: int) -> Iterator[Move]:
    """The computer players' next moves, at most ``limit``, until a pupil must act or the round
    ends (the match's one driver, seeded from the state, so any process computes the same
    moves). Each is made when the caller asks for it (after storing the one before)."""
    for _ in range(limit):
        after = match.step_bots(1)
        if after is match:
            return
        step = after.steps[-1]
        yield step.seat if step.seat is not None else 0, step.action, step.state
        match = after
