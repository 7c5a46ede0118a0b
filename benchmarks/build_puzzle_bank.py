"""Build the puzzle bank (content/puzzles/*.json) from the miner's files.

    python benchmarks/build_puzzle_bank.py /tmp/mined/run1.json [more.json ...]

Keeps every mined puzzle (each already passed its second evaluation), once per situation, and
writes one file per table (the official rules, then each house rule), each puzzle's rating its
prior (``uno.academy.puzzles.prior_rating``). Prints the bank's rules: how many, the themes,
the share ``greedy`` gets wrong, the players and the ratings.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from uno.academy.puzzles import BANK_DIR, Puzzle, prior_rating, read_bank_file, write_bank_file

_TABLES = (
    ("stacking", "stacking"),
    ("seven_zero", "seven-zero"),
    ("jump_in", "jump-in"),
    ("wd4_anytime", "no-bluff"),
    ("draw_until_playable", "draw-until-playable"),
)


def _table(puzzle: Puzzle) -> str:
    rules = puzzle.scenario.get("rules", {})
    for field, name in _TABLES:
        if rules.get(field):
            return name
    return "official"


def main(paths: list[str]) -> None:
    seen: set[str] = set()
    bank: list[Puzzle] = []
    for path in paths:
        for puzzle in read_bank_file(Path(path)):
            key = json.dumps(puzzle.scenario, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            bank.append(puzzle)
    by_table: dict[str, list[Puzzle]] = {}
    for puzzle in bank:
        fixed = replace(puzzle, rating=prior_rating(puzzle.wrong))
        by_table.setdefault(_table(puzzle), []).append(fixed)
    BANK_DIR.mkdir(parents=True, exist_ok=True)
    for old in BANK_DIR.glob("*.json"):
        old.unlink()
    for name, puzzles in sorted(by_table.items()):
        write_bank_file(BANK_DIR / f"{name}.json", sorted(puzzles, key=lambda p: p.id))
    themes = Counter(theme for p in bank for theme in p.themes)
    greedy = sum(p.wrong.get("greedy", 0) >= 0.5 for p in bank)
    print(f"{len(bank)} puzzles in {len(by_table)} files: {dict(Counter(map(_table, bank)))}")
    print(f"themes ({len(themes)}): {dict(themes.most_common())}")
    print(f"greedy gets wrong: {greedy} ({greedy / max(len(bank), 1):.0%})")
    print(f"players: {dict(sorted(Counter(p.players for p in bank).items()))}")
    ratings = sorted(prior_rating(p.wrong) for p in bank)
    if ratings:
        cut = [ratings[int(q * (len(ratings) - 1))] for q in (0, 0.25, 0.5, 0.75, 1)]
        print(f"ratings: min/quartiles/max {cut}")


if __name__ == "__main__":
    main(sys.argv[1:])
