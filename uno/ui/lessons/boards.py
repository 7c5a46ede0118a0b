"""A lesson's try-it board: the situation, the learner's move or answer, and the verdict.

The engine judges every answer (``uno.academy.lessons``); this module only turns its verdicts
into pictures and words. Each board kind has one view function in ``BOARD_VIEWS`` (a new kind
adds one line there, and one class in ``uno.academy.lessons.BOARDS``). An answer is judged in
its callback: a right one is kept (``BoardKeys.right``) and may complete the lesson
(``uno.ui.lessons.progress.settle``), before the page is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

import uno
from uno.academy.i18n import join_words, t
from uno.academy.lessons import (
    Attempt,
    ChoiceBoard,
    Lesson,
    LessonBoard,
    PlayBoard,
    Verdict,
    board_counted_cards,
    board_of,
)
from uno.academy.table import Message, TableView, story_text, table_model
from uno.cards import Card
from uno.state import GameState, Phase
from uno.ui.cards import color_badge_html, show_cards
from uno.ui.lessons.keys import BoardKeys, board_keys
from uno.ui.lessons.parts import (
    miscount_text,
    names_of,
    option_label,
    show_message,
    verdict_message,
)
from uno.ui.lessons.progress import settle
from uno.ui.table import show_table

__all__ = ["BOARD_VIEWS", "BoardView", "show_board"]

#: How a board kind is drawn and answered: (board, names, lang, lesson words, board keys).
BoardView = Callable[[LessonBoard, list[str], str, dict[str, Any], BoardKeys], None]


def _table(state: GameState, lang: str, learner: int, show: tuple[int, ...]) -> None:
    """The situation: the top card (and named colour), the hands that matter, the order."""
    names = names_of(state, state.n_players, lang)
    left, right = st.columns([1, 3])
    with left:
        st.caption(t("lessons.top_card", lang))
        named = state.current_color if state.top.is_wild else None
        show_cards([state.top], lang, size="md", named=named, caption=True)
        if state.top.is_wild and state.current_color is not None:
            st.html(color_badge_html(state.current_color, lang))
    with right:
        st.caption(t("lessons.your_hand", lang, name=names[learner]))
        hand = sorted(state.hands[learner])
        states = None
        if state.phase is Phase.DRAWN and state.drawn is not None:
            states = ["selected" if c == state.drawn else "normal" for c in hand]
        show_cards(hand, lang, size="md", caption=True, states=states)  # type: ignore[arg-type]
        for seat in show:
            st.caption(t("lessons.hand_of", lang, name=names[seat]))
            show_cards(sorted(state.hands[seat]), lang, size="sm", caption=True)
    others = [
        t("lessons.cards_left", lang, name=names[s], count=len(state.hands[s]))
        for s in range(state.n_players)
        if s != learner and s not in show
    ]
    order_seats = [
        (state.turn + i * state.direction) % state.n_players for i in range(state.n_players)
    ]
    order = " → ".join(names[s] for s in order_seats)
    key = "lessons.direction_cw" if state.direction == 1 else "lessons.direction_ccw"
    st.caption(" · ".join(others) + ("  \n" if others else "") + t(key, lang, order=order))


# -- the situations -------------------------------------------------------------------------------
def _situation_after_move(board: LessonBoard, names: list[str], lang: str) -> None:
    """next_seat, points: the situation, then the card just played (and the hands left)."""
    state, action = board.state, board.board.action
    assert state is not None and action is not None
    mover = int(action.split(":")[0])
    _table(state, lang, mover, board.board.show_hands)
    st.caption(t("lessons.plays", lang, name=names[mover]))
    show_cards([Card(action.split()[-1])], lang, caption=True)
    if board.kind == "points":
        for seat in range(state.n_players):
            if seat != mover:
                st.caption(t("lessons.hand_of", lang, name=names[seat]))
                show_cards(sorted(state.hands[seat]), lang, size="sm", caption=True)


def _situation_dealer(board: LessonBoard, names: list[str], lang: str) -> None:
    """dealer: the card each player drew."""
    cards = board.board.cards
    for seat, (col, code) in enumerate(zip(st.columns(len(cards)), cards, strict=True)):
        with col:
            st.caption(t("lessons.dealer_draw", lang, name=names[seat]))
            show_cards([Card(code)], lang, caption=True)


def _situation_first_player(board: LessonBoard, names: list[str], lang: str) -> None:
    """first_player: who dealt, and the first card turned up."""
    assert board.board.first is not None
    st.caption(t("lessons.dealer_is", lang, name=names[board.board.dealer]))
    st.caption(t("lessons.first_card", lang))
    show_cards([Card(board.board.first)], lang, caption=True)


# -- the learner's answer -------------------------------------------------------------------------
def _judged(board: LessonBoard, keys: BoardKeys) -> None:
    """After an answer, in its callback: the try is counted (two wrong ones bring "show me"); a
    right one is kept, and may complete the lesson (it is passed before the page is drawn, so
    the sidebar counts it in the same run)."""
    answer = _answer(keys)
    if answer is None:
        return
    right = board.judge(*answer).right
    tries: Attempt = st.session_state.get(keys.tries, Attempt())
    st.session_state[keys.tries] = tries.record(answer[0], right)
    if right:
        st.session_state[keys.right] = True
        settle(board.lesson)


def _show_me(board: LessonBoard, keys: BoardKeys, option: str) -> None:
    """ "Show me" (after two wrong tries): the right answer is played, and counts."""
    st.session_state[keys.answer] = option
    st.session_state[keys.color] = None
    st.session_state[keys.version] = int(st.session_state.get(keys.version, 0)) + 1
    _judged(board, keys)


def _ask_hint(keys: BoardKeys) -> None:
    st.session_state[keys.hinted] = True


def _choose(board: LessonBoard, keys: BoardKeys, option: str) -> None:
    """An answer's button (or "show me"): ``option`` is the answer."""
    st.session_state[keys.answer] = option
    _judged(board, keys)


