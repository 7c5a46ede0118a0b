"""The one match under every table (uno.academy.match, issue 36): a person's move, the computer
players' moves, undo and redo by a person's decisions, replay, and the scenario and share-link
round trip with the history, over random games under every rule option (hypothesis)."""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import uno
import uno.academy.match as match_module
import uno.history as history_module
from tests.test_properties import rulesets
from uno.academy.match import FRIENDLY, MAX_STEPS, Match, Refusal
from uno.academy.sandbox import encode_match, share_data
from uno.history import NEXT_ROUND, read_history

SEAT_KINDS = (None, None, "random", "greedy", "friendly", "first")


@st.composite
def matches(draw: st.DrawFn) -> Match:
    """A new game under random rules, with random seats (persons and computer players)."""
    players = draw(st.integers(2, 6))
    state = uno.new_game(players, rules=draw(rulesets), seed=draw(st.integers(0, 2**31)))
    seats = [draw(st.sampled_from(SEAT_KINDS)) for _ in range(players)]
    return Match.new(state, seats)


def play_randomly(match: Match, rng: random.Random, moves: int) -> Match:
    """Persons play random legal moves (the computer players answer), ``moves`` times; a round
    that ends goes on to the next deal when the game goes on."""
    for _ in range(moves):
        match = match.play_bots(50)
        state = match.state
        if state.phase is uno.Phase.GAME_OVER:
            break
        if state.phase is uno.Phase.ROUND_OVER:
            match = match.next_round()
            continue
        mine = [a for a in uno.legal_actions(state) if match.seats[a.seat] is None]
        if not mine:
            if match.full or not match.waiting:
                break
            continue
        action = rng.choice(mine)
        after = match.act(action.seat, action)
        assert isinstance(after, Match), after
        match = after
    return match


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 2**31), st.integers(1, 40))
def test_replay_undo_redo_and_the_scenario_round_trip(start: Match, seed: int, moves: int) -> None:
    match = play_randomly(start, random.Random(seed), moves)
    # Replay: the actions from the start lead through the same states.
    again = Match.replayed(
        match.start,
        [s.action for s in match.steps],
        match.seats,
        people=[i for i, s in enumerate(match.steps) if s.person],
    )
    assert [s.state for s in again.steps] == [s.state for s in match.steps]
    assert again.steps == match.steps
    # Undo goes back to a person's decision (or the start), redo forward to the next one.
    undone = match.undo()
    if match.index:
        assert undone.index < match.index
        assert undone.index == 0 or match.steps[undone.index].person
        assert not any(s.person for s in match.steps[undone.index + 1 : match.index])
        assert undone.redo().index <= match.index
        assert undone.version > match.version
    # The scenario (and the share link) carries the history: the same step, undo available.
    for back in (match, undone):
        data = back.to_scenario()
        bots = {str(s): n for s, n in enumerate(back.seats) if n and n != "friendly"}
        link = encode_match(back, {"bots": bots, "hide_hands": True})
        for opened in (
            Match.from_scenario(data, back.seats),
            Match.from_scenario(share_data(link), back.seats),
        ):
            assert opened.index == back.index and opened.state == back.state
            assert opened.steps == back.steps
            assert opened.undo().state == back.undo().state


def test_a_persons_move_is_checked_and_a_refusal_changes_nothing() -> None:
    state = uno.load_scenario(
        {
            "players": 3,
            "hands": [["R1", "B2"], ["R3", "G4"], ["Y5", "Y6"]],
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G2", "G3"],
        }
    )
    match = Match.new(state, [None, None, "first"])
    for seat, action, reason in (
        (0, "play B2", "no_match"),
        (0, "nonsense", "notation"),
        (2, "play Y5", "not_yours"),  # a computer player's seat
        (1, "play R3", "not_your_turn"),
        (0, "1: play R3", "not_yours"),  # written for another seat
        (7, "draw", "not_yours"),
    ):
        refused = match.act(seat, action)
        assert isinstance(refused, Refusal), (seat, action)
        assert refused.reason == reason, (seat, action, refused)
    assert match.act(0, "draw", version=match.version + 1) == Refusal("stale")
    refused = match.act(0, "play B2")
    assert isinstance(refused, Refusal) and refused.rule == "R-PLAY-1"
    assert isinstance(refused.error, uno.IllegalAction)
    played = match.act(0, "play R1", version=match.version)
    assert isinstance(played, Match)
    assert played.steps[-1].action == "0: play R1" and played.steps[-1].person
    assert played.version == match.version + 1 and match.index == 0  # values: nothing mutated


