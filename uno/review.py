"""The review of a round ("Review my round"): how good was each decision one seat took.

``review(start, actions, seat)`` replays ``actions`` (action texts, as a scenario's
``history`` keeps them) from the state ``start`` and judges every decision ``seat`` took that
had more than one option, from what the seat could know at that moment only: its ``InfoSet``
(its hand, the table, every hand's size) and what it saw the others draw and play in the round
(``uno.expert.note_of``, the log the expert reads), never the hands shown later. It returns one
``Verdict`` per decision: the move, the expert's move, both chances to win the round, the
points of chance lost and a grade.

How one decision is judged:

1. **The expert's move**: the expert's own search (``uno.expert.search``, its default budget,
   racing), seeded per decision; its first move is ``best``. When the move played is that move,
   its chance is the search's estimate, the loss 0, and nothing more is spent.
2. **Any other move** (a candidate of the search, or a move it does not weigh: a wild with a
   colour it did not try, a play that forgets "Uno", a 7 swapped with a seat it did not try) is
   played out with the expert's move in the same deals, as many of them, ``REVIEW_STEPS``
   simulated actions in all: both chances rest on the same deals and playouts (the search's
   playout policy), so their difference, the loss, is measured with less noise than either.
   Two moves instead of every candidate: the budget buys two to four times more deals.
3. A decision with a single option (nothing playable: draw) is skipped. Saying "Uno" late, a
   catch and a jump-in, made out of turn, are moves the expert always makes: graded "best",
   with the chance after them.

Grades (``GRADES``) by the points of chance lost (``THRESHOLDS``): under 3 "best", under 5
"good", under 8 "inaccuracy", under 20 "mistake", 20 or more "blunder". The noise decides the
first: the same decisions reviewed with seeds 0 and 1 (benchmarks/review.py, 30 rounds of
``greedy`` and ``random`` players at 3 and 4 seats, 360 decisions) gave losses that differ by 0
for half of them, by 1.6 points or less for 90% and 2.8 or less for 95%: a loss under 3 points
is within the noise of a move as good as the expert's. The others measure the game: a whole
round's skill is worth about 10 points (the expert wins 35% at four seats where ``greedy``
wins 25%), so 8 points lost in one decision is a mistake; forgetting "Uno" in a two-player
game costs 6 to 16 points (2 cards drawn), drawing instead of playing one's last card 33 to 57.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from uno.actions import Action, parse_action
from uno.cards import KIND_OF
from uno.engine import Table, rng_for
from uno.expert import (
    DEFAULT_STEPS,
    MIN_STEPS,
    PLAYOUT_LIMIT,
    InfoSet,
    MoveAdvice,
    Note,
    deal_world,
    note_of,
    playout_bots,
    search,
)
from uno.fast import MATCHING
from uno.history import NEXT_ROUND, replay
from uno.state import GameState, Phase
from uno.strategy import Strategy, play_round

__all__ = [
    "GRADES",
    "REVIEW_STEPS",
    "THRESHOLDS",
    "Verdict",
    "decision_rule",
    "grade_of",
    "review",
    "weigh",
]

#: The grades, best first.
GRADES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The points of chance lost (0-100) under which each grade but the last is given (see the
#: module's docstring for why these).
THRESHOLDS: Final = (3.0, 5.0, 8.0, 20.0)
#: What measuring a move other than the expert's costs: this many actions simulated by the
#: playouts of both moves (about 0.15 s on one core).
REVIEW_STEPS: Final = 100_000

_PLAY, _DRAWN, _CHALLENGE, _CHOOSE = Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE, Phase.CHOOSE_COLOR
_OVER: Final = (Phase.ROUND_OVER, Phase.GAME_OVER)
#: Moves made out of turn: the expert always makes them (``Strategy.catch`` and ``jump`` are 1).
_OUT_OF_TURN: Final = frozenset({"uno", "catch", "jump"})
_WD4: Final = 5  # Kind.WILD_DRAW_FOUR
_NO_RNG: Final = random.Random(0)  # the playout policy draws nothing; Strategy.move wants one


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision of the seat reviewed, judged.

    ``step`` is its index in ``actions``; ``move`` what was played, ``best`` the expert's move
    there; ``chance`` and ``best_chance`` their estimated chances to win the round (0 to 1),
    from ``playouts`` and ``best_playouts`` playouts of which ``wins`` and ``best_wins`` were
    won (``interval()`` and ``best_interval()``: their 95% Wilson intervals); ``loss`` the
    points of chance lost (0-100: ``best_chance - chance`` in points, never below 0, 0 when
    the move is the expert's); ``grade`` one of ``GRADES`` (``grade_of(loss)``); ``rule`` the
    ruling the decision was about (``decision_rule``), None for a plain choice of card."""

    step: int
    move: Action
    best: Action
    chance: float
    best_chance: float
    loss: float
    grade: str
    rule: str | None
    wins: int
    playouts: int
    best_wins: int
    best_playouts: int

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The Wilson interval of ``chance`` (95% by default)."""
        return MoveAdvice(self.move, self.chance, self.wins, self.playouts).interval(z)

    def best_interval(self, z: float = 1.96) -> tuple[float, float]:
        """The Wilson interval of ``best_chance`` (95% by default)."""
        best = MoveAdvice(self.best, self.best_chance, self.best_wins, self.best_playouts)
        return best.interval(z)


def grade_of(loss: float) -> str:
    """The grade of a decision that lost ``loss`` points of chance (``THRESHOLDS``)."""
    for grade, under in zip(GRADES, THRESHOLDS, strict=False):
        if loss < under:
            return grade
    return GRADES[-1]


# -- which ruling a decision was about -------------------------------------------------------
def _is_wd4(a: Action) -> bool:
    return a.verb == "play" and a.card is not None and KIND_OF[a.card] == _WD4


def decision_rule(state: GameState, move: Action, best: Action) -> str | None:
    """The ruling (an id of ``uno.rulebook.RULE_IDS``) the decision of ``move`` on ``state``
    was about, ``best`` being the expert's move there; None for a plain choice of card.

    What the decision was, by its phase and the moves: ``R-CHAL-1`` challenge or accept a Wild
    Draw Four, ``H-STACK`` stack or take a penalty, ``R-SETUP-5`` the first colour, ``H-JUMP``
    a jump-in, ``R-UNO-2`` a catch, ``R-UNO-3`` "Uno" said late, ``R-UNO-1`` "Uno" forgotten
    with the play that leaves one card. Otherwise what tells ``move`` and ``best`` apart:
    ``R-DRAW-1`` keep or play the drawn card, ``R-PLAY-4`` a Wild Draw Four against another
    move (its legality), ``H-70`` the seat a 7 swaps with, ``R-ACT-4`` the colour a wild
    names, ``R-DRAW-2`` drawing while a card could be played. When they are the same move,
    what it involved, in that order, and ``R-UNO-1`` for "Uno" said as one plays."""
    verb = move.verb
    if verb == "jump":
        return "H-JUMP"
    if verb == "catch":
        return "R-UNO-2"
    if verb == "uno":
        return "R-UNO-3"
    phase = state.phase
    if phase is _CHOOSE:
        return "R-SETUP-5"
    if phase is _CHALLENGE:
        return "H-STACK" if "play" in (verb, best.verb) else "R-CHAL-1"
    if state.pending_draw:
        return "H-STACK"
    t = Table.from_state(state, record=False)
    if (
        verb == "play"
        and move.card is not None
        and not move.uno
        and t.cards_after(move.seat, move.card, move.target) == 1
    ):
        return "R-UNO-1"  # "Uno" forgotten
    anytime = state.rules.wd4_anytime
    if move != best:
        if phase is _DRAWN and verb != best.verb:
            return "R-DRAW-1"
        if move.card is not None and move.card == best.card and verb == best.verb:
            if move.target != best.target:
                return "H-70"
            if move.color != best.color:
                return "R-ACT-4"
            return None
        if not anytime and (_is_wd4(move) or _is_wd4(best)):
            return "R-PLAY-4"
        if "draw" in (verb, best.verb):
            return "R-DRAW-2"
        return None
    if phase is _DRAWN:
        return "R-DRAW-1"
    if not anytime and _is_wd4(move):
        return "R-PLAY-4"
    if move.target is not None:
        return "H-70"
    if move.color is not None:
        return "R-ACT-4"
    if verb == "draw" and t.playable(move.seat):
        return "R-DRAW-2"
    if move.uno:
        return "R-UNO-1"
    return None


# -- playing moves out -----------------------------------------------------------------------
def _play_out(t: Table, bots: Sequence[Strategy], limit: int) -> tuple[int, int]:
    """Play the round on ``t`` to its end as the search's playouts do (``play_round``):
    (the winner, or -1 past ``limit`` actions; the actions made)."""
    actions, _ = play_round(t, bots, _NO_RNG, limit)
    return (t.turn if t.phase in _OVER else -1), actions


def _drawn_card(world: Table) -> None:
    """A world dealt for a seat other than the one to act, in phase ``drawn``, does not know
    the card drawn (it lies unseen in that player's hand): take one of its cards that can be
    played, or, when it was dealt none, swap one in from the draw pile."""
    if world.phase is not _DRAWN or world.drawn is not None:
        return
    hand = world.hands[world.turn]
    accepts = MATCHING[world.color][world.discard[-1]]
    for card in reversed(hand):
        if card in accepts:
            world.drawn = card
            return
    for i, card in enumerate(world.draw):
        if card in accepts and hand:
            world.draw[i], hand[-1] = hand[-1], card
            world.drawn = card
            return
    world.phase = _PLAY  # no card that fits anywhere: the turn goes on as if it were kept
    world.turn = world.after(world.turn)


def _weigh(
    info: InfoSet,
    moves: Sequence[Action],
    rng: random.Random,
    *,
    worlds: int | None,
    budget: int,
) -> list[tuple[int, int]]:
    """(wins, playouts) of each of ``moves`` for ``info.seat``, all played out in the same
    deals (``uno.expert.deal_world``): ``worlds`` of them, or as many as ``budget`` simulated
    actions allow (a playout counting ``MIN_STEPS`` at least, as in the search)."""
    seat = info.seat
    bots = playout_bots(seat, len(info.sizes))
    wins = [0] * len(moves)
    spent = done = 0
    while done < worlds if worlds is not None else spent < budget:
        world = deal_world(info, rng)
        _drawn_card(world)
        for i, move in enumerate(moves):
            t = world.copy()
            t.act(move)
            if t.phase in _OVER:
                winner, used = t.turn, 1
            else:
                winner, used = _play_out(t, bots, PLAYOUT_LIMIT)
            wins[i] += winner == seat
            spent += max(used, MIN_STEPS)
        done += 1
    return [(w, done) for w in wins]


def weigh(
    info: InfoSet, moves: Sequence[Action], rng: random.Random, worlds: int
) -> list[tuple[int, int]]:
    """(wins, playouts) of each of ``moves`` (legal now for ``info.seat``), every one played
    out in the same ``worlds`` deals of what the seat cannot see, by the search's playout
    policy: what the review measures a move with, and the puzzles (``uno.academy.puzzles``)
    their candidates. The same ``rng`` state gives the same counts."""
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number, 1 or more, not {worlds!r}")
    return _weigh(info, moves, rng, worlds=worlds, budget=0)


# -- the review ------------------------------------------------------------------------------
def _verdict(
    step: int,
    state: GameState,
    move: Action,
    best: Action,
    won: tuple[int, int],
    best_won: tuple[int, int],
) -> Verdict:
    chance = won[0] / won[1]
    best_chance = best_won[0] / best_won[1]
    loss = 0.0 if move == best else max(0.0, (best_chance - chance) * 100)
    return Verdict(
        step=step,
        move=move,
        best=best,
        chance=chance,
        best_chance=best_chance,
        loss=loss,
        grade=grade_of(loss),
        rule=decision_rule(state, move, best),
        wins=won[0],
        playouts=won[1],
        best_wins=best_won[0],
        best_playouts=best_won[1],
    )


def _judge(
    step: int,
    state: GameState,
    move: Action,
    log: Sequence[Note],
    rollouts: int | None,
    seed: int,
) -> Verdict | None:
    """The verdict on ``move`` (``move.seat``'s) made on ``state``; None for a forced move."""
    info = InfoSet.observe(Table.from_state(state, record=False), move.seat, log)
    deals = rng_for(seed, f"review:{step}")
    if move.verb in _OUT_OF_TURN:  # the expert always makes it: its chance only
        alone = _weigh(info, [move], deals, worlds=rollouts, budget=DEFAULT_STEPS)[0]
        return _verdict(step, state, move, move, alone, alone)
    advice = search(info, rng_for(seed, f"expert:{step}"), rollouts=rollouts)
    best = advice[0]
    if move == best.action:
        if len(advice) == 1:
            return None  # a single option
        won = (best.wins, best.rollouts)
        return _verdict(step, state, move, move, won, won)
    worlds = None if rollouts is None else max(1, rollouts // 2)
    pair = _weigh(info, [move, best.action], deals, worlds=worlds, budget=REVIEW_STEPS)
    return _verdict(step, state, move, best.action, pair[0], pair[1])


def review(
    start: GameState,
    actions: Sequence[str | Action],
    seat: int,
    *,
    rollouts: int | None = None,
    seed: int = 0,
) -> list[Verdict]:
    """One ``Verdict`` per decision ``seat`` took in ``actions`` (action texts or Actions,
    taken in order from ``start``; ``"next round"`` deals the next round), in their order. A
    move with a single option is skipped. Each decision is judged from what ``seat`` could know
    when it was taken (its ``InfoSet``, and what it saw the others do in that round), never
    from the hands shown later: the same public game gives the same verdicts whatever the
    hidden hands and the draw pile held.

    Budget of a decision: the expert's search at its default budget and, for a move other than
    the expert's, ``REVIEW_STEPS`` simulated actions of both moves; ``rollouts`` instead: that
    many playouts for the search and as many for the two moves. The same arguments give the
    same verdicts; another ``seed``, other deals. Raises ValueError for a seat or a budget out
    of range, and the engine's error (``NotationError``, ``IllegalAction``) for an action that
    cannot be taken where it comes.

    >>> import uno
    >>> start = uno.load_scenario({"players": 2, "hands": [["R5"], ["B1", "G4"]],
    ...                            "discard_pile": ["R3"], "seed": 1})
    >>> [(v.move.verb, v.best.verb, v.grade, v.rule) for v in review(start, ["0: draw"], 0)]
    [('draw', 'play', 'blunder', 'R-DRAW-2')]
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < start.n_players:
        raise ValueError(f"seat must be a whole number from 0 to {start.n_players - 1}")
    if rollouts is not None and (
        isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1
    ):
        raise ValueError(f"rollouts must be a whole number, 1 or more, or None, not {rollouts!r}")
    steps = replay(start, [str(a) for a in actions])
    verdicts: list[Verdict] = []
    log: list[Note] = []
    before = start
    for index, played in enumerate(steps):
        if played.action == NEXT_ROUND:
            log.clear()  # what was seen is of the last round's hands
        else:
            move = parse_action(played.action, before)
            if move.seat == seat:
                verdict = _judge(index, before, move, tuple(log), rollouts, seed)
                if verdict is not None:
                    verdicts.append(verdict)
            note = note_of(before, played.events, played.state)
            if note is not None:
                log.append(note)
        before = played.state
    return verdicts
