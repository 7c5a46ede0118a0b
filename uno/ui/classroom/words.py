"""The children's sentences: colours with their shapes, cards, hints, what happened."""

from __future__ import annotations

from collections.abc import Sequence

from uno.academy import classroom
from uno.academy.classroom import SHAPE_GLYPH, Game
from uno.academy.i18n import card_label, t
from uno.academy.lessons import lesson_text, lessons
from uno.cards import Card, Color
from uno.state import GameState

__all__ = ["color_word", "hint_text", "kid_names", "kid_story", "lesson_title", "word"]


def color_word(lang: str, color: Color) -> str:
    """A colour always with its shape (colour-blind readers)."""
    return f"{t(f'color.{color.name}', lang)} {SHAPE_GLYPH[color]}"


def word(lang: str, value: object) -> object:
    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Color):
        return color_word(lang, value)
    return value


def hint_text(lang: str, state: GameState, seat: int) -> str | None:
    suggestion = classroom.hint(state, seat)
    if suggestion is None:
        return None
    if isinstance(suggestion, Card):
        return t("classroom.hint.card", lang, card=card_label(suggestion, lang))
    if isinstance(suggestion, Color):
        return t("classroom.hint.color", lang, color=color_word(lang, suggestion))
    return t(f"classroom.hint.{suggestion}", lang)


def kid_names(lang: str, count: int) -> list[str]:
    return [t("classroom.kids.you", lang)] + [
        t(f"classroom.bot.{i}", lang) for i in range(1, count)
    ]


def kid_story(lang: str, game: Game, names: Sequence[str], you: int | None) -> list[str]:
    """What happened since the child last decided, one short sentence each."""
    lines = []
    for event in game.log:
        line = classroom.kid_line(event, names, you)
        if line is not None:
            key, values = line
            lines.append(t(key, lang, **{k: word(lang, v) for k, v in values.items()}))
    return lines


def lesson_title(lang: str, number: int) -> str:
    for lesson in lessons():
        if lesson.number == number:
            return str(lesson_text(lesson, lang)[1]["title"])
    return ""
