"""The classroom page: Uno for children on one screen. Play a round against friendly computer
players, or pass one device around (the hands are hidden between turns). The game is played on
the table (``uno.ui.table``) with its children's size: big cards, short sentences, a hint
button, a tip the first time a rule comes up. Every decision is the engine's
(``uno.academy.classroom``); this view reads taps (callbacks) and draws."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Final

import streamlit as st

import uno
from uno.academy import classroom, coach
from uno.academy.classroom import DECKS, FRIENDLY, SHAPE_GLYPH, Game
from uno.academy.i18n import card_label, t
from uno.academy.lessons import lesson_text, lessons
from uno.academy.table import Message, TableView, refusal_message, table_model
from uno.cards import Card, Color
from uno.setup import MAX_NAME_LENGTH, check_names
from uno.state import GameState, Phase
from uno.ui.cards import show_cards
from uno.ui.guard import fragment
from uno.ui.table import bot_pause_ms, show_table
from uno.ui.words import inert

KIDS: Final = "cl_k_"  # the game against the computer: session keys cl_k_*
PASS: Final = "cl_p_"  # pass and play: session keys cl_p_*
SHOWN: Final = "cl_p_shown"  # the seat whose cards pass-and-play shows (None: the pass screen)
MODES: Final = ("kids", "pass")

_CSS: Final = """<style>
[data-testid="stMainBlockContainer"] .stButton button{min-height:3rem}
[data-testid="stMainBlockContainer"] .stButton button p{font-size:1.15rem;font-weight:600;
  white-space:normal;overflow:visible;text-overflow:clip}
[data-testid="stMainBlockContainer"] .stButton button[kind="primary"]{min-height:4rem}
[data-testid="stMainBlockContainer"] .stButton button[kind="primary"] p{font-size:1.6rem}
[data-testid="stMainBlockContainer"] [data-testid="stAlert"] p{font-size:1.2rem}
.uno-card{max-width:100%}
.uno-card img{max-width:100%;height:auto}
</style>"""


# -- words -----------------------------------------------------------------------------------


def color_word(lang: str, color: Color) -> str:
    """A colour always with its shape (colour-blind readers)."""
    return f"{t(f'color.{color.name}', lang)} {SHAPE_GLYPH[color]}"


def word(lang: str, value: object) -> object:
    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Color):
        return color_word(lang, value)
    return value


def hint_text(lang: str, state: GameState, seat: int) -> str | None:
    suggestion = classroom.hint(state, seat)
    if suggestion is None:
        return None
    if isinstance(suggestion, Card):
        return t("classroom.hint.card", lang, card=card_label(suggestion, lang))
    if isinstance(suggestion, Color):
        return t("classroom.hint.color", lang, color=color_word(lang, suggestion))
    return t(f"classroom.hint.{suggestion}", lang)


def kid_names(lang: str, count: int) -> list[str]:
    return [t("classroom.kids.you", lang)] + [
        t(f"classroom.bot.{i}", lang) for i in range(1, count)
    ]


def kid_story(lang: str, game: Game, names: Sequence[str], you: int | None) -> list[str]:
    """What happened since the child last decided, one short sentence each."""
    lines = []
    for event in game.log:
        line = classroom.kid_line(event, names, you)
        if line is not None:
            key, values = line
            lines.append(t(key, lang, **{k: word(lang, v) for k, v in values.items()}))
    return lines


def lesson_title(lang: str, number: int) -> str:
    for lesson in lessons():
        if lesson.number == number:
            return str(lesson_text(lesson, lang)[1]["title"])
    return ""


# -- the session -----------------------------------------------------------------------------


def next_seed() -> int:
    seed = st.session_state.get("cl_seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = secrets.randbelow(2**31)
    st.session_state["cl_seed"] = seed + 1
    return seed


def chosen_deck(key: str) -> str:
    value = st.session_state.get(key)
    return value if value in DECKS else DECKS[0]


def _version(prefix: str) -> int:
    return int(st.session_state.get(f"{prefix}version", 0))


def _set_game(prefix: str, game: Game, message: Message | None = None) -> None:
    st.session_state[f"{prefix}game"] = game
    st.session_state[f"{prefix}message"] = message
    st.session_state[f"{prefix}version"] = _version(prefix) + 1


def _at_once() -> bool:
    """No pause between computer moves (tests): they answer in the child's own run."""
    return bot_pause_ms() == 0


