"""Rooms, the app's side (#20): what each device of a room is given. A pupil's table holds their
own hand and only the count of the others'; the projector's holds no hand; the story is rebuilt
on each device from the store's log and names a drawn card only to the one who drew it; the
learn-as-you-play tips come up on every device; computer seats move when it is their turn."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import uno
from uno.academy import store as db
from uno.academy.i18n import card_label, t
from uno.academy.rooms import Seen, bots_to_move, follow, room_names, room_table

TEACHER = "teacher-device-token-0123456789"
ANA = "ana-device-token-0123456789abcd"
BEN = "ben-device-token-0123456789abcd"
HANDS = [["R1", "R2", "G7"], ["R3", "B4", "Y9"], ["R5", "Y6", "B8"]]


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with db.open_store(tmp_path / "store.sqlite3") as opened:
        yield opened


def room_with(store: Any, seats: list[db.SeatSpec], **extra: Any) -> db.RoomState:
    start = uno.load_scenario(
        {
            "players": len(HANDS),
            "hands": HANDS,
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G2", "G3", "G4", "W", "Y2"],
            "turn": 0,
            "rules": {"preset": "single_round", **extra},
        }
    )
    return store.create_room(TEACHER, seats=seats, start=start)  # type: ignore[no-any-return]


def codes_in(model: dict[str, Any]) -> set[str]:
    return set(re.findall(r'"code": "([A-Z0-9]+)"', json.dumps(model)))


def test_a_pupil_is_given_their_own_hand_and_only_the_count_of_the_others(store: Any) -> None:
    room = room_with(store, [("pupil", None)] * 3)
    store.join_room(room.code, ANA, "Ana")
    room = store.room_state(room.code)
    for viewer, mine in enumerate(HANDS):
        model = room_table(room, viewer, "en")
        assert sorted(c["code"] for c in model["hand"]["cards"]) == sorted(mine)
        others = set().union(*map(set, HANDS)) - set(mine)
        assert not (codes_in(model) & others), codes_in(model) & others
        assert [s["count"] for s in model["seats"]] == [3, 3, 3]
    projector = room_table(room, None, "fr", size="xl")
    assert projector["hand"] is None
    assert not (codes_in(projector) & set().union(*map(set, HANDS)))
    assert room_names(room, "en") == [
        "Ana",
        t("rooms.free_seat", "en", number=2),
        t("rooms.free_seat", "en", number=3),
    ]


def test_the_end_of_a_round_names_no_other_hand_on_any_device(tmp_path: Path) -> None:
    """The round's result gives each hand's count and points, and names the cards of the
    device's own hand only (the projector: none)."""
    hands = [["R1"], ["R3", "B4"], ["Y6"]]
    start = uno.load_scenario(
        {
            "players": 3,
            "hands": hands,
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G2"],
            "turn": 0,
            "rules": {"preset": "single_round"},
        }
    )
    with db.open_store(tmp_path / "store.sqlite3") as store:
        room = store.create_room(TEACHER, seats=[("pupil", None)] * 3, start=start)
        ana = store.join_room(room.code, ANA, "Ana")
        store.join_room(room.code, BEN, "Ben")
        room = store.apply_room_action(room.code, ana.token, room.version, "0: play R1")
    assert room.state.is_over
    for viewer in (0, 1, 2, None):
        model = room_table(room, viewer, "en")
        rows = model["result"]["rows"]
        assert [r["points"] for r in rows] == [0, 7, 6]
        for row in rows:
            named = {c["code"] for c in row["cards"]}
            held = {str(c) for c in room.state.hands[row["seat"]]}
            assert named == (held if row["seat"] == viewer else set())
        mine = set() if viewer is None else set(hands[viewer])
        assert not (codes_in(model) & (set().union(*map(set, hands)) - mine - {"R1"}))


def test_only_the_seat_whose_turn_it_is_may_act_and_a_paused_room_lets_nobody(store: Any) -> None:
    room = room_with(store, [("pupil", None)] * 3)
    assert room_table(room, 0, "en")["hand"]["taps"]["R1"].get("send")
    assert "send" not in room_table(room, 1, "en")["hand"]["taps"]["R3"]
    paused = store.pause_room(TEACHER, room.code, True)
    model = room_table(paused, 0, "en")
    assert "send" not in model["hand"]["taps"].get("R1", {})
    assert model["message"]["text"] == t("rooms.paused", "en")


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_a_free_seat_to_play_is_told_as_waiting_for_a_pupil(store: Any, lang: str) -> None:
    """Nobody sits at seat 1 yet and it is seat 1's turn: the table said "Free seat 1 to play"
    as if someone could; every device is told the room waits for a pupil, and how many came."""
    room = room_with(store, [("pupil", None)] * 3)
    waiting = t("rooms.waiting", lang, count=0, total=3)
    status = t("rooms.waiting_status", lang, name=room_names(room, lang)[0])
    for viewer in (None, 1, 2):
        model = room_table(room, viewer, lang)
        assert model["message"]["text"] == waiting and model["status"] == status
    seated = store.join_room(room.code, ANA, "Ana")
    assert seated.seat == 0
    model = room_table(store.room_state(room.code), 1, lang)  # Ana is to play now
    assert model["message"] is None and model["status"] != status


