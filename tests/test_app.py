"""Every page opens in every language with no exception and no missing string (AppTest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from uno.academy.i18n import LANGS, t
from uno.cards import FULL_DECK
from uno.rulebook import RULE_IDS, rule_option
from uno.ui.frame import PAGES
from uno.ui.reference_view import option_name


def open_page(path: str, lang: str | None) -> AppTest:
    """Open ``path`` as a user would: the app's entry point first, then the page."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    if path != "app.py":
        at.switch_page(path).run()
        assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.id)
def test_every_page_opens_in_every_language(page, lang: str) -> None:
    at = open_page(page.path, lang)
    assert at.session_state["lang"] == lang
    # The localized menu: one link per page, labelled in the reader's language.
    links = at.get("page_link")
    labels = [link.proto.label for link in links]
    for item in PAGES:
        assert t(f"nav.{item.id}", lang) in labels
    # The language selector shows the current language.
    assert at.selectbox(key="lang_widget").value == lang


@pytest.mark.parametrize("lang", LANGS)
def test_home_shows_title_quick_start_and_engine_deck(lang: str) -> None:
    at = open_page("app.py", lang)
    assert at.title[0].value == t("app.title", lang)
    html = " ".join(el.proto.body for el in at.get("html"))
    # Cards are drawn by our renderer, with a label in the reader's language.
    assert 'data-card="WD4"' in html
    assert t("card.face.wild_draw_four", lang) in html


@pytest.mark.parametrize("lang", LANGS)
def test_reference_lists_every_ruling_and_the_engine_deck(lang: str) -> None:
    at = open_page("pages/1_reference.py", lang)
    text = " ".join(m.value for m in at.markdown)
    for rule_id in RULE_IDS:
        assert f"#### {rule_id}" in text
        assert t(f"rules.text.{rule_id}", lang) in text
    assert t("deck.total", lang, count=len(FULL_DECK)) in [c.value for c in at.caption]
    table = at.table[0].value
    assert list(table.iloc[:, 0]) == [4 * 19, 8, 8, 8, 4, 4]  # R-DECK-1, from the engine
    glossary = at.dataframe[0].value
    assert len(glossary) >= 26
    assert (
        t("glossary.wild_draw_four.term", "fr") in set(glossary.to_numpy().ravel()) or lang == "fr"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_reference_says_each_note_once_and_names_options_in_words(lang: str) -> None:
    """A house rule once read "Unofficial house rule. Unofficial house rule: ...", and the
    option note showed the option's id (`seven_zero`, «настройкой stacking»)."""
    at = open_page("pages/1_reference.py", lang)
    blocks = [m.value for m in at.markdown]
    unofficial = t("rules.unofficial", lang).lower()
    for rule_id in RULE_IDS:
        (text,) = [b for b in blocks if t(f"rules.text.{rule_id}", lang) in b]
        assert text.lower().count(unofficial) == (1 if rule_id.startswith("H-") else 0), text
        option = rule_option(rule_id)
        if option is not None:
            assert f"`{option}`" not in text and ("_" not in option or option not in text)
            assert t("reference.option_note", lang, option=option_name(option, lang)) in text


@pytest.mark.parametrize("raw", ["xx", "<script>alert(1)</script>", "", "fr-CA", "ru" * 500])
def test_strange_lang_parameter_falls_back_quietly(raw: str) -> None:
    at = open_page("app.py", raw)
    expected = "fr" if raw == "fr-CA" else "en"
    assert at.session_state["lang"] == expected
    assert at.query_params["lang"] == expected


def test_choosing_a_language_changes_the_page_and_the_url() -> None:
    at = open_page("app.py", "en")
    at.selectbox(key="lang_widget").select("ru").run()
    assert not at.exception
    assert at.session_state["lang"] == "ru"
    assert at.query_params["lang"] == "ru"
    assert at.title[0].value == t("app.title", "ru")


def test_language_survives_a_page_switch() -> None:
    at = open_page("app.py", "fr")
    at.switch_page("pages/1_reference.py").run()
    assert not at.exception
    assert at.title[0].value == t("nav.reference", "fr")
