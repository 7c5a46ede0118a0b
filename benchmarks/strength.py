"""How strong is the ``expert`` strategy? Single rounds against each heuristic, heads-up and at
four seats (the expert and three copies of one heuristic), with 95% Wilson intervals, and how
long one decision takes.

    .venv/bin/python benchmarks/strength.py [--rounds 2000] [--workers 2] [--seats 2 4]
        [--opponents random first greedy color_keeper save_wilds] [--rollouts N]
        [--decisions 400] [--json results.json] [--set MARGIN=0.5 ...]

Each pairing plays ``--rounds`` single rounds through ``uno.simulate`` (official rules, one
round each, its per-game seeding); the expert sits at every seat in turn (round ``i`` of a
pairing puts it at seat ``i % seats``) and the dealer is drawn by the rules (R-SETUP-2), so no
one keeps the better seat. An even share is ``1 / seats``. The decision times are measured
apart, in this process on one core: the expert's decisions (only those with more than one
legal move) in positions taken from games between heuristics, at 2 and 4 seats.
With ``--json``, the table is also written (after each pairing) as JSON: the lab's section
"How strong are the computer players?" reads such a file (uno/academy/strength.json).
``--player NAME`` puts another strategy in the expert's seat, for the baselines (``--player
color_keeper --opponents greedy --seats 4``: what the expert's own playout policy wins there).
``--set NAME=VALUE`` changes one of the search's settings (``uno.expert.TUNABLE``) for this run,
to measure what it is worth: ``--set MARGIN=0`` trusts every difference the playouts find,
``--set EARLY=2`` spends four times more before the endgame, ``--set DEFAULT_STEPS=80000``
doubles the budget. The workers are forked, so they search with the same settings.
``--resume`` goes on with the ``--json`` file of a run that stopped (the same budget, seed and
rounds): the pairings and timings it holds are kept, only the others are played.
Never part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno
import uno.expert
from uno.bots import HEURISTICS, STRATEGIES, Strategy, make_strategy
from uno.engine import Table
from uno.expert import InfoSet, candidates, search
from uno.rules import as_ruleset
from uno.state import GameState

SINGLE_ROUND = as_ruleset({"preset": "official", "target_score": None})


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def apply_settings(parser: argparse.ArgumentParser, items: list[str]) -> dict[str, object]:
    """Carry out ``--set NAME=VALUE ...`` on ``uno.expert`` (refusing a name not in
    ``TUNABLE``); the settings changed, with their new values."""
    changed: dict[str, object] = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in uno.expert.TUNABLE:
            parser.error(f"--set: {name!r} is not one of {', '.join(uno.expert.TUNABLE)}")
        kind = type(getattr(uno.expert, name))
        setattr(uno.expert, name, kind(float(value)) if kind is int else kind(value))
        changed[name] = getattr(uno.expert, name)
    return changed


def pairing(
    opponent: str,
    seats: int,
    rounds: int,
    workers: int,
    rollouts: int | None,
    seed: int,
    player: str = "expert",
) -> tuple[int, int]:
    """(``player``'s round wins, rounds played) with it at each seat in turn."""
    expert = (
        make_strategy(player, rollouts=rollouts) if player == "expert" else make_strategy(player)
    )
    won = round_wins(expert, opponent, seats, rounds, workers, seed)
    return sum(won), len(won)


def round_wins(
    player: Strategy, opponent: str, seats: int, rounds: int, workers: int, seed: int
) -> list[bool]:
    """Whether ``player`` won each of ``rounds`` single rounds against copies of ``opponent``,
    at each seat in turn: seat 0's rounds first, then seat 1's, and so on (the same seeds for
    the same arguments, so benchmarks/compare.py can pair two settings round by round)."""
    won: list[bool] = []
    for place in range(seats):
        games = rounds // seats + (1 if place < rounds % seats else 0)
        if not games:
            continue
        bots = [player if s == place else make_strategy(opponent) for s in range(seats)]
        frame = uno.simulate(
            games, seats, SINGLE_ROUND, bots, seed=seed * 100 + place, workers=workers
        )
        won.extend(bool(w == place) for w in frame["winner"])
    return won


def positions(seats: int, count: int, seed: int) -> list[GameState]:
    """Positions where the player to act has a choice, from games between heuristics."""
    rng = random.Random(seed)
    found: list[GameState] = []
    game = 0
    while len(found) < count:
        bots = [make_strategy(rng.choice(HEURISTICS)) for _ in range(seats)]
        state = uno.new_game(seats, SINGLE_ROUND, seed=seed * 10_000 + game)
        game += 1
        while not state.is_over and len(found) < count:
            t = Table.from_state(state, record=False)
            if len(candidates(t, t.turn)) > 1 and rng.random() < 0.2:
                found.append(state)
            state, _ = uno.apply(state, uno.bot_action(state, bots, rng))
    return found


def decision_times(seats: int, count: int, rollouts: int | None) -> list[float]:
    times: list[float] = []
    for i, state in enumerate(positions(seats, count, seed=seats)):
        info = InfoSet.of_state(state)
        start = time.perf_counter()
        search(info, random.Random(i), rollouts=rollouts)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds", type=int, default=2000, help="single rounds per pairing (0: time only)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--opponents", nargs="+", default=list(HEURISTICS))
    parser.add_argument("--rollouts", type=int, default=None, help="default: the default budget")
    parser.add_argument("--decisions", type=int, default=400, help="decisions timed per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None, help="also write the table here")
    parser.add_argument(
        "--player", default="expert", help="the strategy measured (default: expert)"
    )
    parser.add_argument(
        "--set", nargs="+", default=[], metavar="NAME=VALUE", help="a search setting to change"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep what --json already holds (same budget, seed and rounds); play the rest",
    )
    args = parser.parse_args()
    if args.player not in STRATEGIES:
        parser.error(f"--player: {args.player!r} is not one of {', '.join(STRATEGIES)}")
    changed = apply_settings(parser, args.set)
    budget = "default budget" if args.rollouts is None else f"rollouts={args.rollouts}"
    if changed:
        budget += ", " + ", ".join(f"{k}={v}" for k, v in changed.items())
    if args.player != "expert":
        budget = f"player {args.player}"
        args.decisions = 0  # only the expert's decisions are timed
    print(f"Python {platform.python_version()} on {platform.machine()}; {budget}")
    print(f"{args.rounds} single rounds per pairing (official rules), {args.workers} workers\n")

    meta = {"budget": budget, "python": platform.python_version(), "seed": args.seed}
    rows: list[dict[str, object]] = []
    decisions: list[dict[str, object]] = []
    to_time = list(args.seats)
    if args.resume:
        if args.json is None:
            parser.error("--resume needs --json, the file to go on with")
        if args.json.exists():
            kept = json.loads(args.json.read_text(encoding="utf-8"))
            if (kept.get("budget"), kept.get("seed")) != (budget, args.seed) or any(
                row["rounds"] != args.rounds for row in kept.get("pairings", [])
            ):
                parser.error(
                    f"--resume: {args.json} was measured with another budget, seed or rounds"
                )
            rows = list(kept.get("pairings", []))
            decisions = list(kept.get("decisions", []))
            timed = {row["seats"] for row in decisions}
            to_time = [s for s in args.seats if s not in timed]
            print(
                f"Going on with {args.json}: {len(rows)} pairings and {len(timed)} timings kept\n"
            )

    def write() -> None:
        if args.json is not None:
            text = json.dumps({**meta, "pairings": rows, "decisions": decisions}, indent=1)
            args.json.write_text(text + "\n", encoding="utf-8")

    if args.decisions and to_time:
        print("| seats | decisions | median | 95th percentile | slowest |")
        print("|---|---|---|---|---|")
        for seats in to_time:
            times = sorted(decision_times(seats, args.decisions, args.rollouts))
            p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
            median = statistics.median(times)
            print(
                f"| {seats} | {len(times)} | {median * 1000:.0f} ms"
                f" | {p95 * 1000:.0f} ms | {times[-1] * 1000:.0f} ms |",
                flush=True,
            )
            decisions.append(
                {
                    "seats": seats,
                    "count": len(times),
                    "median": round(median, 4),
                    "p95": round(p95, 4),
                    "slowest": round(times[-1], 4),
                }
            )
            write()
        print()
    if not args.rounds:
        return

    print("| opponent | seats | rounds | expert wins | share | 95% interval | even share |")
    print("|---|---|---|---|---|---|---|")
    for opponent in args.opponents:
        for seats in args.seats:
            if any(row["opponent"] == opponent and row["seats"] == seats for row in rows):
                continue  # --resume: measured already
            start = time.perf_counter()
            wins, played = pairing(
                opponent, seats, args.rounds, args.workers, args.rollouts, args.seed, args.player
            )
            low, high = wilson(wins, played)
            print(
                f"| {opponent} | {seats} | {played} | {wins} | {wins / played:.1%}"
                f" | {low:.1%} to {high:.1%} | {1 / seats:.0%} |"
                f"  ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
            rows.append({"opponent": opponent, "seats": seats, "wins": wins, "rounds": played})
            write()


if __name__ == "__main__":
    main()
