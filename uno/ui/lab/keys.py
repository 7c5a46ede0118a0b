"""Every session key of the lab, in one place, and the reader's kept values.

A widget of the lab that keeps the reader's value is a ``Setting``: its session key and its
default (``DEFAULTS`` lists them all). Each such widget is also drawn with the reader's value as
its default (``kept``): Streamlit's browser side can lose a widget's value when a fragment's
``st.rerun`` and the full run it starts race on the page's first load, and the widget then comes
back at its default (the hand-size slider came back at 1 and the next click dealt 1-card hands).
With the reader's value as default, it comes back as it was.

Each question has a view of its own, so a run draws the widgets of one question only, and
Streamlit forgets the value of a widget that a run does not draw. Every full run of the lab
first copies the values of the settings into a plain key of the session (``remember``,
``KEPT``); ``kept`` reads a widget's value there when Streamlit has forgotten it, so a setting
made in one question is still there when the reader comes back, and in its notebook.

The other keys: the dealt hands of "can I play?" (``DEALS``), a simulation's poll
(``polling``, ``seen``), the links of the old page (``ANCHOR``) and the keys of buttons, cards
and charts (``deal_button``, ``csv``, ``notebook``, ``card``, ``chart``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar, cast

import streamlit as st

from uno.bots import HEURISTICS

__all__ = [
    "ANCHOR",
    "BACK",
    "CHAL_COLOR",
    "CHAL_HAND",
    "CHAL_KNOWN",
    "CHAL_PENDING",
    "DEALS",
    "DEAL_RESET",
    "DEAL_SIZE",
    "DEFAULTS",
    "KEPT",
    "LEN_GAMES",
    "LEN_PLAYERS",
    "LEN_RULES",
    "NAV",
    "OPEN_SIZE",
    "PAGE",
    "QUESTION_PARAM",
    "SEAT_PLAYERS",
    "SEED",
    "SETTINGS",
    "TOP",
    "TOP_COLOR",
    "TOUR_CHALLENGE",
    "TOUR_STRATEGIES",
    "WIN_GAMES",
    "WIN_RULES",
    "WORTH_N",
    "Setting",
    "card",
    "chart",
    "csv",
    "current",
    "deal_button",
    "how",
    "index_of",
    "kept",
    "kept_among",
    "kept_within",
    "notebook",
    "polling",
    "remember",
    "seen",
    "slider",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """A widget of the lab that keeps the reader's value: its session key and its default."""

    key: str
    default: T


# -- the widgets, section by section --------------------------------------------------------------
#: The sidebar's seed of every simulation.
SEED: Final = Setting("lab_seed", 1)
#: 1. Can I play? The card on the pile, the colour named for a wild, the hand size.
TOP: Final = Setting("lab_top", "R7")
TOP_COLOR: Final = Setting("lab_top_color", "R")
DEAL_SIZE: Final = Setting("lab_deal_size", 7)
#: 2. Your opening hand: its size.
OPEN_SIZE: Final = Setting("lab_open_size", 7)
#: 3. Should I challenge? Their hand, the colour to match, the cards seen, the cards at stake.
CHAL_HAND: Final = Setting("lab_chal_hand", 5)
CHAL_COLOR: Final = Setting("lab_chal_color", "R")
CHAL_KNOWN: Final = Setting("lab_chal_known", "WD4")
CHAL_PENDING: Final = Setting("lab_chal_pending", 4)
#: 4. What is a hand worth? Its number of cards.
WORTH_N: Final = Setting("lab_worth_n", 7)
#: 5. How long is a game? The players (a span), the rules compared, the rounds asked.
LEN_PLAYERS: Final = Setting[tuple[int, int]]("lab_len_players", (2, 6))
LEN_RULES: Final = Setting[list[str]]("lab_len_rules", ["official", "house"])
LEN_GAMES: Final = Setting("lab_len_games", 2000)
#: 6. Who wins? The rules and rounds of both charts, the players of the seat chart, the
#: strategies of the tournament and how they challenge.
WIN_RULES: Final = Setting("lab_win_rules", "official")
WIN_GAMES: Final = Setting("lab_win_games", 2000)
SEAT_PLAYERS: Final = Setting("lab_seat_players", 4)
TOUR_STRATEGIES: Final = Setting[list[str]]("lab_tour_strategies", list(HEURISTICS))
TOUR_CHALLENGE: Final = Setting("lab_tour_challenge", "never")

#: Every setting of the lab, in the page's order.
SETTINGS: Final[tuple[Setting[Any], ...]] = (
    SEED,
    TOP,
    TOP_COLOR,
    DEAL_SIZE,
    OPEN_SIZE,
    CHAL_HAND,
    CHAL_COLOR,
    CHAL_KNOWN,
    CHAL_PENDING,
    WORTH_N,
    LEN_PLAYERS,
    LEN_RULES,
    LEN_GAMES,
    WIN_RULES,
    WIN_GAMES,
    SEAT_PLAYERS,
    TOUR_STRATEGIES,
    TOUR_CHALLENGE,
)
#: Each widget's default, by session key.
DEFAULTS: Final[dict[str, Any]] = {setting.key: setting.default for setting in SETTINGS}

