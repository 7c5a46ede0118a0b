"""Review my round, the app's side (``uno.academy.review``): the round a table gives to review,
accuracy and key moments as documented, the words (the coach's, in en/fr/ru), the children's
stars, the job's progress, and "Try again from here" as the seat saw the moment."""

from __future__ import annotations

from typing import Any

import pytest

import uno
from uno.academy import review as app
from uno.academy.i18n import LANGS, card_the, t
from uno.academy.jobs import DONE, JobBoard
from uno.academy.match import Match
from uno.academy.sandbox import encode_share, open_match, share_data
from uno.actions import Action
from uno.cards import parse_card
from uno.review import GRADES, Verdict

ONE_ROUND: dict[str, Any] = {"preset": "official", "target_score": None}
ROLLOUTS = 24


def verdict(step: int, loss: float, grade: str) -> Verdict:
    """A verdict made by hand (the pure parts need no search)."""
    return Verdict(
        step=step,
        move=Action(0, "draw"),
        best=Action(0, "play", card=parse_card("R5")),
        chance=0.5,
        best_chance=0.5 + loss / 100,
        loss=loss,
        grade=grade,
        rule=None,
        wins=1,
        playouts=2,
        best_wins=1,
        best_playouts=2,
    )


def test_accuracy_is_the_share_of_decisions_graded_best_or_good() -> None:
    grades = ["best", "good", "inaccuracy", "mistake", "blunder", "best", "good", "best"]
    verdicts = [verdict(i, 0.0, g) for i, g in enumerate(grades)]
    assert app.accuracy(verdicts) == 5 / 8
    assert app.accuracy([]) is None
    assert app.ACCURATE == ("best", "good")


def test_the_key_moments_are_the_three_largest_losses_never_a_best_move() -> None:
    losses = [(0, 2.0, "best"), (1, 25.0, "blunder"), (2, 6.0, "inaccuracy"), (3, 12.0, "mistake")]
    losses += [(4, 25.0, "blunder"), (5, 4.0, "good")]
    verdicts = [verdict(*row) for row in losses]
    assert [v.step for v in app.key_moments(verdicts)] == [1, 4, 3]  # equal losses: earlier first
    assert [v.step for v in app.key_moments(verdicts, most=10)] == [1, 4, 3, 2, 5]
    assert app.key_moments([verdict(0, 2.5, "best")]) == []


def test_stars_for_children_by_grade_and_by_round() -> None:
    assert [app.stars(g) for g in GRADES] == [3, 3, 2, 2, 1]
    assert [app.round_stars(s) for s in (None, 1.0, 0.8, 0.79, 0.5, 0.49, 0.0)] == [
        3,
        3,
        3,
        2,
        2,
        1,
        1,
    ]


def start_state() -> uno.GameState:
    """Ana (seat 0) holds a Red 5 that fits and draws instead; Ben then plays on."""
    return uno.load_scenario(
        {
            "players": ["Ana", "Ben"],
            "hands": [["R5", "G7", "B2"], ["B1", "R8", "G4", "Y2", "B7"]],
            "discard_pile": ["R3"],
            "draw_pile": ["R9", "G1", "B4", "Y1", "Y3", "G2"],
            "rules": ONE_ROUND,
            "seed": 5,
        }
    )


def test_the_round_of_a_match_is_the_round_shown_for_the_seat() -> None:
    match = Match.replayed(start_state(), ["0: draw", "0: pass", "1: play R8"], [None, "greedy"])
    assert app.review_seat(match) == 0  # the person who moved last
    round = app.round_of(match, 0)
    assert round is not None
    assert round.start == start_state() and round.actions == ("0: draw", "0: pass", "1: play R8")
    assert round.decisions == 2 and round.names == ("Ana", "Ben")
    assert app.round_of(Match.new(start_state(), [None, "greedy"]), 0) is None
    assert app.review_seat(Match.new(start_state(), ["greedy", "greedy"])) is None
    assert app.review_seat(match.with_view(viewer=1)) is None  # a computer player's seat
    # A later round: its own first state.
    two = uno.load_scenario(
        {
            "players": 2,
            "hands": [["R5"], ["B1", "G4"]],
            "discard_pile": ["R3"],
            "rules": {"preset": "official"},
            "seed": 2,
        }
    )
    won = Match.replayed(two, ["0: play R5"], [None, "greedy"]).next_round()
    won = won.act(won.state.turn, "draw") if won.state.turn == 0 else won.play_bots()
    assert isinstance(won, Match)
    later = app.round_of(won, 0)
    assert later is not None and "next round" not in later.actions


def test_the_request_reports_its_progress_decision_by_decision_on_the_job_board() -> None:
    match = Match.replayed(start_state(), ["0: draw", "0: pass", "1: play R8"], [None, "greedy"])
    round = app.round_of(match, 0)
    assert round is not None
    other = app.Round(round.start, round.actions, 1, round.seats, round.names)
    request = app.Request((round, other), rollouts=ROLLOUTS)
    seen: list[tuple[int, int]] = []
    reviews = request.work(lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]  # Ana's two moves, then Ben's one
    assert [r.round.seat for r in reviews] == [0, 1]
    board = JobBoard()
    job = board.submit(request.key, request.work)
    assert job is not None and job.wait(60) and job.state == DONE
    assert (job.done, job.total) == (3, 3)
    assert job.result == reviews  # the same seed: the same review
    assert app.Request.of(round).key != app.Request.of(other).key


