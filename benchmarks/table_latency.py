"""Table latency: the time from a tap on a card of the table to the table redrawn with that move,
alone and while other sessions play at the same time.

    .venv/bin/python benchmarks/table_latency.py [--taps 50] [--others 10] [--pause 300]
                                                 [--phone]

Starts ``streamlit run app.py`` on a free port of 127.0.0.1 (computer players pausing
``--pause`` ms between their moves, as in class), opens the sandbox in headless Chromium from a
share link (Ana against two computer players, a long deck so the round lasts), and taps
``--taps`` times: a lit card (a wild then its colour, blue), else the draw pile. Each tap is timed
in the page, from the click until the table's ``data-version`` changes (the move is drawn), then
the script waits for Ana's turn to come back. First alone, then with ``--others`` more browser
contexts playing the same way without pause, in the same browser. Prints the median and the 95th
percentile of each run, and the taps a turn took (a card is one tap; a wild's colour and the
"UNO!" asked at the table are one more each). ``--phone``: the sandbox on a 390 x 844 touch
screen. On a 2-core machine the browsers share the cores with the server: the
second figure measures the harness as much as the app (see README, "Deploy for a school").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import uno  # noqa: E402
from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server, wait_for_app  # noqa: E402
from uno.academy.sandbox import encode_share  # noqa: E402

TABLE = '[data-testid="uno-table"]'
HOST = (
    "[...document.querySelectorAll('*')]"
    ".map(e => e.shadowRoot && e.shadowRoot.querySelector(sel)).find(Boolean)"
)

TAP = """async (sel) => {
  const root = HOST;
  const before = root.dataset.version;
  const lit = root.querySelector('.hand-row button.card[data-playable="true"]');
  const target = lit || root.querySelector('button.draw');
  const start = performance.now();
  let taps = 1;
  target.click();
  const color = root.querySelector('.ask button[data-color="B"]');
  if (color) { color.click(); taps += 1; }
  const uno = root.querySelector('.ask button.uno-button');
  if (uno) { uno.click(); taps += 1; }
  while (root.dataset.version === before) await new Promise(r => setTimeout(r, 5));
  return [performance.now() - start, taps];
}""".replace("HOST", HOST)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

READY = f"""(sel) => {{ const root = {HOST}; return !!root && (root.classList.contains('over')
  || (!!root.querySelector('.hand .turn-badge') && !root.classList.contains('sending'))); }}"""
OVER = f"(sel) => {{ const root = {HOST}; return root.classList.contains('over') }}"


def link(seed: int) -> str:
    names = ["Ana", "Ben", "Léa"]
    state = uno.new_game(names, rules={"preset": "official", "target_score": None}, seed=seed)
    return encode_share(state, {"bots": {"1": "greedy", "2": "greedy"}})


def play(
    page: object,
    base: str,
    taps: int,
    seed: int,
    times: list[float] | None,
    counts: list[int] | None = None,
) -> None:
    page.goto(f"{base}/sandbox?lang=en&s={link(seed)}")  # type: ignore[attr-defined]
    wait_for_app(page)
    done = 0
    while done < taps:
        page.wait_for_function(READY, arg=TABLE, timeout=60_000)  # type: ignore[attr-defined]
        if page.evaluate(OVER, TABLE):  # type: ignore[attr-defined]
            seed += 1
            page.goto(f"{base}/sandbox?lang=en&s={link(seed)}")  # type: ignore[attr-defined]
            wait_for_app(page)
            continue
        elapsed, used = page.evaluate(TAP, TABLE)  # type: ignore[attr-defined]
        if times is not None:
            times.append(float(elapsed))
        if counts is not None:
            counts.append(int(used))
        done += 1


def summary(times: list[float]) -> str:
    """The median (with a 95 % bootstrap interval) and the 95th percentile."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(times, k=len(times))) for _ in range(2000))
    low, high = medians[50], medians[1949]
    return (
        f"{len(times)} taps: median {statistics.median(times):.0f} ms"
        f" (95 % interval {low:.0f}-{high:.0f}), 95th percentile {p95:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--others", type=int, default=10)
    parser.add_argument("--pause", type=int, default=300)
    parser.add_argument("--phone", action="store_true", help="a 390 x 844 touch screen")
    args = parser.parse_args()
    screen = PHONE if args.phone else {}
    from playwright.sync_api import sync_playwright

    with streamlit_server({"UNO_ACADEMY_BOT_PAUSE_MS": str(args.pause)}) as base:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            alone: list[float] = []
            counts: list[int] = []
            play(browser.new_context(**screen).new_page(), base, args.taps, 1, alone, counts)
            print("alone:", summary(alone))
            print(f"taps per turn: {sum(counts) / len(counts):.2f} over {len(counts)} turns")
        if args.others:
            stop = threading.Event()

            def other(index: int) -> None:
                with sync_playwright() as pw2:
                    b = pw2.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                    page = b.new_context().new_page()
                    while not stop.is_set():
                        try:
                            play(page, base, 5, 100 + index, None)
                        except Exception:  # a busy machine: keep the load on
                            time.sleep(0.5)
                    b.close()

            threads = [
                threading.Thread(target=other, args=(i,), daemon=True) for i in range(args.others)
            ]
            for thread in threads:
                thread.start()
            time.sleep(5)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                loaded: list[float] = []
                play(browser.new_context(**screen).new_page(), base, args.taps, 2, loaded)
                print(f"with {args.others} other sessions playing:", summary(loaded))
            stop.set()


if __name__ == "__main__":
    main()
