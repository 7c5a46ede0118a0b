"""The rooms page through AppTest (#20): a teacher opens a room and gets its code, link and QR
code; a wrong code is refused quietly; a pupil joins with the code and a first name, sees their
own hand and plays on their turn; a device cannot act for another seat; the projector view shows
the table with no hand; the page opens in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from tests.table_driver import press_menu, set_device, story, table_model, tap
from uno.academy import store as db
from uno.academy.i18n import card_label, t

PAGE = "pages/8_rooms.py"
TEACHER = "teacher-device-token-0123456789"
ANA = "ana-device-token-0123456789abcd"
#: The device the projector's page runs on (the teacher's laptop, a classroom's computer).
PROJECTOR = "projector-device-0123456789ab"
HANDS = [["R1", "R2"], ["R3", "B4"]]


@pytest.fixture
def db_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "store.sqlite3"
    monkeypatch.setenv("UNO_ACADEMY_DB", str(path))
    return path


def open_page(lang: str, device: str | None, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(PAGE).run()
    if device is not None:
        set_device(at, device)
    assert not at.exception, [e.value for e in at.exception]
    return at


def small_room(path: Path) -> str:
    start = uno.load_scenario(
        {
            "players": 2,
            "hands": HANDS,
            "discard_pile": ["R0"],
            "draw_pile": ["G1", "G2", "G3"],
            "turn": 0,
            "rules": {"preset": "single_round"},
        }
    )
    with db.open_store(path) as store:
        return str(store.create_room(TEACHER, seats=[("pupil", None)] * 2, start=start).code)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [w.value for w in at.warning]
    parts += [i.value for i in at.info] + [e.value for e in at.error] + [c.value for c in at.code]
    return "\n".join(str(p) for p in parts)


def test_a_teacher_opens_a_room_and_gets_its_code_link_and_qr(db_file: Path) -> None:
    at = open_page("fr", TEACHER)
    at.number_input(key="rm_seats").set_value(3)
    at.number_input(key="rm_pupils").set_value(2)
    at.button(key="rm_open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    with db.open_store(db_file) as store:
        (code,) = store.rooms_of(TEACHER)
        room = store.room_state(code)
    assert [s.kind for s in room.seats] == ["pupil", "pupil", "bot"]
    assert at.query_params["room"] == [code] or at.query_params["room"] == code
    shown = [c.value for c in at.code]
    assert code in shown and any(f"rooms?room={code}" in c for c in shown)
    assert len(at.get("image")) == 1  # the QR code, drawn here
    assert at.button(key="rm_pause") and at.button(key="rm_bot_0")
    model = table_model(at, f"rm_table_{code}")
    assert model["hand"] is None  # the teacher's screen shows the board, no hand


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_closing_a_room_asks_first_then_shows_it_closed_without_controls(
    db_file: Path, lang: str
) -> None:
    code = small_room(db_file)
    at = open_page(lang, TEACHER, room=code)
    at.button(key="rm_close").click().run()
    with db.open_store(db_file) as store:
        assert not store.room_state(code).closed  # one click closes nothing
    assert t("rooms.close_confirm", lang) in [w.value for w in at.warning]
    at.button(key="rm_close_no").click().run()  # the teacher changes their mind
    assert t("rooms.close_confirm", lang) not in [w.value for w in at.warning]
    at.button(key="rm_close").click().run()
    at.button(key="rm_close_yes").click().run()
    with db.open_store(db_file) as store:
        assert store.room_state(code).closed
    assert t("rooms.closed_teacher", lang) in [i.value for i in at.info]
    # No live controls and no table followed any more.
    assert not [b for b in at.button if b.key and b.key.startswith("rm_")]
    assert not [c for c in at.get("bidi_component") if c.proto.id.endswith(f"rm_table_{code}")]


def test_a_wrong_code_is_refused_quietly_and_changes_nothing(db_file: Path) -> None:
    code = small_room(db_file)
    at = open_page("ru", ANA)
    at.text_input(key="rm_code").input("ZZZZ-ZZZZ")
    at.text_input(key="rm_name").input("Аня")
    at.button(key="rm_join").click().run()
    assert not at.exception
    assert t("rooms.wrong_code", "ru") in [w.value for w in at.warning]
    with db.open_store(db_file) as store:
        assert all(s.name is None for s in store.room_state(code).seats)


def test_a_pupil_joins_sees_their_own_hand_and_plays(db_file: Path) -> None:
    code = small_room(db_file)
    at = open_page("en", ANA, room=code)
    assert at.text_input(key="rm_code").value == code  # the link fills the code in
    at.text_input(key="rm_name").input("Ana")
    at.button(key="rm_join").click().run()
    assert not at.exception, [e.value for e in at.exception]
    key = f"rm_table_{code}"
    model = table_model(at, key)
    assert sorted(c["code"] for c in model["hand"]["cards"]) == ["R1", "R2"]
    shown = {c["code"] for c in model["hand"]["cards"]} | set(model["images"])
    for seat in model["seats"]:
        shown |= {c["code"] for c in seat["cards"] or ()}
    assert not shown & {"R3", "B4"}, shown
    # The table is Ana's game screen: no page title, the table fills the window and speaks to
    # her; its menu brings the page back, "Back to the game" folds it again.
    model = table_model(at, key)
    assert not at.title and model["fill"] and model["personal"] and model["menu"]
    assert model["status"] == t("table.you.play", "en")
    press_menu(at, key)
    assert [x.value for x in at.title] == [t("nav.rooms", "en")]
    assert not table_model(at, key)["fill"]
    at.button(key="rm_back_to_game").click().run()
    assert not at.title and table_model(at, key)["fill"]
    tap(at, key, "1: draw")  # written for the other seat: refused, nothing changes
    assert table_model(at, key)["message"]["text"] == t("table.not_yours", "en")
    with db.open_store(db_file) as store:
        assert store.room_state(code).log == ()
    tap(at, key, "0: play R1 uno")
    with db.open_store(db_file) as store:
        assert [a.action for a in store.room_state(code).log] == ["0: play R1 uno"]
    played = t("event.played", "en", name="Ana", card="Red 1")
    assert any(played in line for line in story(at, key))


def test_the_projector_shows_the_table_and_no_hand(db_file: Path) -> None:
    code = small_room(db_file)
    at = open_page("fr", PROJECTOR, room=code, view="projector")
    model = table_model(at, f"rm_table_{code}")
    assert model["hand"] is None and [s["count"] for s in model["seats"]] == [2, 2]
    assert not at.text_input  # no form to join or open: the board only
    assert not at.title and not at.subheader  # no page around it: a wall
    assert model["wall"] and model["fill"] and model["hand"] is None
    # While pupils join: the code, the link and its QR code on the wall.
    join = model["join"]
    assert join["code"] == code and join["link"].endswith(f"rooms?room={code}")
    assert join["how"] == t("rooms.join_how", "fr") and join["qr_alt"] == t("rooms.qr_alt", "fr")
    assert join["qr"].startswith("data:image/svg+xml")
    with db.open_store(db_file) as store:  # every pupil's seat taken: the table alone
        store.join_room(code, "ana-device-0123456789abcdef", "Ana")
        store.join_room(code, "ben-device-0123456789abcdef", "Ben")
    at.run()
    assert table_model(at, f"rm_table_{code}")["join"] is None


def test_a_projector_switched_on_mid_round_tells_the_story_so_far(db_file: Path) -> None:
    code = small_room(db_file)
    with db.open_store(db_file) as store:
        ana = store.join_room(code, "ana-device-0123456789abcdef", "Ana")
        room = store.room_state(code)
        first = f"0: play {HANDS[0][0]}"
        store.apply_room_action(code, ana.token, room.version, first)
    at = open_page("fr", PROJECTOR, room=code, view="projector")
    told = story(at, f"rm_table_{code}")
    played = card_label(uno.parse_card(HANDS[0][0]), "fr")
    assert told and any(played in line for line in told), told


def test_the_projector_checks_room_codes_under_the_joining_limit(db_file: Path) -> None:
    """Hardening III: the projector view looked any code up, with no limit (185 wrong codes
    in 10 s from one session). Now a wrong code counts as when joining, and past the limit
    even the right code waits."""
    code = small_room(db_file)
    wrong = ("0" if code[0] != "0" else "1") + code[1:]
    for _ in range(db.DEVICE_ATTEMPTS):
        at = open_page("en", PROJECTOR, room=wrong, view="projector")
        assert [w.value for w in at.warning] == [t("rooms.gone", "en")]
        assert not [c for c in at.get("bidi_component") if "-rm_table_" in c.proto.id]
    at = open_page("en", PROJECTOR, room=code, view="projector")
    assert [w.value for w in at.warning] == [t("lessons.class_too_many", "en")]


def test_a_database_that_does_not_answer_is_said_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hardening III: a PostgreSQL server that does not answer is said as such, in a few
    seconds, and the rest of the page is drawn."""
    from tests.browser import free_port

    monkeypatch.setenv("UNO_ACADEMY_DB", f"postgresql://uno@127.0.0.1:{free_port()}/none")
    at = open_page("fr", TEACHER)
    assert [e.value for e in at.error] == [t("store.unavailable", "fr")]
    assert [h.value for h in at.title] == [t("nav.rooms", "fr")]


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_page_opens_in_every_language(db_file: Path, lang: str) -> None:
    at = open_page(lang, TEACHER)
    assert at.title[0].value == t("nav.rooms", lang)
    assert at.button(key="rm_join").label == t("rooms.join", lang)
    at = open_page(lang, None, room="no such code")
    assert not at.exception
