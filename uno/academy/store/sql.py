"""``SQLStore``: the whole store on one backend, as the app uses it (``Store``).

It only puts the pieces together: a backend (``SQLiteStore`` and ``PostgresStore`` subclass
this class and give it transactions, ``backend.Backend``) and one repository per subject over
it, each its own module: ``progress`` (learners), ``classes``, ``games`` (score pads), ``rooms``
and ``limits`` (wrong codes and new rooms, used by classes and rooms). Each method below hands
its call to its subject's repository, whose docstring says what it does and refuses.
"""

from __future__ import annotations

from collections.abc import Sequence

from uno.academy import scorepad as sp
from uno.academy.store.backend import Backend
from uno.academy.store.classes import ClassRepository
from uno.academy.store.games import ScorePadRepository
from uno.academy.store.limits import (
    ADDRESS_ATTEMPTS,
    ADDRESS_ROOMS,
    ATTEMPT_WINDOW,
    DEVICE_ATTEMPTS,
    MAX_OPEN_ROOMS,
    ROOMS_WINDOW,
    Limits,
)
from uno.academy.store.model import (
    Answer,
    ClassInfo,
    ClassPuzzleReport,
    ClassReport,
    HiddenGame,
    Membership,
    Progress,
    PuzzleOutcome,
    PuzzleProfile,
    RoomState,
    Seated,
    SeatSpec,
)
from uno.academy.store.progress import ProgressRepository
from uno.academy.store.puzzles import PuzzleRepository
from uno.academy.store.rooms import ROOM_TTL, RoomRepository
from uno.state import GameState

__all__ = [
    "ADDRESS_ATTEMPTS",
    "ADDRESS_ROOMS",
    "ATTEMPT_WINDOW",
    "DEVICE_ATTEMPTS",
    "MAX_OPEN_ROOMS",
    "ROOMS_WINDOW",
    "ROOM_TTL",
    "SQLStore",
]


