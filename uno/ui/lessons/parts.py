"""What a lesson's explanation, board and quiz share: the characters' names, the links to the
rules, the explanation's card rows, how an answer reads, and the verdict's words."""

from __future__ import annotations

import re
from typing import Any, Final

import streamlit as st

from uno.academy.i18n import card_label, t
from uno.academy.lessons import Verdict
from uno.academy.scoring import Message
from uno.cards import Card
from uno.state import GameState
from uno.ui.cards import show_cards
from uno.ui.words import inert

__all__ = [
    "CARD_ROW",
    "DEFAULT_NAMES",
    "feedback",
    "names_of",
    "option_label",
    "player_name",
    "rule_links",
    "said",
    "show_explanation",
]

#: A line of a lesson's Markdown drawn as a row of cards: ``[[R7 G7]]``.
CARD_ROW: Final = re.compile(r"^\[\[([A-Za-z0-9 ]+)\]\]$")
#: The players of a board or question that has no scenario, in seat order.
DEFAULT_NAMES: Final = ("Ana", "Ben", "Léa", "Max")


def player_name(name: str, lang: str) -> str:
    """Lesson characters have a name in each language (Léa is Леа in Russian)."""
    try:
        return t(f"lesson.name.{name}", lang)
    except KeyError:
        return name


def names_of(state: GameState | None, count: int, lang: str) -> list[str]:
    """The players' names, in the reader's language: the scenario's, or the first ``count``
    default names when there is no scenario."""
    raw = list(state.players) if state is not None else list(DEFAULT_NAMES[:count])
    return [player_name(n, lang) for n in raw]


def rule_links(rule_ids: tuple[str, ...], lang: str) -> str:
    """The note "Rules:", then a link to each ruling on the reference page."""
    links = [f"[{rule_id}](reference?lang={lang}#{rule_id.lower()})" for rule_id in rule_ids]
    return f"{t('lessons.rules_note', lang)} " + " · ".join(links)


def show_explanation(markdown: str, lang: str) -> None:
    """Markdown, with ``[[R7 G7]]`` lines drawn as card rows by the shared renderer."""
    block: list[str] = []
    for line in markdown.splitlines():
        match = CARD_ROW.match(line.strip())
        if match:
            if block:
                st.markdown("\n".join(block))
                block = []
            show_cards([Card(code) for code in match.group(1).split()], lang, caption=True)
        else:
            block.append(line)
    if block:
        st.markdown("\n".join(block))


def option_label(option: str, names: list[str], lang: str, words: dict[str, Any]) -> str:
    """How an option reads: a card's name, "Draw a card", "Catch Ben", a player's name..."""
    parts = option.split()
    if parts[0] == "play":
        return card_label(Card(parts[1]), lang)
    if parts[0] == "draw":
        return t("lessons.draw", lang)
    if parts[0] == "pass":
        return t("lessons.pass", lang)
    if parts[0] == "catch":
        return t("lessons.catch", lang, name=names[int(parts[1])])
    if option in words.get("board", {}).get("options", {}):
        return str(words["board"]["options"][option])
    if option.isdigit() and int(option) < len(names):
        return names[int(option)]
    return option


def feedback(verdict: Verdict, right_text: str, wrong_text: str, lang: str) -> None:
    """The verdict on a board's answer: right, refused by a rule (with its link), or wrong."""
    if verdict.right:
        st.success(f"**{t('lessons.right', lang)}** {right_text}")
    elif verdict.reason is not None:
        st.error(
            f"**{t('lessons.refused', lang)}** {t(f'reason.{verdict.reason}', lang)}  \n"
            + rule_links((verdict.rule,) if verdict.rule else (), lang)
        )
    else:
        st.warning(f"**{t('lessons.wrong', lang)}** {wrong_text}")


def said(message: Message, lang: str) -> str:
    """What a service said (``uno.academy.services``), in the reader's language; its values are
    user text (a pupil's first name, a class's name), made inert."""
    return t(message.key, lang, **{name: inert(value) for name, value in message.values.items()})
