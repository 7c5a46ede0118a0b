"""Every key the scoring page keeps in ``st.session_state``, and the typed readers of the values
more than one module reads. No other module of the package writes a key as a string
(tests/test_scoring_layout.py checks it).

A widget's key is also its handle in the tests (AppTest's ``key=``, the browser's
``.st-key-<key>`` class): renaming one changes the tests too. Keys of the round checker start
with ``chk_``, those of the score pad with ``sp_``; a key built per game or seat is a function.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from uno.academy.services.scorepad import TypedRound

# -- the page ---------------------------------------------------------------------------------

#: True once the game and tab this device had open were restored (once per session).
RESTORED: Final = "sp_restored"
#: The open tab, "check" or "pad" (``uno.ui.scoring.page.TABS``).
TAB: Final = "sp_tab"
#: The tabs widget (its value is the open tab's label).
TABS: Final = "sp_tabs"
#: The messages callbacks left for the next drawing: ``(slot, level, Message)`` items.
FLASH: Final = "sp_flash"

# -- the round checker ------------------------------------------------------------------------

CHECK: Final = "chk"  # the prefix of the checker's tapping keys (``tap_to``, ``pick``)
CHECK_COUNT: Final = "chk_count"
CHECK_CLEAR: Final = "chk_clear"


def check_hand(index: int) -> str:
    """The text box of the checker's losing hand ``index`` (0 first)."""
    return f"chk_hand_{index}"


def tap_to(prefix: str) -> str:
    """Which text box a tapped card goes to (``prefix``: ``CHECK`` or ``tap(gid)``)."""
    return f"{prefix}_tap_to"


def pick(prefix: str, first_code: str) -> str:
    """The row of tappable cards that starts with the card ``first_code``."""
    return f"{prefix}_pick_{first_code}"


# -- the score pad: what the page remembers ---------------------------------------------------

GAME: Final = "sp_game"  # the open game's id
SEEN: Final = "sp_seen"  # {game id: the version the page showed}
SEEN_LIST: Final = "sp_seen_list"  # {game id: version} of the saved games' list
PLAYERS: Final = "sp_players"  # the open game's names, as shown (the refusals name seats)

# -- the score pad: widgets -------------------------------------------------------------------

NAMES: Final = "sp_names"
TARGET: Final = "sp_target"
METHOD: Final = "sp_method"
CLASS: Final = "sp_class"
START: Final = "sp_start"
PER_ROUND: Final = "sp_per_round"
TOTALS: Final = "sp_table"
CHART: Final = "sp_chart"
ADD: Final = "sp_add"
UNDO: Final = "sp_undo"
CSV: Final = "sp_csv"
CLOSE: Final = "sp_close"
SHARE: Final = "sp_share"
RENAME: Final = "sp_rename"
SAVED_TABLE: Final = "sp_saved_table"
SAVED: Final = "sp_saved"  # the saved game chosen
RESUME: Final = "sp_resume"
DELETE: Final = "sp_delete"
CONFIRM_DELETE: Final = "sp_confirm_delete"  # the id of the game whose deletion is asked
DELETE_YES: Final = "sp_delete_yes"
DELETE_NO: Final = "sp_delete_no"


def winner(gid: int) -> str:
    return f"sp_winner_{gid}"


def mode(gid: int) -> str:
    return f"sp_mode_{gid}"


def score(gid: int) -> str:
    """The winner's score (standard scoring, points typed)."""
    return f"sp_score_{gid}"


def cards(gid: int, seat: int) -> str:
    """The cards left in the hand of ``seat``."""
    return f"sp_cards_{gid}_{seat}"


def points(gid: int, seat: int) -> str:
    """The points of the hand of ``seat`` (lowest score, points typed)."""
    return f"sp_pts_{gid}_{seat}"


def round_prefixes(gid: int) -> tuple[str, ...]:
    """The beginnings of every text box of game ``gid``'s round form."""
    return (f"sp_cards_{gid}_", f"sp_pts_{gid}_", score(gid))


def name(gid: int, seat: int) -> str:
    """The rename form's box of ``seat``."""
    return f"sp_name_{gid}_{seat}"


def names(gid: int, n: int) -> list[str]:
    """The rename form's boxes of a game of ``n`` players."""
    return [name(gid, seat) for seat in range(n)]


def share_token(gid: int) -> str:
    """The token of game ``gid``'s share link, once its owner asked for it."""
    return f"sp_share_{gid}"


def tap(gid: int) -> str:
    """The prefix of game ``gid``'s tapping keys (``tap_to``, ``pick``)."""
    return f"sp_{gid}"


def typed_since(kind: str, gid: int) -> str:
    """The version shown when the reader started typing a round (``kind="round"``) or new names
    (``"rename"``) in game ``gid``."""
    return f"sp_{kind}_seen_{gid}"


# -- typed readers ----------------------------------------------------------------------------


def open_game() -> int | None:
    """The id of the open game, or None."""
    gid = st.session_state.get(GAME)
    return gid if isinstance(gid, int) else None


def seen(gid: int) -> int:
    """The version of game ``gid`` this page last showed (-1: never)."""
    return int(st.session_state.get(SEEN, {}).get(gid, -1))


def seen_in_list(gid: int) -> int:
    """The version of game ``gid`` the saved games' list last showed (-1: never)."""
    return int(st.session_state.get(SEEN_LIST, {}).get(gid, -1))


def typed_on(kind: str, gid: int) -> int:
    """The version shown when the reader started typing a round or names (``typed_since``), else
    the version last shown: a change is checked against it, not against a later redraw."""
    return int(st.session_state.get(typed_since(kind, gid), seen(gid)))


def typing_round(gid: int) -> bool:
    """Whether something is typed in the round form of game ``gid``."""
    prefixes = round_prefixes(gid)
    return any(
        isinstance(key, str) and key.startswith(prefixes) and st.session_state[key]
        for key in st.session_state
    )


def clear_round(gid: int) -> None:
    """Empty every text box of game ``gid``'s round form."""
    prefixes = round_prefixes(gid)
    for key in list(st.session_state):
        if isinstance(key, str) and key.startswith(prefixes):
            st.session_state[key] = ""


def typed_round(gid: int, seats: int) -> TypedRound:
    """The round typed in game ``gid``'s form (a game of ``seats`` players)."""
    get = st.session_state.get
    return TypedRound(
        winner=get(winner(gid), 0),
        mode=get(mode(gid), "cards"),
        cards={s: get(cards(gid, s)) or "" for s in range(seats)},
        score=get(score(gid)) or "",
        points={s: get(points(gid, s)) or "" for s in range(seats)},
    )
