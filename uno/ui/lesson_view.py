"""Drawing one lesson: the explanation with card rows, the try-it board and the quiz.

The engine judges every answer (``uno.academy.lessons``); this module only turns its verdicts into
pictures and words. Session keys are prefixed with the lesson's key so lessons never share state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any, Final

import streamlit as st

import uno
from uno.academy import store as db
from uno.academy.faults import store_fault
from uno.academy.i18n import card_label, join_words, t
from uno.academy.lessons import (
    NUMERIC_KINDS,
    Attempt,
    ChoiceBoard,
    Lesson,
    LessonBoard,
    PlayBoard,
    Question,
    Verdict,
    board_of,
    format_progress,
    lesson_passed,
    lesson_text,
    lessons,
    parse_progress,
    question_answer,
    question_options,
    question_refusal,
    scenario_of,
)
from uno.academy.table import TableView, story_text, table_model
from uno.cards import Card
from uno.errors import ScenarioError
from uno.state import GameState, Phase
from uno.ui.cards import color_badge_html, show_cards
from uno.ui.device import current_device, network_address
from uno.ui.table import show_table
from uno.ui.words import inert

CARD_ROW = re.compile(r"^\[\[([A-Za-z0-9 ]+)\]\]$")
DEFAULT_NAMES = ("Ana", "Ben", "Léa", "Max")


def player_name(name: str, lang: str) -> str:
    """Lesson characters have a name in each language (Léa is Леа in Russian)."""
    try:
        return t(f"lesson.name.{name}", lang)
    except KeyError:
        return name


def rule_links(rule_ids: tuple[str, ...], lang: str) -> str:
    links = [f"[{rule_id}](reference?lang={lang}#{rule_id.lower()})" for rule_id in rule_ids]
    return f"{t('lessons.rules_note', lang)} " + " · ".join(links)


def show_explanation(markdown: str, lang: str) -> None:
    """Markdown, with ``[[R7 G7]]`` lines drawn as card rows by the shared renderer."""
    block: list[str] = []
    for line in markdown.splitlines():
        match = CARD_ROW.match(line.strip())
        if match:
            if block:
                st.markdown("\n".join(block))
                block = []
            show_cards([Card(code) for code in match.group(1).split()], lang, caption=True)
        else:
            block.append(line)
    if block:
        st.markdown("\n".join(block))


def _names(state: GameState | None, count: int, lang: str) -> list[str]:
    raw = list(state.players) if state is not None else list(DEFAULT_NAMES[:count])
    return [player_name(n, lang) for n in raw]


def option_label(option: str, names: list[str], lang: str, words: dict[str, Any]) -> str:
    """How an option reads: a card's name, "Draw a card", "Catch Ben", a player's name..."""
    parts = option.split()
    if parts[0] == "play":
        return card_label(Card(parts[1]), lang)
    if parts[0] == "draw":
        return t("lessons.draw", lang)
    if parts[0] == "pass":
        return t("lessons.pass", lang)
    if parts[0] == "catch":
        return t("lessons.catch", lang, name=names[int(parts[1])])
    if option in words.get("board", {}).get("options", {}):
        return str(words["board"]["options"][option])
    if option.isdigit() and int(option) < len(names):
        return names[int(option)]
    return option


def _table(state: GameState, lang: str, learner: int, show: tuple[int, ...]) -> None:
    """The situation: the top card (and named colour), the hands that matter, the order."""
    names = _names(state, state.n_players, lang)
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


def _feedback(verdict: Verdict, right_text: str, wrong_text: str, lang: str) -> None:
    if verdict.right:
        st.success(f"**{t('lessons.right', lang)}** {right_text}")
    elif verdict.reason is not None:
        st.error(
            f"**{t('lessons.refused', lang)}** {t(f'reason.{verdict.reason}', lang)}  \n"
            + rule_links((verdict.rule,) if verdict.rule else (), lang)
        )
    else:
        st.warning(f"**{t('lessons.wrong', lang)}** {wrong_text}")


# -- the boards: one view function per kind ---------------------------------------------------


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


def _choose(answer_key: str, option: str) -> None:
    st.session_state[answer_key] = option


def _choose_number(answer_key: str, number_key: str) -> None:
    st.session_state[answer_key] = str(int(st.session_state.get(number_key) or 0))


def _options(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], answer_key: str
) -> None:
    """The answers as buttons (a seat, a player), or a number to type."""
    key = answer_key.removesuffix("_answer")
    options = board.options()
    if not options:
        st.number_input(
            t("lessons.answer_number", lang),
            min_value=0,
            max_value=10_000,
            step=1,
            key=f"{key}_number",
        )
        st.button(
            t("lessons.check", lang),
            key=f"{key}_submit",
            on_click=_choose_number,
            args=(answer_key, f"{key}_number"),
        )
        return
    columns = st.columns(min(len(options), 6))
    for i, option in enumerate(options):
        columns[i % len(columns)].button(
            option_label(option, names, lang, words),
            key=f"{key}_opt_{option}",
            width="stretch",
            on_click=_choose,
            args=(answer_key, option),
        )


def _on_table(board: LessonBoard, answer_key: str, text: str) -> None:
    """A move on the lesson's table: the learner's answer (a card with its colour, a draw, a
    catch, a challenge), judged below by the board."""
    assert board.state is not None
    try:
        action = uno.parse_action(text, board.state)
    except uno.NotationError:
        return
    if action.verb == "play" and action.card is not None:
        st.session_state[answer_key] = f"play {action.card}"
        st.session_state[f"{answer_key}_color"] = action.color.name if action.color else None
    else:
        st.session_state[answer_key] = text.split(": ", 1)[-1]
        st.session_state[f"{answer_key}_color"] = None
    st.session_state[f"{answer_key}_version"] = (
        int(st.session_state.get(f"{answer_key}_version", 0)) + 1
    )


def _answer(answer_key: str) -> tuple[str, str | None] | None:
    """The learner's answer to a board (the choice and a wild's colour), or None yet."""
    chosen = st.session_state.get(answer_key)
    if chosen is None:
        return None
    color = st.session_state.get(f"{answer_key}_color")
    if chosen.startswith("play W") and color is None:
        color = "B"  # "show me" plays a wild: any colour is right
    return str(chosen), color


def _right_move(
    board: PlayBoard | ChoiceBoard, answer_key: str
) -> tuple[GameState, list[uno.Event]] | None:
    """The state after the learner's move and what happened, when that move is the right one."""
    answer = _answer(answer_key)
    if answer is None or board.state is None or not board.judge(*answer).right:
        return None
    after, events = uno.apply(board.state, board.action(*answer))
    return after, list(events)


