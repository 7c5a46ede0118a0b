"""The puzzles repository: each device's puzzle rating and streak, each puzzle's rating from
the answers, and a class's set of puzzles with its pupils' results.

A device's first answer to a puzzle is a rated game between them (Glicko-2,
``uno.academy.glicko``): right at the first try is a win for the solver. Later tries of the same
puzzle count (tries, solved) but rate nothing, as on Lichess. The streak counts the puzzles
solved at the first try in a row. Only the device itself reads its rating; a class's teacher
sees the results of the class's set (``class_puzzle_report``).
"""

from __future__ import annotations

import time
from typing import Final

from uno.academy.glicko import DEFAULT, Rating, rate
from uno.academy.store.backend import Backend, Tx
from uno.academy.store.codes import CLASS_CODE_LENGTH, read_code
from uno.academy.store.errors import NotAllowed
from uno.academy.store.model import (
    ClassPuzzleReport,
    PupilPuzzles,
    PuzzleOutcome,
    PuzzleProfile,
)
from uno.academy.store.progress import touch
from uno.academy.store.values import Bad, device_of, integer, real, text

__all__ = ["MAX_CLASS_PUZZLES", "MAX_PUZZLE_ID", "PuzzleRepository"]

MAX_PUZZLE_ID: Final = 64
#: The most puzzles a class's set holds.
MAX_CLASS_PUZZLES: Final = 50
#: A puzzle's deviation when it has no answer yet (its rating is the miner's prior).
PUZZLE_DEVIATION: Final = 300.0


def _check_id(puzzle_id: object) -> str:
    if not isinstance(puzzle_id, str) or not 0 < len(puzzle_id) <= MAX_PUZZLE_ID:
        raise ValueError("a puzzle id is a short text")
    if not puzzle_id.isprintable() or puzzle_id.strip() != puzzle_id:
        raise ValueError("a puzzle id is printable")
    return puzzle_id


def _check_prior(prior: object) -> float:
    if isinstance(prior, bool) or not isinstance(prior, int | float) or not 0 <= prior <= 4000:
        raise ValueError("a puzzle's prior rating is a number from 0 to 4000")
    return float(prior)


