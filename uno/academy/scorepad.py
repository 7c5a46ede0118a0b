"""The score pad: check a round's points and keep a game's scores (R-SCORE-1..3).

Pure logic, no Streamlit, no storage (``uno.academy.store`` keeps games). Two layers:

- **Round checker**: ``parse_hand("R7 WD4 gs")`` reads card codes (any case, spaces or commas
  between them) and names every token it cannot read; ``check_round`` adds up the losing hands
  with the engine's ``card_points`` (the points table is never typed twice).
- **Game model**: ``Game`` is a value (players, target, method, rounds). ``new_game``,
  ``add_round``, ``undo_round`` and ``rename_players`` return a new ``Game`` and refuse bad input
  with ``ScoreInputError`` (a stable ``.code`` for the page to translate). Winners follow the
  engine: standard scoring, the first to reach the target wins (R-SCORE-2); "lowest" scoring,
  when somebody reaches the target the lowest total wins and ties share the win (R-SCORE-3).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from uno.cards import DECK_COUNTS, Card, Kind, card_points, parse_card
from uno.errors import NotationError, ScenarioError, UnoError
from uno.rules import DEFAULT_TARGET, game_winners
from uno.setup import MAX_NAME_LENGTH as MAX_NAME
from uno.setup import check_names

__all__ = [
    "DEFAULT_TARGET",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_TARGET",
    "METHODS",
    "MIN_PLAYERS",
    "MIN_TARGET",
    "Game",
    "Hand",
    "KindTotal",
    "Method",
    "Round",
    "RoundCheck",
    "ScoreInputError",
    "add_round",
    "check_round",
    "game_csv",
    "hand_points",
    "new_game",
    "over_deck",
    "parse_hand",
    "parse_points",
    "parse_target",
    "points_by_kind",
    "rename_players",
    "round_from_hands",
    "round_from_points",
    "round_from_score",
    "round_from_texts",
    "undo_round",
    "validate_names",
]

Method = Literal["standard", "lowest"]
METHODS: Final[tuple[Method, ...]] = ("standard", "lowest")

MIN_PLAYERS: Final = 2  # R-SETUP-1
MAX_PLAYERS: Final = 10  # R-SETUP-1
MAX_POINTS: Final = 10_000  # the most one entry of a round may hold (a whole deck is 1,240)
MIN_TARGET: Final = 1
MAX_TARGET: Final = 100_000
MAX_HAND_CARDS: Final = 108  # a hand never holds more than the deck
MAX_HAND_TEXT: Final = 2_000  # characters typed for one hand


# -- errors -----------------------------------------------------------------------------------


class ScoreInputError(UnoError, ValueError):
    """Input refused at the edge. ``.code`` is stable (``"name_too_long"``, ``"points_negative"``,
    ...), ``.field`` says which input (``"players[2]"``, ``"points[1]"``, ``"target"``),
    ``.value`` is the refused value and ``.params`` extra values for the message (``limit``)."""

    def __init__(self, code: str, field: str = "", value: object = None, **params: object):
        self.code = code
        self.field = field
        self.value = value
        self.params = params
        super().__init__(f"{code}: {field} = {value!r}")


# -- round checker ----------------------------------------------------------------------------

_TOKEN_SPLIT: Final = re.compile(r"[\s,;]+")


def hand_points(cards: Iterable[Card]) -> int:
    """R-SCORE-1: what a hand is worth, from the engine's points table."""
    return sum(card_points(card) for card in cards)


@dataclass(frozen=True)
class Hand:
    """Cards read from a text, and the tokens that were not card codes (in the order typed)."""

    cards: tuple[Card, ...] = ()
    unknown: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        return hand_points(self.cards)


