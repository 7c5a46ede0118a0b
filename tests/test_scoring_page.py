"""The scoring page (pages/4_scoring.py) driven by AppTest in every language: the round checker,
the score pad from the first game to its deletion, two sessions on one game, a damaged file.

Every test points ``UNO_ACADEMY_DB`` at a file in tmp_path: no test touches the user's folder.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block

from tests.conftest import ROOT
from tests.table_driver import set_device
from uno.academy import scorepad as sp
from uno.academy import store as store_module
from uno.academy.i18n import LANGS, join_words, t
from uno.academy.store import SQLiteStore
from uno.ui import scoring as view
from uno.ui.plot import PLOTLY_READY
from uno.ui.words import inert

PAGE = "pages/4_scoring.py"
EVIL = "<b>x</b>"
DEVICE = "scoring-device-0123456789abc"  # one browser: its tabs share the device
OTHER = "another-device-0123456789abc"


md = inert  # the page's Markdown escaping of user text


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data" / "scores.sqlite3"
    monkeypatch.setenv(store_module.ENV_DB, str(path))
    return path


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_scoring(lang: str, device: str | None = DEVICE, **params: str) -> AppTest:
    """The scoring page in a new session of the browser ``device`` (None: its very first run,
    before the device component answered)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    ok(at.run())
    at.session_state[PLOTLY_READY] = True  # as if the browser had drawn a chart already
    for name, value in params.items():
        at.query_params[name] = value
    ok(at.switch_page(PAGE).run())
    assert at.title[0].value == t("nav.scoring", lang)
    if device is not None:
        set_device(at, device)
    return at


def values(at: AppTest, kind: str) -> list[str]:
    return [element.value for element in at.get(kind)]


def shown_text(at: AppTest) -> str:
    """Everything written as Markdown or HTML on the page."""
    kinds = ("markdown", "caption", "success", "error", "warning", "info", "subheader", "title")
    parts = [str(v) for kind in kinds for v in values(at, kind)]
    parts += [element.proto.body for element in at.get("html")]
    return "\n".join(parts)


def escaped_value(lang: str, key: str, **raw: object) -> str:
    """A message as the page writes it: text values escaped for Markdown."""
    return t(key, lang, **{k: md(v) if isinstance(v, str) else v for k, v in raw.items()})


# -- the round checker ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_checker_reads_typed_codes_and_names_unknown_ones(db: Path, lang: str) -> None:
    at = open_scoring(lang)
    assert at.number_input(key="chk_count").value == 3
    at.text_input(key="chk_hand_0").input("r7, WD4 gs zz")
    at.text_input(key="chk_hand_1").input(f"b2 {EVIL}")
    ok(at.run())
    # The winner's score: 7 + 50 + 20 + 2, the unknown tokens left out.
    assert values(at, "metric") == [t("scoring.points", lang, count=79)]
    warnings = values(at, "warning")
    for token in ("zz", EVIL):
        quoted = t("scoring.quote", lang, text=token)
        assert escaped_value(lang, "scoring.check.unknown", count=1, codes=quoted) in warnings
    text = shown_text(at)
    hand = md(t("scoring.check.hand", lang, number=1))
    cards = t("scoring.cards", lang, count=3)
    assert f"**{hand}** · {cards} · {t('scoring.points', lang, count=77)}" in text
    # Every card's points, then the hand's total.
    term = md(t("scoring.check.term", lang, card=t("card.face.wild_draw_four", lang), points=50))
    assert term in text
    assert 'data-card="WD4"' in text and 'data-card="GS"' in text
    assert EVIL not in text  # the typed tag is shown as text, never as markup
    # The points table explains the total by kind, from the engine's values.
    table = at.table[0].value
    assert list(table.iloc[:, 1]) == [2, 1, 0, 0, 0, 1]  # how many of each kind
    assert list(table.iloc[:, 2]) == [9, 20, 0, 0, 0, 50]
    assert table.index[0] == t("card.kind.number", lang)
    # R-SCORE-1 is quoted under the table.
    assert any("R-SCORE-1" in c for c in values(at, "caption"))