def _choose_number(board: LessonBoard, keys: BoardKeys) -> None:
    """The "check" button of a number: the number typed is the answer."""
    st.session_state[keys.answer] = str(int(st.session_state.get(keys.number) or 0))
    _judged(board, keys)


def _options(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], keys: BoardKeys
) -> None:
    """The answers as buttons (a seat, a player), or a number to type."""
    options = board.options()
    if not options:
        st.number_input(
            t("lessons.answer_number", lang),
            min_value=0,
            max_value=10_000,
            step=1,
            key=keys.number,
        )
        st.button(
            t("lessons.check", lang),
            key=keys.submit,
            on_click=_choose_number,
            args=(board, keys),
        )
        return
    columns = st.columns(min(len(options), 6))
    for i, option in enumerate(options):
        columns[i % len(columns)].button(
            option_label(option, names, lang, words),
            key=keys.option(option),
            width="stretch",
            on_click=_choose,
            args=(board, keys, option),
        )


def _on_table(board: LessonBoard, keys: BoardKeys, text: str) -> None:
    """A move on the lesson's table: the learner's answer (a card with its colour, a draw, a
    catch, a challenge), judged by the board."""
    assert board.state is not None
    try:
        action = uno.parse_action(text, board.state)
    except uno.NotationError:
        return
    if action.verb == "play" and action.card is not None:
        st.session_state[keys.answer] = f"play {action.card}"
        st.session_state[keys.color] = action.color.name if action.color else None
    else:
        st.session_state[keys.answer] = text.split(": ", 1)[-1]
        st.session_state[keys.color] = None
    st.session_state[keys.version] = int(st.session_state.get(keys.version, 0)) + 1
    _judged(board, keys)


def _answer(keys: BoardKeys) -> tuple[str, str | None] | None:
    """The learner's answer to a board (the choice and a wild's colour), or None yet."""
    chosen = st.session_state.get(keys.answer)
    if chosen is None:
        return None
    color = st.session_state.get(keys.color)
    if chosen.startswith("play W") and color is None:
        color = "B"  # "show me" plays a wild: any colour is right
    return str(chosen), color


def _right_move(
    board: PlayBoard | ChoiceBoard, keys: BoardKeys
) -> tuple[GameState, list[uno.Event]] | None:
    """The state after the learner's move and what happened, when that move is the right one."""
    answer = _answer(keys)
    if answer is None or board.state is None or not board.judge(*answer).right:
        return None
    after, events = uno.apply(board.state, board.action(*answer))
    return after, list(events)


