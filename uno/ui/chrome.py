"""The page around a game screen: while a round is played the table owns the window (the hand
at the bottom, always in view) and the page's chrome folds away: the sidebar and its menu, the
title, the settings. The table's menu button (or the page's "Back to the game") toggles it.

``fold(on, wall=False)`` draws the style that folds the chrome for this run (and remembers
whether it did); a wall (a projector) also hides Streamlit's header and uses the whole width.
A table drawn in a fragment calls ``follow(folded)`` first thing: when the page should now be
folded otherwise (its menu was pressed, the round ended) the whole page runs, since a
fragment's run leaves the rest of the page as it was. ``keep(*keys)`` keeps the values of
widgets the folded page does not draw (Streamlit forgets a widget's value in a run that does
not draw it)."""

from __future__ import annotations

from typing import Final

import streamlit as st

__all__ = ["fold", "follow", "keep"]

_FOLD: Final = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding-top: 3.75rem; padding-bottom: 3rem; }
</style>"""
_WALL: Final = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stHeader"],
[data-testid="stToolbar"], [data-testid="stDecoration"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding: 0.75rem 1.25rem 1rem 1.25rem; max-width: 100%; }
</style>"""

#: Whether the last whole run of the page folded it; whether a fragment already ran the whole
#: page for that (once: a page and its fragment that disagree never loop).
_FOLDED: Final = "chrome_folded"
_FOLLOWED: Final = "chrome_followed"


def fold(on: bool = True, *, wall: bool = False) -> None:
    """Fold the page's chrome away for this run (a game screen), or everything but the table
    (a wall); ``on=False`` draws the page as it is and remembers that."""
    st.session_state[_FOLDED] = on
    st.session_state.pop(_FOLLOWED, None)
    if on:
        st.html(_WALL if wall else _FOLD)


def follow(folded: bool) -> None:
    """First thing in a fragment holding a game screen: run the whole page when it should now
    be ``folded`` otherwise than its last whole run drew it."""
    if st.session_state.get(_FOLDED, folded) == folded:
        return
    if st.session_state.get(_FOLLOWED):
        return  # already asked once: the page decides
    st.session_state[_FOLLOWED] = True
    st.rerun(scope="app")


def keep(*keys: str) -> None:
    """Keep these widgets' values through runs that do not draw them: a value set again by the
    script is Streamlit's own, not the vanished widget's (Streamlit's "widget clean-up")."""
    for key in keys:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
