"""The app's store: learners, classes, score pads and rooms, in SQLite or PostgreSQL.

``open_store()`` picks the backend from ``UNO_ACADEMY_DB``: a path (or nothing: the default
file, ``$XDG_DATA_HOME/uno-academy/scores.sqlite3``) opens ``SQLiteStore``, nothing to
install; ``postgresql://...`` opens ``PostgresStore`` (psycopg 3), for several machines. Both
implement ``Store`` with the same SQL and pass the same tests.

How it is built: one backend (``backend``: connections, transactions, migrations; ``sqlite``
and ``postgres`` hold every difference between the two) and one repository per subject over
it, each its own module: ``progress``, ``classes``, ``games`` (score pads), ``rooms`` (with
``room_rows``) and ``limits`` (wrong codes, new rooms). ``SQLStore`` (``sql``) puts them
together; ``Store`` (``protocols``) combines one protocol per subject (``ProgressStore``,
``ClassStore``, ``ScorePadStore``, ``RoomStore``, ``PuzzleStore``). The store only stores: the
one exception, the rules of a room's moves, is ``room_game`` (to be replaced by
``uno.academy.match``).

What it keeps, and for whom:

- **Devices**: a browser's token is never stored, only ``device_key(token)`` (SHA-256). A
  learner is a device, with the first name a pupil typed when joining a class, if any.
- **Progress**: ``progress(token)``, ``record_answer(token, lesson, question_id, right)``,
  ``pass_lesson(token, lesson)``. Only the device itself reads it (and its class's teacher,
  through ``class_report``).
- **Classes**: ``create_class(teacher, name)`` gives a 65-bit code (``K7QH-M2XD-9RPA-F``);
  ``join_class(pupil, code, first_name)``, ``leave_class``, ``membership``,
  ``classes_of(teacher)``, ``class_report(teacher, code)``. Pupils see nothing of each
  other.
- **Score pads** (``uno.academy.scorepad.Game``): a game has an owner and, if its owner asks,
  a class. ``list_games(token)`` lists the device's own games, those it opened by a share
  link, and those of its class (for the class's pupils and its teacher); ``Game.access``
  says which. ``share_game(owner, id)`` gives the link's token, ``open_shared(token, share)``
  opens it; only the owner deletes. Every change takes ``expected_version``: the version the
  page showed when the user started the change (StaleGame otherwise).
- **Puzzles**: ``puzzle_profile(token)`` (the device's Glicko-2 rating and streak),
  ``answer_puzzle(token, id, prior, right)`` (the first answer rates the device and the
  puzzle), ``puzzle_ratings()``; a class's set (``set_class_puzzles`` by its teacher,
  ``class_puzzles`` for its pupils, ``class_puzzle_report`` for the teacher).
- **Rooms** (one game on several devices): ``create_room``, ``join_room``, ``rejoin``,
  ``room_state``, ``apply_room_action``, ``apply_bot_moves``, the teacher's ``pause_room``,
  ``restart_room``, ``seat_to_bot``, ``remove_pupil``, ``close_room``; ``purge_expired``.

Wrong class and room codes are refused quietly and rate-limited in the store, so across
processes, with one limit for every place a code is checked (joining a class, joining a room,
a room's projector): at most ``DEVICE_ATTEMPTS`` (10) wrong codes per device and minute (past
that, ``CodeRefused("too_many")`` for that device, even for a right code, for the rest of the
minute), and at most ``ADDRESS_ATTEMPTS`` (100) per network address and minute, past which a
device of that address that typed a wrong code in that minute waits too. A device that has
not typed a wrong code is never refused: a school's pupils all come from one address behind
its proxy, and no one there (nor anywhere else) can lock them out. A device opens at most
``MAX_OPEN_ROOMS`` (10) rooms at once, an address ``ADDRESS_ROOMS`` (30) in ten minutes.

Room codes are 8 characters (40 bits). Guessing is bounded by the server itself: each guess
is a page run of its own (with a device token made up for it, as the limits above allow),
some 20 a second on two cores at most. With 100 rooms open at once, 8 hours of that (a room
lives 8 hours after its last move, ``ROOM_TTL``) finds a room with a chance of about 1 in
20,000; and the worst an intruder does is take a free seat of a card game, which the teacher
sees and can undo. Addresses are kept hashed, like device tokens.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from uno.academy.store.codes import device_key as device_key
from uno.academy.store.codes import (
    format_code,
    read_code,
)
from uno.academy.store.errors import (
    STORE_CODES,
    CodeRefused,
    GameNotFound,
    NotAllowed,
    RoomChanged,
    RoomClosed,
    StaleGame,
    StoreError,
)
from uno.academy.store.limits import (
    ADDRESS_ATTEMPTS,
    ADDRESS_ROOMS,
    ATTEMPT_WINDOW,
    DEVICE_ATTEMPTS,
    MAX_OPEN_ROOMS,
    ROOMS_WINDOW,
)
from uno.academy.store.model import (
    Answer,
    ClassInfo,
    ClassPuzzleReport,
    ClassReport,
    HiddenGame,
    LoggedAction,
    Membership,
    Progress,
    PupilPuzzles,
    PupilReport,
    PuzzleOutcome,
    PuzzleProfile,
    QuestionStat,
    RoomSeat,
    RoomState,
    Seated,
    SeatSpec,
)
from uno.academy.store.protocols import (
    ClassStore,
    ProgressStore,
    PuzzleStore,
    RoomStore,
    ScorePadStore,
    Store,
)
from uno.academy.store.rooms import ROOM_TTL
from uno.academy.store.schema import MIGRATIONS, SCHEMA_VERSION
from uno.academy.store.sql import SQLStore
from uno.academy.store.sqlite import SQLiteStore, default_db_path

__all__ = [
    "ADDRESS_ATTEMPTS",
    "ADDRESS_ROOMS",
    "ATTEMPT_WINDOW",
    "DEVICE_ATTEMPTS",
    "ENV_DB",
    "MAX_OPEN_ROOMS",
    "MIGRATIONS",
    "REFUSALS",
    "ROOMS_WINDOW",
    "ROOM_TTL",
    "SCHEMA_VERSION",
    "STORE_CODES",
    "Answer",
    "ClassInfo",
    "ClassPuzzleReport",
    "ClassReport",
    "ClassStore",
    "CodeRefused",
    "GameNotFound",
    "HiddenGame",
    "LoggedAction",
    "Membership",
    "NotAllowed",
    "Progress",
    "ProgressStore",
    "PupilPuzzles",
    "PupilReport",
    "PuzzleOutcome",
    "PuzzleProfile",
    "PuzzleStore",
    "QuestionStat",
    "RoomChanged",
    "RoomClosed",
    "RoomSeat",
    "RoomState",
    "RoomStore",
    "SQLStore",
    "SQLiteStore",
    "ScorePadStore",
    "SeatSpec",
    "Seated",
    "StaleGame",
    "Store",
    "StoreError",
    "database_exists",
    "default_db_path",
    "device_key",
    "format_code",
    "open_store",
    "read_code",
    "store_location",
]

ENV_DB: Final = "UNO_ACADEMY_DB"
#: What a page turns into words (each has a stable code), besides ``ScoreInputError``.
REFUSALS: Final = (StaleGame, GameNotFound, NotAllowed, CodeRefused, RoomChanged, RoomClosed)


def store_location(url_or_path: str | os.PathLike[str] | None = None) -> str | Path:
    """Where ``open_store(url_or_path)`` goes: a PostgreSQL URL (text) or an SQLite path."""
    if url_or_path is None:
        url_or_path = os.environ.get(ENV_DB, "").strip() or None
    if url_or_path is None:
        return default_db_path()
    text = os.fspath(url_or_path)
    from uno.academy.store.postgres import is_postgres_url

    if is_postgres_url(text):
        return text
    return Path(text).expanduser()


def open_store(url_or_path: str | os.PathLike[str] | None = None) -> Store:
    """The store at ``url_or_path``, else at ``$UNO_ACADEMY_DB``, else the default file.
    ``postgresql://...`` opens PostgreSQL; anything else is an SQLite file's path."""
    where = store_location(url_or_path)
    if isinstance(where, str):
        from uno.academy.store.postgres import PostgresStore

        return PostgresStore(where)
    return SQLiteStore(where)


def database_exists(url_or_path: str | os.PathLike[str] | None = None) -> bool:
    """False for an SQLite file not made yet (a page reads nothing then, and writes the file
    only with the first change); True for a server."""
    where = store_location(url_or_path)
    return isinstance(where, str) or where.exists()
