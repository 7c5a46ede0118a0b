"""Sandbox: set up any situation, see what is legal and why, play it out against bots, undo,
save and share it. Everything judged by the engine; this page only reads widgets and draws."""

from __future__ import annotations

import random

import streamlit as st

import uno
from uno.academy.i18n import t
from uno.academy.sandbox import (
    Timeline,
    build_scenario,
    decode_share,
    encode_share,
    md_escape,
    next_bot_action,
)
from uno.rules import PRESETS, SWITCHES
from uno.scenario import MAX_SCENARIO_BYTES, dumps_scenario
from uno.setup import check_names
from uno.ui.frame import frame
from uno.ui.sandbox_view import (
    error_text,
    refusal_text,
    show_board,
    show_round_end,
    show_story,
)

lang = frame("sandbox")
TL = "sb_timeline"
CONTROLLERS = "sb_controllers"
MESSAGE = "sb_message"
MAX_BOT_MOVES = 500
OPTIONS = SWITCHES


def start(state: uno.GameState) -> None:
    st.session_state[TL] = Timeline.start(state)
    previous = st.session_state.get(CONTROLLERS, [])
    st.session_state[CONTROLLERS] = [
        previous[i] if i < len(previous) else "human" for i in range(state.n_players)
    ]
    st.session_state["sb_rng"] = random.Random(state.seed)
    st.session_state[MESSAGE] = None


def say(kind: str, text: str) -> None:
    st.session_state[MESSAGE] = (kind, text)


def act(action: uno.Action | str) -> bool:
    """Apply one action to the state shown; a refusal is explained and changes nothing."""
    timeline: Timeline = st.session_state[TL]
    try:
        state, events = uno.apply(timeline.current, action)
    except uno.IllegalAction as refusal:
        say("error", refusal_text(refusal, lang))
        return False
    except uno.NotationError:
        say("error", t("sandbox.bad_action", lang))
        return False
    st.session_state[TL] = timeline.push(state, events)
    st.session_state[MESSAGE] = None
    return True


# -- a situation from a share link (?s=...) --------------------------------------------------
link = st.query_params.get("s")
if link is not None and link != st.session_state.get("sb_link_applied"):
    st.session_state["sb_link_applied"] = link
    try:
        start(decode_share(link))
        say("success", t("sandbox.link_opened", lang))
    except uno.ScenarioError as problem:
        say("error", error_text(problem, lang))

st.title(t("nav.sandbox", lang))
st.write(t("sandbox.intro", lang))

# -- setting up ------------------------------------------------------------------------------
has_game = TL in st.session_state
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
    option_cols = st.columns(3)
    chosen: dict[str, object] = {}
    for i, option in enumerate(OPTIONS):
        with option_cols[i % 3]:
            chosen[option] = st.checkbox(
                t(f"sandbox.options.{option}", lang),
                value=bool(getattr(base, option)),
                key=f"sb_opt_{option}_{preset}",
            )
    window = st.radio(
        t("sandbox.options.uno_catch_window", lang),
        ["next_player", "own_next_turn"],
        horizontal=True,
        key=f"sb_window_{preset}",
        format_func=lambda w: t(f"sandbox.window.{w}", lang),
    )
    single = st.checkbox(
        t("sandbox.options.single_round", lang),
        value=base.target_score is None,
        key=f"sb_single_{preset}",
    )
    chosen["uno_catch_window"] = window
    chosen["target_score"] = None if single else 500
    rules = {"preset": preset, **chosen}

    deal_tab, build_tab, file_tab = st.tabs(
        [t("sandbox.deal_tab", lang), t("sandbox.build_tab", lang), t("sandbox.file_tab", lang)]
    )
    with deal_tab:
        seed = st.number_input(
            t("sandbox.seed", lang),
            min_value=0,
            max_value=2**31 - 1,
            value=1,
            step=1,
            key="sb_seed",
        )
        if st.button(t("sandbox.deal", lang), key="sb_deal", type="primary"):
            try:
                start(uno.new_game(check_names(names), rules=rules, seed=int(seed)))
                say("success", t("sandbox.dealt", lang, seed=int(seed)))
            except uno.ScenarioError as problem:
                say("error", error_text(problem, lang))
    with build_tab:
        st.caption(t("sandbox.build_help", lang))
        hands = [
            st.text_input(
                t("sandbox.hand_of", lang, name=names[seat] or str(seat + 1)), key=f"sb_hand_{seat}"
            )
            for seat in range(int(count))
        ]
        top = st.text_input(t("sandbox.top", lang), key="sb_top")
        color = st.selectbox(
            t("sandbox.color", lang),
            ["", "R", "Y", "G", "B"],
            key="sb_color",
            format_func=lambda c: t(f"color.{c}", lang) if c else "—",
        )
        turn = st.selectbox(
            t("sandbox.turn", lang),
            list(range(int(count))),
            key="sb_turn",
            format_func=lambda s: names[s] if s < len(names) else str(s),
        )
        direction = st.radio(
            t("sandbox.direction", lang),
            [1, -1],
            horizontal=True,
            key="sb_direction",
            format_func=lambda d: t(f"sandbox.dir.{d}", lang),
        )
        draw = st.text_input(t("sandbox.draw_pile", lang), key="sb_draw")
        if st.button(t("sandbox.build", lang), key="sb_build", type="primary"):
            try:
                start(
                    build_scenario(
                        check_names(names),
                        hands,
                        top,
                        color=color or None,
                        turn=int(turn),
                        direction=int(direction),
                        draw_pile=draw,
                        rules=rules,
                        seed=int(seed),
                    )
                )
                say("success", t("sandbox.built", lang))
            except uno.ScenarioError as problem:
                say("error", error_text(problem, lang))
    with file_tab:
        upload = st.file_uploader(t("sandbox.upload", lang), type=["json"], key="sb_upload")
        if upload is not None and st.button(t("sandbox.open", lang), key="sb_open"):
            data = upload.getvalue()
            try:
                if len(data) > MAX_SCENARIO_BYTES:
                    raise uno.ScenarioError("too_large", "file", len(data), "file too large")
                start(uno.load_scenario(data))
                say("success", t("sandbox.opened", lang))
            except uno.ScenarioError as problem:
                say("error", error_text(problem, lang))