def _move_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], answer_key: str
) -> None:
    """play, choice: the situation on the game table, where the learner makes the move. The
    cards are not lit (that would give the answer away); a refused card is explained at the
    hand, with its rule and lesson."""
    assert isinstance(board, PlayBoard | ChoiceBoard) and board.state is not None
    state = board.state
    acting = frozenset({board.learner})
    story: list[str] = []
    done = _right_move(board, answer_key)
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
        version=int(st.session_state.get(f"{answer_key}_version", 0)),
    )
    show_table(
        model,
        key=f"{answer_key}_table",
        on_action=lambda text, version: _on_table(board, answer_key, text),
    )


def _after_move_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], answer_key: str
) -> None:
    """next_seat, points: the situation, the card just played (and the hands left), then the
    learner answers with a seat or a number."""
    _situation_after_move(board, names, lang)
    _options(board, names, lang, words, answer_key)


def _dealer_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], answer_key: str
) -> None:
    _situation_dealer(board, names, lang)
    _options(board, names, lang, words, answer_key)


def _first_player_board(
    board: LessonBoard, names: list[str], lang: str, words: dict[str, Any], answer_key: str
) -> None:
    _situation_first_player(board, names, lang)
    _options(board, names, lang, words, answer_key)


#: How each board kind is drawn and answered (a new kind adds one line here, and one class in
#: ``uno.academy.lessons.BOARDS``).
BOARD_VIEWS: dict[str, Callable[[LessonBoard, list[str], str, dict[str, Any], str], None]] = {
    "play": _move_board,
    "choice": _move_board,
    "next_seat": _after_move_board,
    "points": _after_move_board,
    "dealer": _dealer_board,
    "first_player": _first_player_board,
}


def show_board(
    lesson: Lesson, lang: str, words: dict[str, Any], on_right: Callable[[], None]
) -> None:
    board = board_of(lesson)
    key = f"lesson_{lesson.key}"
    names = _names(board.state, board.players, lang)
    st.subheader(t("lessons.board", lang))
    st.write(words["board"]["prompt"])
    answer_key = f"{key}_answer"
    BOARD_VIEWS[board.kind](board, names, lang, words, answer_key)
    right = board.right_options()
    st.button(
        t("lessons.show_me", lang), key=f"{key}_show", on_click=_choose, args=(answer_key, right[0])
    )

    answer = _answer(answer_key)
    if answer is None:
        return
    verdict = board.judge(*answer)
    answer_text = join_words([option_label(o, names, lang, words) for o in right], lang)
    fill = {"answer": answer_text}
    _feedback(
        verdict,
        words["board"]["right"].format(**fill),
        words["board"]["wrong"].format(**fill),
        lang,
    )
    if verdict.right:
        on_right()