@pytest.mark.parametrize("lang", LANGS)
def test_checker_cards_can_be_tapped(db: Path, lang: str) -> None:
    at = open_scoring(lang)
    ok(at.pills(key="chk_pick_R0").set_value("R5").run())
    ok(at.pills(key="chk_pick_W").set_value("WD4").run())
    assert at.text_input(key="chk_hand_0").value == "R5 WD4"
    ok(at.radio(key="chk_tap_to").set_value("chk_hand_2").run())
    ok(at.pills(key="chk_pick_B0").set_value("BD2").run())
    assert at.text_input(key="chk_hand_2").value == "BD2"
    assert at.pills(key="chk_pick_B0").value is None  # ready for the next tap
    assert values(at, "metric") == [t("scoring.points", lang, count=75)]
    ok(at.button(key="chk_clear").click().run())
    assert values(at, "metric") == [t("scoring.points", lang, count=0)]


# -- the score pad ----------------------------------------------------------------------------


def start_game(at: AppTest, names: str, target: int = 100, method: str = "standard") -> AppTest:
    at.text_area(key="sp_names").input(names)
    at.number_input(key="sp_target").set_value(target)
    at.radio(key="sp_method").set_value(method)
    return ok(at.button(key="sp_start").click().run())


def chart(at: AppTest) -> dict:
    return json.loads(at.get("plotly_chart")[0].proto.spec)


