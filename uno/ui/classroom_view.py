"""The classroom page: Uno for children on one screen. Play a round against friendly computer
players, or pass one device around (the hands are hidden between turns). Big cards, a hint
button, short sentences, a tip the first time a rule comes up. Every decision is the engine's
(``uno.academy.classroom``); this view reads buttons (callbacks) and draws."""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable, Sequence
from typing import Final

import streamlit as st

import uno
from uno.academy import classroom
from uno.academy.classroom import DECKS, SHAPE_GLYPH, Game
from uno.academy.i18n import card_label, t
from uno.academy.lessons import lesson_text, lessons
from uno.actions import Action
from uno.cards import COLORS, Card, Color
from uno.setup import check_names
from uno.state import GameState, Phase
from uno.ui.cards import CardState, color_badge_html, show_cards
from uno.ui.words import inert

_CSS: Final = """<style>
[data-testid="stMainBlockContainer"] .stButton button{min-height:3rem}
[data-testid="stMainBlockContainer"] .stButton button p{font-size:1.15rem;font-weight:600;
  white-space:normal;overflow:visible;text-overflow:clip}
[data-testid="stMainBlockContainer"] .stButton button[kind="primary"]{min-height:4rem}
[data-testid="stMainBlockContainer"] .stButton button[kind="primary"] p{font-size:1.6rem}
[data-testid="stMainBlockContainer"] [data-testid="stMarkdownContainer"] li,
[data-testid="stMainBlockContainer"] [data-testid="stAlert"] p{font-size:1.2rem}
.uno-card{max-width:100%}
.uno-card img{max-width:100%;height:auto}
.cl-color{display:flex;align-items:center;gap:8px;font-weight:600;font-size:1.1rem}
</style>"""


KIDS: str = "cl_k_"  # the game against the computer: session keys cl_k_*
PASS: str = "cl_p_"  # pass and play: session keys cl_p_*
SHOWN = "cl_p_shown"  # the seat whose cards pass-and-play shows (None: the pass screen)
HAND_COLUMNS = 6
MODES = ("kids", "pass")


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


# -- actions (button callbacks: they run before the page is drawn again) -----------------------


