"""The review of a round (``uno.review``): one verdict per decision a seat took, judged from
what that seat could know then, with a grade by the points of chance lost."""

from __future__ import annotations

import math
from typing import Any

import pytest

import uno
from uno.actions import parse_action
from uno.expert import advise
from uno.review import GRADES, REVIEW_STEPS, THRESHOLDS, Verdict, decision_rule, grade_of, review
from uno.rulebook import RULE_IDS
from uno.setup import next_round

ONE_ROUND: dict[str, Any] = {"preset": "official", "target_score": None}


def situation(**fields: Any) -> uno.GameState:
    """A scenario of one round (fields as in a scenario file)."""
    data: dict[str, Any] = {"seed": 3, "rules": ONE_ROUND}
    data.update(fields)
    return uno.load_scenario(data)


def summary(verdicts: list[Verdict]) -> list[tuple[int, str, str, str, str | None]]:
    return [(v.step, str(v.move), str(v.best), v.grade, v.rule) for v in verdicts]


# -- the grades the issue asks for -----------------------------------------------------------
def test_r_draw_2_drawing_while_holding_a_playable_last_card_is_a_blunder() -> None:
    start = situation(
        players=2, hands=[["R5"], ["B1", "B2", "G4", "Y6", "G9"]], discard_pile=["R3"]
    )
    (verdict,) = review(start, ["0: draw"], 0)
    assert (str(verdict.move), str(verdict.best)) == ("0: draw", "0: play R5")
    assert verdict.grade == "blunder" and verdict.rule == "R-DRAW-2"
    assert verdict.best_chance == 1.0 and verdict.loss >= THRESHOLDS[-1]


def test_r_uno_1_forgetting_uno_in_a_two_player_game_is_at_least_a_mistake() -> None:
    start = situation(
        players=2, hands=[["R5", "G7"], ["B1", "G4", "Y2", "B7"]], discard_pile=["R3"]
    )
    (verdict,) = review(start, ["0: play R5"], 0)
    assert str(verdict.best) == "0: play R5 uno"  # the same card, with "Uno"
    assert GRADES.index(verdict.grade) >= GRADES.index("mistake")
    assert verdict.rule == "R-UNO-1"
    # The move the search does not weigh (it always says "Uno") was played out in as many deals.
    assert verdict.playouts == verdict.best_playouts > 0


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 3, "hands": [["R5", "G7", "W", "B2", "R9"], ["B1", "B2", "G4"], ["Y1", "Y3"]]},
        {
            "players": 4,
            "hands": [["R5", "RS", "G5", "WD4", "B2"], ["B1", "B2", "G4"], ["Y1", "Y3"], ["G8"]],
        },
        {"players": 2, "hands": [["Y5", "G7", "W", "G2"], ["B1", "B2"]], "discard_pile": ["G3"]},
    ],
)
def test_the_experts_own_move_is_best(fields: dict[str, Any]) -> None:
    start = situation(**{"discard_pile": ["R3"], **fields})
    move = advise(start)[0].action  # the expert's move, as it plays it
    (verdict,) = review(start, [str(move)], 0)
    assert verdict.move == move and verdict.grade == "best"


def test_a_decision_with_a_single_option_is_skipped() -> None:
    start = situation(
        players=2,
        hands=[["B5", "G7"], ["B1", "B2", "G4"]],
        discard_pile=["R1"],
        draw_pile=["G9", "Y3", "Y4"],  # G9 does not fit either: the turn passes
    )
    assert review(start, ["0: draw"], 0) == []  # nothing matches the red 1: drawing is forced
    # Seat 1's move is not seat 0's decision either; seat 0's next one is (B5 or draw).
    verdicts = review(start, ["0: draw", "1: play B1", "0: play B5"], 0)
    assert [v.step for v in verdicts] == [2]