@pytest.mark.parametrize("lang", LANGS)
def test_score_pad_whole_game(db: Path, lang: str) -> None:
    at = open_scoring(lang)
    assert not db.exists()  # opening the page writes nothing
    assert t("scoring.pad.saved_none", lang) in values(at, "caption")

    # Bad names are refused with a message.
    start_game(at, "Solo")
    assert t("scoring.error.too_few_players", lang, who="", limit=2, value="", count=2) in values(
        at, "error"
    )
    start_game(at, "Ana\nana")
    who = t("scoring.pad.player_n", lang, number=2)
    expected = escaped_value(lang, "scoring.error.name_duplicate", who=who, value="ana", limit="")
    assert expected in values(at, "error")
    assert not db.exists()

    # Start: three players, one of them with a name that looks like HTML.
    start_game(at, f"Ana\n{EVIL}\nChloé")
    players = join_words(["Ana", EVIL, "Chloé"], lang)  # "Ana, <b>x</b> and Chloé"
    assert escaped_value(lang, "scoring.pad.started", players=players) in values(at, "success")
    assert at.subheader[0].value == t("scoring.pad.game_title", lang, number=1)
    assert db.exists()

    # A round by points: negative, non-numeric and absurd points are refused.
    at.selectbox(key="sp_winner_1").set_value(1)
    at.radio(key="sp_mode_1").set_value("points")
    ok(at.run())
    this_round = t("scoring.pad.this_round", lang)
    for raw, code, limit in (
        ("-5", "points_negative", ""),
        ("abc", "points_not_number", ""),
        ("20000", "points_too_big", sp.MAX_POINTS),
        ("", "points_empty", ""),
    ):
        at.text_input(key="sp_score_1").input(raw)
        ok(at.button(key="sp_add").click().run())
        message = escaped_value(
            lang,
            f"scoring.error.{code}",
            who=this_round,
            value=raw,
            limit=limit,
            count=limit or None,
        )
        assert message in values(at, "error"), (raw, values(at, "error"))
    at.text_input(key="sp_score_1").input("40")
    ok(at.button(key="sp_add").click().run())
    assert escaped_value(lang, "scoring.pad.saved", number=1, name=EVIL) in values(at, "success")
    assert at.text_input(key="sp_score_1").value == ""  # ready for the next round

    # A round by cards: an unknown code is named and nothing is saved.
    at.selectbox(key="sp_winner_1").set_value(0)
    at.radio(key="sp_mode_1").set_value("cards")
    ok(at.run())
    at.text_input(key="sp_cards_1_1").input("WD4 zz")
    ok(at.button(key="sp_add").click().run())
    message = escaped_value(lang, "scoring.error.unknown_cards", who=EVIL, value="zz", limit="")
    assert message in values(at, "error")
    at.text_input(key="sp_cards_1_1").input("WD4 w")
    at.text_input(key="sp_cards_1_2").input("r5")
    ok(at.run())
    preview = escaped_value(
        lang, "scoring.pad.preview", name="Ana", points=t("scoring.points", lang, count=105)
    )
    assert preview in values(at, "caption")
    ok(at.button(key="sp_add").click().run())

    # Ana reached 100 first: she wins (R-SCORE-2), the add button is gone.
    won = escaped_value(
        lang, "scoring.pad.won", names="Ana", points=t("scoring.points", lang, count=105)
    )
    assert won in values(at, "success")
    assert t("scoring.pad.over", lang) in values(at, "info")
    assert not [b for b in at.button if b.key == "sp_add"]
    table = at.dataframe[0].value
    assert list(table["winner"]) == [EVIL, "Ana", ""]
    assert list(table["round"]) == ["1", "2", t("scoring.pad.total_row", lang)]
    assert list(table["p0"]) == [0, 105, 105]
    assert list(table["p1"]) == [40, 40, 40]
    ok(at.toggle(key="sp_per_round").set_value(True).run())
    assert list(at.dataframe[0].value["p0"]) == [0, 105, 105]
    assert list(at.dataframe[0].value["p1"]) == [40, 0, 40]

    # The chart: one line per player, names kept as text, axes in the reader's language.
    spec = chart(at)
    assert [trace["name"] for trace in spec["data"]] == ["Ana", html.escape(EVIL), "Chloé"]
    assert spec["data"][0]["y"] == [0, 0, 105]
    assert spec["layout"]["xaxis"]["title"]["text"] == t("scoring.chart.x", lang)
    assert spec["layout"]["yaxis"]["title"]["text"] == t("scoring.chart.y", lang)
    colors = {trace["line"]["color"] for trace in spec["data"]}
    assert len(colors) == 3

    # The CSV export is offered.
    downloads = at.get("download_button")
    assert [d.proto.label for d in downloads] == [t("scoring.pad.export", lang)]

    # Undo the last round: the game goes on.
    ok(at.button(key="sp_undo").click().run())
    assert t("scoring.pad.undone", lang, number=2) in values(at, "success")
    assert not values(at, "success")[1:]
    assert [b for b in at.button if b.key == "sp_add"]

    # Rename: a clash is refused, a new name is saved.
    at.text_input(key="sp_name_1_1").input("Zoé")
    at.text_input(key="sp_name_1_0").input("zoé")
    ok(at.button(key="sp_rename").click().run())
    who = t("scoring.pad.player_n", lang, number=2)
    assert escaped_value(
        lang, "scoring.error.name_duplicate", who=who, value="Zoé", limit=""
    ) in values(at, "error")
    at.text_input(key="sp_name_1_0").input("Ana")
    ok(at.button(key="sp_rename").click().run())
    assert t("scoring.pad.renamed", lang) in values(at, "success")
    assert at.dataframe[0].value["winner"].iloc[0] == "Zoé"

    # The raw tag never reached Markdown or HTML.
    assert EVIL not in shown_text(at)

    # Everything confirmed is in the file (a reload or a restart loses nothing).
    with SQLiteStore(db) as store:
        saved = store.load_game(DEVICE, 1)
    assert saved.players == ("Ana", "Zoé", "Chloé")
    assert saved.totals == (0, 40, 0)

    # Close, then resume from the saved games in a brand-new session (a server restart).
    ok(at.button(key="sp_close").click().run())
    assert at.text_area(key="sp_names").value == ""
    fresh = open_scoring(lang)
    saved_table = fresh.dataframe[0].value
    assert list(saved_table["players"]) == [join_words(["Ana", "Zoé", "Chloé"], lang)]
    assert fresh.selectbox(key="sp_saved").value == 1
    ok(fresh.button(key="sp_resume").click().run())
    assert fresh.subheader[0].value == t("scoring.pad.game_title", lang, number=1)
    assert list(fresh.dataframe[0].value["p1"]) == [40, 40]

    # Delete, after a confirmation.
    ok(fresh.button(key="sp_delete").click().run())
    players = join_words(["Ana", "Zoé", "Chloé"], lang)
    confirm = escaped_value(lang, "scoring.pad.confirm_delete", number=1, players=players)
    assert confirm in values(fresh, "warning")
    ok(fresh.button(key="sp_delete_yes").click().run())
    assert t("scoring.pad.deleted", lang, number=1) in values(fresh, "success")
    assert t("scoring.pad.saved_none", lang) in values(fresh, "caption")
    with SQLiteStore(db) as store:
        assert store.list_games(DEVICE) == []


