"""Actions and their text notation (ENGINE-API.md): ``[<seat>:] <verb> [args]``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, NamedTuple

from uno.cards import Card, Color, parse_card, parse_color
from uno.errors import NotationError

if TYPE_CHECKING:
    from uno.state import GameState

__all__ = ["VERBS", "Action", "parse_action"]

#: Every verb of the notation.
VERBS: Final = (
    "play",
    "draw",
    "pass",
    "challenge",
    "accept",
    "uno",
    "catch",
    "jump",
    "color",
)
_NO_ARGS: Final = frozenset({"draw", "pass", "challenge", "accept", "uno"})
MAX_ACTION_TEXT: Final = 200
#: ``<seat>:`` before the verb. The seat is checked by ``_seat`` (ASCII digits only), so a seat
#: written in other digits (``"٣: draw"``) is refused here exactly as it is after a verb.
_SEAT_PREFIX: Final = re.compile(r"^\s*([^\s:]+?)\s*:\s*(.*)$", re.DOTALL)


class Action(NamedTuple):
    """One move by one seat. ``str(action)`` is the canonical notation, seat always written.

    A named tuple: immutable, cheap to make (simulations make millions), compared by value.
    """

    seat: int
    verb: str
    card: Card | None = None
    color: Color | None = None
    target: int | None = None  # the seat caught, or the seat a 7 swaps with (H-70)
    uno: bool = False  # the ``uno`` shorthand: play and say "Uno" in one step

    def __str__(self) -> str:
        parts = [f"{self.seat}:", self.verb]
        if self.card is not None:
            parts.append(str(self.card))
        if self.color is not None:
            parts.append(str(self.color))
        if self.target is not None:
            parts.append(str(self.target))
        if self.uno:
            parts.append("uno")
        return " ".join(parts)


def parse_action(text: str | Action, state: GameState | None = None) -> Action:
    """Read ``"2: play R7"``, ``"play W B uno"``, ``"1: catch 0"``... into an Action.

    Without a seat, the seat that must act now (``state.turn``) is taken. Raises NotationError,
    quoting the text, for anything that is not an action.

    >>> import uno
    >>> action = uno.parse_action("2: play w b UNO")  # case and spaces do not matter
    >>> action.seat, action.verb, str(action.card), str(action.color), action.uno
    (2, 'play', 'W', 'B', True)
    >>> str(action)  # the canonical notation, seat always written
    '2: play W B uno'
    >>> state = uno.new_game(3, seed=7)
    >>> uno.parse_action("draw", state).seat == state.turn
    True
    >>> try:
    ...     uno.parse_action("2: play R10")
    ... except uno.NotationError as problem:
    ...     print(problem.reason, problem.text)
    not_a_card 2: play R10
    """
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise NotationError(repr(text), "not_text", f"an action is text, got {text!r}")
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(
            text[:40] + "...", "too_long", f"action text is too long: {text[:40]!r}..."
        )
    seat: int | None = None
    body = text
    match = _SEAT_PREFIX.match(text)
    if match and match.group(1).isdigit():
        seat = _seat(match.group(1), text)
        body = match.group(2)
    tokens = body.split()
    if not tokens:
        raise NotationError(text, "empty", f"no action in {text!r}")
    verb = tokens[0].lower()
    args = tokens[1:]
    if verb not in VERBS:
        raise NotationError(text, "unknown_verb", f"unknown action {tokens[0]!r} in {text!r}")
    if seat is None:
        if state is None:
            raise NotationError(text, "no_seat", f"{text!r} names no seat and there is no game")
        seat = state.turn

    if verb in _NO_ARGS:
        if args:
            raise NotationError(text, "extra_words", f"{verb!r} takes nothing more in {text!r}")
        return Action(seat, verb)
    if verb == "catch":
        if len(args) != 1 or not args[0].isdigit():
            raise NotationError(text, "need_seat", f"'catch' needs one seat number in {text!r}")
        return Action(seat, verb, target=_seat(args[0], text))
    if verb == "color":
        if len(args) != 1:
            raise NotationError(text, "need_color", f"'color' needs one colour in {text!r}")
        return Action(seat, verb, color=_color(args[0], text))

    # play / jump: <card> [<color>] [<seat>] [uno]
    if not args:
        raise NotationError(text, "need_card", f"{verb!r} needs a card in {text!r}")
    try:
        card = parse_card(args[0])
    except NotationError:
        raise NotationError(text, "not_a_card", f"{args[0]!r} is not a card in {text!r}") from None
    color: Color | None = None
    target: int | None = None
    uno = False
    for word in args[1:]:
        low = word.lower()
        if low == "uno" and not uno:
            uno = True
        elif word.isdigit() and target is None and not uno:
            target = _seat(word, text)
        elif color is None and target is None and not uno:
            color = _color(word, text)
        else:
            raise NotationError(text, "extra_words", f"cannot read {word!r} in {text!r}")
    return Action(seat, verb, card=card, color=color, target=target, uno=uno)


def _seat(word: str, text: str) -> int:
    """The one rule for a seat number, before the verb and after it: 1 to 3 ASCII digits.
    ``str.isdigit`` also accepts ``"²"``, ``"٣"`` or ``"७"``: refused, quoting the text."""
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    raise NotationError(
        text, "bad_seat", f"a seat is written with 1 to 3 digits 0-9: {word!r} in {text!r}"
    )


def _color(word: str, text: str) -> Color:
    try:
        return parse_color(word)
    except NotationError:
        raise NotationError(text, "not_a_color", f"{word!r} is not a colour in {text!r}") from None
