"""``python -m uno puzzles mine --games N --out FILE``: mine puzzles from seeded games.

Plays the games of seeds ``--seed`` .. ``--seed + N - 1`` (``uno.academy.puzzle_mine``) with
``--workers`` processes, for ``--minutes`` at most, and writes every puzzle found to FILE (a
bank file, ``uno-puzzles/1``, rewritten after each game, so a run cut short keeps its
puzzles). One line per game with a puzzle, then every ``--every`` games: the games played, the
puzzles kept, the decisions screened and evaluated, the re-verifications that failed and the
yield in puzzles per hour.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TextIO

from uno.academy.cli.terminal import EXIT_OK, EXIT_REFUSED, os_problem, shown_path
from uno.academy.i18n import number, t
from uno.academy.puzzle_mine import GameResult, mine
from uno.academy.puzzles import Puzzle, write_bank_file

__all__ = ["puzzles_command"]


def puzzles_command(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """Run ``python -m uno puzzles mine`` (see the module's docstring)."""
    path: Path = args.out
    began = time.perf_counter()
    deadline = None if args.minutes is None else began + args.minutes * 60
    found: list[Puzzle] = []
    totals = {"games": 0, "decisions": 0, "screened": 0, "evaluated": 0, "decisive": 0}
    failed = 0

    def line(key: str, **values: object) -> None:
        out.write(t(key, lang, **values) + "\n")
        out.flush()

    def progress() -> None:
        hours = max(time.perf_counter() - began, 1e-9) / 3600
        line(
            "cli.puzzles.progress",
            games=t("cli.puzzles.games", lang, count=totals["games"]),
            puzzles=t("cli.puzzles.puzzles", lang, count=len(found)),
            decisions=number(totals["decisions"], lang),
            screened=number(totals["screened"], lang),
            evaluated=number(totals["evaluated"], lang),
            failed=t("cli.puzzles.failed", lang, count=failed),
            rate=number(round(len(found) / hours), lang),
        )

    line("cli.puzzles.start", games=number(args.games, lang), count=args.workers)
    results = mine(range(args.seed, args.seed + args.games), args.workers)
    try:
        for result in results:
            _count(result, totals)
            failed += result.failed
            if result.puzzles:
                found.extend(result.puzzles)
                try:
                    write_bank_file(path, found)
                except (OSError, ValueError) as problem:
                    error = os_problem(problem, lang)
                    file = shown_path(str(path))
                    err.write(t("cli.simulate.cannot_write", lang, file=file, error=error) + "\n")
                    return EXIT_REFUSED
            if totals["games"] % args.every == 0:
                progress()
            if deadline is not None and time.perf_counter() > deadline:
                break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    progress()
    line("cli.puzzles.saved", file=shown_path(str(path)))
    return EXIT_OK


def _count(result: GameResult, totals: dict[str, int]) -> None:
    totals["games"] += 1
    totals["decisions"] += result.decisions
    totals["screened"] += result.screened
    totals["evaluated"] += result.evaluated
    totals["decisive"] += result.decisive
