"""The ``expert`` computer player: a determinized Monte Carlo search on the engine's fast path.

How one decision is made (``Expert.decide`` on a Table, ``advise`` on a GameState):

1. **What the seat knows, and nothing more**, becomes an ``InfoSet``: its own hand, the discard
   pile, the number of cards in every hand and in the draw pile, the colour, turn, direction,
   phase, pending penalty, the Wild Draw Four to answer (who played it and the colour before
   it, not whether it was a bluff), who can be caught, the scores and the rules. The other
   hands and the draw pile are only a multiset of *unseen* cards (sorted), and the game's seed
   (which would tell the next reshuffles) is left out. The search reads nothing else, so it
   cannot peek.
2. **Candidates**: every move the rules allow this seat now (each playable card, with the
   colours worth naming for a wild and the seats worth swapping with for a 7 under H-70;
   drawing; keeping a drawn card; challenging or accepting a Wild Draw Four; the first colour).
   A move that leaves one card always says "Uno".
3. **Worlds**: each sample deals the unseen cards at random into the other hands (their sizes
   are known) and the draw pile, in a random order: one world consistent with what the seat
   knows. When the round's log is kept (``uno.simulate``; ``log_of`` for a game played through
   ``uno.apply``, as the app does), it also keeps to what the seat saw the others do
   (``read_log``): a seat that drew held no card it could play (and, with ``READ_PLAYS`` on, as
   by default, a seat that played a card held none it could play worth more points, until one
   of its plays shows it does not play so). Whether a Wild Draw Four being answered was a bluff
   follows from the hand dealt to its player.
4. **Playouts**: in each world every candidate is made, then the round is played to its end on
   the engine's working Table by a fast policy for every seat (``color_keeper``: the colour
   held most; a wild only when no coloured card fits; no bluff; a challenge when the odds say
   so; a forgotten "Uno" caught at once). All candidates meet the same worlds, so their
   difference is measured with less noise.
5. **Choice**: the move that wins the round in the most worlds, unless it does not beat the
   move the playout policy itself would make by ``MARGIN`` standard errors of the (paired)
   difference: then that move, as the search found nothing clearly better. Three kinds of move
   need ``STRICT`` standard errors, as the playouts misjudge them (measured against the true
   hands by benchmarks/departures.py): a challenge (its reference is ``accept``), and drawing
   or a wild when the policy plays a coloured card.

The budget is ``rollouts`` playouts, or by default ``DEFAULT_STEPS`` simulated actions (so a big
table, whose rounds are longer, gets fewer playouts in about the same time): a decision takes
at most about 0.3 s on one core. ``seconds`` adds a wall-clock limit (then the result also
depends on the machine's speed). The same seed gives the same decision.

It optimises the chance of winning the round (emptying its hand first), also in a game played to
a target score.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from math import floor, sqrt
from typing import Any, ClassVar, Final

from uno.actions import Action, parse_action
from uno.cards import CARDS, COLOR_OF, COLORS, KIND_OF, POINTS_OF, WD4_INDEX, Card, Color
from uno.engine import Table, rng_for, shuffle
from uno.fast import MATCHING, OF_COLOR, SEVEN_OR_ZERO
from uno.heuristics import ColorKeeper, Greedy
from uno.history import NEXT_ROUND, replay
from uno.rules import RuleSet
from uno.state import Challenge, Event, GameState, Phase
from uno.strategy import Strategy, carry_out, play_round

__all__ = [
    "DEFAULT_STEPS",
    "GRADES",
    "REVIEW_STEPS",
    "THRESHOLDS",
    "Expert",
    "InfoSet",
    "MoveAdvice",
    "Verdict",
    "advise",
    "candidates",
    "deal_world",
    "decision_rule",
    "grade_of",
    "log_of",
    "note_of",
    "review",
    "settle_drawn",
    "weigh",
]

#: The default budget of one decision, in actions simulated by the playouts, when some hand
#: is down to ``ENDGAME`` cards (``EARLY`` times less before): about 0.1 to 0.3 s on one core.
DEFAULT_STEPS: Final = 40_000
#: A playout longer than this counts as a round not won (R-DRAW-4 allows endless rounds).
PLAYOUT_LIMIT: Final = 1_000
#: How often the search takes it that a player who could bluff with a Wild Draw Four (R-PLAY-4)
#: does: a world where the Wild Draw Four being answered is a bluff is that much less likely.
BLUFF_PRIOR: Final = 0.15
#: The full budget is spent once a hand is down to this many cards (the moves then decide the
#: round); before, ``EARLY`` times less, as a move weighs less and the worlds differ more.
ENDGAME: Final = 4
EARLY: Final = 8
_DEALS: Final = 30  # worlds dealt at most to find one (the last is kept)
#: A playout counts as at least this many simulated actions: dealing a world and copying the
#: table cost about that much, so a round about to end (playouts of one or two actions) does
#: not take ten times longer to decide.
MIN_STEPS: Final = 8
#: H-70: how many seats a 7 is tried with (those holding the fewest cards).
SWAP_TARGETS: Final = 3

_PLAY, _DRAWN, _CHALLENGE, _CHOOSE = Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE, Phase.CHOOSE_COLOR
_ROUND_OVER, _GAME_OVER = Phase.ROUND_OVER, Phase.GAME_OVER
_WD4: Final = 5  # Kind.WILD_DRAW_FOUR


# -- what one seat knows ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InfoSet:
    """Everything ``seat`` may know at this point of the round, and nothing more: its own hand,
    the public table, and the cards it cannot see as one sorted multiset (``unseen``: the other
    hands and the draw pile together, in no order). Two situations that differ only in where the
    unseen cards lie give equal InfoSets."""

    rules: RuleSet
    players: tuple[str, ...]
    seat: int
    hand: tuple[Card, ...]
    sizes: tuple[int, ...]  # cards in each hand (``sizes[seat] == len(hand)``)
    discard: tuple[Card, ...]
    draw_size: int
    unseen: tuple[Card, ...]  # sorted
    color: int  # -1: none named yet
    turn: int
    direction: int
    phase: Phase
    drawn: Card | None  # phase drawn: the card this seat just drew
    pending: int
    challenge: tuple[int, Color] | None  # a Wild Draw Four to answer: its player, colour before
    exposed: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    #: What the seat has seen the others do (``read_log``): for each seat, groups of its cards
    #: as (how many, the cards none of them can be). Empty: nothing known.
    known: tuple[tuple[tuple[int, frozenset[Card]], ...], ...] = ()

    @classmethod
    def observe(cls, t: Table, seat: int, log: Sequence[Note] | None = None) -> InfoSet:
        """What ``seat`` knows of the table ``t`` (and of the round's ``log``, if kept)."""
        every: Counter[Card] = Counter(t.draw)
        for hand in t.hands:
            every.update(hand)
        every.update(t.discard)
        every.subtract(t.hands[seat])
        every.subtract(t.discard)
        unseen = tuple(sorted(every.elements()))
        chal = t.challenge
        return cls(
            rules=t.rules,
            players=t.players,
            seat=seat,
            hand=tuple(t.hands[seat]),
            sizes=tuple(len(h) for h in t.hands),
            discard=tuple(t.discard),
            draw_size=len(t.draw),
            unseen=unseen,
            color=t.color,
            turn=t.turn,
            direction=t.direction,
            phase=t.phase,
            drawn=t.drawn if seat == t.turn else None,
            pending=t.pending,
            challenge=None if chal is None else (chal.player, chal.previous_color),
            exposed=tuple(sorted(t.exposed)),
            scores=tuple(t.scores),
            dealer=t.dealer,
            known=() if not log else read_log(log, [len(h) for h in t.hands], seat),
        )

    @classmethod
    def of_state(cls, state: GameState, seat: int | None = None) -> InfoSet:
        """What ``seat`` (default: the player to act) knows of ``state``."""
        t = Table.from_state(state, record=False)
        return cls.observe(t, state.turn if seat is None else seat)


# -- what the others were seen to do ----------------------------------------------------------
#: One note of a round's log, made in phase play with nothing pending: (seat, cards, its hand
#: size before, cards drawn, whether its turn ended without a play, the card played or -1).
#: A draw: as players draw by choice only rarely, the seat held none of ``cards``, those that
#: could be played then. A play: ``cards`` are those that could be played then and are worth
#: more points than the card played; a player who plays its most valuable card (``greedy``,
#: and many people) held none of them. A seat of -1: hands changed owners (H-70), what was
#: known is forgotten.
Note = tuple[int, frozenset[Card], int, int, bool, int]
_FORGET: Final[Note] = (-1, frozenset(), 0, 0, False, -1)
_NOTHING: Final[frozenset[Card]] = frozenset()
_PLAYABLE_BUT_WD4: Final = tuple(
    tuple(cards - {CARDS[WD4_INDEX]} for cards in row) for row in MATCHING
)
_WORTH_MORE: Final = tuple(
    frozenset(c for c in CARDS if POINTS_OF[c] > POINTS_OF[card]) for card in CARDS
)


def watched_moves(
    strategies: Sequence[Strategy], log: list[Note]
) -> list[Callable[[Table, random.Random], bool]]:
    """The seats' ``move`` functions for a driver that keeps the round's ``log`` for strategies
    that read it (``Strategy.watches``): each move made is noted (``Note``) when it is a draw
    or a play in phase play with nothing pending, and the strategies that watch are given the
    log. Only public facts go in the log (who drew or played, on which card and colour, and
    whether they then played)."""

    def watched(bot: Strategy) -> Callable[[Table, random.Random], bool]:
        def move(t: Table, rng: random.Random) -> bool:
            seat = t.turn
            noting = t.phase is _PLAY and not t.pending
            if noting:
                accepts = _PLAYABLE_BUT_WD4[t.color][t.discard[-1]]
                before = len(t.hands[seat])
                played = len(t.discard)
            over = bot.move_with_log(t, rng, log) if bot.watches else bot.move(t, rng)
            if over:
                return True
            if noting:
                note = _note(t, seat, accepts, before, played)
                if note is not None:
                    log.append(note)
            return False

        return move

    return [watched(bot) for bot in strategies]


def _note(t: Table, seat: int, accepts: frozenset[Card], before: int, played: int) -> Note | None:
    """The note of the move ``seat`` just made on ``t`` in phase play with nothing pending (it
    had ``before`` cards, ``accepts`` could be played, the discard pile held ``played``)."""
    if len(t.discard) == played:  # a draw (no card went down)
        return (seat, accepts, before, len(t.hands[seat]) - before, t.phase is not _DRAWN, -1)
    if len(t.discard) != played + 1:  # the pile was shuffled into the draw pile
        return None
    card = t.discard[-1]  # a card from the hand went down
    if t.rules.seven_zero and card in SEVEN_OR_ZERO:
        return _FORGET
    return (seat, _WORTH_MORE[card] & accepts, before, 0, True, card)


def note_of(before: GameState, events: Sequence[Event], after: GameState) -> Note | None:
    """The note ``watched_moves`` keeps of one step of a game played through ``uno.apply``
    (``events`` led from ``before`` to ``after``): a draw or a play of the seat to act, in phase
    play with nothing pending; None for any other step (a reaction out of turn, a colour named,
    "Uno" said, a challenge answered) or one that ended the round."""
    seat = before.turn
    if before.phase is not _PLAY or before.pending_draw or after.is_over:
        return None
    if not any(
        (e.type == "played" or (e.type == "drew" and e.get("reason") == "draw"))
        and e.get("seat") == seat
        for e in events
    ) or any(e.type == "jumped_in" for e in events):
        return None
    t = Table.from_state(before, record=False)
    accepts = _PLAYABLE_BUT_WD4[t.color][t.discard[-1]]
    moved = Table.from_state(after, record=False)
    return _note(moved, seat, accepts, len(t.hands[seat]), len(t.discard))


def log_of(steps: Iterable[tuple[GameState, Sequence[Event], GameState]]) -> list[Note]:
    """The log of the last round of a game played through ``uno.apply``, as ``watched_moves``
    keeps it: ``steps`` are (state, the events of one action on it, the state after), in order.
    A strategy that reads the log (``Strategy.watches``, ``uno.bots.next_bot_move``'s ``log``)
    and ``advise`` read what the others were seen to do from it; only public facts go in."""
    log: list[Note] = []
    for before, events, after in steps:
        if before.is_over:  # the next round: what was seen is of other hands
            log.clear()
            continue
        note = note_of(before, events, after)
        if note is not None:
            log.append(note)
    return log


def read_log(
    log: Sequence[Note], sizes: Sequence[int], seat: int
) -> tuple[tuple[tuple[int, frozenset[Card]], ...], ...]:
    """What ``seat`` can tell of the other hands from the ``log``: for each seat, groups of
    its cards as (count, cards none of them can be), the counts adding up to ``sizes``. A seat
    that drew on a card and colour holds none of the cards playable then, as it would have
    played one (its newer cards are not known), but for a Wild Draw Four (it may have been a
    bluff, and players seldom bluff); cards that left a hand leave its newest group first (a
    card just drawn is the likeliest to be played), a card seen played the newest group that
    may hold it.

    With ``READ_PLAYS``, a seat that played a card held no card that could be played then and
    is worth more points (it plays its most valuable card, as ``greedy`` does), until it plays
    a card that what was read says it cannot hold: then it does not play so, and what was
    known of its hand is forgotten (its later draws are read again, its plays no more)."""
    n = len(sizes)
    groups: list[list[list[Any]]] = [[] for _ in range(n)]
    if not READ_PLAYS:
        log = [note for note in log if note[5] < 0]  # the draws only
    reads = [True] * n  # its plays are read (until one is seen to contradict them)

    def settle(s: int, size: int) -> None:
        total = sum(g[0] for g in groups[s])
        if total < size:
            groups[s].append([size - total, _NOTHING])
        while total > size:
            last = groups[s][-1]
            take = min(last[0], total - size)
            last[0] -= take
            total -= take
            if not last[0]:
                del groups[s][-1]

    for who, accepts, before, drawn, ended, card in log:
        if who < 0:
            groups = [[] for _ in range(n)]
            continue
        settle(who, before)
        mine = groups[who]
        if card >= 0:  # a play: the card leaves the newest group that may hold it
            i = next((i for i in range(len(mine) - 1, -1, -1) if card not in mine[i][1]), -1)
            if i < 0:  # no group may hold it: what was read is wrong
                groups[who] = []
                reads[who] = False
                continue
            mine[i][0] -= 1
            if not mine[i][0]:
                del mine[i]
            if not reads[who]:
                continue
        for g in mine:
            g[1] = g[1] | accepts
        if drawn > 1 or (drawn == 1 and ended):
            mine.append([drawn - (not ended), accepts])
        if drawn >= 1 and not ended:
            mine.append([1, _NOTHING])  # the playable card drawn
    out: list[tuple[tuple[int, frozenset[Card]], ...]] = []
    for s in range(n):
        settle(s, sizes[s])
        if s == seat:
            out.append(())
        else:
            out.append(tuple((g[0], g[1]) for g in groups[s] if g[1]))
    return tuple(out)


def _deal_known(pool: list[Card], info: InfoSet) -> tuple[list[list[Card]], list[Card]]:
    """Deal the shuffled ``pool`` into the other hands and the draw pile so that each group of
    ``info.known`` gets cards it can hold (the most constrained first; when too few fit, any)."""
    taken = [False] * len(pool)
    hands: list[list[Card]] = [[] for _ in info.sizes]
    wants = [
        (len(banned), s, count, banned)
        for s, groups in enumerate(info.known)
        for count, banned in groups
    ]
    wants.sort(key=lambda w: -w[0])
    for _, s, count, banned in wants:
        got = hands[s]
        for i, card in enumerate(pool):
            if count == 0:
                break
            if not taken[i] and card not in banned:
                taken[i] = True
                got.append(card)
                count -= 1
        for i in range(len(pool)):  # too few cards fit: the knowledge was wrong, take any
            if count == 0:
                break
            if not taken[i]:
                taken[i] = True
                got.append(pool[i])
                count -= 1
    rest = [card for i, card in enumerate(pool) if not taken[i]]
    start = 0
    for s, size in enumerate(info.sizes):
        if s == info.seat:
            hands[s] = list(info.hand)
            continue
        need = size - len(hands[s])
        hands[s].extend(rest[start : start + need])
        start += need
    return hands, rest[start:]


def deal_world(info: InfoSet, rng: random.Random) -> Table:
    """One world consistent with ``info``: the unseen cards dealt at random into the other
    hands and the draw pile (in a random order), as a working Table with a fresh seed for its
    reshuffles. A Wild Draw Four being answered is a bluff in this world when the hand dealt to
    its player holds the colour that was to match (R-CHAL-2); as players bluff only now and
    then, such a world is kept with the chance ``BLUFF_PRIOR`` (else dealt again): the
    likelihood of the Wild Draw Four having been played, given the hand."""
    seat = info.seat
    chal = info.challenge
    for _ in range(_DEALS):
        pool = list(info.unseen)
        shuffle(pool, rng)
        if info.known:
            hands, draw = _deal_known(pool, info)
        else:
            hands = []
            start = 0
            for s, size in enumerate(info.sizes):
                if s == seat:
                    hands.append(list(info.hand))
                else:
                    hands.append(pool[start : start + size])
                    start += size
            draw = pool[start:]
        if chal is None or OF_COLOR[chal[1]].isdisjoint(hands[chal[0]]):
            break
        if rng.random() < BLUFF_PRIOR:
            break
    challenge = None
    if info.challenge is not None:
        player, previous = info.challenge
        guilty = not OF_COLOR[previous].isdisjoint(hands[player])
        challenge = Challenge(player, previous, guilty)
    return Table(
        rules=info.rules,
        players=info.players,
        hands=hands,
        draw=draw,  # draw.pop() is the next card: any order is as likely
        discard=list(info.discard),
        color=info.color,
        turn=info.turn,
        direction=info.direction,
        phase=info.phase,
        scores=list(info.scores),
        dealer=info.dealer,
        seed=floor(rng.random() * 2**53),
        shuffles=0,
        drawn=info.drawn,
        pending=info.pending,
        challenge=challenge,
        exposed=list(info.exposed),
    )


# -- the candidates --------------------------------------------------------------------------
def _colours_worth_naming(hand: Sequence[Card], card: Card) -> tuple[Color, ...]:
    """The colours to try after a wild: those still held (most held first); every colour when
    the hand keeps no coloured card; one when the wild is the last card (the round is won)."""
    if len(hand) == 1:
        return (COLORS[0],)
    counts = [0, 0, 0, 0]
    for c in hand:
        if c < 52:
            counts[COLOR_OF[c]] += 1
    held = sorted((i for i in range(4) if counts[i]), key=lambda i: -counts[i])
    return tuple(COLORS[i] for i in held) if held else COLORS


def _play_variants(t: Table, seat: int, card: Card) -> list[Action]:
    hand = t.hands[seat]
    colours: Sequence[Color | None] = _colours_worth_naming(hand, card) if card >= 52 else (None,)
    targets: list[int | None] = [None]
    if t.swaps(seat, card):
        others = [(seat + step * t.direction) % t.n for step in range(1, t.n)]
        others.sort(key=lambda s: len(t.hands[s]))  # stable: the nearest first on a tie
        targets = list(others[:SWAP_TARGETS])
    out: list[Action] = []
    for target in targets:
        uno = t.cards_after(seat, card, target) == 1  # R-UNO-1: always said
        for colour in colours:
            out.append(Action(seat, "play", card, colour, target, uno))
    return out


def candidates(t: Table, seat: int) -> list[Action]:
    """The moves ``seat`` may make now on its turn (every one legal under the table's rules):
    the playable cards (wild colours and 7-0 targets narrowed as in ``_play_variants``), then
    ``draw`` / ``pass``, or ``challenge`` / ``accept``, or the four colours of phase
    ``choose_color``. Empty when it is not ``seat``'s turn or the round is over."""
    phase = t.phase
    if seat != t.turn or phase is _ROUND_OVER or phase is _GAME_OVER:
        return []
    if phase is _CHOOSE:
        return [Action(seat, "color", color=c) for c in COLORS]
    out: list[Action] = []
    if phase is _CHALLENGE:
        out.append(Action(seat, "challenge"))
        out.append(Action(seat, "accept"))
    for card in t.playable(seat):
        out.extend(_play_variants(t, seat, card))
    if phase is _DRAWN:
        out.append(Action(seat, "pass"))
    elif phase is _PLAY:
        out.append(Action(seat, "draw"))
    return out


# -- the playout policy ----------------------------------------------------------------------
class _ByOdds(Strategy):
    """A playout's player challenges a Wild Draw Four when the odds say it pays."""

    def _challenges(self, t: Table, seat: int) -> bool:
        return _odds_challenge(t, seat)


@dataclass(frozen=True)
class _Playout(_ByOdds, ColorKeeper):
    """Every seat in a playout: ``color_keeper`` (the colour held most, played and named; a
    wild only when no coloured card fits), no bluff, always "Uno", catches at once, jumps in
    when it can, and challenges a Wild Draw Four when the odds say it pays (computed from what
    the challenger can see of the world: its hand and the discard pile)."""

    name: str = field(default="playout", init=False)


def _odds_challenge(t: Table, seat: int) -> bool:
    """Challenge when the chance of guilt makes it pay (``uno.odds.challenge_advice``'s
    threshold), that chance computed from what the challenger can see of the world (its hand
    and the discard pile) and weighted by how rarely players bluff (``BLUFF_PRIOR``)."""
    chal = t.challenge
    assert chal is not None
    colour = int(chal.previous_color)
    good = pool = 0
    for s, hand in enumerate(t.hands):
        if s != seat:
            pool += len(hand)
            for c in hand:
                good += COLOR_OF[c] == colour
    pool += len(t.draw)
    for c in t.draw:
        good += COLOR_OF[c] == colour
    clean = 1.0  # the chance that a random hand of its size holds none of that colour
    for i in range(len(t.hands[chal.player])):
        if pool - i <= 0:
            break
        clean *= max(0, pool - good - i) / (pool - i)
    guilty = BLUFF_PRIOR * (1.0 - clean)
    return guilty / (guilty + clean) > 2 / (t.pending + 2)


@dataclass(frozen=True)
class _GreedyPlayout(_ByOdds, Greedy):
    """The other seats in a playout when ``OTHERS`` is 1: ``greedy`` (the playable card worth
    the most points; the colour worth the most named), otherwise as ``_Playout``."""

    name: str = field(default="greedy_playout", init=False)


_POLICY: Final = _Playout()
_OTHER_POLICIES: Final[tuple[Strategy, ...]] = (_POLICY, _GreedyPlayout())
_NO_RNG: Final = random.Random(0)  # the playout policy draws nothing; Strategy.move wants one


def playout_bots(seat: int, players: int) -> tuple[Strategy, ...]:
    """Who plays each seat in the playouts of ``seat``'s search: ``seat`` itself as its policy
    (``color_keeper``), the others as ``OTHERS`` says."""
    other = _OTHER_POLICIES[OTHERS]
    return tuple(_POLICY if s == seat else other for s in range(players))


def _playout(
    t: Table, bots: Sequence[Strategy], limit: int, rng: random.Random = _NO_RNG
) -> tuple[int, int]:
    """Play the round on ``t`` to its end: (the winner or -1 past ``limit`` actions, actions).
    ``uno.strategy.play_round`` makes the moves, its commonest ones on the lean path."""
    actions, _ = play_round(t, bots, rng, limit)
    if t.phase is _ROUND_OVER or t.phase is _GAME_OVER:
        return t.turn, actions  # end_round gives the turn to the winner
    return -1, limit


# -- the search ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MoveAdvice:
    """One move weighed by the search.

    ``action`` is the move (an ``Action`` of the seat advised, legal now); ``win_rate`` the share
    of the playouts after it in which that seat won the round, an estimate of its chance of
    winning the round with this move (0 to 1); ``wins`` and ``rollouts`` the counts behind it
    (``rollouts`` is 0 when it was the only move, then ``win_rate`` is NaN); ``interval()`` the
    95% Wilson interval around ``win_rate``; ``bluff`` is True for a Wild Draw Four played while
    holding the colour to match (R-PLAY-4: a challenge would catch it)."""

    action: Action
    win_rate: float
    wins: int
    rollouts: int
    bluff: bool = False

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval of ``win_rate`` (95% by default)."""
        n = self.rollouts
        if n == 0:
            return (0.0, 1.0)
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def _is_bluff(info: InfoSet, action: Action) -> bool:
    card = action.card
    if card is None or KIND_OF[card] != _WD4 or info.rules.wd4_anytime or info.color < 0:
        return False
    return not OF_COLOR[info.color].isdisjoint(info.hand)


#: The expert keeps the move its playout policy would make unless another one wins more
#: often in the same worlds by this many standard errors of the difference (paired test).
MARGIN: Final = 0.5
#: ... and by this many for the moves the playouts misjudge (``_departs``): drawing while a
#: coloured card could be played, a wild while a coloured card fits, a challenge.
STRICT: Final = 5.0


def _prior(world: Table, moves: Sequence[Action]) -> int | None:
    """The index among ``moves`` of the move the playout policy makes (phases play and drawn;
    ``accept`` when a Wild Draw Four is to be answered), or None: the move the search must beat
    clearly to be chosen instead."""
    if world.phase is _CHALLENGE:
        for i, move in enumerate(moves):
            if move.verb == "accept":
                return i
        return None
    if world.phase is not _PLAY and world.phase is not _DRAWN:
        return None
    action = _POLICY.decide(world.copy(), _NO_RNG)  # reads only its own hand and the table
    for i, move in enumerate(moves):
        if move == action:
            return i
    return None


#: The settings of the search a measure may change (benchmarks/strength.py ``--set``): each is
#: read when a decision is made.
TUNABLE: Final = (
    "DEFAULT_STEPS",
    "EARLY",
    "ENDGAME",
    "MARGIN",
    "DROP",
    "BATCH",
    "BLUFF_PRIOR",
    "STRICT",
    "READ_PLAYS",
    "OTHERS",
)

#: How the other seats play in the playouts: 0 (the default) as the seat itself does
#: (``color_keeper``), 1 as ``greedy`` (their most valuable card first). Measured at four
#: seats against three ``greedy``, seed 2, 1,500 rounds: +1.1 points (-1.7 to +3.9); with
#: ``READ_PLAYS`` on, seed 11, 3,000 rounds: +0.3 points (-1.8 to +2.3).
OTHERS: Final = 0

#: 1 (the default): the others' plays are read too, as those of a player who plays its most
#: valuable card (``read_log``); 0: only their draws are. Measured at four seats against three
#: ``greedy`` (3,000 rounds each): -0.9 points on seed 1, +2.1 on seed 7, +1.5 on seed 8, +2.2
#: on seed 2 (35.2% against 34.0% over the 12,000 rounds).
READ_PLAYS: Final = 1
#: Racing: every ``BATCH`` worlds, a move behind the reference by more than ``DROP`` standard
#: errors of the paired difference is no longer played out.
DROP: Final = 2.0
BATCH: Final = 8


def _departs(move: Action, policy: Action) -> bool:
    """True for the moves the playouts misjudge, measured against the true hands
    (benchmarks/departures.py): a challenge (the playouts' players bluff as often as
    ``BLUFF_PRIOR`` says; the computer players never do), and, instead of the policy's
    coloured card, drawing or a wild (the playouts undervalue the card kept)."""
    if move.verb == "challenge":
        return True
    if policy.verb != "play" or policy.card is None or policy.card >= 52:
        return False
    return move.verb == "draw" or (move.card is not None and move.card >= 52)


def _paired(a: int, b: int, worlds: int) -> tuple[float, float]:
    """Mean and standard error of (a won - b won) over the first ``worlds`` worlds (bit masks)."""
    ahead = (a & ~b).bit_count()
    behind = (b & ~a).bit_count()
    mean = (ahead - behind) / worlds
    var = (ahead + behind) / worlds - mean * mean
    return mean, sqrt(max(var, 0.0) / worlds)


def search(
    info: InfoSet,
    rng: random.Random,
    *,
    rollouts: int | None = None,
    seconds: float | None = None,
    steps: int | None = None,
    race: bool = True,
) -> list[MoveAdvice]:
    """Weigh every candidate of ``info.seat`` (see the module's docstring) with ``rollouts``
    playouts in all (default: ``steps`` simulated actions in all, ``DEFAULT_STEPS`` unless
    given), within ``seconds`` if given. ``race=False`` plays every candidate in every world
    (no move dropped early): slower to decide, but every estimate rests on as many playouts.
    Returns the advice for every candidate, best first (the first is the move to make)."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    if steps is None:
        steps = DEFAULT_STEPS
    base = deal_world(info, rng)
    moves = candidates(base, info.seat)
    if not moves:
        return []
    if len(moves) == 1:
        return [MoveAdvice(moves[0], float("nan"), 0, 0, _is_bluff(info, moves[0]))]
    k = len(moves)
    prior = _prior(base, moves)
    won = [0] * k  # bit w: the seat won the round in world w after this move
    plays = [0] * k
    alive = list(range(k))
    seat = info.seat
    bots = playout_bots(seat, len(info.sizes))
    worlds = spent = 0
    if rollouts is not None:
        budget = rollouts
    elif min(info.sizes) <= ENDGAME:
        budget = steps
    else:
        budget = steps // EARLY
    while True:
        world = deal_world(info, rng)
        bit = 1 << worlds
        for i in alive:
            t = world.copy()
            t.act(moves[i])  # raises IllegalAction if a candidate were not legal
            if t.phase is _ROUND_OVER or t.phase is _GAME_OVER:
                winner, used = t.turn, 1
            else:
                winner, used = _playout(t, bots, PLAYOUT_LIMIT)
            if winner == seat:
                won[i] |= bit
            plays[i] += 1
            spent += 1 if rollouts is not None else max(used, MIN_STEPS)
        worlds += 1
        if spent >= budget or (deadline is not None and time.perf_counter() > deadline):
            break
        if race and worlds % BATCH == 0 and len(alive) > 1:
            # Racing: a move clearly worse than the reference (the policy's move, or the best
            # so far) in the same worlds is dropped, so the budget goes to the close calls.
            ref = prior if prior is not None else max(alive, key=lambda i: won[i].bit_count())
            keep = []
            for i in alive:
                mean, se = _paired(won[i], won[ref], worlds) if i != ref else (0.0, 0.0)
                if i == ref or mean + DROP * se >= 0:
                    keep.append(i)
            alive = keep
            if len(alive) == 1:
                break
    wins = [w.bit_count() for w in won]
    order = sorted(range(k), key=lambda i: (-plays[i], -wins[i], i))
    best = order[0]
    if prior is not None and best != prior:
        mean, se = _paired(won[best], won[prior], worlds)
        if mean <= (STRICT if _departs(moves[best], moves[prior]) else MARGIN) * se:
            order.remove(prior)
            order.insert(0, prior)  # not clearly better: keep the policy's move
    return [
        MoveAdvice(moves[i], wins[i] / plays[i], wins[i], plays[i], _is_bluff(info, moves[i]))
        for i in order
    ]


def _check_budget(rollouts: object, seconds: object) -> None:
    if rollouts is not None and (
        isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1
    ):
        raise ValueError(f"rollouts must be a whole number, 1 or more, or None, not {rollouts!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise ValueError(f"seconds must be a positive number of seconds, or None, not {seconds!r}")


def advise(
    state: GameState,
    seat: int | None = None,
    *,
    rollouts: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    race: bool = True,
    log: Sequence[Note] = (),
) -> list[MoveAdvice]:
    """The expert's view of ``seat``'s moves now (default: the player to act), best first.

    One ``MoveAdvice`` per candidate move (every playable card, with the colours worth naming
    for a wild and the seats worth swapping with under H-70, then ``draw`` or ``pass``, or
    ``challenge`` and ``accept``): its ``action``, its estimated chance of winning the round
    (``win_rate``), and the playouts behind it (``wins``, ``rollouts``, ``interval()``). The
    first is the move the ``expert`` strategy makes. Candidates dropped early by the search have
    fewer playouts and come after those that went on. A single possible move comes back alone
    with 0 playouts. An empty list: ``seat`` has nothing to decide now (not its turn, or the
    round is over).

    Only what ``seat`` may know is used (its hand, the discard pile, the number of cards in each
    hand and in the draw pile, the public state): never the other hands or the draw pile's
    order. Budget: ``rollouts`` playouts in all, by default ``DEFAULT_STEPS`` simulated actions
    (at most about 0.3 s); ``seconds`` caps the wall-clock time. The same state, seat, budget
    and ``seed`` give the same advice (unless ``seconds`` cut it short). ``race=False``: no
    move is dropped early for being clearly worse, so each one's ``win_rate`` rests on as many
    playouts as the best one's (what a reader is shown should; the strategy races). ``log``:
    the round so far (``log_of``), so the search keeps to what ``seat`` saw the others do.
    """
    _check_budget(rollouts, seconds)
    seat = state.turn if seat is None else seat
    if state.is_over or seat != state.turn:
        return []
    info = InfoSet.observe(Table.from_state(state, record=False), seat, log)
    return search(info, random.Random(seed), rollouts=rollouts, seconds=seconds, race=race)


# -- the strategy ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Expert(Strategy):
    """``expert`` (registered by that name in ``uno.bots.STRATEGIES``): the move ``advise``
    ranks first, searched with ``rollouts`` / ``seconds`` (see the module's docstring). It
    always says "Uno" (unless ``forget_uno``), catches and jumps in as the other strategies do
    (``catch``, ``jump``), and decides challenges and bluffs by its search (the ``challenge``
    and ``bluff`` options are not used)."""

    name: str = field(default="expert", init=False)
    rollouts: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_budget(self.rollouts, self.seconds)

    def decide(self, t: Table, rng: random.Random, log: Sequence[Note] | None = None) -> Action:
        seat = t.turn
        info = InfoSet.observe(t, seat, log)  # the search sees this, never ``t``
        sub = random.Random(floor(rng.random() * 2**53))
        best = search(info, sub, rollouts=self.rollouts, seconds=self.seconds)[0].action
        if best.uno and self.forget_uno and rng.random() < self.forget_uno:
            best = best._replace(uno=False)
        return best

    watches: ClassVar[bool] = True

    def move(self, t: Table, rng: random.Random) -> bool:
        return carry_out(t, self.decide(t, rng))

    def move_with_log(self, t: Table, rng: random.Random, log: Sequence[Note]) -> bool:
        return carry_out(t, self.decide(t, rng, log))

    def decide_with_log(self, t: Table, rng: random.Random, log: Sequence[Note]) -> Action:
        return self.decide(t, rng, log)


# -- the review of a round ("Review my round") -------------------------------------------------
# How good was each decision one seat took.
#
# ``review(start, actions, seat)`` replays ``actions`` (action texts, as a scenario's
# ``history`` keeps them) from the state ``start`` and judges every decision ``seat`` took that
# had more than one option, from what the seat could know at that moment only: its ``InfoSet``
# (its hand, the table, every hand's size) and what it saw the others draw and play in the round
# (``uno.expert.note_of``, the log the expert reads), never the hands shown later. It returns one
# ``Verdict`` per decision: the move, the expert's move, both chances to win the round, the
# points of chance lost and a grade.
#
# How one decision is judged:
#
# 1. **The expert's move**: the expert's own search (``uno.expert.search``, its default budget,
#    racing), seeded per decision; its first move is ``best``. When the move played is that move,
#    its chance is the search's estimate, the loss 0, and nothing more is spent.
# 2. **Any other move** (a candidate of the search, or a move it does not weigh: a wild with a
#    colour it did not try, a play that forgets "Uno", a 7 swapped with a seat it did not try) is
#    played out with the expert's move in the same deals, as many of them, ``REVIEW_STEPS``
#    simulated actions in all: both chances rest on the same deals and playouts (the search's
#    playout policy), so their difference, the loss, is measured with less noise than either.
#    Two moves instead of every candidate: the budget buys two to four times more deals.
# 3. A decision with a single option (nothing playable: draw) is skipped. Saying "Uno" late, a
#    catch and a jump-in, made out of turn, are moves the expert always makes: graded "best",
#    with the chance after them.
#
# Grades (``GRADES``) by the points of chance lost (``THRESHOLDS``): under 3 "best", under 5
# "good", under 8 "inaccuracy", under 20 "mistake", 20 or more "blunder". The noise decides the
# first: the same decisions reviewed with seeds 0 and 1 (benchmarks/review.py, 30 rounds of
# ``greedy`` and ``random`` players at 3 and 4 seats, 360 decisions) gave losses that differ by 0
# for half of them, by 1.6 points or less for 90% and 2.8 or less for 95%: a loss under 3 points
# is within the noise of a move as good as the expert's. The others measure the game: a whole
# round's skill is worth about 10 points (the expert wins 35% at four seats where ``greedy``
# wins 25%), so 8 points lost in one decision is a mistake; forgetting "Uno" in a two-player
# game costs 6 to 16 points (2 cards drawn), drawing instead of playing one's last card 33 to 57.

#: The grades, best first.
GRADES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The points of chance lost (0-100) under which each grade but the last is given (see the
#: module's docstring for why these).
THRESHOLDS: Final = (3.0, 5.0, 8.0, 20.0)
#: What measuring a move other than the expert's costs: this many actions simulated by the
#: playouts of both moves (about 0.15 s on one core).
REVIEW_STEPS: Final = 100_000

_OVER: Final = (Phase.ROUND_OVER, Phase.GAME_OVER)
#: Moves made out of turn: the expert always makes them (``Strategy.catch`` and ``jump`` are 1).
_OUT_OF_TURN: Final = frozenset({"uno", "catch", "jump"})


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


def settle_drawn(world: Table) -> None:
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
        settle_drawn(world)
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
    policy: what the review measures a move with. The same ``rng`` state gives the same
    counts."""
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
    progress: Callable[[int, int], None] | None = None,
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
    same verdicts; another ``seed``, other deals. ``progress(done, total)``, when given, is
    called after each of ``seat``'s moves is judged (``total``: its moves in ``actions``, a
    forced one counted too), so a page can draw a progress bar; an exception it raises stops
    the review. Raises ValueError for a seat or a budget out of range, and the engine's error
    (``NotationError``, ``IllegalAction``) for an action that cannot be taken where it comes.

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
    moves: list[Action | None] = []
    before = start
    for played in steps:
        moves.append(None if played.action == NEXT_ROUND else parse_action(played.action, before))
        before = played.state
    total = sum(1 for move in moves if move is not None and move.seat == seat)
    done = 0
    verdicts: list[Verdict] = []
    log: list[Note] = []
    before = start
    for index, played in enumerate(steps):
        move = moves[index]
        if move is None:
            log.clear()  # what was seen is of the last round's hands
        else:
            if move.seat == seat:
                verdict = _judge(index, before, move, tuple(log), rollouts, seed)
                if verdict is not None:
                    verdicts.append(verdict)
                done += 1
                if progress is not None:
                    progress(done, total)
            note = note_of(before, played.events, played.state)
            if note is not None:
                log.append(note)
        before = played.state
    return verdicts
