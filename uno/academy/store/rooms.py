"""The rooms repository: one game on several devices (a teacher's, the pupils', a projector).

A room is kept as rows: its state (a scenario), the deal's first state, its seats (a pupil's
name and seat token, hashed, or a computer player), the actions since the deal, and a version
that counts the game's changes. A move is the version checked and moved on, the action's row
and the new state, in one transaction (``room_rows``). What a move is (reading an action,
checking its seat, the rules, the computer players) is the room's match's
(``uno.academy.match``, through ``room_match``), asked inside that transaction.

Typed room codes are checked under the limits of ``limits`` (``kind="room"``: joining, the
projector), and a device and an address open a bounded number of rooms (``Limits.open_room``).
A room lives ``ROOM_TTL`` seconds after its last move; ``create_room`` clears the expired ones.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

from uno.academy.store import room_match, room_rows
from uno.academy.store.backend import Backend, Tx
from uno.academy.store.classes import ClassRepository
from uno.academy.store.codes import (
    ROOM_CODE_LENGTH,
    is_token,
    new_room_code,
    new_token,
    read_code,
    token_hash,
)
from uno.academy.store.errors import CodeRefused, RoomChanged
from uno.academy.store.limits import Limits, address_key
from uno.academy.store.model import RoomState, Seated, SeatSpec
from uno.academy.store.values import Bad, clean, device_of, fits, integer
from uno.errors import ScenarioError
from uno.state import GameState

__all__ = ["MAX_BOT_STEPS", "MAX_ROOM_TTL", "ROOM_TTL", "RoomRepository"]

#: A room lives this long after its last move (or its creation), in seconds.
ROOM_TTL: Final = 8 * 3600.0
MAX_ROOM_TTL: Final = 7 * 24 * 3600.0
#: The most computer moves one ``apply_bot_moves`` makes.
MAX_BOT_STEPS: Final = 50


class _Full(Exception):
    """A room without a free pupil seat (refused as a wrong code)."""


def _seat_spec(spec: object, seat: int) -> SeatSpec:
    """A seat asked for (``("pupil", None)`` or ``("bot", strategy)``), checked (ValueError)."""
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
    room_match.check_strategy(strategy)
    return "bot", strategy


class RoomRepository:
    """Rooms over ``db``: typed codes and new rooms under ``limits``, a room's class checked
    by ``classes`` (``uno.academy.store.RoomStore``)."""

    def __init__(self, db: Backend, limits: Limits, classes: ClassRepository) -> None:
        self._db = db
        self._limits = limits
        self._classes = classes

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
        key = device_of(teacher_token)
        plan = [_seat_spec(spec, i) for i, spec in enumerate(seats)]
        if not 2 <= len(plan) <= 10:
            raise ValueError("a room has 2 to 10 seats")
        if not 60 <= ttl <= MAX_ROOM_TTL:
            raise ValueError("a room lives from a minute to a week")
        state = room_match.first_state(rules, deck, len(plan), seed, start)
        now = time.time()
        dumped = room_rows.dump_state(state)
        place = address_key(address)
        with self._db.write() as tx:
            class_id = self._classes.class_id(tx, key, class_code)
            self._purge(tx, now)  # each new room clears the expired ones
            self._limits.open_room(tx, key, place, now)
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
        key = device_of(teacher_token)
        with self._db.read() as tx:
            rows = tx.rows(
                "SELECT code FROM rooms WHERE teacher = ? AND expires > ? ORDER BY created DESC",
                (key, time.time()),
            )
        return [str(code) for (code,) in rows]

    def _room(self, tx: Tx, code: str) -> RoomState | None:
        """The room of ``code`` in this transaction (None when gone or expired)."""
        return room_rows.read_room(self._db, tx, code)

    def room_state(self, code: str) -> RoomState:
        """A room as it is now. CodeRefused ``wrong`` for no such room or an expired one. Call
        it with a code the device made or joined: a typed code goes through ``join_room``
        (rate-limited)."""
        found = read_code(code, ROOM_CODE_LENGTH)
        with self._db.read() as tx:
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
        with self._db.read() as tx:
            row = tx.one(
                "SELECT start FROM rooms WHERE code = ? AND deal = ? AND expires > ?",
                (found, deal, time.time()),
            )
        if row is None:
            return None
        try:
            return room_rows.load_state(row[0])
        except (ScenarioError, Bad):
            return None

    def watch_room(self, code: str, device_token: str, *, address: str | None = None) -> RoomState:
        """The room of a typed ``code`` for a screen that shows it to the class (the
        projector): under the same limit as joining, a wrong code counted for the device and
        its address. CodeRefused ``wrong`` or ``too_many``. Look the room up this way once
        per screen; then ``room_state`` follows it."""
        key = device_of(device_token)
        place = address_key(address)
        return self._limits.guarded("room", key, place, code, ROOM_CODE_LENGTH, self._room)

    def join_room(
        self, code: str, pupil_token: str, first_name: str, *, address: str | None = None
    ) -> Seated:
        """A pupil's device takes the first free pupil seat of the room of ``code`` under
        ``first_name`` (``clean_name``). The returned seat token (kept on the device) gets
        the seat back after a reload: ``rejoin``. A device already seated gets its seat back
        (and a new token). CodeRefused ``wrong`` (no such room, expired, closed, full) or
        ``too_many`` (rate-limited like class codes, per device and per network
        ``address``)."""
        key = device_of(pupil_token)
        name = clean(first_name, "first_name")

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
            seat = integer(row[0])
            token = new_token()
            tx.run(
                "UPDATE room_seats SET name = ?, token = ?, device = ? WHERE code = ? AND seat = ?",
                (name, token_hash(token), key, found, seat),
            )
            return Seated(found, seat, token)

        place = address_key(address)
        try:
            return self._limits.guarded("room", key, place, code, ROOM_CODE_LENGTH, find)
        except _Full:
            raise CodeRefused("wrong") from None

    def rejoin(self, code: str, seat_token: str) -> Seated:
        """The seat behind a seat token (after a reload). CodeRefused ``wrong`` if the token
        no longer holds a seat there (removed by the teacher, handed to a computer, expired)."""
        found = read_code(code, ROOM_CODE_LENGTH)
        if found is None or not is_token(seat_token):
            raise CodeRefused("wrong")
        with self._db.read() as tx:
            row = tx.one(
                "SELECT s.seat FROM room_seats s JOIN rooms r ON r.code = s.code "
                "WHERE s.code = ? AND s.token = ? AND r.expires > ?",
                (found, token_hash(seat_token), time.time()),
            )
        if row is None:
            raise CodeRefused("wrong")
        return Seated(found, integer(row[0]), seat_token)

    def apply_room_action(
        self, code: str, seat_token: str, expected_version: int, action_text: str
    ) -> RoomState:
        """A pupil's move: the seat behind ``seat_token`` acts (an action written for another
        seat is NotAllowed ``seat``), checked by ``uno.apply`` (IllegalAction, NotationError),
        stored with the new state and version in one transaction. RoomChanged when the room
        is no longer at ``expected_version`` (another tap came first: nothing is lost, the
        page redraws and the pupil acts again); RoomClosed when paused or closed."""
        seated = self.rejoin(code, seat_token)
        now = time.time()
        with self._db.write() as tx:
            room = room_rows.advance(self._db, tx, seated.code, expected_version, now)
            seat_row = tx.one(
                "SELECT token FROM room_seats WHERE code = ? AND seat = ?",
                (seated.code, seated.seat),
            )  # not held when the teacher removed the pupil meanwhile
            held = seat_row is not None and seat_row[0] == token_hash(seat_token)
            match = room_match.room_match(room.state, room.seats)
            move = room_match.pupil_move(match, seated.seat, action_text, seat_held=held)
            room_rows.store_move(tx, room, move, now)
        return self.room_state(seated.code)

    def apply_bot_moves(self, code: str, expected_version: int, *, limit: int = 1) -> RoomState:
        """Up to ``limit`` moves of the room's computer players (``uno.bots.next_bot_move``:
        seeded from the state, so any process computes the same move), one version each, in
        one transaction. Returns the room as it is then (unchanged when no computer player
        had to move). RoomChanged if the room is not at ``expected_version``."""
        found = read_code(code, ROOM_CODE_LENGTH)
        if found is None:
            raise CodeRefused("wrong")
        limit = max(1, min(limit, MAX_BOT_STEPS))
        with self._db.write() as tx:
            room = self._room(tx, found)
            if room is None:
                raise CodeRefused("wrong")
            if not fits(expected_version) or room.version != expected_version:
                raise RoomChanged(found, -1, room.version)

            deal = room.deal

            def start() -> object:
                row = tx.one("SELECT start FROM rooms WHERE code = ? AND deal = ?", (found, deal))
                return None if row is None else row[0]

            match = room_match.room_match(room.state, room.seats, room.log, start)
            moves = room_match.bot_moves(match, limit)
            now = time.time()
            if not room.paused and not room.closed:
                for move in moves:
                    room = room_rows.advance(self._db, tx, found, room.version, now)
                    room_rows.store_move(tx, room, move, now)
        return self.room_state(found)

    def _teacher_sets(
        self, teacher_token: str, code: str, sql: str, params: tuple[object, ...]
    ) -> RoomState:
        """One change of the teacher's room that moves no card: ``sql`` with ``params`` then
        the room's code."""
        key = device_of(teacher_token)
        with self._db.write() as tx:
            room = room_rows.teacher_room(self._db, tx, key, code)
            tx.run(sql, (*params, room.code))
        return self.room_state(room.code)

    def pause_room(self, teacher_token: str, code: str, paused: bool = True) -> RoomState:
        """Pause the room (no move is taken) or resume it: its teacher only (NotAllowed)."""
        sql = "UPDATE rooms SET paused = ? WHERE code = ?"
        return self._teacher_sets(teacher_token, code, sql, (1 if paused else 0,))

    def restart_room(self, teacher_token: str, code: str, seed: int | None = None) -> RoomState:
        """Deal again (a new deal number; the log starts again; the seats stay)."""
        key = device_of(teacher_token)
        with self._db.write() as tx:
            room = room_rows.teacher_room(self._db, tx, key, code, deal=True)
            players = room.state.n_players
            start = room_rows.dump_state(
                room_match.first_state(room.state.rules, room.deck, players, seed)
            )
            tx.run(
                "UPDATE rooms SET deal = deal + 1, start = ?, state = ?, paused = 0 WHERE code = ?",
                (start, start, room.code),
            )
        return self.room_state(room.code)

    def seat_to_bot(
        self, teacher_token: str, code: str, seat: int, strategy: str = "friendly"
    ) -> RoomState:
        """Hand a seat to a computer player (its pupil's seat token stops working)."""
        key = device_of(teacher_token)
        _, name = _seat_spec(("bot", strategy), seat)
        with self._db.write() as tx:
            room = room_rows.teacher_room(self._db, tx, key, code)
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
        key = device_of(teacher_token)
        with self._db.write() as tx:
            room = room_rows.teacher_room(self._db, tx, key, code)
            if not fits(seat) or seat >= len(room.seats):
                raise ValueError("no such seat")
            tx.run(
                "UPDATE room_seats SET name = NULL, token = NULL, device = NULL "
                "WHERE code = ? AND seat = ? AND kind = 'pupil'",
                (room.code, seat),
            )
        return self.room_state(room.code)

    def close_room(self, teacher_token: str, code: str) -> RoomState:
        """Close the room: nobody joins or moves any more (it expires as usual)."""
        return self._teacher_sets(
            teacher_token, code, "UPDATE rooms SET closed = 1 WHERE code = ?", ()
        )

    def _purge(self, tx: Tx, now: float) -> int:
        """Delete the rooms past their expiry, and the attempts too old to count."""
        gone = room_rows.purge(tx, now)
        self._limits.forget_old(tx, now)
        return gone

    def purge_expired(self) -> int:
        """Delete the rooms past their expiry (and old failed attempts); how many rooms.
        ``create_room`` does it too, so a server that makes rooms never piles them up."""
        with self._db.write() as tx:
            return self._purge(tx, time.time())
