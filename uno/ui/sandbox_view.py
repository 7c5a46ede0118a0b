"""The sandbox page: set up any situation, see what is legal and why, play it out against
computer players, undo, save and share it.

Once a game is dealt the table comes first (``uno.ui.table``, drawn from the view model of
``uno.academy.table``); the setup folds away below it. Every change happens in a callback (a
click runs the script once) on the timeline kept in the session (``Timeline``); the engine judges
every move (``uno.apply``) and drives the computer players (``uno.bots``), one move at a time
with a short pause. The game area is a fragment: a move redraws it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import pandas as pd
import streamlit as st

import uno
from uno.academy import coach
from uno.academy.i18n import card_label, join_words, t
from uno.academy.sandbox import (
    MAX_TIMELINE,
    Timeline,
    build_scenario,
    encode_share,
    open_scenario,
    open_share,
    scenario_text,
    typed_field,
)
from uno.academy.table import (
    Message,
    TableSetup,
    TableView,
    refusal_message,
    story_text,
    table_model,
)
from uno.bots import next_bot_move
from uno.rules import DEFAULT_TARGET, PRESETS, SWITCHES
from uno.scenario import MAX_SCENARIO_BYTES
from uno.setup import check_names
from uno.state import GameState, Phase
from uno.ui.table import bot_pause_ms, show_table
from uno.ui.uploads import file_uploader
from uno.ui.words import inert

__all__ = ["error_text", "show_sandbox", "story_lines"]

#: The most characters typed for a hand or a draw pile (all 108 codes take about 450).
MAX_CARDS_TEXT: Final = 1000
TL: Final = "sb_timeline"
CONTROLLERS: Final = "sb_controllers"
VERSION: Final = "sb_version"
TABLE_MESSAGE: Final = "sb_table_message"
SETUP_MESSAGE: Final = "sb_setup_message"
LAST_PERSON: Final = "sb_last_person"
COACH: Final = "sb_coach"  # (version of the table, the coach's words)
HUMAN: Final = "human"
#: Who plays the other seats of a new deal.
DEFAULT_BOT: Final = "greedy"
#: The story lines the table shows; the whole story is below it, a page at a time.
TABLE_STORY: Final = 8
STORY_PAGE: Final = 50


# -- words -----------------------------------------------------------------------------------


def error_text(problem: uno.ScenarioError, lang: str, names: Sequence[str] | None = None) -> str:
    """A scenario or link problem in the reader's words; the bad field and value shown inert.
    With the ``names`` typed in the build tab, the field is the box where the value was typed
    ("Hand of Ana", not ``hands[0][2]``)."""
    typed = None if names is None else typed_field(problem.field, names, lang)
    field = typed if typed is not None else inert(problem.field, limit=60)
    value = inert(problem.value, limit=40)
    count = problem.value if type(problem.value) is int else None  # "1 card", "5 cards"
    try:
        return t(f"scenario_error.{problem.code}", lang, field=field, value=value, count=count)
    except KeyError:
        return t("scenario_error.wrong_phase", lang, field=field, value=value)


def story_lines(
    events: Sequence[uno.Event], names: Sequence[str], lang: str, viewer: int | None = None
) -> list[str]:
    """Each event worded in the reader's language (``names`` already made inert)."""
    return story_text(events, names, lang, viewer)


def _names(state: GameState) -> list[str]:
    return [inert(name) for name in state.players]


# -- the session: the timeline, who plays each seat, messages --------------------------------


def _timeline() -> Timeline:
    timeline: Timeline = st.session_state[TL]
    return timeline


def _controllers() -> list[str]:
    controllers: list[str] = st.session_state[CONTROLLERS]
    return controllers


def _seats() -> list[uno.Strategy | None]:
    return [None if c == HUMAN else uno.make_strategy(c) for c in _controllers()]


def _bump() -> None:
    """A new state is shown: taps made on the old one are told apart."""
    st.session_state[VERSION] = int(st.session_state.get(VERSION, 0)) + 1


