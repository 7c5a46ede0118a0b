"""The limits repository: wrong codes and new rooms, counted in the store so across processes.

One limit for every place a code of a kind is checked (``guarded``: joining a class; joining a
room and a room's projector): at most ``DEVICE_ATTEMPTS`` wrong codes per device and minute,
and ``ADDRESS_ATTEMPTS`` per network address, past which a device of that address that erred
waits too, while one that has not is never refused. A device keeps at most ``MAX_OPEN_ROOMS``
rooms open, an address opens at most ``ADDRESS_ROOMS`` in ``ROOMS_WINDOW`` seconds
(``open_room``). Both count rows of the table ``attempts`` (a scope and a time); addresses are
kept hashed (``address_key``), like device tokens. Used by the classes and rooms repositories.
"""

from __future__ import annotations

import time
from typing import Final, Literal, Protocol, TypeVar

from uno.academy.store.backend import Backend, Tx
from uno.academy.store.codes import read_code, token_hash
from uno.academy.store.errors import CodeRefused, NotAllowed
from uno.academy.store.values import integer

__all__ = [
    "ADDRESS_ATTEMPTS",
    "ADDRESS_ROOMS",
    "ATTEMPT_WINDOW",
    "DEVICE_ATTEMPTS",
    "MAX_OPEN_ROOMS",
    "ROOMS_WINDOW",
    "Finder",
    "Limits",
    "address_key",
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

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Finder(Protocol[T_co]):
    """Looks a well-formed code up in a write transaction: the result, or None for a wrong
    code (counted against the device and its address)."""

    def __call__(self, tx: Tx, code: str, /) -> T_co | None: ...


def address_key(address: str | None) -> str | None:
    """What the store keeps of a network address (for the limits): a hash, like a device's."""
    if not isinstance(address, str) or not address or len(address) > 100:
        return None
    return token_hash(f"address:{address}")


class Limits:
    """The rate limit on typed codes and the caps on new rooms, over ``db``."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    @staticmethod
    def _count(tx: Tx, scope: str, since: float) -> int:
        row = tx.one("SELECT COUNT(*) FROM attempts WHERE scope = ? AND at > ?", (scope, since))
        return integer((row or (0,))[0])

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
        self.forget_old(tx, now)

    def guarded(
        self,
        kind: str,
        key: str,
        address: str | None,
        typed: object,
        length: int,
        find: Finder[T],
    ) -> T:
        """Look a typed code up under the rate limit: ``find(tx, code)`` returns the result
        or None (a wrong code, counted for the device and its address). Raises CodeRefused.
        Every place a code of ``kind`` is checked goes through here: one limit for them all.
        ``address`` is already hashed (``address_key``)."""
        code = read_code(typed, length)
        now = time.time()
        outcome: T | None = None
        reason: Literal["wrong", "too_many"] = "wrong"
        with self._db.write() as tx:
            if self._limited(tx, kind, key, address, now):
                reason = "too_many"
            else:
                outcome = find(tx, code) if code else None
                if outcome is None:
                    self._failed(tx, kind, key, address, now)
        if outcome is None:
            raise CodeRefused(reason)
        return outcome

    def open_room(self, tx: Tx, key: str, address: str | None, now: float) -> None:
        """Count a room the device ``key`` opens from ``address`` (hashed), in the transaction
        that makes it; NotAllowed ``rooms`` past ``MAX_OPEN_ROOMS`` open rooms of the device
        (closed and expired ones do not count) or ``ADDRESS_ROOMS`` of the address in the
        last ``ROOMS_WINDOW`` seconds."""
        open_rooms = tx.one(
            "SELECT COUNT(*) FROM rooms WHERE teacher = ? AND closed = 0 AND expires > ?",
            (key, now),
        )
        recent = self._count(tx, f"open:a:{address}", now - ROOMS_WINDOW) if address else 0
        if integer((open_rooms or (0,))[0]) >= MAX_OPEN_ROOMS or recent >= ADDRESS_ROOMS:
            raise NotAllowed("rooms")
        if address:
            tx.run("INSERT INTO attempts (scope, at) VALUES (?, ?)", (f"open:a:{address}", now))

    @staticmethod
    def forget_old(tx: Tx, now: float) -> None:
        """Delete the attempts too old to count for any limit."""
        tx.run("DELETE FROM attempts WHERE at < ?", (now - 10 * ATTEMPT_WINDOW,))
