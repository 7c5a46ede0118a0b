"""The lab on a phone: how soon its first chart appears, beside the home page, and how tall it is.

    .venv/bin/python benchmarks/lab_phone.py [--before DIR] [--rounds 3] [--throttle 4]

Starts ``streamlit run app.py`` from this checkout (and from ``--before``, another checkout of
the app, e.g. ``git worktree add /tmp/lab-before HEAD`` with ``.venv`` linked in it) on free
ports of 127.0.0.1 and opens pages in headless Chromium at 390 × 844, each in a new context (an
empty cache, as a first visit), at the CPU's own speed and slowed ``--throttle`` times (Chrome's
``Emulation.setCPUThrottlingRate``, as on a cheap phone). Each round opens, for each checkout:

- the home page, timed until its card pictures are drawn (every ``.uno-card img`` loaded);
- the lab: this checkout's questions one by one (``lab?q=can-play``, ...), each timed until its
  first chart is seen (the server's drawing of it, ``.uno-sketch``, or Plotly's ``.main-svg``,
  whichever comes first) and, apart, until Plotly has drawn it (the interactive chart); a
  ``--before`` checkout with the same one-question views the same way, an older one with the
  whole lab on one page (before issue 41) once, timed until its first chart and until each
  question's chart.

For reference, a page with one Plotly chart and nothing else (a tiny app the script writes in
a temporary folder, ``--no-floor`` leaves it out) is timed the same way: no question of the lab
can show its first chart sooner than that, since Streamlit loads Plotly (a 4.7 MB script) only
when a page shows a chart. Times run from the start of the navigation (``performance.now()``
in the page). A first visit
of each page, not counted, lets the servers play their simulations and warm their caches. Then
each page is measured, at 390 px wide: its height (the main block's ``scrollHeight``, and in
screens of 844 px) and its number of DOM elements. Printed: every time, the medians, and each
lab time's ratio to the home page's time of the same round and checkout (the targets: a
question's first chart seen within 1.5 × home; within 6 s with the CPU slowed 4 times; no question
taller than three screens), each median with its 95 % bootstrap interval, and which targets
are missed. Never part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server  # noqa: E402
from uno.academy.lab import QUESTIONS  # noqa: E402

WIDTH, HEIGHT = 390, 844
#: The floor: a page with a Plotly chart of 15 points and nothing else.
FLOOR_APP = """import plotly.graph_objects as go
import streamlit as st

fig = go.Figure(go.Scatter(x=list(range(1, 16)), y=[n / 15 for n in range(1, 16)]))
st.plotly_chart(fig, config={"displaylogo": False})
"""
TIMEOUT_MS = 180_000
#: The chart of each question on the old page (its widget key ends with the chart's name).
CHARTS = {
    "can-play": "can_play",
    "opening-hand": "opening_hand",
    "challenge": "challenge",
    "hand-worth": "hand_worth",
    "game-length": "game_length",
    "who-wins": "seat_advantage",
    "strength": "strength",
}
#: Marks the first moment each thing is drawn, from the page's first script on.
MARKS = """
(() => {
  const marks = (window.__unoMarks = {});
  const charts = %s;
  function look() {
    const now = performance.now();
    if (!marks.plotly && document.querySelector('[data-testid=stPlotlyChart] .main-svg')) {
      marks.plotly = now;
    }
    const sketches = [...document.querySelectorAll('.uno-sketch')];
    if (!marks.sketch && sketches.some((s) => s.getBoundingClientRect().height > 0)) {
      marks.sketch = now;
    }
    if (!marks.chart && (marks.plotly || marks.sketch)) marks.chart = now;
    const cards = [...document.querySelectorAll('.uno-card img')];
    if (!marks.cards && cards.length && cards.every((img) => img.complete && img.naturalWidth)) {
      marks.cards = now;
    }
    for (const [question, name] of Object.entries(charts)) {
      const key = `.st-key-lab_chart_${name} .main-svg`;
      if (!marks[question] && document.querySelector(key)) marks[question] = now;
    }
  }
  new MutationObserver(look).observe(document, { subtree: true, childList: true });
  document.addEventListener('load', look, true);
})();
""".replace("%s", repr(CHARTS).replace("'", '"'))
SETTLED = """() =>
  !!document.querySelector('[data-testid=stApp][data-test-script-state=notRunning]')
  && !document.querySelector('[data-testid=stProgress]')"""
SIZE = """() => ({
  height: document.querySelector('[data-testid=stMainBlockContainer]').scrollHeight,
  elements: document.querySelectorAll('*').length,
  charts: document.querySelectorAll('[data-testid=stPlotlyChart]').length,
})"""


def visit(browser: Any, url: str, wait: str, rate: float) -> dict[str, Any]:
    """Open ``url`` in a new context at 390 × 844, the CPU slowed ``rate`` times; return the
    marks once ``wait`` (a mark's name) is set and the page has settled, with its size."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page = context.new_page()
        page.add_init_script(MARKS)
        if rate > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(url, wait_until="commit")
        page.wait_for_function(f"() => !!window.__unoMarks.{wait}", timeout=TIMEOUT_MS)
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        page.wait_for_timeout(500)
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        marks: dict[str, Any] = page.evaluate("window.__unoMarks")
        return {**marks, **page.evaluate(SIZE)}
    finally:
        context.close()


def one_page(root: Path) -> bool:
    """Whether the checkout at ``root`` has the whole lab on one page (before issue 41)."""
    page = root / "uno" / "ui" / "lab" / "page.py"
    return not page.exists() or "QUESTION_PARAM" not in page.read_text(encoding="utf-8")


def pages(name: str, base: str, old: bool) -> list[tuple[str, str, str]]:
    """(label, URL, mark to wait for) of one round on one checkout: home first."""
    if name == "floor":
        return [("floor: one Plotly chart alone", f"{base}/", "chart")]
    out = [(f"{name} home", f"{base}/?lang=en", "cards")]
    if old:
        return [*out, (f"{name} lab (all questions)", f"{base}/lab?lang=en", "strength")]
    return out + [(f"{name} lab?q={q}", f"{base}/lab?lang=en&q={q}", "plotly") for q in QUESTIONS]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def interval(values: list[float]) -> tuple[float, float]:
    """A 95 % bootstrap interval of the median (as benchmarks/table_latency.py gives it)."""
    if not values:
        return float("nan"), float("nan")
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(2000))
    return medians[50], medians[1949]


