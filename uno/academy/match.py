"""One match under every table: the sandbox, the kids' game, pass-and-play, the rooms and the
game in the terminal all move a game through a ``Match``, the one place where a person's move
is applied and where computer players move.

A match is a value (frozen; every change returns a new one). It holds:

- the game: the state it ``start``-ed from and every move since (``steps``: the action, what it
  did, the state after it, whether a person decided it), enough to replay, review or undo it;
  ``index`` is the move shown (moves after it can be redone);
- who plays each seat (``seats``: None for a person, else a computer player's strategy name,
  one of ``uno.STRATEGIES`` or ``"friendly"``, the classroom's kind player);
- which hands the reader sees (``viewer``, ``hide``: ``reader`` and ``hands_shown``);
- a ``version``, moved by every change, so that a tap made on an older table is told apart.

>>> import uno
>>> state = uno.load_scenario({"players": 2, "hands": [["R1", "B2"], ["B3", "R4"]],
...                            "discard_pile": ["R0"], "draw_pile": ["G1", "G2", "G3"]})
>>> match = Match.new(state, [None, "first"])
>>> after = match.act(0, "play R1 uno")
>>> after.state.turn, after.version                # Ana played; the computer's turn now
(1, 1)
>>> after = after.play_bots()                      # the computer plays R4, then it is Ana's
>>> [step.action for step in after.steps]
['0: play R1 uno', '1: play R4 uno']
>>> refused = after.act(0, "play B2")              # a refusal is a value, nothing changes
>>> refused.reason, refused.rule
('no_match', 'R-PLAY-1')
>>> after.undo().state == state                    # back to Ana's last decision
True
>>> Match.from_scenario(after.to_scenario()).steps == after.steps
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from uno.academy.table_setup import read_table_setup
from uno.actions import Action, parse_action
from uno.bots import STRATEGIES, Strategy, make_strategy, next_bot_move
from uno.engine import apply
from uno.errors import IllegalAction, NotationError, UnoError
from uno.expert import Note, log_of
from uno.history import MAX_HISTORY, NEXT_ROUND, Played, dump_history, read_history
from uno.scenario import dump_scenario, load_scenario, scenario_data
from uno.setup import next_round
from uno.state import Event, GameState, Phase

__all__ = [
    "FRIENDLY",
    "MAX_BOT_MOVES",
    "MAX_STEPS",
    "Match",
    "Refusal",
    "Step",
    "strategy_of",
]

#: Computer players who are kind to children: they never bluff, never challenge, always say
#: "Uno", keep their wilds for when nothing else fits, and catch a forgotten "Uno" (R-UNO-2).
FRIENDLY: Final[Strategy] = make_strategy(
    "save_wilds", challenge="never", bluff=0.0, forget_uno=0.0, catch=1.0, jump=0.0
)
#: The most moves a match keeps (a round of computer players alone can be endless, R-DRAW-4):
#: the computer players stop there, and the table says so.
MAX_STEPS: Final = MAX_HISTORY
#: The most computer moves one call of ``play_bots`` makes.
MAX_BOT_MOVES: Final = 2000

#: A move as a match keeps it: the action's text, its events, the state after it, and whether a
#: person decided it (undo and redo stop there).
Step = Played


def strategy_of(name: str) -> Strategy:
    """The computer player a seat names: ``"friendly"`` or a name of ``uno.STRATEGIES``."""
    return FRIENDLY if name == "friendly" else make_strategy(name)


@dataclass(frozen=True)
class Refusal:
    """A move the match did not take, and why: ``reason`` is ``"stale"`` (made on an older
    table), ``"notation"`` (not an action), ``"not_yours"`` (a seat this screen does not play)
    or the engine's reason code (``error`` then holds the ``IllegalAction``, with ``rule``)."""

    reason: str
    rule: str | None = None
    error: UnoError | None = None


