"""The game screen after Deal: how far a person must scroll to see their whole hand, and
whether the newest line of the story is on screen, at phone, tablet, laptop and projector sizes:
after the first Deal, and after Deal pressed again in the settings below a game in play.

    .venv/bin/python benchmarks/game_screen.py

Starts ``streamlit run app.py`` on a free port, opens the sandbox in headless Chromium at each
size, presses Deal, waits for the table and measures, with no scrolling by the script: the
page's own scroll (``scrollY``, where the page landed), the scroll still needed to see the hand's
row (how far its bottom lies below the window, or its top above), and how many of the hand's
cards are wholly on screen. Then the person plays five turns (a lit card, else a draw) and the
script says whether the story's newest line is on screen. Last, the person scrolls down to the
settings, presses Deal again, and the same is measured.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server, wait_for_app  # noqa: E402

TABLE = '[data-testid="uno-table"]'
SIZES = [(390, 844), (412, 915), (768, 1024), (1280, 720), (1366, 768), (1920, 1080)]
FIND = """
  const host = [...document.querySelectorAll('*')]
    .find(e => e.shadowRoot && e.shadowRoot.querySelector(sel));
  const table = host ? host.shadowRoot.querySelector(sel) : document.querySelector(sel);"""
GEOMETRY = (
    "(sel) => {"
    + FIND
    + """
  const row = table.querySelector('.hand-row').getBoundingClientRect();
  const cards = [...table.querySelectorAll('.hand-row button.card')]
    .map(c => c.getBoundingClientRect());
  const whole = cards.filter(b => b.top >= 0 && b.bottom <= innerHeight
    && b.left >= 0 && b.right <= innerWidth);
  const lines = table.querySelectorAll('.story li');
  let newest = null;
  if (lines.length) {
    const b = lines[lines.length - 1].getBoundingClientRect();
    const list = lines[0].parentElement.getBoundingClientRect();
    newest = b.top >= Math.max(0, list.top - 1)
      && b.bottom <= Math.min(innerHeight, list.bottom + 1);
  }
  const need = Math.max(0, row.bottom - innerHeight, -row.top);
  return {scroll: Math.round(scrollY), need: Math.round(need),
          cards: cards.length, whole: whole.length, newest};
}"""
)
TURN = (
    "(sel) => {"
    + FIND
    + """
  const lit = table.querySelector('.hand-row button.card[data-playable="true"]');
  (lit || table.querySelector('button.draw')).click();
  const color = table.querySelector('.ask button[data-color]');
  if (color) color.click();
  const uno = table.querySelector('.ask button.uno-button');
  if (uno) uno.click();
  const keep = table.querySelector('button[data-verb="pass"]');
  if (keep) keep.click();
}"""
)


def main() -> None:
    from playwright.sync_api import sync_playwright

    with streamlit_server({"UNO_ACADEMY_BOT_PAUSE_MS": "0"}) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        print(
            "size        first Deal: page scroll, scroll needed, cards on screen"
            " | newest line on screen | Deal again: page scroll, scroll needed, cards on screen"
        )
        for width, height in SIZES:
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(f"{base}/sandbox?lang=en")
            wait_for_app(page)
            page.locator(".st-key-sb_deal button").click()
            page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=60_000)
            wait_for_app(page)
            time.sleep(1.0)
            after_deal = page.evaluate(GEOMETRY, TABLE)
            for _ in range(5):
                page.evaluate(TURN, TABLE)
                time.sleep(1.5)
                wait_for_app(page)
            later = page.evaluate(GEOMETRY, TABLE)
            deal = page.locator(".st-key-sb_deal button")
            if not deal.is_visible():  # the settings folded in an expander: open it
                page.locator("[data-testid=stExpander] summary").last.click()
                time.sleep(0.5)
            deal.scroll_into_view_if_needed()
            deal.click()
            time.sleep(0.5)
            wait_for_app(page)
            time.sleep(1.0)
            again = page.evaluate(GEOMETRY, TABLE)
            print(
                f"{width}x{height:<5} {after_deal['scroll']:>5} {after_deal['need']:>5}"
                f" {after_deal['whole']:>3} of {after_deal['cards']:<3}"
                f" | {later['newest']!s:<5} | {again['scroll']:>5} {again['need']:>5}"
                f" {again['whole']:>3} of {again['cards']:<3}"
            )
            page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
