"""AppTest flows of the sandbox in every language, through the table's Python side: the view
model it is drawn from, and the actions it sends back (tests/table_driver.py). Deal, a legal and
an illegal tap, a wild's colour, a challenge, computer players answering on their own, undo to
the person's last decision, export then import, share links that keep the table, bad files."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from tests.table_driver import press_tool, story, table_model, table_send, tap, tap_card
from uno.academy.i18n import LANGS, card_label, t
from uno.academy.lessons import lesson_for_rule
from uno.academy.match import Match
from uno.academy.sandbox import encode_match, encode_share, scenario_text
from uno.ui.words import inert

TABLE = "sb_table"


def open_sandbox(lang: str, share: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    if share is not None:
        at.query_params["s"] = share
    at.switch_page("pages/3_sandbox.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def controllers(at: AppTest) -> list[str]:
    """Who plays each seat of the match on the table, as the seat controls name them."""
    return ["human" if seat is None else seat for seat in at.session_state["sb_match"].seats]


def current(at: AppTest) -> uno.GameState:
    return at.session_state["sb_match"].state


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


def set_players(at: AppTest, controllers: list[str]) -> None:
    for seat, controller in enumerate(controllers):
        at.selectbox(key=f"sb_ctrl_{seat}").set_value(controller)
    at.run()


@pytest.mark.parametrize("lang", LANGS)
def test_one_tap_plays_and_the_computer_answers_until_the_persons_turn(lang: str) -> None:
    at = open_sandbox(lang)
    assert t("sandbox.no_game", lang) in [i.value for i in at.info]
    click(at, "sb_deal")
    state = current(at)
    assert controllers(at) == ["human", "greedy", "greedy"]
    model = table_model(at, TABLE)
    assert model["hand"]["seat"] == 0 and model["lang"] == lang
    lit = [c["code"] for c in model["hand"]["cards"] if c["lit"]]
    assert set(lit) == {str(c) for c in uno.playable_cards(state)}  # lit = legal, no more
    if lit:
        tap_card(at, TABLE, lit[0], color="B")
    else:
        tap(at, TABLE, "0: draw")
    after = current(at)
    # The computer players moved on their own: it is the person's turn again (or the end).
    assert after.is_over or after.turn == 0
    match = at.session_state["sb_match"]
    assert [s.person for s in match.steps].count(True) == 1 and len(match.steps) + 1 >= 2
    # Undo goes back to the person's decision, with the computer's moves after it.
    click(at, "sb_undo")
    assert current(at) == state
    click(at, "sb_redo")
    assert current(at) == after


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_tap_is_explained_at_the_hand_and_changes_nothing(lang: str) -> None:
    at = open_sandbox(lang)
    build(at, ["G5 R1", "Y1 Y2"], "R7")
    before = current(at)
    model = table_model(at, TABLE)
    refusal = model["hand"]["taps"]["G5"]["refuse"]
    assert refusal["text"] == t("reason.no_match", lang)
    assert [link["href"] for link in refusal["links"]] == [
        f"reference?lang={lang}#r-play-1",
        f"lessons?lang={lang}&lesson=3",
    ]
    # Sent anyway (a forged or an old tap): Python refuses it the same way, at the hand.
    tap(at, TABLE, "0: play G5")
    assert current(at) == before
    message = table_model(at, TABLE)["message"]
    assert message["kind"] == "error" and message["text"] == t("reason.no_match", lang)


def test_a_tap_on_an_old_table_or_for_a_computer_seat_is_refused() -> None:
    at = open_sandbox("en")
    build(at, ["R5 R1", "Y1 Y2"], "R7")
    before = current(at)
    version = table_model(at, TABLE)["version"]
    table_send(at, TABLE, "action", {"action": "0: play R5", "version": version - 1})
    assert current(at) == before
    assert table_model(at, TABLE)["message"]["text"] == t("table.stale", "en")
    tap(at, TABLE, "1: catch 0")
    assert table_model(at, TABLE)["message"]["text"] == t("table.not_yours", "en")
    tap(at, TABLE, "not an action")
    assert table_model(at, TABLE)["message"]["text"] == t("sandbox.bad_action", "en")
    assert current(at) == before


@pytest.mark.parametrize("lang", LANGS)
def test_wild_colour_asked_at_the_table_and_challenge(lang: str) -> None:
    at = open_sandbox(lang)
    build(at, ["WD4 R3 W", "G2 Y4"], "R5")
    assert not at.error, [e.value for e in at.error]
    set_players(at, ["human", "human"])
    wild = table_model(at, TABLE)["hand"]["taps"]["WD4"]
    assert wild["ask"] == "color" and [c["color"] for c in wild["choices"]] == list("RYGB")
    tap_card(at, TABLE, "WD4", color="G")
    state = current(at)
    assert state.phase is uno.Phase.CHALLENGE and state.current_color is uno.Color.G
    model = table_model(at, TABLE)
    assert model["hand"]["seat"] == 1  # the person who must answer holds the table now
    assert {b["send"] for b in model["buttons"]} == {"1: challenge", "1: accept"}
    tap(at, TABLE, "1: challenge")  # seat 0 still held a red card: guilty (R-CHAL-2)
    after = current(at)
    assert len(after.hands[0]) == 2 + 4 and after.turn == 1
    names = [inert(n) for n in after.players]
    told = story(at, TABLE)
    shown = card_label(uno.Card("R3"), lang)  # the challenger is shown the card that was held
    guilty = t(
        "event.challenged_guilty_card",
        lang,
        name=names[1],
        other=names[0],
        color=t("color.R", lang),
        card=shown,
    )
    assert guilty in told
    # The line opens its ruling and the lesson that teaches it.
    (entry,) = [e for e in table_model(at, TABLE)["story"] if e["text"] == guilty]
    lesson = lesson_for_rule("R-CHAL-2")
    assert entry["rule"] == "R-CHAL-2" and lesson is not None
    assert [link["href"] for link in entry["links"]] == [
        f"reference?lang={lang}#r-chal-2",
        f"lessons?lang={lang}&lesson={lesson}",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_computer_players_move_without_taps_until_a_person_must_act(lang: str) -> None:
    at = open_sandbox(lang)
    build(at, ["R1 R2 R3", "R4 R5 R6", "R7 R8 R9"], "B0 Y0 R0")
    set_players(at, ["human", "first", "first"])
    tap_card(at, TABLE, "R1")
    match = at.session_state["sb_match"]
    assert len(match.steps) + 1 == 4 and current(at).turn == 0
    assert [str(c) for c in current(at).discard_pile[-3:]] == ["R1", "R4", "R7"]
    # The story names the colour a wild named and, to its player, the card drawn.
    assert len(story(at, TABLE)) == 3


def test_step_by_step_mode_moves_one_computer_player_per_click() -> None:
    at = open_sandbox("en")
    build(at, ["R1 R2 R3", "R4 R5 R6", "R7 R8 R9"], "B0 Y0 R0")
    at.selectbox(key="sb_pause").set_value(-1).run()
    set_players(at, ["human", "first", "first"])
    tap_card(at, TABLE, "R1")
    assert len(at.session_state["sb_match"].steps) + 1 == 2
    press_tool(at, TABLE, "step")  # the table's button: the next computer player's move
    assert len(at.session_state["sb_match"].steps) + 1 == 3
    press_tool(at, TABLE, "step")
    assert current(at).turn == 0


def test_your_own_draw_names_the_card_in_the_story_only_to_you() -> None:
    at = open_sandbox("fr")
    at.text_input(key="sb_draw").input("B3 B4 B5")
    build(at, ["G5 G6", "Y1 Y2"], "R7")
    set_players(at, ["human", "first"])
    tap(at, TABLE, "0: draw")
    told = story(at, TABLE)
    assert t("table.you_drew", "fr", card=card_label(uno.Card("B3"), "fr")) in told
    assert not any(card_label(uno.Card("B4"), "fr") in line for line in told)  # Ben's card


@pytest.mark.parametrize("lang", LANGS)
def test_export_then_import_gives_the_same_board_and_table(lang: str) -> None:
    at = open_sandbox(lang)
    click(at, "sb_deal")
    state = current(at)
    exported = scenario_text(state, {"bots": {"1": "greedy", "2": "random"}})
    fresh = open_sandbox(lang)
    fresh.get("file_uploader")[0].set_value(
        ("game.json", exported.encode("utf-8"), "application/json")
    ).run()
    click(fresh, "sb_open")
    assert current(fresh) == state
    assert controllers(fresh) == ["human", "greedy", "random"]


@pytest.mark.parametrize("lang", LANGS)
def test_share_link_keeps_bots_hidden_hands_and_the_readers_seat(lang: str) -> None:
    state = uno.load_scenario(
        {
            "players": ["Ana", "Ben", "Léa"],
            "hands": [["WD4", "R3"], ["G2", "Y4"], ["B1", "B2"]],
            "discard_pile": ["R5"],
            "turn": 0,
        }
    )
    state, _ = uno.apply(state, "0: play WD4 G uno")
    link = encode_share(
        state, {"bots": {"0": "greedy", "2": "random"}, "hide_hands": True, "viewer": 1}
    )
    at = open_sandbox(lang, share=link)
    assert current(at) == state
    assert t("sandbox.link_opened", lang) in [s.value for s in at.success]
    assert controllers(at) == ["greedy", "human", "random"]
    model = table_model(at, TABLE)
    assert model["hand"]["seat"] == 1
    # The bluffer's red 3 never reaches the page: the other hands are only counted.
    assert all(seat["cards"] is None for seat in model["seats"] if seat["seat"] != 1)
    assert "R3" not in json.dumps(model)


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_against_computer_players_their_hands_are_hidden_until_shown_for_study(lang: str) -> None:
    at = open_sandbox(lang)
    click(at, "sb_deal")
    assert controllers(at)[0] == "human" and all(c != "human" for c in controllers(at)[1:])
    model = table_model(at, TABLE)
    assert model["hand"]["seat"] == 0
    assert all(seat["cards"] is None for seat in model["seats"] if seat["seat"] != 0)
    at.toggle(key="sb_hide").set_value(False).run()  # the switch: shown, for study
    model = table_model(at, TABLE)
    shown = {seat["seat"]: seat["cards"] for seat in model["seats"] if seat["seat"] != 0}
    state = current(at)
    for seat, cards in shown.items():
        assert sorted(c["code"] for c in cards) == sorted(str(c) for c in state.hands[seat])


def test_a_built_situation_asks_who_plays_each_seat() -> None:
    """A family member at seat 1 is a person from the start: he can challenge the Wild Draw
    Four himself, no switch to find first."""
    at = open_sandbox("en")
    at.number_input(key="sb_count").set_value(2).run()
    assert at.selectbox(key="sb_build_seat_0").value == "human"
    assert at.selectbox(key="sb_build_seat_1").value != "human"  # a computer player by default
    at.selectbox(key="sb_build_seat_1").set_value("human")
    build(at, ["WD4 R3", "G2 Y4"], "R5")
    assert controllers(at) == ["human", "human"]
    tap(at, TABLE, "0: play WD4 G uno")
    assert current(at).turn == 1
    assert {b["send"] for b in table_model(at, TABLE)["buttons"]} >= {"1: challenge", "1: accept"}


def test_a_share_link_opens_at_the_same_step_with_its_history() -> None:
    match = Match.new(uno.new_game(["Ana", "Ben", "Léa"], seed=5), ["greedy"] * 3)
    match = match.play_bots(limit=9).with_seats([None, "greedy", "greedy"]).play_bots()
    link = encode_match(match, {"bots": {"1": "greedy", "2": "greedy"}, "hide_hands": True})
    at = open_sandbox("en", share=link)
    opened = at.session_state["sb_match"]
    assert opened.index == match.index and opened.state == match.state
    assert len(opened.steps) == len(match.steps) >= 9
    assert story(at, TABLE)  # the round's story came with it
    assert opened.can_undo


def test_an_old_share_link_opens_with_every_seat_a_person() -> None:
    state = uno.new_game(["Ana", "Ben", "Léa"], rules="house", seed=4)
    at = open_sandbox("en", share=encode_share(state))
    assert current(at) == state
    assert controllers(at) == ["human"] * 3


BAD_FILES = [
    (b"this is not json", "not_json"),
    (
        json.dumps({"players": 2, "hands": [["R0"], ["R0"]], "discard_pile": ["R1"]}).encode(),
        "too_many_copies",
    ),
    (b"{" + b" " * 1_000_001 + b"}", "too_large"),
    (
        json.dumps(
            {
                "players": 2,
                "hands": [["R1"], ["R2"]],
                "discard_pile": ["R3"],
                "table": {"bots": {"5": "x"}},
            }
        ).encode(),
        "bad_seat",
    ),
]


@pytest.mark.parametrize(("data", "code"), BAD_FILES, ids=[c for _, c in BAD_FILES])
@pytest.mark.parametrize("lang", LANGS)
def test_bad_uploads_show_a_message_and_change_nothing(lang: str, data: bytes, code: str) -> None:
    at = open_sandbox(lang)
    click(at, "sb_deal")
    before = at.session_state["sb_match"]
    at.get("file_uploader")[0].set_value(("bad.json", data, "application/json")).run()
    click(at, "sb_open")
    assert at.session_state["sb_match"] is before
    assert at.error, "a message is shown"
    template = t(f"scenario_error.{code}", lang, field="\0", value="\0")
    for piece in filter(None, (p.strip() for p in template.split("\0"))):
        assert piece in at.error[0].value


TYPOS = [
    (["R7 Q4", "G2"], "R5", "", ("sandbox.field.hand", {"name": "Ana"}), "Q4"),
    (["R7", "G2"], "R5 Z9", "", ("sandbox.field.discard_pile", {}), "Z9"),
    (["R7", "G2"], "R5", "XX", ("sandbox.field.draw_pile", {}), "XX"),
]


@pytest.mark.parametrize(
    ("lang", "hands", "top", "draw", "box", "typo"),
    [(lang, *typo) for lang, typo in zip(LANGS, TYPOS, strict=True)],
    ids=["hand-en", "pile-fr", "draw-ru"],
)
def test_a_typo_in_the_build_tab_names_the_box_it_was_typed_in(
    lang: str, hands: list[str], top: str, draw: str, box: tuple[str, dict[str, str]], typo: str
) -> None:
    """Not the file's field (``hands[0][1]``, counted from 0): the box the reader typed in."""
    at = open_sandbox(lang)
    at.text_input(key="sb_name_0").input("Ana")
    at.text_input(key="sb_draw").input(draw)
    build(at, hands, top)
    assert "sb_match" not in at.session_state  # nothing was built
    key, values = box
    said = t("scenario_error.bad_card", lang, field=t(key, lang, **values), value=typo)
    assert [e.value for e in at.error] == [said]
    assert "[" not in said and "_pile" not in said