# -- the other keys -------------------------------------------------------------------------------
#: The hands dealt so far by "can I play?" (``uno.academy.lab.Deals``).
DEALS: Final = "lab_deals"
#: The "start again" button of the dealt hands.
DEAL_RESET: Final = "lab_deal_reset"
#: The settings' values as the last full run found them (a dict by session key).
KEPT: Final = "lab_kept"
#: The component that opens the question an old link's anchor names (``lab#challenge``).
ANCHOR: Final = "lab_anchor"
#: Around a question's link back to the contents, and its links to the previous and next.
BACK: Final = "lab_back"
NAV: Final = "lab_question_nav"
#: The lab's page (its links lead to itself) and the URL parameter naming the open question.
PAGE: Final = "pages/5_lab.py"
QUESTION_PARAM: Final = "q"


def card(question: str) -> str:
    """The key of the contents' card of ``question``."""
    return f"lab_card_{question}"


def how(name: str) -> str:
    """The key of the "how is this computed?" expander under the chart ``name``."""
    return f"lab_how_{name}"


def notebook(question: str) -> str:
    """The key of the button that downloads ``question`` as a notebook."""
    return f"lab_notebook_{question}"


def deal_button(count: int) -> str:
    """The key of the button that deals ``count`` more hands."""
    return f"lab_deal_{count}"


def csv(name: str) -> str:
    """The key of the download button of the chart's data ``name``."""
    return f"lab_csv_{name}"


def chart(name: str) -> str:
    """The key of the chart ``name`` (tests find a chart by it)."""
    return f"lab_chart_{name}"


def polling(name: str) -> str:
    """Set while a fragment polls the simulation ``name`` (``uno.ui.lab.polls``)."""
    return f"lab_polling_{name}"


def seen(name: str) -> str:
    """The finished job of the simulation ``name``, left by its poll for the next full run."""
    return f"lab_seen_{name}"


# -- the reader's kept values ---------------------------------------------------------------------
def remember() -> None:
    """On a full run, before anything is drawn: keep the settings' values as the last run left
    them, for the runs that do not draw their widgets (another question, the contents)."""
    saved = st.session_state.get(KEPT)
    values: dict[str, Any] = dict(saved) if isinstance(saved, dict) else {}
    for setting in SETTINGS:
        if setting.key in st.session_state:
            values[setting.key] = st.session_state[setting.key]
    st.session_state[KEPT] = values


def kept(setting: Setting[T]) -> T:
    """The reader's value of ``setting`` (its default until it is changed, or when the session
    holds a value of another type): its widget's, else the one ``remember`` kept. Each widget
    is also given it as its default (see above)."""
    default = setting.default
    saved = st.session_state.get(KEPT)
    if setting.key in st.session_state:
        value = st.session_state[setting.key]
    elif isinstance(saved, dict):
        value = saved.get(setting.key, default)
    else:
        value = default
    if isinstance(default, list):
        return cast(T, list(value) if isinstance(value, list) else list(default))
    return value if type(value) is type(default) else default


def kept_among(setting: Setting[list[str]], options: Sequence[str]) -> list[str]:
    """``kept(setting)`` for a multiselect: only the values among ``options`` (a forged message
    can give the widget any text, and a default outside its options fails the page)."""
    return [value for value in kept(setting) if value in options]


def kept_within(setting: Setting[int], low: int, high: int) -> int:
    """``kept(setting)`` for a number box: its default when the value is outside the box's range
    (a number box fails the page on a default above its maximum)."""
    value = kept(setting)
    return value if isinstance(value, int) and low <= value <= high else int(setting.default)


def index_of(options: Sequence[str], setting: Setting[str]) -> int:
    """``kept(setting)``'s place among ``options`` (a selectbox's default), 0 if not among them."""
    value = kept(setting)
    return options.index(value) if value in options else 0


def slider(label: str, low: int, high: int, setting: Setting[T]) -> T:
    """A slider of the lab from ``low`` to ``high``, with the reader's value (``kept``; its
    default when outside the range): one number, or a span for a two-ended slider."""
    value: Any = kept(setting)
    ends = value if isinstance(value, tuple) else (value,)
    if not all(isinstance(end, int) and low <= end <= high for end in ends):
        value = setting.default
    return cast(T, st.slider(label, low, high, value, key=setting.key))


def current(setting: Setting[T]) -> T:
    """The value the widget of ``setting`` holds in this run (after it is drawn)."""
    return cast(T, st.session_state[setting.key])
