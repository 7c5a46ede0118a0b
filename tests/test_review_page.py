"""AppTest flows of "Review my round" from each kind of table: the sandbox (the button on the
round's result, the review where the table was, "Try again from here" back on the table as the
seat saw it), the kids' game (stars and kind words, no grade), pass-and-play (one child's
round), a pupil's device in a room (its own seat only; the moment redealt) and the teacher's
summary (per pupil, no cards). Small budgets (``uno.academy.review.ROLLOUTS``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from tests.table_driver import press_tool, table_model, tap
from uno.academy import review as app
from uno.academy.classroom import Game
from uno.academy.i18n import LANGS, percent, t
from uno.academy.match import Match
from uno.academy.sandbox import open_match, share_data
from uno.review import GRADES
from uno.ui.review import board

TABLE = "sb_table"
ROLLOUTS = 16
ONE_ROUND: dict[str, Any] = {"preset": "official", "target_score": None}


@pytest.fixture(autouse=True)
def _small_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A review of a few playouts a decision, waited for in the page's own run."""
    monkeypatch.delenv(app.ROLLOUTS_ENV, raising=False)
    monkeypatch.setattr(app, "ROLLOUTS", ROLLOUTS)
    monkeypatch.setattr(board, "SETTLE", 25.0)
    yield


