"""What a click does on the scoring page. Every change happens here, in a widget callback that
runs before the page is drawn again, so a click runs the script once.

A callback reads what the page keeps (``keys``), asks the service
(``uno.academy.services.scorepad``) with this device's token and the version of the game the
page showed, writes the result in session state (the open game, the forms' boxes) and leaves
what the service said in the slot beside the control (``flash``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import streamlit as st

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy.services import scorepad as service
from uno.ui.device import current_device
from uno.ui.scoring import flash, keys

__all__ = [
    "on_add",
    "on_ask_delete",
    "on_cancel_delete",
    "on_clear_checker",
    "on_close",
    "on_delete",
    "on_rename",
    "on_resume",
    "on_share",
    "on_start",
    "on_tab",
    "on_tap",
    "remember",
    "restore",
]

T = TypeVar("T")


def restore(token: str, share: str | None, tabs: Sequence[str]) -> None:
    """Once per session, when the device is known: open the game of a share link (and take the
    link's token out of the address), or the game and tab this device had open last time
    (``tabs``: the page's tabs)."""
    st.session_state[keys.RESTORED] = True
    chosen = st.session_state.get(keys.TAB)
    restored = service.restore(token, share, chosen if chosen in tabs else None)
    if restored.game is not None:
        st.session_state[keys.GAME] = restored.game
    if restored.tab is not None:
        st.session_state[keys.TAB] = restored.tab
    if restored.said is not None:
        if restored.opened:
            flash.say(flash.GAME, "success", restored.said)
        else:
            flash.say(flash.TOP, "warning", restored.said)
    if share and sc.SHARE_PARAM in st.query_params:
        del st.query_params[sc.SHARE_PARAM]  # the store remembers the open game from now on


def remember(gid: int | None, tab: str) -> None:
    """Tell the store which game and tab this device has open (a reload comes back to them)."""
    service.remember(current_device(), gid, tab)


def on_tab(tabs: Sequence[str], labels: Sequence[str]) -> None:
    """A tab was chosen (the widget's value is its label)."""
    label = st.session_state.get(keys.TABS)
    tab = tabs[list(labels).index(label)] if isinstance(label, str) and label in labels else tabs[0]
    st.session_state[keys.TAB] = tab
    remember(keys.open_game(), tab)


# -- tapping cards into a text box ------------------------------------------------------------


def on_tap(pick_key: str, target_key: str, default_target: str) -> None:
    """A card was tapped: its code goes at the end of the chosen text box."""
    code = st.session_state.get(pick_key)
    if code:
        box = st.session_state.get(target_key) or default_target
        st.session_state[box] = f"{st.session_state.get(box, '')} {code}".strip()
    st.session_state[pick_key] = None


def on_clear_checker(count: int) -> None:
    """Empty the checker's ``count`` text boxes."""
    for index in range(count):
        st.session_state[keys.check_hand(index)] = ""


# -- the score pad ----------------------------------------------------------------------------


def on_start(lang: str) -> None:
    """Start the game of the new game's form and open it."""
    outcome = service.start_game(
        current_device(),
        st.session_state.get(keys.NAMES) or "",
        st.session_state.get(keys.TARGET, sp.DEFAULT_TARGET),
        st.session_state.get(keys.METHOD, "standard"),
        st.session_state.get(keys.CLASS) or None,
        lang,
    )
    if outcome.value is None:
        if outcome.said is not None:
            flash.say(flash.START, "error", outcome.said)
        return
    st.session_state[keys.GAME] = outcome.value.id
    st.session_state[keys.NAMES] = ""
    if outcome.said is not None:
        flash.say(flash.GAME, "success", outcome.said)


def on_add(gid: int, seats: int, lang: str) -> None:
    """Save the round typed in game ``gid``'s form (a game of ``seats`` players)."""
    version = keys.typed_on("round", gid)
    st.session_state.pop(keys.typed_since("round", gid), None)  # from now on, what is shown counts
    outcome = service.add_round(
        current_device(),
        gid,
        version,
        keys.typed_round(gid, seats),
        tuple(st.session_state.get(keys.PLAYERS, ())),
        lang,
    )
    if outcome.saved:
        keys.clear_round(gid)
    _say(flash.ROUND, outcome)


def on_undo(gid: int, lang: str) -> None:
    """Take back game ``gid``'s last round."""
    _say(flash.UNDO, service.undo_round(current_device(), gid, keys.seen(gid), lang))


def on_rename(gid: int, n: int, lang: str) -> None:
    """Save the names typed in game ``gid``'s rename form (``n`` players)."""
    boxes = keys.names(gid, n)
    names = [st.session_state.get(key, "") for key in boxes]
    version = keys.typed_on("rename", gid)
    st.session_state.pop(keys.typed_since("rename", gid), None)
    outcome = service.rename_players(current_device(), gid, version, names, lang)
    if outcome.stale:  # renamed elsewhere: the form shows the names as they are now
        for key in boxes:
            st.session_state.pop(key, None)
    if outcome.value is not None:
        players = outcome.value.players
        for key, name in zip(keys.names(gid, len(players)), players, strict=True):
            st.session_state[key] = name
    _say(flash.RENAME, outcome)


def on_close() -> None:
    """Close the open game: the new game's form shows."""
    st.session_state.pop(keys.GAME, None)
    remember(None, service.PAD)


def on_resume() -> None:
    """Open the saved game chosen."""
    gid = st.session_state.get(keys.SAVED)
    if gid is not None:
        st.session_state[keys.GAME] = gid
        st.session_state.pop(keys.CONFIRM_DELETE, None)
        remember(gid if isinstance(gid, int) else None, service.PAD)


def on_ask_delete() -> None:
    """Ask whether to delete the saved game chosen."""
    st.session_state[keys.CONFIRM_DELETE] = st.session_state.get(keys.SAVED)


def on_cancel_delete() -> None:
    st.session_state.pop(keys.CONFIRM_DELETE, None)


def on_delete(gid: int, number: int, lang: str) -> None:
    """Delete game ``gid`` (number ``number`` on this device), as the saved games showed it."""
    st.session_state.pop(keys.CONFIRM_DELETE, None)
    outcome = service.delete_game(current_device(), gid, keys.seen_in_list(gid), number, lang)
    if outcome.saved and st.session_state.get(keys.GAME) == gid:
        st.session_state.pop(keys.GAME, None)
    _say(flash.SAVED, outcome)


def on_share(gid: int, lang: str) -> None:
    """Ask for game ``gid``'s share link (its owner only)."""
    outcome = service.share_game(current_device(), gid, lang)
    if outcome.value is not None:
        st.session_state[keys.share_token(gid)] = outcome.value
    _say(flash.SHARE, outcome)


def _say(slot: str, outcome: service.Outcome[T]) -> None:
    """Leave what the service said at ``slot``: a success, else a refusal."""
    if outcome.said is not None:
        flash.say(slot, "success" if outcome.saved else "error", outcome.said)
