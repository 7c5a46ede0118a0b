"""The classroom's pure parts (uno.academy.classroom): the simpler decks are valid engine
scenarios and a
game on each ends, hints are always playable, each tip comes up once, every sentence exists in
every language, and the printable rules sheet holds the engine's points table, escaped."""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest

import uno
from uno.academy import classroom
from uno.academy.classroom import DECKS, TIPS, Game
from uno.academy.i18n import LANGS, card_label, t
from uno.academy.lessons import lessons
from uno.academy.sandbox import build_scenario
from uno.cards import FULL_DECK, Card, Color, Kind, deck_summary
from uno.state import Event, Phase

SIZES = {"numbers": 76, "actions": 92, "full": 108}


def names(n: int) -> list[str]:
    return [f"Kid {i + 1}" for i in range(n)]


# -- decks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_r_deck_1_simpler_decks_come_from_the_engine_deck(deck: str) -> None:
    cards = classroom.deck(deck)
    assert len(cards) == SIZES[deck]
    assert not Counter(cards) - Counter(FULL_DECK)  # never more copies than the real deck
    kinds = {card.kind for card in cards}
    expected = {
        "numbers": {Kind.NUMBER},
        "actions": {Kind.NUMBER, Kind.SKIP, Kind.REVERSE},
        "full": set(Kind),
    }[deck]
    assert kinds == expected
    # Every card of the kinds kept, in every colour.
    assert Counter(cards) == Counter(c for c in FULL_DECK if c.kind in expected)


def test_unknown_deck_is_refused() -> None:
    with pytest.raises(ValueError):
        classroom.deck("jumbo")


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_is_a_valid_engine_scenario(deck: str, players: int) -> None:
    state, events = classroom.new_kids_game(deck, names(players), seed=11)
    assert events[0].type == "dealt"
    data = uno.dump_scenario(state)
    assert data["draw_pile"], "the scenario names its draw pile: only these cards are in play"
    loaded = uno.load_scenario(json.dumps(data, ensure_ascii=False))
    assert loaded == state
    assert loaded.cards_in_play() == Counter(classroom.deck(deck))  # R-DECK-2 on the small deck
    assert all(len(hand) >= 7 for hand in state.hands)
    assert state.rules.target_score is None  # one round
    assert not state.rules.house_rules_on()


def test_the_first_name_plays_first_unless_the_first_card_says_otherwise() -> None:
    for seed in range(30):
        state, _ = classroom.new_kids_game("numbers", names(3), seed)
        assert state.dealer == 2
        assert state.turn == 0  # numbers only: no first-card effect (R-SETUP-3)


def test_classroom_players_are_two_to_six() -> None:
    with pytest.raises(ValueError):
        classroom.new_kids_game("numbers", names(7), 1)
    with pytest.raises(uno.ScenarioError):
        classroom.new_kids_game("numbers", ["Ana", " "], 1)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("deck", DECKS)
def test_a_game_of_computer_players_ends_on_each_deck(deck: str, players: int) -> None:
    for seed in range(8):
        game = classroom.start_game(deck, names(players), seed, humans=())
        state = game.state
        assert state.is_over, (deck, players, seed)
        assert state.round_winner is not None
        assert state.cards_in_play() == Counter(classroom.deck(deck))  # R-DECK-2
        assert any(e.type == "round_won" for e in game.log)


@pytest.mark.parametrize("deck", DECKS)
def test_a_child_who_follows_the_hints_finishes_the_round(deck: str) -> None:
    for seed in range(10):
        game = classroom.start_game(deck, names(3), seed, humans=(0,))
        for _ in range(500):
            if game.state.is_over:
                break
            assert game.waiting == 0, "the computer players stop when the child must decide"
            action = classroom.hint_action(game.state, 0)
            assert action is not None
            game = classroom.move(game, action)  # raises if the hint were illegal
        assert game.state.is_over


