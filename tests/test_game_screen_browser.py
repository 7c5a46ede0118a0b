"""The game screen in a real browser (#37): while a round is played the table fills the window,
the player's hand at the bottom and the newest move in view with nothing to scroll, at the six
sizes of phones, tablets, laptops and a projector, light and dark; Deal lands on the table;
the table's menu brings the page back and "Back to the game" folds it again; the end of a round
fits a phone; the focus stays in the table after a refusal, Escape and a computer's move; a
pupil's phone speaks to them; the projector is sized for the back of a classroom and shows how
to join while pupils' seats are free; the kids' game names no strategy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import uno
from tests.browser import streamlit_server, wait_for_app
from uno.academy import store as db
from uno.academy.i18n import t
from uno.academy.match import Match
from uno.academy.sandbox import encode_match, encode_share
from uno.academy.table import story_text

pytestmark = pytest.mark.browser
TABLE = '[data-testid="uno-table"]'
TEACHER = "teacher-device-token-0123456789"
#: Width, height, colour scheme, language: phones, a tablet, laptops, a projector.
SIZES = [
    (390, 844, "light", "fr"),
    (412, 915, "dark", "ru"),
    (768, 1024, "light", "en"),
    (1280, 720, "dark", "fr"),
    (1366, 768, "light", "ru"),
    (1920, 1080, "dark", "en"),
]
#: The computer players' table of a share link: seats 1 and 2 greedy, their hands hidden.
BOTS = {"bots": {"1": "greedy", "2": "greedy"}, "hide_hands": True, "viewer": 0}
FOCUS_IN_TABLE = """sel => {
  const host = [...document.querySelectorAll('*')]
    .find(e => e.shadowRoot && e.shadowRoot.querySelector(sel));
  if (!host) return false;
  const table = host.shadowRoot.querySelector(sel);
  const active = host.shadowRoot.activeElement;
  return !!active && table.contains(active);
}"""


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screen") / "store.sqlite3"


@pytest.fixture(scope="module")
def base(db_path: Path) -> Iterator[str]:
    env = {"UNO_ACADEMY_BOT_PAUSE_MS": "150", "UNO_ACADEMY_DB": str(db_path)}
    with streamlit_server(env) as url:
        yield url


def long_round() -> Match:
    """A round some fifteen moves in, the person at seat 0 to play: a story longer than any
    list shows at once."""
    match = Match.new(uno.new_game(3, seed=11), ["greedy"] * 3).play_bots(limit=15)
    match = match.with_seats([None, "greedy", "greedy"]).play_bots()
    assert match.state.turn == 0 and not match.state.is_over
    assert len(match.round_story()) >= 12
    return match


def open_page(browser: Any, url: str, width: int, height: int, scheme: str, lang: str) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme, locale=lang
    )
    page = context.new_page()
    page.goto(url)
    wait_for_app(page)
    return page


def in_view(page: Any, selector: str) -> dict[str, float]:
    """The box of ``selector``, asserted wholly inside the window as it is (no scrolling)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= size["height"] + 0.5, (selector, box)
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5, (selector, box)
    return dict(box)


def font_px(page: Any, selector: str) -> float:
    return float(
        page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    )


def hand_in_view(page: Any) -> None:
    """The hand at the bottom: its row inside the window, every card's height on screen and the
    first card wholly (a long hand scrolls sideways in its own row)."""
    row = in_view(page, f"{TABLE} .hand-row")
    cards = page.locator(f"{TABLE} .hand-row button.card")
    assert cards.count() >= 1
    in_view(page, f"{TABLE} .hand-row button.card >> nth=0")
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert (
            box["y"] >= row["y"] - 0.5
            and box["y"] + box["height"] <= row["y"] + row["height"] + 0.5
        )


def newest_in_view(page: Any) -> None:
    """The newest line of the story on screen, inside the story's own visible box."""
    line = in_view(page, f"{TABLE} .story li:last-child")
    box = page.locator(f"{TABLE} .story ol").bounding_box()
    assert (
        line["y"] >= box["y"] - 0.5 and line["y"] + line["height"] <= box["y"] + box["height"] + 0.5
    )
    in_view(page, f"{TABLE} .newest")


