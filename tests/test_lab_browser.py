"""The probability lab in a real browser (Playwright + Chromium against ``streamlit run``): no
label is cut in any language, a long simulation is followed by a poll while the rest of the
page stays usable, and the server logs no deprecation warning."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser import ARTIFACTS, browser_page, streamlit_server, wait_for_app
from uno.academy.i18n import LANGS

pytestmark = pytest.mark.browser

NO_BAR = "() => !document.querySelector('[data-testid=stProgress]')"
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
    page.locator(".st-key-lab_deal_1000 button").click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=stMetric]').length >= 10", timeout=60_000
    )
    hand_size = page.locator(".st-key-lab_deal_size [data-testid=stSliderThumbValue]")
    assert hand_size.inner_text() == "7"


@pytest.mark.parametrize("lang", LANGS)
def test_no_label_of_the_lab_is_cut(browser: Any, base: str, lang: str) -> None:
    with browser_page(browser) as page:
        page.goto(f"{base}/lab?lang={lang}")
        drawn(page)
        dealt(page)  # and the dealt hands' figure
        wait_for_app(page)
        assert page.evaluate(CUT) == []
        assert not page.locator("[data-testid=stException]").count()


def test_a_long_simulation_polls_while_the_page_stays_usable(browser: Any, base: str) -> None:
    with browser_page(browser) as page:
        page.goto(f"{base}/lab?lang=en")
        drawn(page)
        games = page.locator(".st-key-lab_win_games input")
        games.fill("20000")  # "Who wins?": two long simulations
        games.press("Enter")
        page.wait_for_selector("[data-testid=stProgress]", timeout=30_000)
        wait_for_app(page)  # no script run holds the page while the bars are shown
        # Another section answers meanwhile.
        page.locator(".st-key-lab_chal_pending [data-testid=stNumberInputStepUp]").click()
        page.wait_for_function(
            """() => [...document.querySelectorAll('[data-testid=stMetricValue]')]
                .some((value) => value.textContent.trim() === '6')""",
            timeout=30_000,
        )
        # The charts come by themselves once the board has played the rounds.
        drawn(page)
        # Seven sections, "Who wins?" with two charts.
        assert page.locator("[data-testid=stPlotlyChart]").count() == 8
        assert not page.locator("[data-testid=stException]").count()


def test_the_server_logs_no_deprecation(base: str) -> None:
    log = ARTIFACTS / f"streamlit-{urlparse(base).port}.log"
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "deprecat" not in text.lower(), text[-2000:]
