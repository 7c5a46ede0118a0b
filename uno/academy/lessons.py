"""The lessons: what each one asks the learner, and the engine's judgement of every answer.

Language-neutral definitions live in ``content/lessons/NN-slug.toml`` (the try-it board and the
quiz) with scenario files in ``content/lessons/scenarios/``; the words live in
``content/<lang>/lessons/NN-slug.md`` (the explanation) and ``NN-slug.toml`` (title, prompts,
feedback, explanations). Every answer that can be computed (legality, whose turn, points, counts)
is computed here by the engine, never typed in a content file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Final

from uno.academy.i18n import CONTENT_DIR, normalize_lang
from uno.actions import Action, parse_action
from uno.cards import FULL_DECK, Card, Kind, card_points, parse_card
from uno.engine import apply, is_bluff, legal_actions, play_action
from uno.errors import IllegalAction, UnoError
from uno.rulebook import RULE_IDS
from uno.rules import RuleSet
from uno.scenario import load_scenario
from uno.setup import HAND_SIZE, dealer_from_draw, first_turn
from uno.state import GameState

__all__ = [
    "LESSONS_DIR",
    "Board",
    "Lesson",
    "Question",
    "Step",
    "Verdict",
    "board_options",
    "judge_board",
    "lesson_for_rule",
    "lesson_steps",
    "lesson_text",
    "lessons",
    "question_answer",
    "question_options",
    "right_board_options",
    "sections",
    "step_for_rule",
]

LESSONS_DIR: Final = CONTENT_DIR / "lessons"
QUESTION_KINDS: Final = (
    "legal",
    "bluff",
    "next_seat",
    "points",
    "round_points",
    "drawn_count",
    "count",
    "first_player",
    "dealer",
    "choice",
)
NUMERIC_KINDS: Final = ("points", "round_points", "drawn_count", "count")
COUNTS: Final[dict[str, int]] = {
    "deck": len(FULL_DECK),
    "wild": sum(1 for c in FULL_DECK if c.is_wild),
    "action": sum(1 for c in FULL_DECK if c.kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO)),
    "number": sum(1 for c in FULL_DECK if c.kind is Kind.NUMBER),
    "color": sum(1 for c in FULL_DECK if c.color is not None and c.color.name == "R"),
    "hand_size": HAND_SIZE,
    "target": RuleSet.official().target_score or 0,
}


@dataclass(frozen=True)
class Board:
    """The try-it board: a situation where the learner makes the decision the lesson teaches."""

    kind: str
    scenario: str | None = None  # a file in content/lessons/scenarios/
    goal: str = "legal"  # play: "legal", "ends_round" or "catch"
    seat: int | None = None  # play/choice: the learner's seat (default: the seat to act)
    action: str | None = None  # next_seat/points: the move made before the question
    options: tuple[str, ...] = ()  # choice: actions offered
    right: str | None = None  # choice: how the right one is computed ("challenge_if_guilty")
    cards: tuple[str, ...] = ()  # dealer: the cards drawn, one per seat
    players: int = 4  # first_player
    dealer: int = 0  # first_player
    first: str | None = None  # first_player: the first card turned up
    show_hands: tuple[int, ...] = ()  # seats whose hands are shown face up (beside the learner)


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    scenario: str | None = None
    action: str | None = None
    actions: tuple[str, ...] = ()
    seat: int = 0
    cards: tuple[str, ...] = ()
    what: str | None = None  # count: a key of COUNTS
    players: int = 4
    dealer: int = 0
    first: str | None = None
    options: tuple[str, ...] = ()  # choice: option keys (texts in the language files)
    answer: str | None = None  # choice only: a fact no engine can compute


@dataclass(frozen=True)
class Step:
    """One step of a lesson: one idea, one thing to do. ``section``: the explanation's ``###``
    section shown (1-based; None: no text); ``task``: ``board``, a quiz question's id, or None
    (read, then go on); ``rules``: the rulings it teaches (a refusal of one points here)."""

    section: int | None = None
    task: str | None = None
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    number: int
    slug: str
    rules: tuple[str, ...]
    board: Board
    quiz: tuple[Question, ...] = field(default_factory=tuple)
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def key(self) -> str:
        return f"{self.number:02d}-{self.slug}"


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of a board answer."""

    right: bool
    reason: str | None = None  # the engine's refusal code when the move is illegal
    rule: str | None = None  # the ruling behind it
    params: Mapping[str, Any] = field(default_factory=dict)
    state: GameState | None = None  # the board after a legal move