def test_progress_is_reported_after_each_of_the_seats_moves_forced_ones_included() -> None:
    start = situation(
        players=2,
        hands=[["B5", "G7"], ["B1", "B2", "G4"]],
        discard_pile=["R1"],
        draw_pile=["G9", "Y3", "Y4"],
    )
    reports: list[tuple[int, int]] = []
    actions = ["0: draw", "1: play B1", "0: play B5"]
    verdicts = review(start, actions, 0, rollouts=20, progress=lambda *a: reports.append(a))
    assert reports == [(1, 2), (2, 2)]  # the forced draw counted, though not judged
    assert verdicts == review(start, actions, 0, rollouts=20)  # nothing else changes

    def stop(done: int, total: int) -> None:
        raise RuntimeError("nobody follows")

    with pytest.raises(RuntimeError):
        review(start, actions, 0, rollouts=20, progress=stop)


def test_the_verdicts_never_depend_on_the_hidden_cards_and_repeat_with_the_seed() -> None:
    # The same public game (seat 0's hand, every play, every hand's size) over other hidden
    # hands and another draw pile (another seed shuffles it).
    actions = ["0: play R5", "1: play R3", "2: play R8", "0: play R6"]
    mine = ["R5", "R6", "G7", "B5"]
    one = situation(
        players=3,
        hands=[mine, ["R3", "G1", "Y4", "Y5"], ["R8", "B6", "G3", "G5"]],
        discard_pile=["R1"],
        seed=3,
    )
    other = situation(
        players=3,
        hands=[mine, ["R3", "B9", "YS", "G2"], ["R8", "Y1", "W", "B1"]],
        discard_pile=["R1"],
        seed=11,
    )
    assert one.hands[1:] != other.hands[1:] and one.draw_pile != other.draw_pile
    seen = review(one, actions, 0)
    assert [v.step for v in seen] == [0, 3]
    assert review(other, actions, 0) == seen
    assert review(one, actions, 0, seed=0) == seen  # the same seed, the same verdicts


# -- the verdict -----------------------------------------------------------------------------
def test_a_verdict_says_the_move_the_experts_move_the_chances_and_the_loss() -> None:
    start = situation(
        players=2, hands=[["W", "R5", "R6", "G2"], ["B1", "B2", "G4"]], discard_pile=["R1"]
    )
    (verdict,) = review(start, ["0: play W B"], 0)  # a colour it does not hold: not a candidate
    assert verdict.step == 0 and verdict.move == parse_action("0: play W B", start)
    assert verdict.best != verdict.move and verdict.best.seat == 0
    assert 0.0 <= verdict.chance <= 1.0 and 0.0 <= verdict.best_chance <= 1.0
    assert verdict.loss == pytest.approx(max(0.0, 100 * (verdict.best_chance - verdict.chance)))
    assert verdict.grade == grade_of(verdict.loss)
    low, high = verdict.interval()
    assert low <= verdict.chance <= high
    low, high = verdict.best_interval()
    assert low <= verdict.best_chance <= high
    assert verdict.wins == round(verdict.chance * verdict.playouts)


def test_grades_by_thresholds_of_the_points_lost() -> None:
    assert GRADES == ("best", "good", "inaccuracy", "mistake", "blunder")
    assert list(THRESHOLDS) == sorted(THRESHOLDS) and len(THRESHOLDS) == len(GRADES) - 1
    assert grade_of(0.0) == "best"
    for grade, under in zip(GRADES, THRESHOLDS, strict=False):
        assert grade_of(math.nextafter(under, 0.0)) == grade
        assert grade_of(under) != grade
    assert grade_of(100.0) == "blunder"


