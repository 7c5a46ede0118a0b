"""The game table: one Streamlit component (Components v2) for the sandbox, the classroom and
the lessons. Its HTML, CSS and JavaScript live beside this file (``table/``), with no build step
and nothing fetched at run time.

``show_table`` draws a view model from ``uno.academy.table`` (adding each card's picture from the
one card renderer) and hands what the player does to Python callbacks: ``on_action(text,
version)`` with an action in the engine's notation, which the page applies with ``uno.apply``;
``on_tick(version)`` when the computer players should make their next move (the component
waits ``pause_ms`` first, so each move can be seen). The component decides nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

import streamlit as st

from uno.academy.i18n import t
from uno.cards import Card, Color, parse_card
from uno.ui.cards import card_uri

__all__ = ["back_to_game", "bot_pause_ms", "show_table"]

_HERE: Final = Path(__file__).resolve().parent / "table"
#: The pause before each computer move, in ms (``UNO_ACADEMY_BOT_PAUSE_MS``; 0 in tests: the
#: computer players then answer at once, in the same run as the person's move).
DEFAULT_PAUSE_MS: Final = 700
#: The longest action text a tap may send ("0: play R7 2 uno" is 16 characters).
MAX_ACTION: Final = 80
#: The largest table version a tap may name (JavaScript's largest exact integer).
MAX_VERSION: Final = 2**53 - 1


def bot_pause_ms() -> int:
    raw = os.environ.get("UNO_ACADEMY_BOT_PAUSE_MS", "")
    if raw.isascii() and raw.isdigit():
        return min(int(raw), 10_000)
    return DEFAULT_PAUSE_MS


@cache
def _component() -> Any:
    return st.components.v2.component(
        "uno_table",
        css=(_HERE / "table.css").read_text(encoding="utf-8"),
        js=(_HERE / "table.js").read_text(encoding="utf-8"),
        isolate_styles=True,
    )


def _images(model: dict[str, Any]) -> dict[str, str]:
    """The picture of every card the model shows: hand, open seats, the top card, the back."""
    codes: set[str] = set()
    if model.get("hand"):
        codes.update(card["code"] for card in model["hand"]["cards"])
    for seat in model["seats"]:
        codes.update(card["code"] for card in seat["cards"] or ())
    for row in (model.get("result") or {}).get("rows", ()):
        codes.update(card["code"] for card in row["cards"])
    images = {code: card_uri(parse_card(code)) for code in codes}
    pile = model["pile"]
    named = Color[pile["named"]] if pile["named"] else None
    images["top"] = card_uri(Card(parse_card(pile["top"])), named)
    images["back"] = card_uri(None)
    return images


def _version(value: object) -> int | None:
    """A table version the component sent back, or None when it cannot be one (a forged
    message may send 2**70, a float, a bool): versions count moves from 0."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VERSION:
        return None
    return value


def _payload(key: str, name: str) -> tuple[str, int] | None:
    """What a tap sent: (action text, version), or None for anything a real table never
    sends (an action longer than any action, a version out of range): refused, not cut."""
    value: Any = st.session_state.get(key)
    sent = value.get(name) if hasattr(value, "get") else None
    if not isinstance(sent, dict):
        return None
    action, version = sent.get("action", ""), _version(sent.get("version"))
    if not isinstance(action, str) or len(action) > MAX_ACTION or version is None:
        return None
    return action, version


def back_to_game(lang: str, key: str, on_click: Callable[[], None]) -> None:
    """The page's "Back to the game" button, over a table whose menu unfolded the page: it folds
    the page again (``on_click``) and lands on the table."""
    st.button(
        t("table.back_to_game", lang),
        key=key,
        type="primary",
        icon=":material/playing_cards:",
        on_click=on_click,
    )


def show_table(
    model: dict[str, Any],
    *,
    key: str,
    on_action: Callable[[str, int], None],
    on_tick: Callable[[int], None] | None = None,
    pause_ms: int | None = None,
    on_menu: Callable[[], None] | None = None,
    tools: Sequence[tuple[str, str]] = (),
    on_tool: Callable[[str], None] | None = None,
) -> None:
    """Draw the table; the callbacks run before the page is drawn again. ``on_menu``: the
    table's menu button was pressed (the page shows its chrome again). ``tools``: (id, label)
    of buttons beside the moves that are not moves (the coach, a computer player's next step);
    ``on_tool(id)`` when one is pressed."""
    data = {**model, "images": _images(model), "tools": [{"id": i, "label": w} for i, w in tools]}
    if on_tick is not None:
        data["pause_ms"] = bot_pause_ms() if pause_ms is None else pause_ms

    def action_changed() -> None:
        sent = _payload(key, "action")
        if sent is not None:
            on_action(*sent)

    def tick_changed() -> None:
        value: Any = st.session_state.get(key)
        tick = value.get("tick") if hasattr(value, "get") else None
        version = _version(tick.get("version")) if isinstance(tick, dict) else None
        if on_tick is not None and version is not None:
            on_tick(version)

    def menu_changed() -> None:
        if on_menu is not None:
            on_menu()

    def tool_changed() -> None:
        value: Any = st.session_state.get(key)
        sent = value.get("tool") if hasattr(value, "get") else None
        tool = sent.get("id") if isinstance(sent, dict) else None
        if on_tool is not None and tool in {i for i, _ in tools}:
            on_tool(str(tool))

    _component()(
        data=data,
        key=key,
        on_action_change=action_changed,
        on_tick_change=tick_changed,
        on_menu_change=menu_changed,
        on_tool_change=tool_changed,
    )
