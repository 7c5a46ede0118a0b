"""The sandbox's pure parts: the timeline (undo/redo), share links, building a situation card by
card, and turning events into (content key, values) for the story. No Streamlit here."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from uno.academy.i18n import t
from uno.academy.table import TableSetup, read_table_setup
from uno.errors import ScenarioError
from uno.expert import Note, log_of
from uno.scenario import MAX_SCENARIO_BYTES, dump_scenario, load_scenario, scenario_data
from uno.state import Event, GameState

__all__ = [
    "MAX_SHARE_CHARS",
    "MAX_TIMELINE",
    "Timeline",
    "build_scenario",
    "decode_share",
    "encode_share",
    "open_scenario",
    "open_share",
    "scenario_text",
    "typed_field",
]

#: A share link carries the whole situation in ``?s=``; longer links are refused (browsers and
#: chat apps cut long URLs, and a cap keeps a strange link from costing the server anything).
MAX_SHARE_CHARS: Final = 8000
_LINK_CHARS: Final = re.compile(r"^[A-Za-z0-9_-]+$")


#: The most states a timeline keeps (a game of computer players alone can be endless, R-DRAW-4):
#: the computer players stop there, and the page says so.
MAX_TIMELINE: Final = 2000


@dataclass(frozen=True)
class Timeline:
    """Every state of the game so far; ``index`` is the one shown. ``events[i]`` is what led
    from ``states[i]`` to ``states[i + 1]``, and ``people[i]`` whether a person made that move
    (not a computer player). ``undo`` and ``redo`` move between a person's decisions: undo goes
    back to the state where a person last decided (taking back the computer players' moves
    after it too); ``goto`` reaches any state. A new move drops what was ahead (as in any
    editor)."""

    states: tuple[GameState, ...]
    events: tuple[tuple[Event, ...], ...] = ()
    index: int = 0
    people: tuple[bool, ...] = ()

    @classmethod
    def start(cls, state: GameState) -> Timeline:
        return cls((state,), (), 0, ())

    @property
    def current(self) -> GameState:
        return self.states[self.index]

    @property
    def full(self) -> bool:
        """True when the timeline holds ``MAX_TIMELINE`` states (no computer move is added)."""
        return self.index + 1 >= MAX_TIMELINE

    def push(self, state: GameState, events: Sequence[Event], person: bool = False) -> Timeline:
        keep = self.index + 1
        people = (
            self.people if len(self.people) == len(self.events) else (False,) * len(self.events)
        )
        return Timeline(
            (*self.states[:keep], state),
            (*self.events[: keep - 1], tuple(events)),
            keep,
            (*people[: keep - 1], person),
        )

    def _decisions(self) -> list[int]:
        """The indexes of the states on which a person decided."""
        return [i for i, person in enumerate(self.people) if person]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def undo(self) -> Timeline:
        """Back to the last decision a person made before the state shown (the start if none)."""
        before = [i for i in self._decisions() if i < self.index]
        return replace(self, index=before[-1] if before else 0)

    def redo(self) -> Timeline:
        """Forward to the next state where a person decides again (or the end)."""
        after = [i for i in self._decisions() if i > self.index]
        return replace(self, index=after[0] if after else len(self.states) - 1)

    def goto(self, index: int) -> Timeline:
        return replace(self, index=max(0, min(len(self.states) - 1, index)))

    def round_log(self) -> list[Note]:
        """What each seat was seen to do in the round of the state shown (``uno.expert.log_of``):
        the log a computer player that reads it (``expert``) and the coach are given."""
        start = self.index
        while start > 0 and not self.states[start - 1].is_over:
            start -= 1
        end = self.index
        return log_of(
            zip(
                self.states[start:end],
                self.events[start:end],
                self.states[start + 1 : end + 1],
                strict=True,
            )
        )

    def story(self) -> list[Event]:
        """The events up to the state shown, in order."""
        return [event for step in self.events[: self.index] for event in step]


def encode_share(state: GameState, table: Mapping[str, Any] | None = None) -> str:
    """The situation as a compact URL-safe text for ``?s=`` (JSON, zlib, base64url); ``table``
    (how the board shows it: computer players, hidden hands, the reader's seat) rides along in
    the scenario's ``table`` field."""
    data = dump_scenario(state)
    if table:
        data["table"] = dict(table)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _unpack(link: object) -> bytes:
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
    if inflater.unused_data:
        raise ScenarioError("bad_link", "s", link[:20], "s: the link has bytes after its data")
    return raw


def open_scenario(source: str | bytes | Mapping[str, Any]) -> tuple[GameState, TableSetup]:
    """A scenario file (or its text) and how it asks to be shown (its ``table`` field)."""
    data = scenario_data(source)
    state = load_scenario(data)
    return state, read_table_setup(data.get("table"), state.n_players)


def open_share(link: object) -> tuple[GameState, TableSetup]:
    """A share link's ``s`` value: the situation and how to show it. ScenarioError (code
    ``bad_link`` or ``link_too_long``, or the scenario's own) for anything else. Never
    decompresses more than a scenario file may hold."""
    return open_scenario(_unpack(link))


def decode_share(link: object) -> GameState:
    """The situation of a share link (see ``open_share``)."""
    return open_share(link)[0]


def scenario_text(state: GameState, table: Mapping[str, Any] | None = None) -> str:
    """The scenario file of a situation, with how to show it (``table``) when given."""
    data = dump_scenario(state)
    if table:
        data["table"] = dict(table)
    return json.dumps(data, ensure_ascii=False, indent=2)


def _codes(text: str) -> list[str]:
    return [word for word in re.split(r"[\s,;]+", text.strip()) if word]


_TYPED_FIELD: Final = re.compile(
    r"(hands|players)\[(\d+)\]|(discard_pile|draw_pile|current_color)\b"
)


def typed_field(field: str, names: Sequence[str], lang: str) -> str | None:
    """The box of the build tab where the refused value of ``field`` was typed, in the
    reader's words: ``hands[1][2]`` is the second player's hand (``names``, already made safe
    to show), ``discard_pile[0]`` the discard pile... None for a field the tab has no box for."""
    match = _TYPED_FIELD.match(field)
    if match is None:
        return None
    kind, index, box = match.groups()
    if box is not None:
        return t(f"sandbox.field.{box}", lang)
    seat = int(index)
    if kind == "players":
        return t("sandbox.name", lang, number=seat + 1)
    return t("sandbox.field.hand", lang, name=names[seat]) if seat < len(names) else None


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
