"""Regenerate the README's screenshots: ``make screenshots`` (or
``.venv/bin/python -m tests.screenshots``). Starts the app on 127.0.0.1, opens a few pages in
headless Chromium and writes PNG files to content/screenshots/: one per part of the app, and the
game screen in a light theme and a dark theme on a 1280 x 720 laptop and on a 390 x 844 phone,
a room: a pupil's phone and the projector's wall at 1920 x 1080, the guided first game
paused on a phone, a puzzle answered wrong and a round's review on a phone.

``--every-page DIR`` opens every page in every language at 1280 px and at 390 px, in the light
and the dark theme, instead, and writes their screenshots to DIR."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

import uno
from tests.browser import (
    ROOT,
    browser_page,
    own_browser,
    page_paths,
    streamlit_server,
    sweep,
    wait_for_app,
)
from uno.academy import store as db
from uno.academy.i18n import t
from uno.academy.sandbox import encode_share

OUT = ROOT / "content" / "screenshots"
SHOTS = [
    ("", "en"),
    ("lessons", "fr"),
    ("lab", "ru"),
    ("scoring", "en"),
    ("classroom", "fr"),
    ("reference", "ru"),
]
#: The game screen: (file, language, width, height, colour scheme).
TABLES = [
    ("table-light-en", "en", 1280, 720, "light"),
    ("table-dark-fr", "fr", 1280, 720, "dark"),
    ("table-phone-ru", "ru", 390, 844, "light"),
]


def table_link() -> str:
    """A game in progress: Ana against two computer players, a wild on the pile."""
    state = uno.load_scenario(
        {
            "players": ["Ana", "Ben", "Léa"],
            "hands": [
                ["R5", "G2", "W", "B9", "YS", "G7", "R1"],
                ["R1", "Y3", "B4", "G8", "Y9"],
                ["B1", "B2", "YD2"],
            ],
            "discard_pile": ["G5", "R5", "W"],
            "current_color": "G",
            "turn": 0,
            "seed": 3,
        }
    )
    return encode_share(state, {"bots": {"1": "greedy", "2": "color_keeper"}, "hide_hands": True})


def tables(browser: Any, base: str) -> list[str]:
    problems = []
    for name, lang, width, height, scheme in TABLES:
        with browser_page(browser, lang, scheme, width, height) as page:
            try:
                page.goto(f"{base}/sandbox?lang={lang}&s={table_link()}")
                wait_for_app(page)
                page.wait_for_selector('[data-testid="uno-table"] button.card', timeout=30_000)
                page.locator('[data-testid="uno-table"] button.card[data-card="W"]').click()
                page.wait_for_timeout(300)
                page.screenshot(path=str(OUT / f"{name}.png"))
            except Exception as exc:
                problems.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    return problems


#: A room: (file, language, width, height, colour scheme, projector or not).
ROOMS = [
    ("rooms-projector-fr", "fr", 1920, 1080, "light", True),  # a seat free: how to join shows
    ("rooms-phone-ru", "ru", 390, 844, "dark", False),
]


def rooms(browser: Any, base: str, store_path: Path) -> list[str]:
    """A room of three (two pupils and a computer player): the projector while Ана has not
    joined yet, then Ана's phone."""
    with db.open_store(store_path) as store:
        code = store.create_room(
            "screenshots-teacher-0123456789ab",
            seats=[("pupil", None), ("pupil", None), ("bot", "friendly")],
            seed=7,
        ).code
        store.join_room(code, "screenshots-pupil-b-0123456789ab", "Léo")
    problems = []
    for name, lang, width, height, scheme, projector in ROOMS:
        with browser_page(browser, lang, scheme, width, height) as page:
            try:
                query = f"lang={lang}&room={code}" + ("&view=projector" if projector else "")
                page.goto(f"{base}/rooms?{query}")
                wait_for_app(page)
                if not projector:
                    page.locator(".st-key-rm_name input").fill("Ана")
                    page.locator(".st-key-rm_name input").press("Enter")
                    wait_for_app(page)
                    page.locator(".st-key-rm_join button").click()
                    wait_for_app(page)
                page.wait_for_selector('[data-testid="uno-table"] .seat', timeout=30_000)
                page.wait_for_timeout(1500)
                page.screenshot(path=str(OUT / f"{name}.png"))
            except Exception as exc:
                problems.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    return problems


