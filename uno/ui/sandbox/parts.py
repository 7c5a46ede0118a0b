"""What the sandbox page draws: the setup, the seat controls, the game area (the table, the end
of a round, the history and its story, saving and sharing) and the rules line."""

from __future__ import annotations

from typing import Final

import streamlit as st

import uno
from uno.academy.i18n import join_words, t
from uno.academy.match import MAX_STEPS, Match
from uno.academy.sandbox import encode_match, match_text
from uno.academy.table import Message, TableSetup, TableView, table_model
from uno.rules import PRESETS, SWITCHES
from uno.state import GameState, Phase
from uno.ui.chrome import follow
from uno.ui.guard import fragment
from uno.ui.review import parts as review
from uno.ui.sandbox import callbacks, keys, session
from uno.ui.sandbox.words import names, story_entries_for, story_lines
from uno.ui.table import bot_pause_ms, show_table
from uno.ui.uploads import file_uploader
from uno.ui.words import inert

__all__ = ["game_area", "rules_line", "seat_controls", "setup"]

#: The most characters typed for a hand or a draw pile (all 108 codes take about 450).
MAX_CARDS_TEXT: Final = 1000
#: The whole story is below the table, a page at a time (the table tells the round's).
STORY_PAGE: Final = 50


def setup(lang: str, has_game: bool) -> None:
    """Deal, build card by card, or open a file; the rules and the players' names."""
    with st.expander(t("sandbox.setup", lang), expanded=not has_game):
        count = st.number_input(
            t("sandbox.players", lang), min_value=2, max_value=10, value=3, step=1, key=keys.COUNT
        )
        name_cols = st.columns(min(int(count), 5))
        typed = []
        for seat in range(int(count)):
            with name_cols[seat % len(name_cols)]:
                typed.append(
                    st.text_input(
                        t("sandbox.name", lang, number=seat + 1),
                        value=t("sandbox.default_name", lang, number=seat + 1),
                        max_chars=40,
                        key=keys.name(seat),
                    )
                )
        preset = st.selectbox(
            t("sandbox.preset", lang),
            list(PRESETS),
            key=keys.PRESET,
            format_func=lambda p: t(f"sandbox.presets.{p}", lang),
        )
        base = PRESETS[preset]
        option_cols = st.columns(2)
        for i, option in enumerate(SWITCHES):
            with option_cols[i % 2]:
                st.checkbox(
                    t(f"sandbox.options.{option}", lang),
                    value=bool(getattr(base, option)),
                    key=keys.option(option, preset),
                )
        st.radio(
            t("sandbox.options.uno_catch_window", lang),
            ["next_player", "own_next_turn"],
            horizontal=True,
            key=keys.window(preset),
            format_func=lambda w: t(f"sandbox.window.{w}", lang),
        )
        st.checkbox(
            t("sandbox.options.single_round", lang),
            value=base.target_score is None,
            key=keys.single(preset),
        )
        deal_tab, build_tab, file_tab = st.tabs(
            [t("sandbox.deal_tab", lang), t("sandbox.build_tab", lang), t("sandbox.file_tab", lang)]
        )
        with deal_tab:
            st.number_input(
                t("sandbox.seed", lang),
                min_value=0,
                max_value=2**31 - 1,
                value=1,
                step=1,
                key=keys.SEED,
            )
            st.button(
                t("sandbox.deal", lang),
                key=keys.DEAL,
                type="primary",
                on_click=callbacks.deal,
                args=(lang,),
            )
        with build_tab:
            _build_tab(typed, int(count), lang)
        with file_tab:
            upload = file_uploader(
                t("sandbox.upload", lang),
                lang,
                key=keys.UPLOAD,
                types=["json"],
                help=t("sandbox.upload_help", lang),
            )
            if upload is not None:
                st.button(
                    t("sandbox.open", lang),
                    key=keys.OPEN,
                    on_click=callbacks.open_file,
                    args=(lang,),
                )
    message = st.session_state.get(keys.SETUP_MESSAGE)
    if message:
        getattr(st, message[0])(message[1])


