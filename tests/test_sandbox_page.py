"""AppTest flows of the sandbox in every language: deal, legal and illegal cards, a wild's
colour, a challenge, undo/redo, bot steps, export then import, share links, bad files."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from uno.academy.i18n import LANGS, t
from uno.academy.sandbox import encode_share
from uno.scenario import dumps_scenario
from uno.ui.words import inert as md_escape


def open_sandbox(lang: str, share: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    if share is not None:
        at.query_params["s"] = share
    at.switch_page("pages/3_sandbox.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def current(at: AppTest) -> uno.GameState:
    return at.session_state["sb_timeline"].current


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def build(at: AppTest, hands: list[str], top: str, turn: int = 0) -> None:
    at.number_input(key="sb_count").set_value(len(hands)).run()
    for seat, hand in enumerate(hands):
        at.text_input(key=f"sb_hand_{seat}").input(hand)
    at.text_input(key="sb_top").input(top)
    at.selectbox(key="sb_turn").set_value(turn)
    click(at, "sb_build")


@pytest.mark.parametrize("lang", LANGS)
def test_deal_play_legal_and_illegal_undo_redo(lang: str) -> None:
    at = open_sandbox(lang)
    assert t("sandbox.no_game", lang) in [i.value for i in at.info]
    click(at, "sb_deal")
    state = current(at)
    assert state.seed == 1 and sum(map(len, state.hands)) >= 14
    playable = uno.playable_cards(state)
    hand = set(state.hands[state.turn])
    illegal = sorted(c for c in hand if c not in playable)
    if illegal:
        click(at, f"sb_card_{state.turn}_{illegal[0]}")
        assert current(at) == state, "a refused card changes nothing"
        assert any(t("reason.no_match", lang) in e.value for e in at.error)
    legal = [c for c in playable if not c.is_wild] or playable
    if legal:
        click(at, f"sb_card_{state.turn}_{legal[0]}")
    else:
        click(at, f"sb_act_{state.turn}: draw")
    moved = current(at)
    assert moved != state
    click(at, "sb_undo")
    assert current(at) == state
    click(at, "sb_redo")
    assert current(at) == moved
    click(at, "sb_restart")
    assert current(at) == state


@pytest.mark.parametrize("lang", LANGS)
def test_wild_colour_and_challenge(lang: str) -> None:
    at = open_sandbox(lang)
    build(at, ["WD4 R3 W", "G2 Y4"], "R5")
    assert not at.error, [e.value for e in at.error]
    at.selectbox(key="sb_wild_color").set_value("G")
    click(at, "sb_card_0_WD4")
    state = current(at)
    assert state.phase is uno.Phase.CHALLENGE and state.current_color is uno.Color.G
    click(at, "sb_act_1: challenge")  # seat 0 still held a red card: guilty (R-CHAL-2)
    after = current(at)
    assert len(after.hands[0]) == 2 + 4 and after.turn == 1
    story = " ".join(m.value for m in at.markdown)
    names = [md_escape(n) for n in after.players]
    assert t("event.challenged_guilty", lang, name=names[1], other=names[0]) in story


@pytest.mark.parametrize("lang", LANGS)
def test_bots_step_and_play_until_a_human(lang: str) -> None:
    at = open_sandbox(lang)
    build(at, ["R1 R2 R3", "R4 R5 R6", "R7 R8 R9"], "B0 Y0 R0")
    for seat in (1, 2):
        at.selectbox(key=f"sb_ctrl_{seat}").set_value("first")
    at.run()
    click(at, "sb_step")  # the human's turn: the computer has nothing to play
    assert len(at.session_state["sb_timeline"].states) == 1
    assert t("sandbox.waiting_human", lang) in [i.value for i in at.info]
    click(at, "sb_card_0_R1")
    click(at, "sb_until")  # seats 1 and 2 play, then it is the human's turn again
    timeline = at.session_state["sb_timeline"]
    assert len(timeline.states) == 4
    assert current(at).turn == 0
    assert [str(c) for c in current(at).discard_pile[-3:]] == ["R1", "R4", "R7"]


@pytest.mark.parametrize("lang", LANGS)
def test_export_then_import_gives_the_same_board(lang: str) -> None:
    at = open_sandbox(lang)
    click(at, "sb_deal")
    state = current(at)
    exported = dumps_scenario(state).encode("utf-8")
    fresh = open_sandbox(lang)
    fresh.get("file_uploader")[0].set_value(("game.json", exported, "application/json")).run()
    click(fresh, "sb_open")
    assert current(fresh) == state


@pytest.mark.parametrize("lang", LANGS)
def test_share_link_round_trip(lang: str) -> None:
    state = uno.new_game(["Ana", "Ben", "Léa"], rules="house", seed=4)
    at = open_sandbox(lang, share=encode_share(state))
    assert current(at) == state
    assert t("sandbox.link_opened", lang) in [s.value for s in at.success]


BAD_FILES = [
    (b"this is not json", "not_json"),
    (
        json.dumps({"players": 2, "hands": [["R0"], ["R0"]], "discard_pile": ["R1"]}).encode(),
        "too_many_copies",
    ),
    (b"{" + b" " * 1_000_001 + b"}", "too_large"),
]


@pytest.mark.parametrize(("data", "code"), BAD_FILES, ids=[c for _, c in BAD_FILES])
@pytest.mark.parametrize("lang", LANGS)
def test_bad_uploads_show_a_message_and_change_nothing(lang: str, data: bytes, code: str) -> None:
    at = open_sandbox(lang)
    click(at, "sb_deal")
    before = at.session_state["sb_timeline"]
    at.get("file_uploader")[0].set_value(("bad.json", data, "application/json")).run()
    click(at, "sb_open")
    assert at.session_state["sb_timeline"] is before
    assert at.error, "a message is shown"
    template = t(f"scenario_error.{code}", lang, field="\0", value="\0")
    for piece in filter(None, (p.strip() for p in template.split("\0"))):
        assert piece in at.error[0].value


@pytest.mark.parametrize("link", ["%%%", "QUJD", "A" * 9000])
def test_broken_share_links_show_a_message(link: str) -> None:
    at = open_sandbox("fr", share=link)
    assert "sb_timeline" not in at.session_state
    assert at.error


def test_a_click_runs_the_script_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every control of the sandbox is a callback: one click, one run of the page (it used to
    be two: a button's branch changed the state, then called st.rerun)."""
    import uno.ui.sandbox_view as view

    runs: list[int] = []
    real = view.show_sandbox

    def counted(lang: str) -> None:
        runs.append(1)
        real(lang)

    monkeypatch.setattr(view, "show_sandbox", counted)
    at = open_sandbox("en")
    build(at, ["R1 R2 G3", "R4 R5 R6", "R7 R8 R9"], "B0 Y0 R0")
    at.selectbox(key="sb_ctrl_1").set_value("first").run()
    for key in ("sb_card_0_R1", "sb_undo", "sb_redo", "sb_step", "sb_until", "sb_restart"):
        before = len(runs)
        click(at, key)
        assert len(runs) - before == 1, key
    assert len(at.session_state["sb_timeline"].states) >= 3