@pytest.mark.parametrize(("width", "height", "scheme", "lang"), SIZES)
def test_the_table_is_the_game_screen_at_every_size(
    browser: Any, base: str, width: int, height: int, scheme: str, lang: str
) -> None:
    match = long_round()
    page = open_page(
        browser,
        f"{base}/sandbox?lang={lang}&s={encode_match(match, BOTS)}",
        width,
        height,
        scheme,
        lang,
    )
    page.wait_for_selector(f"{TABLE}.fill .hand-row button.card", timeout=30_000)
    page.wait_for_timeout(400)  # the landing scroll
    hand_in_view(page)
    newest_in_view(page)
    in_view(page, f"{TABLE} .status")
    # Every move of the round is kept (the newest last), in the reader's words.
    lines = page.locator(f"{TABLE} .story li .line-text").all_inner_texts()
    names = list(match.state.players)
    assert lines == story_text(match.round_story(), names, lang, 0)
    # The page's chrome folded away: no title, no sidebar.
    assert not page.get_by_role("heading", name=t("nav.sandbox", lang), exact=True).is_visible()
    assert not page.locator("[data-testid=stSidebar]").is_visible()
    page.context.close()


def test_deal_lands_on_the_table_and_the_menu_brings_the_page_back(browser: Any, base: str) -> None:
    lang = "fr"
    page = open_page(browser, f"{base}/sandbox?lang={lang}", 390, 844, "light", lang)
    page.locator(".st-key-sb_deal button").click()
    page.wait_for_selector(f"{TABLE}.fill .hand-row button.card", timeout=30_000)
    page.wait_for_timeout(600)
    hand_in_view(page)  # no scrolling needed after Deal
    # The menu (a table drawn in a fragment): the whole page comes back, then folds again.
    page.locator(f"{TABLE} button.menu").click()
    title = page.get_by_role("heading", name=t("nav.sandbox", lang), exact=True)
    title.wait_for(timeout=30_000)
    back = page.locator(".st-key-sb_back_to_game button")
    assert back.inner_text().strip().endswith(t("table.back_to_game", lang))
    back.click()
    title.wait_for(state="hidden", timeout=30_000)
    page.wait_for_selector(f"{TABLE}.fill", timeout=30_000)
    page.wait_for_timeout(400)
    hand_in_view(page)
    page.context.close()


def test_the_end_of_a_round_fits_a_phone(browser: Any, base: str) -> None:
    lang = "ru"
    state = uno.load_scenario(
        {
            "players": ["Ana", "Ben", "Léa"],
            "hands": [["R1"], ["G7", "B4", "WD4"], ["Y6", "R9"]],
            "discard_pile": ["R0"],
            "draw_pile": ["Y1", "Y2", "Y3"],
            "turn": 0,
            "rules": {"preset": "official"},
        }
    )
    url = f"{base}/sandbox?lang={lang}&s={encode_share(state, {})}"
    page = open_page(browser, url, 390, 844, "dark", lang)
    page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
    page.locator(f'{TABLE} button.card[data-card="R1"]').click()
    page.wait_for_selector(f"{TABLE} .result", timeout=30_000)
    page.wait_for_timeout(400)
    in_view(page, f"{TABLE} .result-title")
    rows = page.locator(f"{TABLE} .result-row")
    assert rows.count() == 3
    for i in range(3):  # nothing cut: each hand, its points and the total within the phone
        row = rows.nth(i)
        assert row.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        box = row.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    text = page.locator(f"{TABLE} .result").inner_text()
    assert t("table.points", lang, count=50 + 4 + 7) in text  # Ben's G7, B4 and Wild Draw Four
    in_view(page, f'{TABLE} button[data-verb="next_round"]')
    page.context.close()


def test_the_focus_stays_in_the_table_after_a_refusal_escape_and_a_computer_move(
    browser: Any, base: str
) -> None:
    lang = "en"
    state = uno.load_scenario(
        {
            "players": ["Ana", "Ben", "Léa"],
            "hands": [["G5", "R2", "R7"], ["R3", "B4", "Y9"], ["R5", "Y6", "B8"]],
            "discard_pile": ["R0"],
            "draw_pile": ["Y1", "Y2", "Y3", "Y4", "Y5"],
            "turn": 0,
        }
    )
    table = {"bots": {"1": "first", "2": "first"}}
    url = f"{base}/sandbox?lang={lang}&s={encode_share(state, table)}"
    page = open_page(browser, url, 1280, 720, "light", lang)
    page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
    page.locator(f'{TABLE} button.card[data-card="G5"]').focus()
    page.keyboard.press("Enter")  # a green 5 on a red 0: refused, explained at the hand
    page.wait_for_selector(f"{TABLE} .message.error", timeout=30_000)
    assert page.evaluate(FOCUS_IN_TABLE, TABLE)
    page.keyboard.press("Escape")
    assert page.evaluate(FOCUS_IN_TABLE, TABLE)
    page.keyboard.press("ArrowRight")  # the keys still work: the next card
    focused = page.evaluate(
        "sel => { const h = [...document.querySelectorAll('*')].find(e => e.shadowRoot &&"
        " e.shadowRoot.querySelector(sel)); return h.shadowRoot.activeElement.dataset.card }",
        TABLE,
    )
    assert focused == "R2"
    page.keyboard.press("Enter")  # plays the red 2; Ben and Léa answer, then Ana again
    page.wait_for_function(
        "sel => [...document.querySelectorAll('*')].some(e => e.shadowRoot &&"
        " e.shadowRoot.querySelectorAll(sel + ' .story li').length >= 3)",
        arg=TABLE,
        timeout=30_000,
    )
    page.wait_for_timeout(500)
    assert page.evaluate(FOCUS_IN_TABLE, TABLE)
    page.context.close()


