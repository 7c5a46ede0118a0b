"""The reader's language for this session: from ``?lang=``, else the browser, else English."""

from __future__ import annotations

import streamlit as st

from uno.i18n import LANGS, normalize_lang

SESSION_KEY = "lang"


def current_lang() -> str:
    """Read the language once per run and keep it in the session and the URL."""
    raw = st.query_params.get("lang")
    if raw is not None:
        lang = normalize_lang(raw)
    elif SESSION_KEY in st.session_state:
        lang = normalize_lang(st.session_state[SESSION_KEY])
    else:
        lang = normalize_lang(getattr(st.context, "locale", None))
    st.session_state[SESSION_KEY] = lang
    if raw != lang and lang in LANGS:
        st.query_params["lang"] = lang
    return lang