@pytest.mark.parametrize("link", ["%%%", "QUJD", "A" * 9000])
def test_broken_share_links_show_a_message(link: str) -> None:
    at = open_sandbox("fr", share=link)
    assert "sb_match" not in at.session_state
    assert at.error


def test_a_click_runs_the_script_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every control of the sandbox is a callback: one click, one run of the page (it used to
    be two: a button's branch changed the state, then called st.rerun)."""
    import uno.ui.sandbox as view

    runs: list[int] = []
    real = view.show_sandbox

    def counted(lang: str) -> None:
        runs.append(1)
        real(lang)

    monkeypatch.setattr(view, "show_sandbox", counted)
    at = open_sandbox("en")
    build(at, ["R1 R2 G3", "R4 R5 R6", "R7 R8 R9"], "B0 Y0 R0")
    set_players(at, ["human", "first", "first"])
    before = len(runs)
    tap_card(at, TABLE, "R1")
    assert len(runs) - before == 1
    for key in ("sb_undo", "sb_redo", "sb_back", "sb_forward", "sb_start"):
        before = len(runs)
        click(at, key)
        assert len(runs) - before == 1, key


def test_the_expert_and_the_coach_are_given_what_the_others_were_seen_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sandbox keeps no simulation's log, but its match holds the round: an ``expert``
    seat and the coach are given its log (``Match.round_log``), so they read the others'
    draws and plays as the expert of the benchmarks does."""
    from uno.academy import coach
    from uno.academy import match as match_module

    moves: list[tuple[int, list[object]]] = []
    asked: list[list[object]] = []
    next_bot_move, advice = match_module.next_bot_move, coach.advice

    def bot_spy(
        state: uno.GameState, seats: object, rng: object = None, log: object = ()
    ) -> object:
        moves.append((state.turn, list(log)))  # type: ignore[call-overload]
        return next_bot_move(state, seats, rng, log)  # type: ignore[arg-type]

    def coach_spy(state: uno.GameState, seat: object = None, **options: object) -> object:
        asked.append(list(options["log"]))  # type: ignore[call-overload]
        return advice(state, seat, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(match_module, "next_bot_move", bot_spy)
    monkeypatch.setattr(coach, "advice", coach_spy)
    at = open_sandbox("en")
    build(at, ["R1 R2 G3", "Y4 Y5 B6", "R4 R5 Y6"], "R9")
    set_players(at, ["human", "expert", "greedy"])
    tap_card(at, TABLE, "R1")
    assert current(at).turn == 0
    played = [note for turn, log in moves if turn == 1 for note in log]
    assert any(note[0] == 0 and note[5] == uno.Card("R1") for note in played)  # type: ignore[index]
    press_tool(at, TABLE, "coach")
    match = at.session_state["sb_match"]
    assert asked == [match.round_log()]
    assert {note[0] for note in asked[0]} >= {0, 1, 2}  # type: ignore[index]
