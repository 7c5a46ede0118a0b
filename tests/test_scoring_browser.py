"""Score pads that belong to someone, in real browsers: two browser contexts are two devices
(each its own local storage, so its own device token) on one `streamlit run`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import HeldPlotly, browser_page, streamlit_server, wait_for_app
from uno.academy.i18n import t

pytestmark = pytest.mark.browser


@pytest.fixture
def two_devices(browser: Any, tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    env = {"UNO_ACADEMY_DB": str(tmp_path / "scores.sqlite3")}
    with (
        streamlit_server(env) as base,
        browser_page(browser) as mine,
        browser_page(browser) as other,
    ):
        yield base, mine, other


def open_pad(page: Any, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    from playwright.sync_api import expect

    tab = page.get_by_role("tab", name=t("scoring.tab.pad", "en"))
    tab.click()
    wait_for_app(page)
    # Still chosen once the device component has answered (with a run of its own).
    expect(page.get_by_text(t("scoring.pad.loading", "en"), exact=True)).to_have_count(0)
    wait_for_app(page)
    expect(tab).to_have_attribute("aria-selected", "true")


def test_a_game_belongs_to_its_device_is_shared_by_link_and_deleted_by_its_owner(
    two_devices: tuple[str, Any, Any],
) -> None:
    from playwright.sync_api import expect

    base, mine, other = two_devices
    key = lambda page, name: page.locator(f".st-key-{name}")  # noqa: E731
    heading = lambda page: page.get_by_role(  # noqa: E731
        "heading", name=t("scoring.pad.game_title", "en", number=1)
    )

    open_pad(mine, base + "/scoring?lang=en")
    names = key(mine, "sp_names").locator("textarea")
    assert names.get_attribute("placeholder") == t("scoring.pad.names_hint", "en")
    names.fill("Ana\nBen")
    names.press("Control+Enter")
    wait_for_app(mine)
    key(mine, "sp_start").get_by_role("button").click()
    expect(heading(mine)).to_be_visible()

    # Another device sees none of it.
    open_pad(other, base + "/scoring?lang=en")
    expect(other.get_by_text(t("scoring.pad.saved_none", "en"), exact=True)).to_be_visible()
    assert "Ana, Ben" not in other.content()

    # A reload on the first device comes back to the game, on the score pad's tab.
    mine.reload()
    wait_for_app(mine)
    expect(heading(mine)).to_be_visible()
    selected = mine.get_by_role("tab", name=t("scoring.tab.pad", "en"))
    assert selected.get_attribute("aria-selected") == "true"

    # The owner shares it; the link opens it on the other device, which may not delete it.
    key(mine, "sp_share").get_by_role("button").click()
    wait_for_app(mine)
    link = mine.locator("[data-testid=stCode] code").first.inner_text().strip()
    assert link.startswith(base + "/scoring?game=") and len(link.split("=", 1)[1]) >= 22
    other.goto(link)
    wait_for_app(other)
    expect(heading(other)).to_be_visible()
    expect(other.get_by_text(t("scoring.pad.opened_link", "en", number=1))).to_be_visible()
    assert key(other, "sp_delete").get_by_role("button").is_disabled()
    assert key(other, "sp_share").count() == 0

    # The owner deletes it; the other device is told when it looks again.
    key(mine, "sp_delete").get_by_role("button").click()
    wait_for_app(mine)
    key(mine, "sp_delete_yes").get_by_role("button").click()
    expect(mine.get_by_text(t("scoring.pad.deleted", "en", number=1), exact=True)).to_be_visible()
    other.reload()
    wait_for_app(other)
    other.get_by_role("tab", name=t("scoring.tab.pad", "en")).click()
    wait_for_app(other)
    expect(other.get_by_text(t("scoring.pad.saved_none", "en"), exact=True)).to_be_visible()
    for page in (mine, other):
        assert page.locator("[data-testid=stException]").count() == 0


def test_the_score_pads_chart_on_a_phone(browser: Any, tmp_path: Path) -> None:
    """At 390 x 844 in Russian, dark: once a round is saved, the running totals are drawn at
    once by the server (the players' names in its legend, as typed), then Plotly's chart takes
    its place with no toolbar over it (a phone shows Plotly's toolbar all the time)."""
    from playwright.sync_api import expect

    env = {"UNO_ACADEMY_DB": str(tmp_path / "scores.sqlite3")}
    with (
        streamlit_server(env) as base,
        browser_page(browser, width=390, height=844, scheme="dark") as page,
    ):
        plotly = HeldPlotly(page)
        page.goto(base + "/scoring?lang=ru")
        wait_for_app(page)
        page.get_by_role("tab", name=t("scoring.tab.pad", "ru")).click()
        wait_for_app(page)
        names = page.locator(".st-key-sp_names textarea")
        names.fill("Зоя\nЛёва <b>")
        names.press("Control+Enter")
        wait_for_app(page)
        page.locator(".st-key-sp_start button").click()
        wait_for_app(page)
        mode = t("scoring.pad.mode_points", "ru")
        page.locator(".st-key-sp_mode_1").get_by_text(mode, exact=True).click()
        wait_for_app(page)
        score = page.locator(".st-key-sp_score_1 input")
        score.fill("30")
        score.press("Enter")
        wait_for_app(page)
        page.locator(".st-key-sp_add button").click()
        sketch = page.locator(".uno-sketch")
        sketch.wait_for(state="visible", timeout=60_000)
        legend = sketch.locator(".uno-sketch-legend").inner_text()
        assert "Зоя" in legend and "Лёва <b>" in legend, legend
        assert plotly.asked()  # once drawn, the page asks for Plotly's chart
        plotly.release()
        expect(sketch).to_be_hidden()
        assert page.locator(".modebar-btn").count() == 0
        assert page.locator("[data-testid=stException]").count() == 0
