"""What the sandbox's buttons and the table's taps do. Each runs before the page is drawn again
(a click runs the script once) and changes the match on the table through ``session``."""

from __future__ import annotations

from typing import Any

import streamlit as st

import uno
from uno.academy import coach
from uno.academy import review as reviews
from uno.academy.i18n import t
from uno.academy.match import Match
from uno.academy.sandbox import build_scenario, open_match
from uno.academy.table import refusal_words
from uno.academy.table_setup import TableSetup
from uno.history import NEXT_ROUND
from uno.rules import DEFAULT_TARGET, PRESETS, SWITCHES
from uno.scenario import MAX_SCENARIO_BYTES
from uno.setup import check_names
from uno.state import GameState
from uno.ui.review import parts as review
from uno.ui.sandbox import keys, session
from uno.ui.sandbox.words import error_text
from uno.ui.words import inert

__all__ = [
    "ask_coach",
    "ask_review",
    "back_to_game",
    "build",
    "controller_changed",
    "deal",
    "next_round",
    "on_action",
    "on_tick",
    "on_tool",
    "open_file",
    "open_link",
    "show_page",
    "step_bot",
    "travel",
    "try_again",
]


def _rules() -> dict[str, Any]:
    preset = st.session_state.get(keys.PRESET, "official")
    base = PRESETS.get(preset, PRESETS["official"])
    chosen: dict[str, Any] = {
        option: bool(st.session_state.get(keys.option(option, preset), getattr(base, option)))
        for option in SWITCHES
    }
    chosen["uno_catch_window"] = st.session_state.get(keys.window(preset), base.uno_catch_window)
    single = st.session_state.get(keys.single(preset), base.target_score is None)
    chosen["target_score"] = None if single else DEFAULT_TARGET
    return {"preset": preset, **chosen}


def typed_names(lang: str) -> list[str]:
    """The names typed in the setup (their default until changed)."""
    count = int(st.session_state.get(keys.COUNT, 3))
    return [
        str(st.session_state.get(keys.name(seat), t("sandbox.default_name", lang, number=seat + 1)))
        for seat in range(count)
    ]


def deal(lang: str) -> None:
    seed = int(st.session_state.get(keys.SEED, 1))
    try:
        state = uno.new_game(check_names(typed_names(lang)), rules=_rules(), seed=seed)
    except uno.ScenarioError as problem:
        typed = [inert(n) for n in typed_names(lang)]
        session.say_setup("error", error_text(problem, lang, typed))
        return
    session.start(Match.new(state))
    session.say_setup("success", t("sandbox.dealt", lang, seed=seed))


def build(lang: str) -> None:
    names = typed_names(lang)
    get = st.session_state.get
    try:
        state = build_scenario(
            check_names(names),
            [str(get(keys.hand(seat), "")) for seat in range(len(names))],
            str(get(keys.TOP, "")),
            color=get(keys.COLOR) or None,
            turn=int(get(keys.TURN, 0) or 0),
            direction=int(get(keys.DIRECTION, 1)),
            draw_pile=str(get(keys.DRAW, "")),
            rules=_rules(),
            seed=int(get(keys.SEED, 1)),
        )
    except uno.ScenarioError as problem:
        session.say_setup("error", error_text(problem, lang, [inert(name) for name in names]))
        return
    chosen = [
        str(get(keys.build_seat(seat), session.default_seat(seat))) for seat in range(len(names))
    ]
    seats = [None if c == session.HUMAN or c not in uno.STRATEGIES else c for c in chosen]
    session.start(Match.new(state), chosen=seats)
    session.say_setup("success", t("sandbox.built", lang))


def open_file(lang: str) -> None:
    upload = st.session_state.get(keys.UPLOAD)
    if upload is None:
        return
    data = upload.getvalue()
    try:
        if len(data) > MAX_SCENARIO_BYTES:
            raise uno.ScenarioError("too_large", "file", len(data), "file too large")
        session.start(*open_match(data))
    except uno.ScenarioError as problem:
        session.say_setup("error", error_text(problem, lang))
        return
    session.say_setup("success", t("sandbox.opened", lang))


