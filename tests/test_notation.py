"""Card codes and action notation (ENGINE-API.md, "Card codes" and "Actions")."""

from __future__ import annotations

import random
from typing import Any

import pytest

import uno
from uno import (
    Action,
    Card,
    Color,
    IllegalAction,
    NotationError,
    RuleSet,
    apply,
    legal_actions,
    load_scenario,
    parse_action,
    parse_card,
)

# The 54 faces, written out from ENGINE-API.md's table, independently of uno.cards.
FACES = [c + s for c in "RYGB" for s in [*"0123456789", "S", "R", "D2"]] + ["W", "WD4"]


def quoted(text: str, message: str) -> bool:
    return repr(text) in message or f'"{text}"' in message


# -- card codes --------------------------------------------------------------------------------


def test_there_are_54_distinct_faces() -> None:
    assert len(FACES) == 54
    assert len({parse_card(code) for code in FACES}) == 54


@pytest.mark.parametrize("code", FACES)
def test_card_code_parses_case_insensitively_with_spaces(code: str) -> None:
    card = parse_card(code)
    assert str(card) == code
    for variant in (code.lower(), code.title(), f"  {code}  ", f"\t{code.lower()}\n"):
        assert parse_card(variant) == card
        assert str(parse_card(variant)) == code
    assert Card.of(code.lower()) == card


def test_card_attributes_agree_with_codes() -> None:
    for code in FACES:
        card = parse_card(code)
        if code in ("W", "WD4"):
            assert card.color is None and card.is_wild
        else:
            assert card.color is Color[code[0]] and not card.is_wild


BAD_CARDS = [
    "",
    " ",
    "X9",
    "R10",
    "R-7",
    "R 7",
    "RR7",
    "7",
    "R",
    "D2",
    "RD4",
    "WD2",
    "W4",
    "WD",
    "Wild",
    "WD44",
    "R7!",
    "ｒ7",  # fullwidth letter
    "R７",  # fullwidth digit
    "Р7",  # Cyrillic Er
    "R7\x00",
]