def _answer_label(q: Question, value: str, words: dict[str, Any], lang: str) -> str:
    if q.kind in ("legal", "bluff"):
        return t(f"lessons.{value}", lang)
    if q.kind == "choice":
        return str(words["quiz"][q.id]["options"][value])
    if q.kind in ("next_seat", "first_player", "dealer"):
        state = scenario_of(q.scenario) if q.scenario else None
        count = (
            state.n_players
            if state is not None
            else (len(q.cards) if q.kind == "dealer" else q.players)
        )
        return _names(state, count, lang)[int(value)]
    return value


ATTEMPTS: Final = "lesson_attempts"


def attempts(lesson: Lesson) -> dict[str, Attempt]:
    """This session's tries on the lesson's questions (kept per lesson)."""
    book: dict[str, dict[str, Attempt]] = st.session_state.setdefault(ATTEMPTS, {})
    return book.setdefault(lesson.key, {})


def _check(lesson: Lesson, q: Question, key: str) -> None:
    """The Check button: the answer chosen is judged by the engine's answer."""
    raw = st.session_state.get(f"{key}_value")
    if raw is None:
        st.session_state[f"{key}_empty"] = True
        return
    st.session_state.pop(f"{key}_empty", None)
    given = str(int(raw)) if q.kind in NUMERIC_KINDS else str(raw)
    book = attempts(lesson)
    before = book.get(q.id, Attempt())
    book[q.id] = before.answer(given, question_answer(q))
    on_answer = st.session_state.get(ON_ANSWER)
    if callable(on_answer) and not before.right:
        on_answer(lesson, q, book[q.id].right)


def _reveal(lesson: Lesson, q: Question) -> None:
    book = attempts(lesson)
    book[q.id] = book.get(q.id, Attempt()).reveal()


#: A callable (lesson, question, right) the page may leave here to record each answer.
ON_ANSWER: Final = "lesson_on_answer"


def show_quiz(lesson: Lesson, lang: str, words: dict[str, Any]) -> int:
    """Draw the quiz; returns how many questions are answered right. A wrong answer says
    "not quite" and lets the learner try again; after two wrong tries, or on request, the right
    answer is shown with its explanation."""
    st.subheader(t("lessons.quiz", lang))
    right = 0
    book = attempts(lesson)
    for number, q in enumerate(lesson.quiz, start=1):
        key = f"lesson_{lesson.key}_{q.id}"
        text = words["quiz"][q.id]
        attempt = book.get(q.id, Attempt())
        st.markdown(f"**{t('lessons.question', lang, number=number)}.** {text['prompt']}")
        options = question_options(q)
        with st.container(border=True, key=f"{key}_box"):
            if q.kind in NUMERIC_KINDS:
                st.number_input(
                    t("lessons.answer_number", lang),
                    min_value=0,
                    max_value=10_000,
                    step=1,
                    value=None,
                    placeholder=t("lessons.number_hint", lang),
                    key=f"{key}_value",
                    disabled=attempt.right,
                )
            else:
                st.radio(
                    t("lessons.answer_number", lang),
                    options,
                    index=None,
                    key=f"{key}_value",
                    format_func=partial(_answer_label, q, words=words, lang=lang),
                    label_visibility="collapsed",
                    horizontal=len(options) <= 4,
                    disabled=attempt.right,
                )
            left, middle = st.columns([1, 2])
            left.button(
                t("lessons.check", lang),
                key=f"{key}_submit",
                on_click=_check,
                args=(lesson, q, key),
                disabled=attempt.right,
                type="primary",
            )
            if not attempt.right and not attempt.shown:
                middle.button(
                    t("lessons.show_answer", lang),
                    key=f"{key}_reveal",
                    on_click=_reveal,
                    args=(lesson, q),
                )
            if st.session_state.get(f"{key}_empty"):
                st.info(t("lessons.choose_first", lang))
            _quiz_feedback(q, attempt, text, words, lang)
        right += attempt.right
    return right


