"""The sandbox page: set up any situation, see what is legal and why, play it out against
computer players, undo, save and share it.

Every change happens in a widget callback (so a click runs the script once) on the timeline
kept in the session (``uno.academy.sandbox.Timeline``); the engine judges every move
(``uno.play_action``, ``uno.apply``) and drives the computer players (``uno.bots``). Each
message is kept for the part of the page where the click was, and shown there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import pandas as pd
import streamlit as st

import uno
from uno.academy.i18n import card_label, join_words, t
from uno.academy.lessons import lesson_for_rule
from uno.academy.sandbox import Timeline, build_scenario, decode_share, encode_share, story_line
from uno.actions import Action
from uno.bots import next_bot_move, play_bots
from uno.cards import Card, Color
from uno.rules import DEFAULT_TARGET, PRESETS, SWITCHES
from uno.scenario import MAX_SCENARIO_BYTES, dumps_scenario
from uno.setup import check_names
from uno.state import GameState, Phase
from uno.ui.cards import color_badge_html, show_cards
from uno.ui.words import inert

__all__ = ["error_text", "refusal_text", "show_sandbox", "story_lines"]

TL: Final = "sb_timeline"
CONTROLLERS: Final = "sb_controllers"
MESSAGES: Final = "sb_messages"
#: Where a message is shown: under the setup, at the board, under the computer's buttons.
SETUP, BOARD, BOTS = "setup", "board", "bots"
HUMAN: Final = "human"


# -- words -----------------------------------------------------------------------------------


def refusal_text(refusal: uno.IllegalAction, lang: str) -> str:
    """The engine's reason in the reader's words, with the ruling and its lesson."""
    text = t(f"reason.{refusal.reason}", lang)
    anchor = refusal.rule.lower()
    links = [f"[{t('lessons.rule', lang, id=refusal.rule)}](reference?lang={lang}#{anchor})"]
    number = lesson_for_rule(refusal.rule)
    if number is not None:
        links.append(
            f"[{t('sandbox.see_lesson', lang, number=number)}](lessons?lang={lang}&lesson={number})"
        )
    return f"{text}  \n" + " · ".join(links)


def error_text(problem: uno.ScenarioError, lang: str) -> str:
    """A scenario or link problem in the reader's words; the bad field and value shown inert."""
    field = inert(problem.field, limit=60)
    value = inert(problem.value, limit=40)
    try:
        return t(f"scenario_error.{problem.code}", lang, field=field, value=value)
    except KeyError:
        return t("scenario_error.wrong_phase", lang, field=field, value=value)


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Color):
        return t(f"color.{value.name}", lang)
    return value


def story_lines(events: Sequence[uno.Event], names: Sequence[str], lang: str) -> list[str]:
    """Each event worded in the reader's language (``names`` already made inert)."""
    lines = []
    for event in events:
        line = story_line(event, names)
        if line is None:
            continue
        key, values = line
        lines.append(t(key, lang, **{k: _word(v, lang) for k, v in values.items()}))
    return lines


def _names(state: GameState) -> list[str]:
    return [inert(name) for name in state.players]


# -- the session: the timeline, who plays each seat, messages --------------------------------


def _say(slot: str, kind: str, text: str) -> None:
    st.session_state[MESSAGES] = {slot: (kind, text)}


def _show_message(slot: str) -> None:
    message = st.session_state.get(MESSAGES, {}).get(slot)
    if message:
        getattr(st, message[0])(message[1])


def _start(state: GameState) -> None:
    st.session_state[TL] = Timeline.start(state)
    previous = st.session_state.get(CONTROLLERS, [])
    st.session_state[CONTROLLERS] = [
        previous[i] if i < len(previous) else HUMAN for i in range(state.n_players)
    ]
    for seat in range(state.n_players):
        st.session_state[f"sb_ctrl_{seat}"] = st.session_state[CONTROLLERS][seat]
    st.session_state.pop(MESSAGES, None)


def _seats(controllers: Sequence[str]) -> list[uno.Strategy | None]:
    return [None if c == HUMAN else uno.make_strategy(c) for c in controllers]


def _apply(action: Action, slot: str, lang: str) -> bool:
    """Apply one action to the state shown; a refusal is explained and changes nothing."""
    timeline: Timeline = st.session_state[TL]
    try:
        state, events = uno.apply(timeline.current, action)
    except uno.IllegalAction as refusal:
        _say(slot, "error", refusal_text(refusal, lang))
        return False
    st.session_state[TL] = timeline.push(state, events)
    st.session_state.pop(MESSAGES, None)
    return True


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
        _say(SETUP, "success", t("sandbox.dealt", lang, seed=seed))
    except uno.ScenarioError as problem:
        _say(SETUP, "error", error_text(problem, lang))


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
        _say(SETUP, "success", t("sandbox.built", lang))
    except uno.ScenarioError as problem:
        _say(SETUP, "error", error_text(problem, lang))


