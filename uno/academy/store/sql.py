"""The store's logic, written once over a transaction (``Tx``) that both backends give.

Every change is one write transaction. A change to a versioned thing (a game, a room) first
runs ``UPDATE ... SET version = version + 1 WHERE ... AND version = ?`` and checks that one row
changed: on PostgreSQL that row is then locked until the commit (a second writer waits, then
finds the version moved on), on SQLite the write lock is taken at ``BEGIN IMMEDIATE``. Only then
is the rest read and written, so two writers that saw one version never both succeed.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final, Literal, Protocol, TypeVar

from uno.academy import scorepad as sp
from uno.academy.store.codes import (
    CLASS_CODE_LENGTH,
    ROOM_CODE_LENGTH,
    device_key,
    is_token,
    new_class_code,
    new_room_code,
    new_token,
    read_code,
    token_hash,
)
from uno.academy.store.errors import (
    CodeRefused,
    GameNotFound,
    NotAllowed,
    RoomChanged,
    RoomClosed,
    StaleGame,
    StoreError,
)
from uno.academy.store.model import (
    Answer,
    ClassInfo,
    ClassReport,
    HiddenGame,
    LoggedAction,
    Membership,
    Progress,
    PupilReport,
    QuestionStat,
    RoomSeat,
    RoomState,
    Seated,
    SeatSpec,
)
from uno.academy.store.schema import Tx
from uno.errors import ScenarioError, UnoError
from uno.state import GameState

if TYPE_CHECKING:
    from uno.bots import Strategy
    from uno.expert import Note

__all__ = [
    "ADDRESS_ATTEMPTS",
    "ADDRESS_ROOMS",
    "ATTEMPT_WINDOW",
    "DEVICE_ATTEMPTS",
    "MAX_OPEN_ROOMS",
    "ROOMS_WINDOW",
    "ROOM_TTL",
    "SQLStore",
]

#: Failed code attempts are counted over this many seconds.
ATTEMPT_WINDOW: Final = 60.0
#: At most this many wrong codes per device and per minute (class and room codes apart):
#: past it, that device (and no other) waits for the rest of the minute.
DEVICE_ATTEMPTS: Final = 10
#: At most this many wrong codes per minute from one network address. A school's pupils all
#: come from one address behind its proxy: a class of 30 typing every code wrong three times
#: stays under it. Past it, a device that typed a wrong code in that minute waits; a device
#: that has not still gets its try, so nobody on the same network can lock a class out.
ADDRESS_ATTEMPTS: Final = 100
#: A device (a teacher) keeps at most this many rooms open at once...
MAX_OPEN_ROOMS: Final = 10
#: ... and one network address opens at most this many rooms in ``ROOMS_WINDOW`` seconds.
ADDRESS_ROOMS: Final = 30
ROOMS_WINDOW: Final = 600.0
#: A room lives this long after its last move (or its creation), in seconds.
ROOM_TTL: Final = 8 * 3600.0
MAX_ROOM_TTL: Final = 7 * 24 * 3600.0
MAX_BOT_STEPS: Final = 50
MAX_QUESTION: Final = 64
MAX_LESSON: Final = 1000
#: The tabs the scoring page can keep open.
TABS: Final = ("check", "pad")

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class _Bad(Exception):
    """A value of the wrong type in a row (a tampered database)."""


#: The largest number a caller may hand the store (ids, versions, seats): both databases
#: keep 64-bit integers, and a forged 2**70 must be refused as a wrong one, not crash.
MAX_NUMBER: Final = 2**62


def _fits(value: object) -> bool:
    """Whether ``value`` is a number the store can look up (a plain int from 0 to
    ``MAX_NUMBER``): anything else matches no row."""
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= MAX_NUMBER


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(repr(value))
    return value


def _float(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Bad(repr(value))
    return float(value)


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise _Bad(repr(value))
    return value


def _opt_str(value: object) -> str | None:
    return None if value is None else _str(value)


def _now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _key(token: str) -> str:
    try:
        return device_key(token)
    except ValueError:
        raise NotAllowed("device") from None


class SQLStore(ABC):
    """Learners, classes, score pads and rooms over SQL. ``uno.academy.store.Store`` is its
    interface; ``SQLiteStore`` and ``PostgresStore`` give it transactions."""

    #: Where the data lives, for the log (a path, or a server address without password).
    where: object = ""

    # -- what a backend gives ----------------------------------------------------------------
    @abstractmethod
    def _write(self) -> AbstractContextManager[Tx]:
        """One write transaction (waits a bounded time for the lock, then StoreError busy)."""

    @abstractmethod
    def _read(self) -> AbstractContextManager[Tx]:
        """One read transaction over one snapshot (never waits long: StoreError busy)."""

    @abstractmethod
    def close(self) -> None:
        """Give the connection back."""

    @abstractmethod
    def schema_version(self) -> int:
        """The schema version of the database."""

    def __enter__(self) -> SQLStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _corrupt(self, what: str, detail: object) -> StoreError:
        return StoreError("corrupt", self.where, f"{what}: {detail}")

    # -- learners ----------------------------------------------------------------------------
    def _touch(self, tx: Tx, key: str, now: float) -> None:
        tx.run(
            "INSERT INTO learners (device, seen) VALUES (?, ?) "
            "ON CONFLICT (device) DO UPDATE SET seen = excluded.seen",
            (key, now),
        )

    def progress(self, token: str) -> Progress:
        """The lessons this device passed and its quiz results (nothing for a new device)."""
        key = _key(token)
        with self._read() as tx:
            passed = tx.rows("SELECT lesson FROM passes WHERE device = ?", (key,))
            rows = tx.rows(
                "SELECT lesson, question, tries, wrong, ever_right FROM answers WHERE device = ?",
                (key,),
            )
        try:
            answers = {
                (_int(lesson), _str(question)): Answer(_int(tries), _int(wrong), bool(_int(right)))
                for lesson, question, tries, wrong, right in rows
            }
            return Progress(frozenset(_int(lesson) for (lesson,) in passed), answers)
        except _Bad as bad:
            raise self._corrupt("progress", bad) from None

    @staticmethod
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

    def record_answer(self, token: str, lesson: int, question_id: str, right: bool) -> Answer:
        """One more answer to a quiz question (``right`` or not); returns the question's
        totals for this device. Concurrent answers all count (one upsert each)."""
        key = _key(token)
        lesson, question_id = self._check_question(lesson, question_id)
        now = time.time()
        with self._write() as tx:
            self._touch(tx, key, now)
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
            return Answer(_int(row[0]), _int(row[1]), bool(_int(row[2])))
        except _Bad as bad:
            raise self._corrupt("answers", bad) from None

    def pass_lesson(self, token: str, lesson: int) -> None:
        """Mark a lesson passed for this device (passing it again changes nothing)."""
        key = _key(token)
        lesson, _ = self._check_question(lesson, "-")
        now = time.time()
        with self._write() as tx:
            self._touch(tx, key, now)
            tx.run(
                "INSERT INTO passes (device, lesson, at) VALUES (?, ?, ?) "
                "ON CONFLICT (device, lesson) DO NOTHING",
                (key, lesson, now),
            )

    def forget_progress(self, token: str) -> None:
        """Remove this device's passes and answers (the learner starts again)."""
        key = _key(token)
        with self._write() as tx:
            tx.run("DELETE FROM passes WHERE device = ?", (key,))
            tx.run("DELETE FROM answers WHERE device = ?", (key,))

    # -- rate limit ----------------------------------------------------------------------------
    def _count(self, tx: Tx, scope: str, since: float) -> int:
        row = tx.one("SELECT COUNT(*) FROM attempts WHERE scope = ? AND at > ?", (scope, since))
        return _int((row or (0,))[0])

    def _limited(self, tx: Tx, kind: str, key: str, address: str | None, now: float) -> bool:
        """Whether this device may not look a code up now: past ``DEVICE_ATTEMPTS`` wrong
        codes of its own in the last minute, or with a wrong code of its own while its
        address is past ``ADDRESS_ATTEMPTS`` (see there: a device that has not erred is never
        refused, so no one can lock other devices out)."""
        since = now - ATTEMPT_WINDOW
        mine = self._count(tx, f"{kind}:d:{key}", since)
        if mine >= DEVICE_ATTEMPTS:
            return True
        if address is None or not mine:
            return False
        return self._count(tx, f"{kind}:a:{address}", since) >= ADDRESS_ATTEMPTS

    def _failed(self, tx: Tx, kind: str, key: str, address: str | None, now: float) -> None:
        scopes = [f"{kind}:d:{key}"] + ([f"{kind}:a:{address}"] if address else [])
        tx.many("INSERT INTO attempts (scope, at) VALUES (?, ?)", [(sc, now) for sc in scopes])
        tx.run("DELETE FROM attempts WHERE at < ?", (now - 10 * ATTEMPT_WINDOW,))

    def _guarded(
        self,
        kind: str,
        key: str,
        address: str | None,
        typed: object,
        length: int,
        find: _Finder[T],
    ) -> T:
        """Look a typed code up under the rate limit: ``find(tx, code)`` returns the result
        or None (a wrong code, counted for the device and its address). Raises CodeRefused.
        Every place a code of ``kind`` is checked goes through here: one limit for them all."""
        code = read_code(typed, length)
        now = time.time()
        outcome: T | None = None
        reason: Literal["wrong", "too_many"] = "wrong"
        with self._write() as tx:
            if self._limited(tx, kind, key, address, now):
                reason = "too_many"
            else:
                outcome = find(tx, code) if code else None
                if outcome is None:
                    self._failed(tx, kind, key, address, now)
        if outcome is None:
            raise CodeRefused(reason)
        return outcome

    # -- classes -------------------------------------------------------------------------------
    def create_class(self, teacher_token: str, name: str) -> ClassInfo:
        """A new class made by this device (its teacher), with a new code for its pupils.
        ``name`` follows the one name rule (``uno.setup.clean_name``: ScenarioError)."""
        key = _key(teacher_token)
        clean = _clean(name, "class_name")
        now = time.time()
        with self._write() as tx:
            for _ in range(5):
                code = new_class_code()
                if tx.one("SELECT 1 FROM classes WHERE code = ?", (code,)) is None:
                    break
            tx.run(
                "INSERT INTO classes (code, teacher, name, created) VALUES (?, ?, ?, ?)",
                (code, key, clean, now),
            )
        return ClassInfo(code, clean, 0, now)

    def classes_of(self, teacher_token: str) -> list[ClassInfo]:
        """The classes this device made, the oldest first, with how many pupils joined."""
        key = _key(teacher_token)
        with self._read() as tx:
            rows = tx.rows(
                "SELECT c.code, c.name, c.created, "
                "(SELECT COUNT(*) FROM learners l WHERE l.class_id = c.id) "
                "FROM classes c WHERE c.teacher = ? ORDER BY c.created, c.id",
                (key,),
            )
        try:
            return [ClassInfo(_str(c), _str(n), _int(p), _float(t)) for c, n, t, p in rows]
        except _Bad as bad:
            raise self._corrupt("classes", bad) from None

    def join_class(
        self, pupil_token: str, code: str, first_name: str, *, address: str | None = None
    ) -> Membership:
        """This device joins the class of ``code`` (typed: any case, spaces and dashes
        ignored) under ``first_name`` (``clean_name``: ScenarioError). A device is in one
        class at most: joining another leaves the first; joining again changes the name.
        CodeRefused ``wrong`` or ``too_many`` (rate-limited per device and per network
        ``address``, see ``DEVICE_ATTEMPTS`` and ``ADDRESS_ATTEMPTS``)."""
        key = _key(pupil_token)
        name = _clean(first_name, "first_name")
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
            return Membership(found, _str(row[1]), name)

        return self._guarded("class", key, _address(address), code, CLASS_CODE_LENGTH, find)

    def leave_class(self, pupil_token: str) -> None:
        """This device leaves its class (its first name is forgotten; its progress stays)."""
        key = _key(pupil_token)
        with self._write() as tx:
            tx.run(
                "UPDATE learners SET class_id = NULL, first_name = NULL, joined = NULL "
                "WHERE device = ?",
                (key,),
            )

    def membership(self, pupil_token: str) -> Membership | None:
        """The class this device is in, or None."""
        key = _key(pupil_token)
        with self._read() as tx:
            row = tx.one(
                "SELECT c.code, c.name, l.first_name FROM learners l "
                "JOIN classes c ON c.id = l.class_id WHERE l.device = ?",
                (key,),
            )
        if row is None:
            return None
        try:
            return Membership(_str(row[0]), _str(row[1]), _str(row[2]))
        except _Bad as bad:
            raise self._corrupt("learners", bad) from None

    def class_report(self, teacher_token: str, code: str) -> ClassReport:
        """What the teacher of ``code`` sees: each pupil's passes, the most missed questions.
        NotAllowed ``teacher`` for any other device (and for a code that does not exist)."""
        key = _key(teacher_token)
        found = read_code(code, CLASS_CODE_LENGTH)
        with self._read() as tx:
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
                by_device.setdefault(_str(device), []).append(_int(lesson))
            report = tuple(
                PupilReport(_str(name), tuple(by_device.get(_str(device), [])))
                for device, name in pupils
            )
            hardest = sorted(
                (QuestionStat(_int(a), _str(b), _int(c), _int(d)) for a, b, c, d in stats),
                key=lambda q: (-q.wrong, -q.wrong / max(q.asked, 1), q.lesson, q.question),
            )
        except _Bad as bad:
            raise self._corrupt("class report", bad) from None
        return ClassReport(_str(found), _str(row[1]), report, tuple(q for q in hardest if q.wrong))

    def _class_id(self, tx: Tx, key: str, code: str | None) -> int | None:
        """The class a device may attach something to: one it teaches or the one it is in."""
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
        return _int(row[0])

    # -- score pads ----------------------------------------------------------------------------
    _VISIBLE: Final = (
        "(g.owner = ? OR g.id IN (SELECT game_id FROM game_guests WHERE device = ?) OR "
        "g.class_id IN (SELECT class_id FROM learners WHERE device = ? AND class_id IS NOT "
        "NULL) OR g.class_id IN (SELECT id FROM classes WHERE teacher = ?))"
    )

    def _games(
        self, tx: Tx, where: str, args: Sequence[object], key: str | None, *, skip_bad: bool
    ) -> list[sp.Game]:
        head = tx.rows(
            "SELECT g.id, g.target, g.method, g.version, g.created, g.updated, g.owner, "
            f"g.class_id FROM games g WHERE {where} ORDER BY g.updated DESC, g.id DESC",
            args,
        )
        if not head:
            return []
        sub = f"game_id IN (SELECT g.id FROM games g WHERE {where})"
        names: dict[object, list[tuple[object, object]]] = {}
        for gid, seat, name in tx.rows(
            f"SELECT game_id, seat, name FROM players WHERE {sub} ORDER BY game_id, seat", args
        ):
            names.setdefault(gid, []).append((seat, name))
        winners: dict[object, list[tuple[object, object]]] = {}
        for gid, number, winner in tx.rows(
            f"SELECT game_id, number, winner FROM rounds WHERE {sub} ORDER BY game_id, number",
            args,
        ):
            winners.setdefault(gid, []).append((number, winner))
        points: dict[tuple[object, object], list[tuple[object, object]]] = {}
        for gid, number, seat, value in tx.rows(
            f"SELECT game_id, number, seat, points FROM round_points WHERE {sub} "
            "ORDER BY game_id, number, seat",
            args,
        ):
            points.setdefault((gid, number), []).append((seat, value))
        guests: set[object] = set()
        if key is not None:
            guests = {
                gid
                for (gid,) in tx.rows("SELECT game_id FROM game_guests WHERE device = ?", (key,))
            }
        games = []
        for row in head:
            try:
                game = self._assemble(row, names.get(row[0], []), winners.get(row[0], []), points)
            except _Bad as bad:
                if skip_bad:
                    continue  # one tampered game never hides the others
                raise self._corrupt(f"game {row[0]!r}", bad) from None
            owner = row[6]
            access = "" if key is None else ("owner" if owner == key else "")
            if key is not None and not access:
                access = "link" if row[0] in guests else "class"
            games.append(replace(game, access=access))
        return games

    @staticmethod
    def _assemble(
        row: tuple[object, ...],
        names: list[tuple[object, object]],
        winners: list[tuple[object, object]],
        points: Mapping[tuple[object, object], list[tuple[object, object]]],
    ) -> sp.Game:
        gid, target, method, version = _int(row[0]), _int(row[1]), _str(row[2]), _int(row[3])
        created, updated = _str(row[4]), _str(row[5])
        _opt_str(row[6])
        seats = [_int(s) for s, _ in names]
        players = tuple(_str(n) for _, n in names)
        n = len(players)
        if not sp.MIN_PLAYERS <= n <= sp.MAX_PLAYERS or seats != list(range(n)):
            raise _Bad("players")
        if method not in sp.METHODS:
            raise _Bad("method")
        rounds: list[sp.Round] = []
        for expected, (number, winner) in enumerate(winners, start=1):
            seat_points = points.get((row[0], number), [])
            if _int(number) != expected or not 0 <= _int(winner) < n:
                raise _Bad("rounds")
            if [_int(s) for s, _ in seat_points] != list(range(n)):
                raise _Bad("round points")
            rounds.append(sp.Round(_int(winner), tuple(_int(v) for _, v in seat_points)))
        return sp.Game(
            players=players,
            target=target,
            method="lowest" if method == "lowest" else "standard",
            rounds=tuple(rounds),
            id=gid,
            version=version,
            created=created,
            updated=updated,
        )

    def list_games(self, token: str) -> list[sp.Game]:
        """The games this device may open, the most recently changed first: its own, those it
        opened with a share link, and those of its class (as a pupil in it, or its teacher).
        ``Game.access`` says which: ``"owner"``, ``"link"``, ``"class"``. A game whose rows
        were tampered with is left out (``load_game`` says ``corrupt`` for it)."""
        key = _key(token)
        with self._read() as tx:
            return self._games(tx, self._VISIBLE, (key,) * 4, key, skip_bad=True)

    def load_game(self, token: str, game_id: int) -> sp.Game:
        """One game this device may open; GameNotFound otherwise (whether or not it exists)."""
        key = _key(token)
        with self._read() as tx:
            found = self._games(
                tx, f"g.id = ? AND {self._VISIBLE}", (game_id, *(key,) * 4), key, skip_bad=False
            )
        if not found:
            raise GameNotFound(game_id)
        return found[0]

    def create_game(
        self,
        owner_token: str,
        players: Sequence[object],
        target: object = sp.DEFAULT_TARGET,
        method: object = "standard",
        *,
        class_code: str | None = None,
    ) -> sp.Game:
        """A new game owned by this device (inputs checked as by ``scorepad.new_game``),
        version 1. With ``class_code`` (a class it teaches or is in) the class sees it too."""
        key = _key(owner_token)
        game = sp.new_game(players, target, method)
        now = _now_text()
        with self._write() as tx:
            class_id = self._class_id(tx, key, class_code)
            row = tx.one(
                "INSERT INTO games (target, method, version, created, updated, owner, class_id, "
                "share) VALUES (?, ?, 1, ?, ?, ?, ?, ?) RETURNING id",
                (game.target, game.method, now, now, key, class_id, new_token()),
            )
            assert row is not None
            gid = _int(row[0])
            tx.many(
                "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                [(gid, seat, name) for seat, name in enumerate(game.players)],
            )
        return replace(game, id=gid, version=1, created=now, updated=now, access="owner")

    def _may_see(self, tx: Tx, key: str, game_id: int) -> str:
        """The owner key of a game this device may open (GameNotFound otherwise)."""
        if not _fits(game_id):
            raise GameNotFound(str(game_id)[:20])
        row = tx.one(
            f"SELECT g.owner FROM games g WHERE g.id = ? AND {self._VISIBLE}",
            (game_id, *(key,) * 4),
        )
        if row is None:
            raise GameNotFound(game_id)
        return "" if row[0] is None else str(row[0])

    def _change(self, tx: Tx, key: str, game_id: int, version: int) -> sp.Game:
        """Take the game from ``version`` to ``version + 1`` (checked first, in the same
        UPDATE), then read it: the caller writes the rest. StaleGame if it moved on."""
        self._may_see(tx, key, game_id)
        if not _fits(version):
            version = -1  # no game is at such a version: StaleGame below
        changed = tx.run(
            "UPDATE games SET version = version + 1, updated = ? WHERE id = ? AND version = ?",
            (_now_text(), game_id, version),
        )
        if changed != 1:
            row = tx.one("SELECT version FROM games WHERE id = ?", (game_id,))
            raise StaleGame(game_id, version, None if row is None else _int(row[0]))
        found = self._games(tx, "g.id = ?", (game_id,), key, skip_bad=False)
        if not found:  # pragma: no cover - the row was just updated
            raise StaleGame(game_id, version, None)
        return found[0]

    def add_round(self, token: str, game_id: int, expected_version: int, rnd: sp.Round) -> sp.Game:
        """Save one more round; StaleGame if the game is no longer at ``expected_version``
        (the version the page showed when the player started typing)."""
        key = _key(token)
        with self._write() as tx:
            game = self._change(tx, key, game_id, expected_version)
            new = sp.add_round(game, rnd)
            number = len(new.rounds)
            tx.run(
                "INSERT INTO rounds (game_id, number, winner) VALUES (?, ?, ?)",
                (game_id, number, rnd.winner),
            )
            tx.many(
                "INSERT INTO round_points (game_id, number, seat, points) VALUES (?, ?, ?, ?)",
                [(game_id, number, seat, value) for seat, value in enumerate(rnd.points)],
            )
        return new

    def undo_round(self, token: str, game_id: int, expected_version: int) -> sp.Game:
        """Remove the last round."""
        key = _key(token)
        with self._write() as tx:
            game = self._change(tx, key, game_id, expected_version)
            new = sp.undo_round(game)
            tx.run(
                "DELETE FROM round_points WHERE game_id = ? AND number = ?",
                (game_id, len(game.rounds)),
            )
            tx.run(
                "DELETE FROM rounds WHERE game_id = ? AND number = ?", (game_id, len(game.rounds))
            )
        return new

    def rename_players(
        self, token: str, game_id: int, expected_version: int, names: Sequence[object]
    ) -> sp.Game:
        """New names for the players (all at once: they must stay different). Checked
        against the version shown when the rename form was opened."""
        key = _key(token)
        with self._write() as tx:
            game = self._change(tx, key, game_id, expected_version)
            new = sp.rename_players(game, names)
            tx.many(
                "UPDATE players SET name = ? WHERE game_id = ? AND seat = ?",
                [(name, game_id, seat) for seat, name in enumerate(new.players)],
            )
        return new

    def delete_game(self, token: str, game_id: int, expected_version: int) -> None:
        """Delete a game: its owner only (NotAllowed ``delete`` for anyone else who sees it)."""
        key = _key(token)
        with self._write() as tx:
            if self._may_see(tx, key, game_id) != key:
                raise NotAllowed("delete")
            game = self._change(tx, key, game_id, expected_version)
            tx.run("DELETE FROM round_points WHERE game_id = ?", (game_id,))
            tx.run("DELETE FROM rounds WHERE game_id = ?", (game_id,))
            tx.run("DELETE FROM players WHERE game_id = ?", (game_id,))
            tx.run("DELETE FROM game_guests WHERE game_id = ?", (game_id,))
            tx.run("UPDATE learners SET open_game = NULL WHERE open_game = ?", (game.id,))
            tx.run("DELETE FROM games WHERE id = ?", (game_id,))

    def share_game(self, owner_token: str, game_id: int) -> str:
        """The game's share token (128 bits): ``scoring?game=<token>`` opens it, read and
        write, for whoever holds it. Its owner only (NotAllowed ``share``)."""
        key = _key(owner_token)
        with self._read() as tx:
            if self._may_see(tx, key, game_id) != key:
                raise NotAllowed("share")
            row = tx.one("SELECT share FROM games WHERE id = ?", (game_id,))
        assert row is not None
        return _str(row[0])

    def open_shared(self, token: str, share: str) -> sp.Game:
        """The game of a share link; from now on this device sees it (``access="link"``) until
        it is deleted. GameNotFound for a token that opens nothing."""
        key = _key(token)
        if not is_token(share):
            raise GameNotFound(0)
        with self._write() as tx:
            row = tx.one("SELECT id, owner FROM games WHERE share = ?", (share,))
            if row is None:
                raise GameNotFound(0)
            gid = _int(row[0])
            if row[1] != key:
                tx.run(
                    "INSERT INTO game_guests (game_id, device) VALUES (?, ?) "
                    "ON CONFLICT (device, game_id) DO NOTHING",
                    (gid, key),
                )
        return self.load_game(token, gid)

    def keep_open(self, token: str, game_id: int | None, tab: str = "pad") -> None:
        """Remember the game this device has open, and the tab (``"check"`` or ``"pad"``),
        so that a reload opens them again."""
        key = _key(token)
        if tab not in TABS:
            raise ValueError(f"no tab {tab!r}")
        with self._write() as tx:
            self._touch(tx, key, time.time())
            tx.run(
                "UPDATE learners SET open_game = ?, open_tab = ? WHERE device = ?",
                (game_id, tab, key),
            )

    def kept_open(self, token: str) -> tuple[int | None, str]:
        """The game and tab this device last had open: ``(None, "check")`` for a new one."""
        key = _key(token)
        with self._read() as tx:
            row = tx.one("SELECT open_game, open_tab FROM learners WHERE device = ?", (key,))
        if row is None:
            return None, "check"
        game = row[0] if isinstance(row[0], int) and not isinstance(row[0], bool) else None
        tab = row[1] if row[1] in TABS else "check"
        return game, str(tab)

    def hidden_games(self) -> list[HiddenGame]:
        """For the server's administrator: the games that belong to nobody (kept from a file
        of schema 1), the most recently changed first, with their share tokens."""
        with self._read() as tx:
            games = self._games(tx, "g.owner IS NULL", (), None, skip_bad=True)
            shares = {
                r[0]: r[1] for r in tx.rows("SELECT id, share FROM games WHERE owner IS NULL")
            }
        return [
            HiddenGame(g.id or 0, g.players, len(g.rounds), g.updated, str(shares.get(g.id, "")))
            for g in games
        ]

    # -- rooms ---------------------------------------------------------------------------------
    def create_room(
        self,
        teacher_token: str,
        *,
        rules: object = None,
        deck: str = "full",
        seats: Sequence[SeatSpec],
        class_code: str | None = None,
        ttl: float = ROOM_TTL,
        seed: int | None = None,
        start: GameState | None = None,
        address: str | None = None,
    ) -> RoomState:
        """A new room made by this device (its teacher): 2 to 10 seats, each ``("pupil",
        None)`` or ``("bot", strategy)`` (``"friendly"`` or a name of ``uno.STRATEGIES``), a
        deck of ``uno.academy.classroom.DECKS``, the house rules (a RuleSet, a preset name or
        a rules dict). Dealt at once: version 0. Expires ``ttl`` seconds after the last move.
        ``start``: a situation to play together instead of a deal (a sandbox's, a teacher's
        puzzle), with one seat per player; "deal again" then deals a new round. NotAllowed
        ``rooms`` when the device already has ``MAX_OPEN_ROOMS`` open (closed and expired ones
        do not count) or its network ``address`` opened ``ADDRESS_ROOMS`` in the last
        ``ROOMS_WINDOW`` seconds."""
        key = _key(teacher_token)
        plan = [_seat_spec(spec, i) for i, spec in enumerate(seats)]
        if not 2 <= len(plan) <= 10:
            raise ValueError("a room has 2 to 10 seats")
        if not 60 <= ttl <= MAX_ROOM_TTL:
            raise ValueError("a room lives from a minute to a week")
        if start is not None:
            if start.n_players != len(plan):
                raise ValueError("the situation has one player per seat")
            from uno.setup import default_names

            state = replace(start, players=default_names(len(plan)))
        else:
            state = _deal(rules, deck, len(plan), seed)
        now = time.time()
        dumped = _dump(state)
        place = _address(address)
        with self._write() as tx:
            class_id = self._class_id(tx, key, class_code)
            self._purge(tx, now)  # each new room clears the expired ones
            open_rooms = tx.one(
                "SELECT COUNT(*) FROM rooms WHERE teacher = ? AND closed = 0 AND expires > ?",
                (key, now),
            )
            recent = self._count(tx, f"open:a:{place}", now - ROOMS_WINDOW) if place else 0
            if _int((open_rooms or (0,))[0]) >= MAX_OPEN_ROOMS or recent >= ADDRESS_ROOMS:
                raise NotAllowed("rooms")
            if place:
                tx.run("INSERT INTO attempts (scope, at) VALUES (?, ?)", (f"open:a:{place}", now))
            for _ in range(5):
                code = new_room_code()
                if tx.one("SELECT 1 FROM rooms WHERE code = ?", (code,)) is None:
                    break
            tx.run(
                "INSERT INTO rooms (code, teacher, class_id, deck, deal, start, state, version, "
                "ttl, created, expires) VALUES (?, ?, ?, ?, 1, ?, ?, 0, ?, ?, ?)",
                (code, key, class_id, deck, dumped, dumped, ttl, now, now + ttl),
            )
            tx.many(
                "INSERT INTO room_seats (code, seat, kind, strategy) VALUES (?, ?, ?, ?)",
                [(code, i, kind, strategy) for i, (kind, strategy) in enumerate(plan)],
            )
        return self.room_state(code)

    def rooms_of(self, teacher_token: str) -> list[str]:
        """The codes of the rooms this device opened that are not expired, newest first."""
        key = _key(teacher_token)
        with self._read() as tx:
            rows = tx.rows(
                "SELECT code FROM rooms WHERE teacher = ? AND expires > ? ORDER BY created DESC",
                (key, time.time()),
            )
        return [str(code) for (code,) in rows]

    def _room(self, tx: Tx, code: str) -> RoomState | None:
        row = tx.one(
            "SELECT r.version, r.state, r.deck, r.deal, r.paused, r.closed, r.expires, c.code "
            "FROM rooms r LEFT JOIN classes c ON c.id = r.class_id "
            "WHERE r.code = ? AND r.expires > ?",
            (code, time.time()),
        )
        if row is None:
            return None
        seats = tx.rows(
            "SELECT seat, kind, strategy, name FROM room_seats WHERE code = ? ORDER BY seat",
            (code,),
        )
        log = tx.rows(
            "SELECT number, seat, action FROM room_actions WHERE code = ? AND deal = ? "
            "ORDER BY number",
            (code, row[3]),
        )
        try:
            from uno.scenario import load_scenario

            state = load_scenario(_str(row[1]))
            room_seats = tuple(
                RoomSeat(_int(s), "bot" if k == "bot" else "pupil", _opt_str(g), _opt_str(n))
                for s, k, g, n in seats
            )
            if [s.seat for s in room_seats] != list(range(state.n_players)):
                raise _Bad("seats")
            return RoomState(
                code=code,
                version=_int(row[0]),
                state=state,
                log=tuple(LoggedAction(_int(n), _int(s), _str(a)) for n, s, a in log),
                seats=room_seats,
                deck=_str(row[2]),
                deal=_int(row[3]),
                paused=bool(_int(row[4])),
                closed=bool(_int(row[5])),
                expires=_float(row[6]),
                class_code=_opt_str(row[7]),
            )
        except (_Bad, ScenarioError) as bad:
            raise self._corrupt(f"room {code}", bad) from None

    def room_state(self, code: str) -> RoomState:
        """A room as it is now. CodeRefused ``wrong`` for no such room or an expired one. Call
        it with a code the device made or joined: a typed code goes through ``join_room``
        (rate-limited)."""
        found = read_code(code, ROOM_CODE_LENGTH)
        with self._read() as tx:
            room = None if found is None else self._room(tx, found)
        if room is None:
            raise CodeRefused("wrong")
        return room

    def room_start(self, code: str, deal: int) -> GameState | None:
        """The whole game as deal ``deal`` of the room of ``code`` began (its ``log`` replays
        from there: a device that opens the room mid-round tells the story so far). None when
        the room has dealt again since, or is gone. Like ``room_state``, for a code the device
        made or joined; the server hides the hands before anything reaches a device."""
        found = read_code(code, ROOM_CODE_LENGTH)
        if found is None:
            return None
        with self._read() as tx:
            row = tx.one(
                "SELECT start FROM rooms WHERE code = ? AND deal = ? AND expires > ?",
                (found, deal, time.time()),
            )
        if row is None:
            return None
        from uno.scenario import load_scenario

        try:
            return load_scenario(_str(row[0]))
        except (ScenarioError, _Bad):
            return None

    def watch_room(self, code: str, device_token: str, *, address: str | None = None) -> RoomState:
        """The room of a typed ``code`` for a screen that shows it to the class (the
        projector): under the same limit as joining, a wrong code counted for the device and
        its address. CodeRefused ``wrong`` or ``too_many``. Look the room up this way once
        per screen; then ``room_state`` follows it."""
        key = _key(device_token)
        return self._guarded("room", key, _address(address), code, ROOM_CODE_LENGTH, self._room)

    def join_room(
        self, code: str, pupil_token: str, first_name: str, *, address: str | None = None
    ) -> Seated:
        """A pupil's device takes the first free pupil seat of the room of ``code`` under
        ``first_name`` (``clean_name``). The returned seat token (kept on the device) gets
        the seat back after a reload: ``rejoin``. A device already seated gets its seat back
        (and a new token). CodeRefused ``wrong`` (no such room, expired, closed, full) or
        ``too_many`` (rate-limited like class codes, per device and per network
        ``address``)."""
        key = _key(pupil_token)
        name = _clean(first_name, "first_name")

        def find(tx: Tx, found: str) -> Seated | None:
            # Locks the room's row (the seat is picked under it) without moving its version:
            # the version counts the game's changes, and a pupil joining must not turn the
            # tap another pupil is making into "the table changed".
            bumped = tx.run(
                "UPDATE rooms SET expires = expires WHERE code = ? AND closed = 0 AND expires > ?",
                (found, time.time()),
            )
            if bumped != 1:
                return None
            row = tx.one(
                "SELECT seat FROM room_seats WHERE code = ? AND kind = 'pupil' AND device = ?",
                (found, key),
            )
            if row is None:
                row = tx.one(
                    "SELECT seat FROM room_seats WHERE code = ? AND kind = 'pupil' "
                    "AND token IS NULL ORDER BY seat LIMIT 1",
                    (found,),
                )
            if row is None:
                raise _Full
            seat = _int(row[0])
            token = new_token()
            tx.run(
                "UPDATE room_seats SET name = ?, token = ?, device = ? WHERE code = ? AND seat = ?",
                (name, token_hash(token), key, found, seat),
            )
            return Seated(found, seat, token)

        try:
            return self._guarded("room", key, _address(address), code, ROOM_CODE_LENGTH, find)
        except _Full:
            raise CodeRefused("wrong") from None

    def rejoin(self, code: str, seat_token: str) -> Seated:
        """The seat behind a seat token (after a reload). CodeRefused ``wrong`` if the token
        no longer holds a seat there (removed by the teacher, handed to a computer, expired)."""
        found = read_code(code, ROOM_CODE_LENGTH)
        if found is None or not is_token(seat_token):
            raise CodeRefused("wrong")
        with self._read() as tx:
            row = tx.one(
                "SELECT s.seat FROM room_seats s JOIN rooms r ON r.code = s.code "
                "WHERE s.code = ? AND s.token = ? AND r.expires > ?",
                (found, token_hash(seat_token), time.time()),
            )
        if row is None:
            raise CodeRefused("wrong")
        return Seated(found, _int(row[0]), seat_token)

    def _advance(
        self, tx: Tx, code: str, expected_version: int, now: float
    ) -> tuple[RoomState, int]:
        """Move the room from ``expected_version`` on (RoomChanged if it moved already), and
        read it; the caller then stores the new state."""
        if not _fits(expected_version):
            expected_version = -1  # no room is at such a version: RoomChanged below
        changed = tx.run(
            "UPDATE rooms SET version = version + 1, expires = ? + ttl "
            "WHERE code = ? AND version = ? AND expires > ?",
            (now, code, expected_version, now),
        )
        room = self._room(tx, code)
        if room is None:
            raise CodeRefused("wrong")
        if changed != 1:
            raise RoomChanged(code, expected_version, room.version)
        if room.closed or room.paused:
            raise RoomClosed(code, room.paused)
        return room, room.version

    def _store_move(
        self, tx: Tx, room: RoomState, seat: int, action: str, state: GameState, now: float
    ) -> None:
        number = len(room.log) + 1
        tx.run(
            "INSERT INTO room_actions (code, number, deal, seat, action, at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (room.code, number, room.deal, seat, action, now),
        )
        tx.run("UPDATE rooms SET state = ? WHERE code = ?", (_dump(state), room.code))

    def apply_room_action(
        self, code: str, seat_token: str, expected_version: int, action_text: str
    ) -> RoomState:
        """A pupil's move: the seat behind ``seat_token`` acts (an action written for another
        seat is NotAllowed ``seat``), checked by ``uno.apply`` (IllegalAction, NotationError),
        stored with the new state and version in one transaction. RoomChanged when the room
        is no longer at ``expected_version`` (another tap came first: nothing is lost, the
        page redraws and the pupil acts again); RoomClosed when paused or closed."""
        from uno.actions import parse_action
        from uno.engine import apply

        seated = self.rejoin(code, seat_token)
        now = time.time()
        with self._write() as tx:
            room, _ = self._advance(tx, seated.code, expected_version, now)
            if not isinstance(action_text, str) or len(action_text) > 80:
                raise NotAllowed("action")
            text = action_text.strip()
            if ":" not in text:
                text = f"{seated.seat}: {text}"
            action = parse_action(text, room.state)
            if action.seat != seated.seat:
                raise NotAllowed("seat")
            seat_row = tx.one(
                "SELECT token FROM room_seats WHERE code = ? AND seat = ?",
                (seated.code, seated.seat),
            )
            if seat_row is None or seat_row[0] != token_hash(seat_token):
                raise NotAllowed("seat")  # removed by the teacher meanwhile
            state, _ = apply(room.state, action)
            self._store_move(tx, room, action.seat, str(action), state, now)
        return self.room_state(seated.code)

    def apply_bot_moves(self, code: str, expected_version: int, *, limit: int = 1) -> RoomState:
        """Up to ``limit`` moves of the room's computer players (``uno.bots.next_bot_move``:
        seeded from the state, so any process computes the same move), one version each, in
        one transaction. Returns the room as it is then (unchanged when no computer player
        had to move). RoomChanged if the room is not at ``expected_version``."""
        from uno.engine import apply

        found = read_code(code, ROOM_CODE_LENGTH)
        if found is None:
            raise CodeRefused("wrong")
        limit = max(1, min(limit, MAX_BOT_STEPS))
        with self._write() as tx:
            room = self._room(tx, found)
            if room is None:
                raise CodeRefused("wrong")
            if not _fits(expected_version) or room.version != expected_version:
                raise RoomChanged(found, -1, room.version)
            strategies = _strategies(room.seats)
            moved = 0
            now = time.time()
            from uno.bots import next_bot_move
            from uno.expert import note_of

            watching = any(s is not None and s.watches for s in strategies)
            log = self._round_log(tx, room) if watching else []
            while moved < limit and not room.paused and not room.closed:
                action = next_bot_move(room.state, strategies, log=log)
                if action is None:
                    break
                room, _ = self._advance(tx, found, room.version, now)
                state, events = apply(room.state, action)
                self._store_move(tx, room, action.seat, str(action), state, now)
                note = note_of(room.state, events, state) if watching else None
                if note is not None:
                    log.append(note)
                room = replace(room, state=state)
                moved += 1
        return self.room_state(found)

    def _round_log(self, tx: Tx, room: RoomState) -> list[Note]:
        """What each seat was seen to do since the deal (``uno.expert.log_of``), replayed from
        the deal's first state through the room's actions, for a computer player that reads it
        (``expert``); empty when the replay does not lead to the room's state."""
        from uno.engine import apply
        from uno.expert import log_of
        from uno.scenario import load_scenario

        row = tx.one("SELECT start FROM rooms WHERE code = ? AND deal = ?", (room.code, room.deal))
        if row is None:
            return []
        try:
            state = load_scenario(_str(row[0]))
            steps = []
            for logged in room.log:
                after, events = apply(state, logged.action)
                steps.append((state, events, after))
                state = after
        except (UnoError, _Bad):
            return []
        return log_of(steps) if state == room.state else []

    def _teacher_room(self, tx: Tx, key: str, code: str, *, deal: bool = False) -> RoomState:
        """The teacher's room, its row locked and its life extended; its version moves only
        when the game does (``deal``): pausing or handing a seat over changes no card, so a
        pupil's tap made meanwhile still counts (the seat and the pause are checked anyway)."""
        found = read_code(code, ROOM_CODE_LENGTH)
        row = (
            None if found is None else tx.one("SELECT teacher FROM rooms WHERE code = ?", (found,))
        )
        if row is None or row[0] != key or found is None:
            raise NotAllowed("teacher")
        tx.run(
            "UPDATE rooms SET version = version + ?, expires = ? + ttl WHERE code = ?",
            (1 if deal else 0, time.time(), found),
        )
        room = self._room(tx, found)
        if room is None:
            raise CodeRefused("wrong")
        return room

    def pause_room(self, teacher_token: str, code: str, paused: bool = True) -> RoomState:
        """Pause the room (no move is taken) or resume it: its teacher only (NotAllowed)."""
        key = _key(teacher_token)
        with self._write() as tx:
            room = self._teacher_room(tx, key, code)
            tx.run("UPDATE rooms SET paused = ? WHERE code = ?", (1 if paused else 0, room.code))
        return self.room_state(room.code)

    def restart_room(self, teacher_token: str, code: str, seed: int | None = None) -> RoomState:
        """Deal again (a new deal number; the log starts again; the seats stay)."""
        key = _key(teacher_token)
        with self._write() as tx:
            room = self._teacher_room(tx, key, code, deal=True)
            state = _deal(room.state.rules, room.deck, room.state.n_players, seed)
            start = _dump(state)
            tx.run(
                "UPDATE rooms SET deal = deal + 1, start = ?, state = ?, paused = 0 WHERE code = ?",
                (start, start, room.code),
            )
        return self.room_state(room.code)

    def seat_to_bot(
        self, teacher_token: str, code: str, seat: int, strategy: str = "friendly"
    ) -> RoomState:
        """Hand a seat to a computer player (its pupil's seat token stops working)."""
        key = _key(teacher_token)
        _, name = _seat_spec(("bot", strategy), seat)
        with self._write() as tx:
            room = self._teacher_room(tx, key, code)
            if not 0 <= seat < len(room.seats):
                raise ValueError(f"no seat {seat}")
            tx.run(
                "UPDATE room_seats SET kind = 'bot', strategy = ?, name = NULL, token = NULL, "
                "device = NULL WHERE code = ? AND seat = ?",
                (name, room.code, seat),
            )
        return self.room_state(room.code)

    def remove_pupil(self, teacher_token: str, code: str, seat: int) -> RoomState:
        """Free a pupil's seat (its token stops working; another pupil may join there)."""
        key = _key(teacher_token)
        with self._write() as tx:
            room = self._teacher_room(tx, key, code)
            if not _fits(seat) or seat >= len(room.seats):
                raise ValueError("no such seat")
            tx.run(
                "UPDATE room_seats SET name = NULL, token = NULL, device = NULL "
                "WHERE code = ? AND seat = ? AND kind = 'pupil'",
                (room.code, seat),
            )
        return self.room_state(room.code)

    def close_room(self, teacher_token: str, code: str) -> RoomState:
        """Close the room: nobody joins or moves any more (it expires as usual)."""
        key = _key(teacher_token)
        with self._write() as tx:
            room = self._teacher_room(tx, key, code)
            tx.run("UPDATE rooms SET closed = 1 WHERE code = ?", (room.code,))
        return self.room_state(room.code)

    def _purge(self, tx: Tx, now: float) -> int:
        old = [code for (code,) in tx.rows("SELECT code FROM rooms WHERE expires <= ?", (now,))]
        for table in ("room_actions", "room_seats", "rooms"):
            tx.many(f"DELETE FROM {table} WHERE code = ?", [(code,) for code in old])
        tx.run("DELETE FROM attempts WHERE at < ?", (now - 10 * ATTEMPT_WINDOW,))
        return len(old)

    def purge_expired(self) -> int:
        """Delete the rooms past their expiry (and old failed attempts); how many rooms.
        ``create_room`` does it too, so a server that makes rooms never piles them up."""
        with self._write() as tx:
            return self._purge(tx, time.time())