def test_the_kids_game_names_no_strategy_and_shows_the_hand(browser: Any, base: str) -> None:
    for width, height, lang in ((1280, 900, "fr"), (390, 844, "ru")):
        page = open_page(browser, f"{base}/classroom?lang={lang}", width, height, "light", lang)
        page.locator(".st-key-cl_k_start button").click()
        page.wait_for_selector(f"{TABLE}.fill .hand-row button.card", timeout=30_000)
        page.wait_for_timeout(600)
        hand_in_view(page)
        who = " ".join(page.locator(f"{TABLE} .seat .who").all_inner_texts())
        assert t("table.bot", lang) in who and "·" not in who
        page.context.close()


def test_a_pupils_phone_speaks_to_them_and_the_projector_is_made_for_a_wall(
    browser: Any, base: str, db_path: Path
) -> None:
    start = uno.load_scenario(
        {
            "players": 2,
            "hands": [["R1", "R2", "G4", "B5", "Y7"], ["R3", "B4", "Y9", "G2", "G8"]],
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G3", "Y1", "Y2"],
            "turn": 0,
            "rules": {"preset": "single_round"},
        }
    )
    with db.open_store(db_path) as store:
        code = store.create_room(TEACHER, seats=[("pupil", None)] * 2, start=start).code
    lang = "fr"
    wall = open_page(
        browser, f"{base}/rooms?lang={lang}&room={code}&view=projector", 1920, 1080, "dark", lang
    )
    wall.wait_for_selector(f"{TABLE}.wall .join-qr", timeout=30_000)
    # How to join, on the wall: the code, the link and a QR code big enough to scan.
    qr = in_view(wall, f"{TABLE} .join-qr")
    assert qr["width"] >= 240
    assert wall.locator(f"{TABLE} .join-code").inner_text() == code
    assert f"rooms?room={code}" in wall.locator(f"{TABLE} .join-link").inner_text()
    assert not wall.locator("[data-testid=stHeader]").is_visible()
    assert not wall.get_by_role("heading", name=t("nav.rooms", lang)).count()

    pupil = open_page(browser, f"{base}/rooms?lang={lang}&room={code}", 390, 844, "light", lang)
    pupil.locator(".st-key-rm_name input").fill("Léa")
    pupil.locator(".st-key-rm_name input").press("Enter")
    wait_for_app(pupil)
    pupil.locator(".st-key-rm_join button").click()
    pupil.wait_for_selector(f"{TABLE}.fill .hand-row button.card", timeout=30_000)
    pupil.wait_for_timeout(600)
    hand_in_view(pupil)
    assert pupil.locator(f"{TABLE} .status").inner_text() == t("table.you.play", lang)
    pupil.locator(f'{TABLE} button.card[data-card="R1"]').click()
    pupil.wait_for_selector(f"{TABLE} .story li", timeout=30_000)
    pupil.wait_for_timeout(500)
    newest_in_view(pupil)

    # The wall follows: names, counts and the last move readable from the back (28 px and up).
    wall.wait_for_selector(f"{TABLE} .newest", timeout=30_000)
    for part in (".seat-head .name", ".seat-info .count", ".newest", ".status"):
        assert font_px(wall, f"{TABLE} {part}") >= 28, part
    in_view(wall, f"{TABLE} .newest")
    in_view(wall, f"{TABLE} .status")
    with db.open_store(db_path) as store:  # the last pupil's seat taken: the table alone
        store.join_room(code, "ben-device-token-0123456789abcd", "Ben")
    wall.wait_for_selector(f"{TABLE} .join", state="detached", timeout=30_000)

    small = open_page(
        browser, f"{base}/rooms?lang=ru&room={code}&view=projector", 1280, 720, "light", "ru"
    )
    small.wait_for_selector(f"{TABLE}.wall .story li", timeout=30_000)
    small.wait_for_timeout(500)
    in_view(small, f"{TABLE} .status")
    newest_in_view(small)
    for page in (wall, pupil, small):
        page.context.close()
