"""What "Review my round" draws on every table: the button that asks for it, the review (the
accuracy, the key moments first with the better move and "Try again from here", then every
decision), the children's version (stars and a kind word, no grades), and the teacher's
summary of a room (per pupil: decisions, accuracy, the costliest moment; no cards)."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from uno.academy.i18n import percent, t
from uno.academy.review import (
    Request,
    RoundReview,
    better_text,
    chances_text,
    did_text,
    grade_text,
    stars,
    try_again,
    worst_text,
)
from uno.academy.sandbox import encode_share
from uno.academy.table_setup import TableSetup
from uno.review import Verdict
from uno.state import GameState
from uno.ui.review import keys
from uno.ui.review.board import follow
from uno.ui.words import inert

__all__ = ["ask", "ask_button", "asked", "close", "show_review", "show_summary"]

#: What a table does with "Try again from here" when the sandbox is the page itself: opens the
#: situation there (else a link to the sandbox carries it).
OpenHere = Callable[[GameState, TableSetup], None]
SANDBOX_PAGE = "pages/3_sandbox.py"
#: A mark for each star a child earned, and for each one missing.
STAR, NO_STAR = "★", "☆"


def ask(table: str, request: Request) -> None:
    """Ask for ``request`` on ``table`` (a button's callback)."""
    st.session_state[keys.asked(table)] = request
    st.session_state.pop(keys.seen(table), None)


def close(table: str) -> None:
    """The review of ``table`` is closed."""
    for key in (keys.asked(table), keys.seen(table), keys.polling(table)):
        st.session_state.pop(key, None)


def asked(table: str) -> Request | None:
    """The review asked on ``table``, if any."""
    request = st.session_state.get(keys.asked(table))
    return request if isinstance(request, Request) else None


def ask_button(
    lang: str, table: str, request: Request, *, kids: bool = False, name: str | None = None
) -> None:
    """The "Review my round" button (``name``: whose round, when several played here)."""
    base = "review.kids" if kids else "review"
    label = t(f"{base}.button", lang) if name is None else t(f"{base}.button_of", lang, name=name)
    suffix = "" if name is None else f"_{request.rounds[0].seat}"
    st.button(
        label,
        key=keys.widget(table, f"ask{suffix}"),
        type="primary",
        icon=":material/insights:",
        on_click=ask,
        args=(table, request),
        width="stretch",
    )


def show_review(
    lang: str,
    table: str,
    *,
    kids: bool = False,
    open_here: OpenHere | None = None,
    redeal: bool = False,
    on_close: Callable[[], None] | None = None,
) -> bool:
    """The review asked on ``table``, if any (True then): its progress, then the review.
    ``open_here``: "Try again" opens the moment on this page (the sandbox), else a link to the
    sandbox carries it; ``redeal``: the hidden cards of that moment dealt anew (a room)."""
    request = asked(table)
    if request is None or not request.rounds:
        return False
    with st.container(key=f"review_{table}"):

        def draw(reviews: tuple[RoundReview, ...]) -> None:
            _draw(lang, table, reviews[0], kids=kids, open_here=open_here, redeal=redeal)

        follow(lang, table, request, draw, kids=kids)
        st.button(
            t("review.close", lang),
            key=keys.widget(table, "close"),
            icon=":material/playing_cards:",
            on_click=on_close or close,
            args=() if on_close else (table,),
        )
    return True


def _stars(count: int) -> str:
    return STAR * count + NO_STAR * (3 - count)


def _draw(
    lang: str,
    table: str,
    done: RoundReview,
    *,
    kids: bool,
    open_here: OpenHere | None,
    redeal: bool,
) -> None:
    names = [inert(name) for name in done.round.names]
    who = names[done.round.seat]
    verdicts = done.verdicts
    base = "review.kids" if kids else "review"
    st.subheader(t(f"{base}.title", lang, name=who), anchor=False)
    if not verdicts:
        st.info(t(f"{base}.none", lang))
        return
    moments = done.key_moments
    if kids:
        count = done.stars
        st.markdown(f"## {_stars(count)}")
        st.success(
            f"{t('review.kids.stars', lang, count=count)} {t(f'review.kids.word.{count}', lang)}"
        )
        st.markdown(
            f"**{t('review.kids.moments' if moments else 'review.kids.no_moments', lang)}**"
        )
    else:
        share = done.accuracy or 0.0
        accuracy = t("review.accuracy", lang, share=percent(share, lang))
        st.markdown(f"**{accuracy}** · {t('review.decisions', lang, count=len(verdicts))}")
        st.caption(t("review.accuracy_help", lang))
        st.markdown(f"#### {t('review.key_moments', lang)}")
        if not moments:
            st.info(t("review.no_key_moments", lang))
    for verdict in moments:
        _moment(lang, table, done, verdict, names, kids, open_here, redeal)
    every = t("review.kids.every", lang) if kids else t("review.every", lang, count=len(verdicts))
    with st.expander(every):
        st.markdown("\n".join(f"- {_line(lang, v, names, kids)}" for v in verdicts))
    if not kids:
        st.caption(t("review.help", lang))


def _line(lang: str, verdict: Verdict, names: list[str], kids: bool) -> str:
    did = did_text(verdict, lang, names, kids=kids)
    if kids:
        line = t("review.kids.line", lang, step=verdict.step + 1, did=did)
        return f"{line} {_stars(stars(verdict.grade))}"
    grade = grade_text(verdict.grade, lang)
    return t("review.line", lang, step=verdict.step + 1, did=did, grade=grade)


def _moment(
    lang: str,
    table: str,
    done: RoundReview,
    verdict: Verdict,
    names: list[str],
    kids: bool,
    open_here: OpenHere | None,
    redeal: bool,
) -> None:
    """One key moment: what was done, the better move, and "Try again from here"."""
    better = better_text(verdict, lang, names, kids=kids)
    with st.container(border=True):
        st.markdown(f"**{_line(lang, verdict, names, kids)}**")
        if kids:
            st.markdown(t("review.kids.better", lang, move=better))
        else:
            st.markdown(t("review.better", lang, move=better))
            note = chances_text(verdict, lang)
            if verdict.rule is not None:
                note += f" {t('lessons.rule', lang, id=verdict.rule)}"
            st.caption(note)
        state, setup = try_again(done, verdict, redeal=redeal)
        label = t("review.kids.try_again" if kids else "review.try_again", lang)
        if open_here is not None:
            st.button(
                label,
                key=keys.widget(table, f"again_{verdict.step}"),
                icon=":material/replay:",
                help=t("review.try_again_help", lang),
                on_click=open_here,
                args=(state, setup),
            )
        else:
            st.page_link(
                SANDBOX_PAGE,
                label=label,
                icon=":material/replay:",
                help=t("review.try_again_help", lang),
                query_params={"lang": lang, "s": encode_share(state, setup.to_dict())},
            )


def show_summary(lang: str, table: str) -> None:
    """The teacher's summary of a room's round, when asked: per pupil, the decisions, the
    accuracy and the costliest moment in words (the better move is the pupil's own card)."""
    request = asked(table)
    if request is None:
        return

    def draw(reviews: tuple[RoundReview, ...]) -> None:
        st.markdown(f"**{t('review.teacher.title', lang)}**")
        st.caption(t("review.teacher.help", lang))
        if not reviews:
            st.info(t("review.teacher.no_pupils", lang))
            return
        rows = []
        for done in reviews:
            names = list(done.round.names)
            share = done.accuracy
            moments = done.key_moments
            rows.append(
                {
                    t("review.teacher.pupil", lang): names[done.round.seat],
                    t("review.teacher.decisions", lang): len(done.verdicts),
                    t("review.teacher.accuracy", lang): (
                        t("review.teacher.nothing", lang) if share is None else percent(share, lang)
                    ),
                    t("review.teacher.worst", lang): worst_text(
                        moments[0] if moments else None, lang, names
                    ),
                }
            )
        st.dataframe(rows, hide_index=True)

    follow(lang, table, request, draw)