def test_pass_and_play_never_moves_for_a_child() -> None:
    game = classroom.start_game("actions", names(4), 5, humans=range(4))
    assert game.moves == 0 and game.last_seat is None
    seat = game.state.turn
    after = classroom.move(game, classroom.hint_action(game.state, seat))
    # Only the child's own move happened: every event is about that move.
    assert after.moves == 1 and after.last_seat == seat
    assert after.state == uno.apply(game.state, classroom.hint_action(game.state, seat))[0]


def test_the_round_log_follows_every_move_for_the_coach() -> None:
    """``Game.round_log``: what each seat was seen to do so far, the children's moves and the
    computer players' alike, read as ``uno.expert.log_of`` reads the round's steps; the coach
    is given it."""
    for seed in range(3):
        game = classroom.start_game("full", names(3), seed, humans=(0,), bots=False)
        steps = []
        while not game.state.is_over:
            before = game.state
            if classroom.bots_waiting(game):
                after = classroom.bot_step(game)
                events = after.log[len(game.log) :]
            else:
                action = classroom.hint_action(before, 0)
                assert action is not None
                after = classroom.move(game, action, bots=False)
                events = tuple(uno.apply(before, action)[1])
            steps.append((before, events, after.state))
            game = after
            assert game.round_log == tuple(uno.expert.log_of(steps))
        assert len(game.round_log) > 5 and {note[0] for note in game.round_log} == {0, 1, 2}


def test_moves_are_reproducible() -> None:
    def play(seed: int) -> Game:
        game = classroom.start_game("full", names(4), seed)
        while not game.state.is_over:
            game = classroom.move(game, classroom.hint_action(game.state, 0))
        return game

    assert play(3) == play(3)


# -- hints -----------------------------------------------------------------------------------


def situation(hand: str, top: str, color: str | None = None, other: str = "G1 G2 G3") -> Game:
    state = build_scenario(["Kid", "Robo"], [hand, other], top, color=color)
    return Game.of(state, (0,), "full")


@pytest.mark.parametrize(
    ("hand", "top", "expected"),
    [
        ("W B5 R2", "B7", "B5"),  # a plain card before a wild (R-PLAY-3 allows both)
        ("W WD4 Y1", "R3", "W"),  # no plain card fits: a Wild before a Wild Draw Four
        ("WD4 Y1", "R3", "WD4"),  # no red card: the Wild Draw Four is allowed (R-PLAY-4)
        ("WD4 R1 Y8", "R3", "R1"),
        ("B1 B2 B7 R7", "Y7", "B7"),  # the colour held most...
        ("R1 R9 Y2", "R5", "R9"),  # ...then the higher points
        ("Y1 G2", "R3", "draw"),
    ],
)
def test_hints_are_playable_and_prefer_plain_cards(hand: str, top: str, expected: str) -> None:
    state = situation(hand, top).state
    suggestion = classroom.hint(state, 0)
    assert str(suggestion) == expected
    if isinstance(suggestion, Card):
        assert suggestion in uno.playable_cards(state)
        assert not uno.is_bluff(state, classroom.play_action(state, 0, suggestion))
    else:
        assert not classroom.kid_playable(state, 0)


def test_r_play_4_a_bluff_is_never_lit_for_a_child() -> None:
    state = situation("WD4 R1 Y8", "R3").state
    assert Card("WD4") in uno.playable_cards(state)  # the engine allows the bluff...
    assert Card("WD4") not in classroom.kid_playable(state, 0)  # ...the kids' game does not


