"""The values the store returns (frozen dataclasses); score pads are ``scorepad.Game``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal

from uno.state import GameState

__all__ = [
    "Answer",
    "ClassInfo",
    "ClassPuzzleReport",
    "ClassReport",
    "HiddenGame",
    "LoggedAction",
    "Membership",
    "Progress",
    "PupilPuzzles",
    "PupilReport",
    "PuzzleOutcome",
    "PuzzleProfile",
    "QuestionStat",
    "RoomSeat",
    "RoomState",
    "SeatKind",
    "SeatSpec",
]

SeatKind = Literal["pupil", "bot"]
#: A seat asked for when a room is made: ``("pupil", None)`` or ``("bot", "friendly")``.
SeatSpec = tuple[SeatKind, str | None]
EMPTY: Final[Mapping[tuple[int, str], Answer]] = MappingProxyType({})


@dataclass(frozen=True)
class Answer:
    """One quiz question for one learner: how often it was answered, how often wrongly, and
    whether it was ever answered right."""

    tries: int
    wrong: int
    ever_right: bool


@dataclass(frozen=True)
class Progress:
    """A learner's lessons passed and quiz results (``answers[(lesson, question_id)]``)."""

    passed: frozenset[int] = frozenset()
    answers: Mapping[tuple[int, str], Answer] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True)
class ClassInfo:
    """A class as its teacher sees it: the code pupils type (``format_code`` shows it in
    groups), its name and how many pupils joined."""

    code: str
    name: str
    pupils: int
    created: float


@dataclass(frozen=True)
class Membership:
    """The class a pupil's device is in, and the first name the pupil typed."""

    code: str
    class_name: str
    first_name: str


@dataclass(frozen=True)
class PupilReport:
    first_name: str
    passed: tuple[int, ...]


@dataclass(frozen=True)
class QuestionStat:
    """A quiz question across a class: pupils who got it wrong at least once, pupils asked."""

    lesson: int
    question: str
    wrong: int
    asked: int


@dataclass(frozen=True)
class ClassReport:
    """What a class's teacher sees: each pupil's lessons passed (by first name, in the order
    they joined), and the questions the class gets wrong most, the most missed first."""

    code: str
    name: str
    pupils: tuple[PupilReport, ...]
    hardest: tuple[QuestionStat, ...]


@dataclass(frozen=True)
class PuzzleProfile:
    """A device's puzzle rating (Glicko-2: ``rating``, ``deviation``, ``volatility``), its
    current and best streaks of puzzles solved at the first try, and how many it solved so
    at the first try (``solved``) of those it answered (``tried``)."""

    rating: float
    deviation: float
    volatility: float
    streak: int = 0
    best_streak: int = 0
    solved: int = 0
    tried: int = 0


@dataclass(frozen=True)
class PuzzleOutcome:
    """What an answer changed: the device's profile ``before`` and ``after``, whether it was
    ``rated`` (its first answer to that puzzle) and the puzzle's new rating if so."""

    before: PuzzleProfile
    after: PuzzleProfile
    rated: bool
    puzzle_rating: float | None


@dataclass(frozen=True)
class PupilPuzzles:
    """One pupil's answers to the class's set: for each puzzle answered, (right at the first
    try, solved in the end)."""

    first_name: str
    answers: Mapping[str, tuple[bool, bool]]


@dataclass(frozen=True)
class ClassPuzzleReport:
    """A class's set of puzzles (ids, in order) and each pupil's answers to it."""

    code: str
    puzzles: tuple[str, ...]
    pupils: tuple[PupilPuzzles, ...]


@dataclass(frozen=True)
class HiddenGame:
    """A score pad that belongs to nobody (kept from a file of before owners): the
    administrator sees it with its share token (its link is ``scoring?game=<share>``)."""

    id: int
    players: tuple[str, ...]
    rounds: int
    updated: str
    share: str


@dataclass(frozen=True)
class RoomSeat:
    """A seat of a room: a pupil's (``name`` None while nobody sits there) or a computer's."""

    seat: int
    kind: SeatKind
    strategy: str | None
    name: str | None

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.name is not None


@dataclass(frozen=True)
class LoggedAction:
    """One move since the deal: its number (1, 2, ...), the seat and the action's notation."""

    number: int
    seat: int
    action: str


@dataclass(frozen=True)
class RoomState:
    """A room as the server sees it. ``state`` is the whole game, every hand included: the
    server hides the other hands before anything reaches a device. ``state.players`` are the
    engine's seat names ("Player 1"...); the pupils' first names are in ``seats``. ``log`` is
    every action since the deal (``deal`` counts the deals: a restart deals again)."""

    code: str
    version: int
    state: GameState
    log: tuple[LoggedAction, ...]
    seats: tuple[RoomSeat, ...]
    deck: str
    deal: int
    paused: bool
    closed: bool
    expires: float
    class_code: str | None = None


@dataclass(frozen=True)
class Seated:
    """A pupil's seat in a room and the token that gets it back (kept on the pupil's device)."""

    code: str
    seat: int
    token: str
