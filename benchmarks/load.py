"""Load: start the app on 127.0.0.1 and drive N concurrent browser sessions (Playwright contexts
in Debian's Chromium) through the sandbox and the probability lab.

    .venv/bin/python benchmarks/load.py [--sessions 20] [--rounds 3]

Each session, in its own browser context (its own Streamlit session): opens the sandbox in a
language, deals, plays a card or draws, lets the computer play, opens the lab and the lessons.
Every page load or click is timed until Streamlit has finished running the script. Prints the
median and 95th percentile of those times, and every error (an exception shown on a page, a
timeout). Traffic goes only to 127.0.0.1; the loops are bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server
from uno.i18n import t

LANGS = ("en", "fr", "ru")
DONE = "[data-testid=stApp][data-test-script-state=notRunning]"


async def settle(page) -> None:  # type: ignore[no-untyped-def]
    await page.wait_for_selector(DONE, timeout=30_000)
    await page.wait_for_timeout(150)
    await page.wait_for_selector(DONE, timeout=30_000)


async def timed(times: list[float], errors: list[str], name: str, page, step) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    try:
        await step()
        await settle(page)
        if await page.locator("[data-testid=stException]").count():
            errors.append(f"{name}: an exception is shown")
    except Exception as exc:
        errors.append(f"{name}: {type(exc).__name__}: {str(exc)[:120]}")
    times.append(time.perf_counter() - start)


async def session(
    browser, base: str, number: int, rounds: int, times: list[float], errors: list[str]
) -> None:  # type: ignore[no-untyped-def]
    lang = LANGS[number % 3]
    context = await browser.new_context(locale=f"{lang}-XX")
    page = await context.new_page()
    deal = page.get_by_role("button", name=t("sandbox.deal", lang), exact=True)
    draw = page.get_by_role("button", name=t("sandbox.verb.draw", lang), exact=True)
    try:
        for _ in range(rounds):
            await timed(
                times,
                errors,
                f"s{number} sandbox",
                page,
                lambda: page.goto(f"{base}/sandbox?lang={lang}"),
            )
            await timed(times, errors, f"s{number} deal", page, lambda: deal.click())
            if await draw.count():
                await timed(times, errors, f"s{number} draw", page, lambda: draw.first.click())
            await timed(
                times, errors, f"s{number} lab", page, lambda: page.goto(f"{base}/lab?lang={lang}")
            )
            await timed(
                times,
                errors,
                f"s{number} lessons",
                page,
                lambda: page.goto(f"{base}/lessons?lang={lang}&lesson={1 + number % 12}"),
            )
    finally:
        await context.close()


async def main_async(sessions: int, rounds: int) -> None:
    from playwright.async_api import async_playwright

    executable = chromium_path()
    times: list[float] = []
    errors: list[str] = []
    with streamlit_server() as base:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            start = time.perf_counter()
            await asyncio.gather(
                *(session(browser, base, i, rounds, times, errors) for i in range(sessions))
            )
            elapsed = time.perf_counter() - start
            await browser.close()
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"{sessions} concurrent sessions x {rounds} rounds: {len(times)} page loads/clicks "
        f"in {elapsed:.1f} s; median {statistics.median(times):.2f} s, "
        f"95th percentile {p95:.2f} s, max {times[-1]:.2f} s; {len(errors)} errors"
    )
    for line in errors[:20]:
        print(" ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main_async(args.sessions, args.rounds))


if __name__ == "__main__":
    main()