message = st.session_state.get(MESSAGE)
if message:
    getattr(st, message[0])(message[1])

if TL not in st.session_state:
    st.info(t("sandbox.no_game", lang))
    st.stop()

timeline: Timeline = st.session_state[TL]
state = timeline.current
controllers: list[str] = st.session_state[CONTROLLERS]

# -- who plays each seat ---------------------------------------------------------------------
with st.expander(t("sandbox.seats", lang)):
    choices = ["human", *uno.STRATEGIES]
    for seat in range(state.n_players):
        controllers[seat] = st.selectbox(
            md_escape(state.players[seat]),
            choices,
            index=choices.index(controllers[seat]),
            key=f"sb_ctrl_{seat}",
            format_func=lambda c: (
                t("sandbox.human", lang) if c == "human" else t(f"bot.{c}.name", lang)
            ),
        )
    hide = st.toggle(t("sandbox.hide", lang), key="sb_hide")

# -- the board -------------------------------------------------------------------------------
chosen_action = show_board(state, lang, controllers, hide=bool(st.session_state.get("sb_hide")))
if chosen_action is not None:
    act(chosen_action)  # a refusal is kept as the message shown after the rerun
    st.rerun()

# -- computer players ------------------------------------------------------------------------
bot_cols = st.columns(2)
with bot_cols[0]:
    if st.button(t("sandbox.step", lang), key="sb_step", use_container_width=True):
        action = next_bot_action(state, controllers, st.session_state["sb_rng"])
        if action is None:
            say("info", t("sandbox.waiting_human", lang))
        else:
            act(action)
        st.rerun()
with bot_cols[1]:
    if st.button(t("sandbox.until_human", lang), key="sb_until", use_container_width=True):
        moves = 0
        while moves < MAX_BOT_MOVES:
            current: Timeline = st.session_state[TL]
            action = next_bot_action(current.current, controllers, st.session_state["sb_rng"])
            if action is None or not act(action):
                break
            moves += 1
        say("info", t("sandbox.bot_moves", lang, count=moves))
        st.rerun()

# -- the end of a round ----------------------------------------------------------------------
if state.is_over:
    show_round_end(timeline, lang)
    if state.phase is uno.Phase.ROUND_OVER and st.button(
        t("sandbox.next_round", lang), key="sb_next_round", type="primary"
    ):
        st.session_state[TL] = timeline.push(uno.next_round(state), [])
        st.rerun()

# -- story, undo and redo --------------------------------------------------------------------
st.subheader(t("sandbox.story", lang))
nav = st.columns(4)
if nav[0].button(t("sandbox.restart", lang), key="sb_restart", disabled=not timeline.can_undo):
    st.session_state[TL] = timeline.goto(0)
    st.rerun()
if nav[1].button(t("sandbox.undo", lang), key="sb_undo", disabled=not timeline.can_undo):
    st.session_state[TL] = timeline.undo()
    st.rerun()
if nav[2].button(t("sandbox.redo", lang), key="sb_redo", disabled=not timeline.can_redo):
    st.session_state[TL] = timeline.redo()
    st.rerun()
nav[3].caption(t("sandbox.move_of", lang, index=timeline.index, total=len(timeline.states) - 1))
if len(timeline.states) > 1:
    target = st.slider(
        t("sandbox.goto", lang),
        0,
        len(timeline.states) - 1,
        timeline.index,
        key=f"sb_goto_{len(timeline.states)}_{timeline.index}",
    )
    if target != timeline.index:
        st.session_state[TL] = timeline.goto(target)
        st.rerun()
show_story(timeline, lang)

# -- save and share --------------------------------------------------------------------------
st.subheader(t("sandbox.save", lang))
st.download_button(
    t("sandbox.download", lang),
    dumps_scenario(state).encode("utf-8"),
    file_name="uno-scenario.json",
    mime="application/json",
    key="sb_download",
)
code = encode_share(state)
base_url = str(getattr(st.context, "url", "") or "").split("?")[0] or "sandbox"
st.caption(t("sandbox.share", lang))
st.code(f"{base_url}?lang={lang}&s={code}", language=None)
st.caption(t("sandbox.share_size", lang, count=len(code)))