class SQLStore(Backend):
    """Learners, classes, score pads and rooms over SQL. ``uno.academy.store.Store`` is its
    interface; ``SQLiteStore`` and ``PostgresStore`` give it transactions. A subclass calls
    ``super().__init__()`` first: it makes the repositories (which hold no connection)."""

    def __init__(self) -> None:
        self._limits = Limits(self)
        self._progress = ProgressRepository(self)
        self._classes = ClassRepository(self, self._limits)
        self._games = ScorePadRepository(self, self._classes)
        self._rooms = RoomRepository(self, self._limits, self._classes)
        self._puzzles = PuzzleRepository(self)

    # -- puzzles: PuzzleRepository ----------------------------------------------------------
    def puzzle_profile(self, token: str) -> PuzzleProfile:
        """This device's puzzle rating, streak and counts."""
        return self._puzzles.puzzle_profile(token)

    def puzzles_tried(self, token: str) -> dict[str, bool]:
        """The puzzles this device answered, each with whether it was right at once."""
        return self._puzzles.puzzles_tried(token)

    def puzzle_ratings(self) -> dict[str, tuple[float, float, int]]:
        """Every answered puzzle's rating, deviation and raters."""
        return self._puzzles.puzzle_ratings()

    def answer_puzzle(self, token: str, puzzle_id: str, prior: float, right: bool) -> PuzzleOutcome:
        """One answer to a puzzle (the first one rates both)."""
        return self._puzzles.answer_puzzle(token, puzzle_id, prior, right)

    def forget_puzzles(self, token: str) -> None:
        """Remove this device's puzzle rating and answers."""
        self._puzzles.forget_puzzles(token)

    def set_class_puzzles(self, teacher_token: str, code: str, puzzle_ids: list[str]) -> None:
        """The class's set of puzzles (its teacher only)."""
        self._puzzles.set_class_puzzles(teacher_token, code, puzzle_ids)

    def class_puzzles(self, token: str) -> tuple[str, ...]:
        """The set of puzzles of this device's class."""
        return self._puzzles.class_puzzles(token)

    def class_puzzle_report(self, teacher_token: str, code: str) -> ClassPuzzleReport:
        """The class's set and its pupils' answers (its teacher only)."""
        return self._puzzles.class_puzzle_report(teacher_token, code)

    # -- learners and progress: ProgressRepository --------------------------------------------
    def progress(self, token: str) -> Progress:
        """This device's lessons passed and quiz results."""
        return self._progress.progress(token)

    def record_answer(self, token: str, lesson: int, question_id: str, right: bool) -> Answer:
        """One more answer to a quiz question; the question's totals for this device."""
        return self._progress.record_answer(token, lesson, question_id, right)

    def pass_lesson(self, token: str, lesson: int) -> None:
        """Mark a lesson passed for this device."""
        self._progress.pass_lesson(token, lesson)

    def forget_progress(self, token: str) -> None:
        """Remove this device's passes and answers."""
        self._progress.forget_progress(token)

    # -- classes: ClassRepository -------------------------------------------------------------
    def create_class(self, teacher_token: str, name: str) -> ClassInfo:
        """A new class made by this device, with a new code."""
        return self._classes.create_class(teacher_token, name)

    def classes_of(self, teacher_token: str) -> list[ClassInfo]:
        """The classes this device made."""
        return self._classes.classes_of(teacher_token)

    def join_class(
        self, pupil_token: str, code: str, first_name: str, *, address: str | None = None
    ) -> Membership:
        """This device joins the class of a typed code (rate-limited: CodeRefused)."""
        return self._classes.join_class(pupil_token, code, first_name, address=address)

    def leave_class(self, pupil_token: str) -> None:
        """This device leaves its class."""
        self._classes.leave_class(pupil_token)

    def membership(self, pupil_token: str) -> Membership | None:
        """The class this device is in, or None."""
        return self._classes.membership(pupil_token)

    def class_report(self, teacher_token: str, code: str) -> ClassReport:
        """What the teacher of a class sees (NotAllowed for anyone else)."""
        return self._classes.class_report(teacher_token, code)

    # -- score pads: ScorePadRepository -------------------------------------------------------
    def list_games(self, token: str) -> list[sp.Game]:
        """The games this device may open, the most recently changed first."""
        return self._games.list_games(token)

    def load_game(self, token: str, game_id: int) -> sp.Game:
        """One game this device may open (GameNotFound otherwise)."""
        return self._games.load_game(token, game_id)

    def create_game(
        self,
        owner_token: str,
        players: Sequence[object],
        target: object = sp.DEFAULT_TARGET,
        method: object = "standard",
        *,
        class_code: str | None = None,
    ) -> sp.Game:
        """A new game owned by this device, version 1."""
        return self._games.create_game(owner_token, players, target, method, class_code=class_code)

    def add_round(self, token: str, game_id: int, expected_version: int, rnd: sp.Round) -> sp.Game:
        """Save one more round (StaleGame if the game moved on)."""
        return self._games.add_round(token, game_id, expected_version, rnd)

    def undo_round(self, token: str, game_id: int, expected_version: int) -> sp.Game:
        """Remove the last round (StaleGame if the game moved on)."""
        return self._games.undo_round(token, game_id, expected_version)

    def rename_players(
        self, token: str, game_id: int, expected_version: int, names: Sequence[object]
    ) -> sp.Game:
        """New names for the players, all at once (StaleGame if the game moved on)."""
        return self._games.rename_players(token, game_id, expected_version, names)

    def delete_game(self, token: str, game_id: int, expected_version: int) -> None:
        """Delete a game: its owner only."""
        self._games.delete_game(token, game_id, expected_version)

    def share_game(self, owner_token: str, game_id: int) -> str:
        """The game's share token: its owner only."""
        return self._games.share_game(owner_token, game_id)

    def open_shared(self, token: str, share: str) -> sp.Game:
        """The game of a share link, seen by this device from now on."""
        return self._games.open_shared(token, share)

    def keep_open(self, token: str, game_id: int | None, tab: str = "pad") -> None:
        """Remember the game and tab this device has open."""
        self._games.keep_open(token, game_id, tab)

    def kept_open(self, token: str) -> tuple[int | None, str]:
        """The game and tab this device last had open."""
        return self._games.kept_open(token)

    def hidden_games(self) -> list[HiddenGame]:
        """For the administrator: the games that belong to nobody."""
        return self._games.hidden_games()

    # -- rooms: RoomRepository ----------------------------------------------------------------
    def create_room(
        self,
        teacher_token: str,
        *,
        rules: object = None,
        deck: str = "full",
        seats: Sequence[SeatSpec],
        class_code: str | None = None,
        ttl: float = ROOM_TTL,
        seed: int | None = None,
        start: GameState | None = None,
        address: str | None = None,
    ) -> RoomState:
        """A new room made by this device (its teacher), dealt at once."""
        return self._rooms.create_room(
            teacher_token,
            rules=rules,
            deck=deck,
            seats=seats,
            class_code=class_code,
            ttl=ttl,
            seed=seed,
            start=start,
            address=address,
        )

    def rooms_of(self, teacher_token: str) -> list[str]:
        """The codes of this device's rooms that are not expired, newest first."""
        return self._rooms.rooms_of(teacher_token)

    def room_state(self, code: str) -> RoomState:
        """A room as it is now (CodeRefused when gone)."""
        return self._rooms.room_state(code)

    def room_start(self, code: str, deal: int) -> GameState | None:
        """The game as a room's deal began, or None."""
        return self._rooms.room_start(code, deal)

    def watch_room(self, code: str, device_token: str, *, address: str | None = None) -> RoomState:
        """The room of a typed code, for a projector (rate-limited: CodeRefused)."""
        return self._rooms.watch_room(code, device_token, address=address)

    def join_room(
        self, code: str, pupil_token: str, first_name: str, *, address: str | None = None
    ) -> Seated:
        """A pupil takes a free seat of the room of a typed code (rate-limited)."""
        return self._rooms.join_room(code, pupil_token, first_name, address=address)

    def rejoin(self, code: str, seat_token: str) -> Seated:
        """The seat behind a seat token (CodeRefused when it holds none)."""
        return self._rooms.rejoin(code, seat_token)

    def apply_room_action(
        self, code: str, seat_token: str, expected_version: int, action_text: str
    ) -> RoomState:
        """A pupil's move, checked and kept in one transaction."""
        return self._rooms.apply_room_action(code, seat_token, expected_version, action_text)

    def apply_bot_moves(self, code: str, expected_version: int, *, limit: int = 1) -> RoomState:
        """Up to ``limit`` moves of the room's computer players, in one transaction."""
        return self._rooms.apply_bot_moves(code, expected_version, limit=limit)

    def pause_room(self, teacher_token: str, code: str, paused: bool = True) -> RoomState:
        """Pause or resume the room: its teacher only."""
        return self._rooms.pause_room(teacher_token, code, paused)

    def restart_room(self, teacher_token: str, code: str, seed: int | None = None) -> RoomState:
        """Deal again: its teacher only."""
        return self._rooms.restart_room(teacher_token, code, seed)

    def seat_to_bot(
        self, teacher_token: str, code: str, seat: int, strategy: str = "friendly"
    ) -> RoomState:
        """Hand a seat to a computer player: the room's teacher only."""
        return self._rooms.seat_to_bot(teacher_token, code, seat, strategy)

    def remove_pupil(self, teacher_token: str, code: str, seat: int) -> RoomState:
        """Free a pupil's seat: the room's teacher only."""
        return self._rooms.remove_pupil(teacher_token, code, seat)

    def close_room(self, teacher_token: str, code: str) -> RoomState:
        """Close the room: its teacher only."""
        return self._rooms.close_room(teacher_token, code)

    def purge_expired(self) -> int:
        """Delete the rooms past their expiry; how many."""
        return self._rooms.purge_expired()