def _set(timeline: Timeline, message: Message | None = None) -> None:
    st.session_state[TL] = timeline
    st.session_state[TABLE_MESSAGE] = message
    _bump()


def _start(state: GameState, setup: TableSetup | None = None) -> None:
    """A new game on the table; ``setup`` (from a link or a file) says who plays each seat."""
    previous = st.session_state.get(CONTROLLERS, [])
    if setup is not None:
        controllers = [setup.bots.get(seat, HUMAN) for seat in range(state.n_players)]
        st.session_state["sb_hide"] = setup.hide_hands
    else:  # a new deal: the first seat is a person, the others computer players
        default = [HUMAN] + [DEFAULT_BOT] * (state.n_players - 1)
        controllers = [
            previous[i] if i < len(previous) else default[i] for i in range(state.n_players)
        ]
    st.session_state[CONTROLLERS] = controllers
    for seat, controller in enumerate(controllers):
        st.session_state[f"sb_ctrl_{seat}"] = controller
    viewer = setup.viewer if setup is not None else None
    st.session_state[LAST_PERSON] = viewer
    _set(Timeline.start(state))
    _play_bots_now()


def _say_setup(kind: str, text: str) -> None:
    st.session_state[SETUP_MESSAGE] = (kind, text)


# -- the computer players --------------------------------------------------------------------


def _pause() -> int:
    return int(st.session_state.get("sb_pause", bot_pause_ms()))


def _bot_move() -> bool:
    """One computer move on the state shown; False when a person must act (or nothing left)."""
    timeline = _timeline()
    if timeline.full:
        return False
    seats = _seats()
    log = timeline.round_log() if any(s is not None and s.watches for s in seats) else ()
    action = next_bot_move(timeline.current, seats, log=log)
    if action is None:
        return False
    state, events = uno.apply(timeline.current, action)
    _set(timeline.push(state, events))
    return True


def _play_bots_now() -> None:
    """With no pause (tests, or "at once"), the computer players answer in the same run."""
    if _pause() != 0:
        return
    while _bot_move():
        pass


def _bots_waiting(state: GameState) -> bool:
    return not state.is_over and next_bot_move(state, _seats()) is not None


# -- callbacks -------------------------------------------------------------------------------


def _rules() -> dict[str, Any]:
    preset = st.session_state.get("sb_preset", "official")
    base = PRESETS.get(preset, PRESETS["official"])
    chosen: dict[str, Any] = {
        option: bool(st.session_state.get(f"sb_opt_{option}_{preset}", getattr(base, option)))
        for option in SWITCHES
    }
    chosen["uno_catch_window"] = st.session_state.get(f"sb_window_{preset}", base.uno_catch_window)
    single = st.session_state.get(f"sb_single_{preset}", base.target_score is None)
    chosen["target_score"] = None if single else DEFAULT_TARGET
    return {"preset": preset, **chosen}


def _typed_names(lang: str) -> list[str]:
    count = int(st.session_state.get("sb_count", 3))
    return [
        str(
            st.session_state.get(
                f"sb_name_{seat}", t("sandbox.default_name", lang, number=seat + 1)
            )
        )
        for seat in range(count)
    ]


def _deal(lang: str) -> None:
    seed = int(st.session_state.get("sb_seed", 1))
    try:
        _start(uno.new_game(check_names(_typed_names(lang)), rules=_rules(), seed=seed))
        _say_setup("success", t("sandbox.dealt", lang, seed=seed))
    except uno.ScenarioError as problem:
        _say_setup("error", error_text(problem, lang, [inert(n) for n in _typed_names(lang)]))


def _build(lang: str) -> None:
    names = _typed_names(lang)
    get = st.session_state.get
    try:
        state = build_scenario(
            check_names(names),
            [str(get(f"sb_hand_{seat}", "")) for seat in range(len(names))],
            str(get("sb_top", "")),
            color=get("sb_color") or None,
            turn=int(get("sb_turn", 0) or 0),
            direction=int(get("sb_direction", 1)),
            draw_pile=str(get("sb_draw", "")),
            rules=_rules(),
            seed=int(get("sb_seed", 1)),
        )
        _start(state)
        _say_setup("success", t("sandbox.built", lang))
    except uno.ScenarioError as problem:
        _say_setup("error", error_text(problem, lang, [inert(name) for name in names]))


