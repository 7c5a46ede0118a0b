"""The classroom's two ways to play: a child against friendly computer players, and one device
passed around (pass-and-play: the hands hidden between turns)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

import uno
from uno.academy import classroom
from uno.academy.classroom import DECKS, Game
from uno.academy.i18n import t
from uno.setup import MAX_NAME_LENGTH
from uno.state import Phase
from uno.ui.cards import show_cards
from uno.ui.chrome import follow
from uno.ui.classroom import callbacks, keys, session
from uno.ui.classroom.parts import play_table, show_end, show_tips
from uno.ui.classroom.words import kid_names, kid_story
from uno.ui.guard import fragment
from uno.ui.words import inert

__all__ = ["kids_game", "pass_and_play"]


def _deck_radio(lang: str, key: str) -> None:
    st.radio(
        t("classroom.deck_label", lang),
        DECKS,
        key=key,
        format_func=lambda d: t(f"classroom.deck.{d}", lang),
    )


def kids_game(lang: str) -> None:
    """The settings (deck, how many friends), then the child's table."""
    has_game = session.has_game(keys.KIDS)
    if session.playing(keys.KIDS):  # the game screen: the settings wait below the table
        names = kid_names(lang, session.game(keys.KIDS).state.n_players)
        fragment(_kids_area)(lang, names)
        _kids_settings(lang, has_game)
        return
    _kids_settings(lang, has_game)
    if not has_game:
        st.info(t("classroom.no_game", lang))
        return
    names = kid_names(lang, session.game(keys.KIDS).state.n_players)
    fragment(_kids_area)(lang, names)


def _kids_settings(lang: str, has_game: bool) -> None:
    with st.expander(t("classroom.settings", lang), expanded=not has_game):
        _deck_radio(lang, keys.KIDS_DECK)
        st.radio(
            t("classroom.kids.friends", lang),
            [1, 2, 3],
            index=1,
            key=keys.FRIENDS,
            horizontal=True,
        )
        st.button(
            t("classroom.start", lang),
            key=keys.of(keys.KIDS, "start"),
            type="primary",
            on_click=callbacks.start_kids,
            args=(lang,),
        )


def _kids_area(lang: str, names: list[str]) -> None:
    """The children's table, redrawn alone while the computer players move."""
    follow(session.playing(keys.KIDS))  # the menu, or the round's end, unfolds the page
    game = session.game(keys.KIDS)
    if game.state.is_over:
        show_tips(lang, game, names, 0)
        show_end(lang, game, names, 0, keys.KIDS, callbacks.start_kids)
        return
    play_table(lang, keys.KIDS, game, names, 0)
    show_tips(lang, game, names, 0)


def pass_and_play(lang: str) -> None:
    """The settings (players and their names, the deck), then the turn of whoever holds the
    device, or the screen that hides the hands between turns."""
    has_game = session.has_game(keys.PASS)
    playing = session.playing(keys.PASS) and st.session_state.get(keys.SHOWN) is not None
    if not playing:
        _pass_settings(lang, has_game)
    if not has_game:
        st.info(t("classroom.no_game", lang))
        return
    _pass_game(lang, playing)
    if playing:
        _pass_settings(lang, has_game)


def _pass_settings(lang: str, has_game: bool) -> None:
    with st.expander(t("classroom.settings", lang), expanded=not has_game):
        count = st.radio(
            t("classroom.pass.players", lang),
            list(range(classroom.MIN_PLAYERS, classroom.MAX_PLAYERS + 1)),
            key=keys.COUNT,
            horizontal=True,
        )
        columns = st.columns(3)
        for seat in range(int(count)):
            with columns[seat % 3]:
                st.text_input(
                    t("classroom.pass.name", lang, number=seat + 1),
                    value=t("classroom.pass.default_name", lang, number=seat + 1),
                    max_chars=40,
                    key=keys.pass_name(seat),
                )
        _deck_radio(lang, keys.PASS_DECK)
        st.button(
            t("classroom.start", lang),
            key=keys.of(keys.PASS, "start"),
            type="primary",
            on_click=callbacks.start_pass,
            args=(lang,),
        )
        if st.session_state.get(keys.PASS_ERROR):
            limit = MAX_NAME_LENGTH
            st.error(t("classroom.pass.bad_names", lang, limit=limit, count=limit))


def _pass_game(lang: str, playing: bool) -> None:
    game = session.game(keys.PASS)
    state = game.state
    names = [inert(name) for name in state.players]  # children's names are user text
    if state.is_over:
        st.markdown("\n".join(f"- {line}" for line in kid_story(lang, game, names, None)))
        show_tips(lang, game, names, None)
        show_end(lang, game, names, None, keys.PASS, callbacks.start_pass)
        return
    turn = state.turn
    if st.session_state.get(keys.SHOWN) != turn:
        _pass_screen(lang, game, names)
        return
    again = game.last_seat == turn
    # The same player again: a card just drawn that can be played, or a real second turn (two
    # players: a Skip or a Reverse gives the turn back).
    drawn = again and state.phase is Phase.DRAWN
    header = (
        "classroom.pass.drawn"
        if drawn
        else "classroom.pass.again"
        if again
        else "classroom.pass.turn"
    )
    if not playing or header != "classroom.pass.turn":  # the game screen says "Your turn"
        st.header(t(header, lang, name=names[turn]))
    play_table(lang, keys.PASS, game, list(state.players), turn)
    if again:
        show_tips(lang, game, names, turn)


def _pass_screen(lang: str, game: Game, names: Sequence[str]) -> None:
    """Between turns: no card face is shown, only who plays next, what happened and how many
    cards each player holds. A player who forgot "Uno" can still say it, or be caught."""
    state = game.state
    turn = state.turn
    st.header(t("classroom.pass.to", lang, name=names[turn]))
    st.write(t("classroom.pass.hidden", lang, name=names[turn]))
    lines = kid_story(lang, game, names, None)
    if lines:
        st.markdown(f"**{t('classroom.pass.what_happened', lang)}**")
        st.markdown("\n".join(f"- {line}" for line in lines))
    show_tips(lang, game, names, None)
    for seat in state.uno_exposed:
        if seat == turn:
            continue
        st.warning(t("classroom.pass.exposed", lang, name=names[seat]))
        left, right = st.columns(2)
        left.button(
            t("classroom.pass.uno_late", lang, name=names[seat]),
            key=keys.late(seat),
            type="primary",
            width="stretch",
            on_click=callbacks.pass_act,
            args=(uno.Action(seat, "uno"), lang),
        )
        right.button(
            t("classroom.pass.catch", lang, name=names[seat]),
            key=keys.catch(seat),
            width="stretch",
            on_click=callbacks.pass_act,
            args=(uno.Action(turn, "catch", target=seat), lang),
        )
    st.button(
        t("classroom.pass.show", lang, name=names[turn]),
        key=keys.SHOW,
        type="primary",
        width="stretch",
        on_click=callbacks.reveal,
        args=(turn,),
    )
    for seat in range(state.n_players):
        count = len(state.hands[seat])
        st.markdown(f"**{t('classroom.count_cards', lang, name=names[seat], count=count)}**")
        show_cards([None] * count, lang, size="sm")