def _open_file(lang: str) -> None:
    upload = st.session_state.get("sb_upload")
    if upload is None:
        return
    data = upload.getvalue()
    try:
        if len(data) > MAX_SCENARIO_BYTES:
            raise uno.ScenarioError("too_large", "file", len(data), "file too large")
        _start(uno.load_scenario(data))
        _say(SETUP, "success", t("sandbox.opened", lang))
    except uno.ScenarioError as problem:
        _say(SETUP, "error", error_text(problem, lang))


def _tap(seat: int, card: Card, lang: str) -> None:
    """A card's button: the one action it means (``uno.play_action``), with the colour, the
    7-0 seat and "Uno" chosen beside the hand."""
    state = st.session_state[TL].current
    get = st.session_state.get
    try:
        action = uno.play_action(
            state,
            seat,
            card,
            color=get("sb_wild_color") or "R",
            target=get("sb_swap"),
            say_uno=bool(get("sb_say_uno")),
        )
    except uno.IllegalAction as refusal:
        _say(BOARD, "error", refusal_text(refusal, lang))
        return
    _apply(action, BOARD, lang)


def _act(action: Action, lang: str) -> None:
    _apply(action, BOARD, lang)


def _controller_changed(seat: int) -> None:
    st.session_state[CONTROLLERS][seat] = st.session_state[f"sb_ctrl_{seat}"]


def _bot_step(lang: str) -> None:
    state = st.session_state[TL].current
    action = next_bot_move(state, _seats(st.session_state[CONTROLLERS]))
    if action is None:
        _say(BOTS, "info", t("sandbox.waiting_human", lang))
    else:
        _apply(action, BOTS, lang)


def _bots_until_human(lang: str) -> None:
    timeline: Timeline = st.session_state[TL]
    moves = play_bots(timeline.current, _seats(st.session_state[CONTROLLERS]))
    for move in moves:
        timeline = timeline.push(move.state, move.events)
    st.session_state[TL] = timeline
    _say(BOTS, "info", t("sandbox.bot_moves", lang, count=len(moves)))


def _next_round() -> None:
    timeline: Timeline = st.session_state[TL]
    st.session_state[TL] = timeline.push(uno.next_round(timeline.current), [])
    st.session_state.pop(MESSAGES, None)


def _travel(to: str) -> None:
    timeline: Timeline = st.session_state[TL]
    moved = {"start": timeline.goto(0), "undo": timeline.undo(), "redo": timeline.redo()}[to]
    st.session_state[TL] = moved
    st.session_state.pop(MESSAGES, None)


def _goto(key: str) -> None:
    st.session_state[TL] = st.session_state[TL].goto(int(st.session_state[key]))
    st.session_state.pop(MESSAGES, None)


# -- drawing ---------------------------------------------------------------------------------


def _open_link(lang: str) -> None:
    """A situation from a share link (``?s=...``), once per link."""
    link = st.query_params.get("s")
    if link is None or link == st.session_state.get("sb_link_applied"):
        return
    st.session_state["sb_link_applied"] = link
    try:
        _start(decode_share(link))
        _say(SETUP, "success", t("sandbox.link_opened", lang))
    except uno.ScenarioError as problem:
        _say(SETUP, "error", error_text(problem, lang))


def _setup(lang: str) -> None:
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
        for i, option in enumerate(SWITCHES):
            with option_cols[i % 3]:
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
                )
            st.text_input(t("sandbox.top", lang), key="sb_top")
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
            st.text_input(t("sandbox.draw_pile", lang), key="sb_draw")
            st.button(
                t("sandbox.build", lang),
                key="sb_build",
                type="primary",
                on_click=_build,
                args=(lang,),
            )
        with file_tab:
            upload = st.file_uploader(t("sandbox.upload", lang), type=["json"], key="sb_upload")
            if upload is not None:
                st.button(t("sandbox.open", lang), key="sb_open", on_click=_open_file, args=(lang,))
    _show_message(SETUP)


def _seat_controls(state: GameState, lang: str) -> None:
    controllers: list[str] = st.session_state[CONTROLLERS]
    with st.expander(t("sandbox.seats", lang)):
        choices = [HUMAN, *uno.STRATEGIES]
        for seat in range(state.n_players):
            st.session_state.setdefault(f"sb_ctrl_{seat}", controllers[seat])
            st.selectbox(
                inert(state.players[seat]),
                choices,
                key=f"sb_ctrl_{seat}",
                on_change=_controller_changed,
                args=(seat,),
                format_func=lambda c: (
                    t("sandbox.human", lang) if c == HUMAN else t(f"bot.{c}.name", lang)
                ),
            )
        st.toggle(t("sandbox.hide", lang), key="sb_hide")