def _build_tab(typed: list[str], count: int, lang: str) -> None:
    st.caption(t("sandbox.build_help", lang))
    choices = [session.HUMAN, *uno.STRATEGIES]
    for seat in range(count):
        hand, who = st.columns([3, 2], vertical_alignment="bottom")
        hand.text_input(
            t("sandbox.hand_of", lang, name=inert(typed[seat]) or str(seat + 1)),
            key=keys.hand(seat),
            max_chars=MAX_CARDS_TEXT,
        )
        who.selectbox(
            t("sandbox.who_plays", lang, name=inert(typed[seat]) or str(seat + 1)),
            choices,
            index=choices.index(session.default_seat(seat)),
            key=keys.build_seat(seat),
            format_func=lambda c: (
                t("sandbox.human", lang) if c == session.HUMAN else t(f"bot.{c}.name", lang)
            ),
        )
    st.text_input(t("sandbox.top", lang), key=keys.TOP, max_chars=40)
    st.selectbox(
        t("sandbox.color", lang),
        ["", "R", "Y", "G", "B"],
        key=keys.COLOR,
        format_func=lambda c: t(f"color.{c}", lang) if c else "—",
    )
    st.selectbox(
        t("sandbox.turn", lang),
        list(range(count)),
        key=keys.TURN,
        format_func=lambda s: typed[s] if s < len(typed) else str(s),
    )
    st.radio(
        t("sandbox.direction", lang),
        [1, -1],
        horizontal=True,
        key=keys.DIRECTION,
        format_func=lambda d: t(f"sandbox.dir.{d}", lang),
    )
    st.text_input(t("sandbox.draw_pile", lang), key=keys.DRAW, max_chars=MAX_CARDS_TEXT)
    st.button(
        t("sandbox.build", lang),
        key=keys.BUILD,
        type="primary",
        on_click=callbacks.build,
        args=(lang,),
    )


def seat_controls(state: GameState, lang: str) -> None:
    """Who plays each seat, whether the others' hands are hidden, the computer players' pace."""
    with st.expander(t("sandbox.seats", lang)):
        choices = [session.HUMAN, *uno.STRATEGIES]
        controllers = session.controllers(session.match().seats)
        columns = st.columns(2)
        for seat in range(state.n_players):
            st.session_state.setdefault(keys.controller(seat), controllers[seat])
            columns[seat % 2].selectbox(
                inert(state.players[seat]),
                choices,
                key=keys.controller(seat),
                on_change=callbacks.controller_changed,
                args=(seat,),
                format_func=lambda c: (
                    t("sandbox.human", lang) if c == session.HUMAN else t(f"bot.{c}.name", lang)
                ),
            )
        left, right = st.columns(2)
        st.session_state.setdefault(keys.HIDE, session.match().hide)
        left.toggle(t("sandbox.hide", lang), key=keys.HIDE, on_change=_hide_changed)
        paces = [0, 300, 700, 1500, -1]
        st.session_state.setdefault(keys.PAUSE, bot_pause_ms() if bot_pause_ms() in paces else 700)
        right.selectbox(
            t("sandbox.pace", lang),
            paces,
            key=keys.PAUSE,
            format_func=lambda ms: t(f"sandbox.paces.{'step' if ms < 0 else ms}", lang),
            on_change=_redraw,
        )


def _hide_changed() -> None:
    """The others' hands hidden, or shown (for study)."""
    match = session.match()
    session.set_match(
        match.with_view(viewer=match.viewer, hide=bool(st.session_state.get(keys.HIDE))),
        session.table_message(),
    )


def _redraw() -> None:
    """A setting of the table changed: it is drawn anew."""
    session.set_match(session.match().touched(), session.table_message())


def _view(match: Match, playing: bool) -> TableView:
    """The table as the match shows it: the reader's hand at the bottom (``Match.reader``), the
    hands it shows face up (``Match.hands_shown``), the seats a person plays; the game screen
    while playing."""
    return TableView(
        acting=frozenset(match.people),
        hand=match.reader(),
        bots=match.seats,
        face_up=match.hands_shown(),
        fill=playing,
        next_round=True,
    )


@fragment
def game_area(lang: str) -> None:
    """The table (the game screen while playing: the end of a round, the next round and the
    coach are on it), then undo/redo and the whole story: redrawn alone after a move."""
    playing = session.playing()
    follow(playing)  # the table's menu folds or unfolds the whole page
    match = session.match()
    state = match.state
    if _reviewing(match, lang):  # the review takes the table's place until closed
        _history(match, lang)
        _save(match, lang)
        return
    view = _view(match, playing)
    waiting = match.waiting
    pause = session.pause()
    message = _coach_message(match) or session.table_message()
    if match.stopped:
        message = Message("info", t("sandbox.timeline_full", lang, count=MAX_STEPS))
    story = story_entries_for(
        match.round_story(), names(state), lang, view.hand, public=not match.hide
    )
    model = table_model(
        state,
        view,
        lang,
        names=list(state.players),
        story=story,
        message=message,
        version=match.version,
        thinking=waiting and pause > 0,
        menu=playing,
        land=session.landing(),
    )
    tools: list[tuple[str, str]] = []
    if waiting and pause < 0:
        tools.append(("step", t("sandbox.step", lang)))
    if not state.is_over and view.hand == state.turn and not waiting:
        tools.append(("coach", t("coach.button", lang)))
    if state.is_over and callbacks.review_request(match) is not None:
        tools.append(("review", t("review.button", lang)))
    show_table(
        model,
        key=keys.TABLE,
        on_action=lambda text, version: callbacks.on_action(text, version, lang),
        on_tick=callbacks.on_tick,
        pause_ms=max(pause, 0),
        on_menu=callbacks.show_page,
        tools=tools,
        on_tool=lambda tool: callbacks.on_tool(tool, lang, view.hand),
    )
    if state.phase is Phase.GAME_OVER:
        winners = join_words([names(state)[s] for s in state.game_winners], lang)
        st.success(t("sandbox.game_over", lang, names=winners))
    _history(match, lang)
    _save(match, lang)


