"""How long does "Review my round" take, and how stable are its grades? ``uno.review.review``
timed on rounds of 10, 30 and 60 decisions, and reviewed again with another seed.

    .venv/bin/python benchmarks/review.py [--sizes 10 30 60] [--games 6] [--seats 3 4]
        [--strategy greedy] [--player NAME] [--seed 1] [--json results.json]

For each size N, ``--games`` seeded games (game ``g`` has seed ``--seed + g``, official rules
to 500 points, ``--seats`` players in turn, every seat played by ``--strategy``, the reviewed
seat ``g % seats`` by ``--player`` if given) are played through ``uno.bots.play_bots``, round
after round (``next round``), until the reviewed seat has taken N decisions with more than one
option; the actions up to its N-th are reviewed at the default budget with seed 0, timed in
this process (one core: wall clock and CPU time), then with seed 1. Printed for each size: the
decisions, the seconds of seed 0's reviews (median and slowest), the share of decisions given
the same grade by both seeds, and the spread of the points lost between the two seeds (the
noise the grade thresholds are chosen from: median, 90th and 95th percentile of
``|loss(seed 0) - loss(seed 1)|``), with the share of moves that were the expert's own (those
cost only the expert's search) and how many got each grade. Never part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno
from uno.actions import parse_action
from uno.bots import STRATEGIES, make_strategy, play_bots
from uno.engine import Table
from uno.expert import candidates
from uno.history import NEXT_ROUND
from uno.review import GRADES, REVIEW_STEPS, THRESHOLDS, Verdict, review
from uno.setup import next_round
from uno.state import GameState, Phase


def is_decision(state: GameState, text: str, seat: int) -> bool:
    """Does the review weigh ``seat``'s move ``text`` on ``state`` (more than one option)?"""
    move = parse_action(text, state)
    if move.seat != seat:
        return False
    if move.verb in ("uno", "catch", "jump"):
        return True
    options = candidates(Table.from_state(state, record=False), seat)
    return len(options) > 1 or move not in options


def history(
    game: int, seats: int, size: int, strategy: str, player: str | None
) -> tuple[GameState, list[str], int]:
    """(start, actions, seat): a seeded game played until ``seat`` took ``size`` decisions."""
    seat = game % seats
    start = uno.new_game(seats, "official", seed=game)
    bots = [make_strategy(strategy) for _ in range(seats)]
    if player is not None:
        bots[seat] = make_strategy(player)
    state, actions, taken = start, [], 0
    while True:
        for move in play_bots(state, bots):
            text = str(move.action)
            if is_decision(state, text, seat):
                taken += 1
            actions.append(text)
            state = move.state
            if taken == size:
                return start, actions, seat
        if not state.is_over or state.phase is Phase.GAME_OVER:  # stuck (R-DRAW-4), or over
            raise RuntimeError(f"game {game}: {taken} decisions only")
        actions.append(NEXT_ROUND)
        state = next_round(state)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 30, 60])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--strategy", choices=list(STRATEGIES), default="greedy")
    parser.add_argument("--player", choices=list(STRATEGIES), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    print(
        f"review budget: the expert's search, and REVIEW_STEPS={REVIEW_STEPS:,} simulated "
        f"actions for a move other than the expert's; grades under {THRESHOLDS} points lost"
    )
    print(
        f"games of {args.strategy}"
        + (f" (the reviewed seat: {args.player})" if args.player else "")
        + f" at {args.seats} seats, {args.games} per size, seeds from {args.seed}"
    )
    header = (
        f"{'decisions':>9}  {'games':>5}  {'s median':>8}  {'s max':>6}  {'CPU s max':>9}  "
        f"{'same grade':>10}  {'spread 50/90/95%':>17}  {'expert':>6}  grades"
    )
    print(header)
    results: dict[str, Any] = {"thresholds": THRESHOLDS, "steps": REVIEW_STEPS, "sizes": {}}
    pooled: list[tuple[Verdict, Verdict]] = []
    for size in args.sizes:
        walls: list[float] = []
        cpus: list[float] = []
        pairs: list[tuple[Verdict, Verdict]] = []
        for g in range(args.games):
            game = args.seed + g
            seats = args.seats[g % len(args.seats)]
            start, actions, seat = history(game, seats, size, args.strategy, args.player)
            wall, cpu = time.perf_counter(), time.process_time()
            first = review(start, actions, seat, seed=0)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            second = review(start, actions, seat, seed=1)
            assert [v.step for v in first] == [v.step for v in second]
            assert len(first) == size, (game, len(first))
            pairs.extend(zip(first, second, strict=True))
        pooled.extend(pairs)
        same = sum(a.grade == b.grade for a, b in pairs) / len(pairs)
        spread = [abs(a.loss - b.loss) for a, b in pairs]
        own = sum(a.move == a.best for a, _ in pairs) / len(pairs)
        grades = {g: sum(a.grade == g for a, _ in pairs) for g in GRADES}
        print(
            f"{size:>9}  {args.games:>5}  {statistics.median(walls):>8.2f}  {max(walls):>6.2f}  "
            f"{max(cpus):>9.2f}  {same:>10.1%}  "
            f"{statistics.median(spread):>5.1f}/{percentile(spread, 0.9):.1f}/"
            f"{percentile(spread, 0.95):.1f}  {own:>6.0%}  "
            + " ".join(f"{g} {n}" for g, n in grades.items()),
            flush=True,
        )
        results["sizes"][str(size)] = {
            "seconds": walls,
            "cpu_seconds": cpus,
            "same_grade": same,
            "spread": spread,
            "experts_move": own,
            "grades": grades,
        }
    same = sum(a.grade == b.grade for a, b in pooled) / len(pooled)
    spread = [abs(a.loss - b.loss) for a, b in pooled]
    print(
        f"all {len(pooled)} decisions: the same grade for {same:.1%}; the points lost differ by "
        f"{statistics.median(spread):.1f} (median), {percentile(spread, 0.9):.1f} (90%), "
        f"{percentile(spread, 0.95):.1f} (95%) between seeds 0 and 1"
    )
    if args.json is not None:
        results["same_grade"] = same
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
