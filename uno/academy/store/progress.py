"""The progress repository: learners (devices), the lessons they passed and their quiz answers.

A learner is a device's key (``device_key``: the token itself is never stored), made on its
first change (``touch``). Only the device itself reads its progress; its class's teacher sees
it through ``ClassRepository.class_report``.
"""

from __future__ import annotations

import time
from typing import Final

from uno.academy.store.backend import Backend, Tx
from uno.academy.store.model import Answer, Progress
from uno.academy.store.values import Bad, device_of, integer, text

__all__ = ["MAX_LESSON", "MAX_QUESTION", "ProgressRepository", "touch"]

MAX_QUESTION: Final = 64
MAX_LESSON: Final = 1000


def touch(tx: Tx, key: str, now: float) -> None:
    """Make the learner ``key`` if new, and note that it was seen ``now``."""
    tx.run(
        "INSERT INTO learners (device, seen) VALUES (?, ?) "
        "ON CONFLICT (device) DO UPDATE SET seen = excluded.seen",
        (key, now),
    )


def _check_question(lesson: object, question_id: object) -> tuple[int, str]:
    if isinstance(lesson, bool) or not isinstance(lesson, int):
        raise ValueError("a lesson is a number")
    if not 1 <= lesson <= MAX_LESSON:
        raise ValueError(f"no lesson {lesson}")
    if not isinstance(question_id, str) or not 0 < len(question_id) <= MAX_QUESTION:
        raise ValueError("a question id is a short text")
    if not question_id.isprintable():
        raise ValueError("a question id is printable")
    return lesson, question_id


class ProgressRepository:
    """Learners' progress over ``db`` (``uno.academy.store.ProgressStore``)."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    def progress(self, token: str) -> Progress:
        """The lessons this device passed and its quiz results (nothing for a new device)."""
        key = device_of(token)
        with self._db.read() as tx:
            passed = tx.rows("SELECT lesson FROM passes WHERE device = ?", (key,))
            rows = tx.rows(
                "SELECT lesson, question, tries, wrong, ever_right FROM answers WHERE device = ?",
                (key,),
            )
        try:
            answers = {
                (integer(lesson), text(question)): Answer(
                    integer(tries), integer(wrong), bool(integer(right))
                )
                for lesson, question, tries, wrong, right in rows
            }
            return Progress(frozenset(integer(lesson) for (lesson,) in passed), answers)
        except Bad as bad:
            raise self._db.corrupt("progress", bad) from None

    def record_answer(self, token: str, lesson: int, question_id: str, right: bool) -> Answer:
        """One more answer to a quiz question (``right`` or not); returns the question's
        totals for this device. Concurrent answers all count (one upsert each)."""
        key = device_of(token)
        lesson, question_id = _check_question(lesson, question_id)
        now = time.time()
        with self._db.write() as tx:
            touch(tx, key, now)
            tx.run(
                "INSERT INTO answers (device, lesson, question, tries, wrong, ever_right, at) "
                "VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT (device, lesson, question) DO UPDATE "
                "SET tries = answers.tries + 1, wrong = answers.wrong + excluded.wrong, "
                "ever_right = CASE WHEN excluded.ever_right = 1 THEN 1 ELSE answers.ever_right "
                "END, at = excluded.at",
                (key, lesson, question_id, 0 if right else 1, 1 if right else 0, now),
            )
            row = tx.one(
                "SELECT tries, wrong, ever_right FROM answers "
                "WHERE device = ? AND lesson = ? AND question = ?",
                (key, lesson, question_id),
            )
        assert row is not None
        try:
            return Answer(integer(row[0]), integer(row[1]), bool(integer(row[2])))
        except Bad as bad:
            raise self._db.corrupt("answers", bad) from None

    def pass_lesson(self, token: str, lesson: int) -> None:
        """Mark a lesson passed for this device (passing it again changes nothing)."""
        key = device_of(token)
        lesson, _ = _check_question(lesson, "-")
        now = time.time()
        with self._db.write() as tx:
            touch(tx, key, now)
            tx.run(
                "INSERT INTO passes (device, lesson, at) VALUES (?, ?, ?) "
                "ON CONFLICT (device, lesson) DO NOTHING",
                (key, lesson, now),
            )

    def forget_progress(self, token: str) -> None:
        """Remove this device's passes and answers (the learner starts again)."""
        key = device_of(token)
        with self._db.write() as tx:
            tx.run("DELETE FROM passes WHERE device = ?", (key,))
            tx.run("DELETE FROM answers WHERE device = ?", (key,))