def test_hints_in_every_phase() -> None:
    state = situation("Y1 G2", "R3").state
    assert classroom.hint(state, 1) is None  # not this child's turn
    drawn, _ = uno.apply(state, "0: draw")
    if drawn.phase is Phase.DRAWN:
        assert classroom.hint(drawn, 0) in uno.playable_cards(drawn)
    hit = build_scenario(["Kid", "Robo"], ["R1 R2", "WD4 G5 G6"], "R9", turn=1)
    hit, _ = uno.apply(hit, "1: play WD4 G")
    assert hit.phase is Phase.CHALLENGE and classroom.hint(hit, 0) == "accept"
    first_wild = uno.load_scenario(
        {
            "players": ["Kid", "Robo"],
            "hands": [
                ["B1", "B2", "G3", "B4", "Y5", "B6", "R7"],
                ["R1", "R2", "R3", "R4", "G5", "G6", "Y7"],
            ],
            "discard_pile": ["W"],
            "phase": "choose_color",
        }
    )
    assert classroom.hint(first_wild, 0) is Color.B
    assert classroom.hint_action(first_wild, 0) == uno.Action(0, "color", color=Color.B)


def test_r_uno_1_uno_is_offered_before_the_next_to_last_card() -> None:
    state = situation("B5 R2", "B7").state
    assert classroom.needs_uno(state, 0)
    assert classroom.play_action(state, 0, Card("B5"), uno=True).uno
    _, events = uno.apply(state, classroom.play_action(state, 0, Card("B5"), uno=True))
    assert [e.type for e in events] == ["played", "said_uno"]
    assert not classroom.needs_uno(situation("B5 R2 G1", "B7").state, 0)
    assert not classroom.play_action(situation("B5 R2 G1", "B7").state, 0, Card("B5"), uno=True).uno


def test_r_uno_2_a_friendly_computer_player_catches_a_forgotten_uno() -> None:
    game = situation("B5 R2", "B7", other="G1 B2 G3")
    after = classroom.move(game, "0: play B5")  # no "Uno"
    types = [e.type for e in after.log]
    assert "caught" in types
    caught = next(e for e in after.log if e.type == "caught")
    assert caught.target == 0 and len(after.state.hands[0]) >= 3
    line = classroom.kid_line(caught, ["You", "Robo"], you=0)
    assert line is not None and line[0] == "classroom.say.caught_you"


def test_the_child_is_spoken_to_when_someone_acts_on_them() -> None:
    """ "You" is the child's seat name in the kids' game: a sentence where the child is the other
    player says "you" ("Robo challenges you"), never "Robo challenges You"."""
    kids = ["You", "Robo"]
    caught = Event("caught", seat=0, target=1)
    assert classroom.kid_line(caught, kids, you=0) == (
        "classroom.say.you_caught",
        {"name": "You", "other": "Robo"},
    )
    for guilty, verdict in ((True, "guilty"), (False, "innocent")):
        challenged = Event("challenged", seat=1, target=0, guilty=guilty)
        line = classroom.kid_line(challenged, kids, you=0)
        assert line is not None and line[0] == f"classroom.say.challenged_you_{verdict}"
        for lang in LANGS:
            assert "Robo" in t(line[0], lang, **line[1])  # the challenger, by name


@pytest.mark.parametrize("lang", LANGS)
def test_the_kids_table_speaks_to_the_child_on_their_turn(lang: str) -> None:
    """On the child's own turn the table says "Your turn!" (never "You plays a card"), its
    buttons are the classroom's, and a Wild Draw Four on the child is explained in 3 steps."""
    from uno.academy.table import TableView, table_model
    from uno.ui.classroom import challenge_steps, color_word

    you = t("classroom.kids.you", lang)
    kids = [you, t("classroom.bot.1", lang)]
    game = situation("B5 R2 G1", "B7")
    view = TableView(acting=frozenset({0}), hand=0, bots=(None, "first"), size="xl", kids=True)
    model = table_model(game.state, view, lang, names=kids)
    assert model["status"] == t("classroom.kids.turn", lang)  # not "You plays a card or draws"
    state = build_scenario(["Sam", "Robo"], ["R2 G5", "WD4 B3 B4"], "R9", turn=1)
    state, _ = uno.apply(state, uno.parse_action("1: play WD4 G", state))
    assert state.phase is Phase.CHALLENGE and state.turn == 0
    model = table_model(state, view, lang, names=kids)
    assert model["status"] == t("classroom.challenge.title", lang, name=kids[1])
    labels = {b["verb"]: b["label"] for b in model["buttons"]}
    assert labels == {
        "challenge": t("classroom.challenge.challenge", lang),
        "accept": t("classroom.challenge.accept", lang),
    }
    steps = challenge_steps(lang, state, kids, 0)
    assert steps is not None
    assert steps.text == t(
        "classroom.challenge.explain", lang, name=kids[1], color=color_word(lang, Color.R)
    )
    if lang == "en":
        assert steps.text.count("\n") == 2  # three short lines
    # While the computer friend plays, the child's table says so in a child's words.
    state = build_scenario(["Sam", "Robo"], ["R2 G5", "B3 B4"], "R9", turn=1)
    model = table_model(state, view, lang, names=kids)
    assert model["status"] == t("classroom.kids.waiting", lang, name=kids[1])