def test_the_budget_comes_from_the_environment_or_the_module(monkeypatch: Any) -> None:
    monkeypatch.delenv(app.ROLLOUTS_ENV, raising=False)
    assert app.budget() is None  # the engine's default budget
    monkeypatch.setattr(app, "ROLLOUTS", 50)
    assert app.budget() == 50
    monkeypatch.setenv(app.ROLLOUTS_ENV, "30")
    assert app.budget() == 30 and app.Request.of().rollouts == 30
    for bad in ("0", "x", "-3", "10000000"):
        monkeypatch.setenv(app.ROLLOUTS_ENV, bad)
        assert app.budget() == 50


@pytest.fixture(scope="module")
def drawn() -> app.RoundReview:
    """Ana drew with the Red 5 in hand: the round's key moment."""
    match = Match.replayed(start_state(), ["0: draw", "0: pass", "1: play R8"], [None, "greedy"])
    round = app.round_of(match, 0)
    assert round is not None
    return app.review_round(round, rollouts=ROLLOUTS)


def the_draw(drawn: app.RoundReview) -> Verdict:
    """Ana's draw with the Red 5 in hand: one of the key moments."""
    (moment,) = [v for v in drawn.key_moments if v.step == 0]
    return moment


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_are_the_coachs_with_card_names(drawn: app.RoundReview, lang: str) -> None:
    moment = the_draw(drawn)
    assert moment.step == 0 and moment.move.verb == "draw" and moment.best.verb == "play"
    names = list(drawn.round.names)
    assert app.did_text(moment, lang, names) == t("review.did.draw", lang)
    best = moment.best
    assert best.card is not None
    assert app.better_text(moment, lang, names) == t(
        "coach.do.play", lang, the_card=card_the(best.card, lang)
    )
    kids = app.better_text(moment, lang, names, kids=True)
    assert kids == t("coach.kids.do.play", lang, the_card=card_the(best.card, lang))
    assert app.did_text(moment, lang, names, kids=True) == t("review.kids.did.draw", lang)
    assert app.grade_text(moment.grade, lang) == t(f"review.grade.{moment.grade}", lang)
    line = app.worst_text(moment, lang, names)
    assert card_the(best.card, lang) in line and str(moment.step + 1) in line
    assert app.worst_text(None, lang, names) == t("review.teacher.nothing", lang)


def test_forgetting_uno_is_said_in_both_the_move_and_the_better_one() -> None:
    start = uno.load_scenario(
        {
            "players": 2,
            "hands": [["R5", "G7"], ["B1", "G4", "Y2", "B7"]],
            "discard_pile": ["R3"],
            "rules": ONE_ROUND,
            "seed": 3,
        }
    )
    round = app.Round(start, ("0: play R5",), 0, (None, "greedy"), ("Ana", "Ben"))
    (v,) = app.review_round(round, rollouts=ROLLOUTS).verdicts
    assert v.best.uno and not v.move.uno
    did = t("review.did.play", "fr", the_card="le 5 rouge")
    assert app.did_text(v, "fr", ["Ana", "Ben"]) == t("review.no_uno", "fr", did=did)
    better = app.better_text(v, "fr", ["Ana", "Ben"])
    assert better == "Jouez le 5 rouge en disant «\u202fUno\u202f!\u202f»"
    assert app.better_text(v, "en", ["Ana", "Ben"], kids=True).endswith(t("coach.kids.uno", "en"))


def test_try_again_opens_the_moment_as_the_seat_saw_it(drawn: app.RoundReview) -> None:
    moment = the_draw(drawn)
    state, setup = app.try_again(drawn, moment)
    assert state == drawn.before(moment) == start_state()  # the real cards, on this device
    assert setup.hide_hands and setup.viewer == 0 and dict(setup.bots) == {1: "greedy"}
    # Through a share link, as the pages open it: the seat to move, the others hidden.
    match, table = open_match(share_data(encode_share(state, setup.to_dict())))
    assert match.state.turn == 0 and table.viewer == 0 and match.hide
    assert match.seats == (None, "greedy")
    assert match.with_view(viewer=table.viewer).hands_shown() == frozenset({0})


def test_try_again_in_a_room_deals_the_hidden_cards_anew(drawn: app.RoundReview) -> None:
    moment = the_draw(drawn)
    real = drawn.before(moment)
    state, setup = app.try_again(drawn, moment, redeal=True)
    assert state.hands[0] == real.hands[0]  # the seat's own hand, as it saw it
    assert state.discard_pile == real.discard_pile and state.turn == real.turn
    assert [len(h) for h in state.hands] == [len(h) for h in real.hands]
    assert len(state.draw_pile) == len(real.draw_pile)
    assert (state.hands[1], state.draw_pile) != (real.hands[1], real.draw_pile)
    assert setup.hide_hands and setup.viewer == 0
    assert app.try_again(drawn, moment, redeal=True) == (state, setup)  # seeded
    # Wherever the hidden cards lay (Ben's hand, the draw pile), the same situation comes out.
    hidden = uno.load_scenario(
        {
            **uno.dump_scenario(real),
            "hands": [list(map(str, real.hands[0])), ["G1", "R8", "B4", "Y2", "B7"]],
            "draw_pile": ["R9", "B1", "G4", "Y1", "Y3", "G2"],
        }
    )
    other = app.RoundReview(drawn.round, drawn.verdicts, (hidden, *drawn.states[1:]))
    assert app.try_again(other, moment, redeal=True)[0] == state


def test_a_friendly_player_becomes_a_sandbox_strategy(drawn: app.RoundReview) -> None:
    moment = the_draw(drawn)
    kids = app.Round(drawn.round.start, drawn.round.actions, 0, (None, "friendly"), ("A", "B"))
    passed = app.Round(drawn.round.start, drawn.round.actions, 0, (None, None), ("A", "B"))
    for round, bot in ((kids, "save_wilds"), (passed, "greedy")):
        done = app.RoundReview(round, drawn.verdicts, drawn.states)
        assert dict(app.try_again(done, moment)[1].bots) == {1: bot}