def test_the_computer_players_move_until_a_person_must_act() -> None:
    state = uno.new_game(4, seed=5)
    match = Match.new(state, [None, "greedy", "friendly", "random"])
    played = match.play_bots()
    assert played.state.is_over or played.state.turn == 0 or played.waiting is False
    assert all(not s.person for s in played.steps)
    one = match.step_bots(1)
    assert len(one.steps) == min(1, len(played.steps))
    assert played.strategies[2] is FRIENDLY


def test_a_match_stops_at_its_cap() -> None:
    state = uno.new_game(2, seed=1)
    match = Match.new(state, ["random", "random"])
    full = match
    while not full.full and full.waiting:
        full = full.step_bots(500)
        if full.state.phase is uno.Phase.ROUND_OVER:
            full = full.next_round()
    assert len(full.steps) <= MAX_STEPS
    assert full.full or full.state.phase is uno.Phase.GAME_OVER


def test_a_history_that_does_not_lead_to_its_situation_is_refused() -> None:
    state = uno.load_scenario(
        {"players": 2, "hands": [["R1", "R2"], ["B3", "R4"]], "discard_pile": ["R0"]}
    )
    match = Match.new(state).act(0, "play R1")
    assert isinstance(match, Match)
    data = match.to_scenario()
    data["history"]["actions"] = ["0: play R2"]
    with pytest.raises(uno.ScenarioError) as err:
        Match.from_scenario(data)
    assert err.value.code == "history_mismatch"
    data["history"]["actions"] = ["0: play B3"]
    with pytest.raises(uno.ScenarioError) as err:
        Match.from_scenario(data)
    assert (err.value.code, err.value.field) == ("bad_action", "history.actions[0]")
    for bad, field in (
        ({"start": 1}, "history.start"),
        ({"start": {}, "x": 1}, "history.x"),
        ({"start": uno.dump_scenario(state), "at": 5}, "history.at"),
        ({"start": uno.dump_scenario(state), "actions": "draw"}, "history.actions"),
    ):
        with pytest.raises(uno.ScenarioError) as err:
            read_history(bad, state)
        assert err.value.field.startswith(field), (bad, err.value.field)


def test_the_next_deal_is_part_of_the_history() -> None:
    state = uno.load_scenario(
        {
            "players": 2,
            "hands": [["R1"], ["B3", "R4"]],
            "discard_pile": ["R0"],
            "rules": {"preset": "official"},
        }
    )
    match = Match.new(state).act(0, "play R1")
    assert isinstance(match, Match) and match.state.phase is uno.Phase.ROUND_OVER
    dealt = match.next_round()
    assert dealt.steps[-1].action == NEXT_ROUND and not dealt.state.is_over
    opened = Match.from_scenario(dealt.to_scenario())
    assert opened.state == dealt.state and opened.round_start() == dealt.index


@pytest.mark.parametrize("module", [match_module, history_module])
def test_docstring_examples_run(module: Any) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_which_hands_the_reader_sees() -> None:
    """The hand at the bottom is the screen's own seat, else the person whose turn it is, else
    the person who moved last; hidden hands leave only that one face up."""
    state = uno.load_scenario(
        {
            "players": 3,
            "hands": [["R1", "R2", "G5"], ["B3", "R4", "G6"], ["Y5", "R6", "G7"]],
            "discard_pile": ["R0"],
        }
    )
    match = Match.new(state, [None, None, "first"])
    assert match.reader() == 0 and match.hands_shown() == {0, 1, 2}
    moved = match.act(0, "play R1")
    assert isinstance(moved, Match)
    assert moved.reader() == 1  # Ben's turn: his hand at the bottom
    hidden = moved.with_view(hide=True)
    assert hidden.hands_shown() == {1} and hidden.version > moved.version
    benny = hidden.act(1, "play R4")
    assert isinstance(benny, Match) and benny.state.turn == 2
    assert benny.reader() == 1  # the computer's turn: the person who moved last
    assert benny.with_view(viewer=0, hide=True).hands_shown() == {0}
    data = benny.to_scenario()
    data["table"] = {"hide_hands": True}
    assert Match.from_scenario(data).hide
