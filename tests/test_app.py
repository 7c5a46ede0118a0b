"""The app opens in every language with no exception (AppTest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from uno.cards import FULL_DECK
from uno.i18n import LANGS, t


def run_home(lang: str | None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("lang", LANGS)
def test_home_opens_in_every_language(lang: str) -> None:
    at = run_home(lang)
    assert at.title[0].value == t("app.title", lang)
    assert at.session_state["lang"] == lang
    # The deck table comes from the engine: 108 cards in all (R-DECK-1).
    assert at.caption[0].value == t("deck.total", lang, count=len(FULL_DECK))


@pytest.mark.parametrize("raw", ["xx", "<script>", "", "fr-CA"])
def test_strange_lang_parameter_falls_back_quietly(raw: str) -> None:
    at = run_home(raw)
    expected = "fr" if raw == "fr-CA" else "en"
    assert at.session_state["lang"] == expected
    assert at.title[0].value == t("app.title", expected)