def parse_hand(text: str, field: str = "hand") -> Hand:
    """Read ``"R7 WD4 gs"`` (any case; spaces, commas or semicolons between codes).

    Unknown tokens are kept in ``.unknown``; the cards that were read are never lost because of
    them. Raises ScoreInputError ``hand_too_long`` for more than 2,000 characters or 108 cards.
    """
    if len(text) > MAX_HAND_TEXT:
        raise ScoreInputError("hand_too_long", field, len(text), limit=MAX_HAND_TEXT)
    cards: list[Card] = []
    unknown: list[str] = []
    for token in _TOKEN_SPLIT.split(text):
        if not token:
            continue
        try:
            cards.append(parse_card(token))
        except NotationError:
            unknown.append(token)
    if len(cards) > MAX_HAND_CARDS:
        raise ScoreInputError("hand_too_many_cards", field, len(cards), limit=MAX_HAND_CARDS)
    return Hand(tuple(cards), tuple(unknown))


@dataclass(frozen=True)
class KindTotal:
    """One line of the points table for some cards: a kind, how many, what they score."""

    kind: Kind
    count: int
    points: int


def points_by_kind(cards: Iterable[Card]) -> list[KindTotal]:
    """The cards grouped by kind, in the deck's order of kinds (empty kinds left out)."""
    counts: Counter[Kind] = Counter()
    points: Counter[Kind] = Counter()
    for card in cards:
        counts[card.kind] += 1
        points[card.kind] += card_points(card)
    return [KindTotal(kind, counts[kind], points[kind]) for kind in Kind if counts[kind]]


def over_deck(cards: Iterable[Card]) -> dict[Card, int]:
    """Cards typed more often than one deck holds them (R-DECK-1), with how many were typed.
    A warning for the reader, never a refusal: some tables play with two decks."""
    typed = Counter(cards)
    return {card: n for card, n in typed.items() if n > DECK_COUNTS[card]}


@dataclass(frozen=True)
class RoundCheck:
    """The losing hands of one round and what the round winner scores for them (R-SCORE-1)."""

    hands: tuple[Hand, ...]

    @property
    def hand_totals(self) -> tuple[int, ...]:
        return tuple(hand.points for hand in self.hands)

    @property
    def total(self) -> int:
        return sum(self.hand_totals)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for hand in self.hands for card in hand.cards)

    @property
    def unknown(self) -> tuple[str, ...]:
        return tuple(token for hand in self.hands for token in hand.unknown)


def check_round(texts: Sequence[str]) -> RoundCheck:
    """Read every losing hand (one text each) and add them up."""
    return RoundCheck(tuple(parse_hand(text) for text in texts))


# -- input validation -------------------------------------------------------------------------

_DIGITS: Final = re.compile(r"[+-]?[0-9]+", re.ASCII)


def _whole_number(value: object, field: str, low: int, high: int, prefix: str) -> int:
    """A whole number in ``low..high`` from an int or a text such as ``" 25 "``."""
    if isinstance(value, bool):
        raise ScoreInputError(f"{prefix}_not_number", field, value)
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip().replace("\u00a0", "").replace("\u202f", "")
        if not text:
            raise ScoreInputError(f"{prefix}_empty", field, value)
        if not _DIGITS.fullmatch(text):
            raise ScoreInputError(f"{prefix}_not_number", field, value)
        if len(text.lstrip("+-").lstrip("0")) > 9:  # never feed int() a huge text
            number = -(10**10) if text.startswith("-") else 10**10
        else:
            number = int(text)
    else:
        raise ScoreInputError(f"{prefix}_not_number", field, value)
    if number < 0 and low >= 0:
        raise ScoreInputError(f"{prefix}_negative", field, value)
    if number < low:
        raise ScoreInputError(f"{prefix}_too_small", field, value, limit=low)
    if number > high:
        raise ScoreInputError(f"{prefix}_too_big", field, value, limit=high)
    return number


def parse_points(value: object, field: str = "points") -> int:
    """Points of one entry: a whole number from 0 to 10,000 (int or text)."""
    return _whole_number(value, field, 0, MAX_POINTS, "points")


def parse_target(value: object) -> int:
    """The target score: a whole number from 1 to 100,000 (int or text)."""
    return _whole_number(value, "target", MIN_TARGET, MAX_TARGET, "target")


#: The engine's refusal codes for names and player counts, as the score pad words them.
NAME_CODES: Final = {"name_bad_char": "name_bad_char", "name_duplicate": "name_duplicate"}


