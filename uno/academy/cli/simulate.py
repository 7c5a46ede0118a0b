"""``python -m uno simulate N --out FILE``: play N games between computer players and save one
row each, with a progress bar on standard error.

A ``.csv`` file needs no third-party package: the rows of ``uno.simulation.simulate_rows`` are
written with the standard library's ``csv`` module, byte for byte as pandas' ``to_csv`` writes
``uno.simulate``'s frame. A ``.parquet`` file is that frame's ``to_parquet`` (pandas and
pyarrow).
"""

from __future__ import annotations

import argparse
import csv
import errno
import importlib.util
import os
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from uno.academy.cli.terminal import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    NotAFile,
    os_problem,
    shown,
    shown_path,
)
from uno.academy.i18n import number, percent, t
from uno.simulation import COLUMNS, frame_of, simulate_rows

__all__ = ["Progress", "simulate", "write_csv"]


class Progress:
    """A plain-text progress bar on a stream: redrawn in place on a terminal, one line every
    10% elsewhere (a log file or a CI job)."""

    def __init__(self, stream: TextIO, lang: str, width: int = 30) -> None:
        self.stream = stream
        self.lang = lang
        self.width = width
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.step = -1

    def __call__(self, done: int, total: int) -> None:
        tenth = done * 10 // total
        if not self.tty and tenth == self.step:
            return
        self.step = tenth
        filled = done * self.width // total
        bar = "#" * filled + "." * (self.width - filled)
        words = t("cli.simulate.progress", self.lang, done=done, total=total, count=total)
        share = percent(done * 100 // total / 100, self.lang)
        line = f"[{bar}] {share:>5} {words}"
        self.stream.write(f"\r{line}" if self.tty else f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.step >= 0:
            self.stream.write("\n")
            self.stream.flush()


def write_csv(rows: Iterable[Sequence[object]], path: Path) -> None:
    """``rows`` under the header ``COLUMNS``, the very bytes pandas writes for
    ``frame_of(rows).to_csv(path, index=False)`` (the ``csv`` module, which pandas itself
    drives: minimal quoting, ``os.linesep`` after each line, UTF-8), without pandas."""
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator=os.linesep)
        writer.writerow(COLUMNS)
        writer.writerows(rows)


def simulate(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """``simulate N``: the games are played only when everything needed to save them is there."""
    path: Path = args.out
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        err.write(t("cli.simulate.bad_out", lang, suffix=shown(suffix or path.name)) + "\n")
        return EXIT_USAGE
    strategies: list[str] = args.strategies
    if len(strategies) not in (1, args.players):
        err.write(
            t(
                "cli.simulate.strategy_count",
                lang,
                count=len(strategies),
                seats=args.players,
            )
            + "\n"
        )
        return EXIT_USAGE
    if suffix == ".parquet":  # a frame's file: a .csv file needs neither
        if importlib.util.find_spec("pandas") is None:
            err.write(t("cli.simulate.no_pandas", lang) + "\n")
            return EXIT_REFUSED
        if importlib.util.find_spec("pyarrow") is None:
            err.write(t("cli.simulate.no_pyarrow", lang) + "\n")
            return EXIT_REFUSED
    file = shown_path(str(path))
    try:
        folder = path.resolve().parent
        if not folder.is_dir():
            err.write(t("cli.simulate.no_folder", lang, folder=shown_path(str(folder))) + "\n")
            return EXIT_REFUSED
        if path.is_dir():  # before playing: a folder or a FIFO named games.csv
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if path.exists() and not path.is_file():
            raise NotAFile(errno.ENODEV, "not an ordinary file", str(path))
    except (OSError, ValueError) as problem:
        error = os_problem(problem, lang)
        err.write(t("cli.simulate.cannot_write", lang, file=file, error=error) + "\n")
        return EXIT_REFUSED
    progress = Progress(err, lang)
    started = time.perf_counter()
    rows = simulate_rows(
        args.games,
        players=args.players,
        rules=args.rules,
        strategies=strategies[0] if len(strategies) == 1 else strategies,
        seed=args.seed,
        workers=args.workers,
        progress=progress,
    )
    progress.close()
    try:
        if suffix == ".csv":
            write_csv(rows, path)
        else:
            frame_of(rows).to_parquet(path, index=False)
    except (OSError, ValueError) as problem:
        error = os_problem(problem, lang)
        err.write(t("cli.simulate.cannot_write", lang, file=file, error=error) + "\n")
        return EXIT_REFUSED
    seconds = number(time.perf_counter() - started, lang, 1)
    out.write(t("cli.simulate.done", lang, count=len(rows), file=file, seconds=seconds) + "\n")
    return EXIT_OK
