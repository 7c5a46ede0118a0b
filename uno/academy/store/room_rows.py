"""A room's rows, for the rooms repository: read as a ``RoomState``, its version moved on, a
move kept, its teacher's row locked, expired rooms deleted. Plain SQL over a ``Tx``; a game
state is kept as its scenario (``uno.scenario``), as JSON.

A move is kept in the transaction that moved the version on (``advance`` then ``store_move``):
a second writer that saw the same version finds it moved on (RoomChanged), so two taps made on
one table never both count.
"""

from __future__ import annotations

import json
import time

from uno.academy.store.backend import Backend, Tx
from uno.academy.store.codes import ROOM_CODE_LENGTH, read_code
from uno.academy.store.errors import CodeRefused, NotAllowed, RoomChanged, RoomClosed
from uno.academy.store.model import LoggedAction, RoomSeat, RoomState
from uno.academy.store.values import Bad, fits, integer, opt_text, real, text
from uno.errors import ScenarioError
from uno.state import GameState

__all__ = [
    "Move",
    "advance",
    "dump_state",
    "load_state",
    "purge",
    "read_room",
    "store_move",
    "teacher_room",
]

#: A move as a room keeps it: the seat, the action's notation, the state after it.
Move = tuple[int, str, GameState]


def dump_state(state: GameState) -> str:
    """A game state as a room keeps it: its scenario, as compact JSON."""
    from uno.scenario import dump_scenario

    return json.dumps(dump_scenario(state), ensure_ascii=False, separators=(",", ":"))


def load_state(raw: object) -> GameState:
    """A kept scenario as a game state (Bad, ScenarioError)."""
    from uno.scenario import load_scenario

    return load_scenario(text(raw))


def read_room(db: Backend, tx: Tx, code: str) -> RoomState | None:
    """The room of ``code`` as it is in this transaction; None when gone or expired.
    StoreError ``corrupt`` (from ``db``) for rows that do not read as a room."""
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
        "SELECT number, seat, action FROM room_actions WHERE code = ? AND deal = ? ORDER BY number",
        (code, row[3]),
    )
    try:
        state = load_state(row[1])
        room_seats = tuple(
            RoomSeat(integer(s), "bot" if k == "bot" else "pupil", opt_text(g), opt_text(n))
            for s, k, g, n in seats
        )
        if [s.seat for s in room_seats] != list(range(state.n_players)):
            raise Bad("seats")
        return RoomState(
            code=code,
            version=integer(row[0]),
            state=state,
            log=tuple(LoggedAction(integer(n), integer(s), text(a)) for n, s, a in log),
            seats=room_seats,
            deck=text(row[2]),
            deal=integer(row[3]),
            paused=bool(integer(row[4])),
            closed=bool(integer(row[5])),
            expires=real(row[6]),
            class_code=opt_text(row[7]),
        )
    except (Bad, ScenarioError) as bad:
        raise db.corrupt(f"room {code}", bad) from None


def advance(db: Backend, tx: Tx, code: str, expected_version: int, now: float) -> RoomState:
    """Move the room from ``expected_version`` on (RoomChanged if it moved already; RoomClosed
    when paused or closed; CodeRefused when gone), extend its life, and read it: the caller
    then keeps the move (``store_move``)."""
    if not fits(expected_version):
        expected_version = -1  # no room is at such a version: RoomChanged below
    changed = tx.run(
        "UPDATE rooms SET version = version + 1, expires = ? + ttl "
        "WHERE code = ? AND version = ? AND expires > ?",
        (now, code, expected_version, now),
    )
    room = read_room(db, tx, code)
    if room is None:
        raise CodeRefused("wrong")
    if changed != 1:
        raise RoomChanged(code, expected_version, room.version)
    if room.closed or room.paused:
        raise RoomClosed(code, room.paused)
    return room


def teacher_room(db: Backend, tx: Tx, key: str, code: str, *, deal: bool = False) -> RoomState:
    """The room of the typed ``code`` if the device ``key`` is its teacher (NotAllowed
    ``teacher`` otherwise), its row locked and its life extended; its version moves only when
    the game does (``deal``): pausing or handing a seat over changes no card, so a pupil's tap
    made meanwhile still counts (the seat and the pause are checked anyway)."""
    found = read_code(code, ROOM_CODE_LENGTH)
    row = None if found is None else tx.one("SELECT teacher FROM rooms WHERE code = ?", (found,))
    if row is None or row[0] != key or found is None:
        raise NotAllowed("teacher")
    tx.run(
        "UPDATE rooms SET version = version + ?, expires = ? + ttl WHERE code = ?",
        (1 if deal else 0, time.time(), found),
    )
    room = read_room(db, tx, found)
    if room is None:
        raise CodeRefused("wrong")
    return room


def store_move(tx: Tx, room: RoomState, move: Move, now: float) -> None:
    """Keep a move made on ``room`` (as ``advance`` read it): its action's row and the state
    after it."""
    seat, action, state = move
    tx.run(
        "INSERT INTO room_actions (code, number, deal, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)",
        (room.code, len(room.log) + 1, room.deal, seat, action, now),
    )
    tx.run("UPDATE rooms SET state = ? WHERE code = ?", (dump_state(state), room.code))


def purge(tx: Tx, now: float) -> int:
    """Delete the rooms past their expiry (with their seats and actions); how many."""
    old = [code for (code,) in tx.rows("SELECT code FROM rooms WHERE expires <= ?", (now,))]
    for table in ("room_actions", "room_seats", "rooms"):
        tx.many(f"DELETE FROM {table} WHERE code = ?", [(code,) for code in old])
    return len(old)
