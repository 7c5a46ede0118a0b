"""The sandbox's pure parts: timeline, share links, building by hand, bots, the story."""

from __future__ import annotations

import base64
import random
import zlib

import pytest

import uno
from uno.academy.i18n import LANGS, t
from uno.academy.sandbox import (
    MAX_SHARE_CHARS,
    Timeline,
    build_scenario,
    decode_share,
    encode_share,
    next_bot_action,
    story_line,
)
from uno.ui.sandbox_view import story_lines


def test_timeline_undo_redo_and_a_new_move_drops_the_future() -> None:
    s0 = uno.new_game(3, seed=2)
    move = uno.legal_actions(s0)[0]
    s1, ev1 = uno.apply(s0, move)
    tl = Timeline.start(s0).push(s1, ev1)
    assert tl.current == s1 and tl.can_undo and not tl.can_redo
    back = tl.undo()
    assert back.current == s0 and back.can_redo and back.story() == []
    assert back.redo().current == s1 and back.redo().story() == list(ev1)
    other, ev2 = uno.apply(s0, uno.legal_actions(s0)[-1])
    branched = back.push(other, ev2)
    assert len(branched.states) == 2 and branched.current == other and not branched.can_redo
    assert tl.goto(99).index == 1 and tl.goto(-5).index == 0


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


def test_bots_move_only_for_bot_seats() -> None:
    state = uno.new_game(3, seed=5)
    rng = random.Random(0)
    humans = ["human"] * 3
    assert next_bot_action(state, humans, rng) is None
    bots = ["random"] * 3
    action = next_bot_action(state, bots, rng)
    assert action in uno.legal_actions(state)


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
            assert t(key, lang, **{k: str(v) for k, v in values.items()})