# -- one view per board kind ----------------------------------------------------------------------
def _move_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], keys: BoardKeys
) -> None:
    """play, choice: the situation on the game table, where the learner makes the move. The
    cards are not lit (that would give the answer away); every card can be tapped, and the
    lesson judges it (a refused card is a try, explained at the hand in the lesson's words)."""
    assert isinstance(board, PlayBoard | ChoiceBoard) and board.state is not None
    state = board.state
    acting = frozenset({board.learner})
    story: list[str] = []
    done = _right_move(board, keys)
    if done is not None:
        # The right move is made: the table shows what it did (the card on the pile, the
        # story), and waits for no other move.
        state, events = done
        acting = frozenset()
        story = story_text(events, names, lang, board.learner)
    view = TableView(
        acting=acting,
        hand=board.learner,
        bots=(None,) * state.n_players,
        face_up=frozenset(board.board.show_hands),
        lit=False,
        draw=board.kind == "play" and board.board.goal != "card",
    )
    model = table_model(
        state,
        view,
        lang,
        names=names,
        story=story,
        message=_board_message(board, names, lang, words, keys),
        version=int(st.session_state.get(keys.version, 0)),
    )
    hand = model.get("hand")
    if hand is not None and acting:
        # A card the engine refuses is still the learner's answer: it goes to the lesson, which
        # counts the try and says what to look at (the table alone would only refuse it).
        for code, tap in hand["taps"].items():
            if "refuse" in tap:
                hand["taps"][code] = {"send": f"{board.learner}: play {code}"}
    show_table(
        model,
        key=keys.table,
        on_action=lambda text, version: _on_table(board, keys, text),
    )


def _after_move_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], keys: BoardKeys
) -> None:
    """next_seat, points: the situation, the card just played (and the hands left), then the
    learner answers with a seat or a number."""
    _situation_after_move(board, names, lang)
    _options(board, names, lang, words, keys)


def _dealer_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], keys: BoardKeys
) -> None:
    """dealer: the card each player drew, then who deals."""
    _situation_dealer(board, names, lang)
    _options(board, names, lang, words, keys)


def _first_player_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], keys: BoardKeys
) -> None:
    """first_player: the dealer and the first card, then who plays first."""
    _situation_first_player(board, names, lang)
    _options(board, names, lang, words, keys)


#: How each board kind is drawn and answered (a new kind adds one line here, and one class in
#: ``uno.academy.lessons.BOARDS``).
BOARD_VIEWS: dict[str, BoardView] = {
    "play": _move_board,
    "choice": _move_board,
    "next_seat": _after_move_board,
    "points": _after_move_board,
    "dealer": _dealer_board,
    "first_player": _first_player_board,
}


def _board_message(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], keys: BoardKeys
) -> Message | None:
    """What the lesson says about the learner's last answer (None before any): right, refused
    by a rule (the reason, then what to look at, and where the rule is taught), or wrong (the
    board's words, a miscounted card named); the right answer only once it is shown."""
    answer = _answer(keys)
    if answer is None:
        return None
    verdict: Verdict = board.judge(*answer)
    tries: Attempt = st.session_state.get(keys.tries, Attempt())
    right = board.right_options()
    answer_text = join_words([option_label(o, names, lang, words) for o in right], lang)
    fill = {"answer": answer_text}
    texts = words["board"]
    wrong = texts["wrong"].format(**fill)
    look = str(texts.get("look", ""))
    cards = board_counted_cards(board.lesson)
    if not verdict.right and cards is not None and answer[0].isdigit():
        look = miscount_text(cards, int(answer[0]), lang) or look
    return verdict_message(
        verdict,
        texts["right"].format(**fill),
        wrong,
        look,
        lang,
        board.lesson.number,
        shown=answer_text if tries.shown and not verdict.right else None,
    )


def show_board(lesson: Lesson, lang: str, words: dict[str, Any]) -> None:
    """The lesson's board: its prompt, the situation and the answers (``BOARD_VIEWS``), what the
    lesson says about the last answer (at the hand on a table), a hint on request, and "show
    me" once two tries were wrong (a right answer was kept in its callback)."""
    board = board_of(lesson)
    keys = board_keys(lesson.key)
    names = names_of(board.state, board.players, lang)
    st.subheader(t("lessons.board", lang))
    st.write(words["board"]["prompt"])
    BOARD_VIEWS[board.kind](board, names, lang, words, keys)
    if board.kind not in ("play", "choice"):
        message = _board_message(board, names, lang, words, keys)
        if message is not None:
            show_message(message)
    if st.session_state.get(keys.right):
        return
    tries: Attempt = st.session_state.get(keys.tries, Attempt())
    left, right = st.columns(2)
    left.button(t("lessons.hint", lang), key=keys.hint, on_click=_ask_hint, args=(keys,))
    if tries.shown:
        right.button(
            t("lessons.show_me", lang),
            key=keys.show,
            on_click=_show_me,
            args=(board, keys, board.right_options()[0]),
        )
    else:
        right.caption(t("lessons.shown_after", lang))
    if st.session_state.get(keys.hinted):
        st.info(
            str(words["board"].get("hint") or t("lessons.look_again", lang)),
            icon=":material/lightbulb:",
        )