@cache
def _scenario(name: str) -> GameState:
    """A lesson scenario, loaded once (states are immutable, so sharing one is safe)."""
    path = LESSONS_DIR / "scenarios" / name
    return load_scenario(path.read_bytes())


def _tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, list | tuple) else ()


def _lesson(path: Path) -> Lesson:
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    number_text, slug = path.stem.split("-", 1)
    board_data = dict(data["board"])
    for key in ("options", "cards", "show_hands"):
        if key in board_data:
            board_data[key] = _tuple(board_data[key])
    board = Board(**board_data)
    quiz = []
    for item in data.get("quiz", []):
        item = dict(item)
        for key in ("actions", "cards", "options"):
            if key in item:
                item[key] = _tuple(item[key])
        quiz.append(Question(**item))
    steps = tuple(
        Step(item.get("section"), item.get("task"), _tuple(item.get("rules", [])))
        for item in data.get("step", [])
    )
    lesson = Lesson(int(number_text), slug, tuple(data["rules"]), board, tuple(quiz), steps)
    _check(lesson)
    return lesson


def _check(lesson: Lesson) -> None:
    """A lesson definition that does not fit is a bug in content/: fail loudly at load."""
    unknown = [r for r in lesson.rules if r not in RULE_IDS]
    if unknown:
        raise ValueError(f"{lesson.key}: unknown rule ids {unknown}")
    if lesson.board.kind not in BOARDS:
        raise ValueError(f"{lesson.key}: unknown board kind {lesson.board.kind!r}")
    for q in lesson.quiz:
        if q.kind not in QUESTION_KINDS:
            raise ValueError(f"{lesson.key}: unknown question kind {q.kind!r}")
        if q.kind == "choice" and q.answer not in q.options:
            raise ValueError(f"{lesson.key} {q.id}: the answer must be one of the options")
        if q.kind != "choice" and q.answer is not None:
            raise ValueError(f"{lesson.key} {q.id}: a computable answer is never typed")
        if q.kind == "count" and q.what not in COUNTS:
            raise ValueError(f"{lesson.key} {q.id}: unknown count {q.what!r}")
    if lesson.steps:
        _check_steps(lesson)


