"""A question of a lesson's quiz, one step of the lesson: an answer to choose or a number to
type, "check", a hint on request, and the verdict. A wrong answer says what to look at (for a
number, the card probably miscounted) and lets the learner try again; after two wrong tries the
right answer is shown with its explanation, never before. The engine gives each question's
answer (``uno.academy.lessons.question_answer``)."""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from uno.academy.i18n import t
from uno.academy.lessons import (
    NUMERIC_KINDS,
    Attempt,
    Lesson,
    Question,
    counted_cards,
    question_answer,
    question_options,
    question_refusal,
    scenario_of,
)
from uno.ui.lessons import keys
from uno.ui.lessons.parts import miscount_text, names_of, rule_links
from uno.ui.lessons.progress import attempts, settle

__all__ = ["answer_label", "show_question"]


def answer_label(q: Question, value: str, words: dict[str, Any], lang: str) -> str:
    """How an answer to ``q`` reads: yes or no, an option's words, a player's name, a number."""
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
        return names_of(state, count, lang)[int(value)]
    return value


def _check(lesson: Lesson, q: Question, qkeys: keys.QuestionKeys) -> None:
    """The Check button: the answer chosen is judged by the engine's answer; a right one may
    complete the lesson (``settle``: it is passed before the page is drawn)."""
    raw = st.session_state.get(qkeys.value)
    if raw is None:
        st.session_state[qkeys.empty] = True
        return
    st.session_state.pop(qkeys.empty, None)
    given = str(int(raw)) if q.kind in NUMERIC_KINDS else str(raw)
    book = attempts(lesson)
    before = book.get(q.id, Attempt())
    book[q.id] = before.answer(given, question_answer(q))
    on_answer = st.session_state.get(keys.ON_ANSWER)
    if callable(on_answer) and not before.right:
        on_answer(lesson, q, book[q.id].right)
    settle(lesson)


def _hint(qkeys: keys.QuestionKeys) -> None:
    st.session_state[qkeys.hinted] = True


def show_question(lesson: Lesson, q: Question, lang: str, words: dict[str, Any]) -> None:
    """One question of the quiz (a step of the lesson): an answer to choose or a number to
    type, "check", a hint on request, and the verdict. A wrong answer says what to look at
    (what was probably miscounted, for a number) and lets the learner try again; after two
    wrong tries the right answer is shown with its explanation, never before."""
    qkeys = keys.question_keys(lesson.key, q.id)
    text = words["quiz"][q.id]
    attempt = attempts(lesson).get(q.id, Attempt())
    st.markdown(f"**{text['prompt']}**")
    options = question_options(q)
    with st.container(border=True, key=qkeys.box):
        if q.kind in NUMERIC_KINDS:
            st.number_input(
                t("lessons.answer_number", lang),
                min_value=0,
                max_value=10_000,
                step=1,
                value=None,
                placeholder=t("lessons.number_hint", lang),
                key=qkeys.value,
                disabled=attempt.right,
            )
        else:
            st.radio(
                t("lessons.answer_number", lang),
                options,
                index=None,
                key=qkeys.value,
                format_func=partial(answer_label, q, words=words, lang=lang),
                label_visibility="collapsed",
                horizontal=len(options) <= 4,
                disabled=attempt.right,
            )
        left, middle = st.columns([1, 2])
        left.button(
            t("lessons.check", lang),
            key=qkeys.submit,
            on_click=_check,
            args=(lesson, q, qkeys),
            disabled=attempt.right,
            type="primary",
        )
        if not attempt.right and not attempt.shown:
            middle.button(t("lessons.hint", lang), key=qkeys.hint, on_click=_hint, args=(qkeys,))
        if st.session_state.get(qkeys.empty):
            st.info(t("lessons.choose_first", lang))
        if st.session_state.get(qkeys.hinted) and not attempt.right:
            st.info(
                str(text.get("hint") or t("lessons.look_again", lang)), icon=":material/lightbulb:"
            )
        _quiz_feedback(q, attempt, text, words, lang)


def _quiz_feedback(
    q: Question, attempt: Attempt, text: dict[str, Any], words: dict[str, Any], lang: str
) -> None:
    """The verdict on a question: right (with the explanation); wrong (what was probably
    miscounted, else where to look); or, after two wrong tries, the answer shown (why the
    choice given is wrong, then the explanation), and the rule it rests on."""
    answer = question_answer(q)
    fill = {"answer": answer_label(q, answer, words, lang)}
    explanation = text["explain"].format(**fill)
    if attempt.right:
        st.success(f"**{t('lessons.right', lang)}** {explanation}")
    elif attempt.given is not None and not attempt.shown:
        st.warning(f"**{t('lessons.wrong', lang)}** {_what_to_look_at(q, attempt, lang)}")
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


def _what_to_look_at(q: Question, attempt: Attempt, lang: str) -> str:
    """After a wrong try: the card a wrong total probably miscounted, else "look again"."""
    cards = counted_cards(q)
    if cards is not None and attempt.given is not None and attempt.given.isdigit():
        slip = miscount_text(cards, int(attempt.given), lang)
        if slip is not None:
            return slip
    return t("lessons.look_again", lang)
