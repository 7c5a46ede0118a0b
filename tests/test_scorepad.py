"""The score pad's logic and its SQLite store (uno/academy/scorepad.py), on real files in tmp_path.

Covers R-SCORE-1 (points of the cards left), R-SCORE-2 (first to the target wins) and R-SCORE-3
(lowest total wins, ties share), input validation, the schema and its migration, durability
after a killed writer, the version check between two writers, damaged files and the CSV export.
"""

from __future__ import annotations

import csv
import io
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import uno
from tests.conftest import ROOT
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


# -- storage ----------------------------------------------------------------------------------


def test_default_path_comes_from_the_environment(tmp_path: Path) -> None:
    assert sp.default_db_path({sp.ENV_DB: str(tmp_path / "x.db")}) == tmp_path / "x.db"
    assert sp.default_db_path({"XDG_DATA_HOME": str(tmp_path)}) == (
        tmp_path / "uno-academy" / "scores.sqlite3"
    )
    home = Path.home() / ".local" / "share" / "uno-academy" / "scores.sqlite3"
    assert sp.default_db_path({}) == home
    assert sp.default_db_path({"XDG_DATA_HOME": "relative/dir", sp.ENV_DB: " "}) == home


def test_store_uses_wal_and_a_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "scores.sqlite3"
    with sp.ScoreStore(path) as store:
        assert store.journal_mode() == "wal"
        assert store.schema_version() == sp.SCHEMA_VERSION == 1
        assert store.list_games() == []
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "players", "rounds", "round_points"} <= tables
    raw.close()


def test_migrations_are_numbered_steps_up_to_the_schema_version() -> None:
    assert sorted(sp.MIGRATIONS) == list(range(1, sp.SCHEMA_VERSION + 1))


