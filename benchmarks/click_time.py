"""Click time: how long one reader waits from a click to the redrawn page, alone on the server.

    .venv/bin/python benchmarks/click_time.py [--page lab|sandbox] [--clicks 20] [--root DIR]

Starts ``streamlit run app.py`` from ``--root`` (this project by default; give another checkout
to measure it with the same script) on a free port of 127.0.0.1, opens the page in headless
Chromium (Playwright), waits until the page has drawn everything, then presses the + and -
of one number input in turn, ``--clicks`` times. Each click is timed in the page itself, from
the click until Streamlit has finished running (``[data-testid=stApp]`` in the state
``notRunning``) and the new value is drawn. One + and - before them warm the caches and are
not counted. Prints every time, the median and the 95th percentile.

- ``lab``: "Cards you draw if you accept" in "Should I challenge?" (4, 6, 4, ...); the metric
  beside it must show the new number.
- ``sandbox``: "Players" in the set-up (3, 4, 3, ...); the page must show that many name fields.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server  # noqa: E402

APP = "[data-testid=stApp]"
DONE = f"{APP}[data-test-script-state=notRunning]"
TIMEOUT_MS = 60_000


@dataclass(frozen=True)
class Target:
    path: str  # the page's URL path
    key: str  # the number input's widget key (Streamlit gives its box the class st-key-<key>)
    low: int  # its value when the page opens; + gives high, - gives low again
    high: int
    drawn: str  # JavaScript body: true once the page shows ``expected`` (its argument)


TARGETS = {
    "lab": Target(
        "lab",
        "lab_chal_pending",
        4,
        6,
        """return [...document.querySelectorAll('[data-testid=stMetric]')].some((m) =>
            /accept/i.test(m.querySelector('[data-testid=stMetricLabel]')?.textContent ?? '')
            && m.querySelector('[data-testid=stMetricValue]')?.textContent.trim()
               === String(expected));""",
    ),
    "sandbox": Target(
        "sandbox",
        "sb_count",
        3,
        4,
        """return document.querySelectorAll('[class*="st-key-sb_name_"]').length === expected;""",
    ),
}

#: Runs in the page: click, then look every 2 ms until the run is over and the value is drawn.
CLICK = """async ([selector, drawn, expected, timeout]) => {
    const isDrawn = new Function('expected', drawn);
    const button = document.querySelector(selector);
    if (!button) throw new Error('no element ' + selector);
    const start = performance.now();
    button.click();
    return await new Promise((resolve, reject) => {
        const look = () => {
            const app = document.querySelector('[data-testid=stApp]');
            const idle = app && app.getAttribute('data-test-script-state') === 'notRunning';
            if (idle && isDrawn(expected)) resolve(performance.now() - start);
            else if (performance.now() - start > timeout) {
                const state = app && app.getAttribute('data-test-script-state');
                reject(new Error(`no ${expected} drawn after ${timeout} ms (script ${state})`));
            }
            else setTimeout(look, 2);
        };
        look();
    });
}"""


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """Until the page is drawn and no simulation is still running (no progress bar)."""
    for _ in range(3):
        page.wait_for_selector(DONE, timeout=TIMEOUT_MS)
        page.wait_for_timeout(300)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=stProgress]')", timeout=TIMEOUT_MS
    )
    page.wait_for_selector(DONE, timeout=TIMEOUT_MS)


def measure(target: Target, base: str, clicks: int, lang: str) -> list[float]:
    from playwright.sync_api import sync_playwright

    box = f".st-key-{target.key}"
    steps = [
        (f"{box} [data-testid=stNumberInputStepUp]", target.high),
        (f"{box} [data-testid=stNumberInputStepDown]", target.low),
    ]
    times: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(f"{base}/{target.path}?lang={lang}")
            settle(page)
            page.locator(box).scroll_into_view_if_needed()
            for i in range(clicks + 2):
                selector, expected = steps[i % 2]
                ms = page.evaluate(CLICK, [selector, target.drawn, expected, TIMEOUT_MS])
                page.wait_for_timeout(200)  # a reader's pause: nothing still in flight
                if i >= 2:  # the first + and - warm the caches
                    times.append(ms / 1000)
            if page.locator("[data-testid=stException]").count():
                raise RuntimeError("the page shows an exception")
        finally:
            browser.close()
    return times


def percentile(values: list[float], share: float) -> float:
    """Nearest rank: the smallest value with at least ``share`` of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", choices=sorted(TARGETS), default="lab")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    if args.clicks < 1:
        parser.error("--clicks is at least 1")
    target = TARGETS[args.page]
    root = args.root.resolve()
    with streamlit_server(root=root) as base:
        times = measure(target, base, args.clicks, args.lang)
    print(f"{args.page} in {root}: {len(times)} clicks on {target.key}, alone")
    print("  " + " ".join(f"{s:.3f}" for s in times))
    print(
        f"  median {statistics.median(times):.3f} s, 95th percentile "
        f"{percentile(times, 0.95):.3f} s, min {min(times):.3f} s, max {max(times):.3f} s"
    )


if __name__ == "__main__":
    main()
