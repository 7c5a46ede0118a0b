"""The sandbox's pure parts: share links and scenario files (a game with its history, as a
``uno.academy.match.Match`` holds it), and building a situation card by card. No Streamlit
here."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from uno.academy.i18n import t
from uno.academy.match import MAX_STEPS, Match
from uno.academy.table import TableSetup, read_table_setup
from uno.errors import ScenarioError
from uno.scenario import MAX_SCENARIO_BYTES, dump_scenario, load_scenario, scenario_data
from uno.state import GameState

__all__ = [
    "MAX_SHARE_CHARS",
    "MAX_TIMELINE",
    "build_scenario",
    "decode_share",
    "encode_match",
    "encode_share",
    "match_text",
    "open_match",
    "open_scenario",
    "open_share",
    "scenario_text",
    "share_data",
    "typed_field",
]

#: A share link carries the whole situation in ``?s=``; longer links are refused (browsers and
#: chat apps cut long URLs, and a cap keeps a strange link from costing the server anything).
MAX_SHARE_CHARS: Final = 8000
_LINK_CHARS: Final = re.compile(r"^[A-Za-z0-9_-]+$")


#: The most moves a sandbox keeps (``uno.academy.match.MAX_STEPS``).
MAX_TIMELINE: Final = MAX_STEPS


def _pack(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def encode_share(state: GameState, table: Mapping[str, Any] | None = None) -> str:
    """The situation as a compact URL-safe text for ``?s=`` (JSON, zlib, base64url); ``table``
    (how the board shows it: computer players, hidden hands, the reader's seat) rides along in
    the scenario's ``table`` field."""
    data = dump_scenario(state)
    if table:
        data["table"] = dict(table)
    return _pack(data)


def _with_table(data: dict[str, Any], table: Mapping[str, Any] | None) -> dict[str, Any]:
    if table:
        data["table"] = dict(table)
    return data


def encode_match(match: Match, table: Mapping[str, Any] | None = None) -> str:
    """A game for ``?s=``: the situation shown with its history (``Match.to_scenario``), so
    the link opens at the same step with undo; the oldest moves are left out when the whole
    history would make the link longer than ``MAX_SHARE_CHARS``."""
    code = _pack(_with_table(match.to_scenario(), table))
    most = len(match.steps)
    while len(code) > MAX_SHARE_CHARS and most > 0:
        most //= 2
        code = _pack(_with_table(match.to_scenario(most=most), table))
    return code


def match_text(match: Match, table: Mapping[str, Any] | None = None) -> str:
    """A game as a scenario file: the situation shown, its history, how to show it."""
    return json.dumps(_with_table(match.to_scenario(), table), ensure_ascii=False, indent=2)


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


def share_data(link: object) -> Mapping[str, Any]:
    """A share link's scenario, as the data of a file (see ``open_share``)."""
    return scenario_data(_unpack(link))


def open_match(source: str | bytes | Mapping[str, Any]) -> tuple[Match, TableSetup]:
    """A scenario file (or its text or data) as a game: at the step its history shows, the
    computer players its ``table`` names, and how it asks to be shown."""
    data = scenario_data(source)
    match = Match.from_scenario(data)
    return match, read_table_setup(data.get("table"), match.state.n_players)


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