#: The guided first game: (file, language, width, height, colour scheme, the pause shown).
GUIDED = [("guided-phone-fr", "fr", 390, 844, "light", "skip")]


class _Shot(Exception):
    """The guided game's pause was photographed: stop playing."""


def guided_game(browser: Any, base: str) -> list[str]:
    """The guided first game, played as a new user does up to a pause, photographed there."""
    from tests.test_guided_browser import finish_guided_game

    problems = []
    for name, lang, width, height, scheme, pause in GUIDED:
        with browser_page(browser, lang, scheme, width, height) as page:

            def at_pause(key: str, page: Any = page, name: str = name, pause: str = pause) -> None:
                if key == pause:
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(OUT / f"{name}.png"))
                    raise _Shot

            try:
                page.goto(f"{base}/first_game?lang={lang}")
                wait_for_app(page)
                finish_guided_game(page, at_pause)
                problems.append(f"{name}: the pause {pause!r} never came")
            except _Shot:
                pass
            except Exception as exc:
                problems.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    return problems


def puzzle_and_review(browser: Any, base: str) -> list[str]:
    """A puzzle answered with a wrong card (what it cost and why, at the hand), and the review
    of a short sandbox round (its key moment), both on a 390 x 844 phone in French."""
    from tests.test_puzzles_browser import plain_puzzle
    from tests.test_review_browser import start

    table = '[data-testid="uno-table"]'
    problems = []
    with browser_page(browser, "fr", "light", 390, 844) as page:
        try:
            puzzle, _, wrong = plain_puzzle()
            page.goto(f"{base}/puzzles?lang=fr&p={puzzle.id}")
            wait_for_app(page)
            page.locator(f'{table} .hand-row button.card[data-card="{wrong}"]').first.click()
            page.locator(f'{table} button[data-tool="again"]').wait_for(timeout=30_000)
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / "puzzles-phone-fr.png"))
        except Exception as exc:
            problems.append(f"puzzles-phone-fr: {type(exc).__name__}: {str(exc)[:200]}")
    with browser_page(browser, "fr", "light", 390, 844) as page:
        try:
            link = encode_share(start(), {"bots": {"1": "greedy"}, "hide_hands": True})
            page.goto(f"{base}/sandbox?lang=fr&s={link}")
            wait_for_app(page)
            page.locator(f'{table} button[data-action="draw"]').click()
            page.locator(f'{table} button[data-tool="review"]').click(timeout=30_000)
            page.get_by_role("button", name=t("review.try_again", "fr")).first.wait_for(
                timeout=120_000
            )
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / "review-phone-fr.png"))
        except Exception as exc:
            problems.append(f"review-phone-fr: {type(exc).__name__}: {str(exc)[:200]}")
    return problems


def every_page(out: Path) -> list[str]:
    """Every page in every language, at 1280 px and at 390 px, light and dark, into ``out`` (a
    look before a change is called done; the suite's sweep opens each page once); the problems
    seen."""
    from uno.academy.i18n import LANGS

    pages = [(path, lang) for path in page_paths() for lang in LANGS]
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        store = {"UNO_ACADEMY_DB": str(Path(folder) / "sweep.sqlite3")}
        with streamlit_server(store) as base, own_browser() as b:
            for width in (1280, 390):
                for scheme in ("light", "dark"):
                    shots = out / f"{width}-{scheme}"
                    problems += sweep(b, base, shots, pages, width, scheme)
    print(f"{4 * len(pages)} pages opened, screenshots in {out}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--every-page",
        type=Path,
        metavar="DIR",
        help="instead: every page in every language, 1280 and 390 px, light and dark, into DIR",
    )
    args = parser.parse_args()
    if args.every_page is not None:
        problems = every_page(args.every_page)
    else:
        with tempfile.TemporaryDirectory() as folder:
            store_path = Path(folder) / "screenshots.sqlite3"
            with streamlit_server({"UNO_ACADEMY_DB": str(store_path)}) as base, own_browser() as b:
                problems = sweep(b, base, OUT, SHOTS) + tables(b, base) + rooms(b, base, store_path)
                problems += guided_game(b, base) + puzzle_and_review(b, base)
        count = len(SHOTS) + len(TABLES) + len(ROOMS) + len(GUIDED) + 2
        print(f"{count} screenshots written to content/screenshots/")
    for line in problems:
        print(line)
    print(f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
