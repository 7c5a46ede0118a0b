"""4. What is a hand worth? The exact chance of each total of points a hand of n cards is
worth to the winner of a round, its average and its median."""

from __future__ import annotations

import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.ui.guard import fragment
from uno.ui.lab import figures, keys
from uno.ui.lab.parts import cached_exact, chart, download, header, how, notebook_button
from uno.ui.words import number

__all__ = ["hand_worth"]


@fragment
def hand_worth(lang: str) -> None:
    """The section: the number of cards, the average and median, a link to the scoring lesson,
    then the chart."""
    header("hand-worth", lang)
    n = int(keys.slider(t("lab.worth.n", lang), 1, lab.MAX_HAND, keys.WORTH_N))
    worth = cached_exact("hand_worth", n)
    mean, median = lab.worth_summary(worth)
    cols = st.columns(3)
    cols[0].metric(t("lab.worth.metric_mean", lang), number(mean, lang, 1))
    cols[1].metric(t("lab.worth.metric_median", lang), number(median, lang))
    with cols[2]:
        st.page_link(
            "pages/2_lessons.py",
            label=t("lab.worth.lesson_link", lang),
            icon=":material/school:",
            query_params={"lang": lang, "lesson": "10"},
        )
    fig = figures.hand_worth(
        worth,
        mean,
        lang=lang,
        x_title=t("lab.worth.x", lang),
        y_title=t("lab.chance", lang),
        bar_name=t("lab.chance", lang),
        mean_name=t("lab.worth.mean_line", lang, points=number(mean, lang, 1)),
    )
    chart(fig, "hand_worth", t("lab.worth.explain", lang))
    st.write(t("lab.worth.explain", lang))
    download(worth, "hand-worth", lang)
    how(
        lang,
        "hand_worth",
        "lab.worth.formula",
        "hand_worth",
        ("lab.code_intro", lab.snippet("hand_worth", n=n)),
    )
    notebook_button("hand-worth", lang, n=n)
