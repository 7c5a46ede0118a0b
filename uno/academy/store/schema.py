"""The store's schema, written once for SQLite and PostgreSQL, and its migrations.

``MIGRATIONS[n]`` turns schema ``n - 1`` into schema ``n``: SQL statements, written with the
``{id}`` (an auto-numbered primary key), ``{real}`` (a double) and ``{without_rowid}``
placeholders that each backend fills in, then an optional step in Python. Each step runs in the
transaction that records its number (SQLite: ``PRAGMA user_version``; PostgreSQL: the table
``uno_schema``), so a crash never leaves a half-migrated database.

To change the schema: add ``MIGRATIONS[3]`` (ALTER TABLE, new tables, a data step), set
``SCHEMA_VERSION = 3``, and give tests/test_store.py a file of schema 2 to migrate.

Schema 1 is the score pad's file as it was before owners (games, players, rounds,
round_points). Schema 2 adds the owner, class and share token of a game; learners (a device's
key, first name, class, open game), lesson passes and quiz answers; classes; who opened a shared
game; failed code attempts (the rate limit); rooms, their seats and their actions. Schema 3
adds the puzzle trainer: each device's rating and streak, its answers, each puzzle's rating,
and a class's set of puzzles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from uno.academy.store.codes import new_token

if TYPE_CHECKING:
    from uno.academy.store.tx import Tx

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "TABLES", "Migration"]

SCHEMA_VERSION: Final = 3


@dataclass(frozen=True)
class Migration:
    """One step of the schema: SQL statements (with the backends' placeholders), then an
    optional step in Python over the same transaction (``uno.academy.store.tx.Tx``)."""

    statements: tuple[str, ...]
    step: Callable[[Tx], None] | None = None


_SCHEMA_1: Final = (
    """CREATE TABLE games (
            id {id},
            target INTEGER NOT NULL CHECK (target BETWEEN 1 AND 100000),
            method TEXT NOT NULL CHECK (method IN ('standard', 'lowest')),
            version INTEGER NOT NULL CHECK (version >= 1),
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
    """CREATE TABLE players (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 9),
            name TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) {without_rowid}""",
    """CREATE TABLE rounds (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            winner INTEGER NOT NULL CHECK (winner BETWEEN 0 AND 9),
            PRIMARY KEY (game_id, number)
        ) {without_rowid}""",
    """CREATE TABLE round_points (
            game_id INTEGER NOT NULL,
            number INTEGER NOT NULL,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 9),
            points INTEGER NOT NULL CHECK (points BETWEEN 0 AND 10000),
            PRIMARY KEY (game_id, number, seat),
            FOREIGN KEY (game_id, number) REFERENCES rounds (game_id, number) ON DELETE CASCADE
        ) {without_rowid}""",
    "CREATE INDEX games_by_update ON games (updated DESC, id DESC)",
)

_SCHEMA_2: Final = (
    """CREATE TABLE classes (
            id {id},
            code TEXT NOT NULL UNIQUE,
            teacher TEXT NOT NULL,
            name TEXT NOT NULL,
            created {real} NOT NULL
        )""",
    "CREATE INDEX classes_by_teacher ON classes (teacher, created)",
    "ALTER TABLE games ADD COLUMN owner TEXT",
    "ALTER TABLE games ADD COLUMN class_id INTEGER REFERENCES classes (id) ON DELETE SET NULL",
    "ALTER TABLE games ADD COLUMN share TEXT",
    "CREATE UNIQUE INDEX games_by_share ON games (share)",
    "CREATE INDEX games_by_owner ON games (owner)",
    "CREATE INDEX games_by_class ON games (class_id)",
    """CREATE TABLE learners (
            device TEXT PRIMARY KEY,
            first_name TEXT,
            class_id INTEGER REFERENCES classes (id) ON DELETE SET NULL,
            joined {real},
            open_game INTEGER,
            open_tab TEXT,
            seen {real} NOT NULL
        )""",
    "CREATE INDEX learners_by_class ON learners (class_id, joined)",
    """CREATE TABLE passes (
            device TEXT NOT NULL,
            lesson INTEGER NOT NULL,
            at {real} NOT NULL,
            PRIMARY KEY (device, lesson)
        ) {without_rowid}""",
    """CREATE TABLE answers (
            device TEXT NOT NULL,
            lesson INTEGER NOT NULL,
            question TEXT NOT NULL,
            tries INTEGER NOT NULL CHECK (tries >= 1),
            wrong INTEGER NOT NULL CHECK (wrong >= 0),
            ever_right INTEGER NOT NULL CHECK (ever_right IN (0, 1)),
            at {real} NOT NULL,
            PRIMARY KEY (device, lesson, question)
        ) {without_rowid}""",
    """CREATE TABLE game_guests (
            device TEXT NOT NULL,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            PRIMARY KEY (device, game_id)
        ) {without_rowid}""",
    # A WITHOUT ROWID table declares its key's columns first, in the key's order: SQLite
    # 3.40's quick_check misreads NOT NULL columns otherwise (and would call the file damaged).
    "CREATE TABLE attempts (scope TEXT NOT NULL, at {real} NOT NULL)",
    "CREATE INDEX attempts_by_scope ON attempts (scope, at)",
    """CREATE TABLE rooms (
            code TEXT PRIMARY KEY,
            teacher TEXT NOT NULL,
            class_id INTEGER REFERENCES classes (id) ON DELETE SET NULL,
            deck TEXT NOT NULL,
            deal INTEGER NOT NULL CHECK (deal >= 1),
            start TEXT NOT NULL,
            state TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 0),
            paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
            closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
            ttl {real} NOT NULL,
            created {real} NOT NULL,
            expires {real} NOT NULL
        )""",
    "CREATE INDEX rooms_by_teacher ON rooms (teacher, created)",
    "CREATE INDEX rooms_by_expiry ON rooms (expires)",
    """CREATE TABLE room_seats (
            code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 9),
            kind TEXT NOT NULL CHECK (kind IN ('pupil', 'bot')),
            strategy TEXT,
            name TEXT,
            token TEXT UNIQUE,
            device TEXT,
            PRIMARY KEY (code, seat)
        ) {without_rowid}""",
    """CREATE TABLE room_actions (
            code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
            deal INTEGER NOT NULL,
            number INTEGER NOT NULL CHECK (number >= 1),
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            at {real} NOT NULL,
            PRIMARY KEY (code, deal, number)
        ) {without_rowid}""",
)


_SCHEMA_3: Final = (
    """CREATE TABLE puzzle_solvers (
            device TEXT PRIMARY KEY,
            rating {real} NOT NULL,
            deviation {real} NOT NULL,
            volatility {real} NOT NULL,
            streak INTEGER NOT NULL CHECK (streak >= 0),
            best_streak INTEGER NOT NULL CHECK (best_streak >= 0),
            solved INTEGER NOT NULL CHECK (solved >= 0),
            tried INTEGER NOT NULL CHECK (tried >= 0),
            at {real} NOT NULL
        )""",
    """CREATE TABLE puzzle_tries (
            device TEXT NOT NULL,
            puzzle TEXT NOT NULL,
            first_right INTEGER NOT NULL CHECK (first_right IN (0, 1)),
            solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
            tries INTEGER NOT NULL CHECK (tries >= 1),
            at {real} NOT NULL,
            PRIMARY KEY (device, puzzle)
        ) {without_rowid}""",
    """CREATE TABLE puzzle_ratings (
            puzzle TEXT PRIMARY KEY,
            rating {real} NOT NULL,
            deviation {real} NOT NULL,
            volatility {real} NOT NULL,
            raters INTEGER NOT NULL CHECK (raters >= 0)
        )""",
    """CREATE TABLE class_puzzles (
            class_id INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
            puzzle TEXT NOT NULL,
            position INTEGER NOT NULL CHECK (position >= 0),
            PRIMARY KEY (class_id, puzzle)
        ) {without_rowid}""",
)


def _share_old_games(tx: Tx) -> None:
    """Games of schema 1 belong to nobody: each gets a share token, so that the server's
    administrator can hand out its link (``python -m uno admin games``)."""
    for (game_id,) in tx.rows("SELECT id FROM games WHERE share IS NULL ORDER BY id"):
        tx.run("UPDATE games SET share = ? WHERE id = ?", (new_token(), game_id))


MIGRATIONS: Final[dict[int, Migration]] = {
    1: Migration(_SCHEMA_1),
    2: Migration(_SCHEMA_2, _share_old_games),
    3: Migration(_SCHEMA_3),
}

_TABLES_2: Final = frozenset(
    {"games", "players", "rounds", "round_points", "classes", "learners", "passes"}
    | {"answers", "game_guests", "attempts", "rooms", "room_seats", "room_actions"}
)
#: The tables of each schema version (a file that lacks one is not ours, or damaged).
TABLES: Final[dict[int, frozenset[str]]] = {
    1: frozenset({"games", "players", "rounds", "round_points"}),
    2: _TABLES_2,
    3: _TABLES_2 | {"puzzle_solvers", "puzzle_tries", "puzzle_ratings", "class_puzzles"},
}