def _reviewing(match: Match, lang: str) -> bool:
    """ "Review my round", while it is open and about the round on the table (a new game
    closes it): drawn where the table was."""
    asked = review.asked(keys.REVIEW)
    if asked is None:
        return False
    now = callbacks.review_request(match)
    if now is None or now.rounds != asked.rounds:
        review.close(keys.REVIEW)
        return False
    return review.show_review(lang, keys.REVIEW, open_here=callbacks.try_again)


def _coach_message(match: Match) -> Message | None:
    """The coach's words while the table they answer is still the one shown."""
    asked = st.session_state.get(keys.COACH)
    if isinstance(asked, tuple) and asked[0] is match:
        return Message("info", str(asked[1]))
    return None


def _history(match: Match, lang: str) -> None:
    """Undo and redo (between a person's decisions), one move back or forward, and the whole
    story in pages. (A slider would send its old value whenever its range grows.)"""
    nav = st.columns([1, 1, 1, 1, 1, 2])
    buttons = (
        ("start", "sandbox.restart", match.can_undo, ":material/first_page:"),
        ("undo", "sandbox.undo", match.can_undo, ":material/undo:"),
        ("redo", "sandbox.redo", match.can_redo, ":material/redo:"),
        ("back", "sandbox.step_back", match.can_undo, ":material/chevron_left:"),
        ("forward", "sandbox.step_forward", match.can_redo, ":material/chevron_right:"),
    )
    for column, (to, label, enabled, icon) in zip(nav, buttons, strict=False):
        column.button(
            t(label, lang),
            key=keys.travel(to),
            disabled=not enabled,
            on_click=callbacks.travel,
            args=(to,),
            width="stretch",
            icon=icon,
        )
    nav[5].caption(t("sandbox.move_of", lang, index=match.index, total=len(match.steps)))
    lines = story_lines(match.story(), names(match.state), lang, public=not match.hide)
    if not lines:
        return
    with st.expander(t("sandbox.story_all", lang, count=len(lines))):
        pages = (len(lines) - 1) // STORY_PAGE + 1
        page = 1
        if pages > 1:
            page = int(
                st.number_input(
                    t("sandbox.story_page", lang, count=pages),
                    min_value=1,
                    max_value=pages,
                    value=pages,
                    key=keys.STORY_PAGE,
                )
            )
        first = (page - 1) * STORY_PAGE
        shown = lines[first : first + STORY_PAGE]
        st.markdown("\n".join(f"{first + i}. {line}" for i, line in enumerate(shown, start=1)))


def _save(match: Match, lang: str) -> None:
    """The game as a file and as a link, with its history: they open at the same step."""
    state = match.state
    with st.expander(t("sandbox.save", lang), icon=":material/share:"):
        left, right = st.columns(2)
        hide = left.checkbox(t("sandbox.share_hide", lang), value=match.hide, key=keys.SHARE_HIDE)
        people = list(match.people)
        viewer = right.selectbox(
            t("sandbox.share_viewer", lang),
            [None, *people],
            key=keys.SHARE_VIEWER,
            format_func=lambda s: t("sandbox.share_any", lang) if s is None else state.players[s],
        )
        bots = {s: name for s, name in enumerate(match.seats) if name is not None}
        table = TableSetup(bots, hide, viewer).to_dict()
        st.download_button(
            t("sandbox.download", lang),
            match_text(match, table).encode("utf-8"),
            file_name="uno-scenario.json",
            mime="application/json",
            key=keys.DOWNLOAD,
            on_click="ignore",
            icon=":material/download:",
        )
        code = encode_match(match, table)
        base_url = str(getattr(st.context, "url", "") or "").split("?")[0] or "sandbox"
        st.caption(t("sandbox.share", lang))
        st.code(f"{base_url}?lang={lang}&s={code}", language=None)
        st.caption(t("sandbox.share_size", lang, count=len(code)))


def rules_line(state: GameState, lang: str) -> None:
    """The rules of the game on the table, in a line."""
    rules = state.rules
    on = [t(f"sandbox.options.{o}", lang) for o in SWITCHES if getattr(rules, o)]
    if rules.uno_catch_window != "next_player":
        on.append(t(f"sandbox.window.{rules.uno_catch_window}", lang))
    preset = t(f"sandbox.presets.{rules.preset}", lang)
    text = t("sandbox.rules_line", lang, preset=preset)
    if on:
        text += " · " + join_words(on, lang)
    st.caption(text)
