"""Where the ``expert`` leaves its playout policy's move, is it right to? Each departure weighed
against the true hands.

    .venv/bin/python benchmarks/departures.py [--rounds 600] [--seed 11] [--opponent greedy]
        [--playouts 100] [--set STRICT=1 ...]

The expert plays ``--rounds`` single rounds at four seats against three copies of
``--opponent`` (official rules, the expert at each seat in turn). At each of its decisions where
its move is not the one its playout policy (``color_keeper``) would make, both moves are played
out ``--playouts`` times from the true position: the other hands as they are, the draw pile
shuffled again for each playout (the same orders for both moves), the expert's seat then played
by ``color_keeper`` and the others by their own strategy. The difference of the two win rates
is what the departure gained, as far as this can tell (the expert's own later moves are
``color_keeper``'s here). The table sums it by the kind of departure and by how sure the search
was (its paired difference over its standard error, ``z``); "per round" is the total divided by
the rounds played: the share of rounds that kind of departure wins or loses.

This is what set ``uno.expert.STRICT`` and ``MARGIN``: with ``--set STRICT=1 MARGIN=1`` (one
margin for every move, about the search before), challenges lose rounds at every ``z``, and
wilds and draws instead of a coloured card lose them where the search is less sure than
``z`` 3 to 5, while the other departures win rounds even below ``z`` 2. It peeks at the hands
to judge; the expert does not. Never part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import SINGLE_ROUND, apply_settings  # beside this script (sys.path[0])

import uno
import uno.expert
from uno.actions import Action
from uno.bots import ColorKeeper, Strategy, make_strategy
from uno.cards import COLOR_OF
from uno.engine import Table, shuffle
from uno.expert import PLAYOUT_LIMIT, Expert, _playout
from uno.state import Phase

POLICY = ColorKeeper()
#: The search's last paired comparison, (difference, standard error): its final one, when the
#: move it chose is not the policy's.
LAST = [0.0, 0.0]
_paired = uno.expert._paired


def _recorded(a: int, b: int, worlds: int) -> tuple[float, float]:
    LAST[0], LAST[1] = _paired(a, b, worlds)
    return LAST[0], LAST[1]


def kind(t: Table, move: Action, policy: Action) -> str:
    """What sort of departure ``move`` is from ``policy``'s move."""
    if t.phase is Phase.DRAWN:
        return "keep the drawn card" if move.verb == "pass" else "play the drawn card"
    if t.phase is Phase.CHALLENGE:
        return move.verb
    if t.phase is Phase.CHOOSE_COLOR:
        return "first colour"
    if move.verb != "play" or policy.verb != "play":
        return "draw instead" if move.verb == "draw" else "play instead of drawing"
    assert move.card is not None and policy.card is not None
    if move.card == policy.card:
        return "another colour for the wild"
    if (move.card >= 52) != (policy.card >= 52):
        return "a wild instead" if move.card >= 52 else "a coloured card instead"
    if move.card >= 52:
        return "the other wild"
    same = COLOR_OF[move.card] == COLOR_OF[policy.card]
    return "another card, same colour" if same else "another card, another colour"


def band(z: float) -> str:
    return "z < 2" if z < 2 else "z 2-5" if z < 5 else "z >= 5"


def wins(t: Table, move: Action, bots: list[Strategy], seed: float, playouts: int) -> int:
    """In how many of ``playouts`` the seat to play wins after ``move`` from the true table."""
    seat = t.turn
    rng = random.Random(seed)
    won = 0
    for _ in range(playouts):
        world = t.copy()
        shuffle(world.draw, random.Random(rng.random()))
        world.act(move)
        if world.phase is Phase.ROUND_OVER or world.phase is Phase.GAME_OVER:
            won += world.turn == seat
        else:
            won += _playout(world, bots, PLAYOUT_LIMIT)[0] == seat
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--set", nargs="+", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    apply_settings(parser, args.set)
    uno.expert._paired = _recorded  # type: ignore[assignment]
    gained: dict[tuple[str, str], list[float]] = defaultdict(list)
    opponent = make_strategy(args.opponent)
    agreed = 0

    class Probe(Expert):
        def decide(self, t: Table, rng: random.Random, log: object = None) -> Action:
            nonlocal agreed
            LAST[0] = LAST[1] = 0.0
            move = super().decide(t, rng, log)  # type: ignore[arg-type]
            policy = POLICY.decide(t.copy(), random.Random(0))
            if policy.verb == "play" and move.verb == "play" and policy.card == move.card:
                policy = policy._replace(uno=move.uno, target=move.target)
            if move == policy:
                agreed += 1
                return move
            z = LAST[0] / LAST[1] if LAST[1] > 0 else 99.0
            bots: list[Strategy] = [POLICY if s == t.turn else opponent for s in range(t.n)]
            seed = rng.random()
            ahead = wins(t, move, bots, seed, args.playouts)
            ahead -= wins(t, policy, bots, seed, args.playouts)
            gained[(kind(t, move, policy), band(z))].append(ahead / args.playouts)
            return move

    start = time.perf_counter()
    probe = Probe()
    won = played = 0
    for place in range(4):
        bots = [probe if s == place else make_strategy(args.opponent) for s in range(4)]
        frame = uno.simulate(args.rounds // 4, 4, SINGLE_ROUND, bots, seed=args.seed * 100 + place)
        won += int((frame["winner"] == place).sum())
        played += len(frame)
    print(f"{played} rounds against three {args.opponent}, seed {args.seed}: the expert won")
    print(f"{won / played:.1%}; {agreed} decisions were the policy's move.")
    print()
    print("| departure | how sure | times | rounds gained | per departure | per round |")
    print("|---|---|---|---|---|---|")
    for (what, sure), values in sorted(gained.items()):
        total = sum(values)
        print(
            f"| {what} | {sure} | {len(values)} | {total:+.2f} | {total / len(values):+.3f} "
            f"| {total / played:+.2%} |"
        )
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
