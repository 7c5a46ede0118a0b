"""The sandbox's pure parts: the timeline (undo/redo), share links, building a situation card by
card, and turning events into (content key, values) for the story. No Streamlit here."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from uno.cards import Card, Color
from uno.errors import ScenarioError
from uno.scenario import MAX_SCENARIO_BYTES, dump_scenario, load_scenario
from uno.state import Event, GameState

__all__ = [
    "MAX_SHARE_CHARS",
    "Timeline",
    "build_scenario",
    "decode_share",
    "encode_share",
    "story_line",
]

#: A share link carries the whole situation in ``?s=``; longer links are refused (browsers and
#: chat apps cut long URLs, and a cap keeps a strange link from costing the server anything).
MAX_SHARE_CHARS: Final = 8000
_LINK_CHARS: Final = re.compile(r"^[A-Za-z0-9_-]+$")


@dataclass(frozen=True)
class Timeline:
    """Every state of the game so far; ``index`` is the one shown. ``events[i]`` is what led
    from ``states[i]`` to ``states[i + 1]``. Undo and redo move ``index``; a new move drops what
    was ahead of it (as in any editor)."""

    states: tuple[GameState, ...]
    events: tuple[tuple[Event, ...], ...] = ()
    index: int = 0

    @classmethod
    def start(cls, state: GameState) -> Timeline:
        return cls((state,), (), 0)

    @property
    def current(self) -> GameState:
        return self.states[self.index]

    def push(self, state: GameState, events: Sequence[Event]) -> Timeline:
        keep = self.index + 1
        return Timeline(
            (*self.states[:keep], state), (*self.events[: keep - 1], tuple(events)), keep
        )

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def undo(self) -> Timeline:
        return replace(self, index=max(0, self.index - 1))

    def redo(self) -> Timeline:
        return replace(self, index=min(len(self.states) - 1, self.index + 1))

    def goto(self, index: int) -> Timeline:
        return replace(self, index=max(0, min(len(self.states) - 1, index)))

    def story(self) -> list[Event]:
        """The events up to the state shown, in order."""
        return [event for step in self.events[: self.index] for event in step]


def encode_share(state: GameState) -> str:
    """The situation as a compact URL-safe text for ``?s=`` (JSON, zlib, base64url)."""
    text = json.dumps(dump_scenario(state), ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_share(link: object) -> GameState:
    """A state from a share link's ``s`` value; ScenarioError (code ``bad_link`` or
    ``link_too_long``, or the scenario's own) for anything else. Never decompresses more than
    a scenario file may hold."""
    if not isinstance(link, str) or not link:
        raise ScenarioError("bad_link", "s", "", "s: not a share link")
    if len(link) > MAX_SHARE_CHARS:
        raise ScenarioError(
            "link_too_long", "s", len(link), f"s: the link is longer than {MAX_SHARE_CHARS}"
        )
    if not _LINK_CHARS.match(link):
        raise ScenarioError("bad_link", "s", link[:20], "s: not a share link")
    try:
        packed = base64.urlsafe_b64decode(link + "=" * (-len(link) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_SCENARIO_BYTES + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise ScenarioError("bad_link", "s", link[:20], "s: not a share link") from None
    if len(raw) > MAX_SCENARIO_BYTES or inflater.unconsumed_tail or not inflater.eof:
        raise ScenarioError("bad_link", "s", link[:20], "s: the link is damaged or too large")
    return load_scenario(raw)


def _codes(text: str) -> list[str]:
    return [word for word in re.split(r"[\s,;]+", text.strip()) if word]


def build_scenario(
    players: Sequence[str],
    hands: Sequence[str],
    top: str,
    *,
    color: str | None = None,
    turn: int = 0,
    direction: int = 1,
    draw_pile: str | None = None,
    rules: dict[str, Any] | None = None,
    seed: int = 0,
) -> GameState:
    """A situation written card by card (hands as text such as ``"R7 g2 wd4"``). Validation and
    its messages are the scenario loader's: ``hands[1][2]: not a card code``..."""
    data: dict[str, Any] = {
        "format": "uno-scenario/1",
        "rules": rules or {"preset": "official"},
        "players": list(players),
        "hands": [_codes(text) for text in hands],
        "discard_pile": _codes(top),
        "turn": turn,
        "direction": direction,
        "dealer": (turn - direction) % max(len(players), 1),
        "seed": seed,
    }
    if color:
        data["current_color"] = color
    if draw_pile is not None and draw_pile.strip():
        data["draw_pile"] = _codes(draw_pile)
    return load_scenario(data)


def story_line(event: Event, names: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """The content key (``event.<type>``) and values to word one event; None for the ones the
    story leaves out. Cards and colours come back as engine values for the view to word."""
    values: dict[str, Any] = {}
    for field, value in event.fields.items():
        if field in ("seat", "target") and isinstance(value, int) and 0 <= value < len(names):
            values["name" if field == "seat" else "other"] = names[value]
        elif isinstance(value, Card | Color) or (
            isinstance(value, int | str) and not isinstance(value, bool)
        ):
            values[field] = value
    if event.type == "drew":
        values["count"] = event.count
        return f"event.drew.{event.reason}", values
    if event.type == "challenged":
        return ("event.challenged_guilty" if event.guilty else "event.challenged_innocent"), values
    if event.type == "round_won":
        return "event.round_won", values
    if event.type == "game_won":
        return "event.game_won", {"names": ", ".join(names[s] for s in event.seats)}
    if event.type in ("dealt", "first_card"):
        return None
    return f"event.{event.type}", values


def seat_strategies(controllers: Sequence[str]) -> list[Any]:
    """One strategy per seat for the sandbox: bots play theirs; human seats never act on their
    own (they neither catch nor jump in automatically)."""
    from uno.bots import Strategy, make_strategy

    return [
        Strategy(catch=0.0, jump=0.0) if name == "human" else make_strategy(name)
        for name in controllers
    ]


def next_bot_action(state: GameState, controllers: Sequence[str], rng: Any) -> Any:
    """The next move a bot makes now: a bot catching or jumping in, or the move of a bot whose
    turn it is; None when the game waits for a human (or is over)."""
    from uno.bots import reaction
    from uno.engine import Table

    if state.is_over:
        return None
    strategies = seat_strategies(controllers)
    t = Table.from_state(state, record=False)
    action = reaction(t, strategies, rng)
    if action is not None:
        return action
    if controllers[t.turn] != "human":
        return strategies[t.turn].decide(t, rng)
    return None


__all__ += ["next_bot_action", "seat_strategies"]
