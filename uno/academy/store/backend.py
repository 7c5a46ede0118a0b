"""The store's backend: one database, SQLite or PostgreSQL, as the repositories see it.

A backend opens the database (a file; a pool of server connections), lends one transaction at
a time as a ``Tx``, migrates an older schema when it is opened, and says what went wrong as a
StoreError. The repositories above it (``progress``, ``classes``, ``games``, ``rooms``,
``limits``) are written once, in SQL over a ``Tx`` with ``?`` placeholders, and never know which
database they run on; every difference between the two lives in ``sqlite`` and ``postgres``.

Every change is one write transaction. A change to a versioned thing (a game, a room) first
runs ``UPDATE ... SET version = version + 1 WHERE ... AND version = ?`` and checks that one row
changed: on PostgreSQL that row is then locked until the commit (a second writer waits, then
finds the version moved on), on SQLite the write lock is taken at ``BEGIN IMMEDIATE``. Only then
is the rest read and written, so two writers that saw one version never both succeed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import ClassVar, Self

from uno.academy.store.errors import StoreError
from uno.academy.store.schema import MIGRATIONS, SCHEMA_VERSION
from uno.academy.store.tx import Tx

__all__ = ["Backend", "Tx"]


class Backend(ABC):
    """One database: its transactions, its schema's version and migrations, its errors. Use
    it in a ``with`` block (or ``close`` it)."""

    #: Where the data lives, for the log (a path, or a server address without password).
    where: object = ""
    #: What the schema's placeholders (``{id}``, ``{real}``, ``{without_rowid}``) read as here.
    TEMPLATE: ClassVar[Mapping[str, str]] = {}

    @abstractmethod
    def write(self) -> AbstractContextManager[Tx]:
        """One write transaction (waits a bounded time for the lock, then StoreError busy)."""

    @abstractmethod
    def read(self) -> AbstractContextManager[Tx]:
        """One read transaction over one snapshot (never waits long: StoreError busy)."""

    @abstractmethod
    def close(self) -> None:
        """Give the connection back."""

    @abstractmethod
    def schema_version(self) -> int:
        """The schema version of the database."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def corrupt(self, what: str, detail: object) -> StoreError:
        """StoreError ``corrupt`` for one thing whose rows do not read (a tampered database)."""
        return StoreError("corrupt", self.where, f"{what}: {detail}")

    # -- migrations ---------------------------------------------------------------------------
    @abstractmethod
    def _migrating_from(self, tx: Tx) -> int:
        """Inside the migration's write transaction: the database's version, checked (StoreError
        ``too_new``, ``foreign``, ``corrupt``), and locked against another migrating process."""

    @abstractmethod
    def _record_version(self, tx: Tx, version: int) -> None:
        """Record that the database is now at ``version`` (in the migration's transaction)."""

    def _migrate(self) -> None:
        """Bring the database to ``SCHEMA_VERSION``, in one write transaction that also records
        the new version: a crash never leaves a half-migrated database."""
        with self.write() as tx:
            version = self._migrating_from(tx)
            for step in range(version + 1, SCHEMA_VERSION + 1):
                migration = MIGRATIONS[step]
                for statement in migration.statements:
                    tx.run(statement.format(**self.TEMPLATE))
                if migration.step is not None:
                    migration.step(tx)
                self._record_version(tx, step)
