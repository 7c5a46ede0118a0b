"""Review my round in a real browser (Debian's Chromium driven by Playwright), on a 390 x 844
phone in French: a round finished in the sandbox (a built situation that ends in two moves),
"Revoir ma manche" on the round's result, the key moment in view, "Rejouer à partir d’ici",
and the sandbox's table back with the hand in view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import uno
from tests.browser import ARTIFACTS, streamlit_server, wait_for_app
from uno.academy.i18n import t
from uno.academy.sandbox import encode_share

pytestmark = pytest.mark.browser
TABLE = '[data-testid="uno-table"]'
PANEL = ".st-key-review_sb"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    env = {"UNO_ACADEMY_BOT_PAUSE_MS": "0", "UNO_ACADEMY_REVIEW_ROLLOUTS": "16"}
    with streamlit_server(env) as url:
        yield url


def start() -> uno.GameState:
    """Ana holds a red 5 and a red Skip on a red 3; Ben his last card, a red 1: Ana draws (a
    yellow 9 that does not fit) and Ben wins."""
    return uno.load_scenario(
        {
            "players": ["Ana", "Ben"],
            "hands": [["R5", "RS"], ["R1"]],
            "discard_pile": ["R3"],
            "draw_pile": ["Y9", "Y8", "Y7", "Y6", "B4"],
            "rules": {"preset": "official", "target_score": None},
            "seed": 4,
        }
    )


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_on_a_phone_review_the_round_then_try_the_key_moment_again(browser: Any, base: str) -> None:
    lang = "fr"
    context = browser.new_context(viewport=PHONE, locale=lang)
    page = context.new_page()
    table = {"bots": {"1": "greedy"}, "hide_hands": True}
    page.goto(f"{base}/sandbox?lang={lang}&s={encode_share(start(), table)}")
    wait_for_app(page)
    page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
    page.locator(f'{TABLE} button[data-action="draw"]').click()
    review = page.locator(f'{TABLE} button[data-tool="review"]')
    review.wait_for(timeout=30_000)  # on the round's result
    assert review.inner_text() == t("review.button", lang)
    assert in_view(page, f'{TABLE} button[data-tool="review"]')
    review.click()
    moments = page.locator(PANEL).get_by_text(t("review.key_moments", lang))
    moments.wait_for(timeout=60_000)
    again = page.locator(PANEL).get_by_role("button", name=t("review.try_again", lang))
    again.first.wait_for(timeout=30_000)
    assert t("review.did.draw", lang) in page.locator(PANEL).inner_text()
    page.screenshot(path=str(ARTIFACTS / "review-phone-fr.png"))
    # The key moment, its better move and its "Try again" in view without scrolling.
    better = t("review.better", lang, move="").split("{")[0].strip()
    assert in_view(page, f"{PANEL} p:has-text('{better.rstrip('.')}')")
    box = again.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    again.first.scroll_into_view_if_needed()
    again.first.click()
    card = page.locator(f'{TABLE} .hand-row button.card[data-card="RS"]')
    card.wait_for(timeout=30_000)
    assert page.locator(PANEL).count() == 0
    assert in_view(page, f'{TABLE} .hand-row button.card[data-card="RS"]')
    codes = page.eval_on_selector_all(
        f"{TABLE} .hand-row button.card", "els => els.map(e => e.dataset.card)"
    )
    assert sorted(codes) == ["R5", "RS"]  # Ana's hand, back at the moment she drew
    assert page.locator(f'{TABLE} [data-card="R1"]').count() == 0  # Ben's, hidden
    page.screenshot(path=str(ARTIFACTS / "review-try-again-phone-fr.png"))
    context.close()
