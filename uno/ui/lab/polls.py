"""The lab's simulations on the job board shared by every session (``uno.academy.jobs``).

A simulated section asks the board for its table (``simulated``) and waits ``SETTLE`` seconds
for the answer under a progress bar. A longer simulation leaves a progress bar in a small
fragment that polls the board every ``POLL`` seconds (``poll``) while the rest of the page
stays usable; once the job is over, one full run draws the section with its answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Final

import pandas as pd
import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.academy.jobs import ABANDONED, DONE, WAITING, Job, JobBoard
from uno.ui.guard import fragment
from uno.ui.lab import keys
from uno.ui.words import number

__all__ = [
    "POLL",
    "SETTLE",
    "end_poll",
    "forget_polls",
    "forget_seen",
    "poll",
    "simulated",
    "simulation_board",
]

#: Seconds a section waits for its simulation before it leaves a progress bar that polls.
SETTLE: float = 1.0
#: Seconds between two looks at a running simulation.
POLL: Final = 0.5


@st.cache_resource
def simulation_board() -> JobBoard:
    """Simulated frames shared by every session (``uno.academy.jobs``): each question is played
    once and one at a time, whoever asks first, and the others follow its progress. A session
    waits for at most one simulation per section at a time (its fair share), and sessions take
    turns; room for a class of twelve asking at once (waiting costs nothing until its turn)."""
    return JobBoard(per_owner=len(lab.SIMULATIONS), max_waiting=12 * len(lab.SIMULATIONS))


def _progress(job: Job, lang: str) -> None:
    """The job's progress bar: waiting its turn, or the rounds played so far."""
    if job.state == WAITING or not job.total:
        st.progress(0.0, text=t("lab.queued", lang))
    else:
        text = t("lab.progress", lang, done=number(job.done, lang), total=number(job.total, lang))
        st.progress(min(1.0, job.done / job.total), text=text)


def _session() -> str:
    """This reader's session: its fair share of the board's simulations is counted on it."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "no-session"


def simulated(lang: str, name: str, draw: Callable[[pd.DataFrame], None], **kwargs: Any) -> None:
    """Ask the board for ``uno.academy.lab.<name>(**kwargs)`` and ``draw`` its table. A quick
    answer is waited for here, under a progress bar. A longer one is followed by ``poll``, a
    fragment that looks at the job every ``POLL`` seconds, so the section does not hold the
    page; when the job is over, one full run draws the section with its answer."""
    seen: Job | None = st.session_state.pop(keys.seen(name), None)  # the job a poll saw finish
    if seen is not None and seen.key == lab.question(name, **kwargs) and seen.state != ABANDONED:
        job: Job | None = seen
    else:
        job = lab.ask(simulation_board(), name, owner=_session(), **kwargs)
    if job is not None and not job.finished:
        slot = st.empty()
        deadline = time.monotonic() + SETTLE
        while not job.wait(min(0.25, max(0.0, deadline - time.monotonic()))):
            if time.monotonic() >= deadline:
                break
            with slot.container():
                _progress(job, lang)
        slot.empty()
    if job is not None and not job.finished:
        fragment(poll, run_every=POLL)(lang, name, job)
        return
    end_poll(name, job)
    if job is None:
        board = simulation_board()
        mine = board.owner_waiting(_session()) >= board.per_owner
        st.warning(t("lab.yours_waiting" if mine else "lab.busy", lang, count=board.per_owner))
    elif job.state != DONE:
        st.error(t("lab.sim_failed", lang))
    else:
        draw(job.result)


def poll(lang: str, name: str, job: Job) -> None:
    """The progress of ``job`` while the board plays it (each look also tells the board that
    someone still follows it); once it is over, the full run that draws its answer."""
    if not job.wait(0):
        st.session_state[keys.polling(name)] = True
        _progress(job, lang)
        return
    st.session_state.pop(keys.polling(name), None)
    st.session_state[keys.seen(name)] = job
    st.rerun()


def end_poll(name: str, job: Job | None = None) -> None:
    """If ``name`` was being polled, end the poll with one full run, which finds ``job``
    (finished) in the session. Streamlit stops a fragment's timer only on a full run or when
    the fragment around it drops it, and a dropped fragment may leave a frozen bar on screen."""
    if st.session_state.pop(keys.polling(name), False):
        if job is not None:
            st.session_state[keys.seen(name)] = job
        st.rerun()


def forget_polls() -> None:
    """On a full run, before the sections: the browser has dropped every polling timer."""
    for name in lab.SIMULATIONS:
        st.session_state.pop(keys.polling(name), None)


def forget_seen() -> None:
    """On a full run, after the sections: the answers a poll left for this run that it did
    not need."""
    for name in lab.SIMULATIONS:
        st.session_state.pop(keys.seen(name), None)
