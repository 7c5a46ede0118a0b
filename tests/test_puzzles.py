"""The puzzle bank (content/puzzles/*.json) and its miner (uno/academy/puzzles.py,
uno/academy/puzzle_mine.py, ``python -m uno puzzles mine``): every puzzle loads, its seat is
the one to move, its solution and every move it weighs are legal there; the bank's rules
(at least 300 puzzles, 8 themes, official and house rules, 2 to 6 players, none that every
heuristic solves, a third at least that ``greedy`` gets wrong); a sample re-verified with
other deals; the miner finds a known puzzle; answers are judged."""

from __future__ import annotations

import datetime
import io
import json
import random
from pathlib import Path

import pytest

from uno.academy.cli import main
from uno.academy.puzzle_mine import mine_game
from uno.academy.puzzles import (
    EASY_RATING,
    Puzzle,
    daily,
    decisive,
    difficulty,
    evaluate,
    heuristic_answers,
    judge,
    load_bank,
    moves_of,
    pick,
    prior_rating,
    wilson,
)
from uno.actions import parse_action
from uno.engine import apply
from uno.rulebook import RULE_IDS

BANK = load_bank()
STEADY = ("first", "greedy", "color_keeper", "save_wilds")


def test_the_bank_is_big_and_varied() -> None:
    assert len(BANK) >= 300
    assert len({p.id for p in BANK}) == len(BANK)
    themes = {theme for p in BANK for theme in p.themes}
    assert len(themes) >= 8 and themes <= set(RULE_IDS)
    assert {p.players for p in BANK} == {2, 3, 4, 5, 6}
    assert any(p.house for p in BANK) and any(not p.house for p in BANK)
    assert any(p.rating <= EASY_RATING for p in BANK)  # the children's puzzles


def test_a_third_at_least_is_what_greedy_gets_wrong() -> None:
    wrong = sum(p.wrong["greedy"] >= 0.5 for p in BANK)
    assert wrong * 3 >= len(BANK)


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
def test_each_puzzle_loads_its_solution_is_legal_and_it_is_not_trivial(puzzle: Puzzle) -> None:
    state = puzzle.state
    assert state.turn == puzzle.seat and not state.is_over
    legal = {str(m) for m in moves_of(state)}
    assert puzzle.solution in legal and set(puzzle.chances) <= legal
    apply(state, puzzle.solution)  # the engine takes it
    best = puzzle.chances[puzzle.solution]
    assert all(best - c >= 0.15 for m, c in puzzle.chances.items() if m != puzzle.solution)
    # Not trivial: the heuristics, asked again as the miner asked them (the same seed), get it
    # wrong as often as the bank says, and one of the steady ones at least half the time.
    answers = heuristic_answers(state, puzzle.id.replace("-", ":"))
    assert difficulty(answers, puzzle.solution) == pytest.approx(puzzle.wrong)
    assert any(puzzle.wrong[name] >= 0.5 for name in STEADY)
    assert puzzle.rating == prior_rating(puzzle.wrong)


def _margin(p: Puzzle) -> float:
    others = [c for m, c in p.chances.items() if m != p.solution]
    return p.chances[p.solution] - max(others)


@pytest.mark.slow
def test_a_sample_is_re_verified_with_other_deals() -> None:
    """Four puzzles of the bank with the clearest margins, played out again in 240 new deals:
    the same best move, 15 points ahead of every other with the intervals apart."""
    sample = sorted(BANK, key=lambda p: (-_margin(p), p.id))[:: max(1, len(BANK) // 40)][:4]
    for puzzle in sample:
        ev = evaluate(puzzle.state, 240, f"test-verify:{puzzle.id}")
        assert ev.moves[0][0] == puzzle.solution, puzzle.id
        assert decisive(ev), puzzle.id


def test_the_miner_finds_a_known_puzzle_and_keeps_it_only_when_decisive() -> None:
    found = mine_game(1000)
    assert [p.solution for p in found.puzzles][:1] == ["0: play RR"]
    puzzle = found.puzzles[0]
    assert puzzle.seat == 0 and "R-ACT-2" in puzzle.themes and "H-NOBLUFF" in puzzle.themes
    assert found.decisions > found.screened >= found.evaluated >= 1


def test_the_mine_command_prints_its_yield_and_writes_a_bank_file(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "mined.json"
    code = main(
        ["puzzles", "mine", "--games", "1", "--seed", "1000", "--out", str(path)],
        stdout=out,
        stderr=io.StringIO(),
    )
    assert code == 0
    text = out.getvalue()
    assert "1 game: 1 puzzle" in text and "puzzles per hour" in text
    assert json.loads(path.read_text(encoding="utf-8"))["puzzles"][0]["solution"] == "0: play RR"


def test_decisive_wants_15_points_and_intervals_apart() -> None:
    from uno.academy.puzzles import Evaluation

    assert decisive(Evaluation((("a", 80), ("b", 50)), 100))
    assert not decisive(Evaluation((("a", 80), ("b", 70)), 100))  # 10 points only
    assert not decisive(Evaluation((("a", 8), ("b", 5)), 10))  # 30 points, but 10 deals
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.192, abs=0.002)


def test_an_answer_is_judged_by_the_chances() -> None:
    puzzle = max(BANK, key=_margin)
    right = judge(puzzle, puzzle.solution)
    assert right.right and right.cost == 0 and right.chance == puzzle.chances[puzzle.solution]
    worst = min(puzzle.chances, key=puzzle.chances.__getitem__)
    wrong = judge(puzzle, worst)
    assert not wrong.right and wrong.cost is not None and wrong.cost >= 15
    assert wrong.reason and right.reason


def test_forgetting_uno_with_the_right_card_is_told_apart() -> None:
    for puzzle in BANK:
        solution = parse_action(puzzle.solution, puzzle.state)
        if solution.uno:
            answer = judge(puzzle, solution._replace(uno=False))
            assert not answer.right and answer.forgot_uno and answer.rule == "R-UNO-1"
            return
    pytest.skip("no puzzle of the bank leaves one card")


def test_the_puzzle_of_the_day_is_the_same_all_day_and_changes() -> None:
    day = datetime.date(2026, 12, 5)
    assert daily(day) == daily(day)
    days = {daily(day + datetime.timedelta(days=i)).id for i in range(30)}
    assert len(days) > 10


def test_pick_keeps_to_the_theme_the_easy_ones_and_avoids_the_seen() -> None:
    rng = random.Random(1)
    chosen = pick(BANK, 1500, rng, theme="H-70")
    assert chosen is not None and "H-70" in chosen.themes
    easy = pick(BANK, 2500, rng, easy=True)
    assert easy is not None and easy.rating <= EASY_RATING
    first = pick(BANK, 1500, random.Random(2))
    assert first is not None
    again = pick(BANK, 1500, random.Random(2), avoid=[first.id])
    assert again is not None and again.id != first.id
    assert pick(BANK, 1500, rng, theme="R-DECK-1") is None


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_every_puzzle_says_why_in_every_language(lang: str) -> None:
    """Each puzzle's right and worst answers are said in words (grown-ups and children)."""
    from uno.academy.puzzles import answer_lines, reveal_lines

    for puzzle in BANK:
        worst = min(puzzle.chances, key=puzzle.chances.__getitem__)
        for move in (puzzle.solution, worst):
            answer = judge(puzzle, move)
            for kids in (False, True):
                lines = answer_lines(puzzle, answer, lang, kids=kids)
                assert lines and all(text and "{" not in text for _, text in lines)
        assert reveal_lines(puzzle, lang)
