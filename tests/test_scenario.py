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
    data["hands"][0] = ["R7", "G2", "B9"]
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
    data["draw_pile"] = ["R4"]  # three cards: one each and a top card
    nxt = uno.next_round(load_scenario(data))
    assert [len(h) for h in nxt.hands] == [1, 1]
    roundtrip(nxt)