def validate_names(names: Sequence[object]) -> tuple[str, ...]:
    """2 to 10 names checked by the engine's one name rule (``uno.setup.check_names``: NFC,
    trimmed, printable, visible, at most 40 characters, all different)."""
    if len(names) < MIN_PLAYERS:
        raise ScoreInputError("too_few_players", "players", len(names), limit=MIN_PLAYERS)
    if len(names) > MAX_PLAYERS:
        raise ScoreInputError("too_many_players", "players", len(names), limit=MAX_PLAYERS)
    try:
        return check_names(list(names))
    except ScenarioError as problem:
        code = NAME_CODES.get(problem.code)
        if code is None:  # bad_name: too long, or nothing to read
            long = isinstance(problem.value, str) and len(problem.value.strip()) > MAX_NAME
            code = "name_too_long" if long else "name_empty"
        raise ScoreInputError(code, problem.field, problem.value, limit=MAX_NAME) from None


def _check_method(method: object) -> Method:
    for known in METHODS:
        if method == known:
            return known
    raise ScoreInputError("bad_method", "method", method)


# -- the game model ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One round: who went out, and the points it adds to each seat's total.

    Standard scoring (R-SCORE-1/2): only the winner's entry is non-zero. "Lowest" scoring
    (R-SCORE-3): each other seat adds the points left in its own hand, the winner adds 0.
    """

    winner: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class Game:
    """A score pad. ``id``, ``version``, ``created``, ``updated`` and ``access`` are set by the
    store (``uno.academy.store``)."""

    players: tuple[str, ...]
    target: int = DEFAULT_TARGET
    method: Method = "standard"
    rounds: tuple[Round, ...] = ()
    id: int | None = None
    version: int = 0
    created: str = ""
    updated: str = ""
    #: How the reader reaches a stored game: "owner", "link" (a share link) or "class".
    access: str = field(default="", compare=False)

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * len(self.players)
        for rnd in self.rounds:
            for seat, points in enumerate(rnd.points):
                totals[seat] += points
        return tuple(totals)

    def running_totals(self) -> list[tuple[int, ...]]:
        """The totals before any round (all 0), then after each round."""
        rows = [(0,) * len(self.players)]
        for rnd in self.rounds:
            rows.append(tuple(a + b for a, b in zip(rows[-1], rnd.points, strict=True)))
        return rows

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the game, or ``()`` while it goes on (R-SCORE-2, R-SCORE-3)."""
        if not self.rounds:
            return ()
        return game_winners(
            self.totals, self.rounds[-1].winner, target=self.target, scoring=self.method
        )

    @property
    def is_over(self) -> bool:
        return bool(self.winners)


def new_game(
    players: Sequence[object], target: object = DEFAULT_TARGET, method: object = "standard"
) -> Game:
    """A new pad, every input checked (names normalized)."""
    return Game(validate_names(players), parse_target(target), _check_method(method))


