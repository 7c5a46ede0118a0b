"""The frame every page shares: page config, the language selector and the localized menu.

``pages/`` is Streamlit's native multipage folder; its default sidebar menu is hidden
(``.streamlit/config.toml``) and this frame draws one whose labels are in the reader's language.
Every link carries ``?lang=`` so a shared link opens in the right language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import streamlit as st

from uno.academy.i18n import LANGS, normalize_lang, t
from uno.ui.aria import translate_labels
from uno.ui.device import device_token
from uno.ui.guard import install_widget_filter

__all__ = ["PAGES", "Page", "frame", "page_by_id"]

#: Every page: the label of a checkbox, a radio button, a chosen option or a link on the page
#: wraps onto more lines, never cut ("7 — обмен картами, 0 — все переда…", "Lesso"); the
#: labels' component (``uno.ui.aria``, nothing to see) takes no room in the menu; a caption's
#: grey is its text's own colour at 74% (Streamlit draws it at 60% opacity, 3.8:1 on white, under
#: the 4.5:1 small text needs; a link in it keeps its full colour).
_CSS: Final = """<style>
[data-testid="stCheckbox"] .stMarkdownEllipsis,[data-testid="stCheckbox"] .stMarkdownEllipsis p,
[data-testid="stRadio"] .stMarkdownEllipsis,[data-testid="stRadio"] .stMarkdownEllipsis p,
[data-testid="stMain"] [data-testid="stPageLink-NavLink"] span,
[data-testid="stMain"] [data-testid="stPageLink-NavLink"] p{
  white-space:normal;overflow:visible;text-overflow:clip;overflow-wrap:normal}
[data-testid="stMultiSelectTagsContainer"] [role="group"],
[data-testid="stMultiSelectTagsContainer"] [role="group"] span{
  white-space:normal;overflow:visible;height:auto;max-width:100%}
.st-key-uno_aria{display:none}
[data-testid="stCaptionContainer"]{opacity:1;color:color-mix(in srgb,currentColor 74%,transparent)}
</style>"""
SESSION_KEY: Final = "lang"
#: The pages that keep something for this browser (progress, a class, score pads, a room seat)
#: and so mount the device component. The lab does not: a component's state in the page
#: stops its simulation polls from ending with their charts (Streamlit 1.67).
DEVICE_PAGES: Final = frozenset({"lessons", "scoring", "classroom", "teachers", "rooms", "puzzles"})
WIDGET_KEY: Final = "lang_widget"


@dataclass(frozen=True)
class Page:
    id: str  # used for the label key nav.<id> and the description key home.part.<id>
    path: str  # relative to the project root, as st.page_link wants it
    icon: str


#: Every page of the app, in menu order. A page added under pages/ is added here.
PAGES: Final[tuple[Page, ...]] = (
    Page("home", "app.py", ":material/home:"),
    Page("first_game", "pages/9_first_game.py", ":material/flag:"),
    Page("lessons", "pages/2_lessons.py", ":material/school:"),
    Page("sandbox", "pages/3_sandbox.py", ":material/playing_cards:"),
    Page("puzzles", "pages/10_puzzles.py", ":material/extension:"),
    Page("scoring", "pages/4_scoring.py", ":material/scoreboard:"),
    Page("lab", "pages/5_lab.py", ":material/query_stats:"),
    Page("classroom", "pages/6_classroom.py", ":material/child_care:"),
    Page("rooms", "pages/8_rooms.py", ":material/groups:"),
    Page("teachers", "pages/7_teachers.py", ":material/co_present:"),
    Page("reference", "pages/1_reference.py", ":material/menu_book:"),
)


def page_by_id(page_id: str) -> Page:
    for page in PAGES:
        if page.id == page_id:
            return page
    raise KeyError(page_id)


def _read_lang() -> str:
    """URL first (a shared link), then this session, then the browser's language, else English."""
    raw = st.query_params.get("lang")
    if raw is not None:
        return normalize_lang(raw)
    if SESSION_KEY in st.session_state:
        return normalize_lang(st.session_state[SESSION_KEY])
    return normalize_lang(getattr(st.context, "locale", None))


def _on_lang_change() -> None:
    lang = normalize_lang(st.session_state.get(WIDGET_KEY))
    st.session_state[SESSION_KEY] = lang
    st.query_params["lang"] = lang


def frame(page_id: str, *, sidebar: Literal["auto", "collapsed"] = "auto") -> str:
    """Draw the frame of page ``page_id`` and return the reader's language code. ``sidebar``:
    how the menu opens on a page's first load (``collapsed`` for a screen the whole class
    watches, as the projector's table needs all its width)."""
    install_widget_filter()  # forged widget values are dropped as they arrive (once a process)
    lang = _read_lang()
    st.session_state[SESSION_KEY] = lang
    if st.query_params.get("lang") != lang:
        st.query_params["lang"] = lang
    page = page_by_id(page_id)
    title = t("app.title", lang)
    page_title = title if page.id == "home" else f"{t(f'nav.{page.id}', lang)} · {title}"
    st.set_page_config(page_title=page_title, layout="wide", initial_sidebar_state=sidebar)
    st.html(_CSS)
    with st.sidebar:
        st.session_state[WIDGET_KEY] = lang  # re-seed the widget from the plain key
        st.selectbox(
            t("frame.language", lang),
            LANGS,
            key=WIDGET_KEY,
            format_func=lambda code: t("frame.language_name", code),
            on_change=_on_lang_change,
        )
        translate_labels(lang)  # Streamlit's labels for screen readers (draws nothing)
        if page_id in DEVICE_PAGES:
            device_token()  # this browser's token, for progress and saved games (draws nothing)
        st.markdown(f"**{t('frame.menu', lang)}**")
        for item in PAGES:
            st.page_link(
                item.path,
                label=t(f"nav.{item.id}", lang),
                icon=item.icon,
                query_params={"lang": lang},
            )
    return lang