# -- tips ------------------------------------------------------------------------------------


def test_tip_lessons_are_the_first_lessons_of_their_rulings() -> None:
    assert set(TIPS) == {
        "skip",
        "reverse",
        "wild",
        "draw_two",
        "wild_draw_four",
        "one_card",
        "reshuffle",
    }
    for tip in TIPS:
        number = classroom.tip_lesson(tip)
        rule = classroom.TIP_RULES[tip]
        teaching = [lesson.number for lesson in lessons() if rule in lesson.rules]
        assert number == teaching[0]


def test_r_act_1_a_tip_comes_up_the_first_time_only() -> None:
    skip = Event("played", seat=0, card=Card("RS"), color=Color.R)
    state = situation("R1 R2 R3", "R5").state
    assert classroom.new_tips([skip], state, set()) == ["skip"]
    assert classroom.new_tips([skip], state, {"skip"}) == []
    assert classroom.new_tips([skip, skip], state, set()) == ["skip"]
    first = Event("first_card", card=Card("YR"))
    assert classroom.new_tips([first], state, set()) == ["reverse"]


def test_r_draw_3_the_first_empty_draw_pile_is_a_tip() -> None:
    game = Game.of(
        build_scenario(["Kid", "Robo"], ["Y1 G2", "B1 B2"], "R4 R5 R3", draw_pile="R7"),
        (0, 1),
        "numbers",
    )
    game = classroom.move(game, "0: draw")  # takes the last card of the pile
    game = classroom.move(game, "0: play R7")
    game = classroom.move(game, "1: draw")  # the pile is empty: reshuffle
    assert "reshuffle" in game.tips
    assert any(e.type == "reshuffled" for e in game.log)


def test_one_card_tip_when_someone_is_down_to_one_card() -> None:
    game = situation("B5 R2", "B7", other="G1 G2 G3")
    after = classroom.move(game, "0: play B5 uno")
    assert after.tips[0] == "one_card"
    again = classroom.move(after, classroom.hint_action(after.state, 0))
    assert "one_card" not in again.tips


@pytest.mark.parametrize("deck", DECKS)
def test_each_tip_is_shown_once_per_game(deck: str) -> None:
    shown: list[str] = []
    for seed in range(6):
        game = classroom.start_game(deck, names(3), seed)
        shown = list(game.tips)
        while not game.state.is_over:
            game = classroom.move(game, classroom.hint_action(game.state, 0))
            shown.extend(game.tips)
        assert len(shown) == len(set(shown)), shown
        assert set(shown) == set(game.seen)
        assert set(shown) <= set(TIPS)
        if deck == "numbers":
            assert set(shown) <= {"one_card", "reshuffle"}


# -- words -----------------------------------------------------------------------------------


