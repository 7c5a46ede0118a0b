"""The puzzles page in a real browser, on a phone (390 x 844) in French: a wrong card says
what it cost, "Réessayer" gives the puzzle back, the right card says so with why; the others'
cards never reach the page; the hand and the message are in view without scrolling."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import browser_page, streamlit_server, wait_for_app
from uno.academy.i18n import t
from uno.academy.puzzles import Puzzle, load_bank
from uno.actions import parse_action

pytestmark = pytest.mark.browser
TABLE = '[data-testid="uno-table"]'


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("store") / "store.sqlite3"
    with streamlit_server({"UNO_ACADEMY_DB": str(db)}) as url:
        yield url


def plain_puzzle() -> tuple[Puzzle, str, str]:
    """A puzzle whose solution is a coloured card played without "Uno" or a choice, with a
    wrong move of the same kind: (the puzzle, the right card, the wrong card)."""
    for puzzle in load_bank():
        state = puzzle.state
        if puzzle.state.rules.seven_zero:
            continue
        right = parse_action(puzzle.solution, state)
        if right.verb != "play" or right.uno or right.card is None or right.card >= 52:
            continue
        for move in puzzle.chances:
            wrong = parse_action(move, state)
            plain = wrong.verb == "play" and not wrong.uno and wrong.card is not None
            if plain and wrong.card < 52 and wrong.card != right.card:  # type: ignore[operator]
                return puzzle, str(right.card), str(wrong.card)
    raise AssertionError("the bank has no plain puzzle")


def test_a_wrong_then_a_right_answer_on_a_phone_in_french(browser: Any, base: str) -> None:
    puzzle, right, wrong = plain_puzzle()
    with browser_page(browser, locale="fr-FR", width=390) as page:
        page.goto(f"{base}/puzzles?lang=fr&p={puzzle.id}")
        wait_for_app(page)
        page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
        html = page.content()
        for seat, hand in enumerate(puzzle.scenario["hands"]):
            if seat != puzzle.seat:  # the hidden hands never reach the page
                alone = set(hand) - set(puzzle.scenario["hands"][puzzle.seat])
                alone -= set(puzzle.scenario["discard_pile"][-1:])
                assert not any(f'data-card="{card}"' in html for card in alone)
        card = page.locator(f'{TABLE} .hand-row button.card[data-card="{wrong}"]').first
        card.click()
        wait_for_app(page)
        status = page.locator(f'{TABLE} [role="status"]')
        status.filter(has_text="point").wait_for(timeout=30_000)
        cost = round(
            (
                puzzle.chances[puzzle.solution]
                - puzzle.chances[str(parse_action(f"{puzzle.seat}: play {wrong}", puzzle.state))]
            )
            * 100
        )
        assert t("puzzles.points", "fr", count=max(1, cost)) in status.inner_text()
        box = status.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844  # in view
        page.screenshot(path="tests/artifacts/puzzles-wrong-fr-390.png")
        page.locator(f'{TABLE} button[data-tool="again"]').click()
        wait_for_app(page)
        page.locator(f'{TABLE} .hand-row button.card[data-card="{right}"]').first.click()
        wait_for_app(page)
        page.get_by_text(t("puzzles.why_label", "fr", reason="").strip()).first.wait_for(
            timeout=30_000
        )
        said = page.locator(f'{TABLE} [role="status"]').inner_text()
        assert said.startswith("Bravo")
        page.screenshot(path="tests/artifacts/puzzles-right-fr-390.png")
