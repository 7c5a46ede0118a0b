"""A game's history in a scenario: the state it started from and the actions taken since, so
that a file or a share link opens at the same step with undo (and redo) still possible.

A scenario's optional ``history`` field (format ``uno-scenario/1``)::

    "history": {
      "start": { ...a scenario: the situation the game started from... },
      "actions": ["0: play R7", "1: draw", "1: pass"],
      "people": [0, 2],
      "at": 3
    }

``actions`` are the engine's action texts, applied in order from ``start`` (and ``next round``
for the next deal once a round is scored, ``uno.next_round``); ``people`` the
indexes of the actions a person decided (the others were computer players: undo goes back to a
person's decision); ``at`` how many of them lead to the situation of the scenario's own fields
(the actions after it can be redone). ``at`` defaults to all of them. Reading it replays every
action with ``uno.apply`` and checks that the first ``at`` lead exactly to the scenario's
situation; anything else is a ``ScenarioError`` naming the field.

>>> import uno
>>> start = uno.load_scenario({"players": 2, "hands": [["R1", "R2"], ["B3", "R4"]],
...                            "discard_pile": ["R0"], "draw_pile": ["G1", "G2"]})
>>> after, _ = uno.apply(start, "0: play R1")
>>> data = uno.dump_scenario(after)
>>> data["history"] = dump_history(start, ["0: play R1"], people=[0])
>>> history = read_history(data["history"], uno.load_scenario(data))
>>> history.actions, history.at, [str(s.state.top) for s in history.steps]
(('0: play R1',), 1, ['R1'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from uno.actions import parse_action
from uno.engine import apply
from uno.errors import ScenarioError, UnoError
from uno.scenario import dump_scenario, load_scenario
from uno.setup import next_round
from uno.state import Event, GameState

__all__ = [
    "MAX_HISTORY",
    "NEXT_ROUND",
    "History",
    "Played",
    "dump_history",
    "read_history",
    "replay",
]

#: The most actions a history holds (a sandbox's timeline keeps as many states).
MAX_HISTORY: Final = 2000
#: What a history writes for the next deal after a scored round (``uno.next_round``).
NEXT_ROUND: Final = "next round"
#: The longest action text (``"10: play WD4 R uno"`` is 18 characters).
MAX_ACTION: Final = 40
_KEYS: Final = frozenset({"start", "actions", "people", "at"})


@dataclass(frozen=True)
class Played:
    """One action of a history as it was applied: its canonical text, what it did, the state
    after it, and whether a person decided it."""

    action: str
    events: tuple[Event, ...]
    state: GameState
    person: bool = False

    @property
    def seat(self) -> int | None:
        """The seat that acted (None for the next deal)."""
        head, colon, _ = self.action.partition(":")
        return int(head) if colon else None


@dataclass(frozen=True)
class History:
    """A history read from a scenario: where the game started, every action replayed
    (``steps``), and how many lead to the situation shown (``at``)."""

    start: GameState
    steps: tuple[Played, ...]
    at: int

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(step.action for step in self.steps)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, step in enumerate(self.steps) if step.person)


def _err(code: str, field: str, value: Any, problem: str) -> ScenarioError:
    return ScenarioError(code, field, value, f"{field}: {problem}")


def _played(start: GameState, actions: Iterable[str], people: Iterable[int]) -> Iterator[Played]:
    persons = set(people)
    state = start
    for index, text in enumerate(actions):
        if text.strip().lower() == NEXT_ROUND:
            state = next_round(state)
            yield Played(NEXT_ROUND, (), state, index in persons)
            continue
        action = parse_action(text, state)
        after, events = apply(state, action)
        yield Played(str(action), tuple(events), after, index in persons)
        state = after


def replay(
    start: GameState, actions: Iterable[str], people: Iterable[int] = ()
) -> tuple[Played, ...]:
    """Apply ``actions`` (action texts) in order from ``start``; ``people``: the indexes of
    the actions a person decided. Raises the engine's error (NotationError, IllegalAction)
    for an action that cannot be taken where it comes."""
    return tuple(_played(start, actions, people))


def read_history(raw: object, state: GameState) -> History:
    """The ``history`` field of a scenario whose situation is ``state``, replayed and checked
    (see the module's docstring). ScenarioError names the field and the value."""
    if not isinstance(raw, Mapping):
        raise _err("bad_type", "history", raw, "expected an object")
    for key in raw:
        if key not in _KEYS:
            raise _err("unknown_field", f"history.{key}", key, "unknown field")
    if "start" not in raw:
        raise _err("missing_field", "history.start", None, "this field is required")
    start_raw = raw["start"]
    if not isinstance(start_raw, Mapping) or "history" in start_raw:
        raise _err("bad_type", "history.start", start_raw, "expected a scenario without history")
    try:
        start = load_scenario(dict(start_raw))
    except ScenarioError as problem:
        raise _err(
            problem.code, f"history.start.{problem.field}", problem.value, str(problem)
        ) from None
    actions = raw.get("actions", [])
    if not isinstance(actions, list):
        raise _err("bad_type", "history.actions", actions, "expected a list of actions")
    if len(actions) > MAX_HISTORY:
        raise _err("out_of_range", "history.actions", len(actions), f"at most {MAX_HISTORY}")
    for i, text in enumerate(actions):
        if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION:
            raise _err("bad_action", f"history.actions[{i}]", text, "not an action")
    people = raw.get("people", [])
    if not isinstance(people, list) or not all(
        type(i) is int and 0 <= i < len(actions) for i in people
    ):
        raise _err("bad_type", "history.people", people, "expected indexes of actions")
    at = raw.get("at", len(actions))
    if type(at) is not int or not 0 <= at <= len(actions):
        raise _err("out_of_range", "history.at", at, f"expected 0 to {len(actions)}")
    played: list[Played] = []
    try:
        for step in _played(start, actions, people):
            played.append(step)
    except UnoError:
        index = len(played)
        raise _err(
            "bad_action", f"history.actions[{index}]", actions[index], "not a legal action here"
        ) from None
    steps = tuple(played)
    shown = steps[at - 1].state if at else start
    if dump_scenario(shown) != dump_scenario(state):
        raise _err("history_mismatch", "history.at", at, "does not lead to this situation")
    return History(start, steps, at)


def dump_history(
    start: GameState,
    actions: Sequence[str],
    *,
    people: Iterable[int] = (),
    at: int | None = None,
) -> dict[str, Any]:
    """The ``history`` field for a game that started at ``start`` (JSON-ready)."""
    out: dict[str, Any] = {"start": dump_scenario(start), "actions": list(actions)}
    chosen = sorted(set(people))
    if chosen:
        out["people"] = chosen
    if at is not None and at != len(actions):
        out["at"] = at
    return out
