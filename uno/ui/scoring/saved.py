"""The saved games: the games this device may open (its own, by link, its class's), to resume
one, or to delete one of its own after a confirmation."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy.i18n import t
from uno.ui.scoring import callbacks, flash, keys
from uno.ui.scoring.flash import words

__all__ = ["saved_games"]


def saved_games(games: Sequence[sp.Game], lang: str) -> None:
    """The table of ``games``, a chooser, resume and delete (only its owner deletes)."""
    st.markdown(f"#### {t('scoring.pad.saved_title', lang)}")
    st.session_state[keys.SEEN_LIST] = {g.id: g.version for g in games}
    if not games:
        st.caption(t("scoring.pad.saved_none", lang))
        flash.show(flash.SAVED, lang)
        return
    zone = st.context.timezone  # the browser's, so a time reads as the reader's clock shows it
    local = sc.zone_info(zone) is not None
    config = {
        name: st.column_config.Column(
            t(
                "scoring.pad.col_updated_local"
                if name == "updated" and local
                else f"scoring.pad.col_{name}",
                lang,
            )
        )
        for name in sc.SAVED_COLUMNS
    }
    rows = pd.DataFrame(sc.saved_rows(games, lang, zone))
    st.dataframe(rows, hide_index=True, column_config=config, key=keys.SAVED_TABLE)
    by_id = {g.id: g for g in games}
    numbers = sc.game_numbers(games)
    if st.session_state.get(keys.SAVED) not in by_id:
        st.session_state[keys.SAVED] = games[0].id
    st.selectbox(
        t("scoring.pad.choose", lang),
        list(by_id),
        format_func=lambda gid: sc.choice_label(by_id[gid], numbers[gid]),
        key=keys.SAVED,
    )
    left, right = st.columns(2)
    with left:
        st.button(t("scoring.pad.resume", lang), key=keys.RESUME, on_click=callbacks.on_resume)
    with right:
        chosen = by_id.get(st.session_state.get(keys.SAVED))
        st.button(
            t("scoring.pad.delete", lang),
            key=keys.DELETE,
            on_click=callbacks.on_ask_delete,
            disabled=chosen is None or chosen.access != "owner",  # only its owner deletes
            help=None
            if chosen is None or chosen.access == "owner"
            else t("scoring.pad.not_owner", lang),
        )
    flash.show(flash.SAVED, lang)
    pending = by_id.get(st.session_state.get(keys.CONFIRM_DELETE))
    if pending is not None:
        number = numbers[pending.id or 0]
        st.warning(words(sc.confirm_delete(pending, lang, number), lang))
        yes, no = st.columns(2)
        with yes:
            st.button(
                t("scoring.pad.delete_yes", lang),
                key=keys.DELETE_YES,
                type="primary",
                on_click=callbacks.on_delete,
                args=(pending.id, number, lang),
            )
        with no:
            st.button(
                t("scoring.pad.delete_no", lang),
                key=keys.DELETE_NO,
                on_click=callbacks.on_cancel_delete,
            )
