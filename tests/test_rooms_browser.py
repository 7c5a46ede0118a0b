"""Rooms in real browsers (#20): three pupils' devices play a round in one room to its end, on
two server processes sharing one store; one pupil reloads midway and gets the seat back; no
page ever holds another pupil's cards; the projector shows no hand at all."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import uno
from tests.browser import streamlit_server, wait_for_app
from uno.academy import store as db
from uno.academy.i18n import t

pytestmark = pytest.mark.browser
TABLE = '[data-testid="uno-table"]'
TEACHER = "teacher-device-token-0123456789"
#: A round three taps from its end: Ana, Ben and Léa each play down to one card, then Ana wins.
HANDS = [["R1", "R2"], ["R3", "B4"], ["R5", "Y6"]]
ALL_HTML = (
    "() => [...document.querySelectorAll('*')].map(e => e.shadowRoot ? e.shadowRoot.innerHTML"
    " : '').join('') + document.documentElement.outerHTML"
)


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rooms") / "store.sqlite3"


@pytest.fixture(scope="module")
def servers(db_path: Path) -> Iterator[tuple[str, str]]:
    env = {"UNO_ACADEMY_DB": str(db_path)}
    with streamlit_server(env) as first, streamlit_server(env) as second:
        yield first, second


def root_text(page: Any, selector: str) -> str:
    return str(
        page.evaluate(
            "sel => { const t = [...document.querySelectorAll('*')].map(e => e.shadowRoot &&"
            " e.shadowRoot.querySelector(sel)).find(Boolean); return t ? t.textContent : '' }",
            selector,
        )
    )


def hand(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all(
            f"{TABLE} .hand-row button.card", "els => els.map(e => e.dataset.card)"
        )
    )


def wait_text(page: Any, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll('*')].some(e => e.shadowRoot &&"
        " e.shadowRoot.querySelector(sel) && e.shadowRoot.querySelector(sel).textContent"
        ".includes(text))",
        arg=[TABLE, text],
        timeout=30_000,
    )


def join(browser: Any, base: str, code: str, name: str) -> Any:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base}/rooms?lang=en&room={code}")
    wait_for_app(page)
    page.locator(".st-key-rm_name input").fill(name)
    page.locator(".st-key-rm_name input").press("Enter")
    wait_for_app(page)
    page.locator(".st-key-rm_join button").click()
    wait_for_app(page)
    page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
    return page


def play(page: Any, card: str) -> None:
    page.locator(f'{TABLE} button.card[data-card="{card}"]').click()
    uno_button = page.locator(f"{TABLE} .ask button.uno-button")
    if uno_button.count():
        uno_button.click()


def no_other_hand(page: Any, mine: set[str], others: set[str]) -> None:
    html = page.evaluate(ALL_HTML)
    shown = set(re.findall(r'data-card="([A-Z0-9]+)"', html))
    assert not (shown & (others - mine)), shown & others


def test_three_devices_play_a_round_on_two_servers(
    browser: Any, servers: tuple[str, str], db_path: Path
) -> None:
    start = uno.load_scenario(
        {
            "players": 3,
            "hands": HANDS,
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G2", "G3", "G4"],
            "turn": 0,
            "rules": {"preset": "single_round"},
        }
    )
    with db.open_store(db_path) as store:
        room = store.create_room(TEACHER, seats=[("pupil", None)] * 3, start=start)
    code = room.code
    first, second = servers
    ana = join(browser, first, code, "Ana")
    ben = join(browser, second, code, "Ben")  # another server process, the same room
    lea = join(browser, first, code, "Léa")
    assert hand(ana) == ["R1", "R2"] and hand(ben) == ["R3", "B4"] and hand(lea) == ["R5", "Y6"]
    cards = [set(h) for h in HANDS]
    for i, page in enumerate((ana, ben, lea)):
        no_other_hand(page, cards[i], set().union(*cards))

    play(ana, "R1")  # Ana's tap reaches Ben's device, served by the other process
    wait_text(ben, t("event.played", "en", name="Ana", card="Red 1"))
    ben.reload()  # a tablet that slept: the seat comes back from the device
    wait_for_app(ben)
    ben.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
    assert hand(ben) == ["R3", "B4"]
    play(ben, "R3")
    wait_text(lea, t("event.played", "en", name="Ben", card="Red 3"))
    play(lea, "R5")
    wait_text(ana, t("event.played", "en", name="Léa", card="Red 5"))
    play(ana, "R2")
    for page in (ana, ben, lea):
        page.wait_for_function(
            "sel => [...document.querySelectorAll('*')].some(e => e.shadowRoot &&"
            " e.shadowRoot.querySelector(sel + '.over'))",
            arg=TABLE,
            timeout=30_000,
        )
    with db.open_store(db_path) as store:
        final = store.room_state(code)
    assert final.state.is_over and final.state.round_winner == 0
    assert [a.action for a in final.log] == [
        "0: play R1 uno",
        "1: play R3 uno",
        "2: play R5 uno",
        "0: play R2",
    ]

    projector = browser.new_context().new_page()
    projector.goto(f"{second}/rooms?lang=fr&room={code}&view=projector")
    wait_for_app(projector)
    projector.wait_for_selector(TABLE, timeout=30_000)
    assert projector.locator(f"{TABLE} .hand-row").count() == 0
    no_other_hand(projector, set(), {"B4", "Y6"})
    # The table takes the projector's whole width: the menu starts folded away.
    sidebar = projector.locator("[data-testid=stSidebar]")
    assert sidebar.get_attribute("data-collapsed") == "true"
    visitor = browser.new_context().new_page()  # the same width, not the projector
    visitor.goto(f"{second}/rooms?lang=fr&room={code}")
    wait_for_app(visitor)
    assert visitor.locator("[data-testid=stSidebar]").get_attribute("data-collapsed") == "false"
    visitor.context.close()
    for page in (ana, ben, lea, projector):
        page.context.close()


def test_a_removed_pupil_sees_nothing_more(
    browser: Any, servers: tuple[str, str], db_path: Path
) -> None:
    """Hardening III: Ben is removed by the teacher while his page stays open; Nina joins and
    gets his seat, then draws. From the removal on, Ben's page shows that he left the seat and
    nothing of the seat's hand: not the cards he had, not Nina's name, not the card she drew."""
    start = uno.load_scenario(
        {
            "players": 2,
            "hands": [["R1", "R2", "G7"], ["B3", "Y4"]],
            "discard_pile": ["Y0"],
            "draw_pile": ["Y9", "G1", "G2", "G3"],
            "turn": 1,
            "rules": {"preset": "single_round"},
        }
    )
    with db.open_store(db_path) as store:
        room = store.create_room(TEACHER, seats=[("pupil", None)] * 2, start=start)
    code = room.code
    first, _ = servers
    ben = join(browser, first, code, "Ben")
    assert hand(ben) == ["R1", "R2", "G7"]
    with db.open_store(db_path) as store:
        ana = store.join_room(code, "ana-device-token-0123456789ab", "Ana")
        store.remove_pupil(TEACHER, code, 0)
        nina = store.join_room(code, "nina-device-token-0123456789a", "Nina")
        assert nina.seat == 0
        version = store.room_state(code).version
        store.apply_room_action(code, ana.token, version, "play Y4")
        version = store.room_state(code).version
        store.apply_room_action(code, nina.token, version, "draw")  # Nina draws the Y9
        assert "Y9" in [str(c) for c in store.room_state(code).state.hands[0]]
    ben.get_by_text(t("rooms.seat_gone", "en")).wait_for(timeout=30_000)
    ben.wait_for_timeout(2_500)  # more runs (the device forgets the seat): still nothing
    assert ben.get_by_text(t("rooms.seat_gone", "en")).is_visible()
    html = ben.evaluate(ALL_HTML)
    assert ben.locator(f"{TABLE} .hand-row button.card").count() == 0
    assert "Nina" not in html
    assert not set(re.findall(r'data-card="([A-Z0-9]+)"', html)) & {"R1", "R2", "G7", "Y9"}
    ben.context.close()
