"""What the classroom draws of a game: the table for a child, the tips, a kind word, the
challenge in three short steps, and the end of a round."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

import uno
from uno.academy import classroom
from uno.academy import review as reviews
from uno.academy.classroom import FRIENDLY, Game
from uno.academy.i18n import t
from uno.academy.table import Message, TableView, table_model
from uno.cards import Card
from uno.state import GameState, Phase
from uno.ui.cards import show_cards
from uno.ui.classroom import callbacks, keys, session
from uno.ui.classroom.words import color_word, hint_text, kid_story, lesson_title
from uno.ui.review import parts as review
from uno.ui.table import show_table

__all__ = ["challenge_steps", "look_back", "play_table", "praise", "show_end", "show_tips"]


def show_tips(lang: str, game: Game, names: Sequence[str], you: int | None) -> None:
    """A gentle word when someone was caught without "Uno"; each new tip with its lesson."""
    for event in game.log:
        if event.type == "caught" and event.target in game.humans:
            if event.target == you:
                st.warning(t("classroom.caught_gently_you", lang), icon="🙂")
            else:
                st.warning(t("classroom.caught_gently", lang, name=names[event.target]), icon="🙂")
    for tip in game.tips:
        number = classroom.tip_lesson(tip)
        st.info(t(f"classroom.tip.{tip}", lang), icon="💡")
        st.page_link(
            "pages/2_lessons.py",
            label=t("classroom.tip_link", lang, number=number, title=lesson_title(lang, number)),
            icon=":material/school:",
            query_params={"lang": lang, "lesson": str(number)},
        )


def praise(lang: str, game: Game, you: int) -> Message | None:
    """A kind word for the child's own move (not when they were just caught: that has its own)."""
    mine = [e.type for e in game.log if e.get("seat") == you and e.type in ("played", "drew")]
    caught = any(e.type == "caught" and e.target == you for e in game.log)
    if not game.moves or not mine or caught or game.state.is_over:
        return None
    if mine[0] == "played":
        return Message("success", t(f"classroom.praise.{game.moves % 4 + 1}", lang))
    return Message("success", t("classroom.praise_draw", lang))


def challenge_steps(lang: str, state: GameState, names: Sequence[str], seat: int) -> Message | None:
    """Hit by a Wild Draw Four: the challenge in three short steps, for the child at ``seat``."""
    challenge = state.challenge
    if state.phase is not Phase.CHALLENGE or state.turn != seat or challenge is None:
        return None
    color = color_word(lang, challenge.previous_color)
    text = t("classroom.challenge.explain", lang, name=names[challenge.player], color=color)
    return Message("info", text)


def _message(lang: str, prefix: str, game: Game, names: Sequence[str], seat: int) -> Message | None:
    """The line at the child's hand: a refusal, the coach, the hint, the challenge, praise."""
    state = game.state
    message = st.session_state.get(keys.of(prefix, "message"))
    asked = st.session_state.get(keys.of(prefix, "coach"))
    if message is None and isinstance(asked, tuple) and asked[0] == game.moves:
        message = Message("info", str(asked[1]))
    if message is None and st.session_state.get(keys.of(prefix, "hint")) == game.moves:
        text = hint_text(lang, state, seat)
        message = Message("info", text) if text else None
    if message is None:
        message = challenge_steps(lang, state, names, seat)
    if message is None and prefix == keys.KIDS:
        message = praise(lang, game, seat)
    return message if isinstance(message, Message) else None


def play_table(lang: str, prefix: str, game: Game, names: Sequence[str], seat: int) -> None:
    """The table for the child at ``seat``, with the hint and the words of the last moves."""
    state = game.state
    hint_on = st.session_state.get(keys.of(prefix, "hint")) == game.moves
    suggestion = classroom.hint(state, seat) if hint_on else None
    waiting = classroom.bots_waiting(game) and not state.is_over
    bots = tuple(None if s in game.humans else FRIENDLY.name for s in range(state.n_players))
    playing = session.playing(prefix)
    view = TableView(
        acting=frozenset({seat}),
        hand=seat,
        bots=bots,
        size="xl",
        kids=True,
        personal=prefix == keys.PASS,
        bot_names=False,
        fill=playing,
    )
    model = table_model(
        state,
        view,
        lang,
        names=list(names),
        story=kid_story(lang, game, names, seat),
        message=_message(lang, prefix, game, names, seat),
        hint=suggestion if isinstance(suggestion, Card) else None,
        version=game.match.version,
        thinking=waiting and not session.at_once(),
        menu=playing,
        land=session.landing(),
    )
    tools: list[tuple[str, str]] = []
    if not state.is_over and state.turn == seat:
        tools = [
            ("hint", t("classroom.hint_button", lang)),
            ("coach", t("coach.kids.button", lang)),
        ]
    show_table(
        model,
        key=keys.of(prefix, "table"),
        on_action=lambda text, version: callbacks.act(prefix, text, version, lang),
        on_tick=lambda version: callbacks.tick(prefix, version),
        on_menu=callbacks.show_page,
        tools=tools,
        on_tool=lambda tool: callbacks.on_tool(prefix, tool, list(names), seat, game.moves, lang),
    )


def show_end(
    lang: str,
    game: Game,
    names: Sequence[str],
    you: int | None,
    prefix: str,
    again: Callable[[str], None],
) -> None:
    """Who won, the points (the engine's own scoring, R-SCORE-1) and the cards left."""
    state = game.state
    winner = state.round_winner
    won = [e for e in game.log if e.type == "round_won"]
    if winner is None:
        return
    reviewing = review.asked(prefix) is not None
    if winner == you:
        st.success(t("classroom.win_you", lang))
        if not reviewing:
            st.balloons()
    else:
        st.success(t("classroom.win", lang, name=names[winner]))
        if you is not None:
            st.info(t("classroom.lose_you", lang))
    look_back(lang, game, names, you, prefix)
    points = int(won[-1].points) if won else sum(uno.card_points(c) for h in state.hands for c in h)
    if winner == you:
        st.markdown(f"### {t('classroom.points_you', lang, count=points)}")
    else:
        st.markdown(f"### {t('classroom.points', lang, name=names[winner], count=points)}")
    for seat in range(state.n_players):
        if seat == winner:
            continue
        hand = sorted(state.hands[seat])
        value = sum(uno.card_points(c) for c in hand)
        st.markdown(f"**{t('classroom.hand_points', lang, name=names[seat], count=value)}**")
        show_cards(hand, lang, size="md")
    st.button(
        t("classroom.again", lang),
        key=keys.of(prefix, "again"),
        type="primary",
        width="stretch",
        on_click=again,
        args=(lang,),
    )


def look_back(lang: str, game: Game, names: Sequence[str], you: int | None, prefix: str) -> None:
    """ "Look back at my round", right under who won: the child's own round (``you``), or in
    pass-and-play one button per child; then the review asked, the children's version (stars,
    a kind word, the better move; no grades)."""
    seats = game.humans if you is None else (you,)
    # The names as typed (the review makes them safe itself); ``names`` are the page's.
    typed = list(game.state.players) if you is None else list(names)
    asked = review.asked(prefix)
    if asked is None or asked.rounds[0].seat not in seats:
        columns = st.columns(min(len(seats), 3))
        for i, seat in enumerate(seats):
            round = reviews.round_of(game.match, seat, typed)
            if round is None:
                continue
            with columns[i % len(columns)]:
                review.ask_button(
                    lang,
                    prefix,
                    reviews.Request.of(round),
                    kids=True,
                    name=None if you is not None else names[seat],
                )
        return
    review.show_review(lang, prefix, kids=True)
