"""The store's own helpers for what goes into a query and what comes out of a row.

Going in: a device token becomes its key (``device_of``), a number is checked before it is
looked up (``fits``), a typed name follows the one name rule (``clean``). Coming out: a
value of the wrong type in a row (a tampered database) raises ``Bad``, which each repository
turns into StoreError ``corrupt`` for that thing only.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from uno.academy.store.codes import device_key
from uno.academy.store.errors import NotAllowed

__all__ = [
    "MAX_NUMBER",
    "Bad",
    "clean",
    "device_of",
    "fits",
    "integer",
    "now_text",
    "opt_text",
    "real",
    "text",
]

#: The largest number a caller may hand the store (ids, versions, seats): both databases
#: keep 64-bit integers, and a forged 2**70 must be refused as a wrong one, not crash.
MAX_NUMBER: Final = 2**62


class Bad(Exception):
    """A value of the wrong type in a row (a tampered database)."""


def fits(value: object) -> bool:
    """Whether ``value`` is a number the store can look up (a plain int from 0 to
    ``MAX_NUMBER``): anything else matches no row."""
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= MAX_NUMBER


def integer(value: object) -> int:
    """A row's integer (Bad otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Bad(repr(value))
    return value


def real(value: object) -> float:
    """A row's number, as a float (Bad otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Bad(repr(value))
    return float(value)


def text(value: object) -> str:
    """A row's text (Bad otherwise)."""
    if not isinstance(value, str):
        raise Bad(repr(value))
    return value


def opt_text(value: object) -> str | None:
    """A row's text or NULL (Bad otherwise)."""
    return None if value is None else text(value)


def now_text() -> str:
    """Now, as the score pads keep their times (ISO 8601, UTC, microseconds)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def device_of(token: str) -> str:
    """The key a device is stored under (``device_key``); NotAllowed ``device`` for a token
    that is no device's."""
    try:
        return device_key(token)
    except ValueError:
        raise NotAllowed("device") from None


def clean(name: object, field: str) -> str:
    """A typed name (a class's, a pupil's) under the one name rule (``uno.setup.clean_name``:
    ScenarioError)."""
    from uno.setup import clean_name

    return clean_name(name, field)
