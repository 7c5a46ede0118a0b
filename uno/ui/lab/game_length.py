"""5. How long is a game? Simulated rounds (on the shared job board, ``uno.ui.lab.polls``):
the mean number of moves by number of players, one line per set of rules."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.ui.guard import fragment
from uno.ui.lab import figures, keys
from uno.ui.lab.parts import (
    chart,
    download,
    games_input,
    header,
    how,
    notebook_button,
    rules_name,
)
from uno.ui.lab.polls import end_poll, simulated

__all__ = ["game_length"]


@fragment
def game_length(lang: str, seed: int) -> None:
    """The section: the players, the rounds and the rules, then the simulated chart."""
    header("game-length", lang)
    cols = st.columns(2)
    with cols[0]:
        span: Any = keys.slider(t("lab.length.players", lang), 2, 10, keys.LEN_PLAYERS)
    with cols[1]:
        total = games_input(keys.LEN_GAMES, lang)
    presets: list[str] = st.multiselect(
        t("lab.length.rules", lang),
        lab.RULE_PRESETS,
        default=keys.kept_among(keys.LEN_RULES, lab.RULE_PRESETS),
        key=keys.LEN_RULES.key,
        format_func=lambda preset: rules_name(preset, lang),
        wrap=True,
    )
    if not presets:
        st.info(t("lab.length.need_rules", lang))
        end_poll("game_length")
        return
    players = list(range(int(span[0]), int(span[1]) + 1))
    per_setting = lab.games_per_setting(total, len(presets) * len(players))

    def draw(length: pd.DataFrame) -> None:
        fig = figures.game_length(
            length,
            presets,
            [rules_name(preset, lang) for preset in presets],
            lang=lang,
            x_title=t("lab.length.x", lang),
            y_title=t("lab.length.y", lang),
        )
        chart(fig, "game_length", t("lab.length.explain", lang))
        st.caption(t("lab.games_each", lang, count=per_setting))
        st.write(t("lab.length.explain", lang))
        download(length, "game-length", lang)
        code = lab.snippet(
            "game_length", presets=presets, players=players, n=per_setting, seed=seed
        )
        how(lang, "game_length", "lab.length.formula", "game_length", ("lab.code_intro", code))

    simulated(
        lang,
        "game_length",
        draw,
        players_list=tuple(players),
        rule_presets=tuple(presets),
        n_games=per_setting,
        seed=seed,
    )
    notebook_button("game-length", lang, players=players, presets=presets, n=per_setting, seed=seed)