def test_the_budget_is_playouts_when_given_and_the_review_checks_its_arguments() -> None:
    start = situation(
        players=2, hands=[["R5", "G7"], ["B1", "G4", "Y2", "B7"]], discard_pile=["R3"]
    )
    (verdict,) = review(start, ["0: play R5"], 0, rollouts=60)
    assert verdict.playouts == verdict.best_playouts == 30  # 60 playouts for the two moves
    assert REVIEW_STEPS > 0
    for seat in (-1, 2, True, "0"):
        with pytest.raises(ValueError):
            review(start, ["0: play R5"], seat)  # type: ignore[arg-type]
    for rollouts in (0, -3, 2.5, True):
        with pytest.raises(ValueError):
            review(start, ["0: play R5"], 0, rollouts=rollouts)  # type: ignore[arg-type]
    with pytest.raises(uno.IllegalAction):
        review(start, ["0: play G7"], 0)
    with pytest.raises(uno.NotationError):
        review(start, ["0: fly"], 0)


def test_a_round_and_the_next_one_are_reviewed_with_what_was_seen_in_each() -> None:
    start = uno.new_game(2, {"preset": "official", "target_score": 500}, seed=5)
    actions: list[str] = []
    state = start
    while not state.is_over:  # the round, each seat making its first legal move
        move = uno.legal_actions(state)[0]
        state, _ = uno.apply(state, move)
        actions.append(str(move))
    actions.append("next round")
    state = next_round(state)
    for _ in range(8):  # and the start of the next one
        move = uno.legal_actions(state)[0]
        state, _ = uno.apply(state, move)
        actions.append(str(move))
    verdicts = review(start, actions, 0, rollouts=40)
    assert verdicts and all(actions[v.step].startswith("0:") for v in verdicts)
    assert any(v.step > actions.index("next round") for v in verdicts)


# -- what a decision was about ---------------------------------------------------------------
def _rule(state: uno.GameState, move: str, best: str) -> str | None:
    return decision_rule(state, parse_action(move, state), parse_action(best, state))


def test_the_ruling_a_decision_was_about() -> None:
    play = situation(
        players=3,
        hands=[["R5", "W", "WD4", "G2", "Y7"], ["B1", "G4"], ["Y2", "Y3"]],
        discard_pile=["R3"],
    )
    assert _rule(play, "0: play R5", "0: play Y7") is None  # a plain choice of card
    assert _rule(play, "0: play W G", "0: play W Y") == "R-ACT-4"  # the colour named
    assert _rule(play, "0: play W G", "0: play W G") == "R-ACT-4"
    assert _rule(play, "0: play WD4 G", "0: play R5") == "R-PLAY-4"  # a bluff
    assert _rule(play, "0: draw", "0: play R5") == "R-DRAW-2"  # drawing with a card to play
    assert _rule(play, "0: play R5", "0: play R5") is None
    last = situation(players=2, hands=[["R5", "G7"], ["B1", "G4"]], discard_pile=["R3"])
    assert _rule(last, "0: play R5", "0: play R5 uno") == "R-UNO-1"
    assert _rule(last, "0: play R5 uno", "0: play R5 uno") == "R-UNO-1"
    drawn = situation(
        players=2,
        hands=[["R5", "G7", "B9"], ["B1", "G4"]],
        discard_pile=["R3"],
        phase="drawn",
        drawn="R5",
    )
    assert _rule(drawn, "0: pass", "0: play R5") == "R-DRAW-1"  # keep or play the drawn card
    assert _rule(drawn, "0: play R5", "0: play R5") == "R-DRAW-1"
    challenged = situation(
        players=3,
        hands=[["R5", "G2"], ["B1", "G4"], ["Y2", "Y3"]],
        discard_pile=["R1", "WD4"],
        current_color="G",
        turn=1,
        phase="challenge",
        challenge={"player": 0, "previous_color": "R"},
    )
    assert _rule(challenged, "1: challenge", "1: accept") == "R-CHAL-1"
    assert _rule(challenged, "1: accept", "1: accept") == "R-CHAL-1"
    seven = situation(
        players=3,
        rules={**ONE_ROUND, "seven_zero": True},
        hands=[["R7", "G2", "B4"], ["B1", "G4"], ["Y2", "Y3", "Y4"]],
        discard_pile=["R3"],
    )
    assert _rule(seven, "0: play R7 1", "0: play R7 2") == "H-70"
    stacked = situation(
        players=3,
        rules={**ONE_ROUND, "stacking": True},
        hands=[["RD2", "G2"], ["B1", "G4"], ["Y2", "Y3"]],
        discard_pile=["R1", "YD2"],
        pending_draw=2,
    )
    assert _rule(stacked, "0: draw", "0: play RD2") == "H-STACK"
    first = situation(
        players=3,
        hands=[
            ["R2", "G2", "R4", "G5", "B6", "Y7", "R8"],
            ["B1", "G4", "B2", "B3", "B4", "Y1", "G1"],
            ["Y2", "Y3", "Y4", "Y5", "Y6", "G7", "G8"],
        ],
        discard_pile=["W"],
        current_color=None,
        phase="choose_color",
        turn=1,
        dealer=0,
    )
    assert _rule(first, "1: color G", "1: color B") == "R-SETUP-5"
    named = {"R-ACT-4", "R-PLAY-4", "R-DRAW-1", "R-DRAW-2", "R-UNO-1", "R-CHAL-1", "H-70"}
    assert named | {"H-STACK", "R-SETUP-5", "H-JUMP", "R-UNO-2", "R-UNO-3"} <= set(RULE_IDS)


