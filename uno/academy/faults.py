"""What to tell a reader when the store fails: the catalog key of the sentence, worded for what
happened (``uno.academy.store.StoreError.code``), never a path, an address or a driver's words.

A full disk and a database server that does not answer are said as such on every page
(``store.full``, ``store.unavailable``); anything else gets the page's own sentence.
"""

from __future__ import annotations

from typing import Final

from uno.academy.store.errors import StoreError

__all__ = ["SAID_AS_SUCH", "store_fault"]

#: The store's codes every page words the same way, whatever it was doing.
SAID_AS_SUCH: Final = ("full", "unavailable")


def store_fault(exc: BaseException, fallback: str) -> str:
    """The key of what to say about ``exc`` (a StoreError or an OSError from the store):
    ``store.full`` or ``store.unavailable`` when that is what happened, else ``fallback``.

    >>> store_fault(StoreError("full", "/srv/uno.sqlite3"), "rooms.store")
    'store.full'
    >>> store_fault(StoreError("corrupt"), "rooms.store")
    'rooms.store'
    >>> store_fault(OSError("disk"), "rooms.store")
    'rooms.store'
    """
    if isinstance(exc, StoreError) and exc.code in SAID_AS_SUCH:
        return f"store.{exc.code}"
    return fallback
