"""The scoring page: its title, then the round checker and the score pad in two tabs.

A game belongs to the device that started it (``uno.ui.device``): the pad lists this device's
games, those it opened with a share link (``scoring?game=<token>``) and those of its class. The
store remembers the open game and tab per device, so a reload comes back to them. Until the
device's token is known (the very first run of a session) the pad says it is loading.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from uno.academy import scoring as sc
from uno.academy.i18n import t
from uno.academy.services import scorepad as service
from uno.ui.device import current_device
from uno.ui.scoring import callbacks, flash, keys
from uno.ui.scoring.checker import round_checker
from uno.ui.scoring.game import game_view
from uno.ui.scoring.new_game import start_form
from uno.ui.scoring.saved import saved_games

__all__ = ["TABS", "score_pad", "show_scoring"]

#: The page's tabs, in order (``scoring.tab.<name>`` labels them).
TABS: Final = ("check", "pad")


def show_scoring(lang: str, share: str | None = None) -> None:
    """The whole page. ``share`` is the token of a share link (``?game=``): that game opens on
    the pad."""
    st.title(t("nav.scoring", lang))
    token = current_device()
    if token is not None and not st.session_state.get(keys.RESTORED):
        callbacks.restore(token, share, TABS)
    labels = [t(f"scoring.tab.{tab}", lang) for tab in TABS]
    tab = st.session_state.get(keys.TAB, "check")
    st.session_state[keys.TABS] = labels[TABS.index(tab) if tab in TABS else 0]
    check_tab, pad_tab = st.tabs(
        labels, key=keys.TABS, on_change=callbacks.on_tab, args=(TABS, labels)
    )
    with check_tab:
        round_checker(lang)
    with pad_tab:
        if token is None:
            st.caption(t("scoring.pad.loading", lang))
        else:
            score_pad(lang, token)


def score_pad(lang: str, token: str) -> None:
    """Start a game, add rounds, undo, rename, export, share; resume or delete a saved game
    (the games this device may open)."""
    st.write(t("scoring.pad.intro", lang))
    gid = keys.open_game()
    pad = service.load_pad(token, gid, lang)
    if pad.fault is not None:
        st.error(flash.words(pad.fault, lang))
        st.caption(t("scoring.store.hint", lang, var=service.ENV_DB))
        flash.forget()
        return
    game = pad.game
    if gid is not None and game is None:  # deleted meanwhile: say it once, at the top
        st.session_state.pop(keys.GAME, None)
        flash.drop("scoring.pad.gone")
        flash.say(flash.TOP, "warning", sc.Message("scoring.pad.gone"))
    flash.show(flash.TOP, lang)
    if game is None:
        start_form(lang, pad.classes)
    else:
        st.session_state.setdefault(keys.SEEN, {})[game.id] = game.version
        st.session_state[keys.PLAYERS] = game.players
        numbers = sc.game_numbers(pad.games)
        game_view(game, lang, numbers.get(game.id or 0, len(numbers) + 1))
    st.divider()
    saved_games(pad.games, lang)
    flash.forget()  # a message is shown once, where it belongs, or never