def start_kids(lang: str) -> None:
    friends = st.session_state.get("cl_k_friends", 2)
    count = 1 + (friends if friends in (1, 2, 3) else 2)
    game = classroom.start_game(
        chosen_deck("cl_k_deck"), kid_names(lang, count), next_seed(), (0,), bots=_at_once()
    )
    st.session_state.pop(f"{KIDS}hint", None)
    st.session_state.pop(f"{KIDS}coach", None)
    _set_game(KIDS, game)


def start_pass(lang: str) -> None:
    count = st.session_state.get("cl_p_count", 2)
    if count not in range(classroom.MIN_PLAYERS, classroom.MAX_PLAYERS + 1):
        count = 2
    names = [str(st.session_state.get(f"cl_p_name_{i}") or "").strip() for i in range(count)]
    try:
        check_names(names)
    except uno.ScenarioError:
        st.session_state["cl_p_error"] = True
        return
    st.session_state["cl_p_error"] = False
    game = classroom.start_game(chosen_deck("cl_p_deck"), names, next_seed(), range(count))
    st.session_state[SHOWN] = None
    st.session_state.pop(f"{PASS}hint", None)
    st.session_state.pop(f"{PASS}coach", None)
    _set_game(PASS, game)


def act(prefix: str, text: str, version: int, lang: str) -> None:
    """A child's tap on the table: checked against the table shown and the child's own seat,
    then the engine's rules; a refusal is explained at the hand and changes nothing."""
    game: Game = st.session_state[f"{prefix}game"]
    if version != _version(prefix):
        _set_game(prefix, game, Message("warning", t("table.stale", lang)))
        return
    try:
        action = uno.parse_action(text, game.state)
    except uno.NotationError:
        _set_game(prefix, game, Message("error", t("sandbox.bad_action", lang)))
        return
    if action.seat not in game.humans or (prefix == PASS and action.seat != game.state.turn):
        _set_game(prefix, game, Message("error", t("table.not_yours", lang)))
        return
    try:
        after = classroom.move(game, action, bots=_at_once())
    except uno.IllegalAction as refusal:
        _set_game(prefix, game, refusal_message(refusal, lang))
        return
    st.session_state.pop(f"{prefix}hint", None)
    _set_game(prefix, after)
    if prefix == PASS and (after.state.is_over or after.state.turn != action.seat):
        st.session_state[SHOWN] = None  # hide the hands until the next player is ready


def pass_act(action: uno.Action, lang: str) -> None:
    """A button of the pass screen (a late "Uno", a catch): the move it names."""
    act(PASS, str(action), _version(PASS), lang)


def tick(prefix: str, version: int) -> None:
    """The table waited its pause: the next computer move."""
    if version == _version(prefix):
        game: Game = st.session_state[f"{prefix}game"]
        after = classroom.bot_step(game)
        if after is not game:
            _set_game(prefix, after)


def flag(key: str, moves: int) -> None:
    st.session_state[key] = moves  # a flag that holds until the next move


def ask_coach(prefix: str, names: Sequence[str], seat: int, lang: str) -> None:
    """ "What would a good player do?": the gentle words of the coach for the child at ``seat``
    (the search sees only what that child sees), until the next move."""
    game: Game = st.session_state[f"{prefix}game"]
    state = game.state
    asks = state.turn == seat and not state.is_over
    moves = coach.advice(state, seat, log=game.round_log) if asks else []
    st.session_state[f"{prefix}coach"] = (game.moves, coach.kids_text(moves, lang, names))
    st.session_state[f"{prefix}message"] = None  # the coach answers now, at the hand


