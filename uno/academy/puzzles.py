"""Puzzles: situations mined from games where one move is clearly best (issue 40).

A puzzle is a moment of a real game seen by the seat to move: the scenario (``uno-scenario/1``,
the others' hands the real hidden hands of the game, never shown to the solver), the seat, the
best move (``solution``), each move's chance of winning the round (``chances``), the rulings
it is about (``themes``) and a Glicko-2 ``rating`` (at first from how often the simple
computer players get it wrong, then moved by the solvers' answers).

How a move is weighed (``evaluate``): every move the seat may make (``moves_of``: each legal
play, a wild with each colour, a 7 with each seat under H-70, drawing or keeping a drawn card,
challenging or accepting; a play that leaves one card always says "Uno") is played out in the
same deals of what the seat cannot see (``uno.review.weigh``: the expert's worlds and playout
policy), from the seat's ``InfoSet`` only. A situation is a puzzle (``decisive``) when the best
move's chance beats every other move's by ``MARGIN`` (15 points) at least and their 95% Wilson
intervals do not touch; the miner (``uno.academy.puzzle_mine``) keeps only those that pass a
second evaluation with other deals too.

The bank lives in content/puzzles/*.json (``load_bank``); the page's logic is here too: judging
an answer (``judge``), choosing a puzzle (``pick``, ``daily``), the kids' easy puzzles.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import sqrt
from pathlib import Path
from typing import Any, Final

from uno.academy.coach import chance_text, move_words
from uno.academy.i18n import CONTENT_DIR, percent, t
from uno.actions import Action, parse_action
from uno.bots import HEURISTICS, make_strategy
from uno.cards import COLOR_OF, KIND_OF, Kind
from uno.engine import Table, legal_actions
from uno.errors import UnoError
from uno.expert import InfoSet
from uno.review import decision_rule, weigh
from uno.rulebook import RULE_IDS
from uno.scenario import dump_scenario, load_scenario
from uno.state import GameState, Phase

__all__ = [
    "BANK_DIR",
    "EASY_RATING",
    "FORMAT",
    "MARGIN",
    "Answer",
    "Evaluation",
    "Puzzle",
    "answer_lines",
    "by_id",
    "canonical",
    "daily",
    "decisive",
    "difficulty",
    "evaluate",
    "heuristic_answers",
    "judge",
    "load_bank",
    "moves_of",
    "pick",
    "prior_rating",
    "puzzle_themes",
    "reveal_lines",
    "seat_names",
    "theme_choices",
    "why",
    "wilson",
]

#: The format written in every bank file.
FORMAT: Final = "uno-puzzles/1"
BANK_DIR: Final = CONTENT_DIR / "puzzles"
#: The best move must beat every other by this much chance (0 to 1) to make a puzzle.
MARGIN: Final = 0.15
#: How many times each heuristic is asked (``random`` and the colour choices draw at random).
SAMPLES: Final = 8
#: Puzzles at or below this rating are the easy ones (children see only those).
EASY_RATING: Final = 1350.0
#: The rating a puzzle starts from: ``BASE`` when every heuristic solves it, ``BASE + SPAN``
#: when every one gets it wrong every time (``prior_rating``).
BASE: Final = 900.0
SPAN: Final = 1200.0
#: The verbs a seat uses out of turn: never the puzzle's move.
_OUT_OF_TURN: Final = frozenset({"uno", "catch", "jump"})
#: Themes from the kind of card the solution plays.
_KIND_THEME: Final = {
    Kind.SKIP: "R-ACT-1",
    Kind.REVERSE: "R-ACT-2",
    Kind.DRAW_TWO: "R-ACT-3",
    Kind.WILD: "R-ACT-4",
    Kind.WILD_DRAW_FOUR: "R-ACT-5",
}
#: The house rules a table plays with, by the RuleSet's field.
_HOUSE: Final = (
    ("stacking", "H-STACK"),
    ("seven_zero", "H-70"),
    ("jump_in", "H-JUMP"),
    ("wd4_anytime", "H-NOBLUFF"),
    ("draw_until_playable", "H-DRAWPLAY"),
)


# -- the moves -------------------------------------------------------------------------------
def canonical(action: Action, state: GameState) -> Action:
    """The move as a puzzle names it: a play that leaves one card says "Uno" (forgetting it is
    another mistake, told apart by ``judge``)."""
    if action.verb == "play" and action.card is not None and not action.uno:
        t = Table.from_state(state, record=False)
        if t.cards_after(action.seat, action.card, action.target) == 1:
            return action._replace(uno=True)
    return action


def moves_of(state: GameState) -> list[Action]:
    """Every move the seat to move may make now, once each (``canonical``): the puzzle's
    candidates. Out-of-turn moves (a late "Uno", a catch, a jump-in) are not among them."""
    seen: dict[str, Action] = {}
    for action in legal_actions(state):
        if action.seat != state.turn or action.verb in _OUT_OF_TURN:
            continue
        move = canonical(action, state)
        seen.setdefault(str(move), move)
    return list(seen.values())


# -- weighing them ---------------------------------------------------------------------------
def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``n`` (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Evaluation:
    """Every move of a situation with its wins out of ``worlds`` playouts, best first."""

    moves: tuple[tuple[str, int], ...]  # (action text, wins), best first
    worlds: int

    def chance(self, i: int) -> float:
        """The chance of the ``i``-th move (0 to 1)."""
        return self.moves[i][1] / self.worlds

    @property
    def gap(self) -> float:
        """How much the best move's chance beats the next one's (0 to 1)."""
        if len(self.moves) < 2:
            return 0.0
        return self.chance(0) - self.chance(1)


def evaluate(state: GameState, worlds: int, seed: int | str) -> Evaluation:
    """Play every move of ``moves_of(state)`` out in the same ``worlds`` deals seeded by
    ``seed`` (from what the seat to move can see only)."""
    moves = moves_of(state)
    info = InfoSet.of_state(state)
    counts = weigh(info, moves, random.Random(str(seed)), worlds)
    rows = sorted(((str(m), c[0]) for m, c in zip(moves, counts, strict=True)), key=lambda r: -r[1])
    return Evaluation(tuple(rows), worlds)


def decisive(ev: Evaluation, margin: float = MARGIN) -> bool:
    """True when the best move beats every other by ``margin`` at least with their 95%
    intervals apart (the best one's lower end above each other's upper end)."""
    if len(ev.moves) < 2:
        return False
    n = ev.worlds
    low = wilson(ev.moves[0][1], n)[0]
    for _, wins in ev.moves[1:]:
        if ev.moves[0][1] / n - wins / n < margin or wilson(wins, n)[1] >= low:
            return False
    return True


# -- how hard, what about ----------------------------------------------------------------------
def heuristic_answers(
    state: GameState, seed: int | str, samples: int = SAMPLES
) -> dict[str, list[str]]:
    """What each simple computer player (``uno.bots.HEURISTICS``) plays here, asked
    ``samples`` times (their random choices seeded by ``seed``), as canonical action texts."""
    out: dict[str, list[str]] = {}
    for name in HEURISTICS:
        bot = make_strategy(name)
        rng = random.Random(f"{seed}:{name}")
        answers = []
        for _ in range(samples):
            t = Table.from_state(state, record=False)
            answers.append(str(canonical(bot.decide(t, rng), state)))
        out[name] = answers
    return out


def difficulty(answers: Mapping[str, Sequence[str]], solution: str) -> dict[str, float]:
    """For each heuristic, the share of its answers that are not ``solution``."""
    return {name: sum(a != solution for a in given) / len(given) for name, given in answers.items()}


def prior_rating(wrong: Mapping[str, float]) -> int:
    """The rating a puzzle starts from: ``BASE`` plus ``SPAN`` times the mean share of wrong
    answers of the heuristics (the difficulty prior)."""
    share = sum(wrong.values()) / len(wrong) if wrong else 0.0
    return round(BASE + SPAN * share)


def puzzle_themes(state: GameState, solution: Action, runner_up: Action) -> list[str]:
    """The rulings a puzzle is about: what the decision was (``decision_rule`` of the best move
    against the next best, and of the best move alone), the kind of card the solution plays,
    a two-player table's extra turn (R-ACT-6) and the house rules in play."""
    themes: list[str] = []
    for rule in (
        decision_rule(state, runner_up, solution),
        decision_rule(state, solution, solution),
    ):
        if rule is not None and rule not in themes:
            themes.append(rule)
    if solution.verb == "play" and solution.card is not None:
        kind = KIND_OF[solution.card]
        theme = _KIND_THEME.get(Kind(kind))
        if theme is not None and theme not in themes:
            themes.append(theme)
        if state.n_players == 2 and kind != Kind.NUMBER and kind != Kind.WILD:
            themes.append("R-ACT-6")
    if not themes:
        themes.append("R-PLAY-1")  # a plain choice of the card that matches
    for field, rule in _HOUSE:
        if getattr(state.rules, field) and rule not in themes:
            themes.append(rule)
    return themes


