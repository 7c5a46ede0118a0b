"""Games per second: uno.simulate (random bots, full official rules, single rounds) against
RLCard's raw Uno game (``rlcard.games.uno.game.UnoGame``) with random legal actions.

    .venv/bin/pip install -e '.[bench]'     # RLCard is optional, never a runtime dependency
    .venv/bin/python benchmarks/vs_rlcard.py [--seconds 5] [--rounds 3] [--players 2 4]

Both run in this one process, one after the other, alternating, for the same wall time each,
and the best rate of each is printed with our/RLCard ratio. Without RLCard only ours is measured.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno.bots import make_strategies
from uno.rules import as_ruleset
from uno.simulation import game_seed, play_game

SINGLE_ROUND = as_ruleset({"preset": "official", "target_score": None})


def ours(players: int, seconds: float) -> tuple[int, float]:
    bots = make_strategies("random", players)
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            play_game(players, SINGLE_ROUND, bots, game_seed(7, games), games)
            games += 1
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
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time per run")
    parser.add_argument("--rounds", type=int, default=3, help="alternations per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
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
        f"uno: simulate's fast path, 'random' bots, official rules, single rounds; "
        f"{args.rounds} alternating runs of {args.seconds:g} s each"
    )
    for players in args.players:
        best_ours = best_theirs = 0.0
        for _ in range(args.rounds):
            games, elapsed = ours(players, args.seconds)
            best_ours = max(best_ours, games / elapsed)
            if have_rlcard:
                games, elapsed = rlcard_raw(players, args.seconds)
                best_theirs = max(best_theirs, games / elapsed)
        line = f"{players} players: uno {best_ours:,.0f} games/s"
        if have_rlcard:
            line += f", RLCard {best_theirs:,.0f} games/s, ratio {best_ours / best_theirs:.2f}x"
        print(line)


if __name__ == "__main__":
    main()
