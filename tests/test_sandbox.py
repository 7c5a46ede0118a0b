"""The sandbox's pure parts: timeline, share links, building by hand, bots, the story."""

from __future__ import annotations

import base64
import random
import zlib

import pytest

import uno
from uno.academy.i18n import LANGS, t
from uno.academy.match import Match
from uno.academy.sandbox import (
    MAX_SHARE_CHARS,
    build_scenario,
    decode_share,
    encode_share,
    open_share,
)
from uno.academy.table import story_line
from uno.ui.sandbox import story_lines


def test_the_match_undoes_redoes_and_a_new_move_drops_the_future() -> None:
    s0 = uno.new_game(3, seed=2)
    first, last = uno.legal_actions(s0)[0], uno.legal_actions(s0)[-1]
    s1, ev1 = uno.apply(s0, first)
    tl = Match.new(s0).act(first.seat, first)
    assert isinstance(tl, Match)
    assert tl.state == s1 and tl.can_undo and not tl.can_redo
    back = tl.undo()
    assert back.state == s0 and back.can_redo and back.story() == []
    assert back.redo().state == s1 and back.redo().story() == list(ev1)
    other, _ = uno.apply(s0, last)
    branched = back.act(last.seat, last)
    assert isinstance(branched, Match)
    assert len(branched.steps) + 1 == 2 and branched.state == other and not branched.can_redo
    assert tl.goto(99).index == 1 and tl.goto(-5).index == 0


