"""The store in one SQLite file: nothing to install, the default.

WAL mode with ``synchronous=FULL``: a change is on disk when its transaction returns, and a
killed server loses nothing it had confirmed. Writes take the write lock first (``BEGIN
IMMEDIATE``) and wait for it at most ``timeout`` seconds (then StoreError ``busy``); reads
never take it (WAL readers see the last commit) and wait at most ``read_timeout`` seconds for
anything else, so that a page is never held up for long by another process.

A file that is not ours (tables of its own and no schema version of ours) is refused before
anything is written to it: the journal mode is switched to WAL only once the file is known to
be empty or ours.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from threading import Lock
from typing import ClassVar, Final

from uno.academy.store.backend import Tx
from uno.academy.store.errors import StoreError
from uno.academy.store.schema import SCHEMA_VERSION, TABLES
from uno.academy.store.sql import SQLStore

__all__ = ["SQLiteStore", "default_db_path"]

ENV_DB: Final = "UNO_ACADEMY_DB"
_FULL_NAMES: Final = frozenset({"SQLITE_FULL"})
_BUSY_NAMES: Final = frozenset({"SQLITE_BUSY", "SQLITE_LOCKED"})
_OPEN_NAMES: Final = frozenset({"SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_READONLY", "SQLITE_AUTH"})
#: Files this process has checked (``PRAGMA quick_check``) since it started.
_CHECKED: set[tuple[str, int]] = set()
_CHECKED_LOCK: Final = Lock()


def default_db_path(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/uno-academy/scores.sqlite3``, else ``~/.local/share/uno-academy/...``."""
    env = os.environ if environ is None else environ
    xdg = env.get("XDG_DATA_HOME", "").strip()
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "uno-academy" / "scores.sqlite3"


#: Less free space than this on the store's disk, and an I/O error is taken for a full disk.
NEARLY_FULL: Final = 1 << 20


def _nearly_full(path: Path) -> bool:
    """Whether the disk that holds ``path`` (or its nearest existing folder) is nearly full."""
    for folder in (path, *path.parents):
        if folder.exists():
            try:
                return shutil.disk_usage(folder).free < NEARLY_FULL
            except OSError:
                return False
    return False


