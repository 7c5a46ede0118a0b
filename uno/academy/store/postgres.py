"""The store on a PostgreSQL server, for a school or a district that runs the app on several
machines (``UNO_ACADEMY_DB=postgresql://user@host/db``). Needs psycopg 3 (the ``app`` extra);
``import uno`` never imports it.

**One connection pool per process** (``psycopg_pool``), shared by every ``PostgresStore`` of
that process and URL: Streamlit runs each session's script in its own thread and the views
open a store for each run or callback, so a connection per store object would pay a new
server connection (and a server process) each time, and 30 pupils would hold 30 of them.
The pool keeps ``UNO_ACADEMY_DB_POOL`` connections at most (default 8) and lends one to each
transaction; a store object holds none between transactions.

Writes run at READ COMMITTED with ``lock_timeout`` (then StoreError ``busy``); their version
checks are ``UPDATE ... WHERE version = ?`` (PostgreSQL re-reads a row it waited for, so the
second of two writers finds the version moved on). Reads are REPEATABLE READ, READ ONLY: one
snapshot, and never waiting for a writer. The schema's version is the table ``uno_schema``;
migrations run under an advisory lock, in the transaction that records them.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from uno.academy.store.backend import Tx
from uno.academy.store.errors import StoreError
from uno.academy.store.schema import SCHEMA_VERSION, TABLES
from uno.academy.store.sql import SQLStore

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

__all__ = ["PostgresStore", "close_pools", "is_postgres_url"]

ENV_POOL: Final = "UNO_ACADEMY_DB_POOL"
#: How long a page waits for the server: to connect, and for a free connection of the pool.
#: Past it the store says ``unavailable`` (the server does not answer) or ``busy`` (it does,
#: but every connection is in use), and the page goes on without it.
CONNECT_SECONDS: Final = 3
#: Once the server did not answer, the store says ``unavailable`` at once for this long (a
#: page that reads and writes several times waits once, not once per read).
DOWN_SECONDS: Final = 10.0
#: Until when each server (by URL) is taken for down: ``time.monotonic()`` values.
_DOWN: dict[str, float] = {}
_LOCK_ID: Final = 0x756E6F5F61636164  # "uno_acad": the advisory lock of migrations
_SCHEMA_NAME: Final = re.compile(r"[a-z_][a-z0-9_]{0,62}")
_POOLS: dict[tuple[str, str | None], ConnectionPool] = {}
_POOLS_LOCK: Final = threading.Lock()
_MIGRATED: set[tuple[str, str | None]] = set()


def is_postgres_url(text: str) -> bool:
    return text.startswith(("postgresql://", "postgres://"))


@lru_cache(maxsize=512)
def _pg_sql(sql: str) -> str:
    """The shared SQL (``?`` placeholders) in psycopg's style (``%s``)."""
    return sql.replace("%", "%%").replace("?", "%s")


def _safe_where(url: str) -> str:
    """The server's address for the log: the URL without its password."""
    try:
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        parts = conninfo_to_dict(url)
        parts.pop("password", None)
        return make_conninfo("", **{k: v for k, v in parts.items() if v is not None})
    except Exception:  # a URL psycopg cannot read: say only that
        return "postgresql://?"


def _error(exc: BaseException, where: str, url: str = "") -> StoreError:
    """Classify what psycopg said."""
    import psycopg
    from psycopg import errors

    detail = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, errors.DiskFull | errors.OutOfMemory | errors.ProgramLimitExceeded):
        return StoreError("full", where, detail)
    if isinstance(exc, errors.LockNotAvailable | errors.QueryCanceled | errors.DeadlockDetected):
        return StoreError("busy", where, detail)
    if isinstance(exc, errors.SerializationFailure):
        return StoreError("busy", where, detail)
    if isinstance(exc, errors.InsufficientPrivilege | errors.InvalidCatalogName):
        return StoreError("cannot_open", where, detail)
    if type(exc).__name__ == "PoolTimeout":
        return StoreError("busy" if url and _answers(url) else "unavailable", where, detail)
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError | OSError):
        unreachable = "connection" in str(exc).lower() or isinstance(exc, OSError)
        return StoreError("unavailable" if unreachable else "cannot_open", where, detail)
    return StoreError("corrupt", where, detail)


def _answers(url: str) -> bool:
    """Whether the server takes a new connection now (a full pool is busy, a silent server
    is unavailable)."""
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=CONNECT_SECONDS, autocommit=True):
            return True
    except Exception:
        return False


class _Tx:
    """``Tx`` over a psycopg connection."""

    __slots__ = ("conn",)

    def __init__(self, conn: psycopg.Connection[Any]):
        self.conn = conn

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        return [tuple(row) for row in self.conn.execute(_pg_sql(sql), params).fetchall()]

    def one(self, sql: str, params: Sequence[object] = ()) -> tuple[object, ...] | None:
        row = self.conn.execute(_pg_sql(sql), params).fetchone()
        return None if row is None else tuple(row)

    def run(self, sql: str, params: Sequence[object] = ()) -> int:
        return int(self.conn.execute(_pg_sql(sql), params).rowcount)

    def many(self, sql: str, params: Sequence[Sequence[object]]) -> None:
        if params:
            with self.conn.cursor() as cursor:
                cursor.executemany(_pg_sql(sql), params)


