"""Setting up a round: choosing the dealer (R-SETUP-2), dealing (R-SETUP-3) and the first card's
effect (R-SETUP-4, -5, -6). Every step is reproducible from the game's seed."""

from __future__ import annotations

import random
import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import floor
from typing import Any, Final

from uno.cards import CARDS, COLOR_OF, FULL_DECK, KIND_OF, Card, Kind
from uno.engine import Table, rng_for, shuffle, shuffled
from uno.errors import IllegalAction, ScenarioError, check_plain
from uno.rules import PRESETS, RuleSet, as_ruleset
from uno.state import Event, GameState, Phase

__all__ = [
    "HAND_SIZE",
    "DealerChoice",
    "check_names",
    "choose_dealer",
    "clean_name",
    "deal_table",
    "dealer_from_draw",
    "dealer_value",
    "default_names",
    "draw_for_dealer",
    "first_card_effect",
    "first_deal",
    "first_turn",
    "name_key",
    "new_game",
    "next_round",
    "start_round",
]

HAND_SIZE = 7
MIN_PLAYERS = 2
MAX_PLAYERS = 10


@dataclass(frozen=True, slots=True)
class DealerChoice:
    """R-SETUP-2, step by step: ``rounds[i]`` holds the (seat, card) pairs drawn in draw ``i``
    (only the tied seats draw again); ``dealer`` is the seat with the highest number."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


def dealer_value(card: Card) -> int:
    """R-SETUP-2: a number card counts its number; action and wild cards count as 0."""
    return card % 13 if KIND_OF[card] == Kind.NUMBER else 0


_DEALER_VALUE = tuple(dealer_value(card) for card in CARDS)
_NUMBER, _SKIP, _REVERSE, _DRAW_TWO, _WILD = (
    int(k) for k in (Kind.NUMBER, Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.WILD)
)
PRESETS_OFFICIAL = PRESETS["official"]


def choose_dealer(players: int, seed: int) -> DealerChoice:
    """Each player draws a card from a shuffled deck; the highest number deals; ties draw again.

    Reproducible: ``new_game(..., seed=s)`` picks its dealer with ``choose_dealer(n, s)``.
    The draw uses the generator of the first deal, ``rng_for(seed, 0)``, before its shuffle.
    """
    return draw_for_dealer(players, rng_for(seed, 0))


def draw_for_dealer(players: int, rng: random.Random) -> DealerChoice:
    """R-SETUP-2 with a given generator (``new_game`` goes on to shuffle for the deal with it)."""
    rounds: list[tuple[tuple[int, Card], ...]] = []
    dealer = _draw_dealer(players, rng, rounds)
    return DealerChoice(tuple(rounds), dealer)


def _draw_dealer(
    players: int, rng: random.Random, rounds: list[tuple[tuple[int, Card], ...]] | None = None
) -> int:
    """The dealer drawn by R-SETUP-2 (each draw appended to ``rounds`` when given)."""
    contenders = list(range(players))
    draw = rng.random
    size = len(FULL_DECK)
    while True:
        # The contenders draw from the shuffled deck (a partial Fisher-Yates shuffle: only the
        # cards drawn are placed); the cards go back before a tie is drawn again.
        deck = list(FULL_DECK)
        for i in range(len(contenders)):
            j = i + floor(draw() * (size - i))
            deck[i], deck[j] = deck[j], deck[i]
        if rounds is not None:
            rounds.append(tuple(zip(contenders, deck, strict=False)))
        best = -1
        highest: list[int] = []  # the contenders who drew the highest number, in order
        for i, seat in enumerate(contenders):
            value = _DEALER_VALUE[deck[i]]
            if value > best:
                best = value
                highest = [seat]
            elif value == best:
                highest.append(seat)
        if len(highest) == 1:
            return highest[0]
        contenders = highest


def default_names(players: int) -> tuple[str, ...]:
    names = _DEFAULT_NAMES.get(players)
    if names is None:
        names = _DEFAULT_NAMES[players] = tuple(f"Player {i + 1}" for i in range(players))
    return names


_DEFAULT_NAMES: dict[int, tuple[str, ...]] = {}


MAX_NAME_LENGTH = 40
MAX_SEED = 2**63 - 1


#: Bidi controls reorder the text around a name (U+202E makes "Ana" read "anA" and flips what
#: follows): never part of a name.
_BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Character classes a name never holds: controls (NUL, ESC, newlines), lone surrogates,
#: private-use and unassigned code points.
_BAD_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn"})
#: Classes that draw nothing on their own: format characters (zero-width space, joiners),
#: combining marks, separators. A name needs at least one character outside them.
_INVISIBLE: Final = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp"})


def _name_problem(code: str, field: str, value: object, problem: str) -> ScenarioError:
    return ScenarioError(code, field, value, f"{field}: {problem} (got {value!r})")


def clean_name(raw: object, field: str = "name") -> str:
    """The one name rule (sandbox, classroom, score pad, rooms, scenario files): text, kept in
    NFC with the spaces around removed and runs of white space made one; printable (no control,
    bidi override, surrogate or unassigned character); something visible once the invisible
    characters are set aside; at most 40 characters. ScenarioError otherwise: ``bad_name`` (not
    text, nothing visible, too long) or ``name_bad_char``."""
    if not isinstance(raw, str):
        raise _name_problem("bad_name", field, raw, "a name is text")
    if len(raw) > 4 * MAX_NAME_LENGTH + 100:  # never normalise a huge text
        raise _name_problem("bad_name", field, raw[:50], "a name is too long")
    for char in raw:
        bad = char in _BIDI_CONTROLS or unicodedata.category(char) in _BAD_CATEGORIES
        if bad and char not in "\t\n\r":  # white space between words is tidied below
            raise _name_problem("name_bad_char", field, raw, "a name holds a control character")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not any(unicodedata.category(char) not in _INVISIBLE for char in name):
        raise _name_problem("bad_name", field, raw, "a name needs a visible character")
    if len(name) > MAX_NAME_LENGTH:
        raise _name_problem(
            "bad_name", field, name, f"a name has at most {MAX_NAME_LENGTH} characters"
        )
    return name


def name_key(name: str) -> str:
    """What two names must not share: the name without its invisible characters, case folded
    ("Ana", "ana" and "A\u200bna" are one name)."""
    visible = "".join(c for c in name if unicodedata.category(c) not in ("Cf", "Mn", "Me"))
    return unicodedata.normalize("NFC", visible).casefold()


def check_names(players: object, field: str = "players", *, most: int = 10) -> tuple[str, ...]:
    """2 to ``most`` players (R-SETUP-1: at most 10), given as a count or as names, each
    cleaned by ``clean_name`` and all different (``name_duplicate``). The same check for
    ``new_game``, scenario files and every page of the app."""
    most = min(most, MAX_PLAYERS)
    if isinstance(players, int) and not isinstance(players, bool):
        if not MIN_PLAYERS <= players <= most:
            raise ScenarioError(
                "player_count",
                field,
                players,
                f"{field}: {players} players; Uno is for 2 to {most} players (R-SETUP-1)",
            )
        return default_names(players)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ScenarioError(
            "bad_type", field, players, f"{field}: expected a number or a list of names"
        )
    if not MIN_PLAYERS <= len(players) <= most:
        raise ScenarioError(
            "player_count",
            field,
            len(players),
            f"{field}: {len(players)} players; Uno is for 2 to {most} players (R-SETUP-1)",
        )
    names: list[str] = []
    seen: set[str] = set()
    for i, raw in enumerate(players):
        name = clean_name(raw, f"{field}[{i}]")
        key = name_key(name)
        if key in seen:
            raise _name_problem(
                "name_duplicate", f"{field}[{i}]", name, "two players share this name"
            )
        seen.add(key)
        names.append(name)
    return tuple(names)


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED - 1 <= seed <= MAX_SEED:
        raise ScenarioError(
            "bad_seed", "seed", seed, f"seed: expected a whole number of 64 bits (got {seed!r})"
        )
    return seed


def deal_table(
    players: Sequence[str],
    rules: RuleSet,
    *,
    dealer: int,
    seed: int,
    shuffles: int = 0,
    scores: Sequence[int] | None = None,
    cards: Iterable[Card] = FULL_DECK,
    record: bool = True,
    rng: random.Random | None = None,
) -> Table:
    """The deal as a working Table (for ``start_round`` and for fast simulations). The shuffle
    uses ``rng_for(seed, shuffles)``, or ``rng`` when given (the first deal's generator, which
    already drew for the dealer)."""
    names = tuple(players)
    n = len(names)
    given = cards if isinstance(cards, tuple | list) else list(cards)
    hand_size = min(HAND_SIZE, (len(given) - 1) // n)
    if hand_size < 1:
        raise ScenarioError(
            "too_few_cards", "cards", len(given), f"{n} players need at least {n + 1} cards to deal"
        )
    if rng is None:
        rng = rng_for(seed, shuffles)
    deck = shuffled(given, rng)  # a new list: ``cards`` is untouched
    # Dealt one card at a time, starting at the dealer's left: seat (dealer + 1 + i) % n gets
    # cards i, i + n, i + 2n, ... from the top of the deck (the end of the list).
    top = len(deck)
    hands: list[list[Card]] = [[]] * n  # every seat gets its own list below
    for i in range(n):
        hands[(dealer + 1 + i) % n] = deck[top - 1 - i : top - n * hand_size - 1 : -n]
    del deck[top - n * hand_size :]
    events: list[Event] | None = (
        [Event("dealt", dealer=dealer, hand_size=hand_size)] if record else None
    )
    first = deck.pop()
    # R-SETUP-4: a Wild Draw Four goes back into the deck, which is shuffled, and we flip again.
    while KIND_OF[first] == Kind.WILD_DRAW_FOUR and any(
        KIND_OF[c] != Kind.WILD_DRAW_FOUR for c in deck
    ):
        if events is not None:
            events.append(Event("reflipped", card=first))
        deck.append(first)
        shuffle(deck, rng)
        first = deck.pop()
    if events is not None:
        events.append(Event("first_card", card=first))

    t = _round_table(
        names,
        rules,
        hands,
        deck,
        first,
        dealer=dealer,
        seed=seed,
        shuffles=shuffles + 1,
        scores=scores,
        events=events,
    )
    first_card_effect(t)
    return t


def _round_table(
    names: tuple[str, ...],
    rules: RuleSet,
    hands: list[list[Card]],
    draw: list[Card],
    first: Card,
    *,
    dealer: int,
    seed: int,
    shuffles: int,
    scores: Sequence[int] | None,
    events: list[Event] | None,
) -> Table:
    """A table at the start of a round, ``first`` just turned up, before its effect: the
    player to the dealer's left is to play, clockwise (R-SETUP-3)."""
    n = len(names)
    return Table(
        rules=rules,
        players=names,
        hands=hands,
        draw=draw,  # draw.pop() is the next card drawn, as Table expects
        discard=[first],
        color=COLOR_OF[first],
        turn=(dealer + 1) % n,
        direction=1,
        phase=Phase.PLAY,
        scores=list(scores) if scores is not None else [0] * n,
        dealer=dealer,
        seed=seed,
        shuffles=shuffles,
        events=events,
    )