def every_event_of_some_games() -> list[Event]:
    events: list[Event] = []
    for seed in range(25):
        game = classroom.start_game("full", names(3), seed)
        events.extend(game.log)
        while not game.state.is_over:
            game = classroom.move(game, classroom.hint_action(game.state, 0, uno=seed % 2 == 0))
            events.extend(game.log)
    return events


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_of_a_game_exists_in_every_language(lang: str) -> None:
    seen_keys = set()
    for event in every_event_of_some_games():
        for you in (None, 0, 1):
            line = classroom.kid_line(event, ["Sam", "Robo", "Bunny"], you)
            if line is None:
                continue
            key, values = line
            seen_keys.add(key)
            words = {k: v if isinstance(v, int) else str(v) for k, v in values.items()}
            text = t(key, lang, **words)
            assert "{" not in text, (key, text)
    assert {"classroom.say.played", "classroom.say.played_you", "classroom.say.drew"} <= seen_keys


def test_shapes_match_the_card_renderer() -> None:
    from uno.ui.cards import COLOR_SHAPE

    glyph = {"triangle": "▲", "circle": "●", "square": "■", "diamond": "◆"}
    assert {c: glyph[COLOR_SHAPE[c]] for c in Color} == classroom.SHAPE_GLYPH


# -- the printable rules sheet -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_r_score_1_the_rules_sheet_holds_the_engines_points_table(lang: str) -> None:
    sheet = classroom.rules_sheet_html(lang)
    assert sheet.startswith("<!DOCTYPE html>")
    assert f'<html lang="{lang}">' in sheet
    assert "@media print" in sheet and "size:A4" in sheet
    rows = re.findall(r"<tr><td>(.*?)</td>(.*?)</tr>", sheet)
    assert len(rows) == len(deck_summary())
    for (kind, count, points), (name, cells) in zip(deck_summary(), rows, strict=True):
        assert name == html.escape(t(f"card.kind.{kind.name.lower()}", lang))
        numbers = re.findall(r'<td class="num">(.*?)</td>', cells)
        assert numbers[0] == str(count)
        assert all(str(p) in numbers[1] for p in (points[0], points[-1]))
    assert sum(count for _, count, _ in deck_summary()) == len(FULL_DECK)
    # The words are the reader's: the title, and the target score from the official rules.
    assert t("teachers.sheet.title", lang) in sheet
    assert str(uno.RuleSet.official().target_score) in sheet


def test_the_rules_sheet_escapes_every_text(monkeypatch: pytest.MonkeyPatch) -> None:
    real = classroom.t

    def hostile(key: str, lang: str = "en", /, **values: object) -> str:
        real(key, lang, **values)  # the key exists
        return "<script>alert(1)</script> & <b>"

    monkeypatch.setattr(classroom, "t", hostile)
    sheet = classroom.rules_sheet_html("fr")
    assert "<script>" not in sheet and "<b>" not in sheet
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;" in sheet


def test_the_rules_sheet_is_one_body_for_the_page_and_one_file_for_print() -> None:
    body = classroom.rules_sheet_body("ru")
    assert body.startswith("<style>") and 'class="uno-sheet"' in body
    assert body in classroom.rules_sheet_html("ru")
    assert "<script" not in body


@pytest.mark.parametrize("lang", LANGS)
def test_the_piles_are_named_for_screen_readers_in_one_sentence_each(lang: str) -> None:
    """The component reads them from the model, not glued as "Pioche: 3 cartes" (French wants a
    narrow space before the colon; Russian counts its cards)."""
    from uno.academy.table import TableView, table_model

    game = situation("B5 R2 G1", "B7")
    view = TableView(acting=frozenset({0}), hand=0, bots=(None, "first"), size="xl", kids=True)
    pile = table_model(game.state, view, lang, names=["Sam", "Robo"])["pile"]
    count = len(game.state.draw_pile)
    assert pile["draw_aria"] == t("table.draw_aria", lang, count=count)
    card = card_label(game.state.top, lang)
    assert pile["discard_aria"] == t("table.discard_aria", lang, card=card)
    if lang == "fr":
        assert pile["discard_aria"].startswith("Défausse\u202f: ")
