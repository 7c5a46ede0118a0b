"""The ruling ids of RULES.md: the one list the engine, the tests and the lessons cite.

Each id maps to its section and, for options, the RuleSet field that switches it. The wording of
each ruling lives in content/ (in every language), never here.
"""

from __future__ import annotations

from typing import Final

from uno.rules import OPTION_RULES

__all__ = ["RULE_IDS", "SECTIONS", "rule_option", "rule_section"]

#: section -> ids, in the order of RULES.md
SECTIONS: Final[dict[str, tuple[str, ...]]] = {
    "deck_and_setup": (
        "R-DECK-1",
        "R-DECK-2",
        "R-SETUP-1",
        "R-SETUP-2",
        "R-SETUP-3",
        "R-SETUP-4",
        "R-SETUP-5",
        "R-SETUP-6",
    ),
    "turn": (
        "R-PLAY-1",
        "R-PLAY-2",
        "R-PLAY-3",
        "R-PLAY-4",
        "R-DRAW-1",
        "R-DRAW-2",
        "R-DRAW-3",
        "R-DRAW-4",
    ),
    "action_cards": ("R-ACT-1", "R-ACT-2", "R-ACT-3", "R-ACT-4", "R-ACT-5", "R-ACT-6"),
    "challenge": ("R-CHAL-1", "R-CHAL-2", "R-CHAL-3", "R-CHAL-4"),
    "uno": ("R-UNO-1", "R-UNO-2", "R-UNO-3"),
    "scoring": ("R-END-1", "R-SCORE-1", "R-SCORE-2", "R-SCORE-3"),
    "penalties": ("R-PEN-1", "R-PEN-2"),
    "house_rules": ("H-STACK", "H-70", "H-JUMP", "H-NOBLUFF", "H-DRAWPLAY"),
}

RULE_IDS: Final[tuple[str, ...]] = tuple(i for ids in SECTIONS.values() for i in ids)

_OPTIONS: Final[dict[str, str]] = {rule: option for option, rule in OPTION_RULES.items()}


def rule_section(rule_id: str) -> str:
    for section, ids in SECTIONS.items():
        if rule_id in ids:
            return section
    raise KeyError(rule_id)


def rule_option(rule_id: str) -> str | None:
    """The RuleSet field that switches this ruling to another reading, if any."""
    return _OPTIONS.get(rule_id)
