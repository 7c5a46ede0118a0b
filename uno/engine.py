"""The rules: ``legal_actions`` and ``apply``.

All rule code works on ``Table``, a mutable scratch copy of a GameState. ``apply`` copies the
state into a Table, runs one action, and freezes the result into a new GameState, so the state it
was given is never touched. A fast simulation can keep one Table and run many actions on it with
the very same functions (``Table.act``): one source of truth for every ruling.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import sha512
from itertools import chain, islice
from typing import Any, Final

from uno.actions import Action, parse_action
from uno.cards import (
    CARDS,
    COLOR_OF,
    COLORS,
    KIND_OF,
    POINTS_OF,
    WD4_INDEX,
    Card,
    Color,
    Kind,
    parse_card,
    parse_color,
)
from uno.errors import IllegalAction
from uno.fast import MATCHING, OF_COLOR, PLAYABLE, SEVEN_OR_ZERO, STACKABLE, matches
from uno.rules import RuleSet, game_winners
from uno.state import Challenge, Event, GameState, Phase

__all__ = [
    "Table",
    "apply",
    "card_matches",
    "is_bluff",
    "legal_actions",
    "matches",
    "play_action",
    "playable_cards",
    "rng_for",
]

_NUMBER: Final = int(Kind.NUMBER)
_SKIP: Final = int(Kind.SKIP)
_REVERSE: Final = int(Kind.REVERSE)
_DRAW_TWO: Final = int(Kind.DRAW_TWO)
_WILD: Final = int(Kind.WILD)
_WD4: Final = int(Kind.WILD_DRAW_FOUR)
_RANK7: Final = 7
_RANK0: Final = 0

PLAY, DRAWN, CHALLENGE = Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE
CHOOSE_COLOR, ROUND_OVER, GAME_OVER = Phase.CHOOSE_COLOR, Phase.ROUND_OVER, Phase.GAME_OVER


def rng_for(seed: int, step: int | str) -> random.Random:
    """The seeded generator of shuffle number ``step`` of a game: the same on every machine
    (``random.Random(f"uno:{seed}:{step}")``)."""
    text = f"uno:{seed}:{step}".encode()
    return seeded(int.from_bytes(text + sha512(text).digest()))  # Random.seed's text -> int


#: ``random.Random.seed`` less its Python-level checks: the C generator's own seeding.
_seed_c: Final = random.Random.__mro__[1].seed  # type: ignore[attr-defined]


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole number, made without ``random.py``'s Python-level
    ``__init__`` and ``seed`` (simulations make two a game); the very same generator state
    (a test compares ``getstate()``)."""
    rng = random.Random.__new__(random.Random)
    _seed_c(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place: each card gets a random key, then they are sorted by key.
    Uniform like ``random.shuffle``, and about twice as fast (``rng.random`` is C code)."""
    cards[:] = shuffled(cards, rng)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """``cards`` in the order ``shuffle`` would put them, as a new list (no copy back)."""
    keys = list(islice(iter(rng.random, 2.0), len(cards)))  # rng.random() < 1: never stops
    return list(map(cards.__getitem__, sorted(range(len(cards)), key=keys.__getitem__)))


class Table:
    """The mutable working copy of a GameState on which the rule code runs."""

    __slots__ = (
        "challenge",
        "color",
        "dealer",
        "direction",
        "discard",
        "draw",
        "drawn",
        "events",
        "exposed",
        "hands",
        "max_penalty",
        "n",
        "n_catches",
        "n_challenges",
        "n_challenges_won",
        "n_drawn",
        "pending",
        "phase",
        "players",
        "rules",
        "scores",
        "seed",
        "shuffles",
        "turn",
    )

    rules: RuleSet
    players: tuple[str, ...]
    n: int
    hands: list[list[Card]]
    draw: list[Card]  # reversed: the next card drawn is draw[-1]
    discard: list[Card]
    color: int  # -1 when no colour is named yet (phase choose_color)
    turn: int
    direction: int
    phase: Phase
    scores: list[int]
    dealer: int
    seed: int
    shuffles: int
    drawn: Card | None
    pending: int
    challenge: Challenge | None
    exposed: list[int]
    events: list[Event] | None
    n_drawn: int
    n_challenges: int
    n_challenges_won: int
    n_catches: int
    max_penalty: int

    def reset_counters(self) -> None:
        self.n_drawn = self.n_challenges = self.n_challenges_won = 0
        self.n_catches = self.max_penalty = 0

    def __init__(
        self,
        *,
        rules: RuleSet,
        players: tuple[str, ...],
        hands: list[list[Card]],
        draw: list[Card],
        discard: list[Card],
        color: int,
        turn: int,
        direction: int,
        phase: Phase,
        scores: list[int],
        dealer: int,
        seed: int,
        shuffles: int,
        drawn: Card | None = None,
        pending: int = 0,
        challenge: Challenge | None = None,
        exposed: list[int] | None = None,
        events: list[Event] | None = None,
    ) -> None:
        """A table from its fields, the lists taken as given (not copied); ``draw`` reversed
        (``draw.pop()`` is the next card); ``events`` None: nothing recorded."""
        self.rules = rules
        self.players = players
        self.n = len(players)
        self.hands = hands
        self.draw = draw
        self.discard = discard
        self.color = color
        self.turn = turn
        self.direction = direction
        self.phase = phase
        self.scores = scores
        self.dealer = dealer
        self.seed = seed
        self.shuffles = shuffles
        self.drawn = drawn
        self.pending = pending
        self.challenge = challenge
        self.exposed = [] if exposed is None else exposed
        self.events = events
        self.reset_counters()

    def copy(self) -> Table:
        """A copy to play on (the lists the rules change are copied; no events recorded),
        as a search plays one candidate move out: ``uno.expert``."""
        return Table(
            rules=self.rules,
            players=self.players,
            hands=[list(h) for h in self.hands],
            draw=list(self.draw),
            discard=list(self.discard),
            color=self.color,
            turn=self.turn,
            direction=self.direction,
            phase=self.phase,
            scores=list(self.scores),
            dealer=self.dealer,
            seed=self.seed,
            shuffles=self.shuffles,
            drawn=self.drawn,
            pending=self.pending,
            challenge=self.challenge,
            exposed=list(self.exposed),
        )

    @classmethod
    def from_state(cls, s: GameState, record: bool = True) -> Table:
        return cls(
            rules=s.rules,
            players=s.players,
            hands=[list(h) for h in s.hands],
            draw=list(reversed(s.draw_pile)),
            discard=list(s.discard_pile),
            color=-1 if s.current_color is None else int(s.current_color),
            turn=s.turn,
            direction=s.direction,
            phase=s.phase,
            scores=list(s.scores),
            dealer=s.dealer,
            seed=s.seed,
            shuffles=s.shuffles,
            drawn=s.drawn,
            pending=s.pending_draw,
            challenge=s.challenge,
            exposed=list(s.uno_exposed),
            events=[] if record else None,
        )

    def freeze(self) -> GameState:
        return GameState(
            rules=self.rules,
            players=self.players,
            hands=tuple(tuple(h) for h in self.hands),
            draw_pile=tuple(reversed(self.draw)),
            discard_pile=tuple(self.discard),
            current_color=None if self.color < 0 else COLORS[self.color],
            turn=self.turn,
            direction=self.direction,
            phase=self.phase,
            scores=tuple(self.scores),
            dealer=self.dealer,
            seed=self.seed,
            shuffles=self.shuffles,
            drawn=self.drawn,
            pending_draw=self.pending,
            challenge=self.challenge,
            uno_exposed=tuple(sorted(self.exposed)),
        )

    # -- small helpers ---------------------------------------------------------------------
    def emit(self, type: str, **fields: Any) -> None:
        if self.events is not None:
            self.events.append(Event(type, **fields))

    def after(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % self.n

    def draw_cards(self, seat: int, count: int, reason: str) -> list[Card]:
        """``seat`` draws ``count`` cards, reshuffling when the pile runs out (R-DRAW-3) and
        drawing only what exists when both piles are exhausted (R-DRAW-4)."""
        draw = self.draw
        if count == 1 and draw and self.events is None:  # the commonest draw, in simulations
            card = draw.pop()
            self.hands[seat].append(card)
            self.n_drawn += 1
            return [card]
        if len(draw) >= count:  # the usual case: no reshuffle needed
            got = draw[: -count - 1 : -1]  # the cards draw.pop() would give, in that order
            del draw[-count:]
        else:
            got = []
            for _ in range(count):
                if not draw:
                    self.reshuffle()
                    draw = self.draw
                    if not draw:
                        break
                got.append(draw.pop())
        self.hands[seat].extend(got)
        self.n_drawn += len(got)
        if self.events is not None:
            self.emit("drew", seat=seat, count=len(got), cards=tuple(got), reason=reason)
            if len(got) < count:
                self.emit("piles_empty", seat=seat, missing=count - len(got))
        return got

    def reshuffle(self) -> None:
        """R-DRAW-3: all of the discard pile but its top card becomes the new draw pile."""
        if len(self.discard) < 2:
            return
        top = self.discard[-1]
        pile = self.discard[:-1]
        shuffle(pile, rng_for(self.seed, self.shuffles))
        self.shuffles += 1
        self.draw = pile
        self.discard = [top]
        self.emit("reshuffled", count=len(pile))

    def close_windows(self, actor: int) -> None:
        """R-UNO-2: the catch window closes at the first action (other than uno/catch) of the
        next player; under ``own_next_turn`` only when the exposed player acts again."""
        if not self.exposed:
            return
        if self.rules.uno_catch_window == "own_next_turn":
            if actor in self.exposed:
                self.exposed.remove(actor)
        else:
            self.exposed.clear()

    def prune_exposed(self) -> None:
        if self.exposed:
            # A loop, not a comprehension: a comprehension would make ``self`` a cell.
            hands = self.hands
            kept = []
            for seat in self.exposed:
                if len(hands[seat]) == 1:
                    kept.append(seat)
            self.exposed = kept

    # -- what may be played ----------------------------------------------------------------
    def playable(self, seat: int) -> list[Card]:
        """The distinct cards ``seat`` may play now on their turn (bluffs included)."""
        if seat != self.turn:
            return []
        phase = self.phase
        hand = self.hands[seat]
        if phase is DRAWN:
            return [self.drawn] if self.drawn is not None else []
        if phase is CHALLENGE:
            wd4 = CARDS[WD4_INDEX]
            return [wd4] if self.rules.stacking and wd4 in hand else []
        if phase is not PLAY:
            return []
        return sorted(set(self.matching(hand)))

    def matching(self, hand: list[Card]) -> list[Card]:
        """The cards of ``hand`` (in hand order, repeats kept) that may be played in phase
        ``play``: R-PLAY-1..4, or under a pending penalty the cards that stack (H-STACK)."""
        top = self.discard[-1]
        if self.pending:  # a Wild Draw Four, or a Draw Two on a Draw Two
            return list(filter(STACKABLE[KIND_OF[top] == _DRAW_TWO], hand))
        # matches(), as a table: a wild, the colour to match, or the same number or symbol.
        return list(filter(PLAYABLE[self.color][top], hand))

    def swaps(self, seat: int, card: Card) -> bool:
        """H-70: this play of a 7 swaps hands (a 7 that is the last card swaps nothing)."""
        return (
            self.rules.seven_zero
            and KIND_OF[card] == _NUMBER
            and card % 13 == _RANK7
            and len(self.hands[seat]) > 1
        )

    def cards_after(self, seat: int, card: Card, target: int | None = None) -> int:
        """How many cards ``seat`` holds after playing ``card`` (7-0 swaps counted)."""
        hand = self.hands[seat]
        if len(hand) > 1 and self.rules.seven_zero and KIND_OF[card] == _NUMBER:
            rank = card % 13
            if rank == _RANK7 and target is not None:
                return len(self.hands[target])
            if rank == _RANK0:
                return len(self.hands[(seat - self.direction) % self.n])
        return len(hand) - 1

    def jumpers(self) -> list[int]:
        """H-JUMP: the seats that could jump in now with a card identical to the top card."""
        if not self.rules.jump_in or self.phase is not PLAY or self.pending:
            return []
        top = self.discard[-1]
        if top >= 52:
            return []
        seats = []
        for seat, hand in enumerate(self.hands):
            if seat != self.turn and top in hand:
                seats.append(seat)
        return seats

    # -- the dispatcher --------------------------------------------------------------------
    def act(self, a: Action) -> None:
        """Run one action; raise IllegalAction (the table is then to be thrown away)."""
        seat = a.seat
        if not 0 <= seat < self.n:
            raise IllegalAction("no_such_seat", "R-SETUP-1", a, players=self.n)
        phase = self.phase
        verb = a.verb
        if phase is PLAY and seat == self.turn and verb == "play":  # the common case first
            self.play(a)
            if self.exposed:
                self.prune_exposed()
            return
        if phase is ROUND_OVER or phase is GAME_OVER:
            raise IllegalAction("round_over", "R-END-1", a)
        if verb == "uno":
            self.say_uno(a)
            return
        if verb == "catch":
            self.catch(a)
            return
        if verb == "jump":
            self.jump(a)
            self.prune_exposed()
            return
        if seat != self.turn:
            if verb in ("challenge", "accept"):
                # R-CHAL-1: only the target of the Wild Draw Four may answer it.
                reason = "not_your_challenge" if phase is CHALLENGE else "nothing_to_challenge"
                raise IllegalAction(reason, "R-CHAL-1", a, turn=self.turn)
            raise IllegalAction("not_your_turn", "R-SETUP-3", a, turn=self.turn)
        if phase is CHOOSE_COLOR:
            if verb != "color" or a.color is None:
                raise IllegalAction("must_choose_color", "R-SETUP-5", a)
            self.close_windows(seat)
            self.color = int(a.color)
            self.phase = PLAY
            self.emit("color_named", seat=seat, color=a.color)
            return
        if verb == "color":
            raise IllegalAction("no_color_to_choose", "R-SETUP-5", a)
        if phase is CHALLENGE:
            if verb == "challenge":
                self.close_windows(seat)
                self.resolve_challenge(seat)
            elif verb == "accept":
                self.close_windows(seat)
                self.take_penalty(seat, "wild_draw_four")
            elif (
                verb == "play"
                and self.rules.stacking
                and a.card is not None
                and KIND_OF[a.card] == _WD4
            ):
                self.play(a)  # H-STACK: pass a Wild Draw Four on with another
            else:
                raise IllegalAction("must_challenge_or_accept", "R-CHAL-1", a)
            self.prune_exposed()
            return
        if verb in ("challenge", "accept"):
            raise IllegalAction("nothing_to_challenge", "R-CHAL-1", a)
        if verb == "pass":
            if phase is not DRAWN:
                raise IllegalAction("nothing_to_pass", "R-DRAW-1", a)
            self.close_windows(seat)
            self.emit("kept", seat=seat, card=self.drawn)
            self.drawn = None
            self.phase = PLAY
            self.turn = self.after(seat)
            return
        if verb == "draw":
            if phase is DRAWN:
                raise IllegalAction("already_drew", "R-DRAW-1", a)
            self.close_windows(seat)
            self.draw_turn(seat)
            self.prune_exposed()
            return
        # verb == "play"
        if phase is DRAWN and a.card != self.drawn:
            raise IllegalAction("only_drawn_card", "R-DRAW-2", a, drawn=self.drawn)
        self.play(a)
        self.prune_exposed()

    # -- drawing ---------------------------------------------------------------------------
    def draw_turn(self, seat: int) -> None:
        """R-DRAW-1/2 (and H-DRAWPLAY); under stacking, taking the pending total (H-STACK)."""
        if self.pending:
            self.take_penalty(seat, "stack")
            return
        accepts = MATCHING[self.color][self.discard[-1]]  # matches(), as a set
        draw = self.draw
        card: Card | None
        if draw and self.events is None:  # draw_cards(seat, 1, "draw"), inlined for simulations
            card = draw.pop()
            self.hands[seat].append(card)
            self.n_drawn += 1
            playable = card in accepts
        else:
            got = self.draw_cards(seat, 1, "draw")
            card = got[-1] if got else None
            playable = card is not None and card in accepts
        if not playable and self.rules.draw_until_playable:
            while card is not None and not playable:
                got = self.draw_cards(seat, 1, "draw")
                card = got[-1] if got else None
                playable = card is not None and card in accepts
        if playable:
            self.drawn = card
            self.phase = DRAWN
        else:
            self.turn = (seat + self.direction) % self.n

    def take_penalty(self, seat: int, reason: str) -> None:
        """Draw the pending cards and lose the turn (R-ACT-3, R-CHAL-4, H-STACK)."""
        count = self.pending
        self.pending = 0
        self.challenge = None
        if count > self.max_penalty:
            self.max_penalty = count
        self.draw_cards(seat, count, reason)
        if self.events is not None:
            self.emit("skipped", seat=seat)
        self.phase = PLAY
        self.turn = (seat + self.direction) % self.n

    def resolve_challenge(self, seat: int) -> None:
        """R-CHAL-2 (guilty: the player draws, the challenger plays on) and R-CHAL-3.

        The event ``challenged`` says what the challenge showed: ``seat`` challenged ``target``
        (who played the Wild Draw Four); ``guilty``; ``previous_color``, the colour to match
        before it; ``shown``, the cards of that colour ``target`` held when playing it (a tuple
        of Card in hand order, empty when innocent); ``count``, the cards the verdict makes
        someone draw (guilty: ``target`` draws the pending total, 4 or a stack; innocent:
        ``seat`` draws it + 2). The ``drew`` event that follows says what was really drawn."""
        chal = self.challenge
        assert chal is not None
        count = self.pending
        self.pending = 0
        self.challenge = None
        self.phase = PLAY
        self.n_challenges += 1
        self.n_challenges_won += chal.guilty
        if count > self.max_penalty:
            self.max_penalty = count
        if self.events is not None:
            shown = chal.shown
            if chal.guilty and not shown:  # loaded in phase challenge: the hand shows them
                of_colour = OF_COLOR[int(chal.previous_color)]
                shown = tuple(c for c in self.hands[chal.player] if c in of_colour)
            self.emit(
                "challenged",
                seat=seat,
                target=chal.player,
                guilty=chal.guilty,
                previous_color=chal.previous_color,
                shown=shown if chal.guilty else (),
                count=count if chal.guilty else count + 2,
            )
        if chal.guilty:
            self.draw_cards(chal.player, count, "challenge_guilty")
            self.turn = seat
        else:
            self.draw_cards(seat, count + 2, "challenge_failed")
            self.emit("skipped", seat=seat)
            self.turn = self.after(seat)

    # -- Uno -------------------------------------------------------------------------------
    def say_uno(self, a: Action) -> None:
        """R-UNO-1 / R-UNO-3: a player exposed with one card says "Uno" (late is still safe)."""
        if a.seat not in self.exposed:
            raise IllegalAction("uno_not_needed", "R-UNO-1", a)
        self.exposed.remove(a.seat)
        self.emit("said_uno", seat=a.seat)

    def catch(self, a: Action) -> None:
        """R-UNO-2: catching a player who did not say "Uno" in time: they draw 2."""
        target = a.target
        if target is None or not 0 <= target < self.n:
            raise IllegalAction("no_such_seat", "R-SETUP-1", a, players=self.n)
        if target == a.seat:
            raise IllegalAction("catch_self", "R-UNO-2", a)
        if target not in self.exposed:
            raise IllegalAction("not_catchable", "R-UNO-2", a, cards=len(self.hands[target]))
        self.exposed.remove(target)
        self.n_catches += 1
        self.emit("caught", seat=a.seat, target=target)
        self.draw_cards(target, 2, "uno_caught")

    # -- playing a card --------------------------------------------------------------------
    def jump(self, a: Action) -> None:
        """H-JUMP: an identical card played out of turn; play goes on from the jumper."""
        if not self.rules.jump_in:
            raise IllegalAction("jump_in_off", "H-JUMP", a)
        if self.phase is not PLAY or self.pending:
            raise IllegalAction("jump_not_now", "H-JUMP", a)
        if a.seat == self.turn:
            raise IllegalAction("jump_own_turn", "H-JUMP", a)
        card = a.card
        if card is None or card not in self.hands[a.seat]:
            raise IllegalAction("card_not_in_hand", "R-PLAY-1", a)
        top = self.discard[-1]
        if card != top or card >= 52:
            raise IllegalAction("jump_not_identical", "H-JUMP", a, top=top)
        self.play(a, jumped=True)

    def play(self, a: Action, jumped: bool = False) -> None:
        """Check a play (R-PLAY-*, H-STACK, H-70, R-UNO-1), then carry it out."""
        if self.check_play(a, jumped):
            self.do_play(a, jumped)

    def check_play(self, a: Action, jumped: bool = False) -> bool:
        """Raise IllegalAction for a play the rules refuse. Returns False when the play was
        handled another way (R-PEN-1's strict mode penalised it), True when it may go ahead."""
        seat = a.seat
        card = a.card
        hand = self.hands[seat]
        rules = self.rules
        if card is None or card not in hand:
            raise IllegalAction("card_not_in_hand", "R-PLAY-1", a)
        kind = KIND_OF[card]
        wild = card >= 52
        if wild:
            if a.color is None:
                raise IllegalAction("missing_color", "R-ACT-4", a)
        elif a.color is not None:
            raise IllegalAction("unexpected_color", "R-PLAY-2", a)
        swap = rules.seven_zero and self.swaps(seat, card)
        if swap:
            if a.target is None:
                raise IllegalAction("missing_swap_target", "H-70", a)
            if not 0 <= a.target < self.n or a.target == seat:
                raise IllegalAction("bad_swap_target", "H-70", a)
        elif a.target is not None:
            raise IllegalAction("unexpected_target", "H-70", a)
        top = self.discard[-1]
        if self.pending:
            # H-STACK: only a Draw Two or a Wild Draw Four passes a Draw Two on; only a Wild Draw
            # Four passes a Wild Draw Four on.
            top_kind = KIND_OF[top]
            if not (kind == _WD4 or (kind == _DRAW_TWO and top_kind == _DRAW_TWO)):
                raise IllegalAction("must_stack_or_draw", "H-STACK", a, pending=self.pending)
        elif not (
            wild or COLOR_OF[card] == self.color or (top < 52 and card % 13 == top % 13)
        ):  # matches(), inlined
            if rules.strict_penalties and not jumped:
                self.close_windows(seat)
                self.penalize(seat, card)
                return False
            raise IllegalAction(
                "no_match",
                "R-PLAY-1",
                a,
                top=top,
                color=None if self.color < 0 else COLORS[self.color],
            )
        if a.uno and self.cards_after(seat, card, a.target) != 1:
            raise IllegalAction("uno_not_one_card", "R-UNO-1", a)
        return True

    def do_play(self, a: Action, jumped: bool = False) -> bool:
        """Carry out a play that ``check_play`` accepts (simulations of bots that only choose
        legal plays call this directly): every effect of the card. True when it ends the round."""
        assert a.card is not None
        return self.play_card(a.seat, a.card, a.color, a.target, a.uno, jumped)

    def play_card(
        self,
        seat: int,
        card: Card,
        named: Color | None = None,
        target: int | None = None,
        uno: bool = False,
        jumped: bool = False,
    ) -> bool:
        """``do_play`` with the action's fields as arguments (the simulations' fast path: no
        Action to build): ``seat`` plays ``card``, naming ``named`` for a wild, swapping with
        ``target`` for a 7 under H-70, saying "Uno" when ``uno``. True when the round ends."""
        hand = self.hands[seat]
        if self.exposed:
            self.close_windows(seat)
        hand.remove(card)
        self.discard.append(card)
        self.drawn = None
        self.phase = PLAY
        if card < 52:
            self.color = COLOR_OF[card]
        else:
            previous_color = self.color  # R-CHAL-2 judges a Wild Draw Four on it
            self.color = int(named)  # type: ignore[arg-type]
        if self.events is not None:
            if jumped:
                self.emit("jumped_in", seat=seat, card=card)
            self.emit("played", seat=seat, card=card, color=COLORS[self.color])
        kind = KIND_OF[card]

        # Two cards or more left and no 7 or 0 under H-70: no end, no swap, no Uno to judge
        # (the common case).
        if len(hand) < 2 or (self.rules.seven_zero and card in SEVEN_OR_ZERO):
            if not hand:  # R-END-1
                if kind in (_DRAW_TWO, _WD4):
                    self.pending += 2 if kind == _DRAW_TWO else 4
                    victim = self.after(seat)
                    count = self.pending
                    self.pending = 0
                    self.challenge = None
                    if count > self.max_penalty:
                        self.max_penalty = count
                    self.draw_cards(
                        victim, count, "draw_two" if kind == _DRAW_TWO else "wild_draw_four"
                    )
                self.end_round(seat)
                return True

            if self.rules.seven_zero and card in SEVEN_OR_ZERO:  # H-70
                if card % 13 == _RANK7:
                    assert target is not None
                    hands = self.hands
                    hands[seat], hands[target] = hands[target], hands[seat]
                    self.emit("hands_swapped", seat=seat, target=target)
                else:
                    d = self.direction  # 1 or -1: every hand moves one seat that way
                    old = self.hands
                    self.hands = old[-d:] + old[:-d]  # seat i gets old[(i - d) % n]
                    self.emit("hands_rotated", seat=seat, direction=d)
                hand = self.hands[seat]  # the hand held after a swap

            if len(hand) == 1:  # R-UNO-1
                if uno:
                    if self.events is not None:
                        self.emit("said_uno", seat=seat)
                elif seat not in self.exposed:
                    self.exposed.append(seat)

        if kind == _NUMBER or kind == _WILD:  # noqa: SIM109 (no tuple to build)
            self.turn = (seat + self.direction) % self.n
            return False
        rules = self.rules
        n = self.n
        if kind == _SKIP:  # R-ACT-1 (two players: the turn comes back, R-ACT-6)
            skipped = (seat + self.direction) % n
            if self.events is not None:
                self.emit("skipped", seat=skipped)
            self.turn = (skipped + self.direction) % n
        elif kind == _REVERSE:  # R-ACT-2
            self.direction = -self.direction
            if self.events is not None:
                self.emit("reversed", seat=seat, direction=self.direction)
            if n == 2:
                if self.events is not None:
                    self.emit("skipped", seat=(seat + 1) % 2)
                self.turn = seat
            else:
                self.turn = (seat + self.direction) % n
        elif kind == _DRAW_TWO:  # R-ACT-3, H-STACK
            victim = (seat + self.direction) % n
            self.pending += 2
            if rules.stacking:
                self.turn = victim
                self.emit("penalty_stacked", seat=seat, total=self.pending)
            else:
                self.take_penalty(victim, "draw_two")
        else:  # Wild Draw Four: R-ACT-5, R-PLAY-4, H-NOBLUFF
            victim = (seat + self.direction) % n
            self.pending += 4
            if rules.wd4_anytime:
                if rules.stacking:
                    self.turn = victim
                    self.emit("penalty_stacked", seat=seat, total=self.pending)
                else:
                    self.take_penalty(victim, "wild_draw_four")
            else:
                # R-CHAL-2: the hand holds a card of the colour that was to match.
                of_colour = OF_COLOR[previous_color]
                guilty = previous_color >= 0 and not of_colour.isdisjoint(hand)
                shown = tuple(c for c in hand if c in of_colour) if guilty else ()
                self.challenge = Challenge(seat, COLORS[previous_color], guilty, shown)
                self.phase = CHALLENGE
                self.turn = victim
                if rules.stacking and self.pending > 4:
                    self.emit("penalty_stacked", seat=seat, total=self.pending)
        return False

    def penalize(self, seat: int, card: Card) -> None:
        """R-PEN-1 (strict table mode): a card that does not match goes back, plus 2 cards."""
        self.emit("penalized", seat=seat, card=card)
        self.draw_cards(seat, 2, "wrong_card")
        self.drawn = None
        self.phase = PLAY
        self.turn = self.after(seat)

    # -- end of round ----------------------------------------------------------------------
    def end_round(self, winner: int) -> None:
        """R-END-1, R-SCORE-1/2/3."""
        self.exposed.clear()
        self.drawn = None
        self.pending = 0
        self.challenge = None
        self.turn = winner
        lowest = self.rules.scoring == "lowest"
        if lowest or self.events is not None:
            hand_points = tuple(sum(map(POINTS_OF.__getitem__, h)) for h in self.hands)
        else:  # only the total counts: one pass over every hand
            hand_points = ()
            self.scores[winner] += sum(map(POINTS_OF.__getitem__, chain.from_iterable(self.hands)))
        if lowest:
            for s, p in enumerate(hand_points):
                self.scores[s] += p
        elif hand_points:
            self.scores[winner] += sum(hand_points)
        if self.events is not None:
            self.emit(
                "round_won",
                seat=winner,
                points=0 if lowest else sum(hand_points),
                hand_points=hand_points,
                scores=tuple(self.scores),
            )
        seats = game_winners(
            self.scores, winner, target=self.rules.target_score, scoring=self.rules.scoring
        )
        over = bool(seats)
        if over:
            self.phase = GAME_OVER
            if self.events is not None:
                self.emit("game_won", seats=seats, scores=tuple(self.scores))
        else:
            self.phase = ROUND_OVER


# -- the public functions ------------------------------------------------------------------


def apply(state: GameState, action: Action | str) -> tuple[GameState, list[Event]]:
    """Carry out one action. Returns the new state and what happened; ``state`` is untouched.

    Raises NotationError for text that is not an action and IllegalAction (with ``.reason`` and
    ``.rule``) for an action the rules refuse now.

    >>> import uno
    >>> state = uno.load_scenario(
    ...     {"players": ["Ana", "Ben"], "hands": [["R7", "G2"], ["B5", "Y1"]],
    ...      "discard_pile": ["R3"], "draw_pile": ["G9", "B1"]}
    ... )
    >>> after, events = uno.apply(state, "play R7")  # Ana's turn: the seat may be left out
    >>> [event.to_dict() for event in events]
    [{'type': 'played', 'seat': 0, 'card': 'R7', 'color': 'R'}]
    >>> str(state.top), str(after.top), after.turn  # a new state; the old one is untouched
    ('R3', 'R7', 1)
    >>> after.uno_exposed  # one card left and no "Uno": Ben may catch her (R-UNO-2)
    (0,)
    >>> caught, events = uno.apply(after, "1: catch 0")
    >>> [(event.type, event.get("count")) for event in events], len(caught.hands[0])
    ([('caught', None), ('drew', 2)], 3)
    >>> try:
    ...     uno.apply(after, "0: draw")
    ... except uno.IllegalAction as refusal:
    ...     print(refusal.reason, refusal.rule)
    not_your_turn R-SETUP-3
    """
    a = parse_action(action, state)
    table = Table.from_state(state)
    table.act(a)
    events = table.events
    assert events is not None
    return table.freeze(), events


def playable_cards(state: GameState, seat: int | None = None) -> list[Card]:
    """The distinct cards of ``seat``'s hand (default: the player to act) that may be played now
    on their turn (wilds included, Wild Draw Four bluffs included)."""
    return Table.from_state(state, record=False).playable(state.turn if seat is None else seat)


def card_matches(
    card: Card | str, top: Card | str, current_color: Color | str | None = None
) -> bool:
    """May ``card`` be played on ``top`` when ``current_color`` is the colour to match? The
    public ``uno.matches``: R-PLAY-1 (same colour, number or symbol), R-PLAY-2 (after a wild,
    its named colour), R-PLAY-3 and R-PLAY-4 (a wild goes on anything; whether a Wild Draw Four
    is a bluff is a question for ``uno.is_bluff``).

    Cards are ``Card`` values or codes, the colour a ``Color``, a letter or None: for a coloured
    top card None means its own colour; for a wild on top, that no colour is named yet (the
    first card, R-SETUP-5), which only a wild matches. The engine's own ``matches`` works on
    ints and is what its hot path uses.

    >>> import uno
    >>> uno.matches("R3", "R7", "R")  # same colour
    True
    >>> uno.matches("B7", "R7")  # same number; the colour of a red 7 is red
    True
    >>> uno.matches("GS", "RS", "R")  # same symbol: Skip on Skip
    True
    >>> uno.matches("G2", "R7", "R")
    False
    >>> uno.matches("G2", "W", "G")  # a Wild on top: its named colour
    True
    >>> uno.matches(uno.Card("WD4"), "Y1", uno.Color.Y)  # a wild goes on anything
    True
    """
    played = _as_card(card, "card")
    under = _as_card(top, "top")
    if current_color is None:
        color = COLOR_OF[under]  # -1 under a wild: no colour named, only a wild matches
    elif isinstance(current_color, str):
        color = int(parse_color(current_color))
    elif isinstance(current_color, Color):
        color = int(current_color)
    else:
        raise TypeError(f"current_color: a Color, a letter or None, not {current_color!r}")
    return matches(played, under, color)


def _as_card(value: Card | str, name: str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise TypeError(f"{name}: a Card or a card code such as 'R7', not {value!r}")


def is_bluff(state: GameState, action: Action | str) -> bool:
    """True when ``action`` plays a Wild Draw Four while its player holds a card of the colour to
    match (R-PLAY-4): the engine allows it, and a challenge would find the player guilty."""
    a = parse_action(action, state)
    if a.card is None or a.verb not in ("play", "jump") or KIND_OF[a.card] != _WD4:
        return False
    if state.current_color is None or state.rules.wd4_anytime:
        return False
    color = int(state.current_color)
    return any(COLOR_OF[c] == color for c in state.hands[a.seat] if c != a.card)


def play_action(
    state: GameState,
    seat: int,
    card: Card | str,
    *,
    color: Color | str | None = None,
    target: int | None = None,
    say_uno: bool = False,
) -> Action:
    """The one action a tap on ``card`` in ``seat``'s hand means now, checked by the rules.

    Like python-chess's ``Board.find_move``: the caller says which card and, where it knows
    them, the colour, the 7-0 seat and whether the player says "Uno"; this fills in only what
    the rules call for (a colour for a wild, a seat for a 7 under H-70, the Uno flag when the
    play leaves one card) and picks ``play`` or ``jump`` (H-JUMP, out of turn). It raises
    ``IllegalAction`` with the engine's reason and rule when the tap means nothing legal, e.g.
    ``missing_color`` (R-ACT-4) for a wild without its colour, so a board asks and tries again.
    Under ``strict_penalties`` a card that does not match is a wrong card (R-PEN-1), not a
    refusal: the action returned makes its player take it back and draw 2.
    """
    card = parse_card(card) if isinstance(card, str) else card
    t = Table.from_state(state, record=False)
    if not 0 <= seat < t.n:
        raise IllegalAction("no_such_seat", "R-SETUP-1", None, players=t.n)
    verb = "play"
    if seat != t.turn and state.rules.jump_in and card == state.top and card < 52:
        verb = "jump"
    named = (parse_color(color) if isinstance(color, str) else color) if card >= 52 else None
    swap = target if state.rules.seven_zero and t.swaps(seat, card) else None
    fits = card in t.hands[seat] and (swap is None or 0 <= swap < t.n)
    uno_flag = say_uno and fits and t.cards_after(seat, card, swap) == 1
    action = Action(seat, verb, card, named, swap, uno_flag)
    t.act(action)  # raises IllegalAction with the reason and rule when the rules refuse it
    return action


def _play_variants(t: Table, seat: int, card: Card, verb: str) -> list[Action]:
    """Every way of writing a legal play of ``card``: colours, 7-swap targets, the uno shorthand."""
    colors: tuple[Color | None, ...] = COLORS if card >= 52 else (None,)
    targets: list[int | None] = [None]
    if t.swaps(seat, card):
        targets = [x for x in range(t.n) if x != seat]
    out: list[Action] = []
    for target in targets:
        uno_too = t.cards_after(seat, card, target) == 1
        for color in colors:
            out.append(Action(seat, verb, card, color, target))
            if uno_too:
                out.append(Action(seat, verb, card, color, target, uno=True))
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Every action some seat may take now: the turn's player's moves, a Wild Draw Four bluff
    included, the ``uno`` shorthand, and the out-of-turn ``uno``, ``catch`` and ``jump``.

    >>> import uno
    >>> state = uno.load_scenario(
    ...     {"players": ["Ana", "Ben"], "hands": [["R7", "G2"], ["B5", "Y1"]],
    ...      "discard_pile": ["R3"]}
    ... )
    >>> [str(action) for action in uno.legal_actions(state)]  # G2 does not match the red 3
    ['0: play R7', '0: play R7 uno', '0: draw']
    >>> after, _ = uno.apply(state, "play R7")
    >>> [str(action) for action in uno.legal_actions(after)]  # Ana forgot "Uno"
    ['1: draw', '0: uno', '1: catch 0']
    """
    phase = state.phase
    if phase is ROUND_OVER or phase is GAME_OVER:
        return []
    t = Table.from_state(state, record=False)
    n = t.n
    turn = t.turn
    out: list[Action] = []
    if phase is CHOOSE_COLOR:
        out.extend(Action(turn, "color", color=c) for c in COLORS)
    else:
        if phase is CHALLENGE:
            out.append(Action(turn, "challenge"))
            out.append(Action(turn, "accept"))
        for card in t.playable(turn):
            out.extend(_play_variants(t, turn, card, "play"))
        if phase is DRAWN:
            out.append(Action(turn, "pass"))
        elif phase is PLAY:
            out.append(Action(turn, "draw"))
            for seat in t.jumpers():
                out.extend(_play_variants(t, seat, t.discard[-1], "jump"))
    for exposed in t.exposed:
        out.append(Action(exposed, "uno"))
        out.extend(Action(s, "catch", target=exposed) for s in range(n) if s != exposed)
    return out
