"""The puzzle miner (``python -m uno puzzles mine``): plays seeded games and keeps the decisions
where one move is clearly best (``uno.academy.puzzles``).

One game (``mine_game``): a table of 2 to 6 players under the official rules or one house rule
(``TABLES``), played by the expert (a small search budget, to keep it cheap) and the simple
heuristics, some of them bluffing and challenging. At each decision of the seat to move with
more than one move:

0. While every hand holds more than ``OPENING`` cards, nothing is screened.
1. **Screen** (cheap): every move in the same ``SCREEN`` deals; on unless the best beats the
   next by ``SCREEN_GAP``.
2. **Hard puzzles only**: the heuristics are asked (``heuristic_answers``); when every one of
   ``first``, ``greedy``, ``color_keeper`` and ``save_wilds`` plays the screen's best move, the
   puzzle would be trivial: skipped.
3. **Pre-evaluate** with ``PRE_WORLDS`` deals: on unless the best still beats the next by
   ``PRE_GAP`` (most screened decisions stop here, at a fifth of the full cost).
4. **Evaluate** with ``WORLDS`` deals: kept when ``decisive`` (15 points ahead of every other
   move, 95% intervals apart), then **re-verified** with other deals (another seed, the same
   criterion): a failure is counted and dropped.

At most ``PER_GAME`` puzzles come from one game (the next decision of the same seat is often the
same puzzle again). Everything is seeded: the same seeds give the same puzzles.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

from uno.academy.puzzles import (
    Evaluation,
    Puzzle,
    decisive,
    difficulty,
    evaluate,
    heuristic_answers,
    make_puzzle,
    moves_of,
    puzzle_themes,
)
from uno.actions import parse_action
from uno.bots import Expert, Strategy, make_strategy, reaction
from uno.engine import Table
from uno.rules import RuleSet
from uno.setup import new_game
from uno.state import GameState

__all__ = ["PER_GAME", "SCREEN", "TABLES", "WORLDS", "GameResult", "mine", "mine_game"]

#: The rules of the tables played, in turn: the official rules and each house rule alone.
TABLES: Final = (
    ("official", RuleSet(preset="single_round", target_score=None)),
    ("stacking", RuleSet(preset="single_round", target_score=None, stacking=True)),
    ("seven_zero", RuleSet(preset="single_round", target_score=None, seven_zero=True)),
    ("official", RuleSet(preset="single_round", target_score=None)),
    ("jump_in", RuleSet(preset="single_round", target_score=None, jump_in=True)),
    ("draw_until_playable", RuleSet(preset="single_round", target_score=None,
                                    draw_until_playable=True)),
    ("wd4_anytime", RuleSet(preset="single_round", target_score=None, wd4_anytime=True)),
)  # fmt: skip
#: Players at the table, in turn.
PLAYERS: Final = (2, 3, 4, 5, 6, 3, 4, 2)
#: Decisions while every hand holds more cards than this are not screened: in the first 39
#: puzzles mined, the smallest hand held 5 cards at most (a move weighs less early on).
OPENING: Final = 5
#: Deals of the screen, of the evaluation and of the re-verification.
SCREEN: Final = 32
SCREEN_GAP: Final = 0.10
PRE_WORLDS: Final = 160
PRE_GAP: Final = 0.10
WORLDS: Final = 800
#: Puzzles kept from one game at most (and one per seat: the next decision of a seat is
#: often the same puzzle again).
PER_GAME: Final = 2
#: The heuristics that must not all solve a puzzle.
_STEADY: Final = ("first", "greedy", "color_keeper", "save_wilds")
_MAX_MOVES: Final = 600


def _seats(n: int, rng: random.Random) -> list[Strategy]:
    """Who plays: one expert with a small budget, the others heuristics, some of them bluffing
    (R-PLAY-4) and challenging by the odds (R-CHAL-1)."""
    names = ["greedy", "color_keeper", "save_wilds", "first", "random"]
    seats: list[Strategy] = [Expert(rollouts=48)]
    for _ in range(n - 1):
        name = rng.choice(names)
        seats.append(
            make_strategy(
                name,
                bluff=rng.choice((0.0, 0.0, 0.3)),
                challenge=rng.choice(("never", "odds", "odds")),
                forget_uno=rng.choice((0.0, 0.0, 0.2)),
            )
        )
    rng.shuffle(seats)
    return seats


@dataclass
class GameResult:
    """What one game gave: the puzzles, the decisions screened, evaluated and re-verified."""

    seed: int
    puzzles: list[Puzzle] = field(default_factory=list)
    decisions: int = 0
    screened: int = 0
    evaluated: int = 0
    decisive: int = 0
    failed: int = 0
    seconds: float = 0.0


def _candidate(state: GameState, seed: int, step: int, result: GameResult) -> Puzzle | None:
    if min(len(hand) for hand in state.hands) > OPENING or state.uno_exposed:
        return None
    moves = moves_of(state)
    if len(moves) < 2:
        return None
    result.decisions += 1
    screen = evaluate(state, SCREEN, f"screen:{seed}:{step}")
    if screen.gap < SCREEN_GAP:
        return None
    result.screened += 1
    answers = heuristic_answers(state, f"{seed}:{step}")
    if all(set(answers[name]) == {screen.moves[0][0]} for name in _STEADY):
        return None  # every steady heuristic plays it: not a puzzle
    result.evaluated += 1
    if evaluate(state, PRE_WORLDS, f"pre:{seed}:{step}").gap < PRE_GAP:
        return None
    ev = evaluate(state, WORLDS, f"eval:{seed}:{step}")
    if not decisive(ev):
        return None
    result.decisive += 1
    again = evaluate(state, WORLDS, f"verify:{seed}:{step}")
    if not decisive(again) or again.moves[0][0] != ev.moves[0][0]:
        result.failed += 1
        return None
    wrong = difficulty(answers, ev.moves[0][0])
    if all(wrong[name] < 0.5 for name in _STEADY):
        return None  # every steady heuristic solves it
    merged = _merge(ev, again)
    solution = parse_action(merged.moves[0][0], state)
    runner = parse_action(merged.moves[1][0], state)
    themes = puzzle_themes(state, solution, runner)
    return make_puzzle(f"{seed}-{step}", state, merged, wrong, themes)


def _merge(a: Evaluation, b: Evaluation) -> Evaluation:
    """Both evaluations together (the chances shown rest on all their deals)."""
    wins = Counter(dict(a.moves))
    wins.update(dict(b.moves))
    rows = sorted(wins.items(), key=lambda r: -r[1])
    return Evaluation(tuple(rows), a.worlds + b.worlds)


def mine_game(seed: int) -> GameResult:
    """Play the game of ``seed`` and mine its decisions (see the module's docstring)."""
    began = time.perf_counter()
    rng = random.Random(f"mine:{seed}")
    n = PLAYERS[seed % len(PLAYERS)]
    _, rules = TABLES[(seed // len(PLAYERS)) % len(TABLES)]
    state = new_game(n, rules, seed=seed)
    bots = _seats(n, rng)
    result = GameResult(seed)
    play_rng = random.Random(f"play:{seed}")
    done: set[int] = set()
    for step in range(_MAX_MOVES):
        if state.is_over or len(result.puzzles) >= PER_GAME:
            break
        if state.turn not in done:
            puzzle = _candidate(state, seed, step, result)
            if puzzle is not None:
                result.puzzles.append(puzzle)
                done.add(state.turn)
        # The computer players' move, made as ``uno.apply`` makes it (the game is not a table
        # anyone sees: no match, no history kept).
        t = Table.from_state(state)
        t.act(reaction(t, bots, play_rng) or bots[t.turn].decide(t, play_rng))
        state = t.freeze()
    result.seconds = time.perf_counter() - began
    return result


def mine(
    seeds: range, workers: int = 1, *, report: Callable[[GameResult], None] | None = None
) -> Iterator[GameResult]:
    """Mine the games of ``seeds`` with ``workers`` processes, yielding each game's result
    (in order of the seeds when one worker, as they finish otherwise)."""
    if workers <= 1:
        for seed in seeds:
            result = mine_game(seed)
            if report:
                report(result)
            yield result
        return
    with ProcessPoolExecutor(workers) as pool:
        for result in pool.map(mine_game, seeds, chunksize=1):
            if report:
                report(result)
            yield result
