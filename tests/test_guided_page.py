"""AppTest flows of the guided first game (pages/9_first_game.py): the page opens in every
language with its two ways to start; the learner plays the whole guided game by tapping the
table as a person would (the card, its colour, "Uno" or not, the draw pile, the buttons) and
"Continue" at each pause, to the round's result; a wrong tap shows the hint and changes nothing;
the children's version plays on big cards to its own end; the home page and the classroom link
to it."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from tests.table_driver import press_menu, press_tool, table_model, tap
from uno.academy import guided
from uno.academy.guided import Guided
from uno.academy.i18n import LANGS, t

PAGE = "pages/9_first_game.py"
TABLE = "fg_table"


def open_page(lang: str, path: str = PAGE, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(path).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def game_of(at: AppTest) -> Guided:
    game = at.session_state["fg_game"]
    assert isinstance(game, Guided)
    return game


def send_for(model: dict[str, Any], game: Guided) -> str:
    """What a person taps for the move the guided game waits for, read from the table as it is
    drawn: a card of the hand (then its colour, then "UNO! and play" or "Play without saying
    UNO"), the draw pile, or a button."""
    decision = game.decision
    assert decision is not None
    action = uno.parse_action(f"0: {decision.actions[0]}", game.state)
    if action.verb == "play" and action.card is not None:
        hand_tap = model["hand"]["taps"][str(action.card)]
        assert "refuse" not in hand_tap
        choices = hand_tap["choices"] if "ask" in hand_tap else [hand_tap]
        if action.card.is_wild:
            assert action.color is not None
            choices = [c for c in choices if c["color"] == action.color.name]
        sent = choices[0]["send_uno"] if action.uno else choices[0]["send"]
    elif action.verb == "draw":
        sent = model["pile"]["tap"]["send"]
    else:
        sent = next(b["send"] for b in model["buttons"] if b["verb"] == action.verb)
    assert sent == str(action)
    return str(sent)


def play_to_the_end(at: AppTest) -> dict[str, int]:
    """Tap through the guided game; returns how many moves and "Continue" it took."""
    taps = {"moves": 0, "continue": 0}
    for _ in range(200):
        game = game_of(at)
        if game.finished or (game.kids and game.state.is_over):
            return taps
        model = table_model(at, TABLE)
        assert model["message"] is not None and model["message"]["text"]
        if game.pause is not None:
            assert [tool["id"] for tool in model["tools"]] == ["continue"]
            assert not model["hand"]["active"]  # the hand waits while the table explains
            press_tool(at, TABLE, "continue")
            taps["continue"] += 1
        else:
            assert model["hand"]["active"] and not model["tools"]
            tap(at, TABLE, send_for(model, game))
            assert game_of(at).said is None
            taps["moves"] += 1
    raise AssertionError("the guided game did not end")


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_opens_in_every_language(lang: str) -> None:
    at = open_page(lang)
    assert at.title[0].value == t("nav.first_game", lang)
    assert t("guided.intro", lang) in [m.value for m in at.markdown]
    start, kids = at.button(key="fg_start"), at.button(key="fg_kids")
    assert (start.proto.label, kids.proto.label) == (
        t("guided.start", lang),
        t("guided.kids_start", lang),
    )
    assert start.proto.type == "primary" and kids.proto.type == "secondary"
    # Opened from the classroom (?kids=1): the children's version comes first.
    at = open_page(lang, kids="1")
    assert at.button(key="fg_kids").proto.type == "primary"


@pytest.mark.parametrize("lang", LANGS)
def test_the_learner_plays_the_whole_guided_game_by_taps(lang: str) -> None:
    at = open_page(lang)
    click(at, "fg_start")
    model = table_model(at, TABLE)
    assert model["fill"] and model["personal"] and model["size"] == "md"
    assert model["menu"] is not None  # the page folded away: the table is the game screen
    assert [s["name"] for s in model["seats"]] == guided.player_names(lang)
    assert all(s["bot"] == "" for s in model["seats"][1:])  # no strategy named
    assert model["message"]["text"] == guided.message(game_of(at), lang).text
    # The first pause waits on the learner's own turn: the table speaks to them, not of them.
    assert model["status"] == t("table.you.play", lang)
    taps = play_to_the_end(at)
    script = guided.load_script()
    assert taps == {"moves": len(script.decisions), "continue": len(script.pause_keys)}
    # The round's end: the table's result, then what the learner scored and "Start again".
    game = game_of(at)
    model = table_model(at, TABLE)
    assert model["result"]["winner"] == 0 and not model["fill"]
    end = guided.end_text(game, lang)
    assert end is not None and end in [s.value for s in at.success]
    assert at.button(key="fg_again").proto.label == t("guided.again", lang)
    click(at, "fg_again")
    assert game_of(at).match.steps == () and game_of(at).pause is not None


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_pause_is_read_at_the_round_result(lang: str) -> None:
    """The last card: the table shows the result with the round's pause on it ("Continue")."""
    at = open_page(lang)
    click(at, "fg_start")
    game = game_of(at)
    while not game.state.is_over:  # the script's moves, straight through the session
        if game.pause is not None:
            game = game.go_on()
        elif game.decision is not None:
            game = game.tap(game.decision.actions[0]).advance()
        else:
            game = game.advance()
    at.session_state["fg_game"] = game
    at.run()
    model = table_model(at, TABLE)
    assert model["over"] and model["result"]["winner"] == 0
    points = game.state.scores[0]
    assert model["message"]["text"] == t("guided.pause.round_won", lang, count=points)
    assert [tool["id"] for tool in model["tools"]] == ["continue"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_tap_shows_the_hint_and_changes_nothing(lang: str) -> None:
    at = open_page(lang)
    click(at, "fg_start")
    press_tool(at, TABLE, "continue")
    before = game_of(at)
    model = table_model(at, TABLE)
    assert model["message"]["kind"] == "info"
    assert model["message"]["text"] == t("guided.do.match_color", lang, color=t("color.R", lang))
    wild = model["hand"]["taps"]["W"]
    blue = next(c["send"] for c in wild["choices"] if c["color"] == "B")
    tap(at, TABLE, blue)  # a Wild is legal here, but this lesson is about colours
    after = game_of(at)
    assert after.match.steps == before.match.steps and after.match.state == before.match.state
    model = table_model(at, TABLE)
    assert model["message"]["kind"] == "warning"
    assert model["message"]["text"] == t("guided.hint.match_color", lang, color=t("color.R", lang))
    assert not any(card["hint"] for card in model["hand"]["cards"])
    tap(at, TABLE, blue)  # twice: the table names the move and outlines the card
    model = table_model(at, TABLE)
    assert model["message"]["text"] == guided.message(game_of(at), lang).text
    assert [card["code"] for card in model["hand"]["cards"] if card["hint"]] == ["R2"]
    assert game_of(at).match.steps == before.match.steps
    tap(at, TABLE, model["hand"]["taps"]["R2"]["send"])
    assert game_of(at).at == 1 and game_of(at).said is None


def test_the_menu_brings_the_page_back_and_back_to_the_game_folds_it() -> None:
    at = open_page("en")
    click(at, "fg_start")
    assert not at.title  # folded
    press_menu(at, TABLE)
    assert at.title[0].value == t("nav.first_game", "en")
    assert not table_model(at, TABLE)["fill"]
    click(at, "fg_back_to_game")
    assert not at.title and table_model(at, TABLE)["fill"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_childrens_version_plays_on_big_cards_to_its_end(lang: str) -> None:
    at = open_page(lang, kids="1")
    click(at, "fg_kids")
    game = game_of(at)
    assert game.kids
    model = table_model(at, TABLE)
    assert model["size"] == "xl" and model["hand"]["title"] == t("classroom.your_cards", lang)
    names = guided.player_names(lang, kids=True)
    assert [s["name"] for s in model["seats"]] == names
    assert model["message"]["text"] == t("guided.kids.pause.start", lang)
    play_to_the_end(at)
    points = game_of(at).state.scores[0]
    assert t("guided.kids.pause.round_won", lang, count=points) in [s.value for s in at.success]
    assert at.button(key="fg_again").proto.label == t("guided.again", lang)
    click(at, "fg_again")
    assert game_of(at).kids and game_of(at).match.steps == ()


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_and_the_classroom_link_to_the_guided_game(lang: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    home = [
        link.proto
        for link in at.main.get("page_link")
        if link.proto.label == t("guided.home_link", lang)
    ]
    assert home and home[0].page == "first_game"
    at.switch_page("pages/6_classroom.py").run()
    links = [link.proto for link in at.main.get("page_link")]
    room = [link for link in links if link.label == t("guided.classroom_link", lang)]
    assert room and room[0].page == "first_game"
    assert "kids=1" in room[0].query_string
