"""The coach (uno.academy.coach): its words for every kind of move in every language, the gentle
version for children, that it reads only what the viewing seat knows, and the button on the
sandbox's table and in the classroom (AppTest): the answer appears at the hand, and leaves with
the next move."""

from __future__ import annotations

import math
import random
import re

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from tests.table_driver import press_tool, table_model, tap
from tests.test_classroom_page import click
from tests.test_expert import shuffle_hidden
from uno import Action, Card, Color
from uno.academy import classroom, coach
from uno.academy.i18n import LANGS, card_label, card_the, number, percent, t
from uno.expert import MoveAdvice

NAMES = ["Emma", "Бен", "Inès"]
PERCENT = {"en": r"\d+%", "fr": "\\d+\u202f%", "ru": "\\d+\u202f%"}


def weighed(*moves: tuple[Action, float], bluff: bool = False) -> list[MoveAdvice]:
    return [
        MoveAdvice(action, rate, round(rate * 200), 200, bluff and i == 0)
        for i, (action, rate) in enumerate(moves)
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_best_move_and_the_chance_of_the_next_ones_in_words(lang: str) -> None:
    seven, wild = Card("B7"), Card("W")
    moves = weighed(
        (Action(0, "play", seven), 0.41),
        (Action(0, "play", wild, Color.B), 0.33),
        (Action(0, "play", wild, Color.R), 0.30),  # a variant of the Wild: not named again
        (Action(0, "draw"), 0.12),
    )
    text = coach.coach_text(moves, lang, NAMES)
    keep = card_label(wild, lang)
    move = t("coach.do.play_keep", lang, the_card=card_the(seven, lang), keep=keep)
    assert text.startswith(t("coach.best", lang, move=move, share=percent(0.41, lang)))
    wild_if = t(
        "coach.if.wild",
        lang,
        share=percent(0.33, lang),
        the_card=card_the(wild, lang),
        color=t("color.B", lang),
    )
    draw_if = t("coach.if.draw", lang, share=percent(0.12, lang))
    others = t("coach.others", lang, options=t("coach.separator", lang).join([wild_if, draw_if]))
    assert others in text
    assert percent(0.30, lang) not in text
    assert text.endswith(t("coach.note", lang, count=800, number=number(800, lang)))
    assert len(re.findall(PERCENT[lang], text)) == 3
    if lang == "fr":  # a no-break space before % and before the colon
        assert "41\u202f%" in text and "\u202f:" in text and " %" not in text
    if lang == "en":
        assert text.startswith("Play the Blue 7 and keep your Wild: 41% to win.")
    if lang == "fr":  # the card with its article, as a teacher says it
        assert text.startswith("Jouez le 7 bleu et gardez votre Joker : 41 %")


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_move_has_its_words(lang: str) -> None:
    cases = [
        (Action(1, "play", Card("W"), Color.G), "wild"),
        (Action(1, "play", Card("R7"), None, 2), "swap"),
        (Action(1, "draw"), "draw"),
        (Action(1, "pass"), "pass"),
        (Action(1, "challenge"), "challenge"),
        (Action(1, "accept"), "accept"),
        (Action(1, "color", color=Color.Y), "color"),
        (Action(1, "play", Card("GS")), "play"),
    ]
    for action, kind in cases:
        assert coach.move_kind(action) == kind
        other = Action(1, "draw") if kind != "draw" else Action(1, "play", Card("G1"))
        text = coach.coach_text(weighed((action, 0.5), (other, 0.25)), lang, NAMES)
        assert "{" not in text and percent(0.5, lang) in text and percent(0.25, lang) in text
        if action.card is not None:
            assert card_label(action.card, lang) in text
        if action.target is not None:
            assert NAMES[action.target] in text
        kids = coach.kids_text(weighed((action, 0.5), (other, 0.25)), lang, NAMES)
        assert "{" not in kids and "%" not in kids  # children read games out of 10
        assert t("coach.kids.chance", lang, count=5, number=number(5, lang)) in kids


@pytest.mark.parametrize("lang", LANGS)
def test_uno_a_bluff_a_single_move_and_nothing_to_decide(lang: str) -> None:
    last = Action(0, "play", Card("WD4"), Color.R, None, True)
    text = coach.coach_text(weighed((last, 0.9), (Action(0, "draw"), 0.2), bluff=True), lang, [])
    assert t("coach.uno", lang) in text and t("coach.bluff", lang) in text
    kids = coach.kids_text(weighed((last, 0.97)), lang, [])
    assert t("coach.kids.uno", lang) in kids and t("coach.kids.sure", lang) in kids
    assert t("coach.kids.hard", lang) in coach.kids_text(weighed((last, 0.02)), lang, [])
    only = [MoveAdvice(Action(0, "draw"), math.nan, 0, 0)]
    move = t("coach.do.draw", lang)
    assert coach.coach_text(only, lang, []) == t("coach.only", lang, move=move)
    assert coach.kids_text(only, lang, []) == t("coach.kids.do.draw", lang)
    assert coach.coach_text([], lang, []) == t("coach.nothing", lang)
    assert coach.kids_text([], lang, []) == t("coach.kids.nothing", lang)


def test_the_coach_reads_only_what_the_seat_knows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same words whatever the hidden hands and the draw pile hold (no clock: the budget
    is the number of playouts alone, so the test is the same on a busy machine)."""
    monkeypatch.setattr(coach, "SECONDS", None)
    rng = random.Random(4)
    for seed in (1, 2):
        state = uno.new_game(3, "single_round", seed=seed)
        seat = state.turn
        words = coach.coach_text(coach.advice(state), "en", state.players)
        for _ in range(2):
            other = shuffle_hidden(state, rng, seat)
            assert other.hands[seat] == state.hands[seat] and other != state
            assert coach.coach_text(coach.advice(other), "en", other.players) == words


def test_the_coach_weighs_best_first_by_its_chance() -> None:
    state = uno.new_game(2, "single_round", seed=6)
    moves = coach.advice(state)
    assert len(moves) > 1 and moves[0].rollouts > 0
    rates = [m.win_rate for m in moves if m.rollouts]
    assert rates == sorted(rates, reverse=True)
    assert sum(m.rollouts for m in moves) <= coach.ROLLOUTS + len(moves)


@pytest.mark.parametrize("seed", [1, 3, 6, 11])
def test_every_chance_the_coach_names_rests_on_as_many_playouts(seed: int) -> None:
    """The search races: a move clearly worse after 8 worlds is dropped. The coach shows each
    move's chance, so none is dropped ("0% if you draw" came from 8 playouts, "an estimate from
    16 games" in all): every move is played out in every world, the whole budget spent."""
    state = uno.new_game(4, "single_round", seed=seed)
    moves = coach.advice(state, seed=seed)
    assert len(moves) > 1
    counts = {m.rollouts for m in moves}
    assert len(counts) == 1, [(str(m.action), m.rollouts) for m in moves]
    assert counts.pop() * len(moves) >= coach.ROLLOUTS


# -- on the tables ---------------------------------------------------------------------------
def open_page(path: str, lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.session_state["cl_seed"] = 7
    at.switch_page(path).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", LANGS)
def test_the_sandbox_coach_answers_at_the_hand_until_the_next_move(lang: str) -> None:
    at = open_page("pages/3_sandbox.py", lang)
    click(at, "sb_deal")
    state = at.session_state["sb_match"].state
    assert state.turn == 0
    tools = {tool["id"]: tool["label"] for tool in table_model(at, "sb_table")["tools"]}
    assert tools["coach"] == t("coach.button", lang)  # a button of the table, by the hand
    press_tool(at, "sb_table", "coach")
    message = table_model(at, "sb_table")["message"]
    assert message["kind"] == "info"
    assert re.search(PERCENT[lang], message["text"])
    assert message["text"].startswith(tuple(_best_starts(lang, state)))
    tap(at, "sb_table", "0: draw")
    after = table_model(at, "sb_table")["message"]
    assert after is None or after["text"] != message["text"]


def _best_starts(lang: str, state: uno.GameState) -> list[str]:
    """How the coach's first sentence can start for the player to act: one of its moves."""
    starts = [t("coach.do.draw", lang)]
    for card in state.hands[state.turn]:
        label = card_the(card, lang)
        starts += [
            t("coach.do.play", lang, the_card=label),
            t("coach.do.play_keep", lang, the_card=label, keep=card_label(Card("W"), lang)),
        ]
        for color in Color:
            starts.append(
                t("coach.do.wild", lang, the_card=label, color=t(f"color.{color.name}", lang))
            )
    return starts


@pytest.mark.parametrize("lang", LANGS)
def test_the_kids_coach_speaks_gently(lang: str) -> None:
    at = open_page("pages/6_classroom.py", lang)
    at.radio(key="cl_k_friends").set_value(1).run()
    click(at, "cl_k_start")
    game = at.session_state["cl_k_game"]
    if game.state.turn != 0 or game.state.is_over:
        pytest.skip("the seed gives the first move to a friend")
    coach_tool = [x for x in table_model(at, "cl_k_table")["tools"] if x["id"] == "coach"]
    assert [x["label"] for x in coach_tool] == [t("coach.kids.button", lang)]
    press_tool(at, "cl_k_table", "coach")
    text = table_model(at, "cl_k_table")["message"]["text"]
    assert "%" not in text
    sentences = [s for s in re.split(r"(?<=[.!])\s+", text) if s]
    assert 1 <= len(sentences) <= 4 and all(len(s.split()) <= 16 for s in sentences)
    chances = [t("coach.kids.chance", lang, count=n, number=number(n, lang)) for n in range(1, 10)]
    chances += [t("coach.kids.hard", lang), t("coach.kids.sure", lang)]
    assert any(c in text for c in chances)


def test_the_kids_coach_is_given_what_the_others_were_seen_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In the classroom the coach gets the round's log (``Game.round_log``): the child's own
    moves and the friends' draws and plays so far, as the expert reads them."""
    asked: list[object] = []
    advice = coach.advice

    def spy(state: uno.GameState, seat: object = None, **options: object) -> object:
        asked.append(options["log"])
        return advice(state, seat, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(coach, "advice", spy)
    at = open_page("pages/6_classroom.py", "fr")
    at.radio(key="cl_k_friends").set_value(2).run()
    click(at, "cl_k_start")
    for _ in range(2):  # two moves of the child, the friends answering each
        game = at.session_state["cl_k_game"]
        assert game.state.turn == 0 and not game.state.is_over
        action = classroom.hint_action(game.state, 0)
        assert action is not None
        tap(at, "cl_k_table", str(action))
    game = at.session_state["cl_k_game"]
    press_tool(at, "cl_k_table", "coach")
    assert asked == [game.round_log]
    assert {note[0] for note in game.round_log} == {0, 1, 2}  # type: ignore[index]
