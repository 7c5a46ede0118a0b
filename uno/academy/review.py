"""Review my round, the app's side (no Streamlit): which seat and which moves a finished round
gives to review, the review as a job (``Request``: one round, or every pupil's of a room, with
its progress), what the page shows of it and in which words, and the moment to try again.

- ``round_of(match, seat)``: the round shown by a ``Match`` (its first state and its moves), for
  one seat; ``review_seat(match)``: the seat "my round" means on a table;
- ``Request(rounds).work(progress)``: ``uno.review.review`` of each round at the app's budget
  (``budget()``: ``UNO_ACADEMY_REVIEW_ROLLOUTS`` playouts a decision, else the engine's
  default), reporting ``(done, total)`` decision by decision, for the job board;
- ``RoundReview``: the verdicts with ``accuracy`` (the share of decisions graded best or good,
  see ``ACCURATE``), the ``key_moments`` (the largest losses, up to three), the children's
  ``stars``;
- the words: ``did_text`` (what was done), ``better_text`` (the better move, the coach's own
  words: ``uno.academy.coach.move_words``), ``grade_text``, ``worst_text`` (the teacher's line);
  the command line says its verdicts with the same functions;
- ``try_again``: the moment before a decision as a sandbox situation, as that seat saw it (the
  other hands hidden, the seat to move, the others computer players); in a room the hidden
  cards are dealt anew from what the seat knew (``redeal``), so nothing hidden leaves the
  server.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Final

from uno.academy.coach import move_words
from uno.academy.i18n import percent, t
from uno.academy.match import Match
from uno.academy.table_setup import TableSetup
from uno.engine import Table, rng_for
from uno.errors import ScenarioError
from uno.expert import InfoSet, deal_world
from uno.history import replay
from uno.review import GRADES, Verdict, review, settle_drawn
from uno.scenario import dump_scenario
from uno.setup import check_names
from uno.state import GameState

__all__ = [
    "ACCURATE",
    "KEY_MOMENTS",
    "ROLLOUTS",
    "ROLLOUTS_ENV",
    "Request",
    "Round",
    "RoundReview",
    "accuracy",
    "better_text",
    "budget",
    "chances_text",
    "did_text",
    "grade_text",
    "key_moments",
    "lost_text",
    "review_round",
    "review_seat",
    "round_of",
    "round_stars",
    "stars",
    "try_again",
    "worst_text",
]

#: The environment variable that sets the playouts of each decision (tests, a slow server).
ROLLOUTS_ENV: Final = "UNO_ACADEMY_REVIEW_ROLLOUTS"
#: The playouts of each decision when the variable is not set: None is the engine's default
#: budget (``uno.review``: about 5 s for 30 decisions on one core). Tests lower it.
ROLLOUTS: int | None = None
#: The grades that count as accurate: a move that lost under 5 points of chance to win (the
#: noise of the estimate is about 3).
ACCURATE: Final = ("best", "good")
#: How many key moments a review puts first.
KEY_MOMENTS: Final = 3
#: The seed of every review: the same round gives the same review to every reader.
SEED: Final = 0
#: Who plays the other seats when a moment is tried again: a computer player for each person
#: (``None`` in the match) and for the classroom's friendly players (not a sandbox strategy).
PERSON_BOT: Final = "greedy"
KIND_BOT: Final = "save_wilds"


def budget() -> int | None:
    """The playouts each decision gets: ``UNO_ACADEMY_REVIEW_ROLLOUTS`` (1 to 100,000) when
    set, else ``ROLLOUTS``."""
    raw = os.environ.get(ROLLOUTS_ENV, "")
    if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= 100_000:
        return int(raw)
    return ROLLOUTS


# -- the round to review ---------------------------------------------------------------------
@dataclass(frozen=True)
class Round:
    """One seat's round to review: the state it ``start``-ed from, the ``actions`` played from
    it (texts), the ``seat``, who played each seat (``seats``, as a ``Match`` says: None for a
    person) and their ``names`` (as the page shows them)."""

    start: GameState
    actions: tuple[str, ...]
    seat: int
    seats: tuple[str | None, ...]
    names: tuple[str, ...]

    @property
    def decisions(self) -> int:
        """The seat's moves in the round (a forced one counted): the progress's total."""
        return sum(1 for text in self.actions if _seat_of(text) == self.seat)

    def fingerprint(self) -> str:
        """What tells this round apart from any other (the job board's key): its game, its
        seat, who played and their names (the review carries them)."""
        data = [dump_scenario(self.start), self.actions, self.seat, self.seats, self.names]
        text = json.dumps(data, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _seat_of(text: str) -> int | None:
    head, colon, _ = text.partition(":")
    return int(head) if colon and head.strip().isdigit() else None


def review_seat(match: Match) -> int | None:
    """The seat whose round "Review my round" reviews on a table: the screen's own seat, else
    the person who moved last (``Match.reader``); None when no person plays."""
    seat = match.reader()
    return seat if seat is not None and match.seats[seat] is None else None


def round_of(match: Match, seat: int, names: Sequence[str] | None = None) -> Round | None:
    """The round the match shows (from its first move to the move shown), for ``seat``; None
    when it has no move yet. ``names``: as the page shows them (default: the state's)."""
    first = match.round_start()
    moves = match.steps[first : match.index]
    if not moves:
        return None
    start = match.steps[first - 1].state if first else match.start
    shown = tuple(names) if names is not None else match.state.players
    return Round(start, tuple(step.action for step in moves), seat, match.seats, shown)


# -- the review ------------------------------------------------------------------------------
def accuracy(verdicts: Sequence[Verdict]) -> float | None:
    """The share (0 to 1) of the decisions graded best or good (``ACCURATE``); None for none."""
    if not verdicts:
        return None
    return sum(v.grade in ACCURATE for v in verdicts) / len(verdicts)


def key_moments(verdicts: Sequence[Verdict], most: int = KEY_MOMENTS) -> list[Verdict]:
    """The decisions that cost the most: the largest losses first (the earlier move first when
    equal), up to ``most``; a decision graded best (as good as the expert's move, within the
    noise) is never one."""
    costly = [v for v in verdicts if v.grade != GRADES[0]]
    return sorted(costly, key=lambda v: (-v.loss, v.step))[:most]


def stars(grade: str) -> int:
    """A decision's stars for children: 3 for best or good, 2 for an inaccuracy or a mistake,
    1 for a blunder."""
    if grade in ACCURATE:
        return 3
    return 1 if grade == GRADES[-1] else 2


def round_stars(share: float | None) -> int:
    """A round's stars for children, by its accuracy: 3 from 80%, 2 from 50%, else 1."""
    if share is None or share >= 0.8:
        return 3
    return 2 if share >= 0.5 else 1


@dataclass(frozen=True)
class RoundReview:
    """A round reviewed: its verdicts, and the state before each of its moves."""

    round: Round
    verdicts: tuple[Verdict, ...]
    states: tuple[GameState, ...]

    @property
    def accuracy(self) -> float | None:
        return accuracy(self.verdicts)

    @property
    def key_moments(self) -> list[Verdict]:
        return key_moments(self.verdicts)

    @property
    def stars(self) -> int:
        return round_stars(self.accuracy)

    def before(self, verdict: Verdict) -> GameState:
        """The state the decision was taken on."""
        return self.states[verdict.step]


def review_round(
    round: Round,
    progress: Callable[[int, int], None] | None = None,
    *,
    rollouts: int | None = None,
    seed: int = SEED,
) -> RoundReview:
    """``uno.review.review`` of ``round`` (its seat's decisions, from what it could see)."""
    verdicts = review(
        round.start, round.actions, round.seat, rollouts=rollouts, seed=seed, progress=progress
    )
    steps = replay(round.start, round.actions)
    states = (round.start, *(step.state for step in steps[:-1]))
    return RoundReview(round, tuple(verdicts), states)


@dataclass(frozen=True)
class Request:
    """A review asked of the job board: one round (a player's), or several (every pupil of a
    room, for the teacher), at one budget."""

    rounds: tuple[Round, ...]
    rollouts: int | None = None

    @classmethod
    def of(cls, *rounds: Round) -> Request:
        """A request at the app's budget (``budget()``)."""
        return cls(tuple(rounds), budget())

    @property
    def key(self) -> tuple[str, ...]:
        """The job board's key: the same rounds at the same budget are reviewed once."""
        return ("review", str(self.rollouts), *(r.fingerprint() for r in self.rounds))

    def work(self, progress: Callable[[int, int], None] | None = None) -> tuple[RoundReview, ...]:
        """Review every round; ``progress(done, total)`` after each decision, over them all."""
        total = sum(r.decisions for r in self.rounds)
        done = 0
        out = []
        for round in self.rounds:

            def step(mine: int, _: int, before: int = done) -> None:
                if progress is not None:
                    progress(before + mine, total)

            out.append(review_round(round, step, rollouts=self.rollouts))
            done += round.decisions
        return tuple(out)


# -- the words -------------------------------------------------------------------------------
def _forgot_uno(verdict: Verdict) -> bool:
    """The expert says "Uno" with the same play (the move forgot it)."""
    move, best = verdict.move, verdict.best
    return best.uno and not move.uno and best.card == move.card


def did_text(verdict: Verdict, lang: str, names: Sequence[str], *, kids: bool = False) -> str:
    """What the seat did ("You played the Red 5 without saying “Uno!”"); no final stop."""
    did = move_words(verdict.move, lang, names, kids=kids, past=True)
    if _forgot_uno(verdict):
        did = t("review.kids.no_uno" if kids else "review.no_uno", lang, did=did)
    return did


def better_text(verdict: Verdict, lang: str, names: Sequence[str], *, kids: bool = False) -> str:
    """The expert's move in the coach's words ("Play the Red 5, and say “Uno!” as you play
    it"; children: "Play the Red 5! Then press UNO!")."""
    move = move_words(verdict.best, lang, names, kids=kids)
    if verdict.best.uno and not verdict.move.uno:
        if kids:
            return f"{move} {t('coach.kids.uno', lang)}"
        return t("review.with_uno", lang, move=move)
    return move


def grade_text(grade: str, lang: str) -> str:
    """A grade in words ("blunder", "gaffe", "зевок"): adults' and the command line's only."""
    return t(f"review.grade.{grade}", lang)


def lost_text(verdict: Verdict, lang: str) -> str:
    """The points of chance lost, in words with their plural ("11 points of chance lost")."""
    return t("review.lost", lang, count=round(verdict.loss))


def chances_text(verdict: Verdict, lang: str) -> str:
    """ "31% to win; 54% with the better move (23 points of chance lost).\""""
    return t(
        "review.chances",
        lang,
        share=percent(verdict.chance, lang),
        best=percent(verdict.best_chance, lang),
        lost=lost_text(verdict, lang),
    )


def worst_text(verdict: Verdict | None, lang: str, names: Sequence[str]) -> str:
    """The teacher's line for a pupil's costliest decision: its move number, grade, the chance
    lost and the better move, never a card the pupil did not hold ("—" for none)."""
    if verdict is None:
        return t("review.teacher.nothing", lang)
    return t(
        "review.teacher.worst_line",
        lang,
        step=verdict.step + 1,
        grade=grade_text(verdict.grade, lang),
        lost=lost_text(verdict, lang),
        move=better_text(verdict, lang, names),
    )


# -- trying a moment again -------------------------------------------------------------------
def _bot(name: str | None) -> str:
    return PERSON_BOT if name is None else KIND_BOT if name == "friendly" else name


def try_again(
    done: RoundReview, verdict: Verdict, *, redeal: bool = False
) -> tuple[GameState, TableSetup]:
    """The moment of ``verdict`` as a sandbox situation, as its seat saw it: the state before
    the decision, the seat's hand shown and the others hidden (``TableSetup.hide_hands``,
    ``viewer``), every other seat a computer player. ``redeal``: the other hands and the draw
    pile dealt anew from what the seat could know (``uno.expert.deal_world``, seeded by the
    move), so the situation carries no card the seat did not see (a room). The players carry
    the names the round was shown with."""
    seat = done.round.seat
    state = done.before(verdict)
    if redeal:
        info = InfoSet.observe(Table.from_state(state, record=False), seat)
        world = deal_world(info, rng_for(SEED, f"again:{verdict.step}"))
        settle_drawn(world)
        state = world.freeze()
    if state.players != done.round.names:  # a room's seats carry the pupils' names
        with suppress(ScenarioError):  # two pupils of the same name: the engine's names stay
            state = replace(state, players=check_names(list(done.round.names)))
    bots = {s: _bot(name) for s, name in enumerate(done.round.seats) if s != seat}
    return state, TableSetup(bots, hide_hands=True, viewer=seat)