@pytest.mark.parametrize("bad", BAD_CARDS)
def test_bad_card_code_raises_notation_error_quoting_it(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(bad)
    assert quoted(bad, str(info.value)), str(info.value)


@pytest.mark.parametrize("bad", [7, None, 3.5, ["R7"], b"R7"])
def test_non_text_card_raises_notation_error(bad: Any) -> None:
    with pytest.raises(NotationError):
        parse_card(bad)


# -- actions: every verb -----------------------------------------------------------------------


def state_with_turn(turn: int) -> uno.GameState:
    return load_scenario(
        {
            "players": 4,
            "hands": [["R1"], ["G2"], ["B3"], ["Y4"]],
            "discard_pile": ["R9"],
            "turn": turn,
        }
    )


S2 = state_with_turn(2)

# text, the action it means (in S2, where seat 2 must act), canonical text
VERB_CASES: list[tuple[str, Action, str]] = [
    ("2: play R7", Action(2, "play", parse_card("R7")), "2: play R7"),
    ("play R7", Action(2, "play", parse_card("R7")), "2: play R7"),
    ("play W B", Action(2, "play", parse_card("W"), Color.B), "2: play W B"),
    ("0: play WD4 y", Action(0, "play", parse_card("WD4"), Color.Y), "0: play WD4 Y"),
    ("play R7 3", Action(2, "play", parse_card("R7"), target=3), "2: play R7 3"),
    ("draw", Action(2, "draw"), "2: draw"),
    ("1: draw", Action(1, "draw"), "1: draw"),
    ("pass", Action(2, "pass"), "2: pass"),
    ("challenge", Action(2, "challenge"), "2: challenge"),
    ("accept", Action(2, "accept"), "2: accept"),
    ("0: uno", Action(0, "uno"), "0: uno"),
    ("uno", Action(2, "uno"), "2: uno"),
    ("1: catch 0", Action(1, "catch", target=0), "1: catch 0"),
    ("catch 3", Action(2, "catch", target=3), "2: catch 3"),
    ("3: jump R5", Action(3, "jump", parse_card("R5")), "3: jump R5"),
    ("1: jump WD4 G", Action(1, "jump", parse_card("WD4"), Color.G), "1: jump WD4 G"),
    ("color G", Action(2, "color", color=Color.G), "2: color G"),
    ("play W B uno", Action(2, "play", parse_card("W"), Color.B, uno=True), "2: play W B uno"),
    ("play R7 2 uno", Action(2, "play", parse_card("R7"), target=2, uno=True), "2: play R7 2 uno"),
    ("play r7 uno", Action(2, "play", parse_card("R7"), uno=True), "2: play R7 uno"),
    (
        "PLAY wd4 b UNO",
        Action(2, "play", parse_card("WD4"), Color.B, uno=True),
        "2: play WD4 B uno",
    ),
    ("  3 :  Play   g5  ", Action(3, "play", parse_card("G5")), "3: play G5"),
    ("3:draw", Action(3, "draw"), "3: draw"),
    (
        "0: play W R 1 uno",
        Action(0, "play", parse_card("W"), Color.R, 1, True),
        "0: play W R 1 uno",
    ),
]


@pytest.mark.parametrize(("text", "action", "canonical"), VERB_CASES)
def test_parse_and_canonical_text(text: str, action: Action, canonical: str) -> None:
    parsed = parse_action(text, S2)
    assert parsed == action
    assert str(parsed) == canonical
    assert parse_action(canonical, S2) == action
    assert parse_action(canonical) == action  # the seat is written: no state needed


def test_every_verb_of_the_table_is_covered() -> None:
    verbs = {action.verb for _, action, _ in VERB_CASES}
    assert verbs == {"play", "draw", "pass", "challenge", "accept", "uno", "catch", "jump", "color"}


def test_without_a_seat_the_seat_to_act_is_taken() -> None:
    for turn in range(4):
        s = state_with_turn(turn)
        assert parse_action("draw", s).seat == turn
        assert parse_action("play W B uno", s) == Action(
            turn, "play", parse_card("W"), Color.B, None, True
        )
        assert str(parse_action("color G", s)) == f"{turn}: color G"


def test_str_always_writes_the_seat() -> None:
    for text, action, _ in VERB_CASES:
        assert str(action).startswith(f"{action.seat}: "), text


def test_parse_action_passes_an_action_through() -> None:
    a = Action(1, "catch", target=0)
    assert parse_action(a, S2) is a


def test_apply_takes_text_or_action_alike() -> None:
    s = uno.new_game(3, seed=11)
    for a in legal_actions(s):
        by_action = apply(s, a)
        by_text = apply(s, str(a))
        assert by_action[0] == by_text[0]
        assert by_action[1] == by_text[1]


BAD_ACTIONS = [
    "",
    "   ",
    "fly R7",
    "2 play R7",  # no colon
    "2:",
    "-1: draw",
    "1234: draw",
    "play",
    "play X9",
    "play R10",
    "play W Purple",
    "play W B G",
    "play R7 2 3",
    "play R7 uno uno",
    "play R7 uno 2",
    "play R7 uno B",
    "jump",
    "draw R7",
    "pass now",
    "challenge 1",
    "accept 4",
    "uno 1",
    "catch",
    "catch one",
    "catch 1 2",
    "catch -1",
    "color",
    "color P",
    "color R G",
    "colour R",
    "2: 3: draw",
]


@pytest.mark.parametrize("bad", BAD_ACTIONS)
def test_bad_action_text_raises_notation_error_quoting_it(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(bad, S2)
    assert quoted(bad, str(info.value)), str(info.value)
    with pytest.raises(NotationError):
        apply(S2, bad)


def test_no_seat_and_no_state_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as info:
        parse_action("draw")
    assert quoted("draw", str(info.value))


@pytest.mark.parametrize("bad", [None, 3, b"draw", ["draw"]])
def test_non_text_action_is_a_notation_error(bad: Any) -> None:
    with pytest.raises(NotationError):
        parse_action(bad, S2)


def test_overlong_action_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        parse_action("draw" + " " * 500, S2)
    with pytest.raises(NotationError):
        apply(S2, "play R7 " + "uno " * 100)


@pytest.mark.parametrize(
    "text",
    [
        "catch ²",
        "play R7 ²",
        "0: catch ³",
        "٣: draw",  # Arabic-Indic digits: a digit to Python, not a seat to the notation
        "play R7 ٢",
        "1: catch ١",
        "१: draw",  # Devanagari
        "０: draw",  # fullwidth
        "1000: draw",
        "play R7 1000",
    ],
)
def test_a_seat_is_written_with_ascii_digits_before_and_after_the_verb(text: str) -> None:
    """One rule for a seat number wherever it stands: 1 to 3 digits 0-9."""
    with pytest.raises(NotationError) as info:
        parse_action(text, S2)
    assert info.value.reason == "bad_seat"
    assert quoted(text, str(info.value))
    assert info.value.text == text


def test_ascii_seats_still_read_in_both_places() -> None:
    assert parse_action(" 1 : draw", S2) == Action(1, "draw")
    assert parse_action("01: catch 00", S2) == Action(1, "catch", target=0)


# -- every legal action round-trips ------------------------------------------------------------

RULESETS = [
    RuleSet.official(),
    RuleSet(seven_zero=True, jump_in=True, stacking=True),
    RuleSet(wd4_anytime=True, draw_until_playable=True, uno_catch_window="own_next_turn"),
    RuleSet(jump_in=True, seven_zero=True, strict_penalties=True, scoring="lowest"),
]


@pytest.mark.parametrize(
    "rules", RULESETS, ids=lambda r: "-".join(r.house_rules_on()) or "official"
)
def test_every_legal_action_round_trips_through_its_text(rules: RuleSet) -> None:
    seen_verbs: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        s = uno.new_game(2 + seed % 9, rules=rules, seed=seed)
        for _ in range(400):
            if s.is_over:
                break
            actions = legal_actions(s)
            for a in actions:
                text = str(a)
                assert text.startswith(f"{a.seat}: ")
                assert parse_action(text, s) == a
                assert parse_action(text) == a
                seen_verbs.add(a.verb)
                if a.uno:
                    seen_verbs.add("uno shorthand")
            s, _ = apply(s, rng.choice(actions))
    assert {"play", "draw", "uno shorthand"} <= seen_verbs


# -- the uno shorthand -------------------------------------------------------------------------


def uno_state(hand: list[str], rules: dict[str, Any] | None = None) -> uno.GameState:
    return load_scenario(
        {
            "rules": rules or {},
            "players": 3,
            "hands": [hand, ["G1", "G2", "G3"], ["B5"]],
            "discard_pile": ["R5"],
            "turn": 0,
        }
    )


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        (["R7", "R8", "G1"], "play R7 uno"),  # leaves two
        (["W", "R8", "G1"], "play W B uno"),
        (["R7"], "play R7 uno"),  # leaves none: the round is won, nothing to say
    ],
)
def test_uno_shorthand_refused_when_not_leaving_one_card(hand: list[str], text: str) -> None:
    # R-UNO-1
    s = uno_state(hand)
    assert parse_action(text, s) not in legal_actions(s)
    with pytest.raises(IllegalAction) as info:
        apply(s, text)
    assert (info.value.reason, info.value.rule) == ("uno_not_one_card", "R-UNO-1")


def test_uno_shorthand_accepted_when_leaving_one_card() -> None:
    # R-UNO-1
    s = uno_state(["W", "G1"])
    assert parse_action("play W B uno", s) in legal_actions(s)
    after, events = apply(s, "play W B uno")
    assert [e.type for e in events].count("said_uno") == 1
    assert after.uno_exposed == ()
    # Without the shorthand the player is exposed to a catch.
    after, _ = apply(s, "play W B")
    assert after.uno_exposed == (0,)


def test_uno_shorthand_with_a_seven_swap_counts_the_hand_received() -> None:
    # H-70: after "play R7 2" seat 0 holds seat 2's one card.
    s = uno_state(["R7", "G9", "Y4"], rules={"seven_zero": True})
    assert parse_action("play R7 2 uno", s) in legal_actions(s)
    after, _ = apply(s, "play R7 2 uno")
    assert [str(c) for c in after.hands[0]] == ["B5"]
    assert after.uno_exposed == ()
    with pytest.raises(IllegalAction) as info:
        apply(s, "play R7 1 uno")  # seat 1 has three cards
    assert (info.value.reason, info.value.rule) == ("uno_not_one_card", "R-UNO-1")