def _quiz_feedback(
    q: Question, attempt: Attempt, text: dict[str, Any], words: dict[str, Any], lang: str
) -> None:
    answer = question_answer(q)
    fill = {"answer": _answer_label(q, answer, words, lang)}
    explanation = text["explain"].format(**fill)
    if attempt.right:
        st.success(f"**{t('lessons.right', lang)}** {explanation}")
    elif attempt.given is not None and not attempt.shown:
        st.warning(f"**{t('lessons.wrong', lang)}** {t('lessons.try_again', lang)}")
        return
    elif attempt.shown:
        why = ""
        if q.kind == "choice" and attempt.given is not None and attempt.given != answer:
            why = f"{text['why'][attempt.given]} "
        st.info(f"**{t('lessons.the_answer', lang)}** {why}{explanation}")
    else:
        return
    refusal = question_refusal(q)
    if refusal is not None:
        st.caption(f"{t(f'reason.{refusal.reason}', lang)} " + rule_links((refusal.rule,), lang))


def show_lesson(lesson: Lesson, lang: str, mark_done: Callable[[], None]) -> None:
    markdown, words = lesson_text(lesson, lang)
    st.title(t("lessons.heading", lang, number=lesson.number, title=words["title"]))
    show_explanation(markdown, lang)
    st.caption(rule_links(lesson.rules, lang))
    board_key = f"lesson_{lesson.key}_board_right"

    def board_right() -> None:
        st.session_state[board_key] = True

    show_board(lesson, lang, words, board_right)
    show_quiz(lesson, lang, words)
    if lesson_passed(bool(st.session_state.get(board_key)), attempts(lesson), lesson):
        mark_done()
        st.success(t("lessons.lesson_done", lang))


__all__ = ["BOARD_VIEWS", "option_label", "player_name", "show_lesson", "show_lessons"]


DONE_KEY = "lessons_done"
PICK_KEY = "lesson_pick"


def show_lessons(lang: str) -> None:
    """The lessons page: the lesson chosen in the sidebar (or by ``?lesson=``), progress kept in
    the session and mirrored in ``?done=``, and a link to the next lesson."""
    all_lessons = lessons()

    if DONE_KEY not in st.session_state:  # first visit in this session: the URL may carry progress
        st.session_state[DONE_KEY] = parse_progress(
            None, st.query_params.get("done"), len(all_lessons)
        )[1]
    url_lesson = st.query_params.get("lesson")
    if PICK_KEY not in st.session_state or url_lesson != st.session_state.get("lesson_url"):
        # A shared link, the "next lesson" link or a typed URL chose the lesson.
        st.session_state[PICK_KEY] = parse_progress(url_lesson, None, len(all_lessons))[0]

    done: list[int] = st.session_state[DONE_KEY]
    token = current_device()
    if token is not None and st.session_state.get(LOADED) != token:
        _load_progress(token, done)
    st.session_state[ON_ANSWER] = _recorder(token)
    titles = {lesson.number: lesson_text(lesson, lang)[1]["title"] for lesson in all_lessons}

    def label(number: int) -> str:
        mark = f"{t('lessons.done_mark', lang)} " if number in done else ""
        return f"{mark}{number}. {titles[number]}"

    with st.sidebar:
        st.selectbox(
            t("lessons.choose", lang),
            [lesson.number for lesson in all_lessons],
            key=PICK_KEY,
            format_func=label,
        )
        st.caption(
            t("lessons.progress", lang, done=len(done), total=len(all_lessons), count=len(done))
        )
        if st.session_state.get(SAVE_FAILED):
            st.caption(t("lessons.not_saved", lang))
        show_class_join(lang, token)

    number: int = st.session_state[PICK_KEY]
    st.query_params["lesson"] = str(number)
    st.session_state["lesson_url"] = str(number)
    if done:
        st.query_params["done"] = format_progress(done)
    lesson = all_lessons[number - 1]

    def mark_done() -> None:
        if number not in done:
            done.append(number)
            done.sort()
            st.query_params["done"] = format_progress(done)
            if token is not None:
                _save(lambda store: store.pass_lesson(token, number))

    show_lesson(lesson, lang, mark_done)

    if number < len(all_lessons):
        st.page_link(
            "pages/2_lessons.py",
            label=t("lessons.next_lesson", lang, title=titles[number + 1]),
            icon=":material/arrow_forward:",
            query_params={
                "lang": lang,
                "lesson": str(number + 1),
                **({"done": format_progress(done)} if done else {}),
            },
        )
    elif len(done) == len(all_lessons):
        st.info(t("lessons.all_done", lang))


# -- progress that stays on this device, and the class a pupil joins ---------------------------

