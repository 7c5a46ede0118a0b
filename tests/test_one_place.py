"""One place per fact and per act (the house plan): what a tap on a card means
(``uno.play_action``), the one driver of computer players (``uno.bots``), the one winner rule
(``uno.rules.game_winners``) and the one name rule (``uno.setup.check_names``)."""

from __future__ import annotations

import pytest

import uno
from tests.test_rules import table
from uno.academy import scorepad as sp
from uno.bots import MAX_BOT_MOVES, PERSON, make_strategy, move_rng, next_bot_move, play_bots
from uno.rules import DEFAULT_TARGET, game_winners
from uno.setup import check_names, clean_name


def refused(call):
    with pytest.raises(uno.IllegalAction) as info:
        call()
    return info.value.reason, info.value.rule


# -- a tap on a card -------------------------------------------------------------------------


def test_play_action_a_plain_card_is_a_play() -> None:
    state = table(["R5 G2 B9", "Y1 Y2"], "R7")
    assert str(uno.play_action(state, 0, "R5")) == "0: play R5"
    # A colour, a seat or "Uno" the rules do not call for are left out, not refused.
    assert uno.play_action(state, 0, "R5", color="B", target=1, say_uno=True) == uno.Action(
        0, "play", uno.Card("R5")
    )


def test_play_action_r_act_4_a_wild_needs_its_colour() -> None:
    state = table(["W G2 B9", "Y1 Y2"], "R7")
    assert refused(lambda: uno.play_action(state, 0, "W")) == ("missing_color", "R-ACT-4")
    assert str(uno.play_action(state, 0, "W", color="B")) == "0: play W B"


def test_play_action_r_play_1_a_card_that_does_not_match_is_refused_with_the_reason() -> None:
    state = table(["G5 B9", "Y1 Y2"], "R7")
    assert refused(lambda: uno.play_action(state, 0, "G5")) == ("no_match", "R-PLAY-1")
    assert refused(lambda: uno.play_action(state, 0, "R1")) == ("card_not_in_hand", "R-PLAY-1")
    assert refused(lambda: uno.play_action(state, 1, "Y1")) == ("not_your_turn", "R-SETUP-3")


def test_play_action_r_uno_1_says_uno_only_when_one_card_is_left() -> None:
    state = table(["R5 G2", "Y1 Y2 Y3"], "R7")
    assert str(uno.play_action(state, 0, "R5", say_uno=True)) == "0: play R5 uno"
    assert str(uno.play_action(state, 0, "R5")) == "0: play R5"


def test_play_action_h_70_a_seven_needs_the_seat_to_swap_with() -> None:
    rules = {"preset": "official", "seven_zero": True}
    state = table(["R7 G2 G3", "Y1 Y2", "B1"], "R4", rules=rules)
    assert refused(lambda: uno.play_action(state, 0, "R7")) == ("missing_swap_target", "H-70")
    # After the swap seat 0 holds seat 2's one card: "Uno" belongs to the play.
    assert str(uno.play_action(state, 0, "R7", target=2, say_uno=True)) == "0: play R7 2 uno"
    assert refused(lambda: uno.play_action(state, 0, "R7", target=9))[0] == "bad_swap_target"


def test_play_action_h_jump_out_of_turn_an_identical_card_jumps_in() -> None:
    rules = {"preset": "official", "jump_in": True}
    state = table(["G2 G3", "R4 Y2", "B1 B2"], "R4", rules=rules)
    assert str(uno.play_action(state, 1, "R4")) == "1: jump R4"
    assert refused(lambda: uno.play_action(state, 2, "B1")) == ("not_your_turn", "R-SETUP-3")


def test_play_action_r_pen_1_strict_mode_turns_a_wrong_card_into_its_penalty() -> None:
    state = table(["G5 B9", "Y1 Y2"], "R7", draw="Y5 Y6 Y7", rules={"strict_penalties": True})
    action = uno.play_action(state, 0, "G5")
    after, events = uno.apply(state, action)
    assert [e.type for e in events][:1] == ["penalized"]
    assert len(after.hands[0]) == 4


def test_play_action_agrees_with_legal_actions_on_random_games() -> None:
    """Every legal play listed by the engine is what some tap means, and nothing else is."""
    for seed in range(30):
        state = uno.new_game(3, rules="house", seed=seed)
        for _ in range(40):
            if state.is_over:
                break
            legal = uno.legal_actions(state)
            for action in legal:
                if action.verb in ("play", "jump"):
                    tap = uno.play_action(
                        state,
                        action.seat,
                        action.card,
                        color=action.color,
                        target=action.target,
                        say_uno=action.uno,
                    )
                    assert tap == action
            state, _ = uno.apply(state, legal[seed % len(legal)])


# -- the one driver of computer players ------------------------------------------------------


