"""Rulings that show why (issue 37, item 5): a Wild Draw Four challenge says what it showed.

The engine's ``challenged`` event carries the cards of the colour to match that the challenged
player held when playing the Wild Draw Four (``shown``), that colour and the cards the verdict
makes someone draw; the story names the card to the two players of the challenge only (the
challenged player shows their hand to the challenger, R-CHAL-2), or to every reader of a screen
that shows every hand; each line of the story carries the ruling it applies.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import uno
from uno import Card, Color, Phase
from uno.academy import classroom
from uno.academy.i18n import LANGS, card_label, t
from uno.academy.table import shows_hand, story_entries, story_line, story_rule, story_text
from uno.rulebook import RULE_IDS
from uno.state import Event, GameState

NAMES = ["Ana", "Ben", "Léa"]


def table(
    hands: list[str], discard: str, draw: str, *, rules: dict[str, Any] | None = None
) -> GameState:
    """A scenario: ``hands`` as card codes, ``discard`` ending with the top card, ``draw`` the
    draw pile (first card drawn first); seat 0 to play."""
    data: dict[str, Any] = {
        "players": NAMES[: len(hands)],
        "hands": [h.split() for h in hands],
        "discard_pile": discard.split(),
        "draw_pile": draw.split(),
        "turn": 0,
    }
    if rules is not None:
        data["rules"] = rules
    return uno.load_scenario(data)


def run(state: GameState, *actions: str) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, new = uno.apply(state, action)
        events += new
    return state, events


def challenged(events: list[Event]) -> Event:
    (event,) = [e for e in events if e.type == "challenged"]
    return event


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in codes.split())


def bluff() -> list[Event]:
    """Ana (seat 0) plays a Wild Draw Four on a red card while holding Red 1 and Red 7; Ben
    (seat 1) challenges it: guilty."""
    state = table(["WD4 R1 G3 R7", "G1 G2", "B1"], "R5", "B2 B3 B4 B5 B6 B7")
    _, events = run(state, "0: play WD4 G", "1: challenge")
    return events


def fair() -> list[Event]:
    """Ana plays a Wild Draw Four holding no red card; Ben challenges it: innocent."""
    state = table(["WD4 G3 B7", "G1 G2", "B1"], "R5", "B2 B3 B4 B5 B6 B7")
    _, events = run(state, "0: play WD4 G", "1: challenge")
    return events


# -- the event -------------------------------------------------------------------------------


def test_r_chal_2_challenged_event_shows_the_cards_of_the_colour_to_match() -> None:
    event = challenged(bluff())
    assert (event.seat, event.target, event.guilty) == (1, 0, True)
    assert event.previous_color is Color.R
    assert event.shown == cards("R1 R7")  # in hand order, every card of the colour
    assert event.count == 4
    assert event.to_dict()["shown"] == ["R1", "R7"]


def test_r_chal_3_fair_card_shows_nothing_and_costs_six() -> None:
    event = challenged(fair())
    assert (event.seat, event.target, event.guilty) == (1, 0, False)
    assert event.previous_color is Color.R
    assert event.shown == ()
    assert event.count == 6


def test_r_chal_2_stacked_wild_draw_four_shows_the_colour_it_was_played_on() -> None:
    """H-STACK: Léa challenges Ben's Wild Draw Four, played on Ana's (which named green): Ben
    held Green 1, so Ben draws the whole total."""
    state = table(
        ["WD4 R1", "WD4 G1", "B4 B5"], "R5", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", rules={"stacking": True}
    )
    _, events = run(state, "0: play WD4 G", "1: play WD4 B", "2: challenge")
    event = challenged(events)
    assert (event.seat, event.target, event.guilty) == (2, 1, True)
    assert event.previous_color is Color.G
    assert event.shown == cards("G1")
    assert event.count == 8
    drew = [e for e in events if e.type == "drew"]
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 8, "challenge_guilty")]


def test_r_chal_3_stacked_fair_wild_draw_four_shows_nothing() -> None:
    state = table(
        ["WD4 R1", "WD4 B9", "B4 B5"],
        "R5",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y1 Y2",
        rules={"stacking": True},
    )
    _, events = run(state, "0: play WD4 G", "1: play WD4 B", "2: challenge")
    event = challenged(events)
    assert (event.seat, event.target, event.guilty, event.shown) == (2, 1, False, ())
    assert event.count == 10


def test_r_chal_2_shows_the_hand_as_it_was_when_played_not_after_a_catch() -> None:
    """Ana plays down to Red 1 without "Uno" and is caught before Ben decides: the 2 red cards
    she draws then were not in her hand when she played, so the challenge does not show them;
    a fair Wild Draw Four stays fair too."""
    state = table(["WD4 R1", "G1 G2", "B1"], "R5", "R8 R9 B2 B3 B4 B5")
    after, events = run(state, "0: play WD4 G", "2: catch 0", "1: challenge")
    assert challenged(events).shown == cards("R1")
    assert sorted(after.hands[0]) == sorted(cards("R1 R8 R9 B2 B3 B4 B5"))

    state = table(["WD4 G3", "G1 G2", "B1"], "R5", "R8 R9 B2 B3 B4 B5 B6 B7")
    _, events = run(state, "0: play WD4 G", "2: catch 0", "1: challenge")
    event = challenged(events)
    assert (event.guilty, event.shown, event.count) == (False, (), 6)


def test_r_chal_2_a_scenario_loaded_in_phase_challenge_shows_the_hand() -> None:
    state = uno.load_scenario(
        {
            "players": NAMES,
            "hands": [["R1", "G3", "R7"], ["G1", "G2"], ["B1"]],
            "discard_pile": ["R5", "WD4"],
            "draw_pile": ["B2", "B3", "B4", "B5"],
            "current_color": "G",
            "turn": 1,
            "phase": "challenge",
            "challenge": {"player": 0, "previous_color": "R"},
        }
    )
    _, events = uno.apply(state, "1: challenge")
    event = challenged(events)
    assert (event.guilty, event.shown, event.count) == (True, cards("R1 R7"), 4)


def test_r_chal_2_what_a_challenge_would_show_is_not_part_of_the_scenario() -> None:
    """The cards kept for the challenge leave scenario files and equality alone:
    ``load_scenario(dump_scenario(s)) == s`` still holds in phase challenge."""
    state = table(["WD4 R1 G3 R7", "G1 G2", "B1"], "R5", "B2 B3 B4 B5")
    waiting, _ = uno.apply(state, "0: play WD4 G")
    assert waiting.phase is Phase.CHALLENGE and waiting.challenge is not None
    assert waiting.challenge.shown == cards("R1 R7")
    data = uno.dump_scenario(waiting)
    assert "shown" not in data["challenge"]
    assert uno.load_scenario(data) == waiting


def test_h_nobluff_wd4_anytime_has_no_challenge_to_show() -> None:
    state = table(["WD4 R1", "G1", "B1"], "R5", "Y1 Y2 Y3 Y4", rules={"wd4_anytime": True})
    after, events = uno.apply(state, "0: play WD4 G")
    assert after.challenge is None and after.phase is Phase.PLAY
    assert not [e for e in events if e.type == "challenged"]


# -- the story -------------------------------------------------------------------------------


def line_of(event: Event, lang: str, viewer: int | None, *, public: bool = False) -> str:
    (text,) = story_text([event], NAMES, lang, viewer, public=public)
    return text


@pytest.mark.parametrize("lang", LANGS)
def test_r_chal_2_the_card_is_named_to_the_challenger_and_the_bluffer_only(lang: str) -> None:
    event = challenged(bluff())
    red_1 = card_label(Card("R1"), lang)
    red = t("color.R", lang)
    for viewer, named in ((0, True), (1, True), (2, False), (None, False)):
        text = line_of(event, lang, viewer)
        assert (red_1 in text) is named, (viewer, text)
        assert red in text and "Ana" in text and "Ben" in text, text  # why, to everyone
        assert card_label(Card("R7"), lang) not in text  # one card is enough
    assert text == t("event.challenged_guilty", lang, name="Ben", other="Ana", color=red)
    assert line_of(event, lang, 1) == t(
        "event.challenged_guilty_card", lang, name="Ben", other="Ana", color=red, card=red_1
    )
    # A screen that shows every hand (the sandbox with open hands) names it to every reader.
    assert red_1 in line_of(event, lang, None, public=True)
    assert red_1 in line_of(event, lang, 2, public=True)


@pytest.mark.parametrize("lang", LANGS)
def test_r_chal_3_a_fair_card_reads_the_same_to_everyone(lang: str) -> None:
    event = challenged(fair())
    expected = t(
        "event.challenged_innocent", lang, name="Ben", other="Ana", color=t("color.R", lang)
    )
    for viewer in (0, 1, 2, None):
        assert line_of(event, lang, viewer) == expected
    assert line_of(event, lang, None, public=True) == expected


def test_r_chal_2_who_may_see_the_hand() -> None:
    event = challenged(bluff())
    assert [shows_hand(event, v) for v in (0, 1, 2, None)] == [True, True, False, False]
    assert shows_hand(event, None, public=True) and shows_hand(event, 2, public=True)
    assert story_line(event, NAMES) == (
        "event.challenged_guilty",
        {
            "name": "Ben",
            "other": "Ana",
            "previous_color": Color.R,
            "count": 4,
            "color": Color.R,
        },
    )
    key, values = story_line(event, NAMES, reveal=True) or ("", {})
    assert key == "event.challenged_guilty_card" and values["card"] == Card("R1")


@pytest.mark.parametrize("lang", LANGS)
def test_r_chal_2_the_story_of_a_caught_bluff_with_its_rules(lang: str) -> None:
    entries = story_entries(bluff(), NAMES, lang, 1)
    assert [rule for _, rule in entries] == ["R-ACT-5", "R-CHAL-2", "R-CHAL-2"]
    assert card_label(Card("R1"), lang) in entries[1][0]
    assert [text for text, _ in entries] == story_text(bluff(), NAMES, lang, 1)


@pytest.mark.parametrize("lang", LANGS)
def test_r_chal_3_the_story_of_a_wrong_challenge_with_its_rules(lang: str) -> None:
    entries = story_entries(fair(), NAMES, lang, 2)
    # played, challenged, Ben draws 6, Ben misses his turn: all by R-CHAL-3 after the card.
    assert [rule for _, rule in entries] == ["R-ACT-5", "R-CHAL-3", "R-CHAL-3", "R-CHAL-3"]


def rules_of(state: GameState, *actions: str) -> list[tuple[str, str | None]]:
    """(event type, rule id) of each event the actions give, in order."""
    _, events = run(state, *actions)
    out = []
    cause: Event | None = None
    for event in events:
        out.append((event.type, story_rule(event, cause)))
        if event.type in ("played", "drew", "reversed", "challenged"):
            cause = event
    return out


def test_story_rules_of_the_action_cards() -> None:
    hands = ["RS RR RD2 W R1 R2", "R3 R4 R5 R6", "R7 R8 R9 G1"]
    state = table(hands, "R5", "B1 B2 B3 B4 B5 B6")
    assert rules_of(state, "0: play RS") == [("played", "R-ACT-1"), ("skipped", "R-ACT-1")]
    assert rules_of(state, "0: play RR") == [("played", "R-ACT-2"), ("reversed", "R-ACT-2")]
    assert rules_of(state, "0: play RD2") == [
        ("played", "R-ACT-3"),
        ("drew", "R-ACT-3"),
        ("skipped", "R-ACT-3"),
    ]
    assert rules_of(state, "0: play W B") == [("played", "R-ACT-4")]
    assert rules_of(state, "0: play R1") == [("played", "R-PLAY-1")]
    assert rules_of(state, "0: draw") == [("drew", "R-DRAW-1")]


def test_story_rules_of_uno_and_the_end_of_a_round() -> None:
    state = table(["R1 R2", "G3 G4", "B1"], "R5", "B2 B3 B4 B5")
    assert rules_of(state, "0: play R1 uno") == [("played", "R-PLAY-1"), ("said_uno", "R-UNO-1")]
    assert rules_of(state, "0: play R1", "2: catch 0") == [
        ("played", "R-PLAY-1"),
        ("caught", "R-UNO-2"),
        ("drew", "R-UNO-2"),
    ]
    won = table(["R1", "G3 G4", "B1"], "R5", "B2 B3 B4 B5")
    assert ("round_won", "R-SCORE-1") in rules_of(won, "0: play R1")
    assert story_rule(Event("reshuffled", count=40)) == "R-DRAW-3"
    assert story_rule(Event("skipped", seat=1)) is None  # no cause known


def test_story_rules_are_rulings_of_the_rulebook() -> None:
    """Random games under the party rules (stacking, 7-0, jump-in...): every line of the story
    names a ruling of RULES.md."""
    seen: set[str] = set()
    for seed in range(8):
        state = uno.new_game(4, rules={"preset": "party", "target_score": None}, seed=seed)
        rng = random.Random(seed)
        bots = [uno.make_strategy("random", forget_uno=0.5, challenge="always", bluff=0.5)] * 4
        events: list[Event] = []
        while not state.is_over:
            state, new = uno.apply(state, uno.bot_action(state, bots, rng))
            events += new
        for _, rule in story_entries(events, state.players, "en", 0):
            assert rule in RULE_IDS, rule
            seen.add(rule)
    assert {"R-CHAL-2", "R-CHAL-3", "R-ACT-5", "R-UNO-2"} <= seen


# -- the children's words --------------------------------------------------------------------


def kid_text(event: Event, lang: str, you: int | None, *, public: bool = False) -> str:
    line = classroom.kid_line(event, ["Sam", "Robo", "Bunny"], you, public=public)
    assert line is not None
    key, values = line
    return t(
        key,
        lang,
        **{k: card_label(v, lang) if isinstance(v, Card) else v for k, v in values.items()},
    )


@pytest.mark.parametrize("lang", LANGS)
def test_r_chal_2_the_child_who_challenged_or_bluffed_hears_the_card(lang: str) -> None:
    event = challenged(bluff())  # Robo (1) challenges Sam (0)
    red_1 = card_label(Card("R1"), lang)
    for you, named in ((0, True), (1, True), (2, False), (None, False)):
        assert (red_1 in kid_text(event, lang, you)) is named, (you, lang)
    assert red_1 in kid_text(event, lang, None, public=True)
    assert classroom.kid_line(event, ["Sam", "Robo"], 0) == (
        "classroom.say.challenged_you_guilty_card",
        {"name": "Robo", "other": "Sam", "card": Card("R1")},
    )
    key, _ = classroom.kid_line(event, ["Sam", "Robo"], 1) or ("", {})
    assert key == "classroom.say.challenged_guilty_you_card"
    key, _ = classroom.kid_line(event, ["Sam", "Robo", "Bunny"], 2) or ("", {})
    assert key == "classroom.say.challenged_guilty"


@pytest.mark.parametrize("lang", LANGS)
def test_r_chal_3_a_fair_card_is_the_same_sentence_for_children(lang: str) -> None:
    event = challenged(fair())
    key, _ = classroom.kid_line(event, ["Sam", "Robo"], 0) or ("", {})
    assert key == "classroom.say.challenged_you_innocent"
    key, _ = classroom.kid_line(event, ["Sam", "Robo"], 1) or ("", {})
    assert key == "classroom.say.challenged_innocent_you"
    assert "{" not in kid_text(event, lang, 2)
