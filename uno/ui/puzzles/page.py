"""The puzzles page below the frame (pages/10_puzzles.py)."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.ui.device import current_device
from uno.ui.puzzles import keys, parts, session

__all__ = ["show_puzzles"]


def show_puzzles(lang: str, *, kids_link: bool = False, link: str | None = None) -> None:
    """The whole page below the frame. ``kids_link``: opened with ``?kids=1`` (the children's
    easy puzzles); ``link``: opened with ``?p=<id>`` (that puzzle, once per session; an id
    that is no puzzle's is ignored)."""
    if kids_link and keys.KIDS not in st.session_state:
        st.session_state[keys.KIDS] = True
    if link is not None:
        session.open_link(link)
    token = current_device()
    found = session.kept(token)
    kids = bool(st.session_state.get(keys.KIDS, False))
    st.title(t("nav.puzzles", lang))
    parts.status(found, token, lang)
    with st.expander(t("puzzles.mode_label", lang), expanded=False):
        theme = parts.choices(found, lang, kids=kids)
    kids = bool(st.session_state.get(keys.KIDS, False))
    mode = session.mode()
    puzzle = session.current(theme, kids, found)
    if puzzle is None:
        st.info(t("puzzles.no_class" if mode == "class" else "puzzles.no_puzzle", lang))
        return
    if mode == "daily":
        st.header(t("puzzles.daily_title", lang, date=session.today().isoformat()))
        if puzzle.id in found.tried and session.answer() is None:
            st.caption(t("puzzles.daily_done", lang))
    elif mode == "class" and found.set:
        done = sum(1 for pid in found.set if found.tried.get(pid) is not None)
        st.caption(t("puzzles.class_progress", lang, done=done, total=len(found.set)))
    parts.puzzle_table(puzzle, lang, kids=kids)
    parts.answer_area(puzzle, lang, kids=kids)
    st.caption(t("puzzles.intro", lang, name=t("puzzles.you", lang)))
