"""A real browser: headless Debian Chromium driven by Playwright against `streamlit run`."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    ARTIFACTS,
    ROOT,
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


def test_choose_russian_follow_the_menu_reload_and_stay_russian(browser: Any, base: str) -> None:
    with browser_page(browser) as page:
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


def test_deep_link_opens_the_right_page_in_the_right_language(browser: Any, base: str) -> None:
    with browser_page(browser) as page:
        page.goto(base + "/reference?lang=fr")
        wait_for_app(page)
        assert t("nav.reference", "fr") in page.locator("h1").first.inner_text()
        # An unknown page path or a strange language never shows a traceback.
        page.goto(base + "/no-such-page?lang=%3Cb%3E")
        wait_for_app(page)
        assert page.locator("[data-testid=stException]").count() == 0
        assert t("app.title", "en") in page.locator("h1").first.inner_text()


def test_browser_language_is_the_default(browser: Any, base: str) -> None:
    with browser_page(browser, "ru-RU") as page:
        page.goto(base + "/")
        wait_for_app(page)
        assert page.locator("h1").first.inner_text().strip() == t("app.title", "ru")
        assert "lang=ru" in page.url


def test_two_sessions_never_see_each_others_game_or_language(browser: Any, base: str) -> None:
    with browser_page(browser) as first, browser_page(browser) as second:
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


def test_every_page_opens_in_a_browser_without_an_exception(browser: Any, base: str) -> None:
    """The end-to-end sweep: every page once, the languages in turn (each page in each language
    is opened by test_app.py's AppTest, and in a browser by tests/screenshots.py); screenshots
    are kept in tests/artifacts/sweep/ (git-ignored)."""
    from tests.browser import page_paths, shot_name, sweep
    from uno.academy.i18n import LANGS

    pages = [(path, LANGS[i % len(LANGS)]) for i, path in enumerate(page_paths())]
    assert {lang for _, lang in pages} == set(LANGS)
    for old in (ARTIFACTS / "sweep").glob("*.png"):
        old.unlink()  # only this run's screenshots count
    problems = sweep(browser, base, ARTIFACTS / "sweep", pages)
    assert not problems, problems
    shots = {png.name for png in (ARTIFACTS / "sweep").glob("*.png")}
    assert {shot_name(path, lang) for path, lang in pages} <= shots
    # Every page drawn: the server logged no deprecated Streamlit call.
    assert not deprecations(base), deprecations(base)


def test_scoring_one_run_per_click_and_the_checker_runs_alone(browser: Any, tmp_path: Path) -> None:
    """Each of the score pad's buttons runs the page once (its change is made in a callback);
    typing, tapping or clearing a hand in the round checker (a fragment) runs only the checker.
    The page is counted by tests/run_counter.py; AppTest cannot run a fragment alone."""
    from playwright.sync_api import expect

    log = tmp_path / "runs.log"
    log.write_text("")
    env = {"UNO_RUN_LOG": str(log), "UNO_ACADEMY_DB": str(tmp_path / "scores.sqlite3")}
    launcher = [sys.executable, str(ROOT / "tests" / "run_counter.py")]
    runs: dict[str, tuple[int, int]] = {}

    def counts() -> tuple[int, int]:
        lines = log.read_text().split()
        return lines.count("page"), lines.count("checker")

    with streamlit_server(env, launcher) as url, browser_page(browser) as page:

        def act(name: str, do: Callable[[], object], shown: Any) -> None:
            before = counts()
            do()
            expect(shown).to_be_visible()  # the result of the click is on the page
            wait_for_app(page)
            after = counts()
            runs[name] = (after[0] - before[0], after[1] - before[1])

        def key(name: str) -> Any:
            return page.locator(f".st-key-{name}")

        def metric(count: int) -> Any:
            value = t("scoring.points", "en", count=count)
            return page.locator("[data-testid=stMetricValue]").get_by_text(value, exact=True)

        def success(key_: str, **values: object) -> Any:
            return page.get_by_text(t(key_, "en", **values), exact=True)

        page.goto(url + "/scoring?lang=en")
        wait_for_app(page)
        for _ in range(50):  # the device component asks for its run a moment after the first;
            if counts()[1] >= 2 or counts()[0] >= 3:  # it logs the page, then the checker
                break
            page.wait_for_timeout(200)
        wait_for_app(page)
        assert counts() == (2, 2)  # the first run, then the one the device component asks for
        hand = page.get_by_role("textbox", name=t("scoring.check.hand", "en", number=1))
        act("checker: type a hand", lambda: (hand.fill("R7 WD4"), hand.press("Enter")), metric(57))
        page.get_by_text(t("scoring.tap.title", "en"), exact=True).first.click()
        red_five = key("chk_pick_R0").get_by_role("radio", name="5", exact=True)
        act("checker: tap a card", red_five.click, metric(62))
        act("checker: clear", key("chk_clear").get_by_role("button").click, metric(0))

        page.get_by_role("tab", name=t("scoring.tab.pad", "en")).click()
        names = key("sp_names").locator("textarea")
        names.fill("Ana\nBen")
        names.press("Control+Enter")  # a widget's own run, not a click
        wait_for_app(page)
        game = page.get_by_role("heading", name=t("scoring.pad.game_title", "en", number=1))
        act("pad: start", key("sp_start").get_by_role("button").click, game)
        key("sp_mode_1").get_by_text(t("scoring.pad.mode_points", "en"), exact=True).click()
        wait_for_app(page)
        score = key("sp_score_1").locator("input")
        score.fill("30")
        score.press("Enter")
        wait_for_app(page)
        saved = success("scoring.pad.saved", number=1, name="Ana")
        act("pad: save the round", key("sp_add").get_by_role("button").click, saved)
        undone = success("scoring.pad.undone", number=1)
        act("pad: undo", key("sp_undo").get_by_role("button").click, undone)
        new_game = page.get_by_role("heading", name=t("scoring.pad.new_title", "en"))
        act("pad: close", key("sp_close").get_by_role("button").click, new_game)
        act("pad: open", key("sp_resume").get_by_role("button").click, game)
        confirm = key("sp_delete_yes").get_by_role("button")
        act("pad: delete", key("sp_delete").get_by_role("button").click, confirm)
        deleted = success("scoring.pad.deleted", number=1)
        act("pad: yes, delete it", confirm.click, deleted)
        assert page.locator("[data-testid=stException]").count() == 0

    checker = {name: n for name, n in runs.items() if name.startswith("checker")}
    pad = {name: n for name, n in runs.items() if name.startswith("pad")}
    assert checker == dict.fromkeys(checker, (0, 1)), runs  # no page run, one checker run
    assert pad == dict.fromkeys(pad, (1, 1)), runs  # one page run (it draws the checker too)
    assert len(checker) == 3 and len(pad) == 7


def test_zz_no_deprecated_streamlit_call_in_the_server_log(base: str) -> None:
    """Last of the module: whatever the tests above clicked, the log holds no deprecation, and
    the filter of forged widget values (uno.ui.guard) dropped nothing a browser sent."""
    assert SERVER_LOGS[base].stat().st_size > 0
    assert not deprecations(base), deprecations(base)
    log = SERVER_LOGS[base].read_text(encoding="utf-8", errors="replace")
    assert "no widget takes" not in log