def _check_seat(game: Game, seat: object, field: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(game.players):
        raise ScoreInputError("bad_winner", field, seat)
    return seat


def _round_from_hand_points(game: Game, winner: int, per_seat: Mapping[int, int]) -> Round:
    points = [0] * len(game.players)
    if game.method == "lowest":
        for seat, value in per_seat.items():
            if seat != winner:
                points[seat] = value
    else:
        total = sum(value for seat, value in per_seat.items() if seat != winner)
        if total > MAX_POINTS:
            raise ScoreInputError("points_too_big", "points", total, limit=MAX_POINTS)
        points[winner] = total
    return Round(winner, tuple(points))


def round_from_hands(game: Game, winner: object, hands: Mapping[int, Iterable[Card]]) -> Round:
    """A round from the cards left in the losing hands (seat -> cards; a missing seat holds
    nothing). The winner's own entry, if any, is ignored: their hand is empty."""
    seat = _check_seat(game, winner, "winner")
    per_seat: dict[int, int] = {}
    for other, cards in hands.items():
        _check_seat(game, other, "hands")
        value = hand_points(cards)
        if value > MAX_POINTS:
            raise ScoreInputError("points_too_big", f"points[{other}]", value, limit=MAX_POINTS)
        per_seat[other] = value
    return _round_from_hand_points(game, seat, per_seat)


def round_from_texts(game: Game, winner: object, texts: Mapping[int, str]) -> Round:
    """A round from the codes typed for each losing hand (seat -> text such as ``"R7 wd4"``).

    Refused when a text holds a token that is not a card code (``unknown_cards``, the tokens in
    ``.value``) or when no losing hand holds any card (``no_cards``)."""
    seat = _check_seat(game, winner, "winner")
    hands: dict[int, tuple[Card, ...]] = {}
    for other, text in texts.items():
        _check_seat(game, other, "cards")
        if other == seat:
            continue
        hand = parse_hand(text, f"cards[{other}]")
        if hand.unknown:
            raise ScoreInputError("unknown_cards", f"cards[{other}]", hand.unknown)
        hands[other] = hand.cards
    if not any(hands.values()):
        raise ScoreInputError("no_cards", "cards", 0)
    return round_from_hands(game, seat, hands)


def round_from_points(game: Game, winner: object, points: Mapping[int, object]) -> Round:
    """A round from each losing hand's points as counted at the table (seat -> int or text)."""
    seat = _check_seat(game, winner, "winner")
    per_seat: dict[int, int] = {}
    for other, value in points.items():
        _check_seat(game, other, "points")
        if other != seat:
            per_seat[other] = parse_points(value, f"points[{other}]")
    return _round_from_hand_points(game, seat, per_seat)


def round_from_score(game: Game, winner: object, score: object) -> Round:
    """Standard scoring only: a round from the winner's score, counted at the table."""
    seat = _check_seat(game, winner, "winner")
    if game.method != "standard":
        raise ScoreInputError("bad_method", "method", game.method)
    points = [0] * len(game.players)
    points[seat] = parse_points(score, "score")
    return Round(seat, tuple(points))


def _check_round_shape(game: Game, rnd: Round) -> None:
    _check_seat(game, rnd.winner, "winner")
    if len(rnd.points) != len(game.players):
        raise ScoreInputError("bad_round", "points", rnd.points)
    for seat, value in enumerate(rnd.points):
        parse_points(value, f"points[{seat}]")
        if game.method == "standard" and seat != rnd.winner and value:
            raise ScoreInputError("bad_round", f"points[{seat}]", value)
        if game.method == "lowest" and seat == rnd.winner and value:
            raise ScoreInputError("bad_round", f"points[{seat}]", value)


def add_round(game: Game, rnd: Round) -> Game:
    """The game with one more round. Refused once the game is won (undo first)."""
    if game.is_over:
        raise ScoreInputError("game_over", "rounds", len(game.rounds))
    _check_round_shape(game, rnd)
    return replace(game, rounds=(*game.rounds, rnd))


def undo_round(game: Game) -> Game:
    """The game without its last round."""
    if not game.rounds:
        raise ScoreInputError("no_rounds", "rounds", 0)
    return replace(game, rounds=game.rounds[:-1])


def rename_players(game: Game, names: Sequence[object]) -> Game:
    """The game with new names for its players (same seats, same count)."""
    if len(names) != len(game.players):
        raise ScoreInputError("bad_players_count", "players", len(names), limit=len(game.players))
    return replace(game, players=validate_names(names))


# -- CSV --------------------------------------------------------------------------------------

_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def _csv_text(text: str) -> str:
    """User text for a spreadsheet: a leading ``= + - @`` would start a formula, so it gets a
    leading apostrophe (the usual guard against CSV injection)."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def game_csv(game: Game, *, round_label: str = "round", winner_label: str = "winner") -> bytes:
    """The game as CSV in UTF-8 with a byte-order mark (so spreadsheets read accents and
    Cyrillic): ``round, winner, <one column per player>``, one row per round with the running
    totals after it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([round_label, winner_label, *(_csv_text(name) for name in game.players)])
    totals = game.running_totals()
    for number, rnd in enumerate(game.rounds, start=1):
        winner = _csv_text(game.players[rnd.winner])
        writer.writerow([number, winner, *totals[number]])
    return out.getvalue().encode("utf-8-sig")