def open_link(lang: str) -> None:
    """A game from a share link (``?s=...``), at the step it shows, once per link."""
    from uno.academy.sandbox import share_data

    link = st.query_params.get("s")
    if link is None or link == st.session_state.get(keys.LINK_APPLIED):
        return
    st.session_state[keys.LINK_APPLIED] = link
    try:
        session.start(*open_match(share_data(link)))
    except uno.ScenarioError as problem:
        session.say_setup("error", error_text(problem, lang))
        return
    session.say_setup("success", t("sandbox.link_opened", lang))


def on_action(text: str, version: int, lang: str) -> None:
    """A move sent by the table, made by the match for the seat it names: checked against the
    table shown, the seats a person plays and the rules; a refusal is explained at the hand
    and changes nothing."""
    match = session.match()
    if text.strip().lower() == NEXT_ROUND:  # the table's "Next round", after a scored round
        dealt = match.next_round(version=version)
        if dealt is not match:
            session.set_match(dealt)
            session.play_bots_now()
        return
    _, acted = match.tap(text, version=version)
    if not isinstance(acted, Match):
        session.refuse(refusal_words(acted, lang))
        return
    session.set_match(acted)
    session.play_bots_now()


def on_tick(version: int) -> None:
    """The table waited its pause: the next computer move, if the table is still the one shown."""
    match = session.match()
    moved = match.step_bots(1, version=version)
    if moved is not match:
        session.set_match(moved, session.table_message())


def step_bot() -> None:
    session.set_match(session.match().step_bots(1))


def controller_changed(seat: int) -> None:
    match = session.match()
    chosen = str(st.session_state[keys.controller(seat)])
    seats = list(match.seats)
    seats[seat] = None if chosen == session.HUMAN else chosen
    session.set_match(match.with_seats(seats))
    session.play_bots_now()


def next_round() -> None:
    session.set_match(session.match().next_round())
    session.play_bots_now()


def travel(to: str) -> None:
    """A button of the history: the start, undo, redo, one move back or forward."""
    match = session.match()
    if to == "undo":
        moved = match.undo()
    elif to == "redo":
        moved = match.redo()
    else:
        moved = match.goto({"start": 0, "back": match.index - 1}.get(to, match.index + 1))
    session.set_match(moved)


def show_page() -> None:
    """The table's menu: the page, its settings and its menu come back (the table stays)."""
    session.set_playing(False)


def back_to_game() -> None:
    """The page folds away again: the table is the game screen."""
    session.set_playing(True)


def on_tool(tool: str, lang: str, seat: int | None) -> None:
    """A button of the table that is not a move: the coach, the computer players' next step."""
    if tool == "coach":
        ask_coach(lang, seat)
    elif tool == "step":
        step_bot()
    elif tool == "review":
        ask_review()


def ask_review() -> None:
    """ "Review my round": the round shown, for the seat of the person who played it."""
    request = review_request(session.match())
    if request is not None:
        review.ask(keys.REVIEW, request)


def review_request(match: Match) -> reviews.Request | None:
    """The review of the round the table shows (None when no person played in it)."""
    seat = reviews.review_seat(match)
    round = None if seat is None else reviews.round_of(match, seat)
    return None if round is None else reviews.Request.of(round)


def try_again(state: GameState, setup: TableSetup) -> None:
    """ "Try again from here": the moment on the table, as its seat saw it."""
    review.close(keys.REVIEW)
    session.start(Match.new(state), setup)


def ask_coach(lang: str, seat: int | None) -> None:
    """ "What would a good player do?": the expert's search from what the seat to act knows
    (its hand, the pile, the public counts), in words at the hand of the table."""
    match = session.match()
    state = match.state
    moves = coach.advice(state, seat, log=match.round_log()) if seat == state.turn else []
    text = coach.coach_text(moves, lang, list(state.players))
    st.session_state[keys.COACH] = (match, text)  # for as long as this match is shown
