"""Scenario files (ENGINE-API.md, "Scenario files"): every refusal names its field and value,
nothing is half-loaded, an omitted draw pile is the rest of the deck, and dump/load round-trips in
every phase."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

import uno
from uno import Phase, RuleSet, ScenarioError, apply, dump_scenario, legal_actions, load_scenario

# The example of ENGINE-API.md, exactly as written there.
EXAMPLE_TEXT = """{
  "format": "uno-scenario/1",
  "rules": {"preset": "official", "stacking": false},
  "players": ["Ana", "Ben", "Chloé"],
  "hands": [["R7", "G2", "W"], ["B5"], ["YS", "YD2", "R1"]],
  "discard_pile": ["B7", "R7"],
  "draw_pile": ["G9", "B1"],
  "current_color": "R",
  "turn": 0,
  "direction": 1,
  "phase": "play",
  "scores": [0, 0, 0],
  "dealer": 2,
  "seed": 7
}"""

# R-DECK-1, written out independently of uno.cards: per colour one 0, two each of 1-9, Skip,
# Reverse and Draw Two; 4 Wild and 4 Wild Draw Four.
DECK_CODES: Counter[str] = Counter()
for _c in "RYGB":
    DECK_CODES[_c + "0"] = 1
    for _s in [*"123456789", "S", "R", "D2"]:
        DECK_CODES[_c + _s] = 2
DECK_CODES["W"] = 4
DECK_CODES["WD4"] = 4


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE_TEXT)
    return data


def codes(counter: Counter[uno.Card]) -> Counter[str]:
    return Counter({str(card): k for card, k in counter.items()})


def refused(data: dict[str, Any], code: str, field: str, value: Any) -> ScenarioError:
    """``data`` is refused, as a dict and as JSON text, with this code, field and value; the
    message names the field and shows the value; the dict passed in is left untouched."""
    before = copy.deepcopy(data)
    with pytest.raises(ScenarioError) as info:
        load_scenario(data)
    exc = info.value
    assert data == before, "a failing load changed the dict it was given"
    assert (exc.code, exc.field, exc.value) == (code, field, value), str(exc)
    message = str(exc)
    assert field in message
    assert repr(value) in message or str(value) in message, message
    # The same file as JSON text fails the same way.
    with pytest.raises(ScenarioError) as info_text:
        load_scenario(json.dumps(data, ensure_ascii=False))
    assert (info_text.value.code, info_text.value.field) == (code, field)
    return exc


# -- the example --------------------------------------------------------------------------------


def test_engine_api_example_loads_as_written() -> None:
    s = load_scenario(EXAMPLE_TEXT)
    assert s.players == ("Ana", "Ben", "Chloé")
    assert [[str(c) for c in h] for h in s.hands] == [
        ["R7", "G2", "W"],
        ["B5"],
        ["YS", "YD2", "R1"],
    ]
    assert [str(c) for c in s.discard_pile] == ["B7", "R7"]
    assert str(s.top) == "R7"
    assert [str(c) for c in s.draw_pile] == ["G9", "B1"]
    assert s.current_color is uno.Color.R
    assert (s.turn, s.direction, s.phase, s.dealer, s.seed) == (0, 1, Phase.PLAY, 2, 7)
    assert s.scores == (0, 0, 0)
    assert s.rules == RuleSet.official()
    # draw_pile given: the scenario's 11 cards are all the cards in play.
    assert codes(s.cards_in_play()) == Counter(
        ["R7", "G2", "W", "B5", "YS", "YD2", "R1", "B7", "R7", "G9", "B1"]
    )
    # Ana (red to match, R7 on top) may play R7, the Wild in any colour, or draw; not G2.
    assert sorted(str(a) for a in legal_actions(s)) == sorted(
        ["0: play R7", "0: play W R", "0: play W Y", "0: play W G", "0: play W B", "0: draw"]
    )
    # The next card drawn is draw_pile[0].
    after, _ = apply(s, "draw")
    assert [str(c) for c in after.hands[0]] == ["R7", "G2", "W", "G9"]


def test_example_loads_from_text_bytes_dict_alike() -> None:
    from_text = load_scenario(EXAMPLE_TEXT)
    from_bytes = load_scenario(EXAMPLE_TEXT.encode("utf-8"))
    from_bytearray = load_scenario(bytearray(EXAMPLE_TEXT.encode("utf-8")))
    from_dict = load_scenario(example())
    assert from_text == from_bytes == from_bytearray == from_dict
    assert from_bytes.players[2] == "Chloé"


def test_teacher_fields_are_allowed_and_not_part_of_the_state() -> None:
    data = example()
    data.update(title="Red on red", description="Play a red card.", notes="For lesson 2")
    s = load_scenario(data)
    assert s == load_scenario(example())
    assert "title" not in dump_scenario(s)


def test_teacher_field_must_be_text() -> None:
    data = example()
    data["title"] = 42
    refused(data, "bad_type", "title", 42)


# -- every refusal of ENGINE-API.md ------------------------------------------------------------


def test_card_code_that_does_not_exist() -> None:
    data = example()
    data["hands"][1][0] = "X9"
    refused(data, "bad_card", "hands[1][0]", "X9")


@pytest.mark.parametrize(
    ("where", "bad"),
    [("discard_pile", "R10"), ("draw_pile", "WD2"), ("discard_pile", 7), ("draw_pile", None)],
)
def test_card_code_that_does_not_exist_in_piles(where: str, bad: Any) -> None:
    data = example()
    data[where][0] = bad
    refused(data, "bad_card", f"{where}[0]", bad)


def test_unknown_top_level_field() -> None:
    data = example()
    data["colour"] = "R"
    refused(data, "unknown_field", "colour", "colour")


def test_two_r0_is_more_than_the_deck_has() -> None:
    data = example()
    data["hands"][1] = ["R0", "r0 "]  # case and spaces do not hide a copy
    refused(data, "too_many_copies", "hands[1][1]", "R0")


def test_five_wilds_is_more_than_the_deck_has() -> None:
    data = example()
    data["hands"][2] = ["W", "W", "W", "W"]  # with Ana's W, five
    refused(data, "too_many_copies", "hands[2][3]", "W")


def test_copies_are_counted_across_hands_and_piles() -> None:
    data = example()
    data["draw_pile"] = ["R7"]  # R7 already in Ana's hand and on the discard pile
    refused(data, "too_many_copies", "draw_pile[0]", "R7")


def test_too_many_copies_without_draw_pile() -> None:
    data = example()
    del data["draw_pile"]
    data["hands"][1] = ["WD4"] * 5
    refused(data, "too_many_copies", "hands[1][4]", "WD4")


@pytest.mark.parametrize(("field", "value"), [("turn", 3), ("turn", -1), ("dealer", 3)])
def test_seat_out_of_range(field: str, value: int) -> None:
    data = example()
    data[field] = value
    refused(data, "bad_seat", field, value)


def test_seat_must_be_a_whole_number() -> None:
    data = example()
    data["turn"] = True
    refused(data, "bad_type", "turn", True)


def test_colour_that_disagrees_with_the_top_card() -> None:
    data = example()
    data["current_color"] = "G"  # R7 on top
    exc = refused(data, "color_mismatch", "current_color", "G")
    assert "R7" in str(exc)


def test_colour_that_is_not_a_colour() -> None:
    data = example()
    data["current_color"] = "P"
    refused(data, "bad_color", "current_color", "P")


def test_colour_agreeing_with_the_top_card_any_case() -> None:
    data = example()
    data["current_color"] = "r"
    assert load_scenario(data) == load_scenario(example())
    del data["current_color"]  # inferred from a coloured top card
    assert load_scenario(data).current_color is uno.Color.R


def test_missing_current_color_under_a_wild_top() -> None:
    data = example()
    data["discard_pile"] = ["B7", "WD4"]
    del data["current_color"]
    refused(data, "missing_color", "current_color", None)
    data["current_color"] = "Y"
    assert load_scenario(data).current_color is uno.Color.Y


def test_wrong_phase_drawn_without_a_drawn_card() -> None:
    data = example()
    data["phase"] = "drawn"
    refused(data, "missing_field", "drawn", None)


def test_wrong_phase_drawn_card_not_in_hand() -> None:
    data = example()
    data.update(phase="drawn", drawn="R1")  # R1 is Chloé's, not Ana's
    refused(data, "wrong_phase", "drawn", "R1")


def test_wrong_phase_drawn_card_that_cannot_be_played() -> None:
    data = example()
    data.update(phase="drawn", drawn="G2")  # G2 on R7: not playable
    refused(data, "wrong_phase", "drawn", "G2")


def test_drawn_card_outside_phase_drawn() -> None:
    data = example()
    data["drawn"] = "R7"
    refused(data, "wrong_phase", "drawn", "R7")


def test_wrong_phase_challenge_without_wd4_on_top() -> None:
    data = example()
    data.update(phase="challenge", challenge={"player": 2, "previous_color": "R"})
    refused(data, "wrong_phase", "phase", "challenge")


def test_wrong_phase_play_with_an_empty_hand() -> None:
    data = example()
    data["hands"][1] = []
    exc = refused(data, "wrong_phase", "phase", "play")
    assert "seat 1" in str(exc)


def test_wrong_phase_choose_color_with_a_non_wild_top() -> None:
    data = example()
    data["phase"] = "choose_color"
    del data["current_color"]
    refused(data, "wrong_phase", "phase", "choose_color")


def test_wrong_phase_round_over_without_a_winner() -> None:
    data = example()
    data["phase"] = "round_over"
    refused(data, "wrong_phase", "phase", "round_over")


def test_phase_that_does_not_exist() -> None:
    data = example()
    data["phase"] = "playing"
    refused(data, "bad_phase", "phase", "playing")


def test_not_json() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario('{"players": 3, "hands": [}')
    exc = info.value
    assert (exc.code, exc.field) == ("not_json", "file")
    assert "file" in str(exc) and "JSON" in str(exc)
    assert str(exc.value) in str(exc)


@pytest.mark.parametrize("text", ["", "   ", "[1, 2]", '"uno"', "null"])
def test_not_a_json_object(text: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(text)
    assert info.value.field == "file"
    assert info.value.code in ("not_json", "not_object")


def test_bytes_that_are_not_utf8() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(b'{"players": "\xff\xfe"}')
    assert (info.value.code, info.value.field) == ("not_utf8", "file")


def _padded(size: int) -> str:
    """The example as JSON text padded with Cyrillic notes to exactly ``size`` UTF-8 bytes."""
    data = example()
    data["notes"] = ""
    base = len(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    pairs, odd = divmod(size - base, 2)
    data["notes"] = "я" * pairs + "x" * odd  # "я" is 2 bytes in UTF-8
    text = json.dumps(data, ensure_ascii=False)
    assert len(text.encode("utf-8")) == size
    return text


def test_over_a_million_utf8_bytes_is_refused_even_when_len_is_not() -> None:
    text = _padded(1_000_001)
    assert len(text) < 1_000_000  # counted in characters it would pass
    with pytest.raises(ScenarioError) as info:
        load_scenario(text)
    exc = info.value
    assert (exc.code, exc.field, exc.value) == ("too_large", "file", 1_000_001)
    assert "file" in str(exc) and "1000001" in str(exc)
    with pytest.raises(ScenarioError) as info_bytes:
        load_scenario(text.encode("utf-8"))
    assert (info_bytes.value.code, info_bytes.value.field) == ("too_large", "file")


def test_exactly_a_million_bytes_is_accepted() -> None:
    text = _padded(1_000_000)
    assert load_scenario(text) == load_scenario(EXAMPLE_TEXT)
    assert load_scenario(text.encode("utf-8")) == load_scenario(EXAMPLE_TEXT)


def test_unknown_rules_option() -> None:
    data = example()
    data["rules"] = {"preset": "official", "stackin": True}
    refused(data, "unknown_option", "rules.stackin", "stackin")


def test_bad_rules_option_value() -> None:
    data = example()
    data["rules"] = {"stacking": "yes"}
    refused(data, "bad_option_value", "rules.stacking", "yes")


def test_unknown_preset() -> None:
    data = example()
    data["rules"] = {"preset": "casual"}
    refused(data, "unknown_preset", "rules.preset", "casual")


@pytest.mark.parametrize("preset", ["official", "single_round", "house", "party"])
def test_known_presets_load(preset: str) -> None:
    data = example()
    data["rules"] = {"preset": preset}
    s = load_scenario(data)
    assert s.rules == uno.PRESETS[preset]
    assert load_scenario(dump_scenario(s)) == s


@pytest.mark.parametrize("count", [1, 11])
def test_player_count_as_a_number(count: int) -> None:
    data = example()
    data["players"] = count
    data["hands"] = [["B5"]] * count
    refused(data, "player_count", "players", count)


@pytest.mark.parametrize("count", [1, 11])
def test_player_count_as_a_list(count: int) -> None:
    data = example()
    data["players"] = [f"P{i}" for i in range(count)]
    data["hands"] = [["B5"]] * count
    refused(data, "player_count", "players", count)


def test_ten_players_as_a_number_get_default_names() -> None:
    data = example()
    del data["draw_pile"]
    data["players"] = 10
    data["hands"] = [[f"{c}{k}"] for c in "YG" for k in range(1, 6)]
    data["scores"] = [0] * 10
    s = load_scenario(data)
    assert len(s.players) == 10 and len(set(s.players)) == 10
    assert all(isinstance(name, str) and name for name in s.players)


def test_wrong_hand_count() -> None:
    data = example()
    data["hands"] = data["hands"][:2]
    refused(data, "hand_count", "hands", 2)


@pytest.mark.parametrize("direction", [0, 2, -2, "1", True, None])
def test_bad_direction(direction: Any) -> None:
    data = example()
    data["direction"] = direction
    refused(data, "bad_direction", "direction", direction)


@pytest.mark.parametrize("direction", [1.0, -1.0])
def test_float_direction_is_refused(direction: float) -> None:
    data = example()
    data["direction"] = direction
    refused(data, "bad_direction", "direction", direction)


def test_bad_format() -> None:
    data = example()
    data["format"] = "uno-scenario/2"
    refused(data, "bad_format", "format", "uno-scenario/2")


@pytest.mark.parametrize("field", ["players", "hands", "discard_pile"])
def test_required_field_missing(field: str) -> None:
    data = example()
    del data[field]
    refused(data, "missing_field", field, None)


def test_empty_discard_pile() -> None:
    data = example()
    data["discard_pile"] = []
    refused(data, "empty_discard", "discard_pile", [])


def test_bad_scores() -> None:
    data = example()
    data["scores"] = [0, 0]
    refused(data, "bad_scores", "scores", [0, 0])
    data["scores"] = [0, -5, 0]
    refused(data, "bad_scores", "scores[1]", -5)


def test_huge_json_number_is_a_scenario_error() -> None:
    text = EXAMPLE_TEXT.replace('"seed": 7', '"seed": ' + "9" * 5000)
    with pytest.raises(ScenarioError) as info:
        load_scenario(text)
    assert info.value.code == "not_json"


# -- nothing half-loaded ------------------------------------------------------------------------


def test_failing_load_leaves_nested_input_untouched() -> None:
    data = example()
    del data["draw_pile"]  # the engine would fill it in
    data["challenge"] = {"player": 2, "previous_color": "R"}  # refused: not phase challenge
    before = copy.deepcopy(data)
    with pytest.raises(ScenarioError):
        load_scenario(data)
    assert data == before
    assert "draw_pile" not in data


def test_loaded_state_does_not_share_the_input_lists() -> None:
    data = example()
    s = load_scenario(data)
    snapshot = dump_scenario(s)
    data["hands"][0].append("B9")
    data["players"][0] = "Zoe"
    data["discard_pile"].pop()
    assert dump_scenario(s) == snapshot


def test_successful_load_does_not_change_the_dict() -> None:
    data = example()
    del data["draw_pile"]
    before = copy.deepcopy(data)
    load_scenario(data)
    assert data == before


# -- omitted and explicit draw piles -----------------------------------------------------------


def test_omitted_draw_pile_is_the_rest_of_the_deck() -> None:
    data = example()
    del data["draw_pile"]
    s = load_scenario(data)
    assert codes(s.cards_in_play()) == DECK_CODES
    assert sum(DECK_CODES.values()) == 108
    assert len(s.draw_pile) == 108 - 9
    # Both R7 are placed (hand and discard): none left to draw.
    assert "R7" not in [str(c) for c in s.draw_pile]


def test_omitted_draw_pile_order_depends_on_the_seed_only() -> None:
    data = example()
    del data["draw_pile"]
    first = load_scenario(data).draw_pile
    assert load_scenario(copy.deepcopy(data)).draw_pile == first
    data["seed"] = 8
    other = load_scenario(data).draw_pile
    assert other != first
    assert Counter(other) == Counter(first)


def test_smaller_deck_with_explicit_draw_pile_is_conserved() -> None:
    """Numbers only, for young children: the engine keeps exactly this multiset (R-DECK-2),
    through draws, reshuffles (R-DRAW-3) and empty piles (R-DRAW-4)."""
    data = {
        "players": ["Ann", "Bob"],
        "hands": [["R1", "R2", "R3", "R4"], ["R5", "R6", "R1", "R2"]],
        "discard_pile": ["R9", "R8"],
        "draw_pile": ["R3"],
    }
    start = load_scenario(data)
    deck = Counter(["R1", "R1", "R2", "R2", "R3", "R3", "R4", "R5", "R6", "R8", "R9"])
    assert codes(start.cards_in_play()) == deck
    for policy_seed in range(25):
        rng = random.Random(policy_seed)
        s = start
        for _ in range(2000):
            if s.is_over:
                break
            actions = legal_actions(s)
            draws = [a for a in actions if a.verb in ("draw", "pass")]
            pick = rng.choice(draws if draws and rng.random() < 0.5 else actions)
            s, _ = apply(s, pick)
            assert codes(s.cards_in_play()) == deck
        assert s.is_over


# -- dump_scenario: JSON-ready and round-trips in every phase ----------------------------------


def roundtrip(s: uno.GameState) -> None:
    d = dump_scenario(s)
    text = json.dumps(d, ensure_ascii=False)  # JSON-serialisable
    assert load_scenario(d) == s
    assert load_scenario(text) == s
    assert load_scenario(json.loads(text)) == s
    assert load_scenario(uno.dumps_scenario(s)) == s
    assert dump_scenario(load_scenario(d)) == d
    assert d["phase"] == str(s.phase)


def test_roundtrip_play() -> None:
    s = load_scenario(EXAMPLE_TEXT)
    assert s.phase is Phase.PLAY
    roundtrip(s)


def test_roundtrip_new_game() -> None:
    for seed in range(10):
        roundtrip(uno.new_game(2 + seed % 9, seed=seed))


def test_roundtrip_drawn() -> None:
    data = example()
    data["hands"][0] = ["G2", "B3"]
    data["draw_pile"] = ["R9", "B1"]
    s, _ = apply(load_scenario(data), "draw")
    assert s.phase is Phase.DRAWN and str(s.drawn) == "R9"
    roundtrip(s)
    assert dump_scenario(s)["drawn"] == "R9"


def test_roundtrip_challenge() -> None:
    data = example()
    data["hands"][0] = ["WD4", "R1", "G2"]
    data["hands"][2] = ["YS", "YD2", "G9"]
    s, _ = apply(load_scenario(data), "play WD4 B")
    assert s.phase is Phase.CHALLENGE and s.turn == 1
    roundtrip(s)
    assert dump_scenario(s)["challenge"] == {"player": 0, "previous_color": "R", "guilty": True}


def test_roundtrip_stacked_penalties() -> None:
    data = example()
    data["rules"] = {"preset": "official", "stacking": True}
    data["hands"] = [["RD2", "G2", "W"], ["BD2", "WD4"], ["YS", "WD4", "R1"]]
    s, _ = apply(load_scenario(data), "play RD2")
    assert s.phase is Phase.PLAY and s.pending_draw == 2
    roundtrip(s)
    s, _ = apply(s, "play BD2 uno")
    assert s.pending_draw == 4
    roundtrip(s)
    s, _ = apply(s, "play WD4 G")
    assert s.phase is Phase.CHALLENGE and s.pending_draw == 8
    roundtrip(s)


def test_roundtrip_uno_window_open() -> None:
    data = example()
    data["hands"][0] = ["R2", "G2"]
    s, _ = apply(load_scenario(data), "play R2")  # one card left, no "uno"
    assert s.uno_exposed == (0,)
    roundtrip(s)


def test_roundtrip_choose_color() -> None:
    data = example()
    data.update(phase="choose_color", discard_pile=["W"], current_color=None)
    data["hands"][1] = ["B5", "B3", "Y8"]  # as dealt: 3 cards each from these 12 (R-SETUP-3)
    s = load_scenario(data)
    assert s.phase is Phase.CHOOSE_COLOR and s.current_color is None
    roundtrip(s)
    s, _ = apply(s, "color G")
    assert s.phase is Phase.PLAY and s.current_color is uno.Color.G
    roundtrip(s)


def test_roundtrip_choose_color_from_new_game() -> None:
    seed = next(k for k in range(2000) if uno.new_game(3, seed=k).phase is Phase.CHOOSE_COLOR)
    s = uno.new_game(3, seed=seed)
    assert str(s.top) == "W"
    roundtrip(s)


def test_roundtrip_round_over_and_next_round() -> None:
    data = example()
    data.update(turn=1, discard_pile=["R7", "B7"], current_color="B")
    s, _ = apply(load_scenario(data), "1: play B5")
    assert s.phase is Phase.ROUND_OVER and s.round_winner == 1
    roundtrip(s)
    nxt = uno.next_round(s)
    assert nxt.scores == s.scores and nxt.dealer == 0
    assert nxt.cards_in_play() == s.cards_in_play()
    roundtrip(nxt)


def test_roundtrip_game_over() -> None:
    data = example()
    data.update(turn=1, discard_pile=["R7", "B7"], current_color="B")
    data["rules"] = {"preset": "official", "target_score": None}
    s, _ = apply(load_scenario(data), "1: play B5")
    assert s.phase is Phase.GAME_OVER
    roundtrip(s)


def test_roundtrip_choose_color_with_a_wd4_only_deck() -> None:
    data = {
        "players": 2,
        "hands": [["WD4"], ["WD4"]],
        "discard_pile": ["WD4"],
        "draw_pile": ["WD4"],
        "current_color": "R",
    }
    over, _ = apply(load_scenario(data), "play WD4 R")
    s = uno.next_round(over)
    assert s.phase is Phase.CHOOSE_COLOR
    roundtrip(s)


def test_a_ruleset_is_always_one_a_scenario_can_hold() -> None:
    with pytest.raises(ScenarioError) as info:
        RuleSet(preset="classroom", stacking=True)
    assert info.value.code == "unknown_preset"
    assert "classroom" in str(info.value)
    for bad in ({"target_score": 0}, {"stacking": "yes"}, {"scoring": "highest"}):
        with pytest.raises(ScenarioError) as info:
            RuleSet(**bad)
        assert info.value.code == "bad_option_value"
    labelled = uno.new_game(3, rules=RuleSet(preset="house", stacking=True), seed=5)
    roundtrip(labelled)
    assert labelled != uno.new_game(3, rules=RuleSet(stacking=True), seed=5)


@pytest.mark.parametrize("name", ["", "   ", "A" * 41])
def test_new_game_refuses_names_a_scenario_cannot_hold(name: str) -> None:
    with pytest.raises(ScenarioError) as info:
        uno.new_game([name, "Bob"], seed=1)
    assert (info.value.code, info.value.field) == ("bad_name", "players[0]")


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 1.5, "abc", True])
def test_new_game_refuses_seeds_a_scenario_cannot_hold(seed: object) -> None:
    with pytest.raises(ScenarioError) as info:
        uno.new_game(3, seed=seed)  # type: ignore[arg-type]
    assert info.value.code == "bad_seed"


@pytest.mark.parametrize("seed", [-(2**63), 2**63 - 1, 0, -1])
def test_roundtrip_new_game_with_extreme_seeds(seed: int) -> None:
    roundtrip(uno.new_game(3, seed=seed))


def test_round_over_with_too_few_cards_to_deal_again_is_refused() -> None:
    data = {
        "players": 2,
        "hands": [[], ["R2"]],
        "discard_pile": ["R3"],
        "draw_pile": [],
        "phase": "round_over",
    }
    refused(data, "too_few_cards", "draw_pile", 2)
    # Three cards: one each and a top card. R3 was the winner's last card, played on R4.
    data.update(discard_pile=["R4", "R3"], scores=[2, 0])
    nxt = uno.next_round(load_scenario(data))
    assert [len(h) for h in nxt.hands] == [1, 1]
    roundtrip(nxt)


# -- situations no game reaches: every field may be fine alone, not together -------------------


def challenge_example(**changes: Any) -> dict[str, Any]:
    """Chloé (seat 2) has just played a Wild Draw Four on the blue 7 and named green: Ana, the
    next player, challenges or accepts (R-CHAL-1)."""
    data = example()
    data["hands"][2] = ["YS", "YD2", "R1"]
    data.update(
        discard_pile=["B7", "WD4"],
        current_color="G",
        phase="challenge",
        challenge={"player": 2, "previous_color": "B"},
        turn=0,
    )
    data.update(changes)
    return data


def test_r_act_5_a_wild_draw_four_holds_4_cards_without_stacking() -> None:
    assert load_scenario(challenge_example()).pending_draw == 4
    assert load_scenario(challenge_example(pending_draw=4)).pending_draw == 4
    # Accepting would draw 8 and an innocent challenge cost 10.
    refused(challenge_example(pending_draw=8), "pending_mismatch", "pending_draw", 8)
    refused(challenge_example(pending_draw=2), "bad_pending", "pending_draw", 2)


def stacked(discard: list[str], pending: int, **rules: bool) -> dict[str, Any]:
    data = example()
    data["rules"] = {"preset": "official", "stacking": True, **rules}
    top = discard[-1]
    data.update(discard_pile=discard, pending_draw=pending, current_color="G")
    if top == "WD4" and not rules.get("wd4_anytime"):
        under = discard[-2] if len(discard) > 1 else "W"
        previous = "G" if under.startswith("W") else under[0]  # the colour it was played on
        data.update(phase="challenge", challenge={"player": 2, "previous_color": previous}, turn=0)
    elif top != "WD4":
        data["current_color"] = top[0]
    data["draw_pile"] = ["G9", "B1", "RD2", "YD2"]  # Draw cards enough for reshuffled stacks
    return data


@pytest.mark.parametrize(
    ("discard", "pending", "rules"),
    [
        (["B7", "RD2"], 2, {}),
        (["RD2", "GD2"], 2, {}),  # the first Draw Two was drawn; the second starts a stack
        (["RD2", "GD2"], 4, {}),
        (["G3", "RD2", "WD4"], 6, {}),  # a Draw Two passed on with a Wild Draw Four (H-STACK)
        (["G3", "WD4", "WD4"], 8, {}),
        (["G3", "WD4"], 4, {"wd4_anytime": True}),  # waits in phase play (H-NOBLUFF)
        (["RD2"], 6, {}),  # a catch during the stack reshuffled its first cards away
        (["WD4"], 10, {}),
    ],
)
def test_h_stack_pending_totals_a_game_reaches(
    discard: list[str], pending: int, rules: dict[str, bool]
) -> None:
    s = load_scenario(stacked(discard, pending, **rules))
    assert s.pending_draw == pending
    roundtrip(s)


@pytest.mark.parametrize(
    ("discard", "pending", "rules"),
    [
        (["B7", "RD2"], 3, {}),  # odd: Draw cards count 2 or 4
        (["B7", "RD2"], 4, {}),  # one Draw Two on a blue 7 makes 2
        (["G3", "WD4"], 2, {"wd4_anytime": True}),  # 2 waiting under a Wild Draw Four
        (["G3", "WD4"], 6, {"wd4_anytime": True}),
        (["G3", "WD4", "RD2"], 6, {}),  # a Draw Two cannot pass a Wild Draw Four on
        (["RD2"], 5, {}),
        (["G3", "WD4"], 8, {}),  # the 4 below are a green 3, not Draw cards
    ],
)
def test_h_stack_pending_totals_no_game_reaches(
    discard: list[str], pending: int, rules: dict[str, bool]
) -> None:
    refused(stacked(discard, pending, **rules), "pending_mismatch", "pending_draw", pending)


def test_a_wild_draw_four_waits_in_phase_play_only_under_wd4_anytime() -> None:
    data = stacked(["G3", "WD4"], 4)
    data.update(phase="play", turn=0)
    del data["challenge"]
    refused(data, "bad_pending", "pending_draw", 4)


def first_wild(**changes: Any) -> dict[str, Any]:
    """A Wild turned up first, 7 cards dealt to each of two players by seat 1."""
    data: dict[str, Any] = {
        "players": ["Ana", "Ben"],
        "hands": [
            ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
            ["G1", "G2", "G3", "G4", "G5", "G6", "G7"],
        ],
        "discard_pile": ["W"],
        "phase": "choose_color",
        "dealer": 1,
    }
    data.update(changes)
    return data


def test_r_setup_5_choose_color_is_the_first_card_turned_up() -> None:
    s = load_scenario(first_wild())
    assert (s.phase, s.turn, len(s.draw_pile)) == (Phase.CHOOSE_COLOR, 0, 93)
    roundtrip(s)
    refused(first_wild(discard_pile=["R9", "W"]), "not_first_card", "phase", "choose_color")
    refused(first_wild(turn=1), "not_first_player", "turn", 1)
    refused(first_wild(direction=-1), "not_first_player", "direction", -1)
    hands = [["R1", "R2", "R3"], ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]]
    refused(first_wild(hands=hands), "not_as_dealt", "hands[0]", 3)
    small = first_wild(hands=[["R1", "R2"], ["G1", "G2"]], draw_pile=["B1"])  # 6 cards: 2 each
    assert [len(h) for h in load_scenario(small).hands] == [2, 2]
    refused({**small, "draw_pile": ["B1", "B2"]}, "not_as_dealt", "hands[0]", 2)
    one = first_wild(hands=[["R1"], ["G1"]], draw_pile=[])  # a deck of 3 deals 1 card each
    refused({**one, "uno_exposed": [0]}, "exposed_mismatch", "uno_exposed[0]", 0)


def test_r_setup_4_a_wild_draw_four_first_only_when_the_deck_holds_nothing_else() -> None:
    data = first_wild(hands=[["WD4"], ["WD4"]], discard_pile=["WD4"], draw_pile=["WD4"])
    assert load_scenario(data).top == uno.Card("WD4")
    refused({**data, "draw_pile": ["R5"]}, "first_card_wd4", "discard_pile[0]", "WD4")


def finished(phase: str = "round_over", **changes: Any) -> dict[str, Any]:
    """Ben (seat 1) has just played his last card, the blue 5, on the blue 7. Ana holds 59
    points (R7 G2 W), Chloé 41 (YS YD2 R1): Ben scores 100 (R-SCORE-1)."""
    data = example()
    data["hands"][1] = []
    data.update(discard_pile=["R7", "B7", "B5"], current_color="B", phase=phase)
    data.update(scores=[30, 100, 0], turn=1)
    data.update(changes)
    return data


def test_r_score_2_a_finished_round_agrees_with_the_scores_and_the_target() -> None:
    s = load_scenario(finished())
    assert s.round_winner == 1 and s.turn == 1
    roundtrip(s)
    refused(finished(scores=[30, 99, 0]), "round_not_scored", "scores[1]", 99)
    # A round over with a total past the target: next_round would deal on.
    refused(finished(scores=[30, 520, 0]), "score_past_target", "scores[1]", 520)
    refused(finished(scores=[500, 100, 0]), "score_past_target", "scores[0]", 500)
    over = load_scenario(finished("game_over", scores=[30, 520, 0]))
    assert over.game_winners == (1,)
    roundtrip(over)
    # A game over with nobody at the target.
    refused(finished("game_over"), "no_winner_at_target", "phase", "game_over")
    refused(finished("game_over", scores=[510, 520, 0]), "score_past_target", "scores[0]", 510)


def test_r_end_1_a_finished_round_waits_with_its_winner() -> None:
    data = finished()
    del data["turn"]
    assert load_scenario(data).turn == 1  # the winner, when the file leaves it out
    refused(finished(turn=0), "not_the_winner", "turn", 0)
    refused(finished(discard_pile=["B5"]), "no_last_card", "discard_pile", ["B5"])
    # A last Draw Two's penalty may have reshuffled the rest of the pile away (R-DRAW-3).
    alone = finished(discard_pile=["BD2"], scores=[30, 200, 0])
    alone["hands"][0] = ["R7", "G2", "W", "G9", "B1"]
    del alone["draw_pile"]
    assert load_scenario(alone).discard_pile == (uno.Card("BD2"),)


def test_r_score_2_one_round_scores_only_at_its_end() -> None:
    single = {"preset": "official", "target_score": None}
    data = example()
    data.update(rules=single, scores=[0, 4, 0])
    refused(data, "not_scored_yet", "scores[1]", 4)
    refused(finished(rules=single, scores=[0, 100, 0]), "one_round", "phase", "round_over")
    over = load_scenario(finished("game_over", rules=single, scores=[0, 100, 0]))
    assert over.game_winners == (1,)
    refused(finished("game_over", rules=single), "round_not_scored", "scores[0]", 30)


def test_r_score_3_lowest_scores_each_hand_and_the_winner_adds_nothing() -> None:
    lowest = {"preset": "official", "scoring": "lowest"}
    s = load_scenario(finished(rules=lowest, scores=[59, 0, 41]))
    roundtrip(s)
    refused(finished(rules=lowest, scores=[58, 0, 41]), "round_not_scored", "scores[0]", 58)
    over = load_scenario(finished("game_over", rules=lowest, scores=[559, 10, 41]))
    assert over.game_winners == (1,)
    refused(finished(rules=lowest, scores=[559, 10, 41]), "score_past_target", "scores[0]", 559)
    refused(
        finished("game_over", rules=lowest, scores=[59, 0, 41]),
        "no_winner_at_target",
        "phase",
        "game_over",
    )
    # The winner added nothing: at 500 already, the game ended a round earlier.
    refused(
        finished("game_over", rules=lowest, scores=[559, 500, 41]),
        "score_past_target",
        "scores[1]",
        500,
    )


def test_r_score_2_a_game_still_going_has_every_total_below_the_target() -> None:
    data = example()
    data["scores"] = [0, 499, 0]
    assert load_scenario(data).scores == (0, 499, 0)
    data["scores"] = [0, 500, 0]
    refused(data, "score_past_target", "scores[1]", 500)


def test_r_chal_2_the_colour_before_the_wild_draw_four_is_the_card_under_it() -> None:
    refused(
        challenge_example(challenge={"player": 2, "previous_color": "R"}),
        "color_mismatch",
        "challenge.previous_color",
        "R",
    )
    on_a_wild = challenge_example(discard_pile=["B7", "W", "WD4"])
    on_a_wild["challenge"] = {"player": 2, "previous_color": "R"}  # named with the Wild
    assert load_scenario(on_a_wild).challenge == uno.Challenge(2, uno.Color.R, True)


def test_r_chal_2_guilt_fits_the_hand_it_was_judged_on() -> None:
    guilty = challenge_example(challenge={"player": 2, "previous_color": "B", "guilty": True})
    refused(guilty, "guilt_mismatch", "challenge.guilty", True)  # Chloé holds no blue card
    data = challenge_example()
    data["hands"][2] = ["YS", "B2", "R1", "B3"]
    data["challenge"] = {"player": 2, "previous_color": "B", "guilty": False}
    refused(data, "guilt_mismatch", "challenge.guilty", False)
    # Down to the yellow Skip with no "Uno", caught, she drew B2 and B3 (R-UNO-2).
    data["hands"][2] = ["YS", "B2", "B3"]
    assert load_scenario(data).challenge == uno.Challenge(2, uno.Color.B, False)


def test_r_uno_2_under_next_player_only_the_last_player_can_be_caught() -> None:
    data = example()  # Ben played the red 7 onto the blue 7 and holds the blue 5
    data.update(discard_pile=["B7", "R7"], uno_exposed=[1], turn=2)
    assert load_scenario(data).uno_exposed == (1,)
    refused({**data, "turn": 0}, "exposed_mismatch", "uno_exposed[0]", 1)
    skip = {**data, "discard_pile": ["B7", "RS"], "turn": 0}  # Chloé was skipped
    assert load_scenario(skip).turn == 0
    both = copy.deepcopy(data)
    both["hands"][2] = ["YS"]
    both["uno_exposed"] = [1, 2]
    refused(both, "exposed_mismatch", "uno_exposed[1]", 2)
    both["rules"] = {"preset": "official", "uno_catch_window": "own_next_turn"}
    assert load_scenario(both).uno_exposed == (1, 2)
    drew = {**data, "phase": "drawn", "drawn": "R1", "hands": [["R7"], ["B5"], ["YS", "R1"]]}
    refused(drew, "exposed_mismatch", "uno_exposed[0]", 1)


def test_r_uno_2_under_own_next_turn_drawing_closes_the_drawers_window() -> None:
    data = example()
    data["rules"] = {"preset": "official", "uno_catch_window": "own_next_turn"}
    data.update(hands=[["R7"], ["B5"], ["YS", "R1"]], phase="drawn", drawn="R1", turn=2)
    data["uno_exposed"] = [0, 1]
    assert load_scenario(data).uno_exposed == (0, 1)
    data["hands"][2] = ["R1"]
    data["uno_exposed"] = [0, 2]
    refused(data, "exposed_mismatch", "uno_exposed[1]", 2)
