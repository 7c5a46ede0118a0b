"""The score pad's logic (uno/academy/scorepad.py); its storage is tested in tests/test_store.py.

Covers R-SCORE-1 (points of the cards left), R-SCORE-2 (first to the target wins) and R-SCORE-3
(lowest total wins, ties share), input validation and the CSV export.
"""

from __future__ import annotations

import csv
import io
import random

import pytest

import uno
from uno.academy import scorepad as sp
from uno.bots import make_strategy
from uno.cards import CARDS, Card, Kind, card_points

# -- round checker (R-SCORE-1) ----------------------------------------------------------------


def test_r_score_1_hand_codes_any_case_and_separators() -> None:
    hand = sp.parse_hand("R7 WD4 gs")
    assert hand.cards == (Card("R7"), Card("WD4"), Card("GS"))
    assert hand.unknown == ()
    assert hand.points == 7 + 50 + 20
    assert sp.parse_hand(" r7,wd4 ,, GS;b0 \n yd2\t") == sp.Hand(
        (Card("R7"), Card("WD4"), Card("GS"), Card("B0"), Card("YD2")), ()
    )
    assert sp.parse_hand("") == sp.Hand()
    assert sp.parse_hand("  , ,") == sp.Hand()


def test_r_score_1_unknown_tokens_are_named_and_nothing_else_is_lost() -> None:
    hand = sp.parse_hand("R7 X9 wd4 <b>hi</b> R10 W")
    assert [str(c) for c in hand.cards] == ["R7", "WD4", "W"]
    assert hand.unknown == ("X9", "<b>hi</b>", "R10")
    assert hand.points == 107


def test_r_score_1_points_come_from_the_engine_table() -> None:
    for card in CARDS:
        assert sp.hand_points([card]) == card_points(card)
        if card.kind is Kind.NUMBER:
            assert card_points(card) == card.number
        elif card.is_wild:
            assert card_points(card) == 50
        else:
            assert card_points(card) == 20
    every_card = " ".join(str(c) for c in uno.FULL_DECK)
    assert sp.parse_hand(every_card).points == 1240  # the whole deck


def test_r_score_1_check_round_adds_the_losing_hands() -> None:
    check = sp.check_round(["R7 WD4", "gs b2 zz", ""])
    assert check.hand_totals == (57, 22, 0)
    assert check.total == 79
    assert check.unknown == ("zz",)
    assert [(k.kind, k.count, k.points) for k in sp.points_by_kind(check.cards)] == [
        (Kind.NUMBER, 2, 9),
        (Kind.SKIP, 1, 20),
        (Kind.WILD_DRAW_FOUR, 1, 50),
    ]


def test_over_deck_warns_about_impossible_copies() -> None:
    cards = sp.parse_hand("R0 R0 WD4 WD4 WD4 WD4 WD4 R1 R1").cards
    assert sp.over_deck(cards) == {Card("R0"): 2, Card("WD4"): 5}
    assert sp.over_deck(sp.parse_hand("R1 R1 W W W W").cards) == {}


def test_absurd_hands_are_refused() -> None:
    with pytest.raises(sp.ScoreInputError) as err:
        sp.parse_hand("R1 " * 1000)
    assert err.value.code == "hand_too_long"
    with pytest.raises(sp.ScoreInputError) as err:
        sp.parse_hand("W" + ",W" * 120)
    assert err.value.code == "hand_too_many_cards"


# -- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("-5", "points_negative"),
        (-1, "points_negative"),
        ("abc", "points_not_number"),
        ("12.5", "points_not_number"),
        ("1e3", "points_not_number"),
        ("٣", "points_not_number"),  # Arabic-Indic digit: only 0-9 are read
        ("", "points_empty"),
        ("   ", "points_empty"),
        ("10001", "points_too_big"),
        ("9" * 5000, "points_too_big"),
        ("-" + "9" * 5000, "points_negative"),
        (True, "points_not_number"),
        (2.0, "points_not_number"),
        (None, "points_not_number"),
    ],
)
def test_bad_points_are_refused(raw: object, code: str) -> None:
    with pytest.raises(sp.ScoreInputError) as err:
        sp.parse_points(raw)
    assert err.value.code == code


