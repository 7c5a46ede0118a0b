"""The teachers' page's part for puzzles: a set of puzzles for a class (its pupils find it on
the puzzles page), and each pupil's results on it."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from uno.academy.i18n import t
from uno.academy.puzzles import by_id, load_bank
from uno.academy.scoring import Message
from uno.academy.services import puzzles as service

__all__ = ["class_puzzles"]

PICK = "tc_puzzles"
PICK_FOR = "tc_puzzles_for"
SAVE = "tc_puzzles_save"
SAID = "tc_puzzles_said"


def _save(token: str, code: str) -> None:
    ids = [str(pid) for pid in st.session_state.get(PICK, []) if by_id(str(pid)) is not None]
    st.session_state[SAID] = service.set_class_set(token, code, ids)


def class_puzzles(token: str, code: str, lang: str) -> None:
    """The class's set of puzzles (to choose and save) and its pupils' results."""
    st.subheader(t("teachers.puzzles.title", lang))
    st.caption(t("teachers.puzzles.intro", lang))
    st.page_link(
        "pages/10_puzzles.py",
        label=t("teachers.puzzles.kids_link", lang),
        icon=":material/extension:",
        query_params={"lang": lang, "kids": "1"},
    )
    report = service.class_report(token, code)
    if isinstance(report, Message):
        st.warning(t(report.key, lang, **report.values))
        return
    bank = load_bank()
    if st.session_state.get(PICK_FOR) != code:
        st.session_state[PICK] = [pid for pid in report.puzzles if by_id(pid) is not None]
        st.session_state[PICK_FOR] = code
    labels = {
        p.id: t(
            "teachers.puzzles.option",
            lang,
            id=p.id,
            theme=t(f"puzzles.theme.{p.themes[0]}", lang),
            rating=p.rating,
        )
        for p in bank
    }
    st.multiselect(
        t("teachers.puzzles.pick", lang),
        [p.id for p in bank],
        key=PICK,
        format_func=lambda pid: labels.get(pid, pid),
        max_selections=50,
    )
    st.button(t("teachers.puzzles.save", lang), key=SAVE, on_click=_save, args=(token, code))
    said = st.session_state.pop(SAID, None)
    if isinstance(said, Message):
        kind = "success" if said.key == "teachers.puzzles.saved" else "warning"
        getattr(st, kind)(t(said.key, lang, **said.values))
        report = service.class_report(token, code)
        if isinstance(report, Message):
            return
    if not report.puzzles:
        st.caption(t("teachers.puzzles.none", lang))
        return
    if not report.pupils:
        return
    marks = {
        (True, True): t("teachers.puzzles.first", lang),
        (False, True): t("teachers.puzzles.later", lang),
        (False, False): t("teachers.puzzles.missed", lang),
    }
    rows = []
    for pupil in report.pupils:
        row: dict[str, object] = {t("teachers.puzzles.col_pupil", lang): pupil.first_name}
        for number, pid in enumerate(report.puzzles, start=1):
            answer = pupil.answers.get(pid)
            row[f"{number}. {pid}"] = "" if answer is None else marks.get(answer, "")
        row[t("teachers.puzzles.col_done", lang)] = sum(
            1 for answer in pupil.answers.values() if answer[1]
        )
        rows.append(row)
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(t("teachers.puzzles.columns", lang))