# -- the bank --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle:
    """One puzzle of the bank (see the module's docstring)."""

    id: str
    scenario: Mapping[str, Any]
    seat: int
    solution: str
    chances: Mapping[str, float]
    themes: tuple[str, ...]
    rating: int
    wrong: Mapping[str, float]  # the heuristics' share of wrong answers

    @property
    def state(self) -> GameState:
        """The situation (loaded afresh: a GameState is a value)."""
        return _state(self.id, json.dumps(self.scenario, sort_keys=True))

    @property
    def players(self) -> int:
        return len(self.scenario["hands"])

    @property
    def house(self) -> bool:
        """True when the table plays a house rule."""
        return any(theme.startswith("H-") for theme in self.themes)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the bank."""
        return {
            "id": self.id,
            "scenario": dict(self.scenario),
            "seat": self.seat,
            "solution": self.solution,
            "chances": dict(self.chances),
            "themes": list(self.themes),
            "rating": self.rating,
            "wrong": dict(self.wrong),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """A puzzle from its JSON form; raises ValueError when a field is missing or wrong."""
        try:
            puzzle = cls(
                id=str(data["id"]),
                scenario=dict(data["scenario"]),
                seat=int(data["seat"]),
                solution=str(data["solution"]),
                chances={str(k): float(v) for k, v in dict(data["chances"]).items()},
                themes=tuple(str(x) for x in data["themes"]),
                rating=int(data["rating"]),
                wrong={str(k): float(v) for k, v in dict(data.get("wrong", {})).items()},
            )
        except (KeyError, TypeError, ValueError) as problem:
            raise ValueError(f"puzzle {data.get('id')!r}: {problem}") from None
        if puzzle.solution not in puzzle.chances:
            raise ValueError(f"puzzle {puzzle.id}: the solution has no chance")
        return puzzle


@cache
def _state(_id: str, scenario: str) -> GameState:
    return load_scenario(scenario)


def make_puzzle(
    pid: str,
    state: GameState,
    ev: Evaluation,
    wrong: Mapping[str, float],
    themes: Sequence[str],
) -> Puzzle:
    """A puzzle from a situation and its evaluation."""
    return Puzzle(
        id=pid,
        scenario=dump_scenario(state),
        seat=state.turn,
        solution=ev.moves[0][0],
        chances={move: round(wins / ev.worlds, 4) for move, wins in ev.moves},
        themes=tuple(themes),
        rating=prior_rating(wrong),
        wrong=dict(wrong),
    )


def read_bank_file(path: Path) -> list[Puzzle]:
    """The puzzles of one bank file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path.name}: not a {FORMAT} file")
    return [Puzzle.from_dict(item) for item in data["puzzles"]]


