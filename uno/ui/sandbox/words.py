"""Sentences the sandbox builds: a refused scenario, the story of the moves."""

from __future__ import annotations

from collections.abc import Sequence

import uno
from uno.academy.i18n import t
from uno.academy.sandbox import typed_field
from uno.academy.table import story_entries, story_text
from uno.state import GameState
from uno.ui.words import inert

__all__ = ["error_text", "names", "story_entries_for", "story_lines"]


def error_text(problem: uno.ScenarioError, lang: str, typed: Sequence[str] | None = None) -> str:
    """A scenario or link problem in the reader's words; the bad field and value shown inert.
    With the names ``typed`` in the build tab, the field is the box where the value was typed
    ("Hand of Ana", not ``hands[0][2]``)."""
    box = None if typed is None else typed_field(problem.field, typed, lang)
    field = box if box is not None else inert(problem.field, limit=60)
    value = inert(problem.value, limit=40)
    count = problem.value if type(problem.value) is int else None  # "1 card", "5 cards"
    try:
        return t(f"scenario_error.{problem.code}", lang, field=field, value=value, count=count)
    except KeyError:
        return t("scenario_error.wrong_phase", lang, field=field, value=value)


def story_lines(
    events: Sequence[uno.Event],
    players: Sequence[str],
    lang: str,
    viewer: int | None = None,
    *,
    public: bool = False,
) -> list[str]:
    """Each event worded in the reader's language (``players`` already made inert); with
    ``public`` (every hand is on show) a bluffer's cards are named to everyone."""
    return story_text(events, players, lang, viewer, public=public)


def story_entries_for(
    events: Sequence[uno.Event],
    players: Sequence[str],
    lang: str,
    viewer: int | None = None,
    *,
    public: bool = False,
) -> list[tuple[str, str | None]]:
    """The same lines, each with the id of the rule it applies (the table links it)."""
    return story_entries(events, players, lang, viewer, public=public)


def names(state: GameState) -> list[str]:
    """The players' names, made inert for the page."""
    return [inert(name) for name in state.players]
