"""The probability lab's page (pages/5_lab.py): one question at a time. Without ``?q=`` the
contents (``uno.ui.lab.contents``: a card per question with its one-line answer); with
``?q=can-play`` (or another of ``lab.QUESTIONS``) that question alone, a fragment that reruns
alone, with the way back to the contents and on to the next question. Only the open question's
charts are drawn. A ``?q=`` that names no question shows the contents and says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.ui.lab import keys
from uno.ui.lab.can_play import can_play
from uno.ui.lab.challenge import challenge
from uno.ui.lab.contents import show_contents
from uno.ui.lab.game_length import game_length
from uno.ui.lab.hand_worth import hand_worth
from uno.ui.lab.opening_hand import opening_hand
from uno.ui.lab.parts import title
from uno.ui.lab.polls import forget_polls, forget_seen
from uno.ui.lab.strength import strength
from uno.ui.lab.who_wins import who_wins

__all__ = ["VIEWS", "show_lab"]

#: Each question's view, drawn with the reader's language and seed.
VIEWS: Final[dict[str, Callable[[str, int], None]]] = {
    "can-play": can_play,
    "opening-hand": lambda lang, _seed: opening_hand(lang),
    "challenge": lambda lang, _seed: challenge(lang),
    "hand-worth": lambda lang, _seed: hand_worth(lang),
    "game-length": game_length,
    "who-wins": who_wins,
    "strength": lambda lang, _seed: strength(lang),
}


def show_lab(lang: str) -> None:
    """The whole page. This body runs on full runs only; the question is a fragment."""
    forget_polls()  # a full run: the browser has dropped every polling timer
    keys.remember()  # the settings of the questions this run does not draw
    try:
        question, bad = lab.parse_question(st.query_params.get(keys.QUESTION_PARAM)), False
    except ValueError:
        question, bad = None, True  # said on the contents; the URL stays as it was
    if not bad:
        # The browser's address follows what the page shows (a link to this same page with
        # other parameters leaves the old ones in it): the contents, or this one question.
        if question is None:
            st.query_params.pop(keys.QUESTION_PARAM, None)
            st.query_params.update()
        else:
            st.query_params[keys.QUESTION_PARAM] = question
    if question is None:
        show_contents(lang, bad_link=bad)
    else:
        _question(question, lang)
    forget_seen()  # answers a poll left for this run and it did not need


def _question(question: str, lang: str) -> None:
    """One question: the way back, the question (a fragment), the previous and next ones."""
    with st.sidebar:
        st.number_input(
            t("lab.seed", lang),
            min_value=0,
            max_value=2**31 - 1,
            step=1,
            value=keys.kept_within(keys.SEED, 0, 2**31 - 1),
            key=keys.SEED.key,
            help=t("lab.seed_help", lang),
        )
    seed = int(keys.current(keys.SEED))
    with st.container(key=keys.BACK):
        _link(lang, None, t("lab.back", lang), ":material/arrow_back:")
    VIEWS[question](lang, seed)
    place = lab.QUESTIONS.index(question)
    with st.container(horizontal=True, gap="medium", key=keys.NAV):
        if place > 0:
            before = lab.QUESTIONS[place - 1]
            label = t("lab.previous", lang, title=title(before, lang))
            _link(lang, before, label, ":material/arrow_back:")
        if place + 1 < len(lab.QUESTIONS):
            after = lab.QUESTIONS[place + 1]
            _link(lang, after, t("lab.next", lang, title=title(after, lang)), None)


def _link(lang: str, question: str | None, label: str, icon: str | None) -> None:
    """A link to ``question`` (None: the contents), in the reader's language."""
    params = {"lang": lang} if question is None else {"lang": lang, keys.QUESTION_PARAM: question}
    st.page_link(
        keys.PAGE, label=label, icon=icon or ":material/arrow_forward:", query_params=params
    )
