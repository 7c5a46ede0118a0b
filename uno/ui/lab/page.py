"""The probability lab's page (pages/5_lab.py): the title, the contents, the sidebar's seed
and the seven sections, each a fragment that reruns alone."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.ui.lab import keys
from uno.ui.lab.can_play import can_play
from uno.ui.lab.challenge import challenge
from uno.ui.lab.game_length import game_length
from uno.ui.lab.hand_worth import hand_worth
from uno.ui.lab.opening_hand import opening_hand
from uno.ui.lab.parts import SECTIONS, title
from uno.ui.lab.polls import forget_polls, forget_seen
from uno.ui.lab.strength import strength
from uno.ui.lab.who_wins import who_wins

__all__ = ["show_lab"]


def show_lab(lang: str) -> None:
    """The whole page. This body runs on full runs only; each section is a fragment."""
    forget_polls()  # a full run: the browser has dropped every polling timer
    st.title(t("nav.lab", lang))
    st.write(t("lab.intro", lang))
    st.markdown(
        f"**{t('lab.contents', lang)}** "
        + " · ".join(f"[{i}. {title(a, lang)}](#{a})" for i, a in enumerate(SECTIONS, 1))
    )
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
    can_play(lang, seed)
    opening_hand(lang)
    challenge(lang)
    hand_worth(lang)
    game_length(lang, seed)
    who_wins(lang, seed)
    strength(lang)
    forget_seen()  # answers a poll left for this run and it did not need
