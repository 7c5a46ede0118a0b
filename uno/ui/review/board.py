"""The reviews on a job board shared by every session (``uno.academy.jobs``): a round is
reviewed once whoever asks, one at a time, each session with its fair share. A review quick to
finish is waited for under a progress bar (``SETTLE`` seconds); a longer one leaves the bar in a
fragment that looks at the job every ``POLL`` seconds, then one full run draws the answer."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

import streamlit as st

from uno.academy.i18n import t
from uno.academy.jobs import ABANDONED, DONE, WAITING, Job, JobBoard
from uno.academy.review import Request, RoundReview
from uno.ui.guard import fragment
from uno.ui.review import keys

__all__ = ["POLL", "SETTLE", "follow", "review_board"]

#: Seconds a page waits for a review before it leaves a progress bar that polls.
SETTLE: float = 1.0
#: Seconds between two looks at a running review.
POLL: Final = 0.5

Draw = Callable[[tuple[RoundReview, ...]], None]


@st.cache_resource
def review_board() -> JobBoard:
    """Reviews shared by every session: room for a class asking at once; two unfinished
    reviews a session at most."""
    return JobBoard(keep=64, max_waiting=30, per_owner=2)


def _session() -> str:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "no-session"


def _progress(job: Job, lang: str, kids: bool) -> None:
    """The progress bar: waiting its turn, or the decisions reviewed so far."""
    if job.state == WAITING or not job.total:
        st.progress(0.0, text=t("review.queued", lang))
        return
    if kids:
        text = t("review.kids.progress", lang, done=job.done, count=job.total)
    else:
        text = t("review.progress", lang, done=job.done, count=job.total)
    st.progress(min(1.0, job.done / job.total), text=text)


def follow(lang: str, table: str, request: Request, draw: Draw, *, kids: bool = False) -> None:
    """Ask the board for ``request`` and ``draw`` its reviews once done: waited for here up to
    ``SETTLE`` seconds under a progress bar, else followed by ``poll`` (a fragment)."""
    seen: Job | None = st.session_state.pop(keys.seen(table), None)
    if seen is not None and seen.key == request.key and seen.state != ABANDONED:
        job: Job | None = seen
    else:
        job = review_board().submit(request.key, request.work, owner=_session())
    if job is not None and not job.finished:
        slot = st.empty()
        deadline = time.monotonic() + SETTLE
        while not job.wait(min(0.2, max(0.0, deadline - time.monotonic()))):
            if time.monotonic() >= deadline:
                break
            with slot.container():
                _progress(job, lang, kids)
        slot.empty()
    if job is not None and not job.finished:
        fragment(poll, run_every=POLL)(lang, table, job, kids)
        return
    end_poll(table, job)
    if job is None:
        st.warning(t("review.busy", lang))
    elif job.state != DONE:
        st.error(t("review.failed", lang))
    else:
        draw(job.result)


def end_poll(table: str, job: Job | None) -> None:
    """If the table's review was being polled, end the poll with one full run, which finds
    ``job`` in the session: a fragment's timer stops on a full run only, and a dropped
    fragment may leave a frozen bar on screen (as the lab's ``end_poll``)."""
    if st.session_state.pop(keys.polling(table), False):
        st.session_state[keys.seen(table)] = job
        st.rerun()


def poll(lang: str, table: str, job: Job, kids: bool) -> None:
    """The progress of ``job`` while the board reviews (each look tells the board someone still
    follows it); once it is over, the full run that draws it."""
    if not job.wait(0):
        st.session_state[keys.polling(table)] = True
        _progress(job, lang, kids)
        return
    st.session_state.pop(keys.polling(table), None)
    st.session_state[keys.seen(table)] = job
    st.rerun()
