"""The puzzles page (pages/10_puzzles.py) in AppTest, in every language: the puzzle of the
day on the table with the others' hands hidden, a right answer (the chances and why), a wrong
one (what it cost, try again, the answer on request), the rating kept for the device, themes,
the kids' easy puzzles and a class's set."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from tests.table_driver import press_tool, set_device, table_model, tap
from uno.academy import store as db
from uno.academy.i18n import LANGS, t
from uno.academy.puzzles import EASY_RATING, Puzzle, by_id, daily, judge, load_bank
from uno.ui.puzzles import keys
from uno.ui.puzzles.session import today

TABLE = "pz_table"
TOKEN = "puzzle-device-token-0123456789"


def open_page(lang: str, *, kids: bool = False) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    if kids:
        at.query_params["kids"] = "1"
    at.switch_page("pages/10_puzzles.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def on_table(at: AppTest) -> Puzzle:
    pid = at.session_state[keys.PUZZLE]
    puzzle = by_id(pid)
    assert puzzle is not None
    return puzzle


def a_wrong_move(puzzle: Puzzle) -> str:
    """The worst move of the puzzle (all of them are legal there)."""
    return min(puzzle.chances.items(), key=lambda item: item[1])[0]


def texts(at: AppTest) -> str:
    found = [e.value for kind in ("success", "warning", "info", "caption") for e in at.get(kind)]
    return "\n".join(str(x) for x in found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_puzzle_of_the_day_is_on_the_table_with_hidden_hands(lang: str) -> None:
    at = open_page(lang)
    puzzle = on_table(at)
    assert puzzle == daily(today())  # the same for everyone today
    model = table_model(at, TABLE)
    assert model["hand"] is not None and all(s["cards"] is None for s in model["seats"])
    assert sorted(c["code"] for c in model["hand"]["cards"]) == sorted(
        puzzle.scenario["hands"][puzzle.seat]
    )
    assert at.title[0].value == t("nav.puzzles", lang)
    # The reader solves it: the table speaks to them ("Your turn"), not of their seat's name.
    state = puzzle.state
    pending = state.phase == "play" and state.pending_draw
    said = (
        t("table.you.pending", lang, count=state.pending_draw)
        if pending
        else t(f"table.you.{state.phase}", lang)
    )
    assert model["personal"] and model["status"] == said


@pytest.mark.parametrize("lang", LANGS)
def test_a_right_answer_shows_the_chance_and_why(lang: str) -> None:
    at = open_page(lang)
    puzzle = on_table(at)
    tap(at, TABLE, puzzle.solution)
    answer = at.session_state[keys.ANSWER]
    assert answer.right
    model = table_model(at, TABLE)
    assert model["message"]["kind"] == "success"
    said = texts(at) + model["message"]["text"]
    assert t("puzzles.why_label", lang, reason="").strip().rstrip(":").strip() in said
    assert [tool["id"] for tool in table_model(at, TABLE)["tools"]] == ["next"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_says_what_it_cost_and_you_may_try_again(lang: str) -> None:
    at = open_page(lang)
    puzzle = on_table(at)
    wrong = a_wrong_move(puzzle)
    tap(at, TABLE, wrong)
    answer = at.session_state[keys.ANSWER]
    assert not answer.right and answer.cost is not None and answer.cost >= 15
    message = table_model(at, TABLE)["message"]
    assert message["kind"] == "warning"
    points = t("puzzles.points", lang, count=max(1, round(answer.cost)))
    assert points in message["text"]
    assert [tool["id"] for tool in table_model(at, TABLE)["tools"]] == ["again", "show", "next"]
    press_tool(at, TABLE, "show")
    assert t("puzzles.why_label", lang, reason="").strip().rstrip(":").strip() in texts(at)
    press_tool(at, TABLE, "again")
    assert at.session_state[keys.ANSWER] is None
    tap(at, TABLE, puzzle.solution)
    assert at.session_state[keys.ANSWER].right


def test_the_first_answer_rates_the_device_and_the_puzzle() -> None:
    at = open_page("en")
    set_device(at, TOKEN)
    puzzle = on_table(at)
    tap(at, TABLE, a_wrong_move(puzzle))
    with db.open_store() as store:
        profile = store.puzzle_profile(TOKEN)
        assert profile.tried == 1 and profile.rating < 1500 and profile.streak == 0
        assert store.puzzle_ratings()[puzzle.id][0] > puzzle.rating
    press_tool(at, TABLE, "again")
    tap(at, TABLE, puzzle.solution)  # the try again is not rated
    with db.open_store() as store:
        assert store.puzzle_profile(TOKEN).tried == 1
    press_tool(at, TABLE, "next")  # training now: another puzzle
    assert at.session_state[keys.MODE] == "train" and on_table(at) != puzzle
    assert "1" in texts(at)


def test_a_theme_gives_puzzles_of_that_theme() -> None:
    at = open_page("fr")
    at.session_state[keys.MODE] = "train"
    at.run()
    at.selectbox(key=keys.THEME).set_value("H-STACK").run()
    assert not at.exception
    assert "H-STACK" in on_table(at).themes
    options = at.selectbox(key=keys.THEME).options
    assert any("Cumul" in option for option in options)


def test_children_get_easy_puzzles_and_kind_words() -> None:
    at = open_page("en", kids=True)
    at.session_state[keys.MODE] = "train"
    at.run()
    puzzle = on_table(at)
    assert puzzle.rating <= EASY_RATING
    tap(at, TABLE, a_wrong_move(puzzle))
    message = table_model(at, TABLE)["message"]
    assert message["text"].startswith(t("puzzles.kids.wrong", "en"))
    assert "point" not in texts(at)


def test_a_class_set_reaches_the_pupil_and_the_teachers_report() -> None:
    teacher, pupil = "teacher-device-token-0123456789", TOKEN
    bank = load_bank()
    ids = [bank[0].id, bank[1].id]
    with db.open_store() as store:
        klass = store.create_class(teacher, "CM2")
        store.join_class(pupil, klass.code, "Léa")
        store.set_class_puzzles(teacher, klass.code, ids)
    at = open_page("fr")
    set_device(at, pupil)
    at.session_state[keys.MODE] = "class"
    at.run()
    puzzle = on_table(at)
    assert puzzle.id == ids[0]
    tap(at, TABLE, puzzle.solution)
    assert judge(puzzle, puzzle.solution).right
    with db.open_store() as store:
        report = store.class_puzzle_report(teacher, klass.code)
    assert [(p.first_name, dict(p.answers)) for p in report.pupils] == [
        ("Léa", {ids[0]: (True, True)})
    ]


def test_the_teacher_makes_a_set_and_sees_the_results_in_the_class_report() -> None:
    teacher, pupil = "teacher-device-token-9876543210", "pupil-device-token-9876543210"
    with db.open_store() as store:
        klass = store.create_class(teacher, "CE1")
        store.join_class(pupil, klass.code, "Tom")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("pages/7_teachers.py").run()
    set_device(at, teacher)
    bank = load_bank()
    chosen = [bank[2].id, bank[3].id]
    at.multiselect(key="tc_puzzles").set_value(chosen).run()
    at.button(key="tc_puzzles_save").click().run()
    assert not at.exception
    assert t("teachers.puzzles.saved", "en", count=2) in [s.value for s in at.success]
    with db.open_store() as store:
        assert store.class_puzzles(pupil) == tuple(chosen)
        store.answer_puzzle(pupil, chosen[0], 1500.0, False)
        store.answer_puzzle(pupil, chosen[0], 1500.0, True)
    at.run()
    frame = at.dataframe[0].value
    assert list(frame.iloc[0])[:3] == ["Tom", t("teachers.puzzles.later", "en"), ""]
