"""The open game on the pad: its title and history, the form that adds a round, undo, the CSV,
close, the owner's share link and the rename form.

A round (or a rename) is checked against the version of the game shown when the reader
started typing it: each form notes that version while it is still untouched.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy.i18n import t
from uno.academy.services import scorepad as service
from uno.ui.scoring import callbacks, flash, keys
from uno.ui.scoring.checker import tap_cards
from uno.ui.scoring.flash import words
from uno.ui.scoring.history import totals_chart, totals_table
from uno.ui.words import inert

__all__ = ["add_round_form", "game_view", "rename_form", "share_box"]


def game_view(game: sp.Game, lang: str, number: int) -> None:
    """The open game, titled by its ``number`` on this device (``sc.game_numbers``)."""
    gid = game.id
    assert gid is not None
    st.subheader(t("scoring.pad.game_title", lang, number=number))
    st.caption(sc.summary(game, lang))
    flash.show(flash.GAME, lang)
    won = sc.win_message(game, lang)
    if won is not None:
        st.success(words(won, lang), icon=":material/emoji_events:")
    if game.rounds:
        totals_table(game, lang)
        totals_chart(game, lang)
    else:
        st.info(t("scoring.pad.no_rounds", lang))
    if won is not None:
        st.info(t("scoring.pad.over", lang))
        flash.show(flash.ROUND, lang)
    else:
        add_round_form(game, lang)
    left, middle, right = st.columns(3)
    with left:
        st.button(
            t("scoring.pad.undo", lang),
            key=keys.UNDO,
            on_click=callbacks.on_undo,
            args=(gid, lang),
            disabled=not game.rounds,
            icon=":material/undo:",
        )
        flash.show(flash.UNDO, lang)
    with middle:
        st.download_button(
            t("scoring.pad.export", lang),
            data=sc.export_csv(game, lang),
            file_name=sc.export_name(game),
            mime="text/csv",
            key=keys.CSV,
            on_click="ignore",
            icon=":material/download:",
        )
    with right:
        st.button(t("scoring.pad.close", lang), key=keys.CLOSE, on_click=callbacks.on_close)
    if game.access == "owner":
        share_box(gid, lang)
    rename_form(game, lang)


def add_round_form(game: sp.Game, lang: str) -> None:
    """Who went out, then the losing hands' cards or the points; what the round will add."""
    gid = game.id
    assert gid is not None
    n = len(game.players)
    if not keys.typing_round(gid):  # the round is checked against the version shown from now on
        st.session_state[keys.typed_since("round", gid)] = game.version
    st.markdown(f"#### {t('scoring.pad.add_title', lang)}")
    winner = st.selectbox(
        t("scoring.pad.winner_label", lang),
        list(range(n)),
        format_func=lambda seat: game.players[seat],
        key=keys.winner(gid),
    )
    mode = st.radio(
        t("scoring.pad.mode", lang),
        sc.MODES,
        format_func=lambda m: t(f"scoring.pad.mode_{m}", lang),
        key=keys.mode(gid),
        horizontal=True,
    )
    losers = [seat for seat in range(n) if seat != winner]
    if mode == "cards":
        boxes = []
        for seat in losers:
            label = t("scoring.pad.cards_of", lang, name=inert(game.players[seat]))
            key = keys.cards(gid, seat)
            hint = t("scoring.check.hand_hint", lang)
            st.text_input(label, key=key, placeholder=hint, max_chars=sp.MAX_HAND_TEXT)
            boxes.append((key, game.players[seat]))
        with st.expander(t("scoring.tap.title", lang)):
            tap_cards(keys.tap(gid), boxes, lang)
    elif game.method == "standard":
        st.text_input(
            t("scoring.pad.score_of", lang, name=inert(game.players[winner])),
            key=keys.score(gid),
            max_chars=12,
        )
    else:
        for seat in losers:
            st.text_input(
                t("scoring.pad.points_of", lang, name=inert(game.players[seat])),
                key=keys.points(gid, seat),
                max_chars=12,
            )
    # What the round will add, as typed so far (nothing is saved until the button).
    preview = service.preview(game, keys.typed_round(gid, n), lang)
    if preview is not None:
        st.caption(words(preview, lang))
    st.button(
        t("scoring.pad.add", lang),
        key=keys.ADD,
        type="primary",
        on_click=callbacks.on_add,
        args=(gid, n, lang),
    )
    flash.show(flash.ROUND, lang)


def rename_form(game: sp.Game, lang: str) -> None:
    """A box per player, filled with the names as they are, and the rename button."""
    gid = game.id
    assert gid is not None
    boxes = keys.names(gid, len(game.players))
    for key, name in zip(boxes, game.players, strict=True):
        if key not in st.session_state:
            st.session_state[key] = name
    if [st.session_state.get(key) for key in boxes] == list(game.players):
        # Not edited: a rename is checked against the version shown from now on.
        st.session_state[keys.typed_since("rename", gid)] = game.version
    with st.expander(t("scoring.pad.rename_title", lang)):
        for seat, key in enumerate(boxes):
            st.text_input(
                t("scoring.pad.player_n", lang, number=seat + 1), key=key, max_chars=sp.MAX_NAME * 2
            )
        st.button(
            t("scoring.pad.rename", lang),
            key=keys.RENAME,
            on_click=callbacks.on_rename,
            args=(gid, len(game.players), lang),
        )
        flash.show(flash.RENAME, lang)


def share_box(gid: int, lang: str) -> None:
    """The owner's share button, then the link (plain text, to copy) once it was asked for."""
    share = st.session_state.get(keys.share_token(gid))
    if share is None:
        st.button(
            t("scoring.pad.share", lang),
            key=keys.SHARE,
            on_click=callbacks.on_share,
            args=(gid, lang),
            icon=":material/share:",
        )
    else:
        st.caption(t("scoring.pad.share_help", lang))
        st.code(sc.share_link(_app_base(), str(share)), language=None)
    flash.show(flash.SHARE, lang)


def _app_base() -> str:
    """The app's address as this browser reached it (``https://host/``), or "" if unknown."""
    url = getattr(st.context, "url", None) or ""
    parts = urlsplit(str(url))
    if not parts.scheme or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}{parts.path.rsplit('/', 1)[0]}/"