def _status(state: GameState, names: list[str], lang: str) -> None:
    left, right = st.columns([1, 3])
    with left:
        st.caption(t("lessons.top_card", lang))
        named = state.current_color if state.top.is_wild else None
        show_cards([state.top], lang, size="lg", named=named, caption=True)
        if state.current_color is not None:
            st.html(color_badge_html(state.current_color, lang))
    with right:
        turn = names[state.turn]
        if state.phase is Phase.PLAY and state.pending_draw and not state.is_over:
            waiting = t("phase.pending", lang, name=turn, count=state.pending_draw)
        else:
            waiting = t(f"phase.{state.phase}", lang, name=turn)
        st.markdown(f"**{waiting}**")
        arrow = t("sandbox.dir.1" if state.direction == 1 else "sandbox.dir.-1", lang)
        st.caption(
            t("sandbox.status", lang, pile=len(state.draw_pile), direction=arrow)
            + "  \n"
            + " · ".join(f"{n}: {s}" for n, s in zip(names, state.scores, strict=True))
        )
        if state.rules.house_rules_on():
            st.caption(t("sandbox.house_rules", lang, ids=", ".join(state.rules.house_rules_on())))


def _hand_options(state: GameState, lang: str) -> None:
    """What a tap on a card needs beside the card: a wild's colour, a 7's seat, "Uno"."""
    hand = state.hands[state.turn]
    options = st.columns(3)
    if any(c.is_wild for c in hand):
        options[0].selectbox(
            t("lessons.wild_color", lang),
            [c.name for c in Color],
            key="sb_wild_color",
            format_func=lambda code: t(f"color.{code}", lang),
        )
    if state.rules.seven_zero and any(c.number == 7 for c in hand) and len(hand) > 1:
        others = [s for s in range(state.n_players) if s != state.turn]
        options[1].selectbox(
            t("sandbox.swap_with", lang),
            others,
            key="sb_swap",
            format_func=lambda s: state.players[s],
        )
    if len(hand) <= 3:
        options[2].checkbox(t("sandbox.say_uno", lang), key="sb_say_uno")


def _other_moves(
    state: GameState, controllers: Sequence[str], names: list[str], lang: str
) -> list[tuple[str, Action]]:
    """The moves other than playing a card on one's turn, exactly when the engine allows them."""
    legal = uno.legal_actions(state)
    extra: list[tuple[str, Action]] = []
    for action in legal:
        if controllers[action.seat] != HUMAN:
            continue
        if action.verb in ("draw", "pass", "challenge", "accept"):
            extra.append((t(f"sandbox.verb.{action.verb}", lang), action))
        elif action.verb == "uno":
            extra.append((t("sandbox.verb.uno", lang, name=names[action.seat]), action))
    humans = [s for s in range(state.n_players) if controllers[s] == HUMAN]
    for exposed in state.uno_exposed:
        catcher = next((s for s in humans if s != exposed), None)
        if catcher is not None:
            label = t("lessons.catch", lang, name=names[exposed])
            extra.append((label, Action(catcher, "catch", target=exposed)))
    jumpers: set[int] = set()
    for action in legal:
        if (
            action.verb == "jump"
            and controllers[action.seat] == HUMAN
            and action.seat not in jumpers
            and not action.uno
            and action.card is not None
        ):
            jumpers.add(action.seat)
            card = card_label(action.card, lang)
            extra.append((t("sandbox.verb.jump", lang, name=names[action.seat], card=card), action))
    return extra


def _board(state: GameState, lang: str) -> None:
    controllers: list[str] = st.session_state[CONTROLLERS]
    hide = bool(st.session_state.get("sb_hide"))
    names = _names(state)
    _status(state, names, lang)
    turn = state.turn
    human_turn = controllers[turn] == HUMAN and not state.is_over
    playable = set(uno.playable_cards(state)) if human_turn else set()
    if human_turn and state.phase in (Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE):
        _hand_options(state, lang)
    for seat in range(state.n_players):
        cards = sorted(state.hands[seat])
        mark = " ◀" if seat == turn and not state.is_over else ""
        who = (
            t("sandbox.human", lang)
            if controllers[seat] == HUMAN
            else t(f"bot.{controllers[seat]}.name", lang)
        )
        st.markdown(
            f"**{names[seat]}**{mark} · {who} · "
            + t("lessons.cards_left", lang, name="", count=len(cards)).lstrip(" :")
        )
        if hide and not (seat == turn and controllers[seat] == HUMAN):
            show_cards([None] * len(cards), lang, size="sm")
            continue
        if seat == turn and human_turn:
            show_cards(
                cards,
                lang,
                size="md",
                caption=True,
                states=["playable" if c in playable else "unplayable" for c in cards],
            )
            distinct = sorted(set(cards))
            buttons = st.columns(min(max(len(distinct), 1), 8))
            for i, card in enumerate(distinct):
                buttons[i % len(buttons)].button(
                    card_label(card, lang),
                    key=f"sb_card_{seat}_{card}",
                    width="stretch",
                    on_click=_tap,
                    args=(seat, card, lang),
                )
        else:
            show_cards(cards, lang, size="sm", caption=False)
    extra = _other_moves(state, controllers, names, lang)
    if extra:
        columns = st.columns(min(len(extra), 5))
        for i, (label, action) in enumerate(extra):
            columns[i % len(columns)].button(
                label, key=f"sb_act_{action}", width="stretch", on_click=_act, args=(action, lang)
            )
    _show_message(BOARD)


