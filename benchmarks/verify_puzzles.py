"""Re-verify every puzzle of the bank with new deals: each puzzle's moves are played out again
in ``--worlds`` deals seeded by ``--seed`` (not the miner's), and the puzzle passes when the
same move is best, 15 points ahead of every other with the 95% intervals apart
(``uno.academy.puzzles.decisive``).

    .venv/bin/python benchmarks/verify_puzzles.py [--worlds 800] [--seed 7] [--workers 2]

Prints each failure, then how many passed and the seconds taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno.academy.puzzles import decisive, evaluate, load_bank  # noqa: E402


def _check(job: tuple[str, int, int]) -> tuple[str, bool, str]:
    pid, worlds, seed = job
    puzzle = next(p for p in load_bank() if p.id == pid)
    ev = evaluate(puzzle.state, worlds, f"bench-verify:{seed}:{pid}")
    ok = ev.moves[0][0] == puzzle.solution and decisive(ev)
    shown = ", ".join(f"{m} {w / ev.worlds:.0%}" for m, w in ev.moves[:3])
    return pid, ok, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=800)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    bank = load_bank()
    jobs = [(p.id, args.worlds, args.seed) for p in bank]
    start = time.perf_counter()
    failed = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for pid, ok, shown in pool.map(_check, jobs, chunksize=4):
            if not ok:
                failed += 1
                print(f"FAILED {pid}: {shown}", flush=True)
    seconds = time.perf_counter() - start
    print(f"{len(bank) - failed} of {len(bank)} passed, {failed} failed ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
