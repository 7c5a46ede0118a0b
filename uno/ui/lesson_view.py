"""Drawing one lesson: the explanation with card rows, the try-it board and the quiz.

The engine judges every answer (``uno.academy.lessons``); this module only turns its verdicts into
pictures and words. Session keys are prefixed with the lesson's key so lessons never share state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from uno.academy.i18n import t
from uno.academy.lessons import (
    NUMERIC_KINDS,
    Lesson,
    Question,
    Verdict,
    board_answer,
    board_options,
    board_state,
    judge_board,
    lesson_text,
    question_answer,
    question_options,
    question_refusal,
    right_board_options,
    scenario_of,
)
from uno.cards import Card, Color
from uno.state import GameState, Phase
from uno.ui.cards import card_label, color_badge_html, show_cards

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


def show_board(
    lesson: Lesson, lang: str, words: dict[str, Any], on_right: Callable[[], None]
) -> None:
    board = lesson.board
    key = f"lesson_{lesson.key}"
    state = board_state(lesson)
    count = (
        state.n_players
        if state is not None
        else (len(board.cards) if board.kind == "dealer" else board.players)
    )
    names = _names(state, count, lang)
    st.subheader(t("lessons.board", lang))
    st.write(words["board"]["prompt"])

    if state is not None and board.kind in ("play", "choice", "next_seat", "points"):
        learner = state.turn if board.seat is None else board.seat
        if board.kind in ("next_seat", "points"):
            assert board.action is not None
            mover = int(board.action.split(":")[0])
            _table(state, lang, mover, board.show_hands)
            card = Card(board.action.split()[-1])
            st.caption(t("lessons.plays", lang, name=names[mover]))
            show_cards([card], lang, caption=True)
            if board.kind == "points":
                for seat in range(state.n_players):
                    if seat != mover:
                        st.caption(t("lessons.hand_of", lang, name=names[seat]))
                        show_cards(sorted(state.hands[seat]), lang, size="sm", caption=True)
        else:
            _table(state, lang, learner, board.show_hands)
    elif board.kind == "dealer":
        cols = st.columns(len(board.cards))
        for seat, (col, code) in enumerate(zip(cols, board.cards, strict=True)):
            with col:
                st.caption(t("lessons.dealer_draw", lang, name=names[seat]))
                show_cards([Card(code)], lang, caption=True)
    elif board.kind == "first_player":
        assert board.first is not None
        st.caption(t("lessons.dealer_is", lang, name=names[board.dealer]))
        st.caption(t("lessons.first_card", lang))
        show_cards([Card(board.first)], lang, caption=True)

    answer_key = f"{key}_answer"
    options = board_options(lesson)
    color: str | None = None
    if any(o.startswith("play W") for o in options):
        color = st.selectbox(
            t("lessons.wild_color", lang),
            [c.name for c in Color],
            key=f"{key}_color",
            format_func=lambda code: t(f"color.{code}", lang),
        )
    if board.kind == "points":
        with st.form(f"{key}_form"):
            number = st.number_input(
                t("lessons.answer_number", lang),
                min_value=0,
                max_value=10_000,
                step=1,
                key=f"{key}_number",
            )
            if st.form_submit_button(t("lessons.check", lang), key=f"{key}_submit"):
                st.session_state[answer_key] = str(int(number))
    else:
        columns = st.columns(min(len(options), 6))
        for i, option in enumerate(options):
            with columns[i % len(columns)]:
                if st.button(
                    option_label(option, names, lang, words),
                    key=f"{key}_opt_{option}",
                    use_container_width=True,
                ):
                    st.session_state[answer_key] = option
    if st.button(t("lessons.show_me", lang), key=f"{key}_show"):
        st.session_state[answer_key] = right_board_options(lesson)[0]

    chosen = st.session_state.get(answer_key)
    if chosen is None:
        return
    verdict = judge_board(lesson, chosen, color)
    right = right_board_options(lesson)
    answer_text = ", ".join(option_label(o, names, lang, words) for o in right)
    fill = {"answer": answer_text}
    _feedback(
        verdict,
        words["board"]["right"].format(**fill),
        words["board"]["wrong"].format(**fill),
        lang,
    )
    if verdict.right:
        on_right()
        if verdict.state is not None and board.kind == "play" and not verdict.state.is_over:
            st.caption(t("lessons.top_card", lang))
            show_cards(
                [verdict.state.top],
                lang,
                caption=True,
                named=verdict.state.current_color if verdict.state.top.is_wild else None,
            )


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


def show_quiz(lesson: Lesson, lang: str, words: dict[str, Any]) -> int:
    """Draw the quiz; returns how many questions have been answered."""
    st.subheader(t("lessons.quiz", lang))
    answered = 0
    for number, q in enumerate(lesson.quiz, start=1):
        key = f"lesson_{lesson.key}_{q.id}"
        text = words["quiz"][q.id]
        st.markdown(f"**{t('lessons.question', lang, number=number)}.** {text['prompt']}")
        options = question_options(q)
        with st.form(f"{key}_form"):
            value: str | float | None
            if q.kind in NUMERIC_KINDS:
                value = st.number_input(
                    t("lessons.answer_number", lang),
                    min_value=0,
                    max_value=10_000,
                    step=1,
                    key=f"{key}_value",
                )
            else:
                value = st.radio(
                    t("lessons.answer_number", lang),
                    options,
                    index=None,
                    key=f"{key}_value",
                    format_func=partial(_answer_label, q, words=words, lang=lang),
                    label_visibility="collapsed",
                    horizontal=len(options) <= 4,
                )
            submitted = st.form_submit_button(t("lessons.check", lang), key=f"{key}_submit")
            if submitted and value is not None:
                st.session_state[f"{key}_given"] = (
                    str(int(value)) if q.kind in NUMERIC_KINDS else value
                )
        given = st.session_state.get(f"{key}_given")
        if given is None:
            continue
        answered += 1
        answer = question_answer(q)
        fill = {"answer": _answer_label(q, answer, words, lang)}
        explanation = text["explain"].format(**fill)
        if q.kind == "choice":
            explanation = f"{text['why'][given]} {explanation}" if given != answer else explanation
        if given == answer:
            st.success(f"**{t('lessons.right', lang)}** {explanation}")
        else:
            st.warning(f"**{t('lessons.wrong', lang)}** {explanation}")
        refusal = question_refusal(q)
        if refusal is not None:
            st.caption(
                f"{t(f'reason.{refusal.reason}', lang)} " + rule_links((refusal.rule,), lang)
            )
    return answered


def show_lesson(lesson: Lesson, lang: str, mark_done: Callable[[], None]) -> None:
    markdown, words = lesson_text(lesson, lang)
    st.title(t("lessons.heading", lang, number=lesson.number, title=words["title"]))
    show_explanation(markdown, lang)
    st.caption(rule_links(lesson.rules, lang))
    board_key = f"lesson_{lesson.key}_board_right"

    def board_right() -> None:
        st.session_state[board_key] = True

    show_board(lesson, lang, words, board_right)
    answered = show_quiz(lesson, lang, words)
    if st.session_state.get(board_key) and answered == len(lesson.quiz):
        mark_done()
        st.success(t("lessons.lesson_done", lang))


__all__ = ["board_answer", "option_label", "player_name", "show_lesson"]