def write_bank_file(path: Path, puzzles: Iterable[Puzzle]) -> None:
    """Write ``puzzles`` as one bank file."""
    rows = [json.dumps(p.to_dict(), ensure_ascii=False, separators=(",", ":")) for p in puzzles]
    head = json.dumps({"format": FORMAT})[:-1]  # one puzzle a line: short files, short diffs
    path.write_text(f'{head}, "puzzles": [\n' + ",\n".join(rows) + "\n]}\n", encoding="utf-8")


@cache
def load_bank(folder: Path = BANK_DIR) -> tuple[Puzzle, ...]:
    """Every puzzle of the bank, in the order of their files and ids."""
    puzzles: list[Puzzle] = []
    for path in sorted(folder.glob("*.json")):
        puzzles.extend(read_bank_file(path))
    return tuple(puzzles)


def by_id(pid: str, bank: Sequence[Puzzle] | None = None) -> Puzzle | None:
    """The puzzle with this id, or None."""
    for puzzle in load_bank() if bank is None else bank:
        if puzzle.id == pid:
            return puzzle
    return None


# -- choosing one ------------------------------------------------------------------------------
def daily(day: datetime.date, bank: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of the day: the same for everyone on a date (a hash of the date)."""
    puzzles = load_bank() if bank is None else bank
    digest = hashlib.sha256(f"uno-puzzle:{day.isoformat()}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]


def pick(
    bank: Sequence[Puzzle],
    rating: float,
    rng: random.Random,
    *,
    theme: str | None = None,
    easy: bool = False,
    avoid: Iterable[str] = (),
) -> Puzzle | None:
    """A puzzle for a solver rated ``rating``: among those of ``theme`` (any when None), the
    easy ones only when ``easy``, not in ``avoid`` (unless nothing else is left), one of the
    twelve closest to the rating, at random. None when no puzzle fits."""
    pool = [p for p in bank if (theme is None or theme in p.themes)]
    if easy:
        pool = [p for p in pool if p.rating <= EASY_RATING]
    if not pool:
        return None
    skip = set(avoid)
    fresh = [p for p in pool if p.id not in skip] or pool
    fresh.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return rng.choice(fresh[:12])


# -- an answer -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """What a solver's move was worth: ``right`` when it is the solution; ``move`` the move
    (canonical text), ``chance`` its chance and ``best`` the solution's (0 to 1); ``cost`` the
    points of chance lost (0-100); ``forgot_uno``: the right card, but "Uno" not said;
    ``reason``: a key of the coach's words for why (``puzzles.why.*``), ``rule`` the ruling."""

    right: bool
    move: str
    chance: float | None
    best: float
    cost: float | None
    forgot_uno: bool
    reason: str
    rule: str | None


def judge(puzzle: Puzzle, text: str | Action) -> Answer:
    """How good the solver's move ``text`` (an action on the puzzle's situation) was. Raises
    ``UnoError`` for a move that cannot be read or is not the seat's (the page refuses it)."""
    state = puzzle.state
    action = parse_action(text, state) if isinstance(text, str) else text
    if action.seat != puzzle.seat or action.verb in _OUT_OF_TURN:
        raise UnoError("not_yours")
    move = canonical(action, state)
    forgot = move != action
    key = str(move)
    best = puzzle.chances[puzzle.solution]
    chance = puzzle.chances.get(key)
    right = key == puzzle.solution and not forgot
    solution = parse_action(puzzle.solution, state)
    reason, rule = why(state, solution, move)
    if not right and not forgot and why(state, move, move)[0] == reason:
        reason, rule = "plan", None  # the move does that too: the difference lies further on
    if forgot:
        reason, rule = "forgot_uno", "R-UNO-1"
    cost = None if chance is None else max(0.0, (best - chance) * 100)
    return Answer(right, key, chance, best, 0.0 if right else cost, forgot, reason, rule)


def _most_held(state: GameState, solution: Action) -> bool:
    """Whether the colour the solution names is one the seat holds most (after its play)."""
    hand = list(state.hands[solution.seat])
    if solution.card is not None and solution.card in hand:
        hand.remove(solution.card)
    counts = [0, 0, 0, 0]
    for card in hand:
        if card < 52:
            counts[COLOR_OF[card]] += 1
    named = solution.color
    return named is None or counts[int(named)] == max(counts)


def why(state: GameState, solution: Action, move: Action) -> tuple[str, str | None]:
    """Why the solution is better than ``move`` (or why it is right, when they are the same),
    as a reason key (``puzzles.why.*``) and the ruling it rests on."""
    t = Table.from_state(state, record=False)
    seat = solution.seat
    nxt = t.after(seat)
    fewest = min(len(h) for s, h in enumerate(state.hands) if s != seat)
    sol_kind = KIND_OF[solution.card] if solution.card is not None else None
    phase = state.phase
    if phase is Phase.CHALLENGE and solution.verb in ("challenge", "accept"):
        return ("challenge" if solution.verb == "challenge" else "accept"), "R-CHAL-1"
    if phase is Phase.CHALLENGE or state.pending_draw:
        if solution.verb == "play":
            return "stack", "H-STACK"
        return "take_penalty", "H-STACK"
    if phase is Phase.CHOOSE_COLOR:
        return ("colour" if _most_held(state, solution) else "colour_odd"), "R-SETUP-5"
    if phase is Phase.DRAWN:
        return ("play_drawn" if solution.verb == "play" else "keep_drawn"), "R-DRAW-1"
    if solution.verb == "draw":
        return "draw", "R-DRAW-2"
    if (
        solution.card is not None
        and move.card is not None
        and solution.card == move.card
        and solution.target != move.target
        and solution.target is not None
    ):
        smallest = len(state.hands[solution.target]) == fewest
        return ("swap_seat" if smallest else "swap_other"), "H-70"
    if solution.target is not None:
        return "swap", "H-70"
    if (
        solution.card is not None
        and move.card is not None
        and solution.card == move.card
        and solution.color != move.color
    ):
        return ("colour" if _most_held(state, solution) else "colour_odd"), "R-ACT-4"
    danger = len(state.hands[nxt]) <= 2
    if sol_kind in (Kind.SKIP, Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR) and danger:
        return "stop_next", _KIND_THEME[Kind(sol_kind)]
    if sol_kind == Kind.REVERSE and state.n_players > 2 and danger:
        return "turn_away", "R-ACT-2"
    if sol_kind == Kind.WILD_DRAW_FOUR:
        return "wd4", "R-PLAY-4" if not state.rules.wd4_anytime else "H-NOBLUFF"
    if sol_kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO) and state.n_players == 2:
        return "again", "R-ACT-6"
    zero = sol_kind == Kind.NUMBER and solution.card is not None and solution.card % 13 == 0
    if zero and state.rules.seven_zero:
        return "pass_hands", "H-70"
    wilds = (Kind.WILD, Kind.WILD_DRAW_FOUR)
    if move.card is not None and KIND_OF[move.card] in wilds and sol_kind not in wilds:
        return "keep_wild", "R-PLAY-3"
    if move.verb == "draw":
        return "play_not_draw", "R-DRAW-2"
    if fewest <= 2:
        return "race", None
    return "colours", "R-PLAY-1"