def test_out_of_turn_moves_are_the_experts_own_and_name_their_ruling() -> None:
    start = situation(players=2, hands=[["R5", "G7"], ["B1", "B2", "G4"]], discard_pile=["R1"])
    (caught,) = review(start, ["0: play R5", "1: catch 0"], 1)
    assert (caught.step, caught.grade, caught.rule, caught.loss) == (1, "best", "R-UNO-2", 0.0)
    assert caught.best == caught.move and caught.playouts > 0
    forgot, late = review(start, ["0: play R5", "0: uno"], 0)
    assert forgot.rule == "R-UNO-1" and (late.grade, late.rule) == ("best", "R-UNO-3")
    jumping = situation(
        players=3,
        rules={**ONE_ROUND, "jump_in": True},
        hands=[["R5", "G7", "B2"], ["R3", "B4", "Y9"], ["Y2", "Y3", "G4"]],
        discard_pile=["R3"],
    )
    (jumped,) = review(jumping, ["1: jump R3"], 1)  # seat 1 plays out of turn
    assert (jumped.grade, jumped.rule) == ("best", "H-JUMP")


def test_the_review_is_the_experts_too() -> None:
    """The issue's name for it: ``uno.expert.review`` (and ``Verdict``, ``GRADES``) is the
    review of ``uno.review``."""
    import uno.expert

    assert uno.expert.review is review
    assert uno.expert.Verdict is Verdict and uno.expert.GRADES == GRADES
    assert {"review", "Verdict", "GRADES"} <= set(uno.expert.__all__)
    with pytest.raises(AttributeError):
        uno.expert.no_such_name  # noqa: B018


def test_weigh_plays_moves_out_in_the_same_deals() -> None:
    """``weigh``: each move's (wins, playouts) in the same sampled deals; the same generator
    state gives the same counts; a budget that is not a whole number of deals is refused."""
    import random

    from uno.engine import Table
    from uno.expert import InfoSet
    from uno.review import weigh

    start = uno.load_scenario(
        {
            "players": 2,
            "hands": [["R5"], ["B1", "G4", "Y2"]],
            "discard_pile": ["R3"],
            "seed": 1,
        }
    )
    info = InfoSet.observe(Table.from_state(start, record=False), 0)
    moves = [parse_action("0: play R5", start), parse_action("0: draw", start)]
    first = weigh(info, moves, random.Random(4), 40)
    assert first == weigh(info, moves, random.Random(4), 40)
    assert [playouts for _, playouts in first] == [40, 40]
    assert first[0][0] == 40 > first[1][0]  # the last card wins at once; drawing may not
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError):
            weigh(info, moves, random.Random(4), bad)  # type: ignore[arg-type]
