"""What the store refuses, as exceptions with stable codes (the views word them from content/).

No message carries words for a visitor: ``StoreError.code`` is path-free and is all a page
shows; ``.where`` (the file's path or the server's address) and ``.detail`` are for the log.
"""

from __future__ import annotations

from typing import Final, Literal

from uno.errors import UnoError

__all__ = [
    "STORE_CODES",
    "CodeRefused",
    "GameNotFound",
    "NotAllowed",
    "RoomChanged",
    "RoomClosed",
    "StaleGame",
    "StoreError",
]

#: Every ``StoreError.code``.
STORE_CODES: Final = (
    "cannot_open",
    "corrupt",
    "foreign",
    "too_new",
    "busy",
    "full",
    "unavailable",
)


class StoreError(UnoError):
    """The store cannot be used. ``.code`` (the only part a visitor sees):

    - ``cannot_open``: no such folder, no permission, a server that refuses us;
    - ``corrupt``: not an SQLite file, damaged, or a row of the wrong type (for that game only);
    - ``foreign``: a database that is not ours (other tables and no schema of ours): left alone;
    - ``too_new``: written by a newer version of the app;
    - ``busy``: another process held the write lock for too long;
    - ``full``: the disk (or the server's quota) is full;
    - ``unavailable``: the database server does not answer (stopped, unreachable) within a
      few seconds.

    ``.where`` is the file's path (a ``Path``) or the server's address without its password,
    ``.detail`` the driver's words: both for the administrator's log, never for a page."""

    def __init__(self, code: str, where: object = "", detail: str = ""):
        self.code = code
        self.where = where
        self.detail = detail
        super().__init__(f"{code}: {where}" + (f" ({detail})" if detail else ""))

    @property
    def path(self) -> object:
        """The file (or server) the error is about: ``where`` under its old name."""
        return self.where


class StaleGame(UnoError):
    """The game changed since the caller read it (``.current`` is its version now), or was
    deleted (``.current`` is None). Nothing was written: reload and try again."""

    def __init__(self, game_id: int, expected: int, current: int | None):
        self.game_id = game_id
        self.expected = expected
        self.current = current
        state = "deleted" if current is None else f"now version {current}"
        super().__init__(f"game {game_id} changed: expected version {expected}, {state}")


class GameNotFound(UnoError, LookupError):
    """No saved game has this id, or not one this device may see (the two are not told apart)."""

    def __init__(self, game_id: int | str):
        self.game_id = game_id
        super().__init__(f"no game {game_id}")


class NotAllowed(UnoError):
    """This device may see the thing but not do this to it (``.what``: ``"delete"``,
    ``"share"``, ``"teacher"``, ``"seat"``...). Nothing was written."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(f"not allowed: {what}")


class CodeRefused(UnoError, LookupError):
    """A class code, room code or seat token was refused. ``.reason``: ``"wrong"`` (no such
    code, or expired, or the room is full: never a hint which) or ``"too_many"`` (too many
    wrong codes from this device, or for codes like it, in the last minute: try again in a
    minute; then even a right code is refused)."""

    def __init__(self, reason: Literal["wrong", "too_many"]):
        self.reason = reason
        super().__init__(f"code refused: {reason}")


class RoomChanged(UnoError):
    """The room's table changed since the caller read it (another tap came first). Nothing was
    written; ``.current`` is the version now. Redraw and let the player act again."""

    def __init__(self, code: str, expected: int, current: int | None):
        self.code = code
        self.expected = expected
        self.current = current
        super().__init__(f"room {code} changed: expected version {expected}, now {current}")


class RoomClosed(UnoError):
    """The room is paused (``.paused``) or closed: no move is taken. Nothing was written."""

    def __init__(self, code: str, paused: bool):
        self.code = code
        self.paused = paused
        super().__init__(f"room {code} is {'paused' if paused else 'closed'}")