@pytest.mark.parametrize("lang", LANGS)
def test_r_score_3_lowest_score_pad_shares_a_tie(db: Path, lang: str) -> None:
    at = open_scoring(lang)
    start_game(at, "Ana\nBen\nЮля", target=50, method="lowest")
    at.selectbox(key="sp_winner_1").set_value(1)
    at.radio(key="sp_mode_1").set_value("points")
    ok(at.run())
    at.text_input(key="sp_pts_1_0").input("60")
    at.text_input(key="sp_pts_1_2").input("0")
    ok(at.run())
    assert "sp_pts_1_1" not in [w.key for w in at.text_input]  # the winner's hand is empty
    ok(at.button(key="sp_add").click().run())
    won = escaped_value(
        lang,
        "scoring.pad.won_shared",
        names=join_words(["Ben", "Юля"], lang),
        points=t("scoring.points", lang, count=0),
    )
    assert won in values(at, "success")
    csv_label = t("scoring.pad.export", lang)
    assert [d.proto.label for d in at.get("download_button")] == [csv_label]


# -- two sessions, one game -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_second_session_gets_a_clear_conflict_message(db: Path, lang: str) -> None:
    first = open_scoring(lang)
    start_game(first, "Ana\nBen", target=500)
    second = open_scoring(lang)
    ok(second.button(key="sp_resume").click().run())
    for at in (first, second):
        at.radio(key="sp_mode_1").set_value("points")
        ok(at.run())
    # The first session saves a round...
    first.text_input(key="sp_score_1").input("25")
    ok(first.button(key="sp_add").click().run())
    # ...the second, still showing the game before it, is refused and sees the new scores.
    second.text_input(key="sp_score_1").input("30")
    ok(second.button(key="sp_add").click().run())
    assert t("scoring.pad.stale", lang) in values(second, "error")
    assert list(second.dataframe[0].value["p0"]) == [25, 25]
    with SQLiteStore(db) as store:
        assert store.load_game(DEVICE, 1).totals == (25, 0)
    # Having seen the latest scores, the second session may save.
    ok(second.button(key="sp_add").click().run())
    assert list(second.dataframe[0].value["p0"]) == [25, 55, 55]
    # A game deleted elsewhere is announced, not crashed on.
    ok(second.button(key="sp_delete").click().run())
    ok(second.button(key="sp_delete_yes").click().run())
    first.text_input(key="sp_score_1").input("5")
    ok(first.button(key="sp_add").click().run())
    assert t("scoring.pad.gone", lang) in values(first, "error") + values(first, "warning")


# -- each message beside the control that caused it ------------------------------------------

ALERTS = ("success", "error", "warning", "info")


def beside(at: AppTest, key: str) -> list[str]:
    """The messages drawn right after the control ``key``, up to the next other element."""
    nodes = [node for node in at.main if not isinstance(node, Block)]  # in the page's order
    start = next(i for i, node in enumerate(nodes) if getattr(node, "key", None) == key)
    shown = []
    for node in nodes[start + 1 :]:
        if node.type not in ALERTS:
            break
        shown.append(node.value)
    return shown


@pytest.mark.parametrize("lang", LANGS)
def test_each_message_is_shown_beside_the_control_that_caused_it(db: Path, lang: str) -> None:
    at = open_scoring(lang)
    start_game(at, "Solo")
    refused = t("scoring.error.too_few_players", lang, who="", limit=2, value="", count=2)
    assert beside(at, "sp_start") == [refused]
    start_game(at, "Ana\nBen", target=500)
    at.radio(key="sp_mode_1").set_value("points")
    ok(at.run())
    at.text_input(key="sp_score_1").input("abc")
    ok(at.button(key="sp_add").click().run())
    this_round = t("scoring.pad.this_round", lang)
    assert beside(at, "sp_add") == [
        escaped_value(
            lang, "scoring.error.points_not_number", who=this_round, value="abc", limit=""
        )
    ]
    at.text_input(key="sp_score_1").input("30")
    ok(at.button(key="sp_add").click().run())
    assert beside(at, "sp_add") == [escaped_value(lang, "scoring.pad.saved", number=1, name="Ana")]
    assert beside(at, "sp_undo") == []

    # The undo message is at the undo button, and only there (not at the top of the page).
    ok(at.button(key="sp_undo").click().run())
    assert beside(at, "sp_undo") == [t("scoring.pad.undone", lang, number=1)]
    assert values(at, "success") == [t("scoring.pad.undone", lang, number=1)]
    assert beside(at, "sp_add") == []

    at.text_input(key="sp_name_1_1").input("ana")
    ok(at.button(key="sp_rename").click().run())
    who = t("scoring.pad.player_n", lang, number=2)
    assert beside(at, "sp_rename") == [
        escaped_value(lang, "scoring.error.name_duplicate", who=who, value="ana", limit="")
    ]
    at.text_input(key="sp_name_1_1").input("Ben")

    # A refusal of the store too: an undo of a game changed in another session.
    at.text_input(key="sp_score_1").input("30")
    ok(at.button(key="sp_add").click().run())
    other = open_scoring(lang)
    ok(other.button(key="sp_resume").click().run())
    at.text_input(key="sp_score_1").input("20")
    ok(at.button(key="sp_add").click().run())
    ok(other.button(key="sp_undo").click().run())
    assert beside(other, "sp_undo") == [t("scoring.pad.stale", lang)]

    # Deleting a saved game: the message is beside the saved games' buttons.
    ok(at.button(key="sp_close").click().run())
    start_game(at, "Chloé\nDan")
    at.selectbox(key="sp_saved").set_value(1)
    ok(at.button(key="sp_delete").click().run())
    ok(at.button(key="sp_delete_yes").click().run())
    assert beside(at, "sp_delete") == [t("scoring.pad.deleted", lang, number=1)]
    assert values(at, "success") == [t("scoring.pad.deleted", lang, number=1)]