def test_migration_from_an_empty_file_and_from_version_0(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    with sp.ScoreStore(empty) as store:
        assert store.schema_version() == 1
        assert store.create_game(["A", "B"]).id == 1
    v0 = tmp_path / "v0.sqlite3"
    raw = sqlite3.connect(v0)
    raw.execute("CREATE TABLE notes (text TEXT)")  # a version-0 file that holds something else
    raw.execute("INSERT INTO notes VALUES ('keep me')")
    raw.commit()
    raw.close()
    with sp.ScoreStore(v0) as store:
        assert store.schema_version() == 1
        store.create_game(["A", "B"])
    raw = sqlite3.connect(v0)
    assert raw.execute("SELECT text FROM notes").fetchall() == [("keep me",)]
    raw.close()
    # Opening again migrates nothing and keeps the games.
    with sp.ScoreStore(v0) as store:
        assert len(store.list_games()) == 1


def test_a_file_from_a_newer_app_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    with pytest.raises(sp.StoreError) as err:
        sp.ScoreStore(path)
    assert err.value.code == "too_new"


def test_a_foreign_schema_is_refused_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE games (name TEXT)")
    raw.execute("INSERT INTO games VALUES ('chess')")
    raw.commit()
    raw.close()
    with pytest.raises(sp.StoreError) as err:
        sp.ScoreStore(path)
    assert err.value.code == "corrupt"
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT name FROM games").fetchall() == [("chess",)]
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 0  # the migration rolled back
    raw.close()


def test_garbage_and_damaged_files_raise_store_error(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database\n" * 200)
    with pytest.raises(sp.StoreError) as err:
        sp.ScoreStore(garbage)
    assert err.value.code == "corrupt"
    assert err.value.path == garbage
    assert garbage.read_bytes() == b"this is not a database\n" * 200  # left as it was

    damaged = tmp_path / "damaged.sqlite3"
    with sp.ScoreStore(damaged) as store:
        for i in range(40):
            store.create_game([f"Player {i} " + "x" * 30, "Other " + "y" * 30])
    raw = sqlite3.connect(damaged)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    data = bytearray(damaged.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    for offset in range(page, len(data), page):  # every page but the header: scribbled over
        data[offset : offset + 200] = random.Random(offset).randbytes(200)
    damaged.write_bytes(bytes(data))
    with pytest.raises(sp.StoreError) as err, sp.ScoreStore(damaged) as store:
        store.list_games()
    assert err.value.code == "corrupt"
    assert damaged.read_bytes() == bytes(data)  # refused before anything was written


def test_an_unusable_path_raises_store_error(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(sp.StoreError) as err:
        sp.ScoreStore(folder)
    assert err.value.code == "cannot_open"
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(sp.StoreError) as err:
        sp.ScoreStore(blocker / "scores.sqlite3")
    assert err.value.code == "cannot_open"


def test_store_round_trip_list_resume_rename_undo_delete(tmp_path: Path) -> None:
    path = tmp_path / "scores.sqlite3"
    with sp.ScoreStore(path) as store:
        first = store.create_game(["Ana", "Ben", "Chloé"], 100, "standard")
        assert (first.id, first.version) == (1, 1)
        second = store.create_game(["Юля", "<b>x</b>"], "250", "lowest")
        game = store.add_round(first.id, 1, sp.round_from_texts(first, 0, {1: "R7 WD4", 2: "gs"}))
        assert game.version == 2
        game = store.add_round(game.id, 2, sp.round_from_score(game, 2, 30))
        game = store.rename_players(game.id, 3, ["Anna", "Ben", "Chloé"])
        assert game.version == 4
    with sp.ScoreStore(path) as store:  # a new connection: what was confirmed is there
        loaded = store.load_game(1)
        assert loaded == game
        assert loaded.players == ("Anna", "Ben", "Chloé")
        assert loaded.totals == (77, 0, 30)
        assert [g.id for g in store.list_games()] == [1, 2]  # the last changed first
        assert store.load_game(2).players == ("Юля", "<b>x</b>")
        assert store.load_game(2).method == "lowest"
        undone = store.undo_round(1, 4)
        assert undone.totals == (77, 0, 0)
        assert store.load_game(1) == undone
        store.delete_game(2, second.version)
        with pytest.raises(sp.GameNotFound):
            store.load_game(2)
        assert [g.id for g in store.list_games()] == [1]
        assert store.integrity_check() == "ok"


def test_refused_input_changes_nothing(tmp_path: Path) -> None:
    with sp.ScoreStore(tmp_path / "s.sqlite3") as store:
        game = store.create_game(["Ana", "Ben"], 50)
        with pytest.raises(sp.ScoreInputError):
            store.create_game(["Solo"])
        with pytest.raises(sp.ScoreInputError):
            store.rename_players(game.id, 1, ["Ana", "ana"])
        with pytest.raises(sp.ScoreInputError):
            store.undo_round(game.id, 1)
        won = store.add_round(game.id, 1, sp.round_from_score(game, 0, 50))
        assert won.winners == (0,)
        with pytest.raises(sp.ScoreInputError) as err:
            store.add_round(game.id, won.version, sp.round_from_score(game, 1, 5))
        assert err.value.code == "game_over"
        assert store.load_game(game.id) == won
        assert len(store.list_games()) == 1


# -- two writers (optimistic concurrency) -----------------------------------------------------


def test_the_second_writer_gets_stale_game_and_nothing_is_corrupted(tmp_path: Path) -> None:
    path = tmp_path / "scores.sqlite3"
    with sp.ScoreStore(path) as setup:
        game = setup.create_game(["Ana", "Ben", "Chloé"])
    first, second = sp.ScoreStore(path), sp.ScoreStore(path)
    try:
        seen_a = first.load_game(game.id)
        seen_b = second.load_game(game.id)
        assert seen_a.version == seen_b.version == 1
        saved = first.add_round(game.id, seen_a.version, sp.round_from_score(seen_a, 0, 20))
        with pytest.raises(sp.StaleGame) as err:
            second.add_round(game.id, seen_b.version, sp.round_from_score(seen_b, 1, 99))
        assert (err.value.expected, err.value.current) == (1, 2)
        for write in (
            lambda: second.undo_round(game.id, 1),
            lambda: second.rename_players(game.id, 1, ["X", "Y", "Z"]),
            lambda: second.delete_game(game.id, 1),
        ):
            with pytest.raises(sp.StaleGame):
                write()
        assert second.load_game(game.id) == saved  # reload: the first writer's round only
        again = second.add_round(game.id, saved.version, sp.round_from_score(saved, 1, 99))
        assert again.totals == (20, 99, 0)
        first.delete_game(game.id, again.version)
        with pytest.raises(sp.StaleGame) as err:
            second.add_round(game.id, again.version, sp.round_from_score(again, 1, 1))
        assert err.value.current is None  # deleted meanwhile
        assert first.integrity_check() == "ok"
    finally:
        first.close()
        second.close()


def test_racing_writers_on_one_version_exactly_one_wins(tmp_path: Path) -> None:
    path = tmp_path / "scores.sqlite3"
    with sp.ScoreStore(path) as setup:
        game = setup.create_game(["Ana", "Ben"], 10_000)
    n = 8
    barrier = threading.Barrier(n)
    results: list[str] = []

    def writer(seat: int) -> None:
        with sp.ScoreStore(path, timeout=30) as store:
            barrier.wait()
            try:
                store.add_round(game.id, 1, sp.round_from_score(game, seat % 2, seat + 1))
                results.append("saved")
            except sp.StaleGame:
                results.append("stale")

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["saved"] + ["stale"] * (n - 1)
    with sp.ScoreStore(path) as store:
        final = store.load_game(game.id)
        assert final.version == 2
        assert len(final.rounds) == 1
        assert store.integrity_check() == "ok"


# -- a killed writer --------------------------------------------------------------------------

WRITER = """
import sys
from uno.academy import scorepad as sp

store = sp.ScoreStore(sys.argv[1])
game = store.create_game(["Ana", "Ben", "Chloé"], 100_000)
print("game", game.id, flush=True)
version = game.version
for i in range(1_000_000):
    rnd = sp.Round(i % 3, tuple((i % 50) if seat == i % 3 else 0 for seat in range(3)))
    game = store.add_round(game.id, version, rnd)
    version = game.version
    print("confirmed", len(game.rounds), flush=True)
"""


@pytest.mark.parametrize("wait_for", [5, 40])
def test_a_killed_writer_loses_no_confirmed_round(tmp_path: Path, wait_for: int) -> None:
    path = tmp_path / "scores.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert child.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("confirmed") and int(line.split()[1]) >= wait_for:
            break
    child.send_signal(signal.SIGKILL)  # mid-game, most likely mid-transaction
    rest, errors = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, errors
    lines.extend(rest.splitlines())
    confirmed = max(int(line.split()[1]) for line in lines if line.startswith("confirmed"))
    assert confirmed >= wait_for

    with sp.ScoreStore(path) as store:
        assert store.integrity_check() == "ok"
        game = store.load_game(1)
        # Every confirmed round is there; at most one more was committed but not yet printed.
        assert confirmed <= len(game.rounds) <= confirmed + 1
        assert game.version == len(game.rounds) + 1
        for i, rnd in enumerate(game.rounds):
            assert rnd.winner == i % 3
            assert rnd.points[i % 3] == i % 50
        # The file is usable again: the game goes on.
        more = store.add_round(1, game.version, sp.round_from_score(game, 0, 1))
        assert len(more.rounds) == len(game.rounds) + 1