def _check_steps(lesson: Lesson) -> None:
    """Each task once, the sections in order, the rulings the lesson's and all of them taught."""
    tasks = [step.task for step in lesson.steps if step.task is not None]
    wanted = ["board", *(q.id for q in lesson.quiz)]
    if sorted(tasks) != sorted(wanted):
        raise ValueError(f"{lesson.key}: the steps' tasks {tasks} are not once each of {wanted}")
    sections = [step.section for step in lesson.steps if step.section is not None]
    if sections != list(range(1, len(sections) + 1)):
        raise ValueError(f"{lesson.key}: the steps' sections {sections} are not 1, 2, 3...")
    taught = {rule for step in lesson.steps for rule in step.rules}
    if not taught <= set(lesson.rules) or set(lesson.rules) - taught:
        raise ValueError(f"{lesson.key}: the steps teach {sorted(taught)}, not {lesson.rules}")


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in order."""
    return tuple(_lesson(p) for p in sorted(LESSONS_DIR.glob("[0-9][0-9]-*.toml")))


@cache
def lesson_for_rule(rule: str) -> int | None:
    """The number of the first lesson that teaches ``rule``, or None when no lesson does: the
    one lookup behind every "see lesson N" link (refusals, tips, the teachers' page)."""
    for lesson in lessons():
        if rule in lesson.rules:
            return lesson.number
    return None


@cache
def lesson_text(lesson: Lesson, lang: str) -> tuple[str, dict[str, Any]]:
    """The explanation (Markdown) and the words (title, prompts, feedback) of a lesson, read
    once per language (the lessons page asks for every title on each run). Read-only."""
    folder = CONTENT_DIR / normalize_lang(lang) / "lessons"
    markdown = (folder / f"{lesson.key}.md").read_text(encoding="utf-8")
    with (folder / f"{lesson.key}.toml").open("rb") as handle:
        words = tomllib.load(handle)
    return markdown, words


def sections(markdown: str) -> list[str]:
    """The explanation cut at its ``###`` headings: one section each (the heading with it)."""
    parts: list[list[str]] = []
    for line in markdown.splitlines():
        if line.startswith("### ") or not parts:
            parts.append([])
        parts[-1].append(line)
    return ["\n".join(part).strip() for part in parts if "\n".join(part).strip()]


@cache
def lesson_steps(lesson: Lesson) -> tuple[Step, ...]:
    """The lesson's steps: as its file lists them, else each section, the board, then each
    question (the board teaches every ruling of the lesson)."""
    if lesson.steps:
        return lesson.steps
    count = len(sections(lesson_text(lesson, "en")[0]))
    return (
        *(Step(section=i) for i in range(1, count + 1)),
        Step(task="board", rules=lesson.rules),
        *(Step(task=q.id) for q in lesson.quiz),
    )


@cache
def step_for_rule(rule: str) -> tuple[int, int] | None:
    """Where ``rule`` is taught: (lesson number, step number from 1), the first step of the
    first lesson that lists it; None when no lesson teaches it."""
    for lesson in lessons():
        for number, step in enumerate(lesson_steps(lesson), start=1):
            if rule in step.rules:
                return lesson.number, number
    return None


# -- the boards: one small class per kind ------------------------------------------------------


class LessonBoard:
    """A try-it board of one kind: what the learner may choose, how a choice is judged, and the
    right choices. Choices are texts: an action in the engine's notation without its seat
    (``play R7``, ``draw``, ``catch 1``, ``challenge``) or a seat number. A new kind is one
    subclass added to ``BOARDS``, and one view function in ``uno.ui.lessons.boards.BOARD_VIEWS``."""

    kind: ClassVar[str] = ""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.board = lesson.board
        self.state = _scenario(lesson.board.scenario) if lesson.board.scenario else None

    @property
    def players(self) -> int:
        """How many players the board shows."""
        return self.state.n_players if self.state is not None else self.board.players

    def options(self) -> list[str]:
        """What the learner can choose (empty: a number is typed)."""
        return [str(seat) for seat in range(self.players)]

    def answer(self) -> str:
        """The one right answer of boards that have one."""
        raise ValueError(f"{self.lesson.key}: a {self.kind} board has several right answers")

    def judge(self, choice: str, color: str | None = None) -> Verdict:
        return Verdict(choice == self.answer())

    def right_options(self) -> list[str]:
        """Every choice the engine judges right (what "show me" plays)."""
        return [self.answer()]


class _MoveBoard(LessonBoard):
    """A board where the learner makes a move on a situation: judged by the engine's
    ``play_action`` and ``apply``, so an illegal move comes back with its reason and rule."""

    @property
    def learner(self) -> int:
        assert self.state is not None
        return self.state.turn if self.board.seat is None else self.board.seat

    def action(self, choice: str, color: str | None) -> Action:
        """The engine action a choice means (a wild's colour from ``color``)."""
        assert self.state is not None
        verb, _, rest = choice.partition(" ")
        if verb == "play":
            return play_action(self.state, self.learner, parse_card(rest), color=color)
        return parse_action(f"{self.learner}: {choice}", self.state)

    def moved(self, choice: str, color: str | None) -> GameState | Verdict:
        """The state after the choice, or the refusal as a wrong verdict."""
        assert self.state is not None
        try:
            return apply(self.state, self.action(choice, color))[0]
        except IllegalAction as refusal:
            return Verdict(False, refusal.reason, refusal.rule, refusal.params)

    def right_options(self) -> list[str]:
        return [o for o in self.options() if self.judge(o, _SHOW_ME_COLOR).right]


#: The colour "show me" names when the right move is a wild (any colour is right).
_SHOW_ME_COLOR: Final = "B"


class PlayBoard(_MoveBoard):
    """Play a card (or draw, pass, catch): every card of the hand can be tapped, so a wrong
    card is refused with the engine's reason; ``goal`` says what is right: any legal move
    (``legal``), only a card (``card``), a move that ends the round (``ends_round``), or
    catching a player who forgot "Uno" (``catch``)."""

    kind = "play"

    def options(self) -> list[str]:
        assert self.state is not None
        state, seat, goal = self.state, self.learner, self.board.goal
        options = [f"play {card}" for card in sorted(set(state.hands[seat]))]
        if goal == "card":
            return options
        others = {
            str(a).split(": ", 1)[1]
            for a in legal_actions(state)
            if a.seat == seat and a.verb in ("draw", "pass")
        }
        if goal == "catch":
            options += [f"catch {s}" for s in range(state.n_players) if s != seat]
        return options + sorted(others)

    def judge(self, choice: str, color: str | None = None) -> Verdict:
        after = self.moved(choice, color)
        if isinstance(after, Verdict):
            return after
        if self.board.goal == "ends_round":
            return Verdict(after.is_over, state=after)
        if self.board.goal == "catch":
            return Verdict(choice.startswith("catch"), state=after)
        return Verdict(True, state=after)


class ChoiceBoard(_MoveBoard):
    """Choose between moves the engine allows (challenge or accept a Wild Draw Four); ``right``
    names how the right one is computed."""

    kind = "choice"

    def options(self) -> list[str]:
        assert self.state is not None
        legal = {str(a).split(": ", 1)[1] for a in legal_actions(self.state)}
        return [o for o in self.board.options if o in legal]

    def answer(self) -> str:
        assert self.state is not None
        if self.board.right == "challenge_if_guilty":
            assert self.state.challenge is not None
            return "challenge" if self.state.challenge.guilty else "accept"
        raise ValueError(f"unknown rule for the right choice: {self.board.right!r}")

    def judge(self, choice: str, color: str | None = None) -> Verdict:
        after = self.moved(choice, color)
        if isinstance(after, Verdict):
            return after
        return Verdict(choice == self.answer(), state=after)

    def right_options(self) -> list[str]:
        return [self.answer()]


class NextSeatBoard(LessonBoard):
    """Whose turn is it after this card? (the board's ``action``)"""

    kind = "next_seat"

    def answer(self) -> str:
        assert self.state is not None and self.board.action is not None
        return str(apply(self.state, self.board.action)[0].turn)


class PointsBoard(LessonBoard):
    """How many points does the winner score? (a number typed)"""

    kind = "points"

    def options(self) -> list[str]:
        return []

    def answer(self) -> str:
        assert self.state is not None and self.board.action is not None
        return str(_round_points(self.state, (self.board.action,)))


class DealerBoard(LessonBoard):
    """Who deals? (each seat drew one of ``cards``, R-SETUP-2)"""

    kind = "dealer"

    @property
    def players(self) -> int:
        return len(self.board.cards)

    def answer(self) -> str:
        seats = dealer_from_draw(self.board.cards)
        if len(seats) != 1:
            raise ValueError(f"{self.lesson.key}: the dealer draw must have one winner")
        return str(seats[0])


class FirstPlayerBoard(LessonBoard):
    """Who plays first, after this first card? (R-SETUP-3, R-SETUP-6)"""

    kind = "first_player"

    def answer(self) -> str:
        assert self.board.first is not None
        return str(first_turn(self.board.players, self.board.dealer, self.board.first)[0])


#: Every board kind, by its name in the lesson files.
BOARDS: Final[dict[str, type[LessonBoard]]] = {
    cls.kind: cls
    for cls in (PlayBoard, ChoiceBoard, NextSeatBoard, PointsBoard, DealerBoard, FirstPlayerBoard)
}


@cache
def board_of(lesson: Lesson) -> LessonBoard:
    """The lesson's try-it board (boards hold immutable states: sharing one is safe)."""
    return BOARDS[lesson.board.kind](lesson)


def board_state(lesson: Lesson) -> GameState | None:
    return board_of(lesson).state


def board_options(lesson: Lesson) -> list[str]:
    """What the learner can choose on the board."""
    return board_of(lesson).options()


def judge_board(lesson: Lesson, choice: str, color: str | None = None) -> Verdict:
    """Is the learner's choice right? Illegal moves come back with the engine's reason."""
    return board_of(lesson).judge(choice, color)


def board_answer(lesson: Lesson) -> str:
    """The right answer of boards with one answer (a seat, a number, an action)."""
    return board_of(lesson).answer()


def right_board_options(lesson: Lesson) -> list[str]:
    """Every option the engine judges right (what "show me" plays)."""
    return board_of(lesson).right_options()


# -- the quiz --------------------------------------------------------------------------------


def _round_points(state: GameState, actions: tuple[str, ...]) -> int:
    for action in actions:
        state, events = apply(state, action)
        for event in events:
            if event.type == "round_won":
                return int(event.points)
    raise ValueError("the actions do not end the round")


def question_options(q: Question) -> list[str]:
    """The choices offered (empty for a number to type)."""
    if q.kind in ("legal", "bluff"):
        return ["yes", "no"]
    if q.kind == "choice":
        return list(q.options)
    if q.kind == "next_seat":
        assert q.scenario is not None
        return [str(s) for s in range(_scenario(q.scenario).n_players)]
    if q.kind == "first_player":
        return [str(s) for s in range(q.players)]
    if q.kind == "dealer":
        return [str(s) for s in range(len(q.cards))]
    return []


def question_answer(q: Question) -> str:
    """The right answer, computed by the engine (typed only for ``choice`` facts)."""
    if q.kind == "choice":
        assert q.answer is not None
        return q.answer
    if q.kind == "count":
        assert q.what is not None
        return str(COUNTS[q.what])
    if q.kind == "points":
        return str(sum(card_points(Card(c)) for c in q.cards))
    if q.kind == "first_player":
        assert q.first is not None
        return str(first_turn(q.players, q.dealer, q.first)[0])
    if q.kind == "dealer":
        seats = dealer_from_draw(q.cards)
        if len(seats) != 1:
            raise ValueError(f"question {q.id}: the dealer draw must have one winner")
        return str(seats[0])
    assert q.scenario is not None
    state = _scenario(q.scenario)
    if q.kind == "legal":
        assert q.action is not None
        try:
            apply(state, q.action)
        except IllegalAction:
            return "no"
        return "yes"
    if q.kind == "bluff":
        assert q.action is not None
        return "yes" if is_bluff(state, q.action) else "no"
    if q.kind == "next_seat":
        assert q.action is not None
        return str(apply(state, q.action)[0].turn)
    if q.kind == "round_points":
        return str(_round_points(state, q.actions or ((q.action,) if q.action else ())))
    if q.kind == "drawn_count":
        total = 0
        for action in q.actions:
            state, events = apply(state, action)
            total += sum(e.count for e in events if e.type == "drew" and e.seat == q.seat)
        return str(total)
    raise ValueError(f"question {q.id}: unknown kind {q.kind!r}")


def question_refusal(q: Question) -> IllegalAction | None:
    """For a ``legal`` question whose answer is no: the engine's refusal (reason and rule)."""
    if q.kind != "legal" or q.scenario is None or q.action is None:
        return None
    try:
        apply(_scenario(q.scenario), q.action)
    except IllegalAction as refusal:
        return refusal
    return None


def scenario_of(name: str) -> GameState:
    """A lesson scenario by file name (raises UnoError when it does not load)."""
    try:
        return _scenario(name)
    except OSError as exc:
        raise UnoError(f"no lesson scenario {name!r}") from exc


def parse_progress(lesson_param: object, done_param: object, count: int) -> tuple[int, list[int]]:
    """``?lesson=8&done=1.2.3`` from a URL: the lesson to open and the lessons done. Anything
    strange is ignored (lesson 1, nothing done)."""
    lesson = 1
    if isinstance(lesson_param, str) and lesson_param.isascii() and lesson_param.isdigit():
        value = int(lesson_param[:3])
        if 1 <= value <= count:
            lesson = value
    done: list[int] = []
    if isinstance(done_param, str) and len(done_param) <= 64:
        for part in done_param.replace(",", ".").split("."):
            if part.isascii() and part.isdigit() and 1 <= int(part[:3]) <= count:
                value = int(part)
                if value not in done:
                    done.append(value)
    return lesson, sorted(done)


def format_progress(done: list[int]) -> str:
    return ".".join(str(n) for n in sorted(set(done)))


__all__ += [
    "BOARDS",
    "COUNTS",
    "NUMERIC_KINDS",
    "QUESTION_KINDS",
    "LessonBoard",
    "board_answer",
    "board_of",
    "board_state",
    "format_progress",
    "parse_progress",
    "question_refusal",
    "scenario_of",
]


# -- the learner's tries on a quiz question ---------------------------------------------------

#: The right answer and its explanation come after this many wrong tries (or on request).
REVEAL_AFTER: Final = 2


@dataclass(frozen=True)
class Attempt:
    """A learner's tries on one question: the last answer given, the wrong tries so far,
    whether it is answered right, whether the answer has been shown. A wrong answer is never a
    pass: the learner tries again, and after ``REVEAL_AFTER`` wrong tries (or on request) the
    right answer and its explanation are shown; choosing it then answers the question."""

    given: str | None = None
    wrong: int = 0
    right: bool = False
    shown: bool = False

    def answer(self, given: str, correct: str) -> Attempt:
        if self.right:
            return self
        if given == correct:
            return replace(self, given=given, right=True)
        wrong = self.wrong + 1
        return replace(self, given=given, wrong=wrong, shown=self.shown or wrong >= REVEAL_AFTER)

    def reveal(self) -> Attempt:
        return replace(self, shown=True)

    def record(self, given: str, right: bool) -> Attempt:
        """A try judged elsewhere (a board, where several answers may be right)."""
        if self.right:
            return self
        if right:
            return replace(self, given=given, right=True)
        wrong = self.wrong + 1
        return replace(self, given=given, wrong=wrong, shown=self.shown or wrong >= REVEAL_AFTER)


def lesson_passed(board_right: bool, attempts: Mapping[str, Attempt], lesson: Lesson) -> bool:
    """A lesson is passed when its board's move is right and every quiz question is answered
    right (wrong answers are tries, never a pass)."""
    return board_right and all(attempts.get(q.id, Attempt()).right for q in lesson.quiz)


__all__ += ["REVEAL_AFTER", "Attempt", "lesson_passed"]


# -- what a wrong number probably miscounted ---------------------------------------------------


@dataclass(frozen=True)
class Miscount:
    """The likeliest slip behind a wrong total of card points: ``card`` left out
    (``counted`` 0), counted twice (``twice``), or counted as ``counted`` points when it is
    worth ``worth``."""

    card: Card
    counted: int
    worth: int
    twice: bool = False


#: Values a learner may wrongly give a card: another kind's worth, or an action card's "number".
_SLIPS: Final = (20, 50, 10, 25, 40, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)


def miscount(cards: tuple[Card, ...], given: int) -> Miscount | None:
    """Which single slip turns the right total of ``cards`` into ``given``: a card left out, a
    card counted twice, or one card given a wrong worth (in that order of likelihood); None
    when the total is right or no single slip explains it."""
    worths = [card_points(card) for card in cards]
    total = sum(worths)
    if given == total:
        return None
    for card, worth in zip(cards, worths, strict=True):
        if given == total - worth and worth:
            return Miscount(card, 0, worth)
    for card, worth in zip(cards, worths, strict=True):
        if given == total + worth and worth:
            return Miscount(card, 2 * worth, worth, twice=True)
    for slip in _SLIPS:
        for card, worth in zip(cards, worths, strict=True):
            if slip != worth and given == total - worth + slip:
                return Miscount(card, slip, worth)
    return None


def counted_cards(q: Question) -> tuple[Card, ...] | None:
    """The cards whose points a numeric question adds up (``points``: the cards listed;
    ``round_points``: the cards left in the others' hands when the round ends); None for
    other questions."""
    if q.kind == "points":
        return tuple(Card(code) for code in q.cards)
    if q.kind != "round_points" or q.scenario is None:
        return None
    return _cards_left(_scenario(q.scenario), q.actions or ((q.action,) if q.action else ()))


def board_counted_cards(lesson: Lesson) -> tuple[Card, ...] | None:
    """A points board's cards: those left in the others' hands after its move."""
    board = board_of(lesson)
    if board.kind != "points" or board.state is None or board.board.action is None:
        return None
    return _cards_left(board.state, (board.board.action,))


def _cards_left(state: GameState, actions: tuple[str, ...]) -> tuple[Card, ...]:
    for action in actions:
        state, _ = apply(state, action)
    winner = state.round_winner
    return tuple(
        card for seat in range(state.n_players) if seat != winner for card in state.hands[seat]
    )


__all__ += ["Miscount", "board_counted_cards", "counted_cards", "miscount"]
