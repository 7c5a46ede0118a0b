"""How fast the probability lab draws its charts.

    .venv/bin/python benchmarks/lab.py [--games 10000] [--repeat 5] [--no-page]

1. Exact charts: the time of each ``uno.academy.lab`` data function for the page's default inputs
   (best
   and median of ``--repeat`` runs; the page caches them after the first).
2. Simulations: ``uno.simulate`` of ``--games`` single rounds (4 random players), and the lab's
   three simulated charts at that size, with 1 and 2 worker processes.
3. The page itself (AppTest, unless ``--no-page``): a cold run with every simulation at
   ``--games`` rounds (nothing cached: the games are played), then a warm run (exact charts
   recomputed from the data cache, simulations from the store) as a reader sees when moving a
   slider.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import uno  # noqa: E402
from uno.academy import lab  # noqa: E402


def timed(func: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """(best, median) wall time in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def exact_charts(repeat: int) -> None:
    print("Exact charts (data only), seconds: best / median")
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("1. can_play_curve('R7')", lambda: lab.can_play_curve("R7")),
        ("1. deal_hands(R7, 7 cards, 1000 hands)", lambda: lab.deal_hands("R7", "R", 7, 1000, 1)),
        (
            "1. deal_hands(R7, 7 cards, 20000 hands)",
            lambda: lab.deal_hands("R7", "R", 7, 20_000, 1),
        ),
        ("2. opening_hand_tables(7)", lambda: lab.opening_hand_tables(7)),
        ("2. opening_hand_tables(15)", lambda: lab.opening_hand_tables(15)),
        ("3. challenge_table(5, 'R', ['WD4'])", lambda: lab.challenge_table(5, "R", ["WD4"])),
        ("4. hand_worth(7)", lambda: lab.hand_worth(7)),
        ("4. hand_worth(15)", lambda: lab.hand_worth(15)),
    ]
    for name, func in cases:
        best, median = timed(func, repeat)
        print(f"  {name:<44} {best:8.4f} / {median:8.4f}")


def simulations(games: int, repeat: int) -> None:
    print(f"\nSimulations of {games:,} single rounds, seconds: best / median of {repeat}")
    rules = lab.single_round("official")
    per_setting = lab.games_per_setting(games, 5)
    for workers in (1, 2):
        cases: list[tuple[str, Callable[[], Any]]] = [
            (
                "uno.simulate, 4 players",
                lambda w=workers: uno.simulate(games, players=4, rules=rules, seed=1, workers=w),
            ),
            (
                f"lab.game_length, 2-6 players x {per_setting}",
                lambda w=workers: lab.game_length(
                    [2, 3, 4, 5, 6], ["official"], per_setting, 1, workers=w
                ),
            ),
            (
                "lab.seat_advantage, 4 players",
                lambda w=workers: lab.seat_advantage(4, "official", games, 1, workers=w),
            ),
            (
                "lab.tournament, 5 strategies",
                lambda w=workers: lab.tournament(
                    list(uno.STRATEGIES), "official", games, 1, workers=w
                ),
            ),
        ]
        for name, func in cases:
            best, median = timed(func, repeat)
            print(f"  workers={workers}  {name:<40} {best:7.2f} / {median:7.2f}")


def page(games: int) -> None:
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from uno.ui.lab import polls

    # AppTest never runs a fragment alone, so no poll would bring a long simulation in: let
    # each section wait for its simulation within the run, as the cold run means to measure.
    polls.SETTLE = 600.0
    print(f"\nThe page (AppTest, workers = min(2, cpus)), simulations at {games:,} rounds each")
    st.cache_resource.clear()
    st.cache_data.clear()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=600)
    at.query_params["lang"] = "en"
    at.run()
    at.session_state["lab_len_games"] = games
    at.session_state["lab_win_games"] = games
    start = time.perf_counter()
    at.switch_page("pages/5_lab.py").run()
    cold = time.perf_counter() - start
    assert not at.exception, [e.value for e in at.exception]
    charts = len(at.get("plotly_chart"))
    print(f"  cold run: 3 x {games:,} rounds played, {charts} charts drawn  {cold:7.2f} s")
    warm = []
    for size in (5, 6, 7, 8, 9):
        start = time.perf_counter()
        at.slider(key="lab_worth_n").set_value(size).run()
        warm.append(time.perf_counter() - start)
    print(
        f"  warm run (a slider moved, simulations cached): median {statistics.median(warm):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sim-repeat", type=int, default=3)
    parser.add_argument("--no-page", action="store_true")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}\n"
    )
    exact_charts(args.repeat)
    simulations(args.games, args.sim_repeat)
    if not args.no_page:
        page(args.games)


if __name__ == "__main__":
    main()