LOADED: Final = "lessons_loaded_for"
SAVE_FAILED: Final = "lessons_save_failed"
CLASS_MESSAGE: Final = "lessons_class_message"


def _save(write: Callable[[Any], object]) -> bool:
    """One change in the store; a store that cannot be used leaves progress in this session
    (and says so in the sidebar), never an error on the page."""
    try:
        with db.open_store() as store:
            write(store)
    except (db.StoreError, OSError):
        st.session_state[SAVE_FAILED] = True
        return False
    st.session_state.pop(SAVE_FAILED, None)
    return True


def _load_progress(token: str, done: list[int]) -> None:
    """Once per session, when the device is known: the lessons it passed and the questions it
    answered right come back (from any earlier visit), joined with this session's."""
    st.session_state[LOADED] = token
    if not db.database_exists():
        return
    try:
        with db.open_store() as store:
            kept = store.progress(token)
    except (db.StoreError, OSError):
        st.session_state[SAVE_FAILED] = True
        return
    for number in sorted(kept.passed):
        if number not in done:
            done.append(number)
    done.sort()
    by_key = {lesson.number: lesson for lesson in lessons()}
    for (number, question), answer in kept.answers.items():
        lesson = by_key.get(number)
        if lesson is None or not answer.ever_right:
            continue
        book = attempts(lesson)
        book.setdefault(question, Attempt(wrong=answer.wrong, right=True))
    for number in kept.passed:
        if number in by_key:
            st.session_state[f"lesson_{by_key[number].key}_board_right"] = True


def _recorder(token: str | None) -> Callable[[Lesson, Question, bool], None] | None:
    if token is None:
        return None

    def record(lesson: Lesson, q: Question, right: bool) -> None:
        _save(lambda store: store.record_answer(token, lesson.number, q.id, right))

    return record


def _join(token: str, lang: str) -> None:
    code = str(st.session_state.get("lessons_class_code", ""))
    name = str(st.session_state.get("lessons_class_name", ""))
    try:
        with db.open_store() as store:
            joined = store.join_class(token, code, name, address=network_address())
    except db.CodeRefused as refused:
        key = "lessons.class_too_many" if refused.reason == "too_many" else "lessons.class_wrong"
        st.session_state[CLASS_MESSAGE] = ("warning", t(key, lang))
        return
    except ScenarioError:
        st.session_state[CLASS_MESSAGE] = ("warning", t("lessons.class_bad_name", lang))
        return
    except (db.StoreError, OSError) as fault:
        st.session_state[CLASS_MESSAGE] = (
            "error",
            t(store_fault(fault, "lessons.class_store"), lang),
        )
        return
    st.session_state[CLASS_MESSAGE] = (
        "success",
        t(
            "lessons.class_joined",
            lang,
            name=inert(joined.first_name),
            klass=inert(joined.class_name),
        ),
    )
    st.session_state.pop("lessons_class_code", None)


def _leave(token: str, lang: str) -> None:
    if _save(lambda store: store.leave_class(token)):
        st.session_state[CLASS_MESSAGE] = ("info", t("lessons.class_left", lang))


def show_class_join(lang: str, token: str | None) -> None:
    """The sidebar's class: a pupil types the class code the teacher shows, and a first name,
    once; the teacher then sees the lessons they pass. Pupils see nothing of each other."""
    if token is None:
        return
    member = None
    if db.database_exists():
        try:
            with db.open_store() as store:
                member = store.membership(token)
        except (db.StoreError, OSError):
            member = None
    with st.expander(t("lessons.class_title", lang), expanded=False):
        if member is not None:
            st.write(
                t(
                    "lessons.class_member",
                    lang,
                    name=inert(member.first_name),
                    klass=inert(member.class_name),
                )
            )
            st.button(
                t("lessons.class_leave", lang),
                key="lessons_class_leave",
                on_click=_leave,
                args=(token, lang),
            )
        else:
            st.caption(t("lessons.class_help", lang))
            st.text_input(
                t("lessons.class_code", lang),
                key="lessons_class_code",
                max_chars=24,
                placeholder=t("lessons.class_code_hint", lang),
            )
            st.text_input(
                t("lessons.class_name", lang),
                key="lessons_class_name",
                max_chars=40,
                placeholder=t("lessons.class_name_hint", lang),
            )
            st.button(
                t("lessons.class_join", lang),
                key="lessons_class_join",
                on_click=_join,
                args=(token, lang),
                type="primary",
            )
        message = st.session_state.pop(CLASS_MESSAGE, None)
        if message:
            getattr(st, message[0])(message[1])
