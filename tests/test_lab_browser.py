"""The probability lab in a real browser (Playwright + Chromium against ``streamlit run``): on a
phone (390 x 844) the contents and then each question within three screens, with no Plotly
toolbar; an old link's anchor (``lab#tournament``) opens its question; no label is cut in any
language; a long simulation is followed by a poll while the lab stays usable; and the server logs
no deprecation warning."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser import ARTIFACTS, HeldPlotly, browser_page, streamlit_server, wait_for_app
from uno.academy.i18n import LANGS, t
from uno.academy.lab import QUESTION_WORDS, QUESTIONS

pytestmark = pytest.mark.browser

NO_BAR = "() => !document.querySelector('[data-testid=stProgress]')"
PHONE = (390, 844)
#: The height of the page's content, and the Plotly toolbars and charts drawn in it.
MEASURE = """() => ({
  height: document.querySelector('[data-testid=stMainBlockContainer]').scrollHeight,
  toolbars: document.querySelectorAll('.modebar-btn').length,
  charts: document.querySelectorAll('[data-testid=stPlotlyChart]').length,
})"""
#: The texts Streamlit cuts with "…" (metric labels) or hides in a scrolling row (multiselect
#: chips) because they do not fit.
CUT = """() => {
  const cut = [];
  const main = document.querySelector('[data-testid=stMain]') || document.body;
  for (const el of main.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    const clips = style.textOverflow === 'ellipsis'
      || (style.overflowX !== 'visible' && el.closest('[data-testid=stMultiSelect]'));
    if (clips && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      cut.push(el.textContent.slice(0, 80));
    }
  }
  return cut;
}"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with streamlit_server() as url:
        yield url


def drawn(page) -> None:  # type: ignore[no-untyped-def]
    """Until the page is drawn and every simulation is in: no progress bar left, and still none
    once the runs have settled (between a poll that saw its job finish and the full run it asks
    for, the page can show no bar and no run for a moment)."""
    for _ in range(20):
        wait_for_app(page)
        page.wait_for_function(NO_BAR, timeout=120_000)
        wait_for_app(page)
        if page.evaluate(NO_BAR):
            return
    raise AssertionError("the lab's progress bars kept coming back")


def dealt(page) -> None:  # type: ignore[no-untyped-def]
    """Deal 1,000 hands with one click, right after the first load, and wait for their figures:
    the hand-size slider must still say 7. (On the first load a poll's ``st.rerun`` and the full
    run it starts can make Streamlit's browser side lose the widgets' values; the slider came
    back at 1 and the click dealt nothing until the lab gave each widget its value as default.)"""
    before = page.locator("[data-testid=stMetric]").count()
    page.locator(".st-key-lab_deal_1000 button").click()
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=stMetric]').length > {before}",
        timeout=60_000,
    )
    hand_size = page.locator(".st-key-lab_deal_size [data-testid=stSliderThumbValue]")
    assert hand_size.inner_text() == "7"