class PuzzleRepository:
    """Puzzle ratings over ``db`` (``uno.academy.store.PuzzleStore``)."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    def _profile(self, tx: Tx, key: str) -> PuzzleProfile:
        row = tx.one(
            "SELECT rating, deviation, volatility, streak, best_streak, solved, tried "
            "FROM puzzle_solvers WHERE device = ?",
            (key,),
        )
        if row is None:
            return PuzzleProfile(DEFAULT.rating, DEFAULT.deviation, DEFAULT.volatility)
        try:
            return PuzzleProfile(
                real(row[0]),
                real(row[1]),
                real(row[2]),
                integer(row[3]),
                integer(row[4]),
                integer(row[5]),
                integer(row[6]),
            )
        except Bad as bad:
            raise self._db.corrupt("puzzle rating", bad) from None

    def puzzle_profile(self, token: str) -> PuzzleProfile:
        """This device's puzzle rating, streak and counts (a newcomer's for a new device)."""
        key = device_of(token)
        with self._db.read() as tx:
            return self._profile(tx, key)

    def puzzles_tried(self, token: str) -> dict[str, bool]:
        """The puzzles this device answered: for each, whether it was right at the first try."""
        key = device_of(token)
        with self._db.read() as tx:
            rows = tx.rows("SELECT puzzle, first_right FROM puzzle_tries WHERE device = ?", (key,))
        try:
            return {text(p): bool(integer(r)) for p, r in rows}
        except Bad as bad:
            raise self._db.corrupt("puzzle tries", bad) from None

    def puzzle_ratings(self) -> dict[str, tuple[float, float, int]]:
        """Every puzzle answered at least once: its rating, deviation and number of raters."""
        with self._db.read() as tx:
            rows = tx.rows("SELECT puzzle, rating, deviation, raters FROM puzzle_ratings", ())
        try:
            return {text(p): (real(r), real(d), integer(n)) for p, r, d, n in rows}
        except Bad as bad:
            raise self._db.corrupt("puzzle ratings", bad) from None

    def answer_puzzle(self, token: str, puzzle_id: str, prior: float, right: bool) -> PuzzleOutcome:
        """One answer of this device to ``puzzle_id`` (whose rating starts from ``prior``):
        the first one rates both (Glicko-2) and moves the streak; later ones count only."""
        key = device_of(token)
        puzzle_id = _check_id(puzzle_id)
        prior = _check_prior(prior)
        now = time.time()
        with self._db.write() as tx:
            touch(tx, key, now)
            row = tx.one(
                "SELECT tries FROM puzzle_tries WHERE device = ? AND puzzle = ?", (key, puzzle_id)
            )
            before = self._profile(tx, key)
            if row is not None:
                tx.run(
                    "UPDATE puzzle_tries SET tries = tries + 1, solved = CASE WHEN ? = 1 "
                    "THEN 1 ELSE solved END, at = ? WHERE device = ? AND puzzle = ?",
                    (1 if right else 0, now, key, puzzle_id),
                )
                return PuzzleOutcome(before, before, False, None)
            prow = tx.one(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = ?",
                (puzzle_id,),
            )
            try:
                puzzle = (
                    Rating(prior, PUZZLE_DEVIATION)
                    if prow is None
                    else Rating(real(prow[0]), real(prow[1]), real(prow[2]))
                )
            except Bad as bad:
                raise self._db.corrupt("puzzle ratings", bad) from None
            solver = Rating(before.rating, before.deviation, before.volatility)
            score = 1.0 if right else 0.0
            new_solver = rate(solver, [(puzzle, score)], bounded=True)
            new_puzzle = rate(puzzle, [(solver, 1.0 - score)], bounded=True)
            streak = before.streak + 1 if right else 0
            after = PuzzleProfile(
                new_solver.rating,
                new_solver.deviation,
                new_solver.volatility,
                streak,
                max(before.best_streak, streak),
                before.solved + (1 if right else 0),
                before.tried + 1,
            )
            tx.run(
                "INSERT INTO puzzle_solvers (device, rating, deviation, volatility, streak, "
                "best_streak, solved, tried, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (device) DO UPDATE SET rating = excluded.rating, "
                "deviation = excluded.deviation, volatility = excluded.volatility, "
                "streak = excluded.streak, best_streak = excluded.best_streak, "
                "solved = excluded.solved, tried = excluded.tried, at = excluded.at",
                (
                    key,
                    after.rating,
                    after.deviation,
                    after.volatility,
                    after.streak,
                    after.best_streak,
                    after.solved,
                    after.tried,
                    now,
                ),
            )
            tx.run(
                "INSERT INTO puzzle_tries (device, puzzle, first_right, solved, tries, at) "
                "VALUES (?, ?, ?, ?, 1, ?)",
                (key, puzzle_id, 1 if right else 0, 1 if right else 0, now),
            )
            tx.run(
                "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, raters) "
                "VALUES (?, ?, ?, ?, 1) ON CONFLICT (puzzle) DO UPDATE SET "
                "rating = excluded.rating, deviation = excluded.deviation, "
                "volatility = excluded.volatility, raters = puzzle_ratings.raters + 1",
                (puzzle_id, new_puzzle.rating, new_puzzle.deviation, new_puzzle.volatility),
            )
        return PuzzleOutcome(before, after, True, new_puzzle.rating)

    def forget_puzzles(self, token: str) -> None:
        """Remove this device's rating and answers (the puzzles' ratings stay)."""
        key = device_of(token)
        with self._db.write() as tx:
            tx.run("DELETE FROM puzzle_solvers WHERE device = ?", (key,))
            tx.run("DELETE FROM puzzle_tries WHERE device = ?", (key,))

    # -- a class's set ---------------------------------------------------------------------
    def _taught(self, tx: Tx, key: str, code: str) -> tuple[int, str]:
        found = read_code(code, CLASS_CODE_LENGTH)
        row = tx.one("SELECT id, teacher FROM classes WHERE code = ?", (found,))
        if row is None or row[1] != key:
            raise NotAllowed("teacher")
        return integer(row[0]), text(found)

    def set_class_puzzles(self, teacher_token: str, code: str, puzzle_ids: list[str]) -> None:
        """The class's set of puzzles, in this order (replacing the one before; empty: none).
        NotAllowed ``teacher`` for any device but the class's teacher; ValueError for an id
        that is not one or more than ``MAX_CLASS_PUZZLES``."""
        key = device_of(teacher_token)
        ids = [_check_id(p) for p in puzzle_ids]
        if len(ids) > MAX_CLASS_PUZZLES or len(set(ids)) != len(ids):
            raise ValueError(f"a set holds at most {MAX_CLASS_PUZZLES} different puzzles")
        with self._db.write() as tx:
            class_id, _ = self._taught(tx, key, code)
            tx.run("DELETE FROM class_puzzles WHERE class_id = ?", (class_id,))
            for position, pid in enumerate(ids):
                tx.run(
                    "INSERT INTO class_puzzles (class_id, puzzle, position) VALUES (?, ?, ?)",
                    (class_id, pid, position),
                )

    def class_puzzles(self, token: str) -> tuple[str, ...]:
        """The set of puzzles of the class this device is in (empty when none)."""
        key = device_of(token)
        with self._db.read() as tx:
            rows = tx.rows(
                "SELECT cp.puzzle FROM class_puzzles cp JOIN learners l "
                "ON l.class_id = cp.class_id WHERE l.device = ? ORDER BY cp.position",
                (key,),
            )
        try:
            return tuple(text(p) for (p,) in rows)
        except Bad as bad:
            raise self._db.corrupt("class puzzles", bad) from None

    def class_puzzle_report(self, teacher_token: str, code: str) -> ClassPuzzleReport:
        """The class's set and, for each pupil, each puzzle of it answered: whether it was right
        at the first try, then solved. NotAllowed ``teacher`` for any other device."""
        key = device_of(teacher_token)
        with self._db.read() as tx:
            class_id, found = self._taught(tx, key, code)
            puzzles = tx.rows(
                "SELECT puzzle FROM class_puzzles WHERE class_id = ? ORDER BY position",
                (class_id,),
            )
            pupils = tx.rows(
                "SELECT device, first_name FROM learners WHERE class_id = ? "
                "ORDER BY joined, device",
                (class_id,),
            )
            tries = tx.rows(
                "SELECT t.device, t.puzzle, t.first_right, t.solved FROM puzzle_tries t "
                "JOIN learners l ON l.device = t.device JOIN class_puzzles cp "
                "ON cp.class_id = l.class_id AND cp.puzzle = t.puzzle WHERE l.class_id = ?",
                (class_id,),
            )
        try:
            ids = tuple(text(p) for (p,) in puzzles)
            done: dict[str, dict[str, tuple[bool, bool]]] = {}
            for device, pid, first, solved in tries:
                done.setdefault(text(device), {})[text(pid)] = (
                    bool(integer(first)),
                    bool(integer(solved)),
                )
            report = tuple(
                PupilPuzzles(text(name), dict(done.get(text(device), {})))
                for device, name in pupils
            )
        except Bad as bad:
            raise self._db.corrupt("class puzzles", bad) from None
        return ClassPuzzleReport(found, ids, report)