# -- in words --------------------------------------------------------------------------------
#: How many other players a table can seat (the names ``puzzles.name.1`` ..).
_NAMES: Final = 9


def seat_names(puzzle: Puzzle, lang: str) -> list[str]:
    """The names at the puzzle's table: "You" for the solver's seat, then the others in the
    order of play (``puzzles.name.1``, ``puzzles.name.2``...)."""
    n = puzzle.players
    names = [""] * n
    for step in range(n):
        seat = (puzzle.seat + step) % n
        names[seat] = t("puzzles.you", lang) if step == 0 else t(f"puzzles.name.{step}", lang)
    return names


def _why_text(puzzle: Puzzle, answer: Answer, lang: str, names: Sequence[str], kids: bool) -> str:
    state = puzzle.state
    nxt = Table.from_state(state, record=False).after(puzzle.seat)
    key = f"puzzles.{'kids.' if kids else ''}why.{answer.reason}"
    cards = t("puzzles.cards", lang, count=len(state.hands[nxt]))
    return t(key, lang, next=names[nxt], cards=cards)


def answer_lines(
    puzzle: Puzzle, answer: Answer, lang: str, *, kids: bool = False
) -> list[tuple[str, str]]:
    """What the page says after an answer, as (kind, text) lines: ``success`` or ``warning``
    first (right, or what the move cost), then why (what the best move does that this one does
    not), then the other moves' chances (right) or "try again" (wrong). Children get kind
    words and no numbers but "games out of 10"."""
    names = seat_names(puzzle, lang)
    state = puzzle.state
    solution = parse_action(puzzle.solution, state)
    mine = parse_action(answer.move, state)
    best = answer.best
    why = _why_text(puzzle, answer, lang, names, kids)
    lines: list[tuple[str, str]] = []
    if kids:
        if answer.right:
            lines.append(("success", t("puzzles.kids.right", lang)))
            lines.append(("info", why))
            tens = round(best * 10)
            lines.append(("info", t("coach.kids.chance", lang, count=tens, number=tens)))
        elif answer.forgot_uno:
            lines.append(("warning", t("puzzles.kids.forgot_uno", lang)))
        else:
            lines.append(("warning", t("puzzles.kids.wrong", lang)))
            lines.append(("info", t("puzzles.kids.look", lang)))
        return lines
    if answer.right:
        head = t(
            "puzzles.right", lang, move=move_words(solution, lang, names), share=percent(best, lang)
        )
        lines.append(("success", head))
        lines.append(("info", t("puzzles.why_label", lang, reason=why)))
    elif answer.forgot_uno:
        lines.append(("warning", t("puzzles.forgot_uno", lang)))
        lines.append(("info", t("puzzles.try_again", lang)))
        return lines
    else:
        if answer.cost is None or answer.chance is None:
            head = t("puzzles.wrong_unmeasured", lang, move=move_words(mine, lang, names))
        else:
            points = t("puzzles.points", lang, count=max(1, round(answer.cost)))
            head = t(
                "puzzles.wrong",
                lang,
                move=move_words(mine, lang, names),
                share=percent(answer.chance, lang),
                points=points,
            )
        lines.append(("warning", head))
        lines.append(("info", t("puzzles.why_label", lang, reason=why)))
        lines.append(("info", t("puzzles.try_again", lang)))
        return lines
    others = sorted(
        ((m, c) for m, c in puzzle.chances.items() if m != puzzle.solution), key=lambda r: -r[1]
    )
    shown = [chance_text(parse_action(m, state), c, lang, names) for m, c in others[:3]]
    if shown:
        lines.append(
            ("info", t("puzzles.others", lang, options=t("coach.separator", lang).join(shown)))
        )
    return lines


