"""The coach: "What would a good player do?", in words.

The expert's search (``uno.expert.advise``) weighs the moves of the seat that asks, from what
that seat may know only (its hand, the discard pile, how many cards each hand and the draw pile
hold, the public state): never the other hands or the order of the draw pile. ``advice`` runs it
with a bounded budget (``ROLLOUTS`` playouts, at most ``SECONDS``), so a click answers at once;
``coach_text`` says the best move and the estimated chance to win of the top moves ("Play the
Blue 7 and keep your Wild: 41% to win. Otherwise: 33% if you play the Wild."), and
``kids_text`` the gentle version for children (short sentences, chances as "games out of 10").
Pure: no Streamlit; cards are named by ``card_label``, numbers by the plural forms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from uno.academy.classroom import SHAPE_GLYPH
from uno.academy.i18n import card_label, card_the, number, percent, t
from uno.actions import Action
from uno.cards import Card
from uno.expert import MoveAdvice, Note, advise
from uno.state import GameState

__all__ = [
    "ROLLOUTS",
    "SECONDS",
    "SHOWN",
    "advice",
    "chance_text",
    "coach_text",
    "kids_text",
    "move_kind",
    "move_words",
]

#: The coach's budget: playouts in all (shared by the moves, the clearly worse ones dropped
#: early), and a wall-clock cap, so a click answers in well under a second on one core.
ROLLOUTS: Final = 600
SECONDS: Final = 0.8
#: How many moves the coach names: the best one and, after it, the next ones by chance to win.
SHOWN: Final = 3


def advice(
    state: GameState, seat: int | None = None, *, seed: int = 0, log: Sequence[Note] = ()
) -> list[MoveAdvice]:
    """The moves of ``seat`` (default: the player to act) weighed by the expert's search, best
    first (by estimated chance to win: the words never call a move best that another beats),
    from what that seat knows (with ``log``, the round so far: what it saw the others do);
    empty when it has nothing to decide now."""
    # No move dropped early: every chance the reader is shown rests on the same playouts.
    moves = advise(state, seat, rollouts=ROLLOUTS, seconds=SECONDS, seed=seed, race=False, log=log)
    return sorted(moves, key=lambda m: -m.win_rate if m.rollouts else 0.0)


def move_kind(action: Action) -> str:
    """What the move is, for its words: play, wild, swap, draw, pass, challenge, accept, color."""
    if action.verb in ("play", "jump"):
        card = action.card
        assert card is not None
        if action.target is not None:
            return "swap"
        return "wild" if card.color is None else "play"
    return action.verb


def move_words(
    action: Action, lang: str, names: Sequence[str], *, kids: bool = False, past: bool = False
) -> str:
    """A move in the coach's words, the one way the app says a move to make or made:
    ``coach.do.*`` ("Play the Blue 7", "Draw a card"; children: ``coach.kids.do.*``) or, with
    ``past``, what was done (``review.did.*``: "You played the Blue 7"; children:
    ``review.kids.did.*``). Cards by ``card_the``; ``names``: each seat's name, made safe for
    where the words land (a swap's or a catch's seat is named)."""
    base = ("review" if past else "coach") + (".kids" if kids else "")
    verb = "did" if past else "do"
    return t(f"{base}.{verb}.{move_kind(action)}", lang, **_values(action, lang, names, kids))


def _values(action: Action, lang: str, names: Sequence[str], kids: bool) -> dict[str, str]:
    values: dict[str, str] = {}
    if action.card is not None:
        values["card"] = card_label(action.card, lang)
        values["the_card"] = card_the(action.card, lang)  # "le 7 vert", "l’Inversion bleue"
    if action.color is not None:
        word = t(f"color.{action.color.name}", lang)
        values["color"] = f"{word} {SHAPE_GLYPH[action.color]}" if kids else word
    if action.target is not None:
        values["name"] = names[action.target]
    return values


def chance_text(action: Action, share: float, lang: str, names: Sequence[str]) -> str:
    """A move's chance in the coach's words: "41% if you play the Blue 7"."""
    return t(
        f"coach.if.{move_kind(action)}",
        lang,
        share=percent(share, lang),
        **_values(action, lang, names, False),
    )


def _kept_wild(best: Action, others: Sequence[MoveAdvice]) -> Card | None:
    """The wild the best move keeps when another named move spends one: "and keep your Wild"."""
    if best.card is not None and best.card.color is None:
        return None
    for other in others:
        card = other.action.card
        if other.action.verb == "play" and card is not None and card.color is None:
            return card
    return None


def _distinct(moves: Sequence[MoveAdvice]) -> list[MoveAdvice]:
    """One line per move as the reader sees it: the same card with another colour named (or
    another seat to swap with) is a variant, only its best kept."""
    seen: set[tuple[str, Card | None]] = set()
    out: list[MoveAdvice] = []
    for move in moves:
        key = (move.action.verb, move.action.card)
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out


def coach_text(moves: Sequence[MoveAdvice], lang: str, names: Sequence[str]) -> str | None:
    """The coach's words for ``moves`` (``advice``): the best move and its chance to win, then
    the chance of the next ones ("Otherwise: 33% if you play the Wild."), a word on "Uno" and on
    a bluff, and what the numbers rest on; when there is nothing to decide, that it is so."""
    if not moves:
        return t("coach.nothing", lang)
    best = moves[0]
    action = best.action
    kind = move_kind(action)
    values = _values(action, lang, names, kids=False)
    if best.rollouts == 0:  # the only move: nothing to weigh
        return t("coach.only", lang, move=move_words(action, lang, names))
    others = [m for m in _distinct(moves)[1:] if m.rollouts][: SHOWN - 1]
    keep = _kept_wild(action, others)
    if keep is not None and kind == "play":
        move = t("coach.do.play_keep", lang, keep=card_label(keep, lang), **values)
    else:
        move = move_words(action, lang, names)
    parts = [t("coach.best", lang, move=move, share=percent(best.win_rate, lang))]
    if others:
        options = [
            t(
                f"coach.if.{move_kind(m.action)}",
                lang,
                share=percent(m.win_rate, lang),
                **_values(m.action, lang, names, kids=False),
            )
            for m in others
        ]
        separator = t("coach.separator", lang)
        parts.append(t("coach.others", lang, options=separator.join(options)))
    if action.uno:
        parts.append(t("coach.uno", lang))
    if best.bluff:
        parts.append(t("coach.bluff", lang))
    games = sum(m.rollouts for m in moves)
    parts.append(t("coach.note", lang, count=games, number=number(games, lang)))
    return " ".join(parts)


def kids_text(moves: Sequence[MoveAdvice], lang: str, names: Sequence[str]) -> str | None:
    """The gentle version for children: what to do in one short sentence, then how often it
    wins in games out of 10 ("Like this, you win about 4 games out of 10."), and "Uno"."""
    if not moves:
        return t("coach.kids.nothing", lang)
    best = moves[0]
    action = best.action
    parts = [move_words(action, lang, names, kids=True)]
    if action.uno:
        parts.append(t("coach.kids.uno", lang))
    if best.rollouts:
        tenths = math.floor(best.win_rate * 10 + 0.5)
        if tenths <= 0:
            parts.append(t("coach.kids.hard", lang))
        elif tenths >= 10:
            parts.append(t("coach.kids.sure", lang))
        else:
            parts.append(t("coach.kids.chance", lang, count=tenths, number=number(tenths, lang)))
    return " ".join(parts)
