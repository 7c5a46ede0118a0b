"""One transaction, as a backend lends it to the repositories (``uno.academy.store.backend``)
and the migrations use it (``uno.academy.store.schema``): a module of its own, so that both
import it one way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["Tx"]


class Tx(Protocol):
    """One transaction, as a backend lends it to the repositories. SQL uses ``?``."""

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        """Every row the query returns."""
        ...

    def one(self, sql: str, params: Sequence[object] = ()) -> tuple[object, ...] | None:
        """The query's first row, or None."""
        ...

    def run(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run a statement; how many rows it changed."""
        ...

    def many(self, sql: str, params: Sequence[Sequence[object]]) -> None:
        """Run a statement once per parameter row."""
        ...
