"""Is one setting of the ``expert`` better than another? Both play the very same rounds, and the
difference is measured round by round (paired), so it needs far fewer rounds than two tables.

    .venv/bin/python benchmarks/compare.py --a MARGIN=0 --b MARGIN=0.5 [--rounds 3000]
        [--seats 4] [--opponent greedy] [--workers 2] [--seed 7] [--json F]

Each variant (``--a``, ``--b``: ``NAME=VALUE`` settings of ``uno.expert.TUNABLE``; none: the
defaults) plays ``--rounds`` single rounds against copies of ``--opponent``, the expert at each
seat in turn, as benchmarks/strength.py does, with the same seeds: round ``i`` is dealt alike
for both. A round where both variants make the same moves is played alike and won alike (the
search draws its worlds from a generator of its own), so only the rounds where they differ add
noise. Printed: each variant's share (95% Wilson interval), the rounds won by one and not the
other, and the paired difference of the shares with its 95% interval (the normal
approximation of the per-round differences). Never part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import apply_settings, round_wins, wilson  # beside this script (sys.path[0])

import uno.expert
from uno.bots import HEURISTICS, make_strategy


def paired(a: list[bool], b: list[bool], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``a[i] - b[i]`` and its 95% interval."""
    n = len(a)
    diffs = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--b", nargs="*", default=[], metavar="NAME=VALUE")
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--opponent", default="greedy", choices=HEURISTICS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, default=None, help="also write the result here")
    args = parser.parse_args()
    if args.rounds < 2:
        parser.error("--rounds: 2 or more")
    defaults = {name: getattr(uno.expert, name) for name in uno.expert.TUNABLE}
    won: dict[str, list[bool]] = {}
    settings: dict[str, dict[str, object]] = {}
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(
        f"{args.rounds} single rounds (official rules) at {args.seats} seats against "
        f"{args.opponent}, seed {args.seed}, {args.workers} workers\n"
    )
    for name, items in (("a", args.a), ("b", args.b)):
        for key, value in defaults.items():
            setattr(uno.expert, key, value)
        settings[name] = apply_settings(parser, items)
        start = time.perf_counter()
        expert = make_strategy("expert")
        won[name] = round_wins(
            expert, args.opponent, args.seats, args.rounds, args.workers, args.seed
        )
        wins = sum(won[name])
        low, high = wilson(wins, len(won[name]))
        told = ", ".join(f"{k}={v}" for k, v in settings[name].items()) or "defaults"
        print(
            f"{name} ({told}): {wins} of {len(won[name])} = {wins / len(won[name]):.1%} "
            f"({low:.1%} to {high:.1%})  ({time.perf_counter() - start:.0f} s)"
        )
    for key, value in defaults.items():
        setattr(uno.expert, key, value)
    only_a = sum(x and not y for x, y in zip(won["a"], won["b"], strict=True))
    only_b = sum(y and not x for x, y in zip(won["a"], won["b"], strict=True))
    mean, low, high = paired(won["a"], won["b"])
    print(f"\nrounds won by a only: {only_a}; by b only: {only_b}")
    print(f"a - b: {mean:+.2%} of the rounds (95% interval {low:+.2%} to {high:+.2%})")
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "seats": args.seats,
                    "opponent": args.opponent,
                    "seed": args.seed,
                    "rounds": args.rounds,
                    "settings": {k: {n: str(v) for n, v in s.items()} for k, s in settings.items()},
                    "wins": {k: sum(v) for k, v in won.items()},
                    "only_a": only_a,
                    "only_b": only_b,
                    "difference": [mean, low, high],
                },
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