@dataclass(frozen=True)
class Match:
    """A game, who plays each seat, and its history (see the module's docstring)."""

    start: GameState
    seats: tuple[str | None, ...]
    steps: tuple[Step, ...] = ()
    index: int = 0
    #: The seat this screen belongs to (a pupil's phone, the person in the terminal), None when
    #: the screen is shared (the sandbox, pass-and-play: the hand shown follows the turn).
    viewer: int | None = None
    #: The other players' hands are hidden from the reader (a game against computer players).
    hide: bool = False
    #: Moved by every change; not part of what the game is (two matches that differ only by
    #: it are equal): a redraw that changes nothing moves it too (``touched``).
    version: int = field(default=0, compare=False)
    _strategies: tuple[Strategy | None, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.seats) != self.start.n_players:
            raise ValueError(f"{len(self.seats)} seats for {self.start.n_players} players")
        for name in self.seats:
            if name is not None and name != "friendly" and name not in STRATEGIES:
                raise ValueError(f"unknown computer player {name!r}")
        if not 0 <= self.index <= len(self.steps):
            raise ValueError(f"index {self.index} outside 0..{len(self.steps)}")
        strategies = tuple(None if s is None else strategy_of(s) for s in self.seats)
        object.__setattr__(self, "_strategies", strategies)

    # -- making one ---------------------------------------------------------------------------
    @classmethod
    def new(cls, state: GameState, seats: Sequence[str | None] | None = None) -> Match:
        """A match from ``state``; ``seats``: one per player (default: persons only)."""
        return cls(state, tuple(seats) if seats is not None else (None,) * state.n_players)

    @classmethod
    def replayed(
        cls,
        start: GameState,
        actions: Sequence[str],
        seats: Sequence[str | None] | None = None,
        *,
        people: Sequence[int] = (),
        version: int = 0,
    ) -> Match:
        """A match from ``start`` with ``actions`` replayed (a room's log, a saved game);
        raises the engine's error for an action that cannot be taken where it comes."""
        from uno.history import replay

        steps = replay(start, actions, people)
        match = cls.new(start, seats)
        return replace(match, steps=steps, index=len(steps), version=version)

    @classmethod
    def from_scenario(
        cls, source: str | bytes | Mapping[str, Any], seats: Sequence[str | None] | None = None
    ) -> Match:
        """A match from a scenario file (or its text, or its dict), at the step its ``history``
        shows, with the moves before it to undo and after it to redo. ``seats`` (default: the
        scenario's ``table.bots``, persons elsewhere); its ``table.hide_hands`` hides the others'
        hands. ScenarioError for anything else."""
        data = scenario_data(source)
        state = load_scenario(data)
        setup = read_table_setup(data.get("table"), state.n_players)
        if seats is None:
            seats = [setup.bots.get(seat) for seat in range(state.n_players)]
        if "history" not in data:
            match = cls.new(state, seats)
        else:
            history = read_history(data["history"], state)
            match = replace(cls.new(history.start, seats), steps=history.steps, index=history.at)
        return replace(match, hide=setup.hide_hands)

    def to_scenario(self, *, most: int | None = None) -> dict[str, Any]:
        """The state shown as a scenario (JSON-ready), with its ``history``: the start and
        every move (the last ``most`` at most: the history then starts later)."""
        first = 0 if most is None else max(0, len(self.steps) - most)
        first = min(first, self.index)
        start = self.steps[first - 1].state if first else self.start
        kept = self.steps[first:]
        data = dump_scenario(self.state)
        data["history"] = dump_history(
            start,
            [step.action for step in kept],
            people=[i for i, step in enumerate(kept) if step.person],
            at=self.index - first,
        )
        return data

    # -- what it is now -----------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The state shown (after ``index`` moves)."""
        return self.steps[self.index - 1].state if self.index else self.start

    @property
    def people(self) -> tuple[int, ...]:
        """The seats persons play."""
        return tuple(seat for seat, name in enumerate(self.seats) if name is None)

    @property
    def strategies(self) -> tuple[Strategy | None, ...]:
        """The computer player of each seat, None for a person."""
        return self._strategies

    def reader(self) -> int | None:
        """The seat whose hand lies at the bottom of the table: the screen's own seat; else the
        person whose turn it is, else the person who moved last, else the first person (None
        when only computer players play)."""
        if self.viewer is not None:
            return self.viewer
        people = self.people
        state = self.state
        if state.turn in people and not state.is_over:
            return state.turn
        for step in reversed(self.shown):
            if step.person and step.seat in people:
                return step.seat
        return people[0] if people else None

    def hands_shown(self) -> frozenset[int]:
        """The seats whose cards the reader sees: every hand, or with ``hide`` the reader's own
        only."""
        if not self.hide:
            return frozenset(range(self.state.n_players))
        reader = self.reader()
        return frozenset() if reader is None else frozenset({reader})

    def with_view(self, *, viewer: int | None = None, hide: bool | None = None) -> Match:
        """Who reads the table (``viewer``) and whether the others' hands are hidden."""
        return replace(
            self,
            viewer=viewer,
            hide=self.hide if hide is None else hide,
            version=self.version + 1,
        )

    @property
    def full(self) -> bool:
        """True when the match holds ``MAX_STEPS`` moves: no computer move is added."""
        return self.index >= MAX_STEPS

    @property
    def shown(self) -> tuple[Step, ...]:
        """The moves up to the one shown."""
        return self.steps[: self.index]

    def story(self) -> list[Event]:
        """The events up to the state shown, in order."""
        return [event for step in self.shown for event in step.events]

    def round_story(self) -> list[Event]:
        """The events of the round shown, up to the state shown (the table's story)."""
        return [e for step in self.steps[self.round_start() : self.index] for e in step.events]

    def round_start(self) -> int:
        """The index of the first move of the round shown."""
        start = self.index
        while start > 0 and not self._before(start - 1).is_over:
            start -= 1
        return start

    def round_log(self) -> list[Note]:
        """What each seat was seen to do in the round shown (``uno.expert.log_of``): what a
        computer player that reads it (``expert``) and the coach are given."""
        first = self.round_start()
        return log_of(
            (self._before(i), self.steps[i].events, self.steps[i].state)
            for i in range(first, self.index)
        )

    def _before(self, i: int) -> GameState:
        """The state before move ``i``."""
        return self.steps[i - 1].state if i else self.start

    # -- moves --------------------------------------------------------------------------------
    def _push(
        self, action: Action, after: GameState, events: Sequence[Event], person: bool
    ) -> Match:
        step = Step(str(action), tuple(events), after, person)
        return replace(
            self,
            steps=(*self.steps[: self.index], step),
            index=self.index + 1,
            version=self.version + 1,
        )

    def act(
        self,
        seat: int,
        action: Action | str,
        *,
        version: int | None = None,
    ) -> Match | Refusal:
        """A person's move for ``seat`` (the one way one is applied): ``action`` is an Action
        or its text, written for that seat or without a seat. ``version``: the version of the
        table the move was made on (a tap), refused as ``stale`` when the match moved since.
        Returns the match after it, or a ``Refusal`` (the match is unchanged)."""
        if version is not None and version != self.version:
            return Refusal("stale")
        if not 0 <= seat < len(self.seats) or self.seats[seat] is not None:
            return Refusal("not_yours")
        state = self.state
        try:
            if isinstance(action, str):
                text = action.strip()
                action = parse_action(text if ":" in text else f"{seat}: {text}", state)
        except NotationError as error:
            return Refusal("notation", error=error)
        if action.seat != seat:
            return Refusal("not_yours")
        try:
            after, events = apply(state, action)
        except IllegalAction as error:
            return Refusal(error.reason, error.rule, error)
        return self._push(action, after, events, person=True)

    def tap(
        self, text: str, *, version: int | None = None, acting: Iterable[int] | None = None
    ) -> tuple[int | None, Match | Refusal]:
        """A tap on a table that acts for any of the seats in ``acting`` (default: every seat
        a person plays), the action written for its seat (``"2: play R7"``; without one, the
        seat whose turn it is). Returns the seat that acted (None when the text is not an
        action) and the result of ``act``."""
        try:
            seat = parse_action(text, self.state).seat
        except NotationError as error:
            return None, Refusal("notation", error=error)
        allowed = set(self.people if acting is None else acting)
        if seat not in allowed:
            return seat, Refusal("not_yours")
        return seat, self.act(seat, text, version=version)

    def next_bot(self) -> Action | None:
        """The move a computer player makes now, or None when a person must act (or the round
        is over, or the match is full)."""
        if self.full:
            return None
        strategies = self.strategies
        watching = any(s is not None and s.watches for s in strategies)
        return next_bot_move(self.state, strategies, log=self.round_log() if watching else ())

    @property
    def stopped(self) -> bool:
        """True when a computer player would move but the match is full (``MAX_STEPS``)."""
        return (
            self.full
            and not self.state.is_over
            and next_bot_move(self.state, self.strategies) is not None
        )

    @property
    def waiting(self) -> bool:
        """True when a computer player has a move to make now."""
        return not self.state.is_over and self.next_bot() is not None

    def step_bots(self, limit: int = 1, *, version: int | None = None) -> Match:
        """Up to ``limit`` computer moves (the same match when none is due, or when
        ``version``, the table's a pause ended on, is no longer the match's). The pause between
        them, if any, belongs to the caller (``play_bots`` makes them all at once)."""
        if version is not None and version != self.version:
            return self
        match = self
        for _ in range(limit):
            action = match.next_bot()
            if action is None:
                break
            after, events = apply(match.state, action)
            match = match._push(action, after, events, person=False)
        return match

    def play_bots(self, limit: int = MAX_BOT_MOVES) -> Match:
        """The computer players move until a person must act (or the round ends)."""
        return self.step_bots(limit)

    def next_round(self, *, version: int | None = None) -> Match:
        """After a round is scored: the next deal (``uno.next_round``), as a move of its own;
        the same match when the table (``version``) is no longer the match's, or the round is
        not over (the game may be)."""
        if (version is not None and version != self.version) or (
            self.state.phase is not Phase.ROUND_OVER
        ):
            return self
        after = next_round(self.state)
        step = Step(NEXT_ROUND, (), after, True)
        return replace(
            self,
            steps=(*self.steps[: self.index], step),
            index=self.index + 1,
            version=self.version + 1,
        )

    def with_seats(self, seats: Sequence[str | None]) -> Match:
        """Who plays each seat, changed (the history stays)."""
        return replace(self, seats=tuple(seats), version=self.version + 1)

    def touched(self) -> Match:
        """The same match with a new version: a table redraws (to say why a tap was refused)."""
        return replace(self, version=self.version + 1)

    # -- undo and redo ------------------------------------------------------------------------
    def _decisions(self) -> list[int]:
        """The indexes of the states on which a person decided."""
        return [i for i, step in enumerate(self.steps) if step.person]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.steps)

    def undo(self) -> Match:
        """Back to the last decision a person made before the state shown (the start if none),
        taking back the computer players' moves after it too."""
        before = [i for i in self._decisions() if i < self.index]
        return self.goto(before[-1] if before else 0)

    def redo(self) -> Match:
        """Forward to the next state where a person decides again (or the end)."""
        after = [i for i in self._decisions() if i > self.index]
        return self.goto(after[0] if after else len(self.steps))

    def goto(self, index: int) -> Match:
        """The state after ``index`` moves (clamped to the history)."""
        index = max(0, min(len(self.steps), index))
        return replace(self, index=index, version=self.version + 1)