def test_the_match_gives_the_log_of_the_round_shown() -> None:
    """``round_log``: what each seat was seen to do in the round of the state shown, read from
    the match's states and events (``uno.expert.log_of``), for the expert and the coach: the
    notes of the steps up to the state shown, none of the round before."""
    rules = {"preset": "official", "target_score": 500}
    state = uno.new_game(3, rules, seed=5)
    tl = Match.new(state, ["greedy"] * 3)
    for _ in range(2):  # a round to its end, then the next one begun
        while not tl.state.is_over:
            tl = tl.step_bots(1)
        end = tl.index
        tl = tl.next_round()
        assert tl.round_log() == []
    states = [tl.start, *(step.state for step in tl.steps)]
    steps = [(states[i], tl.steps[i].events, states[i + 1]) for i in range(end)]
    first = next(i + 1 for i, step in enumerate(steps) if step[0].is_over)
    early = tl.goto(first // 2).round_log()
    assert early == uno.expert.log_of(steps[: first // 2]) and early
    middle = first + (end - first) // 2
    for index in (middle, end):
        log = tl.goto(index).round_log()
        assert log == uno.expert.log_of(steps[first:index]) and len(log) > 3
    assert tl.goto(middle).round_log() == log[: len(tl.goto(middle).round_log())]


def test_share_link_round_trip_reproduces_the_exact_board() -> None:
    state = uno.new_game(["Ana", "Bob <b>", "Léa"], rules="party", seed=9)
    for action in uno.legal_actions(state)[:1]:
        state, _ = uno.apply(state, action)
    code = encode_share(state)
    assert len(code) < MAX_SHARE_CHARS
    assert decode_share(code) == state
    assert uno.dump_scenario(decode_share(code)) == uno.dump_scenario(state)


@pytest.mark.parametrize(
    ("link", "code"),
    [
        ("", "bad_link"),
        ("not a link!", "bad_link"),
        ("A" * (MAX_SHARE_CHARS + 1), "link_too_long"),
        ("QUJD", "bad_link"),  # base64 of "ABC": not zlib
        (base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode().rstrip("="), "not_object"),
        (
            base64.urlsafe_b64encode(zlib.compress(b"\x00" * 2_000_000)).decode().rstrip("="),
            "bad_link",
        ),
    ],
)
def test_broken_or_oversized_share_links_are_refused(link: str, code: str) -> None:
    with pytest.raises(uno.ScenarioError) as info:
        decode_share(link)
    assert info.value.code == code


def test_build_card_by_card_uses_the_scenario_checks() -> None:
    state = build_scenario(["Ana", "Ben"], ["r7 g2", "B5, YS"], "b9 R7", color=None, turn=1)
    assert [list(map(str, h)) for h in state.hands] == [["R7", "G2"], ["B5", "YS"]]
    assert str(state.top) == "R7" and state.turn == 1
    with pytest.raises(uno.ScenarioError) as info:
        build_scenario(["Ana", "Ben"], ["R7 X9", "B5"], "R1")
    assert (info.value.code, info.value.field) == ("bad_card", "hands[0][1]")
    with pytest.raises(uno.ScenarioError) as info:
        build_scenario(["Ana", "Ben"], ["R0", "R0"], "R1")
    assert info.value.code == "too_many_copies"
    with pytest.raises(uno.ScenarioError) as info:
        build_scenario(["Ana", "Ben"], ["R1", "B2"], "W")
    assert info.value.code == "missing_color"


def test_undo_and_redo_move_between_a_persons_decisions() -> None:
    """Undo takes back to the person's last decision, with the computer's moves after it."""
    s0 = uno.load_scenario(
        {
            "players": 3,
            "hands": [["R1", "R2", "G1"], ["R4", "R5", "G2"], ["R7", "R8", "G3"]],
            "discard_pile": ["R0"],
        }
    )
    tl = Match.new(s0, [None, "first", "first"])
    after = tl.act(0, "0: play R1")
    assert isinstance(after, Match)
    tl = after.step_bots(2)  # the two computer players' moves
    assert [s.seat for s in tl.steps] == [0, 1, 2]
    assert [s.person for s in tl.steps] == [True, False, False]
    assert tl.undo().index == 0 and tl.undo().state == s0
    assert tl.undo().redo().index == 3  # forward past the computer's moves to the person again
    assert tl.goto(2).undo().index == 0 and tl.goto(1).redo().index == 3


def test_share_links_carry_how_the_table_shows_the_situation() -> None:
    state = uno.new_game(3, seed=8)
    setup = {"bots": {"1": "greedy"}, "hide_hands": True, "viewer": 0}
    again, table = open_share(encode_share(state, setup))
    assert again == state
    assert (dict(table.bots), table.hide_hands, table.viewer) == ({1: "greedy"}, True, 0)
    assert table.to_dict() == setup
    plain, none = open_share(encode_share(state))
    assert plain == state and none.to_dict() == {}


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ({"bots": {"7": "greedy"}}, "table.bots.7"),
        ({"bots": {"1": "genius"}}, "table.bots.1"),
        ({"viewer": 1, "bots": {"1": "greedy"}}, "table.viewer"),
        ({"hide_hands": "yes"}, "table.hide_hands"),
        ({"colour": "R"}, "table.colour"),
        ([], "table"),
    ],
)
def test_a_table_field_that_does_not_fit_is_refused(table: object, field: str) -> None:
    data = {**uno.dump_scenario(uno.new_game(3, seed=8)), "table": table}
    with pytest.raises(uno.ScenarioError) as info:
        open_share(_link(data))
    assert info.value.field == field


def _link(data: dict[str, object]) -> str:
    import json

    packed = zlib.compress(json.dumps(data).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_share_link_with_bytes_after_its_data_is_refused() -> None:
    good = base64.urlsafe_b64decode(encode_share(uno.new_game(2, seed=1)) + "==")
    bad = base64.urlsafe_b64encode(good + b"extra").decode().rstrip("=")
    with pytest.raises(uno.ScenarioError) as info:
        decode_share(bad)
    assert info.value.code == "bad_link"


def test_every_event_has_words_in_every_language() -> None:
    """Play many games under every house rule and word every event of the story."""
    names = ["Ana", "Ben", "Léa", "Max"]
    seen: set[str] = set()
    for seed in range(12):
        state = uno.new_game(
            4,
            rules={"preset": "party", "strict_penalties": seed % 2 == 0, "target_score": None},
            seed=seed,
        )
        rng = random.Random(seed)
        bots = [uno.make_strategy("random", forget_uno=0.5, challenge="always", bluff=0.5)] * 4
        while not state.is_over:
            state, events = uno.apply(state, uno.bot_action(state, bots, rng))
            for lang in LANGS:
                for line in story_lines(events, names, lang):
                    assert "{" not in line, line
            seen.update(e.type if e.type != "drew" else f"drew.{e.reason}" for e in events)
    assert {"played", "drew.draw", "said_uno", "caught", "challenged"} <= seen


def test_story_line_keys_exist_for_every_event_type() -> None:
    for event_type in (
        "played",
        "jumped_in",
        "color_named",
        "kept",
        "skipped",
        "reversed",
        "penalty_stacked",
        "said_uno",
        "caught",
        "reshuffled",
        "piles_empty",
        "hands_swapped",
        "hands_rotated",
        "penalized",
        "reflipped",
        "round_won",
    ):
        event = uno.Event(
            event_type,
            seat=0,
            target=1,
            card=uno.Card("R7"),
            color=uno.Color.B,
            count=2,
            total=4,
            points=10,
            missing=1,
            direction=1,
        )
        key, values = story_line(event, ["Ana", "Ben"])
        for lang in LANGS:
            words = {k: v if k == "count" else str(v) for k, v in values.items()}
            assert t(key, lang, **words)