def _computer(lang: str) -> None:
    left, right = st.columns(2)
    left.button(
        t("sandbox.step", lang), key="sb_step", width="stretch", on_click=_bot_step, args=(lang,)
    )
    right.button(
        t("sandbox.until_human", lang),
        key="sb_until",
        width="stretch",
        on_click=_bots_until_human,
        args=(lang,),
    )
    _show_message(BOTS)


def _round_end(timeline: Timeline, lang: str) -> None:
    """The points breakdown from the engine's own scoring event (R-SCORE-1..3)."""
    state = timeline.current
    won = [e for e in timeline.story() if e.type == "round_won"]
    if not state.is_over or not won:
        return
    event = won[-1]
    names = _names(state)
    st.success(t("sandbox.round_over", lang, name=names[event.seat], points=event.points))
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
        st.balloons()
        st.success(t("sandbox.game_over", lang, names=winners))
    elif state.phase is Phase.ROUND_OVER:
        st.button(
            t("sandbox.next_round", lang), key="sb_next_round", type="primary", on_click=_next_round
        )


def _story(timeline: Timeline, lang: str) -> None:
    st.subheader(t("sandbox.story", lang))
    nav = st.columns(4)
    nav[0].button(
        t("sandbox.restart", lang),
        key="sb_restart",
        disabled=not timeline.can_undo,
        on_click=_travel,
        args=("start",),
    )
    nav[1].button(
        t("sandbox.undo", lang),
        key="sb_undo",
        disabled=not timeline.can_undo,
        on_click=_travel,
        args=("undo",),
    )
    nav[2].button(
        t("sandbox.redo", lang),
        key="sb_redo",
        disabled=not timeline.can_redo,
        on_click=_travel,
        args=("redo",),
    )
    nav[3].caption(t("sandbox.move_of", lang, index=timeline.index, total=len(timeline.states) - 1))
    if len(timeline.states) > 1:
        key = f"sb_goto_{len(timeline.states)}_{timeline.index}"
        st.slider(
            t("sandbox.goto", lang),
            0,
            len(timeline.states) - 1,
            timeline.index,
            key=key,
            on_change=_goto,
            args=(key,),
        )
    lines = story_lines(timeline.story(), _names(timeline.current), lang)
    if not lines:
        st.caption(t("sandbox.story_empty", lang))
        return
    st.markdown("\n".join(f"- {line}" for line in lines[-12:]))
    if len(lines) > 12:
        with st.expander(t("sandbox.story_all", lang, count=len(lines))):
            st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)))


def _save(state: GameState, lang: str) -> None:
    st.subheader(t("sandbox.save", lang))
    st.download_button(
        t("sandbox.download", lang),
        dumps_scenario(state).encode("utf-8"),
        file_name="uno-scenario.json",
        mime="application/json",
        key="sb_download",
        on_click="ignore",
    )
    code = encode_share(state)
    base_url = str(getattr(st.context, "url", "") or "").split("?")[0] or "sandbox"
    st.caption(t("sandbox.share", lang))
    st.code(f"{base_url}?lang={lang}&s={code}", language=None)
    st.caption(t("sandbox.share_size", lang, count=len(code)))


def show_sandbox(lang: str) -> None:
    """The whole page below the frame."""
    _open_link(lang)
    st.title(t("nav.sandbox", lang))
    st.write(t("sandbox.intro", lang))
    _setup(lang)
    if TL not in st.session_state:
        st.info(t("sandbox.no_game", lang))
        return
    timeline: Timeline = st.session_state[TL]
    state = timeline.current
    _seat_controls(state, lang)
    _board(state, lang)
    _computer(lang)
    _round_end(timeline, lang)
    _story(timeline, lang)
    _save(state, lang)
