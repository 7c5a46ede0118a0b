"""The scoring page's words and tables (uno/academy/scoring.py), without Streamlit: what each
refusal says, how typed names and rounds are read, the rows of the tables, the CSV's column names
and the chart's lines (R-SCORE-1..3)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy import store as db
from uno.academy.i18n import LANGS, card_label, join_words, t
from uno.cards import CARDS, Card, Kind

EVIL = "<b>x</b>"


def said(message: sc.Message | None, lang: str) -> str:
    """A message in words (every key a message names must exist in every language)."""
    assert message is not None
    return t(message.key, lang, **message.values)


def game(method: str = "standard", target: int = 100, *rounds: tuple[int, ...]) -> sp.Game:
    pad = sp.new_game(["Ana", EVIL, "Chloé"], target, method)
    for points in rounds:
        winner = (
            next(seat for seat, value in enumerate(points) if value) if method == "standard" else 0
        )
        pad = sp.add_round(pad, sp.Round(winner, points))
    return pad


# -- refusals ---------------------------------------------------------------------------------


def refused(call: Callable[[], object]) -> sp.ScoreInputError:
    with pytest.raises(sp.ScoreInputError) as info:
        call()
    return info.value


@pytest.mark.parametrize("lang", LANGS)
def test_input_refusal_names_who_the_refusal_is_about(lang: str) -> None:
    # A new game's names: the player's number (names are not known yet).
    exc = refused(lambda: sp.new_game(["Ana", "ana"]))
    message = sc.input_refusal(exc, lang)
    assert message.key == "scoring.error.name_duplicate"
    assert message.values["who"] == t("scoring.pad.player_n", lang, number=2)
    assert message.values["value"] == "ana"
    # A losing hand's cards: the seat's name.
    pad = game()
    exc = refused(lambda: sp.round_from_texts(pad, 0, {1: "R7 zz"}))
    message = sc.input_refusal(exc, lang, pad.players)
    assert message == sc.Message(
        "scoring.error.unknown_cards", {"who": EVIL, "limit": "", "value": "zz"}
    )
    # The round as a whole.
    exc = refused(lambda: sp.round_from_score(pad, 0, "-5"))
    message = sc.input_refusal(exc, lang, pad.players)
    assert message.values["who"] == t("scoring.pad.this_round", lang)
    assert said(message, lang)


def test_input_refusal_cuts_long_values_and_limits() -> None:
    pad = game()
    tokens = " ".join(["x" * 30] * 3)
    exc = refused(lambda: sp.round_from_texts(pad, 0, {1: tokens}))
    value = sc.input_refusal(exc, "en", pad.players).values["value"]
    assert len(value) == 40 and value.endswith("…")
    exc = refused(lambda: sp.parse_hand("R7 " * 1000))
    message = sc.input_refusal(exc, "en")
    assert message.values["limit"] == sp.MAX_HAND_TEXT
    assert message.key == "scoring.error.hand_too_long"


def test_input_refusal_without_words_of_its_own_says_other() -> None:
    message = sc.input_refusal(sp.ScoreInputError("no_such_code", "x", "v"), "fr")
    assert message.key == "scoring.error.other"
    assert "v" in said(message, "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_refusal_words_every_store_refusal(lang: str) -> None:
    path = Path("/p/scores.sqlite3")
    assert sc.refusal(db.StaleGame(1, 2, 3), lang).key == "scoring.pad.stale"
    assert sc.refusal(db.StaleGame(1, 2, None), lang).key == "scoring.pad.gone"
    assert sc.refusal(db.GameNotFound(1), lang).key == "scoring.pad.gone"
    assert sc.refusal(db.NotAllowed("delete"), lang).key == "scoring.pad.not_owner"
    for code in db.STORE_CODES:
        message = sc.refusal(db.StoreError(code, path, "detail for the log"), lang)
        text = said(message, lang)
        assert text and "/p" not in text and "detail" not in text  # never a path to a visitor
    exc = sp.ScoreInputError("points_negative", "points[1]", -5)
    assert sc.refusal(exc, lang, ("Ana", "Ben")).values["who"] == "Ben"
    for exc in (db.StaleGame(1, 2, 3), db.GameNotFound(1)):
        assert said(sc.refusal(exc, lang), lang)
    assert all(
        isinstance(kind(*args), sc.REFUSALS)
        for kind, args in (
            (db.StaleGame, (1, 2, 3)),
            (db.GameNotFound, (1,)),
            (db.NotAllowed, ("delete",)),
            (sp.ScoreInputError, ("x",)),
            (db.StoreError, ("busy", path)),
        )
    )
    with pytest.raises(TypeError):
        sc.refusal(ValueError("not ours"), lang)


def test_a_share_link_is_a_path_or_a_whole_address() -> None:
    assert sc.share_link("", "tok") == "scoring?game=tok"
    assert sc.share_link("https://school.example/uno", "tok") == (
        "https://school.example/uno/scoring?game=tok"
    )


# -- the round checker (R-SCORE-1) ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_r_score_1_read_hand_and_its_words(lang: str) -> None:
    hand, problem = sc.read_hand("r7, WD4 gs zz", lang)
    assert problem is None
    assert hand.points == 77
    assert sc.points_sum(hand.cards, lang) == (
        " + ".join(
            t("scoring.check.term", lang, card=label, points=points)
            for label, points in (
                (card_label(Card("R7"), lang), 7),
                (card_label(Card("WD4"), lang), 50),
                (card_label(Card("GS"), lang), 20),
            )
        )
        + f" = {t('scoring.points', lang, count=77)}"
    )
    unknown = sc.unknown_message(hand, lang)
    assert unknown == sc.Message(
        "scoring.check.unknown", {"count": 1, "codes": t("scoring.quote", lang, text="zz")}
    )
    assert said(unknown, lang)
    assert sc.unknown_message(sp.Hand(), lang) is None
    # A text too long is refused as a whole: an empty hand and the reason.
    hand, problem = sc.read_hand("R7 " * 1000, lang)
    assert hand == sp.Hand()
    assert problem is not None and problem.key == "scoring.error.hand_too_long"


@pytest.mark.parametrize("lang", LANGS)
def test_r_score_1_kind_rows_explain_the_total_from_the_engine(lang: str) -> None:
    cards = sp.parse_hand("R7 WD4 GS B2").cards
    rows = sc.kind_rows(cards, lang)
    assert [row[t("scoring.check.col_kind", lang)] for row in rows] == [
        t(f"card.kind.{kind.name.lower()}", lang) for kind in Kind
    ]
    assert [row[t("scoring.check.col_count", lang)] for row in rows] == [2, 1, 0, 0, 0, 1]
    assert [row[t("scoring.check.col_points", lang)] for row in rows] == [9, 20, 0, 0, 0, 50]
    each = [row[t("scoring.check.col_each", lang)] for row in rows]
    assert each == [t("deck.face_value", lang), "20", "20", "20", "50", "50"]


@pytest.mark.parametrize("lang", LANGS)
def test_over_deck_message_names_the_extra_copies(lang: str) -> None:
    cards = sp.parse_hand("W W W W W R7").cards
    message = sc.over_deck_message(cards, lang)
    assert message is not None
    assert message.values["cards"] == f"{t('card.face.wild', lang)} × 5"
    assert said(message, lang)
    assert sc.over_deck_message(sp.parse_hand("W R7 R7").cards, lang) is None


@pytest.mark.parametrize("lang", LANGS)
def test_tap_rows_hold_every_card_once(lang: str) -> None:
    rows = sc.tap_rows(lang)
    assert [name for name, _ in rows][-1] == t("scoring.tap.row.wild", lang)
    assert sorted(c.code for _, group in rows for c in group) == sorted(c.code for c in CARDS)
    assert sc.tap_face("R7", lang) == "7"
    assert sc.tap_face("WD4", lang) == t("card.face.wild_draw_four", lang)
    assert sc.tap_face("GS", lang) == t("card.face.skip", lang)


# -- the score pad ----------------------------------------------------------------------------


def test_split_names_by_lines_commas_and_semicolons() -> None:
    assert sc.split_names("Ana\nBen, Chloé;Dan\n\n ,") == ["Ana", "Ben", " Chloé", "Dan"]
    assert sc.split_names("") == []


def test_typed_round_reads_each_way_of_entering_a_round() -> None:
    standard = game("standard", 500)
    cards = {0: "R9", 1: "WD4 r5", 2: "b2"}  # the winner's own text is ignored
    assert sc.typed_round(standard, 0, "cards", cards=cards) == sp.Round(0, (57, 0, 0))
    assert sc.typed_round(standard, 2, "points", score=" 40 ") == sp.Round(2, (0, 0, 40))
    lowest = game("lowest", 500)
    points = {0: "3", 1: "12", 2: "7"}
    assert sc.typed_round(lowest, 1, "points", points=points) == sp.Round(1, (3, 0, 7))
    assert sc.typed_round(lowest, 1, "cards", cards=cards) == sp.Round(1, (9, 0, 2))
    # Nothing typed: a refusal the page words.
    exc = refused(lambda: sc.typed_round(standard, 0, "cards"))
    assert exc.code == "no_cards"
    assert refused(lambda: sc.typed_round(lowest, 0, "points")).code == "points_empty"


@pytest.mark.parametrize("lang", LANGS)
def test_preview_says_what_the_round_adds(lang: str) -> None:
    standard = game("standard", 500)
    message = sc.preview(standard, sp.Round(1, (0, 105, 0)), lang)
    assert message == sc.Message(
        "scoring.pad.preview", {"name": EVIL, "points": t("scoring.points", lang, count=105)}
    )
    lowest = game("lowest", 500)
    message = sc.preview(lowest, sp.Round(1, (3, 0, 7)), lang)
    points = join_words(["Ana +3", "Chloé +7"], lang)  # "Ana +3 and Chloé +7", "et", "и"
    assert message == sc.Message("scoring.pad.preview_lowest", {"points": points})
    assert said(message, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_r_score_2_r_score_3_win_message_and_status(lang: str) -> None:
    playing = game("standard", 100, (0, 40, 0))
    assert sc.win_message(playing, lang) is None
    assert sc.status(playing, lang) == t("scoring.pad.status_playing", lang)
    won = game("standard", 100, (0, 40, 0), (120, 0, 0))
    message = sc.win_message(won, lang)
    assert message == sc.Message(
        "scoring.pad.won", {"names": "Ana", "points": t("scoring.points", lang, count=120)}
    )
    assert sc.status(won, lang) == t("scoring.pad.status_won", lang, names="Ana")
    shared = game("lowest", 50, (0, 60, 0))
    message = sc.win_message(shared, lang)
    assert message is not None and message.key == "scoring.pad.won_shared"
    assert message.values["names"] == join_words(["Ana", "Chloé"], lang)
    assert said(message, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_summary_and_started(lang: str) -> None:
    pad = game("lowest", 300, (0, 5, 7))
    method = t("scoring.method.lowest", lang)
    assert sc.summary(pad, lang) == (
        t("scoring.pad.summary", lang, method=method, target=300)
        + " · "
        + t("scoring.rounds", lang, count=1)
    )
    players = join_words(["Ana", EVIL, "Chloé"], lang)  # "Ana, <evil> and Chloé"
    assert sc.started(pad, lang) == sc.Message("scoring.pad.started", {"players": players})
    assert said(sc.started(pad, lang), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_totals_rows_running_or_per_round(lang: str) -> None:
    pad = game("standard", 500, (0, 40, 0), (105, 0, 0))
    rows = sc.totals_rows(pad, lang)
    assert [row["round"] for row in rows] == ["1", "2", t("scoring.pad.total_row", lang)]
    assert [row["winner"] for row in rows] == [EVIL, "Ana", ""]
    assert [row[sc.player_column(0)] for row in rows] == [0, 105, 105]
    assert [row[sc.player_column(1)] for row in rows] == [40, 40, 40]
    per_round = sc.totals_rows(pad, lang, per_round=True)
    assert [row["p1"] for row in per_round] == [40, 0, 40]
    # Column ids never are names: two players called "p0" and "round" do not collide.
    odd = sp.new_game(["p0", "round"])
    assert set(sc.totals_rows(odd, lang)[0]) == {"round", "winner", "p0", "p1"}


def test_chart_data_one_line_per_player() -> None:
    pad = game("standard", 500, (0, 40, 0), (105, 0, 0))
    data = sc.chart_data(pad)
    assert data.rounds == (0, 1, 2)
    assert data.lines == (("Ana", (0, 0, 105)), (EVIL, (0, 40, 40)), ("Chloé", (0, 0, 0)))
    assert data.target == 500
    assert data.dtick == 1
    long_game = sp.new_game(["A", "B"], 100_000)
    for _ in range(47):
        long_game = sp.add_round(long_game, sp.Round(0, (1, 0)))
    assert sc.chart_data(long_game).dtick == 4  # 48 points on the axis: a dozen ticks


@pytest.mark.parametrize("lang", LANGS)
def test_export_csv_heads_its_columns_in_the_readers_language(lang: str) -> None:
    pad = game("standard", 500, (0, 40, 0))
    labels = sc.csv_labels(lang)
    assert labels == {
        "round_label": t("scoring.pad.col_round", lang),
        "winner_label": t("scoring.pad.col_winner", lang),
    }
    rows = list(csv.reader(io.StringIO(sc.export_csv(pad, lang).decode("utf-8-sig"))))
    assert rows[0] == [labels["round_label"], labels["winner_label"], "Ana", EVIL, "Chloé"]
    assert rows[1] == ["1", EVIL, "0", "40", "0"]
    assert sc.export_name(sp.Game(("A", "B"), id=7)) == "uno-game-7.csv"


@pytest.mark.parametrize("lang", LANGS)
def test_saved_rows_choice_label_and_confirm_delete(lang: str) -> None:
    pad = sp.Game(
        ("Ana", EVIL, "Chloé"), 500, "standard", (), id=3, updated="2026-12-01T09:41:07+00:00"
    )
    (row,) = sc.saved_rows([pad], lang)
    assert tuple(row) == sc.SAVED_COLUMNS
    assert row == {
        "id": 1,  # its number on this device (the store's id is 3)
        "players": join_words(["Ana", EVIL, "Chloé"], lang),
        "rounds": 0,
        "method": t("scoring.method.standard", lang),
        "target": 500,
        "status": t("scoring.pad.status_playing", lang),
        "access": t("scoring.pad.access_owner", lang),
        "updated": "2026-12-01 09:41",  # no zone known: UTC, and the column says so
    }
    (paris,) = sc.saved_rows([pad], lang, "Europe/Paris")
    assert paris["updated"] == "2026-12-01 10:41"  # the reader's clock
    assert sc.saved_rows([pad], lang, "Asia/Vladivostok")[0]["updated"] == "2026-12-01 19:41"
    assert sc.saved_rows([pad], lang, "Mars/Base")[0]["updated"] == "2026-12-01 09:41"
    link = sp.Game(("A", "B"), id=5, access="link")
    assert sc.saved_rows([link], lang)[0]["access"] == t("scoring.pad.access_link", lang)
    for name in sc.SAVED_COLUMNS:
        assert t(f"scoring.pad.col_{name}", lang)
    assert sc.choice_label(pad, 1) == f"#1 · Ana, {EVIL}, Chloé"
    crowd = sp.Game(tuple(f"Player number {i}" for i in range(10)), id=4)
    assert len(sc.choice_label(crowd, 2)) == len("#2 · ") + 60
    message = sc.confirm_delete(pad, lang, 1)
    assert message.values == {"number": 1, "players": join_words(["Ana", EVIL, "Chloé"], lang)}
    assert said(message, lang)


def test_a_device_counts_its_own_games() -> None:
    """The store's ids count every device's games: this device's first game was "no. 11"."""
    mine = [sp.Game(("A", "B"), id=gid) for gid in (42, 11, 17)]
    assert sc.game_numbers(mine) == {11: 1, 17: 2, 42: 3}
    rows = sc.saved_rows(mine, "en")  # most recent first, as the store lists them
    assert [row["id"] for row in rows] == [3, 1, 2]


def test_short_cuts_with_an_ellipsis() -> None:
    assert sc.short("abc", 3) == "abc"
    assert sc.short("abcd", 3) == "ab…"
    assert sc.short(Card("R7").code) == "R7"
