"""AppTest flows of the classroom and teacher pages: a kids' game played by clicking what the hint
suggests, where each tip shows once; a whole pass-and-play round where no card face of another
player is ever shown between turns (and a forgotten "Uno" is caught gently); the teacher page in
every language. Seeds are fixed so every game is the same, and short."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from tests.table_driver import press_tool, table_model, tap
from uno.academy import classroom
from uno.academy.classroom import TIPS
from uno.academy.i18n import LANGS, card_label, t
from uno.cards import Card, Color, deck_summary
from uno.setup import MAX_NAME_LENGTH
from uno.state import Phase
from uno.ui.frame import PAGES
from uno.ui.words import inert as md_escape

CARD = re.compile(r'data-card="([^"]+)"')


def open_page(path: str, lang: str, seed: int | None = None, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    if seed is not None:
        at.session_state["cl_seed"] = seed  # the next game is dealt with this seed
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(path).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def card_codes(at: AppTest) -> list[str]:
    return [code for el in at.get("html") for code in CARD.findall(el.proto.body)]


def texts(at: AppTest) -> list[str]:
    return (
        [m.value for m in at.markdown]
        + [h.value for h in at.header]
        + [b.proto.label for b in at.button]
        + [w.value for w in at.warning]
        + [s.value for s in at.success]
        + [i.value for i in at.info]
    )


def table(at: AppTest, prefix: str) -> dict:
    return table_model(at, f"{prefix}table")


def follow_hint(at: AppTest, prefix: str, seat: int, say_uno: bool = True) -> None:
    """Tap what a child following the hint taps ("UNO!" with the card when it is time, a
    colour after a wild, "take a card", "keep it", "take 4 cards"). The page must land on the
    very game the engine computes."""
    game = at.session_state[f"{prefix}game"]
    state = game.state
    action = classroom.hint_action(state, seat, uno=say_uno)
    assert action is not None
    expected = classroom.move(game, action)
    model = table(at, prefix)
    suggestion = classroom.hint(state, seat)
    if isinstance(suggestion, Card):
        tap_ = model["hand"]["taps"][str(suggestion)]
        choices = tap_["choices"] if "ask" in tap_ else [tap_]
        if suggestion.is_wild:
            assert action.color is not None
            choices = [c for c in choices if c["color"] == action.color.name]
        sent = choices[0]["send_uno"] if action.uno else choices[0]["send"]
        assert sent == str(action)
    elif isinstance(suggestion, Color):
        sent = next(c["send"] for c in model["ask"]["choices"] if c["color"] == suggestion.name)
    elif suggestion == "draw":
        sent = model["pile"]["tap"]["send"]
    else:
        sent = next(b["send"] for b in model["buttons"] if b["verb"] == suggestion)
    tap(at, f"{prefix}table", sent)
    assert at.session_state[f"{prefix}game"] == expected


# -- the game against the computer -----------------------------------------------------------

KIDS_GAMES = [("en", "full", 260), ("fr", "actions", 24), ("ru", "actions", 41)]


@pytest.mark.parametrize(("lang", "deck", "seed"), KIDS_GAMES, ids=[g[0] for g in KIDS_GAMES])
def test_kids_game_until_a_tip_then_it_never_shows_again(lang: str, deck: str, seed: int) -> None:
    at = open_page("pages/6_classroom.py", lang, seed)
    assert t("classroom.no_game", lang) in [i.value for i in at.info]
    at.radio(key="cl_k_deck").set_value(deck)
    at.radio(key="cl_k_friends").set_value(1).run()
    click(at, "cl_k_start")
    game = at.session_state["cl_k_game"]
    assert (game.deck, game.state.seed, game.state.n_players) == (deck, seed, 2)
    assert len(game.state.cards_in_play()) and game.waiting == 0

    # Big cards, the playable ones lit; the hint names a card and outlines it.
    model = table(at, "cl_k_")
    assert model["size"] == "xl" and model["hand"]["seat"] == 0
    playable = {str(c) for c in classroom.kid_playable(game.state, 0)}
    for card in model["hand"]["cards"]:
        assert card["lit"] == (card["code"] in playable)
    press_tool(at, "cl_k_table", "hint")
    suggestion = classroom.hint(game.state, 0)
    if isinstance(suggestion, Card):
        model = table(at, "cl_k_")
        hint = t("classroom.hint.card", lang, card=card_label(suggestion, lang))
        assert model["message"]["text"] == hint
        assert [c["code"] for c in model["hand"]["cards"] if c["hint"]] == [str(suggestion)]

    shown: dict[str, set[int]] = {}
    links: set[str] = set()
    for _ in range(80):
        game = at.session_state["cl_k_game"]
        infos = [i.value for i in at.info]
        for tip in TIPS:
            if t(f"classroom.tip.{tip}", lang) in infos:
                shown.setdefault(tip, set()).add(game.moves)
                number = classroom.tip_lesson(tip)
                for link in at.get("page_link"):
                    if link.proto.query_string == f"lang={lang}&lesson={number}":
                        links.add(tip)
        if game.state.is_over:
            break
        follow_hint(at, "cl_k_", 0)
    assert at.session_state["cl_k_game"].state.is_over
    assert shown, "a tip came up"
    for tip, moves in shown.items():
        assert len(moves) == 1, f"the {tip} tip showed after moves {sorted(moves)}"
    assert set(shown) == set(at.session_state["cl_k_game"].seen)
    assert links == set(shown), "each tip links to its lesson"
    winner = at.session_state["cl_k_game"].state.round_winner
    end = [s.value for s in at.success]
    assert (t("classroom.win_you", lang) in end) == (winner == 0)
    click(at, "cl_k_again")
    assert at.session_state["cl_k_game"].state.seed == seed + 1


def test_a_teachers_link_picks_the_deck_and_a_strange_one_is_ignored() -> None:
    at = open_page("pages/6_classroom.py", "en", deck="full")
    assert at.radio(key="cl_k_deck").value == "full"
    at = open_page("pages/6_classroom.py", "en", deck="<script>")
    assert at.radio(key="cl_k_deck").value == "numbers"


def test_a_childs_tap_for_another_seat_or_an_old_table_changes_nothing() -> None:
    at = open_page("pages/6_classroom.py", "en", seed=24)
    click(at, "cl_k_start")
    game = at.session_state["cl_k_game"]
    tap(at, "cl_k_table", "1: draw")
    assert at.session_state["cl_k_game"] == game
    assert table(at, "cl_k_")["message"]["text"] == t("table.not_yours", "en")


# -- pass and play ---------------------------------------------------------------------------


def test_pass_and_play_round_hides_the_hands_between_turns() -> None:
    lang = "en"
    at = open_page("pages/6_classroom.py", lang, seed=1)  # a drawn card that fits, a caught "Uno"
    at.radio(key="cl_mode").set_value("pass").run()
    at.text_input(key="cl_p_name_0").input("Léa")
    at.text_input(key="cl_p_name_1").input("<i>Tom</i>")  # children type names: user text
    click(at, "cl_p_start")
    names = ["Léa", md_escape("<i>Tom</i>")]
    pass_screens = player_screens = drawn_screens = 0
    caught = False
    for _ in range(200):
        game = at.session_state["cl_p_game"]
        state = game.state
        assert not any("<i>Tom" in text for text in texts(at)), "a name is never raw Markdown"
        assert not any("Tom" in el.proto.body for el in at.get("html")), "nor HTML"
        if state.is_over:
            break
        turn = state.turn
        if at.session_state["cl_p_shown"] != turn:
            # The pass screen: card backs only, whoever holds the device; no table at all.
            pass_screens += 1
            codes = card_codes(at)
            assert codes and set(codes) == {"back"}, codes
            assert not [c for c in at.get("bidi_component") if c.proto.id.endswith("-cl_p_table")]
            assert t("classroom.pass.to", lang, name=names[turn]) in [h.value for h in at.header]
            exposed = [seat for seat in state.uno_exposed if seat != turn]
            if exposed and not caught:  # Léa forgot "Uno": Tom catches her, gently
                assert t("classroom.pass.exposed", lang, name=names[exposed[0]]) in [
                    w.value for w in at.warning
                ]
                click(at, f"cl_p_catch_{exposed[0]}")
                gentle = t("classroom.caught_gently", lang, name=names[exposed[0]])
                assert gentle in [w.value for w in at.warning]
                caught = True
                continue
            click(at, "cl_p_show")
            continue
        # The player's screen: their own cards and the top card, no other hand.
        player_screens += 1
        # Its title says what is asked: a card just drawn that fits is no second turn.
        if state.phase is Phase.DRAWN:
            title, drawn_screens = "classroom.pass.drawn", drawn_screens + 1
        else:
            title = "classroom.pass.again" if game.last_seat == turn else "classroom.pass.turn"
        if title == "classroom.pass.turn":  # the plain turn: the table itself says "Your turn"
            assert not at.header
            assert table(at, "cl_p_")["status"] == t("classroom.kids.turn", lang)
        else:
            assert [h.value for h in at.header] == [t(title, lang, name=names[turn])]
        model = table(at, "cl_p_")
        assert model["hand"]["seat"] == turn
        assert Counter(c["code"] for c in model["hand"]["cards"]) == Counter(
            str(c) for c in state.hands[turn]
        )
        assert all(seat["cards"] is None for seat in model["seats"])
        follow_hint(at, "cl_p_", turn, say_uno=turn == 1)  # Léa never says "Uno"
        after = at.session_state["cl_p_game"].state
        if not after.is_over and after.turn != turn:
            assert at.session_state["cl_p_shown"] is None, "the hands hide at once"
    final = at.session_state["cl_p_game"].state
    assert final.is_over and caught
    assert pass_screens >= 6 and player_screens >= 6 and drawn_screens >= 1
    winner = final.round_winner
    assert winner is not None
    assert t("classroom.win", lang, name=names[winner]) in [s.value for s in at.success]


def test_pass_and_play_needs_a_name_for_everyone() -> None:
    at = open_page("pages/6_classroom.py", "fr")
    at.radio(key="cl_mode").set_value("pass").run()
    at.radio(key="cl_p_count").set_value(3).run()
    at.text_input(key="cl_p_name_2").input("   ")
    click(at, "cl_p_start")
    assert "cl_p_game" not in at.session_state
    limit = MAX_NAME_LENGTH  # "40 lettres au plus"
    assert t("classroom.pass.bad_names", "fr", limit=limit, count=limit) in [
        e.value for e in at.error
    ]


# -- the teacher page ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_teacher_page_links_activities_and_shows_the_rules_sheet(lang: str) -> None:
    at = open_page("pages/7_teachers.py", lang)
    assert at.title[0].value == t("nav.teachers", lang)
    subheaders = [s.value for s in at.subheader]
    for age in ("young", "middle", "older"):
        assert t(f"teachers.age.{age}.title", lang) in subheaders
    links = [link.proto for link in at.get("page_link")]
    queries = {link.query_string for link in links}
    for number in (1, 3, 5, 8, 9, 10):
        assert f"lang={lang}&lesson={number}" in queries
    assert f"lang={lang}&deck=numbers" in queries and f"lang={lang}&deck=actions" in queries
    lab_links = [link for link in links if link.page == "lab"]
    has_lab = any(p.id == "lab" for p in PAGES)
    assert len(lab_links) == (2 if has_lab else 0)  # the menu's and the activity's
    charts = " ".join(m.value for m in at.markdown if t("teachers.lab_charts", lang) in m.value)
    assert (f"(lab?lang={lang}#can-play)" in charts) == has_lab

    sheet = " ".join(el.proto.body for el in at.get("html"))
    assert 'class="uno-sheet"' in sheet and t("teachers.sheet.title", lang) in sheet
    for _, count, points in deck_summary():
        assert f'<td class="num">{count}</td>' in sheet
        assert f'<td class="num">{points[-1]}</td>' in sheet or len(points) > 1
    download = at.get("download_button")[0].proto
    assert download.label == t("teachers.download", lang)

    other = "ru" if lang != "ru" else "fr"
    at.selectbox(key="cl_sheet_lang").select(other).run()
    assert not at.exception
    sheet = " ".join(el.proto.body for el in at.get("html"))
    assert t("teachers.sheet.title", other) in sheet