def run_page(path: str, lang: str, **state: Any) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=40)
    at.query_params["lang"] = lang
    at.run()
    for key, value in state.items():
        at.session_state[key] = value
    at.switch_page(path).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def words(at: AppTest) -> str:
    """Every text the page shows, in one string."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [s.value for s in at.success] + [i.value for i in at.info]
    parts += [e.label for e in at.expander] + [b.proto.label for b in at.button]
    parts += [h.value for h in at.subheader]
    return "\n".join(parts)


def start() -> uno.GameState:
    """Seat 0 holds R5 and a red Skip on a red 3 (two players: the Skip, then the 5, wins);
    seat 1 holds its last card, a red 1: drawing (a yellow 9) lets it win at once."""
    return uno.load_scenario(
        {
            "players": ["Ana", "Ben"],
            "hands": [["R5", "RS"], ["R1"]],
            "discard_pile": ["R3"],
            "draw_pile": ["Y9", "Y8", "Y7", "Y6", "B4"],
            "rules": ONE_ROUND,
            "seed": 4,
        }
    )


def expected(seat_names: tuple[str, ...], seats: tuple[str | None, ...]) -> app.RoundReview:
    round = app.Round(start(), ("0: draw", "1: play R1"), 0, seats, seat_names)
    return app.review_round(round, rollouts=ROLLOUTS)


# -- the sandbox -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_sandbox_review_then_try_again_from_the_key_moment(lang: str) -> None:
    from uno.academy.sandbox import encode_share

    at = run_page("pages/3_sandbox.py", lang)
    at.query_params["s"] = encode_share(start(), {"bots": {"1": "greedy"}, "hide_hands": True})
    at.run()
    assert "review" not in [x["id"] for x in table_model(at, TABLE).get("tools", [])]
    tap(at, TABLE, "draw")  # Y9 does not fit: Ben plays his last card
    assert at.session_state["sb_match"].state.is_over
    press_tool(at, TABLE, "review")
    assert not [n for n in at.get("bidi_component") if n.proto.id.endswith(f"-{TABLE}")]
    done = expected(("Ana", "Ben"), (None, "greedy"))
    (moment,) = done.key_moments
    shown = words(at)
    assert t("review.title", lang, name="Ana") in shown
    share = percent(done.accuracy or 0.0, lang)
    assert t("review.accuracy", lang, share=share) in shown
    assert t("review.key_moments", lang) in shown
    assert app.did_text(moment, lang, ["Ana", "Ben"]) in shown
    assert t("review.better", lang, move=app.better_text(moment, lang, ["Ana", "Ben"])) in shown
    assert app.grade_text(moment.grade, lang) in shown
    # Try again from here: the moment on the table, Ana to move, Ben's hand hidden.
    click(at, f"rv_again_{moment.step}_sb")
    match = at.session_state["sb_match"]
    assert match.state == start() and match.viewer == 0 and match.hide
    assert match.seats == (None, "greedy")
    model = table_model(at, TABLE)
    assert model["hand"]["seat"] == 0 and model["hand"]["active"]
    assert all(not seat["cards"] for seat in model["seats"] if seat["seat"] != 0)
    assert "rv_asked_sb" not in at.session_state  # the review closed


def test_sandbox_review_closes_and_the_table_comes_back() -> None:
    from uno.academy.sandbox import encode_share

    at = run_page("pages/3_sandbox.py", "en")
    at.query_params["s"] = encode_share(start(), {"bots": {"1": "greedy"}, "hide_hands": True})
    at.run()
    tap(at, TABLE, "draw")
    press_tool(at, TABLE, "review")
    click(at, "rv_close_sb")
    assert table_model(at, TABLE)["result"] is not None  # the round's result, on the table


# -- the kids' game and pass-and-play --------------------------------------------------------
def kids_game(names: tuple[str, str]) -> Game:
    match = Match.replayed(start(), ["0: draw", "1: play R1"], [None, "friendly"])
    return Game(match, "full")


@pytest.mark.parametrize("lang", LANGS)
def test_kids_review_shows_stars_and_kind_words_never_grades(lang: str) -> None:
    at = run_page("pages/6_classroom.py", lang, cl_k_game=kids_game(("Ana", "Ben")))
    names = at.session_state["cl_k_game"].state.players
    assert at.button(key="rv_ask_cl_k_")
    click(at, "rv_ask_cl_k_")
    shown = words(at)
    from uno.ui.classroom.words import kid_names

    kid = kid_names(lang, 2)
    done = expected(tuple(kid), (None, "friendly"))
    (moment,) = done.key_moments
    stars = done.stars
    assert "★" * stars + "☆" * (3 - stars) in shown
    assert t(f"review.kids.word.{stars}", lang) in shown
    assert t("review.kids.stars", lang, count=stars) in shown
    assert app.did_text(moment, lang, kid, kids=True) in shown
    better = app.better_text(moment, lang, kid, kids=True)
    assert t("review.kids.better", lang, move=better) in shown
    for grade in GRADES:  # no adult grade word, no "blunder"
        assert t(f"review.grade.{grade}", lang) not in shown
    assert t("review.accuracy", lang, share="").split("{")[0].strip() not in shown
    # Try again: a link to the sandbox that opens the moment as the child saw it.
    label = t("review.kids.try_again", lang)
    (link,) = [p for p in at.get("page_link") if p.proto.label == label]
    assert link.proto.page == "sandbox"
    params = {k: v[0] for k, v in parse_qs(link.proto.query_string).items()}
    assert params["lang"] == lang
    match, table = open_match(share_data(params["s"]))
    assert match.state == replace(start(), players=tuple(kid))  # the names the child saw
    assert table.viewer == 0 and table.hide_hands and match.seats == (None, "save_wilds")
    assert names == ("Ana", "Ben")


def test_pass_and_play_reviews_the_round_of_the_child_who_asks() -> None:
    match = Match.replayed(start(), ["0: draw", "1: play R1"])
    at = run_page(
        "pages/6_classroom.py", "fr", cl_mode="pass", cl_p_game=Game(match, "full"), cl_p_shown=None
    )
    assert at.button(key="rv_ask_0_cl_p_") and at.button(key="rv_ask_1_cl_p_")
    assert t("review.kids.button_of", "fr", name="Ben") in words(at)
    click(at, "rv_ask_1_cl_p_")  # Ben's round: his last card played, the best move
    shown = words(at)
    assert t("review.kids.title", "fr", name="Ben") in shown
    assert "★★★" in shown and t("review.kids.no_moments", "fr") in shown
    click(at, "rv_close_cl_p_")
    click(at, "rv_ask_0_cl_p_")
    assert t("review.kids.title", "fr", name="Ana") in words(at)
    assert "★" in words(at)


# -- rooms: a pupil's device, the teacher's summary ------------------------------------------
TEACHER = "teacher-device-token-0123456789"
ANA = "ana-device-token-0123456789abcd"
BEN = "ben-device-token-0123456789abcd"


@pytest.fixture
def finished_room(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """A room of two pupils, Ana and Ben, where Ana drew and Ben played his last card."""
    from uno.academy import store as db

    path = tmp_path / "store.sqlite3"
    monkeypatch.setenv("UNO_ACADEMY_DB", str(path))
    with db.open_store(path) as store:
        code = str(store.create_room(TEACHER, seats=[("pupil", None)] * 2, start=start()).code)
        ana = store.join_room(code, ANA, "Ana")
        ben = store.join_room(code, BEN, "Ben")
        room = store.apply_room_action(code, ana.token, store.room_state(code).version, "0: draw")
        room = store.apply_room_action(code, ben.token, room.version, "1: play R1")
        assert room.state.is_over
    return code


def pupil_page(code: str, lang: str, token: str) -> AppTest:
    from tests.table_driver import set_device

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=40)
    at.query_params["lang"] = lang
    at.run()
    at.query_params["room"] = code
    at.switch_page("pages/8_rooms.py").run()
    set_device(at, token)
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pupil_reviews_their_own_round_on_their_device(finished_room: str, lang: str) -> None:
    code = finished_room
    at = pupil_page(code, lang, ANA)
    at.text_input(key="rm_name").input("Ana")
    at.button(key="rm_join").click().run()  # the device already seated gets its seat back
    key = f"rm_table_{code}"
    press_tool(at, key, "review")
    assert not at.exception, [e.value for e in at.exception]
    shown = words(at)
    done = expected(("Ana", "Ben"), (None, None))
    (moment,) = done.key_moments
    assert t("review.kids.title", lang, name="Ana") in shown
    assert app.did_text(moment, lang, ["Ana", "Ben"], kids=True) in shown
    assert "★" in shown
    for grade in GRADES:
        assert t(f"review.grade.{grade}", lang) not in shown
    from uno.academy.i18n import card_label
    from uno.cards import parse_card

    assert card_label(parse_card("R1"), lang) not in shown  # Ben's card, never on Ana's device
    # Try again: the moment redealt from what Ana saw (Ana's hand, the others dealt anew).
    label = t("review.kids.try_again", lang)
    (link,) = [p for p in at.get("page_link") if p.proto.label == label]
    match, table = open_match(share_data(parse_qs(link.proto.query_string)["s"][0]))
    assert match.state.hands[0] == start().hands[0] and match.state.turn == 0
    assert table.viewer == 0 and table.hide_hands and match.seats == (None, "greedy")
    assert match.state == app.try_again(done, moment, redeal=True)[0]
    click(at, "rv_close_rm_" + code)
    assert table_model(at, key)["fill"]  # back to the game screen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_teachers_summary_per_pupil_without_cards(finished_room: str, lang: str) -> None:
    from tests.table_driver import set_device

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=40)
    at.query_params["lang"] = lang
    at.run()
    at.query_params["room"] = finished_room
    at.switch_page("pages/8_rooms.py").run()
    set_device(at, TEACHER)
    click(at, "rm_review")
    (frame,) = at.dataframe
    rows = frame.value.to_dict("records")
    pupil, decisions = t("review.teacher.pupil", lang), t("review.teacher.decisions", lang)
    accuracy, worst = t("review.teacher.accuracy", lang), t("review.teacher.worst", lang)
    assert [r[pupil] for r in rows] == ["Ana", "Ben"]
    assert [r[decisions] for r in rows] == [1, 1]
    assert [r[accuracy] for r in rows] == [percent(0.0, lang), percent(1.0, lang)]
    done = expected(("Ana", "Ben"), (None, None))
    (moment,) = done.key_moments
    assert rows[0][worst] == app.worst_text(moment, lang, ["Ana", "Ben"])
    assert rows[1][worst] == t("review.teacher.nothing", lang)
    from uno.academy.i18n import card_label
    from uno.cards import parse_card

    assert card_label(parse_card("R5"), lang) not in rows[0][worst]  # no hand shown
