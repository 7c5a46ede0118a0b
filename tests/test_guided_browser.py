"""The guided first game in a real browser (issue 38): a new user opens the page, starts the
guided game and finishes it by clicking the table as a person does (a card, its colour, "UNO!"
or not, the draw pile, the buttons) and "Continue" at each pause, on a 390 x 844 phone in French
and a 1280 x 720 laptop in Russian. At each pause the hand and the pause's words are in view
with nothing to scroll; two pauses of each are saved as screenshots in tests/artifacts/.

``finish_guided_game`` is the new user's walk (``benchmarks/guided.py`` times it)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import uno
from tests.browser import ARTIFACTS, streamlit_server, wait_for_app
from uno.academy import guided
from uno.academy.i18n import t

pytestmark = pytest.mark.browser
TABLE = '[data-testid="uno-table"]'
#: What the page shows now, read in the page: the end ("end"), a pause ("pause:<version>"),
#: the learner's decision ("decide:<version>"), or nothing to do yet (None).
READY = """sel => {
  if (document.querySelector('.st-key-fg_again button')) return 'end';
  const host = [...document.querySelectorAll('*')]
    .find(e => e.shadowRoot && e.shadowRoot.querySelector(sel));
  if (!host) return null;
  const root = host.shadowRoot.querySelector(sel);
  if (root.classList.contains('sending')) return null;
  if (root.querySelector('button[data-tool="continue"]')) return 'pause:' + root.dataset.version;
  if (root.classList.contains('your-turn')) return 'decide:' + root.dataset.version;
  return null;
}"""
#: The pauses shown on the table in screenshots: one early, one at the Wild Draw Four.
SHOTS = ("skip", "wild_draw_four")


def played_without_a_page() -> tuple[list[str], int]:
    """The pauses of the guided game in the order the table shows them, and the points the
    learner scores (the script, played without a page)."""
    game = guided.start()
    keys: list[str] = []
    while not game.finished:
        if game.pause is not None:
            keys.append(game.pause.key)
            game = game.go_on()
        elif game.decision is not None:
            game = game.tap(game.decision.actions[0])
        else:
            game = game.advance()
    return keys, game.state.scores[guided.LEARNER]


def in_view(page: Any, selector: str) -> None:
    """``selector``'s box wholly inside the window as it is (no scrolling)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= size["height"] + 0.5, (selector, box)
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5, (selector, box)


def wait_ready(page: Any, last: str | None, timeout: float = 60_000) -> str:
    """The next state the page settles in that is not ``last`` (a new version of the table)."""
    handle = page.wait_for_function(
        f"([sel, last]) => {{ const r = ({READY})(sel); return r && r !== last ? r : null; }}",
        arg=[TABLE, last],
        timeout=timeout,
        polling=50,
    )
    return str(handle.json_value())


def click(page: Any, selector: str) -> None:
    page.locator(selector).first.click()


def make_move(page: Any, text: str, hand_size: int) -> int:
    """Click what a person clicks for the move ``text`` (the script's notation); returns the
    clicks it took."""
    action = uno.parse_action(f"0: {text}")
    if action.verb == "draw":
        click(page, f"{TABLE} button.draw")
        return 1
    if action.verb != "play" or action.card is None:
        click(page, f'{TABLE} button[data-verb="{action.verb}"]')
        return 1
    click(page, f'{TABLE} .hand-row button.card[data-card="{action.card}"]')
    clicks = 1
    if action.card.is_wild:
        assert action.color is not None
        click(page, f'{TABLE} .ask button[data-color="{action.color.name}"]')
        clicks += 1
    elif hand_size == 2:  # the table asks: "UNO! and play" or "Play without saying UNO"
        button = ".ask button.uno-button" if action.uno else ".ask .choices button:not(.uno-button)"
        click(page, f"{TABLE} {button}")
        clicks += 1
    return clicks


def finish_guided_game(
    page: Any, on_pause: Callable[[str], None] | None = None
) -> tuple[int, float]:
    """From the guided game's page, as a new user: start it, make each move the table asks for
    and press "Continue" at each pause, until "Start again" shows. Returns the taps (clicks,
    the start button included) and the seconds from the start button to the end."""
    script = guided.load_script()
    pauses, _ = played_without_a_page()
    started = time.monotonic()
    click(page, ".st-key-fg_start button")
    taps, decisions, shown, last = 1, 0, 0, None
    while True:
        last = wait_ready(page, last)
        if last == "end":
            break
        if last.startswith("pause"):
            if on_pause is not None:
                on_pause(pauses[shown])
            shown += 1
            click(page, f'{TABLE} button[data-tool="continue"]')
            taps += 1
            continue
        hand_size = page.locator(f"{TABLE} .hand-row button.card").count()
        taps += make_move(page, script.decisions[decisions].actions[0], hand_size)
        decisions += 1
    assert decisions == len(script.decisions) and shown == len(pauses)
    return taps, time.monotonic() - started


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with streamlit_server({"UNO_ACADEMY_BOT_PAUSE_MS": "150"}) as url:
        yield url


@pytest.mark.parametrize(
    ("width", "height", "lang"),
    [(390, 844, "fr"), (1280, 720, "ru")],
    ids=["phone-fr", "laptop-ru"],
)
def test_a_new_user_finishes_the_guided_game_by_clicking_the_table(
    browser: Any, base: str, width: int, height: int, lang: str
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.goto(f"{base}/first_game?lang={lang}")
    wait_for_app(page)
    title = page.get_by_role("heading", name=t("nav.first_game", lang), exact=True)
    assert title.is_visible()
    seen: list[str] = []

    def at_pause(key: str) -> None:
        """The pause: its words at the hand, the hand and "Continue" in view."""
        page.wait_for_timeout(150)  # the landing scroll of a new game
        in_view(page, f"{TABLE} .hand-row")
        if key != "round_won":  # the last card played: the hand is empty
            in_view(page, f"{TABLE} .hand-row button.card")
        in_view(page, f"{TABLE} .message.info")
        in_view(page, f'{TABLE} button[data-tool="continue"]')
        text = page.locator(f"{TABLE} .message-text").inner_text()
        assert text.strip(), key
        assert not title.is_visible()  # the page folded away: the table is the game screen
        seen.append(key)
        if key in SHOTS:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"guided-{lang}-{width}x{height}-{key}.png"))

    taps, seconds = finish_guided_game(page, at_pause)
    pauses, points = played_without_a_page()
    assert seen == pauses
    # The end: the table's result, what the learner scored, "Start again".
    page.wait_for_selector(f"{TABLE} .result", timeout=30_000)
    assert title.is_visible()
    again = page.locator(".st-key-fg_again button")
    assert again.inner_text().strip().endswith(t("guided.again", lang))
    success = page.locator("[data-testid=stAlertContentSuccess]").inner_text()
    assert t("guided.end", lang, count=points) in success
    script = guided.load_script()
    assert taps >= 1 + len(script.decisions) + len(seen)
    assert seconds < 300
    for key in SHOTS:
        assert (ARTIFACTS / f"guided-{lang}-{width}x{height}-{key}.png").stat().st_size > 10_000
    context.close()