def first_card_effect(t: Table) -> None:
    """R-SETUP-5, R-SETUP-6: what the first card turned up does, before anyone plays."""
    first = t.discard[-1]
    kind = KIND_OF[first]
    if kind == _NUMBER:
        return
    if kind >= _WILD:  # R-SETUP-5 (a deck of nothing but WD4s also lands here)
        t.color = -1
        t.phase = Phase.CHOOSE_COLOR
    elif kind == _SKIP:  # R-SETUP-6
        t.emit("skipped", seat=t.turn)
        t.turn = t.after(t.turn)
    elif kind == _DRAW_TWO:  # R-SETUP-6: the first player draws 2 and is skipped
        t.draw_cards(t.turn, 2, "first_card")
        t.emit("skipped", seat=t.turn)
        t.turn = t.after(t.turn)
    elif kind == _REVERSE:  # R-SETUP-6: the dealer starts, counter-clockwise
        t.direction = -1
        t.emit("reversed", seat=t.dealer, direction=-1)
        t.turn = t.dealer


def first_turn(players: int, dealer: int, first: Card | str) -> tuple[int, int, Phase]:
    """Who acts first, in which direction and phase, when ``first`` is turned up and ``dealer``
    dealt (R-SETUP-3..6): the very code of the deal, on a table holding only what it needs."""
    card = first if isinstance(first, Card) else Card(first)
    if KIND_OF[card] == Kind.WILD_DRAW_FOUR:
        raise ValueError("a Wild Draw Four is put back and another card turned up (R-SETUP-4)")
    if not 2 <= players <= 10 or not 0 <= dealer < players:
        raise ValueError("2 to 10 players, and the dealer must be one of them")
    # The first player's draw for a first Draw Two comes from this small pile.
    t = _round_table(
        default_names(players),
        PRESETS_OFFICIAL,
        [[] for _ in range(players)],
        [Card("B1"), Card("B2")],
        card,
        dealer=dealer,
        seed=0,
        shuffles=0,
        scores=None,
        events=None,
    )
    first_card_effect(t)
    return t.turn, t.direction, t.phase