def _open_file(lang: str) -> None:
    upload = st.session_state.get("sb_upload")
    if upload is None:
        return
    data = upload.getvalue()
    try:
        if len(data) > MAX_SCENARIO_BYTES:
            raise uno.ScenarioError("too_large", "file", len(data), "file too large")
        _start(*open_scenario(data))
        _say_setup("success", t("sandbox.opened", lang))
    except uno.ScenarioError as problem:
        _say_setup("error", error_text(problem, lang))


def _on_action(text: str, version: int, lang: str) -> None:
    """A move sent by the table: checked against the state shown, the seats a person plays,
    and the rules; a refusal is explained at the hand and changes nothing."""
    timeline = _timeline()
    if version != st.session_state.get(VERSION):
        _refuse(Message("warning", t("table.stale", lang)))
        return
    state = timeline.current
    try:
        action = uno.parse_action(text, state)
    except uno.NotationError:
        _refuse(Message("error", t("sandbox.bad_action", lang)))
        return
    if not 0 <= action.seat < state.n_players or _controllers()[action.seat] != HUMAN:
        _refuse(Message("error", t("table.not_yours", lang)))
        return
    try:
        after, events = uno.apply(state, action)
    except uno.IllegalAction as refusal:
        _refuse(refusal_message(refusal, lang))
        return
    st.session_state[LAST_PERSON] = action.seat
    _set(timeline.push(after, events, person=True))
    _play_bots_now()


def _refuse(message: Message) -> None:
    """Nothing changes but the message (and the version, so the table hears the answer)."""
    st.session_state[TABLE_MESSAGE] = message
    _bump()


def _on_tick(version: int) -> None:
    """The table waited its pause: the next computer move, if the state is still the one shown."""
    if version == st.session_state.get(VERSION):
        _bot_move()


def _controller_changed(seat: int) -> None:
    _controllers()[seat] = st.session_state[f"sb_ctrl_{seat}"]
    _bump()
    _play_bots_now()


def _next_round() -> None:
    timeline = _timeline()
    _set(timeline.push(uno.next_round(timeline.current), []))
    _play_bots_now()


def _travel(to: str) -> None:
    timeline = _timeline()
    moves = {
        "start": timeline.goto(0),
        "undo": timeline.undo(),
        "redo": timeline.redo(),
        "back": timeline.goto(timeline.index - 1),
        "forward": timeline.goto(timeline.index + 1),
    }
    _set(moves[to])


def _step_bot() -> None:
    _bot_move()


# -- drawing ---------------------------------------------------------------------------------


def _open_link(lang: str) -> None:
    """A situation from a share link (``?s=...``), once per link."""
    link = st.query_params.get("s")
    if link is None or link == st.session_state.get("sb_link_applied"):
        return
    st.session_state["sb_link_applied"] = link
    try:
        _start(*open_share(link))
        _say_setup("success", t("sandbox.link_opened", lang))
    except uno.ScenarioError as problem:
        _say_setup("error", error_text(problem, lang))


