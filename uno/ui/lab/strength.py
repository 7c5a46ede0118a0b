"""7. How strong are the computer players? The expert against each heuristic: a run measured
beforehand (``uno.academy.lab_strength``; a searching player is too slow for a click), with its
sample size and 95% intervals, and the command that made it."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from uno.academy import lab_strength
from uno.academy.i18n import t
from uno.ui.lab import figures
from uno.ui.lab.parts import chart, download, header, how, notebook_button, pct, strategy_name
from uno.ui.words import number

__all__ = ["strength"]


def strength(lang: str) -> None:
    """The section (not a fragment: it has no widget): the chart, the sample, the table in the
    reader's numbers, the expert's speed and the command."""
    header("strength", lang)
    st.write(t("lab.strength.intro", lang))
    table = lab_strength.strength_table()
    fig = figures.strength(
        table,
        lang=lang,
        x_title=t("lab.strength.x", lang),
        y_title=t("lab.strength.y", lang),
        opponents={o: strategy_name(o, lang) for o in table["opponent"]},
        series_names={
            2: t("lab.strength.heads_up", lang),
            4: t("lab.strength.four", lang),
        },
        fair_names={
            2: t("lab.strength.fair_two", lang, share=pct(1 / 2, lang)),
            4: t("lab.strength.fair_four", lang, share=pct(1 / 4, lang)),
        },
    )
    chart(fig, "strength", t("lab.strength.explain", lang))
    st.write(t("lab.strength.explain", lang))
    rounds = int(table["rounds"].min()) if len(table) else 0
    st.caption(t("lab.strength.sample", lang, count=rounds, number=number(rounds, lang)))
    shown = pd.DataFrame(
        {
            t("lab.strength.col_opponent", lang): [
                strategy_name(o, lang) for o in table["opponent"]
            ],
            t("lab.strength.col_players", lang): table["seats"].tolist(),
            t("lab.strength.col_rounds", lang): [number(r, lang) for r in table["rounds"]],
            t("lab.strength.col_wins", lang): [number(w, lang) for w in table["wins"]],
            t("lab.strength.col_share", lang): [pct(v, lang) for v in table["share"]],
            t("lab.strength.col_interval", lang): [
                t("lab.strength.interval", lang, low=pct(lo, lang), high=pct(hi, lang))
                for lo, hi in zip(table["low"], table["high"], strict=True)
            ],
        }
    )
    st.dataframe(shown, hide_index=True, width="stretch")
    for seats, (median, _p95, _count) in sorted(lab_strength.decision_times().items()):
        st.caption(
            t(
                "lab.strength.speed",
                lang,
                seconds=number(median, lang, 2),
                number=number(seats, lang),
            )
        )
    st.info(
        f"{t('lab.strength.measured', lang)}\n\n`{lab_strength.COMMAND}`", icon=":material/timer:"
    )
    download(table, "strength", lang)
    how(
        lang,
        "strength",
        "lab.strength.formula",
        "wilson",
        ("lab.strength.code_intro", lab_strength.snippet()),
    )
    notebook_button("strength", lang)
