"""Games per second: uno.simulate (random bots, full official rules, single rounds) against
RLCard's raw Uno game (``rlcard.games.uno.game.UnoGame``) with random legal actions.

    .venv/bin/pip install -e '.[bench]'     # RLCard is optional, never a runtime dependency
    .venv/bin/python benchmarks/vs_rlcard.py [--seconds 5] [--rounds 3] [--players 2 4]
        [--warm-up 2]

Both run in this one process, one after the other, alternating (and alternating who goes
first), for the same wall time each, after one uncounted run of each (``--warm-up`` seconds:
the machine's first seconds of work can run at half speed). Printed: the best rate of each and
their ratio, and the ratio of each pair of neighbouring runs (median, lowest, highest), which
is the steadier figure on a machine whose speed drifts. Without RLCard only ours is measured.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno.rules import as_ruleset
from uno.simulation import simulate

SINGLE_ROUND = as_ruleset({"preset": "official", "target_score": None})


def ours(players: int, seconds: float) -> tuple[int, float]:
    """``uno.simulate`` itself (one worker, 'random' for every seat), 250 games per call so the
    time check stays cheap; the frame it builds is part of the time measured."""
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        frame = simulate(250, players, SINGLE_ROUND, "random", seed=games)
        games += len(frame)
    return games, time.perf_counter() - start


def rlcard_raw(players: int, seconds: float) -> tuple[int, float]:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(7)
    rng = random.Random(7)
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
            games += 1
    return games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per run")
    parser.add_argument("--rounds", type=int, default=6, help="alternations per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--warm-up", type=float, default=2.0, help="uncounted seconds per side")
    args = parser.parse_args()
    try:
        import rlcard

        have_rlcard = True
        version = rlcard.__version__
    except ImportError:
        have_rlcard = False
        version = "not installed (pip install -e '.[bench]')"
    print(f"Python {platform.python_version()} on {platform.machine()}; RLCard {version}")
    print(
        f"uno: uno.simulate, 'random' bots, official rules, single rounds; "
        f"{args.rounds} alternating runs of {args.seconds:g} s each"
    )
    for players in args.players:
        if args.warm_up > 0:
            ours(players, args.warm_up)
            if have_rlcard:
                rlcard_raw(players, args.warm_up)
        rates: list[float] = []
        theirs: list[float] = []
        for i in range(args.rounds):
            # Alternate who goes first, so a machine that slows down or speeds up during the
            # run does not favour one side.
            order = ("uno", "rlcard") if i % 2 == 0 or not have_rlcard else ("rlcard", "uno")
            for side in order:
                if side == "uno":
                    games, elapsed = ours(players, args.seconds)
                    rates.append(games / elapsed)
                elif have_rlcard:
                    games, elapsed = rlcard_raw(players, args.seconds)
                    theirs.append(games / elapsed)
        line = f"{players} players: uno {max(rates):,.0f} games/s (best run)"
        if have_rlcard:
            ratios = sorted(a / b for a, b in zip(rates, theirs, strict=True))
            line += (
                f", RLCard {max(theirs):,.0f} games/s (best run); ratio of the best runs"
                f" {max(rates) / max(theirs):.2f}x; ratio run by run: median"
                f" {statistics.median(ratios):.2f}x, lowest {ratios[0]:.2f}x,"
                f" highest {ratios[-1]:.2f}x"
            )
        print(line)


if __name__ == "__main__":
    main()
