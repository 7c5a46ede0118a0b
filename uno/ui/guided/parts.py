"""What the guided game draws: the table (the game screen: the pause or what to do now at the
hand, "Continue" beside the moves), and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from uno.academy import classroom, guided
from uno.academy.guided import LEARNER, Guided
from uno.academy.i18n import t
from uno.academy.table import TableView, story_entries, table_model
from uno.cards import card_points
from uno.ui.cards import show_cards
from uno.ui.chrome import follow
from uno.ui.classroom.words import word
from uno.ui.guard import fragment
from uno.ui.guided import callbacks, keys, session
from uno.ui.table import show_table

__all__ = ["game_area", "intro"]


def intro(lang: str, kids_first: bool) -> None:
    """What the guided game is, and the two ways to start it (the children's version first
    when the page was opened for children)."""
    st.write(t("guided.intro", lang))
    st.caption(t("guided.kids_intro", lang))
    with st.container(horizontal=True, gap="small"):
        st.button(
            t("guided.start", lang),
            key=keys.START,
            type="secondary" if kids_first else "primary",
            icon=":material/flag:",
            on_click=callbacks.start,
            args=(False,),
        )
        st.button(
            t("guided.kids_start", lang),
            key=keys.KIDS,
            type="primary" if kids_first else "secondary",
            icon=":material/child_care:",
            on_click=callbacks.start,
            args=(True,),
        )


def _story(game: Guided, names: Sequence[str], lang: str) -> list[str | tuple[str, str | None]]:
    """The round so far: the table's story with each line's ruling, or the children's short
    sentences."""
    events = game.match.round_story()
    if not game.kids:
        return list(story_entries(events, names, lang, LEARNER))
    lines: list[str | tuple[str, str | None]] = []
    for event in events:
        line = classroom.kid_line(event, names, LEARNER)
        if line is not None:
            key, values = line
            lines.append(t(key, lang, **{k: word(lang, v) for k, v in values.items()}))
    return lines


def _table(lang: str, game: Guided, playing: bool) -> None:
    """The table: while a pause is on it the hand waits and "Continue" is the one button."""
    names = guided.player_names(lang, game.kids)
    view = TableView(
        acting=frozenset() if game.pause else frozenset({LEARNER}),
        hand=LEARNER,
        bots=game.match.seats,
        size="xl" if game.kids else "md",
        kids=game.kids,
        personal=True,
        bot_names=False,
        fill=playing,
    )
    model = table_model(
        game.state,
        view,
        lang,
        names=names,
        story=_story(game, names, lang),
        message=guided.message(game, lang),
        hint=guided.hint_card(game),
        version=game.version,
        thinking=game.waiting and not session.at_once(),
        menu=playing,
        land=session.landing(),
    )
    tools = [("continue", t("guided.continue", lang))] if game.pause else []
    show_table(
        model,
        key=keys.TABLE,
        on_action=callbacks.act,
        on_tick=callbacks.tick,
        on_menu=callbacks.show_page,
        tools=tools,
        on_tool=callbacks.on_tool,
    )


def _again(lang: str, game: Guided) -> None:
    st.button(
        t("guided.again", lang),
        key=keys.AGAIN,
        type="primary",
        icon=":material/replay:",
        on_click=callbacks.start,
        args=(game.kids,),
    )


def _kids_end(lang: str, game: Guided) -> None:
    """The children's end, in their words: who won and the points (the engine's scoring), the
    cards left in the other hands."""
    names = guided.player_names(lang, kids=True)
    said = guided.message(game, lang) if game.pause else None
    text = said.text if said is not None else guided.end_text(game, lang)
    if text:
        st.success(text)
        st.balloons()
    state = game.state
    for seat in range(state.n_players):
        if seat == state.round_winner:
            continue
        hand = sorted(state.hands[seat])
        points = sum(card_points(card) for card in hand)
        st.markdown(f"**{t('classroom.hand_points', lang, name=names[seat], count=points)}**")
        show_cards(hand, lang, size="md")
    _again(lang, game)


@fragment
def game_area(lang: str) -> None:
    """The game screen while the game is played (redrawn alone after each move), then the
    end: the table's result and what the learner scored, or the children's end."""
    playing = session.playing()
    follow(playing)  # the table's menu, or the end, unfolds the whole page
    game = session.game()
    if game is None:
        return
    if game.kids and game.state.is_over:
        _kids_end(lang, game)
        return
    _table(lang, game, playing)
    if game.finished:
        text = guided.end_text(game, lang)
        if text:
            st.success(text)
        _again(lang, game)
