"""The time to the first puzzle on a phone: a new visitor (no device yet, nothing cached)
opens /puzzles on a 390 x 844 Chromium, until the puzzle's hand can be tapped; and, in the
same run for comparison, the home page until its menu of parts is drawn.

    .venv/bin/python benchmarks/puzzles_phone.py [--runs 5] [--lang fr]

Starts ``streamlit run app.py`` on a free port (a store in a temporary folder) and opens each
page ``--runs`` times in a new browser context (a first visit each time); prints each time and
the medians. The first load of each page warms the server (imports, the bank) and is left out
of the medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server  # noqa: E402

TABLE = '[data-testid="uno-table"]'


def _timed(browser: object, url: str, ready: str) -> float:
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 390, "height": 844}, locale="fr-FR"
    )
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(ready, state="visible", timeout=120_000)
    seconds = time.perf_counter() - start
    context.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", default="fr")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        env = {"UNO_ACADEMY_DB": str(Path(folder) / "store.sqlite3")}
        with streamlit_server(env) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            pages = {
                "home": (f"{base}/?lang={args.lang}", '[data-testid="stPageLink-NavLink"]'),
                "puzzle": (
                    f"{base}/puzzles?lang={args.lang}",
                    f"{TABLE} .hand-row button.card",
                ),
            }
            times: dict[str, list[float]] = {name: [] for name in pages}
            for run in range(args.runs + 1):
                for name, (url, ready) in pages.items():
                    seconds = _timed(browser, url, ready)
                    label = "warm-up" if run == 0 else f"run {run}"
                    print(f"{name:7} {label:8} {seconds:6.2f} s", flush=True)
                    if run:
                        times[name].append(seconds)
            browser.close()
    for name, values in times.items():
        print(f"{name}: median {statistics.median(values):.2f} s over {len(values)} runs")


if __name__ == "__main__":
    main()