# -- one script run per click ----------------------------------------------------------------


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The page's script runs: the page calls the view once per run, so a wrapped view counts."""
    seen: list[str] = []
    real = view.show_scoring

    def counted(lang: str, share: str | None = None) -> None:
        seen.append(lang)
        real(lang, share)

    monkeypatch.setattr(view, "show_scoring", counted)
    return seen


def test_the_run_counter_sees_a_second_run() -> None:
    """A click whose script asks for another run (st.rerun) counts 2: the measure can fail."""

    def script() -> None:
        import streamlit as st

        st.session_state["runs"] = st.session_state.get("runs", 0) + 1
        if st.button("again", key="again"):
            st.rerun()

    at = AppTest.from_function(script).run()
    ok(at.button(key="again").click().run())
    assert at.session_state["runs"] == 1 + 2


def test_one_script_run_per_click_on_the_score_pad(db: Path, runs: list[str]) -> None:
    """Every change happens in a callback, before the one run that shows its result."""
    at = open_scoring("en")
    assert runs == ["en", "en"]  # the first run, then the one the device component asks for
    per_click: dict[str, list[int]] = {}

    def click(key: str) -> AppTest:
        before = len(runs)
        ok(at.button(key=key).click().run())
        per_click.setdefault(key, []).append(len(runs) - before)
        assert per_click[key][-1] == 1, per_click  # checked before what the click shows
        return at

    at.text_area(key="sp_names").input("Ana\nBen")
    click("sp_start")
    assert at.subheader[0].value == t("scoring.pad.game_title", "en", number=1)
    at.radio(key="sp_mode_1").set_value("points")
    ok(at.run())
    at.text_input(key="sp_score_1").input("30")
    click("sp_add")
    assert escaped_value("en", "scoring.pad.saved", number=1, name="Ana") in values(at, "success")
    click("sp_undo")
    assert values(at, "success") == [t("scoring.pad.undone", "en", number=1)]
    at.text_input(key="sp_name_1_1").input("Zoé")
    click("sp_rename")
    assert values(at, "success") == [t("scoring.pad.renamed", "en")]
    click("sp_close")
    assert at.subheader[0].value == t("scoring.pad.new_title", "en")
    click("sp_resume")
    assert at.subheader[0].value == t("scoring.pad.game_title", "en", number=1)
    click("sp_delete")
    click("sp_delete_no")
    click("sp_delete")
    click("sp_delete_yes")
    assert values(at, "success") == [t("scoring.pad.deleted", "en", number=1)]
    click("chk_clear")
    assert per_click == {key: [1] * len(counts) for key, counts in per_click.items()}, per_click
    assert len(per_click) == 10