def _setup(lang: str, has_game: bool) -> None:
    with st.expander(t("sandbox.setup", lang), expanded=not has_game):
        count = st.number_input(
            t("sandbox.players", lang), min_value=2, max_value=10, value=3, step=1, key="sb_count"
        )
        name_cols = st.columns(min(int(count), 5))
        names = []
        for seat in range(int(count)):
            with name_cols[seat % len(name_cols)]:
                names.append(
                    st.text_input(
                        t("sandbox.name", lang, number=seat + 1),
                        value=t("sandbox.default_name", lang, number=seat + 1),
                        max_chars=40,
                        key=f"sb_name_{seat}",
                    )
                )
        preset = st.selectbox(
            t("sandbox.preset", lang),
            list(PRESETS),
            key="sb_preset",
            format_func=lambda p: t(f"sandbox.presets.{p}", lang),
        )
        base = PRESETS[preset]
        option_cols = st.columns(2)
        for i, option in enumerate(SWITCHES):
            with option_cols[i % 2]:
                st.checkbox(
                    t(f"sandbox.options.{option}", lang),
                    value=bool(getattr(base, option)),
                    key=f"sb_opt_{option}_{preset}",
                )
        st.radio(
            t("sandbox.options.uno_catch_window", lang),
            ["next_player", "own_next_turn"],
            horizontal=True,
            key=f"sb_window_{preset}",
            format_func=lambda w: t(f"sandbox.window.{w}", lang),
        )
        st.checkbox(
            t("sandbox.options.single_round", lang),
            value=base.target_score is None,
            key=f"sb_single_{preset}",
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
                key="sb_seed",
            )
            st.button(
                t("sandbox.deal", lang), key="sb_deal", type="primary", on_click=_deal, args=(lang,)
            )
        with build_tab:
            st.caption(t("sandbox.build_help", lang))
            for seat in range(int(count)):
                st.text_input(
                    t("sandbox.hand_of", lang, name=inert(names[seat]) or str(seat + 1)),
                    key=f"sb_hand_{seat}",
                    max_chars=MAX_CARDS_TEXT,
                )
            st.text_input(t("sandbox.top", lang), key="sb_top", max_chars=40)
            st.selectbox(
                t("sandbox.color", lang),
                ["", "R", "Y", "G", "B"],
                key="sb_color",
                format_func=lambda c: t(f"color.{c}", lang) if c else "—",
            )
            st.selectbox(
                t("sandbox.turn", lang),
                list(range(int(count))),
                key="sb_turn",
                format_func=lambda s: names[s] if s < len(names) else str(s),
            )
            st.radio(
                t("sandbox.direction", lang),
                [1, -1],
                horizontal=True,
                key="sb_direction",
                format_func=lambda d: t(f"sandbox.dir.{d}", lang),
            )
            st.text_input(t("sandbox.draw_pile", lang), key="sb_draw", max_chars=MAX_CARDS_TEXT)
            st.button(
                t("sandbox.build", lang),
                key="sb_build",
                type="primary",
                on_click=_build,
                args=(lang,),
            )
        with file_tab:
            upload = file_uploader(
                t("sandbox.upload", lang),
                lang,
                key="sb_upload",
                types=["json"],
                help=t("sandbox.upload_help", lang),
            )
            if upload is not None:
                st.button(t("sandbox.open", lang), key="sb_open", on_click=_open_file, args=(lang,))
    message = st.session_state.get(SETUP_MESSAGE)
    if message:
        getattr(st, message[0])(message[1])


def _seat_controls(state: GameState, lang: str) -> None:
    with st.expander(t("sandbox.seats", lang)):
        choices = [HUMAN, *uno.STRATEGIES]
        columns = st.columns(2)
        for seat in range(state.n_players):
            st.session_state.setdefault(f"sb_ctrl_{seat}", _controllers()[seat])
            columns[seat % 2].selectbox(
                inert(state.players[seat]),
                choices,
                key=f"sb_ctrl_{seat}",
                on_change=_controller_changed,
                args=(seat,),
                format_func=lambda c: (
                    t("sandbox.human", lang) if c == HUMAN else t(f"bot.{c}.name", lang)
                ),
            )
        left, right = st.columns(2)
        left.toggle(t("sandbox.hide", lang), key="sb_hide", on_change=_bump)
        paces = [0, 300, 700, 1500, -1]
        st.session_state.setdefault("sb_pause", bot_pause_ms() if bot_pause_ms() in paces else 700)
        right.selectbox(
            t("sandbox.pace", lang),
            paces,
            key="sb_pause",
            format_func=lambda ms: t(f"sandbox.paces.{'step' if ms < 0 else ms}", lang),
            on_change=_bump,
        )