@pytest.mark.parametrize(("raw", "value"), [("0", 0), (" 25 ", 25), ("+3", 3), (10_000, 10_000)])
def test_good_points(raw: object, value: int) -> None:
    assert sp.parse_points(raw) == value


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (0, "target_too_small"),
        (-5, "target_negative"),
        (100_001, "target_too_big"),
        ("x", "target_not_number"),
    ],
)
def test_bad_targets_are_refused(raw: object, code: str) -> None:
    with pytest.raises(sp.ScoreInputError) as err:
        sp.parse_target(raw)
    assert err.value.code == code


@pytest.mark.parametrize(
    ("names", "code"),
    [
        (["Ana"], "too_few_players"),
        ([f"P{i}" for i in range(11)], "too_many_players"),
        (["Ana", "  "], "name_empty"),
        (["Ana", "x" * 41], "name_too_long"),
        (["Ana", "ana "], "name_duplicate"),
        (["Ana", "Be\x00n"], "name_bad_char"),
        (["Ana", "Ben\u202e"], "name_bad_char"),
        (["Ana", 7], "name_empty"),
    ],
)
def test_bad_names_are_refused(names: list[object], code: str) -> None:
    with pytest.raises(sp.ScoreInputError) as err:
        sp.new_game(names)
    assert err.value.code == code


def test_r_setup_1_names_are_normalized_and_kept_as_text() -> None:
    game = sp.new_game(["  Ana  Maria ", "<b>x</b>", "Chlo\u0065\u0301", "Юля"], target="300")
    assert game.players == ("Ana Maria", "<b>x</b>", "Chloé", "Юля")
    assert game.target == 300
    assert len(sp.new_game([f"P{i}" for i in range(10)]).players) == 10
    assert sp.new_game(["A", "x" * 40]).players[1] == "x" * 40
    with pytest.raises(sp.ScoreInputError):
        sp.new_game(["A", "B"], method="golf")


# -- the game model (R-SCORE-2, R-SCORE-3) ----------------------------------------------------


def test_r_score_2_first_to_reach_the_target_wins() -> None:
    game = sp.new_game(["Ana", "Ben", "Chloé"], target=100)
    game = sp.add_round(game, sp.round_from_texts(game, 1, {0: "R9 W", 2: "G1"}))
    assert game.totals == (0, 60, 0)
    assert game.winners == ()
    game = sp.add_round(game, sp.round_from_points(game, 0, {1: "30", 2: 40}))
    assert game.totals == (70, 60, 0)
    game = sp.add_round(game, sp.round_from_score(game, 1, 45))
    assert game.totals == (70, 105, 0)
    assert game.winners == (1,)
    assert game.is_over
    with pytest.raises(sp.ScoreInputError) as err:
        sp.add_round(game, sp.round_from_score(game, 0, 5))
    assert err.value.code == "game_over"
    game = sp.undo_round(game)
    assert not game.is_over
    assert game.running_totals() == [(0, 0, 0), (0, 60, 0), (70, 60, 0)]


def test_r_score_3_lowest_total_wins_and_ties_share() -> None:
    game = sp.new_game(["Ana", "Ben", "Chloé"], target=100, method="lowest")
    game = sp.add_round(game, sp.round_from_points(game, 0, {0: "99", 1: 60, 2: "30"}))
    assert game.totals == (0, 60, 30)  # the winner's own entry is ignored: their hand is empty
    game = sp.add_round(game, sp.round_from_texts(game, 2, {0: "W", 1: "WD4"}))
    assert game.totals == (50, 110, 30)
    assert game.winners == (2,)
    game = sp.undo_round(game)
    game = sp.add_round(game, sp.round_from_points(game, 1, {0: 30, 2: 0}))
    assert game.totals == (30, 60, 30)
    game = sp.add_round(game, sp.round_from_points(game, 0, {1: 40, 2: 0}))
    assert game.totals == (30, 100, 30)
    assert game.winners == (0, 2)  # a tie shares the win
    with pytest.raises(sp.ScoreInputError):
        sp.round_from_score(game, 0, 10)  # one score for the winner only fits standard scoring


