"""The guided first game as a new user plays it: taps and seconds to finish it, on a phone and on
a laptop.

    .venv/bin/python benchmarks/guided.py [--pause 700] [--lang fr]

Starts ``streamlit run app.py`` on a free port of 127.0.0.1 (computer players pausing
``--pause`` ms between their moves, the app's default 700), then, in headless Chromium, as a new
visitor each time (a fresh browser context): a 390 x 844 touch phone and a 1280 x 720 laptop
open the page, press "Play the guided game" and finish it by clicking the table
(``tests/test_guided_browser.finish_guided_game``: the card, its colour, "UNO!" or not, the draw
pile, the buttons, "Continue" at each pause) until "Start again" shows. Prints the taps (the
start button included) and the seconds, from opening the page and from the start button. The
clicks follow each other at once: a person also reads each pause (about 11 of them) and thinks
before each of the 19 moves, so this is the time the app itself takes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server, wait_for_app  # noqa: E402
from tests.test_guided_browser import finish_guided_game  # noqa: E402

DEVICES = {
    "phone 390 x 844": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
    },
    "laptop 1280 x 720": {"viewport": {"width": 1280, "height": 720}},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pause", type=int, default=700, help="ms between computer moves")
    parser.add_argument("--lang", default="fr", choices=("en", "fr", "ru"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    env = {"UNO_ACADEMY_BOT_PAUSE_MS": str(args.pause)}
    with streamlit_server(env) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        print(f"guided first game, {args.lang}, computer players pausing {args.pause} ms")
        print(f"{'device':<20} {'taps':>5} {'s from the page':>16} {'s from Start':>13}")
        for name, options in DEVICES.items():
            context = browser.new_context(locale=args.lang, **options)
            page = context.new_page()
            opened = time.monotonic()
            page.goto(f"{base}/first_game?lang={args.lang}")
            wait_for_app(page)
            taps, seconds = finish_guided_game(page)
            total = time.monotonic() - opened
            print(f"{name:<20} {taps:>5} {total:>16.1f} {seconds:>13.1f}")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