def test_each_device_tells_the_story_and_a_drawn_card_is_named_only_to_its_player(
    store: Any,
) -> None:
    room = room_with(store, [("pupil", None)] * 3)
    ana = store.join_room(room.code, ANA, "Ana")
    store.join_room(room.code, BEN, "Ben")
    room = store.room_state(room.code)
    seen = {viewer: follow(Seen(), room, viewer, "en") for viewer in (0, 1, None)}
    assert all(s.story == [] for s in seen.values())
    room = store.apply_room_action(room.code, ana.token, room.version, "0: draw")
    seen = {viewer: follow(s, room, viewer, "en") for viewer, s in seen.items()}
    drawn = card_label(uno.parse_card("G1"), "en")
    assert any(drawn in text for text, _ in seen[0].story), seen[0].story
    assert seen[1].story and not any(drawn in text for text, _ in seen[1].story)
    assert seen[None].story == seen[1].story
    again = follow(seen[1], room, 1, "en")  # nothing new: nothing added
    assert again.story == seen[1].story


def test_a_device_that_comes_in_mid_round_gets_the_story_so_far(store: Any) -> None:
    """A projector switched on after the first moves showed an empty story: it replays the deal
    from its first state, and a card Ana drew is still named to Ana only."""
    room = room_with(store, [("pupil", None)] * 3)
    ana = store.join_room(room.code, ANA, "Ana")
    room = store.apply_room_action(room.code, ana.token, 0, "0: draw")  # G1: no play, turn ends
    start = store.room_start(room.code, room.deal)
    late = {viewer: follow(Seen(), room, viewer, "en", start) for viewer in (None, 0)}
    assert late[None].story and late[0].story
    drawn = card_label(uno.parse_card("G1"), "en")
    assert any(drawn in text for text, _ in late[0].story)
    assert not any(drawn in text for text, _ in late[None].story)
    assert late[None].tips == []  # tips come with the next move
    assert follow(Seen(), room, None, "en").story == []  # without the deal's start: nothing


def test_a_new_deal_starts_the_story_again(store: Any) -> None:
    room = room_with(store, [("pupil", None)] * 3)
    ana = store.join_room(room.code, ANA, "Ana")
    seen = follow(Seen(), store.room_state(room.code), None, "en")
    room = store.apply_room_action(room.code, ana.token, 0, "0: play R1")
    seen = follow(seen, room, None, "en")
    assert seen.story
    restarted = store.restart_room(TEACHER, room.code, seed=4)
    fresh = follow(seen, restarted, None, "en")
    assert fresh.story == [] and fresh.deal == restarted.deal and fresh.actions == 0


def test_a_rule_that_happens_brings_its_tip_to_every_device(store: Any) -> None:
    start = uno.load_scenario(
        {
            "players": 3,
            "hands": [["RS", "R2"], ["R3", "B4"], ["R5", "Y6"]],
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G2", "G3", "G4"],
            "turn": 0,
            "rules": {"preset": "single_round"},
        }
    )
    room = store.create_room(TEACHER, seats=[("pupil", None)] * 3, start=start)
    ana = store.join_room(room.code, ANA, "Ana")
    seen = {v: follow(Seen(), store.room_state(room.code), v, "fr") for v in (1, None)}
    room = store.apply_room_action(room.code, ana.token, 0, "0: play RS uno")
    seen = {v: follow(s, room, v, "fr") for v, s in seen.items()}
    assert seen[1].tips and seen[1].tips == seen[None].tips
    shown = follow(seen[1], room, 1, "fr")
    assert shown.tips == seen[1].tips  # still shown on the next poll, not counted again


def test_computer_seats_move_only_on_their_turn_and_not_while_paused(store: Any) -> None:
    room = room_with(store, [("pupil", None), ("bot", "friendly"), ("bot", "greedy")])
    # A classroom's computer players are "computer" on every device: no strategy is named.
    for viewer in (0, None):
        assert [s["bot"] for s in room_table(room, viewer, "fr")["seats"]] == [None, "", ""]
    assert not bots_to_move(room)  # Ana's turn
    ana = store.join_room(room.code, ANA, "Ana")
    room = store.apply_room_action(room.code, ana.token, room.version, "0: play R1")
    assert bots_to_move(room)
    assert not bots_to_move(store.pause_room(TEACHER, room.code, True))
    store.pause_room(TEACHER, room.code, False)
    room = store.apply_bot_moves(room.code, room.version, limit=5)
    assert room.state.turn == 0 and len(room.log) == 3 and not bots_to_move(room)