def _view(state: GameState) -> TableView:
    """Whose hand lies at the bottom: the person whose turn it is, else the person who moved
    last, else the first person; with hidden hands only that hand is face up."""
    controllers = _controllers()
    people = [s for s in range(state.n_players) if controllers[s] == HUMAN]
    last = st.session_state.get(LAST_PERSON)
    if state.turn in people and not state.is_over:
        hand: int | None = state.turn
    elif isinstance(last, int) and last in people:
        hand = last
    else:
        hand = people[0] if people else None
    hide = bool(st.session_state.get("sb_hide"))
    return TableView(
        acting=frozenset(people),
        hand=hand,
        bots=tuple(None if c == HUMAN else c for c in controllers),
        face_up=frozenset() if hide else frozenset(range(state.n_players)),
    )


def _round_end(timeline: Timeline, lang: str) -> None:
    """The points breakdown from the engine's own scoring event (R-SCORE-1..3)."""
    state = timeline.current
    won = [e for e in timeline.story() if e.type == "round_won"]
    if not state.is_over or not won:
        return
    event = won[-1]
    names = _names(state)
    st.success(
        t(
            "sandbox.round_over",
            lang,
            name=names[event.seat],
            points=event.points,
            count=event.points,
        )
    )
    rows = [
        {
            t("sandbox.col_player", lang): state.players[seat],
            t("sandbox.col_cards", lang): ", ".join(card_label(c, lang) for c in state.hands[seat]),
            t("sandbox.col_points", lang): event.hand_points[seat],
            t("sandbox.col_total", lang): state.scores[seat],
        }
        for seat in range(state.n_players)
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    if state.phase is Phase.GAME_OVER:
        winners = join_words([names[s] for s in state.game_winners], lang)
        st.success(t("sandbox.game_over", lang, names=winners))
    elif state.phase is Phase.ROUND_OVER:
        st.button(
            t("sandbox.next_round", lang), key="sb_next_round", type="primary", on_click=_next_round
        )


def _history(timeline: Timeline, lang: str) -> None:
    """Undo and redo (between a person's decisions), one move back or forward, and the whole
    story in pages. (A slider would send its old value whenever its range grows.)"""
    nav = st.columns([1, 1, 1, 1, 1, 2])
    buttons = (
        ("start", "sandbox.restart", timeline.can_undo, ":material/first_page:"),
        ("undo", "sandbox.undo", timeline.can_undo, ":material/undo:"),
        ("redo", "sandbox.redo", timeline.can_redo, ":material/redo:"),
        ("back", "sandbox.step_back", timeline.can_undo, ":material/chevron_left:"),
        ("forward", "sandbox.step_forward", timeline.can_redo, ":material/chevron_right:"),
    )
    for column, (to, label, enabled, icon) in zip(nav, buttons, strict=False):
        column.button(
            t(label, lang),
            key=f"sb_{to}",
            disabled=not enabled,
            on_click=_travel,
            args=(to,),
            width="stretch",
            icon=icon,
        )
    nav[5].caption(t("sandbox.move_of", lang, index=timeline.index, total=len(timeline.states) - 1))
    lines = story_lines(timeline.story(), _names(timeline.current), lang)
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
                    key="sb_story_page",
                )
            )
        first = (page - 1) * STORY_PAGE
        shown = lines[first : first + STORY_PAGE]
        st.markdown("\n".join(f"{first + i}. {line}" for i, line in enumerate(shown, start=1)))