def reveal_lines(puzzle: Puzzle, lang: str, *, kids: bool = False) -> list[tuple[str, str]]:
    """The solution shown on request (after a wrong answer): the move, its chance and why."""
    names = seat_names(puzzle, lang)
    state = puzzle.state
    solution = parse_action(puzzle.solution, state)
    reason, _ = why(state, solution, solution)
    fake = Answer(
        True, puzzle.solution, None, puzzle.chances[puzzle.solution], 0.0, False, reason, None
    )
    text = _why_text(puzzle, fake, lang, names, kids)
    move = move_words(solution, lang, names, kids=kids)
    if kids:
        return [("info", t("puzzles.kids.answer", lang, move=move)), ("info", text)]
    share = percent(puzzle.chances[puzzle.solution], lang)
    return [
        ("info", t("puzzles.answer", lang, move=move, share=share)),
        ("info", t("puzzles.why_label", lang, reason=text)),
    ]


def theme_choices(bank: Sequence[Puzzle]) -> list[tuple[str, int]]:
    """The themes of the bank with how many puzzles each has, in the order of RULES.md."""
    counts: dict[str, int] = {}
    for puzzle in bank:
        for theme in puzzle.themes:
            counts[theme] = counts.get(theme, 0) + 1
    return [(rule, counts[rule]) for rule in RULE_IDS if rule in counts]
