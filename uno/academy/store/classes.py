"""The classes repository: a teacher's classes, their pupils, and what the teacher sees.

A class has a 65-bit code (``K7QH-M2XD-9RPA-F``) that its pupils type, under the rate limit of
``limits`` (``kind="class"``). A device is in one class at most; pupils see nothing of each
other. Score pads and rooms may belong to a class too (``class_id``).
"""

from __future__ import annotations

import time

from uno.academy.store.backend import Backend, Tx
from uno.academy.store.codes import CLASS_CODE_LENGTH, new_class_code, read_code
from uno.academy.store.errors import NotAllowed
from uno.academy.store.limits import Limits, address_key
from uno.academy.store.model import ClassInfo, ClassReport, Membership, PupilReport, QuestionStat
from uno.academy.store.values import Bad, clean, device_of, integer, real, text

__all__ = ["ClassRepository"]


class ClassRepository:
    """Classes over ``db``, their codes checked under ``limits``
    (``uno.academy.store.ClassStore``)."""

    def __init__(self, db: Backend, limits: Limits) -> None:
        self._db = db
        self._limits = limits

    def create_class(self, teacher_token: str, name: str) -> ClassInfo:
        """A new class made by this device (its teacher), with a new code for its pupils.
        ``name`` follows the one name rule (``uno.setup.clean_name``: ScenarioError)."""
        key = device_of(teacher_token)
        name = clean(name, "class_name")
        now = time.time()
        with self._db.write() as tx:
            for _ in range(5):
                code = new_class_code()
                if tx.one("SELECT 1 FROM classes WHERE code = ?", (code,)) is None:
                    break
            tx.run(
                "INSERT INTO classes (code, teacher, name, created) VALUES (?, ?, ?, ?)",
                (code, key, name, now),
            )
        return ClassInfo(code, name, 0, now)

    def classes_of(self, teacher_token: str) -> list[ClassInfo]:
        """The classes this device made, the oldest first, with how many pupils joined."""
        key = device_of(teacher_token)
        with self._db.read() as tx:
            rows = tx.rows(
                "SELECT c.code, c.name, c.created, "
                "(SELECT COUNT(*) FROM learners l WHERE l.class_id = c.id) "
                "FROM classes c WHERE c.teacher = ? ORDER BY c.created, c.id",
                (key,),
            )
        try:
            return [ClassInfo(text(c), text(n), integer(p), real(t)) for c, n, t, p in rows]
        except Bad as bad:
            raise self._db.corrupt("classes", bad) from None

    def join_class(
        self, pupil_token: str, code: str, first_name: str, *, address: str | None = None
    ) -> Membership:
        """This device joins the class of ``code`` (typed: any case, spaces and dashes
        ignored) under ``first_name`` (``clean_name``: ScenarioError). A device is in one
        class at most: joining another leaves the first; joining again changes the name.
        CodeRefused ``wrong`` or ``too_many`` (rate-limited per device and per network
        ``address``, see ``DEVICE_ATTEMPTS`` and ``ADDRESS_ATTEMPTS``)."""
        key = device_of(pupil_token)
        name = clean(first_name, "first_name")
        now = time.time()

        def find(tx: Tx, found: str) -> Membership | None:
            row = tx.one("SELECT id, name FROM classes WHERE code = ?", (found,))
            if row is None:
                return None
            tx.run(
                "INSERT INTO learners (device, first_name, class_id, joined, seen) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (device) DO UPDATE SET "
                "first_name = excluded.first_name, seen = excluded.seen, joined = CASE WHEN "
                "learners.class_id = excluded.class_id THEN learners.joined ELSE excluded.joined "
                "END, class_id = excluded.class_id",
                (key, name, row[0], now, now),
            )
            return Membership(found, text(row[1]), name)

        place = address_key(address)
        return self._limits.guarded("class", key, place, code, CLASS_CODE_LENGTH, find)

    def leave_class(self, pupil_token: str) -> None:
        """This device leaves its class (its first name is forgotten; its progress stays)."""
        key = device_of(pupil_token)
        with self._db.write() as tx:
            tx.run(
                "UPDATE learners SET class_id = NULL, first_name = NULL, joined = NULL "
                "WHERE device = ?",
                (key,),
            )

    def membership(self, pupil_token: str) -> Membership | None:
        """The class this device is in, or None."""
        key = device_of(pupil_token)
        with self._db.read() as tx:
            row = tx.one(
                "SELECT c.code, c.name, l.first_name FROM learners l "
                "JOIN classes c ON c.id = l.class_id WHERE l.device = ?",
                (key,),
            )
        if row is None:
            return None
        try:
            return Membership(text(row[0]), text(row[1]), text(row[2]))
        except Bad as bad:
            raise self._db.corrupt("learners", bad) from None

    def class_report(self, teacher_token: str, code: str) -> ClassReport:
        """What the teacher of ``code`` sees: each pupil's passes, the most missed questions.
        NotAllowed ``teacher`` for any other device (and for a code that does not exist)."""
        key = device_of(teacher_token)
        found = read_code(code, CLASS_CODE_LENGTH)
        with self._db.read() as tx:
            row = tx.one("SELECT id, name, teacher FROM classes WHERE code = ?", (found,))
            if row is None or row[2] != key:
                raise NotAllowed("teacher")
            class_id = row[0]
            pupils = tx.rows(
                "SELECT device, first_name FROM learners WHERE class_id = ? "
                "ORDER BY joined, device",
                (class_id,),
            )
            passes = tx.rows(
                "SELECT p.device, p.lesson FROM passes p JOIN learners l ON l.device = p.device "
                "WHERE l.class_id = ? ORDER BY p.lesson",
                (class_id,),
            )
            stats = tx.rows(
                "SELECT a.lesson, a.question, "
                "SUM(CASE WHEN a.wrong > 0 THEN 1 ELSE 0 END), COUNT(*) "
                "FROM answers a JOIN learners l ON l.device = a.device WHERE l.class_id = ? "
                "GROUP BY a.lesson, a.question",
                (class_id,),
            )
        try:
            by_device: dict[str, list[int]] = {}
            for device, lesson in passes:
                by_device.setdefault(text(device), []).append(integer(lesson))
            report = tuple(
                PupilReport(text(name), tuple(by_device.get(text(device), [])))
                for device, name in pupils
            )
            hardest = sorted(
                (QuestionStat(integer(a), text(b), integer(c), integer(d)) for a, b, c, d in stats),
                key=lambda q: (-q.wrong, -q.wrong / max(q.asked, 1), q.lesson, q.question),
            )
        except Bad as bad:
            raise self._db.corrupt("class report", bad) from None
        return ClassReport(text(found), text(row[1]), report, tuple(q for q in hardest if q.wrong))

    @staticmethod
    def class_id(tx: Tx, key: str, code: str | None) -> int | None:
        """The class a device may attach something to (a score pad, a room): one it teaches
        or the one it is in; None without a code, NotAllowed ``class`` for any other."""
        if code is None:
            return None
        found = read_code(code, CLASS_CODE_LENGTH)
        row = tx.one(
            "SELECT c.id FROM classes c WHERE c.code = ? AND (c.teacher = ? OR c.id IN "
            "(SELECT class_id FROM learners WHERE device = ?))",
            (found, key, key),
        )
        if row is None:
            raise NotAllowed("class")
        return integer(row[0])
