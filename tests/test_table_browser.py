"""The game table in a real browser (Debian's Chromium driven by Playwright), in en, fr and ru:
a person's turn is one tap (a wild, two), a refused tap is explained in view and changes
nothing, the computer players move on their own until the person's turn, undo returns to the
person's last decision, a share link keeps the computer players and the hidden hands, the hand
is one row on a 390 px phone, and in a dark theme the lit outline and the card backs keep at
least 3:1 contrast with the background. Situations come in by share link (``?s=``)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

import uno
from tests.browser import ARTIFACTS, streamlit_server, wait_for_app
from uno.academy.i18n import LANGS, card_label, t
from uno.academy.sandbox import encode_share

pytestmark = pytest.mark.browser
TABLE = '[data-testid="uno-table"]'


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with streamlit_server({"UNO_ACADEMY_BOT_PAUSE_MS": "150"}) as url:
        yield url


def open_link(
    browser: Any,
    base: str,
    lang: str,
    state: uno.GameState,
    table: dict[str, Any],
    width: int = 1280,
    scheme: str = "light",
) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": 900}, color_scheme=scheme, locale=lang
    )
    page = context.new_page()
    page.goto(f"{base}/sandbox?lang={lang}&s={encode_share(state, table)}")
    wait_for_app(page)
    page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
    return page


def situation(hands: list[str], top: str, draw: str = "Y1 Y2 Y3 Y4 Y5 Y6") -> uno.GameState:
    return uno.load_scenario(
        {
            "players": ["Ana", "Ben", "Léa"],
            "hands": [h.split() for h in hands],
            "discard_pile": top.split(),
            "draw_pile": draw.split(),
            "turn": 0,
        }
    )


BOTS = {"bots": {"1": "first", "2": "first"}}


def hand_codes(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        f"{TABLE} .hand-row button.card", "els => els.map(e => e.dataset.card)"
    )


def wait_turn_back(page: Any, before: int) -> None:
    """The computer players moved and the table came back to Ana (her hand is the one shown
    and it is her turn)."""
    page.wait_for_function(
        """([sel, n]) => {
            const t = [...document.querySelectorAll('*')]
              .map(e => e.shadowRoot && e.shadowRoot.querySelector(sel)).find(Boolean);
            if (!t) return false;
            const story = t.querySelectorAll('.story li').length;
            const mine = t.querySelector('.hand .turn-badge');
            return story >= n && mine && !t.classList.contains('sending');
        }""",
        arg=[TABLE, before],
        timeout=30_000,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_turn_is_one_tap_and_the_computer_answers_on_its_own(
    browser: Any, base: str, lang: str
) -> None:
    state = situation(["R5 G2 B9", "R1 R2 R3", "R4 R6 R8"], "R7")
    page = open_link(browser, base, lang, state, BOTS)
    page.locator(f'{TABLE} button.card[data-card="R5"]').click()  # one tap
    wait_turn_back(page, 3)  # Ana plays, Ben plays, Léa plays
    assert hand_codes(page) == ["G2", "B9"]
    story = page.locator(f"{TABLE} .story li .line-text").all_inner_texts()
    assert story[0] == t("event.played", lang, name="Ana", card=card_label(uno.Card("R5"), lang))
    page.screenshot(path=str(ARTIFACTS / f"table-one-tap-{lang}.png"))
    page.context.close()


def test_a_wild_is_two_taps_its_colour_asked_at_the_table(
    browser: Any, base: str, lang: str = "ru"
) -> None:
    """One language is enough here (the words of every language are the AppTest flows' and
    tests/test_words.py's): Russian, whose colour agrees with the card."""
    state = situation(["W G2 B9", "B1 R2 R3", "B4 R6 R8"], "R7")
    page = open_link(browser, base, lang, state, BOTS)
    page.locator(f'{TABLE} button.card[data-card="W"]').click()
    colors = page.locator(f"{TABLE} .ask button[data-color]")
    assert [colors.nth(i).get_attribute("data-color") for i in range(4)] == list("RYGB")
    assert colors.nth(3).inner_text().strip() == t("color.B", lang)
    colors.nth(3).click()  # blue
    wait_turn_back(page, 3)
    story = page.locator(f"{TABLE} .story li .line-text").all_inner_texts()
    wild = card_label(uno.Card("W"), lang)
    assert story[0] == t("event.played_wild", lang, name="Ana", card=wild, color=t("color.B", lang))
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_tap_is_explained_in_view_and_changes_nothing(
    browser: Any, base: str, lang: str
) -> None:
    state = situation(["G5 R1 B9", "R2 R3", "R4 R6"], "R7")
    page = open_link(browser, base, lang, state, BOTS, width=390)
    page.locator(f'{TABLE} button.card[data-card="G5"]').click()
    status = page.locator(f'{TABLE} [role="status"]')
    assert t("reason.no_match", lang) in status.inner_text()
    box = status.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 900, box
    assert hand_codes(page) == ["R1", "G5", "B9"]  # nothing changed
    assert page.locator(f"{TABLE} .story li").count() == 0
    links = status.locator("a").all_inner_texts()  # the rule and its lesson, apart
    assert len(links) == 2 and f"{links[0]} · {links[1]}" in status.inner_text(), links
    page.screenshot(path=str(ARTIFACTS / f"table-refused-{lang}-390.png"))
    page.context.close()


def test_undo_returns_to_the_persons_last_decision(browser: Any, base: str) -> None:
    state = situation(["R5 G2 B9", "R1 R2 R3", "R4 R6 R8"], "R7")
    page = open_link(browser, base, "en", state, BOTS)
    page.locator(f'{TABLE} button.card[data-card="R5"]').click()
    wait_turn_back(page, 3)
    page.get_by_role("button", name=t("sandbox.undo", "en")).click()
    wait_for_app(page)
    page.wait_for_function(
        "sel => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
        "e.shadowRoot.querySelectorAll(sel + ' .hand-row button.card').length === 3)",
        arg=TABLE,
        timeout=30_000,
    )
    assert sorted(hand_codes(page)) == ["B9", "G2", "R5"]
    assert page.locator(f"{TABLE} .story li").count() == 0  # no stale story or message
    page.context.close()


def test_a_share_link_keeps_bots_and_hidden_hands(browser: Any, base: str) -> None:
    state = situation(["WD4 R3", "G2 Y4", "B1 B2"], "R5")
    state, _ = uno.apply(state, "0: play WD4 G uno")
    table = {"bots": {"0": "first", "2": "first"}, "hide_hands": True, "viewer": 1}
    page = open_link(browser, base, "fr", state, table)
    html = page.evaluate(
        "() => [...document.querySelectorAll('*')]"
        ".map(e => e.shadowRoot ? e.shadowRoot.innerHTML : '').join('')"
        " + document.documentElement.outerHTML"
    )
    assert 'data-card="R3"' not in html  # the bluffer's red 3 never reaches the page
    assert hand_codes(page) == ["Y4", "G2"] or sorted(hand_codes(page)) == ["G2", "Y4"]
    moves = page.locator(f"{TABLE} .buttons button[data-action]")  # the moves, not the coach
    assert {moves.nth(i).get_attribute("data-action") for i in range(moves.count())} == {
        "1: challenge",
        "1: accept",
    }
    who = page.locator(f"{TABLE} .seat .who").all_inner_texts()
    assert all(t("table.bot", "fr") in w for w in who)
    page.context.close()


def test_on_a_phone_the_hand_is_one_row_that_scrolls(browser: Any, base: str) -> None:
    hand = "R1 R2 R3 R4 R5 R6 R8 R9 G1 G2 G3 B1 B2 Y8"
    state = situation([hand, "B4 B5", "B6 B8"], "R7")
    page = open_link(browser, base, "ru", state, BOTS, width=390)
    tops = page.eval_on_selector_all(
        f"{TABLE} .hand-row button.card", "els => els.map(e => e.getBoundingClientRect().top)"
    )
    assert len(tops) == 14 and max(tops) - min(tops) < 12, tops  # one row
    scroll = page.eval_on_selector(f"{TABLE} .hand-row", "e => [e.scrollWidth, e.clientWidth]")
    assert scroll[0] > scroll[1]  # it scrolls sideways
    last = hand_codes(page)[-1]
    assert last in ("Y8", "B2")
    card = page.locator(f'{TABLE} button.card[data-card="{last}"]')
    card.scroll_into_view_if_needed()
    card.click()  # tappable at the far end
    assert t("reason.no_match", "ru") in page.locator(f'{TABLE} [role="status"]').inner_text()
    page.screenshot(path=str(ARTIFACTS / "table-phone-ru.png"))
    page.context.close()


def test_on_a_phone_a_hand_of_seven_is_a_fan_with_every_card_in_view(
    browser: Any, base: str, scheme: str = "dark"
) -> None:
    """Seven cards are wider than a phone: before, the last two were out of view with nothing to
    tell they were there. They overlap now, each one's corner showing, and each can be tapped."""
    hand = "R1 R2 G3 G4 B5 B6 Y8"
    state = situation([hand, "B4 B5", "B6 B8"], "R7")
    page = open_link(browser, base, "fr", state, BOTS, width=390, scheme=scheme)
    row = page.locator(f"{TABLE} .hand-row")
    scroll = row.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert scroll[0] <= scroll[1], scroll  # no card out of view
    box = row.bounding_box()
    assert box is not None
    lefts = page.eval_on_selector_all(
        f"{TABLE} .hand-row button.card", "els => els.map(e => e.getBoundingClientRect().left)"
    )
    assert len(lefts) == 7
    assert all(b - a >= 30 for a, b in pairwise(lefts)), lefts
    page.screenshot(path=str(ARTIFACTS / f"table-phone-fan-{scheme}.png"))
    # The piles, for a screen reader: one sentence each, French spacing kept.
    discard = page.locator(f"{TABLE} figure.discard").get_attribute("aria-label")
    assert discard == t("table.discard_aria", "fr", card=card_label(uno.Card("R7"), "fr"))
    pile = page.locator(f"{TABLE} button.draw").get_attribute("aria-label")
    assert pile == t("table.draw_aria", "fr", count=6)
    # A finger on the part of a card in view touches that card, under the others or not.
    touched = page.locator(TABLE).evaluate(
        """(table) => [...table.querySelectorAll('.hand-row button.card')].map((c) => {
             const r = c.getBoundingClientRect();
             const hit = table.getRootNode().elementFromPoint(r.left + 12, r.top + r.height / 2);
             return hit && hit.closest('button.card') ? hit.closest('button.card').dataset.card
               : null; })"""
    )
    assert touched == hand_codes(page), touched
    g3 = page.locator(f'{TABLE} button.card[data-card="G3"]').bounding_box()
    assert g3 is not None
    page.mouse.click(g3["x"] + 12, g3["y"] + g3["height"] / 2)  # under B5 but for its corner
    status = page.locator(f'{TABLE} [role="status"]').inner_text()
    assert t("reason.no_match", "fr") in status, status
    page.context.close()


def _luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_dark_theme_lit_outline_and_card_backs_keep_contrast(browser: Any, base: str) -> None:
    state = situation(["R5 G2 B9", "R1 R2", "R4 R6"], "R7")
    page = open_link(browser, base, "en", state, {**BOTS, "hide_hands": True}, scheme="dark")
    colours = page.evaluate(
        """sel => {
            const host = [...document.querySelectorAll('*')]
              .find(e => e.shadowRoot && e.shadowRoot.querySelector(sel));
            const t = host.shadowRoot.querySelector(sel);
            const rgb = s => s.match(/[\\d.]+/g).map(Number);
            let bg = null;
            for (let n = host; n && !bg; n = n.parentElement) {
              const c = getComputedStyle(n).backgroundColor;
              if (c && !c.endsWith(', 0)') && c !== 'transparent') bg = rgb(c);
            }
            if (!bg) bg = rgb(getComputedStyle(document.body).backgroundColor);
            const lit = getComputedStyle(t.querySelector('button.card.lit img')).outlineColor;
            const back = getComputedStyle(t.querySelector('.mini.back img')).outlineColor;
            return {bg, lit: rgb(lit), back: rgb(back)};
        }""",
        TABLE,
    )
    assert _luminance(colours["bg"]) < 0.1, colours  # the dark theme is on
    assert contrast(colours["lit"], colours["bg"]) >= 3, colours
    assert contrast(colours["back"], colours["bg"]) >= 3, colours
    page.screenshot(path=str(ARTIFACTS / "table-dark-en.png"))
    page.context.close()


def test_keyboard_arrows_enter_and_d(browser: Any, base: str) -> None:
    state = situation(["G2 R5 B9", "R1 R2 R3", "R4 R6 R8"], "R7")
    page = open_link(browser, base, "en", state, BOTS)
    page.locator(f'{TABLE} button.card[data-card="R5"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate(
        "() => { const h = [...document.querySelectorAll('*')]"
        ".find(e => e.shadowRoot && e.shadowRoot.activeElement);"
        " return h && h.shadowRoot.activeElement.dataset.card }"
    )
    assert focused == "R5"
    page.keyboard.press("Enter")
    wait_turn_back(page, 3)
    assert "R5" not in hand_codes(page)
    labels = page.eval_on_selector_all(
        f"{TABLE} .hand-row button.card", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels[0].endswith(card_label(uno.Card(hand_codes(page)[0]), "en"))
    # The focus stayed on the hand through the computer's moves: the keys still reach the table.
    page.wait_for_function(
        "() => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
        "e.shadowRoot.activeElement && e.shadowRoot.activeElement.matches('button.card'))",
        timeout=10_000,
    )
    page.keyboard.press("d")
    page.wait_for_function(
        "sel => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
        "e.shadowRoot.querySelectorAll(sel + ' .story li').length >= 4)",
        arg=TABLE,
        timeout=30_000,
    )
    fourth = page.locator(f"{TABLE} .story li .line-text").nth(3).inner_text()
    assert fourth == t("table.you_drew", "en", card=card_label(uno.Card("Y1"), "en"))
    page.context.close()


def test_turn_after_turn_no_tap_is_ever_lost(browser: Any, base: str) -> None:
    """Five turns in a row against the computer: every tap lands on the table it was made on
    (a widget that re-sent an old value once bumped the table under the finger)."""
    state = uno.new_game(["Ana", "Ben", "Léa"], rules="single_round", seed=3)
    page = open_link(browser, base, "en", state, {"bots": {"1": "greedy", "2": "greedy"}})
    for turn in range(5):
        page.wait_for_function(
            "sel => { const t = [...document.querySelectorAll('*')]"
            ".map(e => e.shadowRoot && e.shadowRoot.querySelector(sel)).find(Boolean);"
            " return t && (t.classList.contains('over') || (t.querySelector('.hand .turn-badge')"
            " && !t.classList.contains('sending'))) }",
            arg=TABLE,
            timeout=30_000,
        )
        if page.locator(f"{TABLE}.over").count():
            break
        lit = page.locator(f'{TABLE} .hand-row button.card[data-playable="true"]')
        (lit.first if lit.count() else page.locator(f"{TABLE} button.draw")).click()
        ask = page.locator(f"{TABLE} .ask button")
        if ask.count():
            ask.first.click()
        page.wait_for_timeout(200)
        status = page.locator(f'{TABLE} [role="status"]').inner_text()
        assert t("table.stale", "en") not in status, turn
    page.context.close()
