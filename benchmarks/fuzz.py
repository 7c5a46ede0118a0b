"""Plays many random games across every player count and rule option and checks, after every
single action, that the 108 cards are all still there (R-DECK-2). Reports crashes and time.

    .venv/bin/python benchmarks/fuzz.py [--games 100000] [--workers 2] [--seed 0]

Most games run on the engine's fast path (bots with random options: forgetful "Uno", bluffs,
challenges, catches, jump-ins); every tenth game goes through the public ``apply`` with
uniformly random legal actions (voluntary draws included, plays preferred), so the checked path
is fuzzed too. A crash is any exception other than the engine's own refusals, or a card lost or
duplicated; each is printed with the seed that reproduces it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno
from uno.bots import make_strategy, reaction
from uno.cards import FULL_DECK
from uno.engine import Table
from uno.rules import SWITCHES, RuleSet
from uno.setup import first_deal

SORTED_DECK = sorted(FULL_DECK)
FLAGS = SWITCHES
MAX_ACTIONS = 20_000


def random_rules(rng: random.Random) -> RuleSet:
    return RuleSet(
        preset="official",
        **{flag: rng.random() < 0.5 for flag in FLAGS},
        uno_catch_window=rng.choice(["next_player", "own_next_turn"]),
        target_score=None,
        scoring=rng.choice(["standard", "lowest"]),
    )


def check(t: Table) -> None:
    cards = [c for hand in t.hands for c in hand] + t.draw + t.discard
    if len(cards) != 108 or sorted(cards) != SORTED_DECK:
        raise AssertionError(f"card multiset broken: {Counter(cards) - Counter(FULL_DECK)}")


def fast_game(seed: int) -> int:
    rng = random.Random(seed)
    players = rng.randint(2, 10)
    rules = random_rules(rng)
    bots = [
        make_strategy(
            rng.choice(list(uno.STRATEGIES)),
            challenge=rng.choice(["never", "always", "odds"]),
            bluff=rng.random() * 0.5,
            forget_uno=rng.random() * 0.5,
            catch=rng.random(),
            jump=rng.random(),
        )
        for _ in range(players)
    ]
    t = first_deal(uno.setup.default_names(players), rules, seed, record=False)
    actions = 0
    while not (t.phase is uno.Phase.ROUND_OVER or t.phase is uno.Phase.GAME_OVER):
        action = reaction(t, bots, rng) or bots[t.turn].decide(t, rng)
        t.act(action)
        check(t)
        actions += 1
        if actions > MAX_ACTIONS:
            raise LongRound(f"no winner after {MAX_ACTIONS} actions")
    return actions


class LongRound(Exception):
    """A round that goes on and on: not a crash (no rule ends it, R-DRAW-4), but reported."""


def public_game(seed: int) -> int:
    rng = random.Random(seed)
    players = rng.randint(2, 10)
    state = uno.new_game(players, rules=random_rules(rng), seed=seed)
    actions = 0
    while not state.is_over:
        legal = uno.legal_actions(state)
        plays = [a for a in legal if a.verb in ("play", "jump", "color", "challenge", "accept")]
        action = rng.choice(plays if plays and rng.random() < 0.9 else legal)
        state, _ = uno.apply(state, action)
        cards = [*state.draw_pile, *state.discard_pile, *(c for h in state.hands for c in h)]
        if sorted(cards) != SORTED_DECK:
            raise AssertionError("card multiset broken")
        actions += 1
        if actions > MAX_ACTIONS:
            raise AssertionError("the round did not end")
    return actions


def run(first: int, count: int) -> tuple[int, int, list[str]]:
    games = actions = 0
    crashes: list[str] = []
    for seed in range(first, first + count):
        try:
            actions += public_game(seed) if seed % 10 == 0 else fast_game(seed)
        except Exception as exc:
            crashes.append(f"seed {seed}: {type(exc).__name__}: {exc}")
        games += 1
    return games, actions, crashes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    chunk = 2_000
    jobs = [(args.seed + a, min(chunk, args.games - a)) for a in range(0, args.games, chunk)]
    games = actions = 0
    crashes: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for g, a, c in pool.map(run, *zip(*jobs, strict=True)):
            games += g
            actions += a
            crashes.extend(c)
    elapsed = time.perf_counter() - start
    print(
        f"{games:,} games, {actions:,} actions checked, {len(crashes)} crashes, "
        f"{elapsed:.1f} s with {args.workers} workers"
    )
    for line in crashes[:20]:
        print(" ", line)
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