def _address(address: str | None) -> str | None:
    """What the store keeps of a network address (for the limits): a hash, like a device's."""
    if not isinstance(address, str) or not address or len(address) > 100:
        return None
    return token_hash(f"address:{address}")


class _Full(Exception):
    """A room without a free pupil seat (refused as a wrong code)."""


class _Finder(Protocol[T_co]):
    def __call__(self, tx: Tx, code: str, /) -> T_co | None: ...


def _clean(name: object, field: str) -> str:
    from uno.setup import clean_name

    return clean_name(name, field)


def _seat_spec(spec: object, seat: int) -> SeatSpec:
    if not isinstance(spec, tuple | list) or len(spec) != 2:
        raise ValueError(f"seat {seat}: (kind, strategy)")
    kind, strategy = spec
    if kind == "pupil":
        return "pupil", None
    if kind != "bot":
        raise ValueError(f"seat {seat}: a pupil or a bot")
    if strategy is None:
        strategy = "friendly"
    if not isinstance(strategy, str):
        raise ValueError(f"seat {seat}: a strategy's name")
    _strategy(strategy)
    return "bot", strategy


def _strategy(name: str) -> Strategy:
    from uno.academy.classroom import FRIENDLY
    from uno.bots import make_strategy

    return FRIENDLY if name == "friendly" else make_strategy(name)


def _strategies(seats: Sequence[RoomSeat]) -> list[Strategy | None]:
    return [_strategy(s.strategy or "friendly") if s.kind == "bot" else None for s in seats]


def _deal(rules: object, deck: str, players: int, seed: int | None) -> GameState:
    import secrets

    from uno.academy.classroom import DECKS
    from uno.academy.classroom import deck as deck_cards
    from uno.rules import as_ruleset
    from uno.setup import check_seed, default_names, start_round

    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}")
    ruleset = as_ruleset(rules)  # type: ignore[arg-type]
    seed = secrets.randbelow(2**31) if seed is None else check_seed(seed)
    state, _ = start_round(
        default_names(players), ruleset, dealer=players - 1, seed=seed, cards=deck_cards(deck)
    )
    return state


def _dump(state: GameState) -> str:
    from uno.scenario import dump_scenario

    return json.dumps(dump_scenario(state), ensure_ascii=False, separators=(",", ":"))