def reveal(seat: int) -> None:
    st.session_state[SHOWN] = seat


# -- drawing ---------------------------------------------------------------------------------


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


def play_table(lang: str, prefix: str, game: Game, names: Sequence[str], seat: int) -> None:
    """The table for the child at ``seat``, with the hint and the words of the last moves."""
    state = game.state
    hint_on = st.session_state.get(f"{prefix}hint") == game.moves
    suggestion = classroom.hint(state, seat) if hint_on else None
    message = st.session_state.get(f"{prefix}message")
    asked = st.session_state.get(f"{prefix}coach")
    if message is None and isinstance(asked, tuple) and asked[0] == game.moves:
        message = Message("info", str(asked[1]))
    if message is None and hint_on:
        text = hint_text(lang, state, seat)
        message = Message("info", text) if text else None
    if message is None:
        message = challenge_steps(lang, state, names, seat)
    if message is None and prefix == KIDS:
        message = praise(lang, game, seat)
    waiting = classroom.bots_waiting(game) and not state.is_over
    bots = tuple(None if s in game.humans else FRIENDLY.name for s in range(state.n_players))
    view = TableView(acting=frozenset({seat}), hand=seat, bots=bots, size="xl", kids=True)
    model = table_model(
        state,
        view,
        lang,
        names=list(names),
        story=kid_story(lang, game, names, seat),
        message=message,
        hint=suggestion if isinstance(suggestion, Card) else None,
        version=_version(prefix),
        thinking=waiting and not _at_once(),
    )
    show_table(
        model,
        key=f"{prefix}table",
        on_action=lambda text, version: act(prefix, text, version, lang),
        on_tick=lambda version: tick(prefix, version),
    )
    if not state.is_over and state.turn == seat:
        st.button(
            t("classroom.hint_button", lang),
            key=f"{prefix}hint_btn",
            width="stretch",
            on_click=flag,
            args=(f"{prefix}hint", game.moves),
        )
        st.button(
            t("coach.kids.button", lang),
            key=f"{prefix}coach_btn",
            width="stretch",
            on_click=ask_coach,
            args=(prefix, list(names), seat, lang),
            icon=":material/lightbulb:",
            help=t("coach.kids.help", lang),
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
    if winner == you:
        st.success(t("classroom.win_you", lang))
        st.balloons()
    else:
        st.success(t("classroom.win", lang, name=names[winner]))
        if you is not None:
            st.info(t("classroom.lose_you", lang))
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
        key=f"{prefix}again",
        type="primary",
        width="stretch",
        on_click=again,
        args=(lang,),
    )


def deck_radio(lang: str, key: str) -> None:
    st.radio(
        t("classroom.deck_label", lang),
        DECKS,
        key=key,
        format_func=lambda d: t(f"classroom.deck.{d}", lang),
    )


# -- the game against the computer -----------------------------------------------------------


def kids_game(lang: str) -> None:
    game: Game | None = st.session_state.get(f"{KIDS}game")
    with st.expander(t("classroom.settings", lang), expanded=game is None):
        deck_radio(lang, "cl_k_deck")
        st.radio(
            t("classroom.kids.friends", lang),
            [1, 2, 3],
            index=1,
            key="cl_k_friends",
            horizontal=True,
        )
        st.button(
            t("classroom.start", lang),
            key="cl_k_start",
            type="primary",
            on_click=start_kids,
            args=(lang,),
        )
    if game is None:
        st.info(t("classroom.no_game", lang))
        return
    names = kid_names(lang, game.state.n_players)
    fragment(_kids_area)(lang, names)


def _kids_area(lang: str, names: list[str]) -> None:
    """The children's table, redrawn alone while the computer players move."""
    game: Game = st.session_state[f"{KIDS}game"]
    if game.state.is_over:
        show_tips(lang, game, names, 0)
        show_end(lang, game, names, 0, KIDS, start_kids)
        return
    play_table(lang, KIDS, game, names, 0)
    show_tips(lang, game, names, 0)


