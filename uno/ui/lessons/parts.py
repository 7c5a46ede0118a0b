"""What a lesson's explanation, board and quiz share: the characters' names, the links to the
rules, the explanation's card rows, how an answer reads, and the verdict's words."""

from __future__ import annotations

import re
from typing import Any, Final

import streamlit as st

from uno.academy.i18n import card_label, card_the, t
from uno.academy.lessons import Verdict, miscount, step_for_rule
from uno.academy.scoring import Message as Said
from uno.academy.table import Message
from uno.cards import Card
from uno.state import GameState
from uno.ui.cards import show_cards
from uno.ui.words import inert

__all__ = [
    "CARD_ROW",
    "DEFAULT_NAMES",
    "miscount_text",
    "names_of",
    "option_label",
    "player_name",
    "rule_links",
    "said",
    "show_explanation",
    "show_message",
    "step_link",
    "verdict_message",
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
    """Markdown, with ``[[R7 G7]]`` lines drawn as card rows by the shared renderer; a
    section's ``###`` heading is drawn as the page's second level (the lesson's title is
    the first), so the headings go in order for a screen reader."""
    block: list[str] = []
    for line in markdown.splitlines():
        match = CARD_ROW.match(line.strip())
        if match:
            if block:
                st.markdown("\n".join(block))
                block = []
            show_cards([Card(code) for code in match.group(1).split()], lang, caption=True)
        elif line.startswith("### "):  # a section's heading, under the page's h1: an h2
            block.append("## " + line.removeprefix("### "))
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


def step_link(rule: str, lang: str, here: int) -> tuple[str, str] | None:
    """The link to the step that teaches ``rule`` (label, address): "Step 2" within the lesson
    ``here``, "Lesson 7, step 3" in another; None when no step teaches it."""
    found = step_for_rule(rule)
    if found is None:
        return None
    lesson, step = found
    label = (
        t("lessons.step_link", lang, step=step)
        if lesson == here
        else t("lessons.lesson_step_link", lang, lesson=lesson, step=step)
    )
    return label, f"lessons?lang={lang}&lesson={lesson}&step={step}"


def verdict_message(
    verdict: Verdict,
    right_text: str,
    wrong_text: str,
    look_text: str,
    lang: str,
    lesson: int,
    *,
    shown: str | None = None,
) -> Message:
    """What the lesson says about an answer, to show where the eye is (at the hand on a
    table): right; refused by a rule (the engine's reason, then what to look at in this board,
    with the ruling and the step that teaches it); or wrong (what to look at). ``shown``: the
    right answer, once two tries were wrong: the board's own words on a wrong answer come with
    it (they may name the right one)."""
    if verdict.right:
        return Message("success", f"{t('lessons.right', lang)} {right_text}")
    look = look_text or t("lessons.look_again", lang)
    if shown:
        answer = f" {t('lessons.the_answer', lang)} {shown}"
        if verdict.reason is None:
            look = wrong_text
    else:
        answer = ""
    if verdict.reason is not None:
        text = f"{t('lessons.refused', lang)} {t(f'reason.{verdict.reason}', lang)} {look}"
        links: list[tuple[str, str]] = []
        if verdict.rule:
            links.append(
                (
                    t("lessons.rule", lang, id=verdict.rule),
                    f"reference?lang={lang}#{verdict.rule.lower()}",
                )
            )
            taught = step_link(verdict.rule, lang, lesson)
            if taught is not None:
                links.append(taught)
        return Message("error", text + answer, tuple(links))
    return Message("warning", f"{t('lessons.wrong', lang)} {look}{answer}")


def show_message(message: Message) -> None:
    """A lesson's message below a board that is not a table: its words, then its links."""
    text = message.text
    if message.links:
        text += "  \n" + " · ".join(f"[{label}]({href})" for label, href in message.links)
    getattr(st, message.kind)(text)


def miscount_text(cards: tuple[Card, ...], given: int, lang: str) -> str | None:
    """What a wrong total probably miscounted ("it seems you counted the Wild as 20; it is
    worth 50"), or None when no single slip explains it."""
    slip = miscount(cards, given)
    if slip is None:
        return None
    the_card = card_the(slip.card, lang)
    if slip.twice:
        return t("lessons.miscount.twice", lang, the_card=the_card, count=slip.worth)
    if slip.counted == 0:
        return t("lessons.miscount.left_out", lang, the_card=the_card, count=slip.worth)
    counted = slip.counted
    return t("lessons.miscount.value", lang, the_card=the_card, counted=counted, count=slip.worth)


def said(message: Said, lang: str) -> str:
    """What a service said (``uno.academy.services``), in the reader's language; its values are
    user text (a pupil's first name, a class's name), made inert."""
    return t(message.key, lang, **{name: inert(value) for name, value in message.values.items()})
