"""A real browser: headless Debian Chromium driven by Playwright against `streamlit run`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser import (
    ARTIFACTS,
    SERVER_LOGS,
    browser_page,
    deprecations,
    streamlit_server,
    wait_for_app,
)
from uno.academy.i18n import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with streamlit_server() as url:
        yield url


def test_choose_russian_follow_the_menu_reload_and_stay_russian(base: str) -> None:
    with browser_page("en-US") as page:
        page.goto(base + "/")
        wait_for_app(page)
        assert page.locator("h1").first.inner_text().strip() == t("app.title", "en")

        # Choose Русский in the language selector of the sidebar.
        page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").click()
        page.get_by_role("option", name=t("frame.language_name", "ru")).click()
        wait_for_app(page)
        page.wait_for_function(
            "t => (document.querySelector('h1') || {innerText: ''}).innerText.includes(t)",
            arg=t("app.title", "ru"),
        )

        # Follow the localized menu to the reference page.
        page.locator("[data-testid=stSidebar]").get_by_text(t("nav.reference", "ru")).click()
        page.wait_for_url("**/reference?lang=ru**")
        wait_for_app(page)
        assert t("nav.reference", "ru") in page.locator("h1").first.inner_text()

        # Reload: still Russian.
        page.reload()
        wait_for_app(page)
        assert t("nav.reference", "ru") in page.locator("h1").first.inner_text()
        assert "lang=ru" in page.url
        # Cards are drawn, with their labels in Russian.
        assert page.locator('figure[data-card="WD4"]').first.get_attribute("aria-label") == t(
            "card.face.wild_draw_four", "ru"
        )
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "reference-ru.png"), full_page=False)
        assert (ARTIFACTS / "reference-ru.png").stat().st_size > 10_000


def test_deep_link_opens_the_right_page_in_the_right_language(base: str) -> None:
    with browser_page("en-US") as page:
        page.goto(base + "/reference?lang=fr")
        wait_for_app(page)
        assert t("nav.reference", "fr") in page.locator("h1").first.inner_text()
        # An unknown page path or a strange language never shows a traceback.
        page.goto(base + "/no-such-page?lang=%3Cb%3E")
        wait_for_app(page)
        assert page.locator("[data-testid=stException]").count() == 0
        assert t("app.title", "en") in page.locator("h1").first.inner_text()


def test_browser_language_is_the_default(base: str) -> None:
    with browser_page("ru-RU") as page:
        page.goto(base + "/")
        wait_for_app(page)
        assert page.locator("h1").first.inner_text().strip() == t("app.title", "ru")
        assert "lang=ru" in page.url


def test_two_sessions_never_see_each_others_game_or_language(base: str) -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser import CHROMIUM_ARGS, chromium_path

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            first = browser.new_context(locale="en-US").new_page()
            second = browser.new_context(locale="en-US").new_page()
            first.goto(base + "/sandbox?lang=fr")
            wait_for_app(first)
            first.get_by_role("button", name=t("sandbox.deal", "fr")).click()
            wait_for_app(first)
            first.get_by_text(t("sandbox.dealt", "fr", seed=1)).wait_for(timeout=30_000)
            second.goto(base + "/sandbox")
            wait_for_app(second)
            assert t("nav.sandbox", "en") in second.locator("h1").first.inner_text()
            assert second.get_by_text(t("sandbox.no_game", "en")).count() == 1
            assert "lang=en" in second.url
            first.reload()
            wait_for_app(first)
            assert t("nav.sandbox", "fr") in first.locator("h1").first.inner_text()
        finally:
            browser.close()


def test_every_page_in_every_language_opens_without_an_exception(base: str) -> None:
    """The end-to-end sweep; screenshots are kept in tests/artifacts/sweep/ (git-ignored)."""
    from tests.browser import sweep
    from uno.academy.i18n import LANGS
    from uno.ui.frame import PAGES

    paths = [
        ("" if p.path == "app.py" else p.path.split("_", 1)[1].removesuffix(".py")) for p in PAGES
    ]
    problems = sweep(base, ARTIFACTS / "sweep", [(p, lang) for p in paths for lang in LANGS])
    assert not problems, problems
    assert len(list((ARTIFACTS / "sweep").glob("*.png"))) >= len(paths) * len(LANGS)
    # Every page drawn in every language: the server logged no deprecated Streamlit call.
    assert not deprecations(base), deprecations(base)


def test_zz_no_deprecated_streamlit_call_in_the_server_log(base: str) -> None:
    """Last of the module: whatever the tests above clicked, the log holds no deprecation."""
    assert SERVER_LOGS[base].stat().st_size > 0
    assert not deprecations(base), deprecations(base)