@pytest.mark.parametrize("scoring", ["standard", "lowest"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_score_2_r_score_3_pad_agrees_with_the_engine(scoring: str, seed: int) -> None:
    """Play whole games with the engine's bots; the pad, fed each round's hands, must find the
    same totals and the same winners as the engine."""
    rules = {"preset": "official", "target_score": 200, "scoring": scoring}
    state = uno.new_game(4, rules=rules, seed=seed)
    bots = [make_strategy("greedy") for _ in range(4)]
    rng = random.Random(seed)
    game = sp.new_game(["A", "B", "C", "D"], target=200, method=scoring)
    engine_winners: tuple[int, ...] = ()
    for _ in range(100_000):
        state, events = uno.apply(state, uno.bot_action(state, bots, rng))
        for event in events:
            if event.type == "round_won":
                hands = dict(enumerate(event.hand_points))
                assert not game.is_over
                game = sp.add_round(game, sp.round_from_points(game, event.seat, hands))
                assert game.totals == tuple(event.scores)
            elif event.type == "game_won":
                engine_winners = tuple(event.seats)
        if state.phase is uno.Phase.GAME_OVER:
            break
        if state.phase is uno.Phase.ROUND_OVER:
            state = uno.next_round(state)
    assert engine_winners
    assert game.winners == engine_winners


def test_rounds_are_checked_against_the_method() -> None:
    standard = sp.new_game(["A", "B"])
    with pytest.raises(sp.ScoreInputError) as err:
        sp.add_round(standard, sp.Round(0, (10, 5)))
    assert err.value.code == "bad_round"
    with pytest.raises(sp.ScoreInputError) as err:
        sp.add_round(standard, sp.Round(2, (0, 0)))
    assert err.value.code == "bad_winner"
    with pytest.raises(sp.ScoreInputError) as err:
        sp.add_round(standard, sp.Round(0, (10_001, 0)))
    assert err.value.code == "points_too_big"
    lowest = sp.new_game(["A", "B"], method="lowest")
    with pytest.raises(sp.ScoreInputError):
        sp.add_round(lowest, sp.Round(0, (5, 0)))
    with pytest.raises(sp.ScoreInputError) as err:
        sp.undo_round(standard)
    assert err.value.code == "no_rounds"


def test_round_from_texts_refuses_unknown_codes_and_empty_hands() -> None:
    game = sp.new_game(["A", "B", "C"])
    with pytest.raises(sp.ScoreInputError) as err:
        sp.round_from_texts(game, 0, {1: "R7 Q5", 2: "W"})
    assert err.value.code == "unknown_cards"
    assert err.value.field == "cards[1]"
    assert err.value.value == ("Q5",)
    with pytest.raises(sp.ScoreInputError) as err:
        sp.round_from_texts(game, 0, {1: "", 2: " "})
    assert err.value.code == "no_cards"
    # The winner's own text is ignored.
    assert sp.round_from_texts(game, 0, {0: "zz", 1: "W"}).points == (50, 0, 0)
    # Many full hands in standard scoring: more than one entry may hold.
    many = sp.new_game([f"P{i}" for i in range(10)])
    deck = " ".join(str(c) for c in uno.FULL_DECK)
    with pytest.raises(sp.ScoreInputError) as err:
        sp.round_from_texts(many, 0, dict.fromkeys(range(1, 10), deck))
    assert err.value.code == "points_too_big"


def test_rename_keeps_seats_and_refuses_clashes() -> None:
    game = sp.new_game(["Ana", "Ben"])
    game = sp.add_round(game, sp.round_from_score(game, 1, 20))
    renamed = sp.rename_players(game, ["Anna", " Ben "])
    assert renamed.players == ("Anna", "Ben")
    assert renamed.rounds == game.rounds
    with pytest.raises(sp.ScoreInputError) as err:
        sp.rename_players(game, ["Ben", "BEN"])
    assert err.value.code == "name_duplicate"
    with pytest.raises(sp.ScoreInputError) as err:
        sp.rename_players(game, ["Ben"])
    assert err.value.code == "bad_players_count"


# -- CSV --------------------------------------------------------------------------------------


def test_csv_export_content() -> None:
    game = sp.new_game(["Ana", "=cmd|' /C calc'!A0", "Юля"], target=100)
    game = sp.add_round(game, sp.round_from_score(game, 0, 30))
    game = sp.add_round(game, sp.round_from_texts(game, 2, {0: "W", 1: "R5"}))
    data = sp.game_csv(game, round_label="Кон", winner_label="Выиграл кон")
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark, for spreadsheets
    text = data.decode("utf-8-sig")
    assert text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows == [
        ["Кон", "Выиграл кон", "Ana", "'=cmd|' /C calc'!A0", "Юля"],
        ["1", "Ana", "30", "0", "0"],
        ["2", "Юля", "30", "0", "55"],
    ]
    empty = sp.game_csv(sp.new_game(["A", "B"])).decode("utf-8-sig")
    assert empty == "round,winner,A,B\r\n"
