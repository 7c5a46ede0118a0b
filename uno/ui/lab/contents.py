"""The lab's contents (its page without ``?q=``): the title, one sentence of introduction and a
card per question, its title a link to its own view and under it its one-line answer, with the
numbers the question shows at its default settings (``uno.academy.lab.overview``). No chart is
drawn here, so the page is light on a phone.

An old link to the page that showed every question at once (``lab#challenge``, ``lab#seat``)
carries its anchor after ``#``, which never reaches the server: a small component reads it in
the browser and sends it once; the page then opens that question (``?q=``)."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import streamlit as st

from uno.academy import lab, lab_strength
from uno.academy.i18n import card_the, t
from uno.cards import parse_card
from uno.ui.lab import keys
from uno.ui.lab.parts import pct, strategy_name, title

__all__ = ["answer", "show_contents"]

#: Reads the address's anchor once per page load and sends it (at most 40 characters).
_JS: Final = """
export default function (component) {
  const { setTriggerValue } = component;
  const anchor = decodeURIComponent(window.location.hash.slice(1)).slice(0, 40);
  if (!anchor || window.__unoLabAnchor === window.location.href) return;
  window.__unoLabAnchor = window.location.href;
  setTriggerValue("anchor", anchor);
}
"""


@cache
def _component() -> Any:
    return st.components.v2.component("uno_lab_anchor", js=_JS)


@st.cache_data(show_spinner=False, max_entries=1)
def _overview() -> dict[str, dict[str, Any]]:
    """The contents' numbers, the same for every reader (a quarter of a second, once)."""
    return lab.overview(lab_strength.strength_table())


def answer(question: str, numbers: dict[str, Any], lang: str) -> str:
    """The one-line answer of ``question`` in ``lang``, from its numbers in ``overview``."""
    words = lab.QUESTION_WORDS[question]
    share = pct(float(numbers.get("share", 0.0)), lang)
    count = int(numbers.get("count", 0))
    if question == "can-play":
        the_card = card_the(parse_card(numbers["top"]), lang)
        return t("lab.can_play.answer", lang, count=count, the_card=the_card, share=share)
    if question == "challenge":
        advice = "answer_challenge" if numbers["challenge"] else "answer_accept"
        return t(f"lab.challenge.{advice}", lang, count=count, share=share)
    if question == "hand-worth":
        points = t("scoring.points", lang, count=int(numbers["points"]))
        return t("lab.worth.answer", lang, count=count, points=points)
    if question == "who-wins":
        name = strategy_name(str(numbers["strategy"]), lang)
        return t("lab.wins.answer", lang, strategy=name, share=share)
    if question == "strength":
        return t("lab.strength.answer", lang, share=share)
    return t(f"lab.{words}.answer", lang, count=count, share=share)


def _anchor_sent() -> None:
    """The component's callback: the question an old link's anchor names opens, if any."""
    value: Any = st.session_state.get(keys.ANCHOR)
    sent = value.get("anchor") if hasattr(value, "get") else None
    try:
        question = lab.parse_question(sent)
    except ValueError:
        return  # an anchor of no question: the contents, as the link showed before
    if question is not None:
        st.query_params[keys.QUESTION_PARAM] = question


def show_contents(lang: str, bad_link: bool = False) -> None:
    """The contents: a card per question with its one-line answer. ``bad_link``: the address
    named no question, which is said first."""
    st.title(t("nav.lab", lang))
    if bad_link:
        st.warning(t("lab.bad_question", lang), icon=":material/link_off:")
    st.write(t("lab.intro", lang))
    numbers = _overview()
    for place, question in enumerate(lab.QUESTIONS, 1):
        with st.container(border=True, key=keys.card(question), gap="small"):
            st.page_link(
                keys.PAGE,
                label=f"{place}. {title(question, lang)}",
                icon=":material/arrow_forward:",
                query_params={"lang": lang, keys.QUESTION_PARAM: question},
            )
            st.caption(answer(question, numbers[question], lang))
    _component()(key=keys.ANCHOR, on_anchor_change=_anchor_sent)