def next_seed() -> int:
    seed = st.session_state.get("cl_seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = secrets.randbelow(2**31)
    st.session_state["cl_seed"] = seed + 1
    return seed


def chosen_deck(key: str) -> str:
    value = st.session_state.get(key)
    return value if value in DECKS else DECKS[0]


def clear_flags(prefix: str) -> None:
    """A new game starts with no hint, no "Uno" said, no wild waiting for its colour."""
    for name in ("hint", "uno", "wild", "oops"):
        st.session_state.pop(f"{prefix}{name}", None)


def start_kids(lang: str) -> None:
    friends = st.session_state.get("cl_k_friends", 2)
    count = 1 + (friends if friends in (1, 2, 3) else 2)
    game = classroom.start_game(chosen_deck("cl_k_deck"), kid_names(lang, count), next_seed(), (0,))
    st.session_state[f"{KIDS}game"] = game
    clear_flags(KIDS)


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
    st.session_state[f"{PASS}game"] = game
    st.session_state[SHOWN] = None
    clear_flags(PASS)


def act(prefix: str, action: Action) -> None:
    """One move of a child; the computer players answer at once (uno.academy.classroom.move)."""
    game: Game = st.session_state[f"{prefix}game"]
    try:
        after = classroom.move(game, action)
    except uno.UnoError:  # a stale button (a double click): nothing changes
        st.session_state[f"{prefix}oops"] = game.moves
        return
    st.session_state[f"{prefix}game"] = after
    if prefix == PASS and (after.state.is_over or after.state.turn != action.seat):
        st.session_state[SHOWN] = None  # hide the hands until the next player is ready


def choose_card(prefix: str, card: Card) -> None:
    game: Game = st.session_state[f"{prefix}game"]
    if card.is_wild:
        st.session_state[f"{prefix}wild"] = (game.moves, card)  # then pick a colour
        return
    seat = game.state.turn
    said = st.session_state.get(f"{prefix}uno") == game.moves
    act(prefix, classroom.play_action(game.state, seat, card, uno=said))


def play_wild(prefix: str, card: Card, color: Color) -> None:
    game: Game = st.session_state[f"{prefix}game"]
    said = st.session_state.get(f"{prefix}uno") == game.moves
    act(prefix, classroom.play_action(game.state, game.state.turn, card, color, uno=said))


def flag(key: str, moves: int) -> None:
    st.session_state[key] = moves  # a flag that holds until the next move


def reveal(seat: int) -> None:
    st.session_state[SHOWN] = seat


# -- drawing ---------------------------------------------------------------------------------


def lesson_title(lang: str, number: int) -> str:
    for lesson in lessons():
        if lesson.number == number:
            return str(lesson_text(lesson, lang)[1]["title"])
    return ""


def show_messages(
    lang: str, game: Game, names: Sequence[str], you: int | None, tips: bool = True
) -> None:
    """What happened since the child last decided, one short sentence a line; a gentle word when
    someone was caught without "Uno"; each new tip with a link to its lesson."""
    lines = []
    for event in game.log:
        line = classroom.kid_line(event, names, you)
        if line is not None:
            key, values = line
            lines.append(t(key, lang, **{k: word(lang, v) for k, v in values.items()}))
    if lines:
        st.markdown("\n".join(f"- {line}" for line in lines))
    for event in game.log:
        if event.type == "caught" and event.target in game.humans:
            if event.target == you:
                st.warning(t("classroom.caught_gently_you", lang), icon="🙂")
            else:
                st.warning(t("classroom.caught_gently", lang, name=names[event.target]), icon="🙂")
    if not tips:
        return
    for tip in game.tips:
        number = classroom.tip_lesson(tip)
        st.info(t(f"classroom.tip.{tip}", lang), icon="💡")
        st.page_link(
            "pages/2_lessons.py",
            label=t("classroom.tip_link", lang, number=number, title=lesson_title(lang, number)),
            icon=":material/school:",
            query_params={"lang": lang, "lesson": str(number)},
        )


def show_others(lang: str, state: GameState, names: Sequence[str], skip: int | None) -> None:
    for seat in range(state.n_players):
        if seat == skip:
            continue
        count = len(state.hands[seat])
        st.markdown(f"**{t('classroom.count_cards', lang, name=names[seat], count=count)}**")
        show_cards([None] * count, lang, size="sm")


def show_table(lang: str, state: GameState, names: Sequence[str], you: int) -> None:
    """The top card (big, its colour named with its shape) and how many cards the others hold."""
    left, right = st.columns([1, 2])
    with left:
        st.markdown(f"**{t('classroom.pile', lang)}**")
        named = state.current_color if state.top.is_wild else None
        show_cards([state.top], lang, size="xl", named=named, caption=True)
        if state.current_color is not None:
            label = html.escape(t("classroom.color_to_play", lang))
            badge = color_badge_html(state.current_color, lang)
            st.html(f'<div class="cl-color">{label} {badge}</div>')
    with right:
        show_others(lang, state, names, you)


def color_buttons(
    lang: str, prefix: str, on_pick: Callable[..., None], args: tuple[object, ...]
) -> None:
    st.markdown(f"### {t('classroom.pick_color', lang)}")
    for column, color in zip(st.columns(4), COLORS, strict=True):
        column.button(
            t(
                "classroom.color_button",
                lang,
                shape=SHAPE_GLYPH[color],
                color=t(f"color.{color.name}", lang),
            ),
            key=f"{prefix}color_{color.name}",
            width="stretch",
            on_click=on_pick,
            args=(*args, color),
        )


def play_color(prefix: str, seat: int, color: Color) -> None:
    act(prefix, Action(seat, "color", color=color))


def show_hand(lang: str, game: Game, prefix: str, seat: int, names: Sequence[str]) -> None:
    """The child's cards, big, the playable ones bright with a button each; the hint, "take a
    card" or "keep it", the big UNO! button, a colour to pick after a wild, a Wild Draw Four to
    answer."""
    state = game.state
    moves = game.moves
    hand = sorted(state.hands[seat])
    deciding = state.phase in (Phase.PLAY, Phase.DRAWN)
    playable = set(classroom.kid_playable(state, seat))
    hint_on = st.session_state.get(f"{prefix}hint") == moves
    suggestion = classroom.hint(state, seat) if hint_on else None
    hinted = suggestion if isinstance(suggestion, Card) else None
    pending = st.session_state.get(f"{prefix}wild")
    wild = pending[1] if isinstance(pending, tuple) and pending[0] == moves else None
    said = st.session_state.get(f"{prefix}uno") == moves

    if st.session_state.get(f"{prefix}oops") == moves:
        st.warning(t("classroom.oops", lang))
    if state.phase is Phase.CHOOSE_COLOR:
        st.markdown(f"### {t('classroom.first_wild', lang)}")
    elif state.phase is Phase.CHALLENGE and state.challenge is not None:
        player = state.challenge.player
        st.markdown(f"### {t('classroom.challenge.title', lang, name=names[player])}")
        st.write(
            t(
                "classroom.challenge.explain",
                lang,
                name=names[player],
                color=color_word(lang, state.challenge.previous_color),
            )
        )
        left, right = st.columns(2)
        left.button(
            t("classroom.challenge.accept", lang),
            key=f"{prefix}accept",
            width="stretch",
            on_click=act,
            args=(prefix, Action(seat, "accept")),
        )
        right.button(
            t("classroom.challenge.challenge", lang),
            key=f"{prefix}challenge",
            width="stretch",
            on_click=act,
            args=(prefix, Action(seat, "challenge")),
        )
    elif state.phase is Phase.DRAWN:
        st.markdown(f"### {t('classroom.drawn_fits', lang)}")
    else:
        st.caption(t("classroom.lit", lang))

    seen: dict[Card, int] = {}
    for start in range(0, len(hand), HAND_COLUMNS):
        row = hand[start : start + HAND_COLUMNS]
        for column, card in zip(st.columns(HAND_COLUMNS), row, strict=False):
            copy = seen.get(card, 0)
            seen[card] = copy + 1
            lit = deciding and card in playable
            look: CardState
            if not deciding:
                look = "normal"
            elif copy == 0 and card in (hinted, wild):
                look = "selected"
            else:
                look = "playable" if lit else "unplayable"
            with column:
                show_cards([card], lang, size="xl", states=[look])
                if deciding:
                    st.button(
                        card_label(card, lang),
                        key=f"{prefix}card_{card}_{copy}",
                        disabled=not lit,
                        width="stretch",
                        on_click=choose_card,
                        args=(prefix, card),
                    )

    if state.phase is Phase.CHOOSE_COLOR:
        color_buttons(lang, prefix, play_color, (prefix, seat))
    elif wild is not None and deciding:
        color_buttons(lang, prefix, play_wild, (prefix, wild))

    if hint_on:
        text = hint_text(lang, state, seat)
        if wild is not None:
            rest = [c for c in hand if c != wild]
            text = t(
                "classroom.hint.color", lang, color=color_word(lang, classroom.best_color(rest))
            )
        if text:
            st.success(text, icon="💡")

    # The big UNO! button: before the next-to-last card (R-UNO-1), or late but safe (R-UNO-3).
    if seat in state.uno_exposed:
        st.markdown(f"**{t('classroom.uno_late', lang)}**")
        st.button(
            t("classroom.uno_button", lang),
            key=f"{prefix}uno_btn",
            type="primary",
            width="stretch",
            on_click=act,
            args=(prefix, Action(seat, "uno")),
        )
    elif classroom.needs_uno(state, seat):
        if said:
            st.success(t("classroom.uno_said", lang))
        else:
            st.markdown(f"**{t('classroom.uno_now', lang)}**")
            st.button(
                t("classroom.uno_button", lang),
                key=f"{prefix}uno_btn",
                type="primary",
                width="stretch",
                on_click=flag,
                args=(f"{prefix}uno", moves),
            )

    left, right = st.columns(2)
    left.button(
        t("classroom.hint_button", lang),
        key=f"{prefix}hint_btn",
        width="stretch",
        on_click=flag,
        args=(f"{prefix}hint", moves),
    )
    if state.phase is Phase.PLAY:
        right.button(
            t("classroom.draw", lang),
            key=f"{prefix}draw",
            width="stretch",
            on_click=act,
            args=(prefix, Action(seat, "draw")),
        )
    elif state.phase is Phase.DRAWN:
        right.button(
            t("classroom.keep", lang),
            key=f"{prefix}keep",
            width="stretch",
            on_click=act,
            args=(prefix, Action(seat, "pass")),
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
    state = game.state
    names = kid_names(lang, state.n_players)
    # A kind word for the child's own move (not when they were just caught: that has its own).
    mine = [e.type for e in game.log if e.get("seat") == 0 and e.type in ("played", "drew")]
    caught = any(e.type == "caught" and e.target == 0 for e in game.log)
    if game.moves and mine and not caught and not state.is_over:
        praise = f"classroom.praise.{game.moves % 4 + 1}" if mine[0] == "played" else None
        st.success(t(praise, lang) if praise else t("classroom.praise_draw", lang))
    show_messages(lang, game, names, 0)
    if state.is_over:
        show_end(lang, game, names, 0, KIDS, start_kids)
        return
    show_table(lang, state, names, 0)
    st.subheader(t("classroom.kids.turn", lang))
    st.caption(t("classroom.count_you", lang, count=len(state.hands[0])))
    show_hand(lang, game, KIDS, 0, names)


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
            st.error(t("classroom.pass.bad_names", lang))
    if game is None:
        st.info(t("classroom.no_game", lang))
        return
    state = game.state
    names = [inert(name) for name in state.players]  # children's names are user text
    if state.is_over:
        show_messages(lang, game, names, None)
        show_end(lang, game, names, None, PASS, start_pass)
        return
    turn = state.turn
    if st.session_state.get(SHOWN) != turn:
        pass_screen(lang, game, names)
        return
    again = game.last_seat == turn and state.phase is Phase.PLAY
    st.header(t("classroom.pass.again" if again else "classroom.pass.turn", lang, name=names[turn]))
    if game.last_seat == turn:  # what their own last move did (the others saw it already)
        show_messages(lang, game, names, None)
    show_table(lang, state, names, turn)
    st.subheader(t("classroom.cards_of", lang, name=names[turn]))
    show_hand(lang, game, PASS, turn, names)


def pass_screen(lang: str, game: Game, names: Sequence[str]) -> None:
    """Between turns: no card face is shown, only who plays next, what happened and how many
    cards each player holds. A player who forgot "Uno" can still say it, or be caught."""
    state = game.state
    turn = state.turn
    st.header(t("classroom.pass.to", lang, name=names[turn]))
    st.write(t("classroom.pass.hidden", lang, name=names[turn]))
    if game.log:
        st.markdown(f"**{t('classroom.pass.what_happened', lang)}**")
    show_messages(lang, game, names, None)
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
            on_click=act,
            args=(PASS, Action(seat, "uno")),
        )
        right.button(
            t("classroom.pass.catch", lang, name=names[seat]),
            key=f"cl_p_catch_{seat}",
            width="stretch",
            on_click=act,
            args=(PASS, Action(turn, "catch", target=seat)),
        )
    st.button(
        t("classroom.pass.show", lang, name=names[turn]),
        key="cl_p_show",
        type="primary",
        width="stretch",
        on_click=reveal,
        args=(turn,),
    )
    show_others(lang, state, names, None)


def show_classroom(lang: str) -> None:
    """The whole page below the frame: the kids' game or pass-and-play."""
    st.html(_CSS)
    deck_param = st.query_params.get("deck")
    if deck_param in DECKS and st.session_state.get("cl_deck_param") != deck_param:
        st.session_state["cl_deck_param"] = (
            deck_param  # a teacher's link: once, then the child picks
        )
        st.session_state["cl_k_deck"] = deck_param
        st.session_state["cl_mode"] = "kids"

    st.title(t("nav.classroom", lang))
    st.write(t("classroom.intro", lang))
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