def store_error(exc: BaseException, path: Path) -> StoreError:
    """Classify what SQLite (or the OS) said about ``path``."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    base = "_".join(name.split("_")[:2])  # SQLITE_IOERR_SHORT_READ -> SQLITE_IOERR
    text = str(exc).lower()
    if (
        base in _FULL_NAMES
        or "database or disk is full" in text
        or (isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT))
    ):
        code = "full"
    elif base in _BUSY_NAMES or "database is locked" in text:
        code = "busy"
    elif base in _OPEN_NAMES or isinstance(exc, OSError) or "unable to open" in text:
        code = "cannot_open"
    elif base == "SQLITE_IOERR":
        # A full disk often reads as "disk I/O error": the WAL's shared-memory file cannot
        # grow (SQLITE_IOERR_SHMSIZE), or a write fails short of its end.
        full = "full" in text or name == "SQLITE_IOERR_SHMSIZE" or _nearly_full(path)
        code = "full" if full else "cannot_open"
    else:  # SQLITE_NOTADB, SQLITE_CORRUPT, a schema that does not fit, ...
        code = "corrupt"
    return StoreError(code, path, f"{name or type(exc).__name__}: {exc}")


class _Tx:
    """``Tx`` over an sqlite3 connection (SQL already uses ``?``)."""

    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        return [tuple(row) for row in self.conn.execute(sql, params).fetchall()]

    def one(self, sql: str, params: Sequence[object] = ()) -> tuple[object, ...] | None:
        row = self.conn.execute(sql, params).fetchone()
        return None if row is None else tuple(row)

    def run(self, sql: str, params: Sequence[object] = ()) -> int:
        return int(self.conn.execute(sql, params).rowcount)

    def many(self, sql: str, params: Sequence[Sequence[object]]) -> None:
        self.conn.executemany(sql, params)


class SQLiteStore(SQLStore):
    """The store in an SQLite file. One object per thread (or per script run): close it, or
    use it in a ``with`` block. Opening creates the folder and the file if needed, migrates an
    older schema, and refuses a foreign, damaged or newer file (StoreError)."""

    TEMPLATE: ClassVar[Mapping[str, str]] = {
        "id": "INTEGER PRIMARY KEY",
        "real": "REAL",
        "without_rowid": "WITHOUT ROWID",
    }

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        timeout: float = 5.0,
        read_timeout: float = 0.25,
    ):
        super().__init__()
        self.path = Path(path) if path is not None else default_db_path()
        self.where = self.path
        self.timeout = timeout
        self.read_timeout = read_timeout
        self._conn: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(
                self.path, timeout=read_timeout, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise store_error(exc, self.path) from exc
        self._conn = conn
        try:
            self._open()
        except StoreError:
            self.close()
            raise
        except (sqlite3.Error, OSError) as exc:
            self.close()
            raise store_error(exc, self.path) from exc

    # -- connection, transactions, schema ----------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError("cannot_open", self.path, "the store is closed")
        return self._conn

    def _timeout(self, seconds: float) -> None:
        self.conn.execute(f"PRAGMA busy_timeout = {int(seconds * 1000):d}")

    def _open(self) -> None:
        conn = self.conn
        stat = self.path.stat()
        checked = (str(self.path.resolve()), stat.st_ino)
        with _CHECKED_LOCK:
            fresh = checked not in _CHECKED
        if fresh and stat.st_size:  # once per file and process: it reads the whole file
            # Check first, so that a damaged file is refused before anything is written to it.
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise StoreError("corrupt", self.path, f"quick_check: {check}")
        version = self.schema_version()
        tables = {
            str(row[0])
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        if version == 0 and tables:
            # Two statements, two snapshots: another opener may have committed its migration
            # (tables and version together) in between. Tables seen means its version is too.
            version = self.schema_version()
        if version == 0 and tables:
            raise StoreError("foreign", self.path, f"tables {sorted(tables)} and no schema")
        if version > SCHEMA_VERSION:
            raise StoreError("too_new", self.path, f"schema {version} > {SCHEMA_VERSION}")
        if version < 0 or (version and not TABLES[version] <= tables):
            raise StoreError("corrupt", self.path, f"schema {version} without its tables")
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() != "wal":
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError("cannot_open", self.path, f"journal_mode is {mode}, not wal")
        conn.execute("PRAGMA synchronous = FULL")  # a confirmed change survives a power cut too
        conn.execute("PRAGMA foreign_keys = ON")
        self._migrate()
        with _CHECKED_LOCK:
            _CHECKED.add(checked)

    def _migrate(self) -> None:
        if self.schema_version() == SCHEMA_VERSION:
            return
        super()._migrate()

    def _migrating_from(self, tx: Tx) -> int:
        # Read again inside the write lock: another process may have migrated meanwhile.
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise StoreError("too_new", self.path, f"schema {version} > {SCHEMA_VERSION}")
        return version

    def _record_version(self, tx: Tx, version: int) -> None:
        tx.run(f"PRAGMA user_version = {version:d}")

    def schema_version(self) -> int:
        """The file's schema version (``PRAGMA user_version``; 0 for a new file)."""
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def journal_mode(self) -> str:
        """The file's journal mode (``"wal"`` once opened)."""
        return str(self.conn.execute("PRAGMA journal_mode").fetchone()[0])

    def integrity_check(self) -> str:
        """``"ok"`` when SQLite finds nothing wrong with the file."""
        return str(self.conn.execute("PRAGMA integrity_check").fetchone()[0])

    @contextmanager
    def write(self) -> Iterator[_Tx]:
        """One write transaction. ``BEGIN IMMEDIATE`` takes the write lock first (waiting at
        most ``timeout``), so the version check and the write see the same data."""
        conn = self.conn
        try:
            self._timeout(self.timeout)
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from exc
        try:
            yield _Tx(conn)
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                with suppress(sqlite3.Error):  # the connection may be gone already
                    conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error | OSError):
                raise store_error(exc, self.path) from exc
            raise
        finally:
            with suppress(sqlite3.Error):
                self._timeout(self.read_timeout)

    @contextmanager
    def read(self) -> Iterator[_Tx]:
        """One read transaction: every query inside sees the same snapshot."""
        conn = self.conn
        try:
            conn.execute("BEGIN")
            try:
                yield _Tx(conn)
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from exc

    def close(self) -> None:
        """Close the file's connection (the store cannot be used afterwards)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