# -- pass and play ---------------------------------------------------------------------------


def pass_and_play(lang: str) -> None:
    game: Game | None = st.session_state.get(f"{PASS}game")
    with st.expander(t("classroom.settings", lang), expanded=game is None):
        count = st.radio(
            t("classroom.pass.players", lang),
            list(range(classroom.MIN_PLAYERS, classroom.MAX_PLAYERS + 1)),
            key="cl_p_count",
            horizontal=True,
        )
        columns = st.columns(3)
        for seat in range(int(count)):
            with columns[seat % 3]:
                st.text_input(
                    t("classroom.pass.name", lang, number=seat + 1),
                    value=t("classroom.pass.default_name", lang, number=seat + 1),
                    max_chars=40,
                    key=f"cl_p_name_{seat}",
                )
        deck_radio(lang, "cl_p_deck")
        st.button(
            t("classroom.start", lang),
            key="cl_p_start",
            type="primary",
            on_click=start_pass,
            args=(lang,),
        )
        if st.session_state.get("cl_p_error"):
            limit = MAX_NAME_LENGTH
            st.error(t("classroom.pass.bad_names", lang, limit=limit, count=limit))
    if game is None:
        st.info(t("classroom.no_game", lang))
        return
    state = game.state
    names = [inert(name) for name in state.players]  # children's names are user text
    if state.is_over:
        st.markdown("\n".join(f"- {line}" for line in kid_story(lang, game, names, None)))
        show_tips(lang, game, names, None)
        show_end(lang, game, names, None, PASS, start_pass)
        return
    turn = state.turn
    if st.session_state.get(SHOWN) != turn:
        pass_screen(lang, game, names)
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
    st.header(t(header, lang, name=names[turn]))
    play_table(lang, PASS, game, list(state.players), turn)
    if again:
        show_tips(lang, game, names, turn)


def pass_screen(lang: str, game: Game, names: Sequence[str]) -> None:
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
            key=f"cl_p_late_{seat}",
            type="primary",
            width="stretch",
            on_click=pass_act,
            args=(uno.Action(seat, "uno"), lang),
        )
        right.button(
            t("classroom.pass.catch", lang, name=names[seat]),
            key=f"cl_p_catch_{seat}",
            width="stretch",
            on_click=pass_act,
            args=(uno.Action(turn, "catch", target=seat), lang),
        )
    st.button(
        t("classroom.pass.show", lang, name=names[turn]),
        key="cl_p_show",
        type="primary",
        width="stretch",
        on_click=reveal,
        args=(turn,),
    )
    for seat in range(state.n_players):
        count = len(state.hands[seat])
        st.markdown(f"**{t('classroom.count_cards', lang, name=names[seat], count=count)}**")
        show_cards([None] * count, lang, size="sm")


# -- the page --------------------------------------------------------------------------------


def show_classroom(lang: str) -> None:
    """The whole page below the frame: the kids' game or pass-and-play."""
    st.html(_CSS)
    deck_param = st.query_params.get("deck")
    if deck_param in DECKS and st.session_state.get("cl_deck_param") != deck_param:
        st.session_state["cl_deck_param"] = deck_param  # a teacher's link: once, then the child
        st.session_state["cl_k_deck"] = deck_param
        st.session_state["cl_mode"] = "kids"
    st.title(t("nav.classroom", lang))
    st.write(t("classroom.intro", lang))
    st.page_link(
        "pages/8_rooms.py",
        label=t("rooms.to_classroom", lang),
        icon=":material/devices:",
        query_params={"lang": lang},
    )
    mode = st.radio(
        t("classroom.mode", lang),
        MODES,
        key="cl_mode",
        horizontal=True,
        format_func=lambda m: t(f"classroom.mode_{m}", lang),
    )
    if mode == "pass":
        pass_and_play(lang)
    else:
        kids_game(lang)