def _save(state: GameState, lang: str) -> None:
    with st.expander(t("sandbox.save", lang), icon=":material/share:"):
        left, right = st.columns(2)
        hide = left.checkbox(
            t("sandbox.share_hide", lang),
            value=bool(st.session_state.get("sb_hide")),
            key="sb_share_hide",
        )
        people = [s for s in range(state.n_players) if _controllers()[s] == HUMAN]
        viewer = right.selectbox(
            t("sandbox.share_viewer", lang),
            [None, *people],
            key="sb_share_viewer",
            format_func=lambda s: t("sandbox.share_any", lang) if s is None else state.players[s],
        )
        bots = {s: c for s, c in enumerate(_controllers()) if c != HUMAN}
        setup = TableSetup(bots, hide, viewer).to_dict()
        st.download_button(
            t("sandbox.download", lang),
            scenario_text(state, setup).encode("utf-8"),
            file_name="uno-scenario.json",
            mime="application/json",
            key="sb_download",
            on_click="ignore",
            icon=":material/download:",
        )
        code = encode_share(state, setup)
        base_url = str(getattr(st.context, "url", "") or "").split("?")[0] or "sandbox"
        st.caption(t("sandbox.share", lang))
        st.code(f"{base_url}?lang={lang}&s={code}", language=None)
        st.caption(t("sandbox.share_size", lang, count=len(code)))


def _game_area(lang: str) -> None:
    """The table, the end of a round, undo/redo and the story: redrawn alone after a move."""
    timeline = _timeline()
    state = timeline.current
    view = _view(state)
    waiting = _bots_waiting(state) and not timeline.full
    pause = _pause()
    message = _coach_message() or st.session_state.get(TABLE_MESSAGE)
    if timeline.full and _bots_waiting(state):
        message = Message("info", t("sandbox.timeline_full", lang, count=MAX_TIMELINE))
    story = story_lines(timeline.story(), _names(state), lang, view.hand)[-TABLE_STORY:]
    model = table_model(
        state,
        view,
        lang,
        names=list(state.players),
        story=story,
        message=message,
        version=int(st.session_state.get(VERSION, 0)),
        thinking=waiting and pause > 0,
    )
    show_table(
        model,
        key="sb_table",
        on_action=lambda text, version: _on_action(text, version, lang),
        on_tick=_on_tick,
        pause_ms=max(pause, 0),
    )
    if waiting and pause < 0:
        st.button(t("sandbox.step", lang), key="sb_step", on_click=_step_bot, type="primary")
    if not state.is_over and view.hand == state.turn and not waiting:
        st.button(
            t("coach.button", lang),
            key="sb_coach_btn",
            on_click=_ask_coach,
            args=(lang,),
            icon=":material/lightbulb:",
            help=t("coach.help", lang),
        )
    _round_end(timeline, lang)
    _history(timeline, lang)
    _save(state, lang)


def _ask_coach(lang: str) -> None:
    """ "What would a good player do?": the expert's search from what the seat to act knows
    (its hand, the pile, the public counts), in words at the hand of the table."""
    timeline = _timeline()
    state = timeline.current
    seat = _view(state).hand
    moves = coach.advice(state, seat, log=timeline.round_log()) if seat == state.turn else []
    text = coach.coach_text(moves, lang, list(state.players))
    st.session_state[COACH] = (int(st.session_state.get(VERSION, 0)), text)


def _coach_message() -> Message | None:
    """The coach's words while the table they answer is still the one shown."""
    asked = st.session_state.get(COACH)
    if isinstance(asked, tuple) and asked[0] == int(st.session_state.get(VERSION, 0)):
        return Message("info", str(asked[1]))
    return None


def _rules_line(state: GameState, lang: str) -> None:
    rules = state.rules
    on = [t(f"sandbox.options.{o}", lang) for o in SWITCHES if getattr(rules, o)]
    if rules.uno_catch_window != "next_player":
        on.append(t(f"sandbox.window.{rules.uno_catch_window}", lang))
    preset = t(f"sandbox.presets.{rules.preset}", lang)
    text = t("sandbox.rules_line", lang, preset=preset)
    if on:
        text += " · " + join_words(on, lang)
    st.caption(text)


def show_sandbox(lang: str) -> None:
    """The whole page below the frame."""
    _open_link(lang)
    st.title(t("nav.sandbox", lang))
    if TL not in st.session_state:
        st.write(t("sandbox.intro", lang))
        _setup(lang, has_game=False)
        st.info(t("sandbox.no_game", lang))
        return
    state = _timeline().current
    _rules_line(state, lang)
    st.fragment(_game_area)(lang)
    _seat_controls(state, lang)
    _setup(lang, has_game=True)
