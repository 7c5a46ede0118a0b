"""Complete random-playout games per second, through the public API (legal_actions + apply).

    .venv/bin/python benchmarks/engine.py [--games N] [--players 2 4] [--seconds S]

The policy is the usual "random agent" of other toolkits: a uniformly random legal play when there
is one (a random colour for a wild), otherwise draw; a drawn card that can be played is played;
never draws by choice, never challenges, always says "Uno". One game = one round, dealt by
``uno.new_game`` (official rules). Prints games/s and actions/s for each player count.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno

SINGLE_ROUND = uno.RuleSet(preset="official", target_score=None)


def random_agent_move(state: uno.GameState, rng: random.Random) -> uno.Action:
    actions = uno.legal_actions(state)
    mine = [a for a in actions if a.seat == state.turn]
    plays = [a for a in mine if a.verb == "play" and (a.uno or len(state.hands[a.seat]) != 2)]
    if state.phase is uno.Phase.CHALLENGE:
        return next(a for a in mine if a.verb == "accept")
    if state.phase is uno.Phase.CHOOSE_COLOR:
        return rng.choice(mine)
    if plays:
        return rng.choice(plays)
    return next(a for a in mine if a.verb in ("draw", "pass"))


def play_game(players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = uno.new_game(players, rules=SINGLE_ROUND, seed=seed)
    actions = 0
    while not state.is_over:
        state, _ = uno.apply(state, random_agent_move(state, rng))
        actions += 1
    return actions


def measure(players: int, games: int, seconds: float) -> tuple[int, int, float]:
    start = time.perf_counter()
    done = actions = 0
    while done < games and time.perf_counter() - start < seconds:
        actions += play_game(players, seed=done)
        done += 1
    return done, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=20.0, help="time cap per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    for players in args.players:
        done, actions, elapsed = measure(players, args.games, args.seconds)
        print(
            f"{players} players: {done} games in {elapsed:.2f} s = {done / elapsed:,.0f} games/s"
            f" ({actions / elapsed:,.0f} actions/s, {actions / max(done, 1):.1f} actions/game)"
        )


if __name__ == "__main__":
    main()