def said(values: list[float], digits: int = 0) -> str:
    """``median [low-high]``."""
    low, high = interval(values)
    return f"{median(values):.{digits}f} [{low:.{digits}f}-{high:.{digits}f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another checkout, measured side by side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--no-floor", action="store_true", help="leave out the one-chart page")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    roots = [("after", ROOT.resolve())]
    if args.before:
        roots.insert(0, ("before", args.before.resolve()))
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; {WIDTH} x {HEIGHT}")
    # times[(label, rate)] = [first chart (or cards), ...]; ratios likewise, to home's time.
    times: dict[tuple[str, float], list[float]] = {}
    ratios: dict[tuple[str, float], list[float]] = {}
    sizes: dict[str, dict[str, Any]] = {}
    with ExitStack() as stack, sync_playwright() as pw:
        if not args.no_floor:
            floor = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            (floor / "app.py").write_text(FLOOR_APP, encoding="utf-8")
            roots.append(("floor", floor))
        bases = [(name, stack.enter_context(streamlit_server(root=root))) for name, root in roots]
        old = {name: name == "before" and one_page(root) for name, root in roots}
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, base in bases:  # the first visits: simulations played, caches warm
            for label, url, wait in pages(name, base, old[name]):
                sizes[label] = visit(browser, url, wait, 1)
        for rate in (1.0, args.throttle):
            for round_ in range(args.rounds):
                homes: dict[str, float] = {}
                for name, base in bases:
                    home = homes.get("after") if name == "floor" else None  # its own has none
                    for label, url, wait in pages(name, base, old[name]):
                        marks = visit(browser, url, wait, rate)
                        if home is None:
                            homes[name] = marks["cards"]
                            home = marks["cards"]
                            times.setdefault((label, rate), []).append(home)
                            print(f"  x{rate:g} round {round_ + 1} {label:<34} {home:7.0f} ms")
                            continue
                        found = [(label, marks["chart"])]
                        if old[name]:
                            found += [(f"{name} lab#{q} chart", marks[q]) for q in CHARTS]
                        elif name != "floor":
                            found += [(f"{label} (Plotly)", marks["plotly"])]
                        for shown, value in found:
                            times.setdefault((shown, rate), []).append(value)
                            ratios.setdefault((shown, rate), []).append(value / home)
                            print(
                                f"  x{rate:g} round {round_ + 1} {shown:<34} {value:7.0f} ms"
                                f"  {value / home:4.2f} x home"
                            )
        browser.close()
    slow = format(args.throttle, "g")
    print(
        f"\nMedians [95 % bootstrap interval] of {args.rounds} rounds: first chart (home: its"
        " card pictures), ms, and its ratio to home's time in the same round"
    )
    print(f"{'page':<36} {'CPU x1':>22} {'ratio':>17} {'CPU x' + slow:>22} {'ratio':>17}")
    missed = []
    for label in dict.fromkeys(label for label, _ in times):
        cells = []
        for rate in (1.0, args.throttle):
            ratio = ratios.get((label, rate))
            cells.append(f"{said(times[(label, rate)]):>22}")
            cells.append(f"{said(ratio, 2):>17}" if ratio else " " * 17)
            if label.startswith("after lab?q=") and not label.endswith("(Plotly)"):
                if rate == 1.0 and ratio and median(ratio) > 1.5:
                    missed.append(f"{label}: {median(ratio):.2f} x home (target 1.5)")
                if rate != 1.0 and median(times[(label, rate)]) > 6000:
                    missed.append(f"{label}: {median(times[(label, rate)]):.0f} ms at x{slow}")
        print(f"{label:<36} {' '.join(cells)}")
    print(f"\nHeight at {WIDTH} px (screens of {HEIGHT} px) and DOM elements, once settled")
    for label, size in sizes.items():
        screens = size["height"] / HEIGHT
        print(
            f"{label:<36} {size['height']:6d} px  {screens:5.1f} screens"
            f"  {size['elements']:5d} elements  {size['charts']} charts"
        )
        if label.startswith("after lab") and screens > 3:
            missed.append(f"{label}: {screens:.1f} screens (target 3)")
    print("\nTargets: " + ("all met" if not missed else "missed: " + "; ".join(missed)))


if __name__ == "__main__":
    main()
