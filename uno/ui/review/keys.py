"""Every session key of "Review my round", in one place: each table (``table``: a short id such
as ``sb`` or ``rm_ABCD``) keeps its own."""

from __future__ import annotations


def asked(table: str) -> str:
    """The review asked on this table (a ``uno.academy.review.Request``)."""
    return f"rv_asked_{table}"


def seen(table: str) -> str:
    """The job a poll saw finish, for the full run that draws it."""
    return f"rv_seen_{table}"


def polling(table: str) -> str:
    """Set while a fragment polls the table's review."""
    return f"rv_polling_{table}"


def widget(table: str, what: str) -> str:
    """A button of the part: ``ask``, ``close``, ``again_<step>``..."""
    return f"rv_{what}_{table}"