def dealer_from_draw(cards: Sequence[Card | str]) -> list[int]:
    """R-SETUP-2: the seats that drew the highest number (action and wild cards count 0). One
    seat deals; several must draw again."""
    values = [dealer_value(c if isinstance(c, Card) else Card(c)) for c in cards]
    best = max(values)
    return [seat for seat, v in enumerate(values) if v == best]


def start_round(
    players: Sequence[str],
    rules: RuleSet,
    *,
    dealer: int,
    seed: int,
    shuffles: int = 0,
    scores: Sequence[int] | None = None,
    cards: Iterable[Card] = FULL_DECK,
) -> tuple[GameState, list[Event]]:
    """Shuffle ``cards``, deal, turn up the first card and carry out its effect.

    Returns the state (waiting for the first decision) and the setup's events: ``dealt``,
    ``first_card``, ``reflipped`` (a Wild Draw Four goes back, R-SETUP-4), then the first card's
    effect (``skipped``, ``drew``, ``reversed``).
    """
    t = deal_table(
        players, rules, dealer=dealer, seed=seed, shuffles=shuffles, scores=scores, cards=cards
    )
    events = t.events
    assert events is not None
    return t.freeze(), events


def new_game(
    players: int | Sequence[str] = 4,
    rules: RuleSet | str | Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> GameState:
    """A new game after setup (R-SETUP-1..6): dealer chosen by draw, 7 cards each, first card
    turned up and its effect applied. ``players`` is a count or a list of names."""
    check_plain(players, "players")
    check_plain(rules, "rules")
    check_plain(seed, "seed")
    names = check_names(players)
    ruleset = as_ruleset(rules)
    seed = secrets.randbelow(2**31) if seed is None else check_seed(seed)
    return first_deal(names, ruleset, seed, record=False).freeze()


def first_deal(
    names: Sequence[str],
    rules: RuleSet,
    seed: int,
    record: bool = True,
    cards: Iterable[Card] = FULL_DECK,
) -> Table:
    """The first round of a game: the draw for the dealer, then the deal, on one generator."""
    rng = rng_for(seed, 0)
    dealer = _draw_dealer(len(names), rng)
    return deal_table(names, rules, dealer=dealer, seed=seed, record=record, rng=rng, cards=cards)


def next_round(state: GameState) -> GameState:
    """After ``round_over``: the deal moves one seat to the left, the same cards are shuffled and
    dealt again, the scores are kept (R-SCORE-2)."""
    if state.phase is not Phase.ROUND_OVER:
        raise IllegalAction("round_not_over", "R-SCORE-2", None, phase=str(state.phase))
    cards = list(state.cards_in_play().elements())
    cards.sort()
    new_state, _ = start_round(
        state.players,
        state.rules,
        dealer=(state.dealer + 1) % state.n_players,
        seed=state.seed,
        shuffles=state.shuffles,
        scores=state.scores,
        cards=cards,
    )
    return new_state