def header(page) -> str:  # type: ignore[no-untyped-def]
    """The anchor of the question's header the page shows ("" on the contents)."""
    found = page.locator("[data-testid=stHeading] [id]").first
    return str(found.get_attribute("id")) if found.count() else ""


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_on_a_phone_the_contents_then_each_question_fit_three_screens(
    browser: Any, base: str, lang: str
) -> None:
    """At 390 x 844: the contents, a tap on a question's card opens its view; no question is
    taller than three screens, and no chart carries Plotly's toolbar (a phone shows it all the
    time, over the chart)."""
    width, height = PHONE
    with browser_page(browser, width=width, height=height) as page:
        page.goto(f"{base}/lab?lang={lang}")
        drawn(page)
        contents = page.evaluate(MEASURE)
        assert contents["charts"] == 0 and contents["height"] <= 3 * height, contents
        assert page.locator("[class*=st-key-lab_card_]").count() == len(QUESTIONS)
        page.locator(".st-key-lab_card_challenge a").click()  # the card's link
        page.wait_for_url("**/lab?*q=challenge*")
        drawn(page)
        assert header(page) == "challenge"
        title = t(f"lab.{QUESTION_WORDS['challenge']}.title", lang)
        assert title in page.locator("[data-testid=stHeading]").first.inner_text()
        seen = {}
        for question in QUESTIONS:
            if question != "challenge":
                page.goto(f"{base}/lab?lang={lang}&q={question}")
                drawn(page)
            charts = 2 if question == "who-wins" else 1  # each asks for Plotly's in turn
            page.wait_for_function(
                "(charts) => [...document.querySelectorAll('[data-testid=stPlotlyChart]')]"
                ".filter((chart) => chart.querySelector('.main-svg')).length >= charts",
                arg=charts,
                timeout=60_000,
            )
            wait_for_app(page)
            seen[question] = page.evaluate(MEASURE)
            if question == "challenge":
                page.goto(f"{base}/lab?lang={lang}")  # then the others, from the first
                drawn(page)
        for question, measured in seen.items():
            assert measured["toolbars"] == 0, (question, measured)
            assert measured["charts"] == (2 if question == "who-wins" else 1), (question, measured)
            assert measured["height"] <= 3 * height, (question, measured)
        assert not page.locator("[data-testid=stException]").count()
        page.screenshot(path=str(ARTIFACTS / f"lab-phone-{lang}.png"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_is_seen_before_plotly_has_loaded_then_plotly_takes_its_place(
    browser: Any, base: str, scheme: str
) -> None:
    """On a phone in Russian, with Plotly's script held back (as a cheap phone is still
    starting it): the server's drawing stands in the chart's place at the chart's height, its
    legend and percent ticks on screen; the page asked for Plotly's chart once drawn. Then
    Plotly comes: its chart takes the same place (nothing below moves) and the drawing goes."""
    width, height = PHONE
    with browser_page(browser, width=width, height=height, scheme=scheme) as page:
        plotly = HeldPlotly(page)
        page.goto(f"{base}/lab?lang=ru&q=strength")
        sketch = page.locator(".uno-sketch")
        sketch.wait_for(state="visible", timeout=60_000)
        page.wait_for_selector(".st-key-lab_chart_strength", state="attached", timeout=60_000)
        assert plotly.asked(), "the page asked for Plotly once drawn"
        sketch.scroll_into_view_if_needed()
        drawn_box = sketch.bounding_box()
        assert drawn_box is not None and abs(drawn_box["height"] - 400) <= 1, drawn_box
        assert drawn_box["y"] >= 0 and drawn_box["y"] + drawn_box["height"] <= height + 1
        assert drawn_box["x"] >= 0 and drawn_box["x"] + drawn_box["width"] <= width
        legend = sketch.locator(".uno-sketch-legend").inner_text()
        assert t("lab.strength.heads_up", "ru") in legend
        assert "25,0\u202f%" in legend  # the even share at four, as the reader writes it
        assert "60\u202f%" in sketch.locator(".uno-sketch-yticks").inner_text()
        assert not page.locator(".main-svg").count()
        below = page.locator(".st-key-lab_csv_strength").bounding_box()
        page.screenshot(path=str(ARTIFACTS / f"lab-sketch-phone-ru-{scheme}.png"))
        plotly.release()
        assert not sketch.is_visible()
        chart = page.locator("[data-testid=stPlotlyChart]").bounding_box()
        assert chart is not None and abs(chart["y"] - drawn_box["y"]) <= 1, (chart, drawn_box)
        assert page.locator(".st-key-lab_csv_strength").bounding_box() == below


@pytest.mark.parametrize(
    ("anchor", "question"), [("tournament", "who-wins"), ("hand-worth", "hand-worth")]
)
def test_an_old_link_with_an_anchor_opens_its_question(
    browser: Any, base: str, anchor: str, question: str
) -> None:
    """The page that showed every question at once was linked as ``lab#hand-worth``; the
    anchor never reaches the server, so the browser sends it and the question opens."""
    with browser_page(browser) as page:
        page.goto(f"{base}/lab?lang=fr#{anchor}")
        page.wait_for_url(f"**q={question}*", timeout=30_000)
        drawn(page)
        assert header(page) == question
        assert page.locator("[data-testid=stPlotlyChart] .main-svg").count() >= 1


@pytest.mark.parametrize("lang", LANGS)
def test_no_label_of_the_lab_is_cut(browser: Any, base: str, lang: str) -> None:
    with browser_page(browser) as page:
        page.goto(f"{base}/lab?lang={lang}")
        drawn(page)
        assert page.evaluate(CUT) == []  # the contents
        for question in QUESTIONS:
            page.goto(f"{base}/lab?lang={lang}&q={question}")
            drawn(page)
            if question == "can-play":
                dealt(page)  # and the dealt hands' figure
                wait_for_app(page)
            assert page.evaluate(CUT) == [], question
        assert not page.locator("[data-testid=stException]").count()


def test_a_long_simulation_polls_while_the_lab_stays_usable(browser: Any, base: str) -> None:
    with browser_page(browser) as page:
        page.goto(f"{base}/lab?lang=en&q=who-wins")
        drawn(page)
        games = page.locator(".st-key-lab_win_games input")
        games.fill("20000")  # "Who wins?": two long simulations
        games.press("Enter")
        page.wait_for_selector("[data-testid=stProgress]", timeout=30_000)
        wait_for_app(page)  # no script run holds the page while the bars are shown
        # Another question answers meanwhile (the links keep the reader's session).
        page.locator(".st-key-lab_back a").click()
        page.locator(".st-key-lab_card_challenge a").click()
        page.wait_for_url("**q=challenge*")
        wait_for_app(page)
        page.locator(".st-key-lab_chal_pending [data-testid=stNumberInputStepUp]").click()
        page.wait_for_function(
            """() => [...document.querySelectorAll('[data-testid=stMetricValue]')]
                .some((value) => value.textContent.trim() === '6')""",
            timeout=30_000,
        )
        # Back to "Who wins?": the charts come by themselves once the board has played the
        # rounds, with the reader's 20,000 rounds kept.
        page.locator(".st-key-lab_question_nav a").last.click()  # "Next: Should I..."
        page.wait_for_url("**q=hand-worth*")
        page.locator(".st-key-lab_back a").click()
        page.locator(".st-key-lab_card_who-wins a").click()
        page.wait_for_url("**q=who-wins*")
        drawn(page)
        assert page.locator(".st-key-lab_win_games input").input_value() == "20000"
        assert page.locator("[data-testid=stPlotlyChart]").count() == 2
        assert not page.locator("[data-testid=stException]").count()


def test_the_server_logs_no_deprecation(base: str) -> None:
    log = ARTIFACTS / f"streamlit-{urlparse(base).port}.log"
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "deprecat" not in text.lower(), text[-2000:]
