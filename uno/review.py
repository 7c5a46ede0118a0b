"""The review of a round ("Review my round", issue 39) under its own name: ``uno.review`` is
``uno.expert``'s review, which lives beside the search it builds on (``uno.expert.review``,
``Verdict``, the grades and their thresholds, ``decision_rule``, ``weigh``). See
``uno.expert``'s section "the review of a round" for how a decision is judged and why the
grades' thresholds are these.

>>> import uno
>>> start = uno.load_scenario({"players": 2, "hands": [["R5"], ["B1", "G4"]],
...                            "discard_pile": ["R3"], "seed": 1})
>>> [(v.move.verb, v.best.verb, v.grade, v.rule) for v in review(start, ["0: draw"], 0)]
[('draw', 'play', 'blunder', 'R-DRAW-2')]
"""

from __future__ import annotations

from uno.expert import (
    GRADES,
    REVIEW_STEPS,
    THRESHOLDS,
    Verdict,
    decision_rule,
    grade_of,
    review,
    settle_drawn,
    weigh,
)

__all__ = [
    "GRADES",
    "REVIEW_STEPS",
    "THRESHOLDS",
    "Verdict",
    "decision_rule",
    "grade_of",
    "review",
    "settle_drawn",
    "weigh",
]