def test_bots_play_until_a_person_must_act_and_replay_the_same_moves() -> None:
    state = uno.new_game(4, seed=11)
    greedy = make_strategy("greedy")
    seats = [None, greedy, greedy, greedy]
    moves = play_bots(state, seats)
    end = moves[-1].state if moves else state
    assert end.is_over or end.turn == 0
    assert next_bot_move(end, seats) is None or end.is_over
    again = play_bots(state, seats)
    assert [m.action for m in again] == [m.action for m in moves]  # seeded by the state
    assert move_rng(state).random() == move_rng(state).random()


def test_bots_alone_play_a_round_to_its_end_within_the_bound() -> None:
    state = uno.new_game(3, rules="single_round", seed=5)
    moves = play_bots(state, [make_strategy("random")] * 3)
    assert moves[-1].state.is_over
    assert len(moves) <= MAX_BOT_MOVES
    assert len(play_bots(state, [make_strategy("random")] * 3, limit=4)) == 4


def test_bots_never_act_for_a_person_even_to_catch() -> None:
    # Seat 0 played down to one card without "Uno"; only persons sit at the table.
    state = table(["R5", "Y1 Y2", "B1 B2"], "R7", uno_exposed=[0], turn=1)
    assert next_bot_move(state, [None, None, None]) is None
    catcher = next_bot_move(state, [None, make_strategy("greedy"), None])
    assert catcher is not None and catcher.verb == "catch" and catcher.target == 0
    assert PERSON.catch == 0 and PERSON.jump == 0


def test_bots_need_one_seat_per_player() -> None:
    with pytest.raises(ValueError, match="one per seat"):
        next_bot_move(uno.new_game(3, seed=1), [None, None])


# -- the one winner rule ---------------------------------------------------------------------


def test_r_score_2_one_winner_rule_for_engine_and_score_pad() -> None:
    assert DEFAULT_TARGET == 500 == uno.RuleSet().target_score
    assert game_winners([480, 120], 0, target=500) == ()
    assert game_winners([520, 120], 0, target=500) == (0,)
    assert game_winners([20, 120], 0, target=None) == (0,)
    pad = sp.new_game(["Ana", "Ben"])
    assert pad.target == DEFAULT_TARGET


def test_r_score_3_lowest_total_wins_once_someone_reaches_the_target() -> None:
    assert game_winners([480, 120, 300], 1, target=500, scoring="lowest") == ()
    assert game_winners([510, 120, 120], 0, target=500, scoring="lowest") == (1, 2)
    assert game_winners([10, 3], 0, target=None, scoring="lowest") == (1,)


# -- the one name rule -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("\ud800", "name_bad_char"),  # a lone surrogate (JSON's \ud800 escape)
        ("Ana\x00", "name_bad_char"),
        ("\x1b[31mAna", "name_bad_char"),
        ("\u202eanA", "name_bad_char"),  # a bidi override
        ("\u200b", "bad_name"),  # nothing visible
        ("\u200b\u200b", "bad_name"),
        ("   ", "bad_name"),
        ("A" * 41, "bad_name"),
        (7, "bad_name"),
    ],
)
def test_r_setup_1_names_are_printable_visible_and_short(raw: object, code: str) -> None:
    with pytest.raises(uno.ScenarioError) as info:
        clean_name(raw, "players[0]")
    assert (info.value.code, info.value.field) == (code, "players[0]")


def test_names_are_kept_in_nfc_trimmed_and_distinct() -> None:
    assert clean_name("  Zoe\u0301  ") == "Zoé"
    assert clean_name("Ana \t Maria") == "Ana Maria"
    assert check_names(["Emma", "👩\u200d👧"]) == ("Emma", "👩\u200d👧")  # joiners in emoji stay
    for twins in (["Ana", "ana"], ["Zoé", "Zoe\u0301"], ["Ana", "A\u200bna"]):
        with pytest.raises(uno.ScenarioError) as info:
            check_names(twins)
        assert info.value.code == "name_duplicate"


def test_every_place_uses_the_one_name_rule() -> None:
    """The sandbox (new_game and scenario files), the classroom and the score pad refuse the
    same names."""
    for bad in ("\u200b", "Ana\x1b", "\u202eX"):
        with pytest.raises(uno.ScenarioError):
            uno.new_game([bad, "Ben"], seed=1)
        with pytest.raises(uno.ScenarioError):
            uno.load_scenario(
                {"players": [bad, "Ben"], "hands": [["R1"], ["R2"]], "discard_pile": ["R3"]}
            )
        with pytest.raises(sp.ScoreInputError):
            sp.new_game([bad, "Ben"])
    with pytest.raises(sp.ScoreInputError) as info:
        sp.new_game(["\u200b", "\u200b\u200b"])
    assert info.value.code == "name_empty"
    with pytest.raises(uno.ScenarioError) as too_many:
        check_names(["A", "B", "C"], most=2)
    assert too_many.value.code == "player_count"