# -- a damaged file ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_damaged_file_gives_a_message_and_the_rest_works(db: Path, lang: str) -> None:
    db.parent.mkdir(parents=True)
    db.write_bytes(b"not a database at all\n" * 100)
    at = open_scoring(lang)
    assert t("scoring.store.corrupt", lang) in values(at, "error")
    assert str(db.parent) not in shown_text(at)  # a visitor never sees the server's paths
    # The round checker on the same page still works...
    at.text_input(key="chk_hand_0").input("W W")
    ok(at.run())
    assert values(at, "metric") == [t("scoring.points", lang, count=100)]
    # ...and so does the rest of the app.
    ok(at.switch_page("pages/1_reference.py").run())
    assert at.title[0].value == t("nav.reference", lang)
    assert db.read_bytes() == b"not a database at all\n" * 100  # left as it was


# -- every refusal has words ------------------------------------------------------------------


def refusal_codes() -> set[str]:
    source = (ROOT / "uno" / "academy" / "scorepad.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'ScoreInputError\(\s*"([a-z_]+)"', source))
    assert "too_few_players" in codes  # the scan itself works
    # Names are checked by the engine's rule and its codes translated.
    codes |= set(sp.NAME_CODES.values()) | {"name_empty", "name_too_long"}
    # _whole_number builds its codes from a prefix.
    for prefix in ("points", "target"):
        codes |= {f"{prefix}_{s}" for s in ("empty", "not_number", "negative", "too_big")}
    codes.add("target_too_small")
    return codes


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_and_store_error_is_worded(lang: str) -> None:
    for code in refusal_codes():
        assert t(f"scoring.error.{code}", lang, who="W", limit=1, value="V", count=1)
    for code in store_module.STORE_CODES:
        assert "{" not in t(f"scoring.store.{code}", lang)  # no path, no address


# -- games that belong to someone -------------------------------------------------------------


def test_the_pad_says_it_is_loading_until_the_device_is_known(db: Path) -> None:
    at = open_scoring("en", device=None)
    assert t("scoring.pad.loading", "en") in values(at, "caption")
    assert not [b for b in at.button if b.key == "sp_start"]  # not an empty list either
    set_device(at, DEVICE)
    assert [b for b in at.button if b.key == "sp_start"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_is_seen_only_by_its_device_until_it_is_shared(db: Path, lang: str) -> None:
    mine = open_scoring(lang)
    start_game(mine, "Ana\nBen")
    other = open_scoring(lang, device=OTHER)  # a new visitor sees none of the others' games
    assert t("scoring.pad.saved_none", lang) in values(other, "caption")
    assert not other.dataframe
    # A third device's first game is its game no. 1 (the store's id is 2: ids count everyone's).
    third = open_scoring(lang, device="a-third-device-0123456789abc")
    start_game(third, "Chloé\nDan")
    assert third.subheader[0].value == t("scoring.pad.game_title", lang, number=1)
    # The owner asks for a link and gives it.
    ok(mine.button(key="sp_share").click().run())
    (link,) = [c.value for c in mine.code]
    assert link.startswith("scoring?game=")
    share = link.split("=", 1)[1]
    assert len(share) >= 22
    assert t("scoring.pad.share_help", lang) in values(mine, "caption")
    # The link opens the game on the other device, read and write.
    guest = open_scoring(lang, device=OTHER, game=share)
    assert guest.subheader[0].value == t("scoring.pad.game_title", lang, number=1)
    assert t("scoring.pad.opened_link", lang, number=1) in values(guest, "success")
    assert "game" not in guest.query_params
    assert not [b for b in guest.button if b.key == "sp_share"]  # only the owner shares
    guest.radio(key="sp_mode_1").set_value("points")
    ok(guest.run())
    guest.text_input(key="sp_score_1").input("20")
    ok(guest.button(key="sp_add").click().run())
    assert list(guest.dataframe[0].value["p0"]) == [20, 20]
    # Only the owner deletes: the guest's button is disabled, and a forged click is refused.
    assert guest.button(key="sp_delete").disabled
    saved = guest.dataframe[1].value
    assert list(saved["access"]) == [t("scoring.pad.access_link", lang)]
    guest.session_state["sp_confirm_delete"] = 1
    ok(guest.run())
    ok(guest.button(key="sp_delete_yes").click().run())
    assert t("scoring.pad.not_owner", lang) in values(guest, "error")
    with SQLiteStore(db) as store:
        assert store.load_game(DEVICE, 1).totals == (20, 0)
    # A wrong link opens nothing and says so.
    wrong = open_scoring(lang, device="third-device-0123456789abc", game=share[:-2] + "xx")
    assert t("scoring.pad.link_gone", lang) in values(wrong, "warning")
    assert t("scoring.pad.saved_none", lang) in values(wrong, "caption")
    # The owner deletes it.
    mine = open_scoring(lang)
    ok(mine.button(key="sp_delete").click().run())
    ok(mine.button(key="sp_delete_yes").click().run())
    assert t("scoring.pad.deleted", lang, number=1) in values(mine, "success")


def test_a_reload_opens_the_game_and_the_tab_this_device_kept(db: Path) -> None:
    at = open_scoring("en")
    start_game(at, "Ana\nBen")
    again = open_scoring("en")  # a reload: a new session of the same browser
    assert again.subheader[0].value == t("scoring.pad.game_title", "en", number=1)
    assert again.session_state["sp_tab"] == "pad"
    assert again.session_state["sp_tabs"] == t("scoring.tab.pad", "en")
    ok(again.button(key="sp_close").click().run())
    closed = open_scoring("en")
    assert closed.subheader[0].value == t("scoring.pad.new_title", "en")
    other = open_scoring("en", device=OTHER)
    assert other.session_state["sp_tab"] == "check"


def test_a_tab_chosen_before_the_device_is_known_stays_chosen(db: Path) -> None:
    """The device component answers with a run of its own, a moment after the page is drawn.
    A tab the visitor chose in that moment is not taken back by what the store keeps."""
    for device in (DEVICE, OTHER):  # known to the store; then unknown to it (a new device)
        if device == DEVICE:  # a device the store knows, which last had the checker open
            with SQLiteStore(db) as store:
                store.keep_open(DEVICE, None, "check")
            assert open_scoring("en", device=DEVICE).session_state["sp_tab"] == "check"
        at = open_scoring("en", device=None)
        at.session_state["sp_tab"] = "pad"  # what a click on the pad's tab leaves (_cb_tab)
        ok(at.run())
        set_device(at, device)
        assert at.session_state["sp_tab"] == "pad"
        assert at.session_state["sp_tabs"] == t("scoring.tab.pad", "en")
        assert [b for b in at.button if b.key == "sp_start"]
    # The choice is kept for the next visit, as a click after the answer would be.
    with SQLiteStore(db) as store:
        assert store.kept_open(DEVICE) == (None, "pad")


def test_a_rename_is_checked_against_the_names_shown_when_it_was_typed(db: Path) -> None:
    first = open_scoring("en")
    start_game(first, "Ana\nBen")
    second = open_scoring("en")
    first.text_input(key="sp_name_1_0").input("Anna")  # the first session starts renaming
    ok(first.run())
    second.text_input(key="sp_name_1_1").input("Benoît")
    ok(second.button(key="sp_rename").click().run())
    ok(first.run())  # a redraw of the first session: its form still holds what it typed
    ok(first.button(key="sp_rename").click().run())
    assert t("scoring.pad.stale", "en") in values(first, "error")
    with SQLiteStore(db) as store:
        assert store.load_game(DEVICE, 1).players == ("Ana", "Benoît")  # nothing undone
    assert first.text_input(key="sp_name_1_1").value == "Benoît"  # the form starts again


def test_a_round_typed_before_another_was_saved_is_not_stored_twice(db: Path) -> None:
    first = open_scoring("en")
    start_game(first, "Ana\nBen", target=500)
    second = open_scoring("en")
    for at in (first, second):
        at.radio(key="sp_mode_1").set_value("points")
        ok(at.run())
        at.text_input(key="sp_score_1").input("25")  # both type the same round
        ok(at.run())
    ok(first.button(key="sp_add").click().run())
    ok(second.run())  # a redraw shows the round saved elsewhere...
    ok(second.button(key="sp_add").click().run())  # ...the round typed before it is refused
    assert t("scoring.pad.stale", "en") in values(second, "error")
    with SQLiteStore(db) as store:
        assert len(store.load_game(DEVICE, 1).rounds) == 1


def test_hints_do_not_look_like_values(db: Path) -> None:
    at = open_scoring("en")
    assert at.text_area(key="sp_names").placeholder == t("scoring.pad.names_hint", "en")
    assert at.text_input(key="chk_hand_0").placeholder == t("scoring.check.hand_hint", "en")
    for hint in (
        at.text_area(key="sp_names").placeholder,
        at.text_input(key="chk_hand_0").placeholder,
    ):
        assert "Ana" not in hint and "R7" not in hint