def _pool(url: str, schema: str | None) -> ConnectionPool:
    key = (url, schema)
    with _POOLS_LOCK:
        pool = _POOLS.get(key)
        if pool is not None:
            return pool
        from psycopg_pool import ConnectionPool

        def configure(conn: psycopg.Connection[Any]) -> None:
            if schema is not None:
                conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
                conn.execute(f'SET search_path TO "{schema}"')
            conn.commit()

        size = max(1, min(int(os.environ.get(ENV_POOL, "8") or 8), 64))
        pool = ConnectionPool(
            url,
            min_size=1,
            max_size=size,
            timeout=CONNECT_SECONDS,
            configure=configure,
            kwargs={"autocommit": False, "connect_timeout": CONNECT_SECONDS},
            open=False,
            name="uno-academy",
        )
        try:
            pool.open(wait=True, timeout=CONNECT_SECONDS)
        except BaseException:
            pool.close(timeout=0)  # its threads would go on trying to connect
            raise
        _POOLS[key] = pool
        return pool


def close_pools() -> None:
    """Close this process's pools (tests, and a clean shutdown), and forget which servers
    did not answer."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
        _MIGRATED.clear()
        _DOWN.clear()
    for pool in pools:
        pool.close()


class PostgresStore(SQLStore):
    """The store on a PostgreSQL server. Cheap to make (the pool is per process); ``close``
    gives nothing back because it holds nothing. ``schema`` puts the tables in a schema of
    their own (created if needed): the tests give each test one."""

    TEMPLATE: ClassVar[Mapping[str, str]] = {
        "id": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        "real": "DOUBLE PRECISION",
        "without_rowid": "",
    }

    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        timeout: float = 5.0,
    ):
        super().__init__()
        if schema is not None and not _SCHEMA_NAME.fullmatch(schema):
            raise ValueError(f"not a schema name: {schema!r}")
        self.url = url
        self.schema = schema
        self.where = _safe_where(url) + (f" schema {schema}" if schema else "")
        self.timeout = timeout
        self._check_down()
        try:
            self._pool = _pool(url, schema)
        except ImportError as exc:
            raise StoreError("cannot_open", self.where, f"psycopg is not installed: {exc}") from exc
        except Exception as exc:
            raise self._classified(exc) from exc
        key = (url, schema)
        if key not in _MIGRATED:
            self._migrate()
            _MIGRATED.add(key)

    @contextmanager
    def _tx(self, write: bool) -> Iterator[_Tx]:
        import psycopg

        self._check_down()
        try:
            with self._pool.connection(timeout=CONNECT_SECONDS) as conn, conn.transaction():
                if write:
                    conn.execute(f"SET LOCAL lock_timeout = '{int(self.timeout * 1000):d}ms'")
                else:
                    conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                yield _Tx(conn)
        except (psycopg.Error, OSError) as exc:
            raise self._classified(exc) from exc
        except Exception as exc:
            if type(exc).__name__ == "PoolTimeout":
                raise self._classified(exc) from exc
            raise

    def _check_down(self) -> None:
        if _DOWN.get(self.url, 0.0) > time.monotonic():
            raise StoreError("unavailable", self.where, "did not answer a moment ago")

    def _classified(self, exc: BaseException) -> StoreError:
        """``exc`` as a StoreError; a server that did not answer is taken for down for
        ``DOWN_SECONDS``."""
        error = _error(exc, str(self.where), self.url)
        if error.code == "unavailable":
            _DOWN[self.url] = time.monotonic() + DOWN_SECONDS
        return error

    def write(self) -> AbstractContextManager[Tx]:
        """One write transaction, at READ COMMITTED, waiting ``timeout`` at most for a lock."""
        return self._tx(True)

    def read(self) -> AbstractContextManager[Tx]:
        """One read transaction: REPEATABLE READ, READ ONLY (one snapshot, never waiting)."""
        return self._tx(False)

    def _tables(self, tx: Tx) -> set[str]:
        return {
            str(name)
            for (name,) in tx.rows(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
        }

    def _version(self, tx: Tx, tables: set[str]) -> int:
        if "uno_schema" not in tables:
            return 0
        row = tx.one("SELECT MAX(version) FROM uno_schema")
        return int(row[0]) if row and isinstance(row[0], int) else 0

    def _migrating_from(self, tx: Tx) -> int:
        tx.run("SELECT pg_advisory_xact_lock(?)", (_LOCK_ID,))
        tables = self._tables(tx)
        version = self._version(tx, tables)
        if version == 0 and tables & TABLES[SCHEMA_VERSION]:
            raise StoreError("foreign", self.where, f"tables {sorted(tables)}, no uno_schema")
        if version > SCHEMA_VERSION:
            raise StoreError("too_new", self.where, f"schema {version} > {SCHEMA_VERSION}")
        if version and not TABLES[version] <= tables:
            raise StoreError("corrupt", self.where, f"schema {version} without its tables")
        if version == 0:
            tx.run("CREATE TABLE uno_schema (version INTEGER NOT NULL)")
        return version

    def _record_version(self, tx: Tx, version: int) -> None:
        tx.run("DELETE FROM uno_schema")
        tx.run("INSERT INTO uno_schema (version) VALUES (?)", (version,))

    def schema_version(self) -> int:
        """The schema's version (the table ``uno_schema``; 0 for an empty schema)."""
        with self.read() as tx:
            return self._version(tx, self._tables(tx))

    def close(self) -> None:
        """Nothing to give back: each transaction returned its connection to the pool."""
