"""The guided first game (issue 38, item 3): the script in content/guided/ plays through, with
the learner's expected moves and the computer players, to the round's end in every language and
in the children's version; every rule of the official game has its event, in the issue's order;
each pause is shown once, the first time its event happens; a legal but unexpected tap and an
illegal tap change nothing, and after two wrong taps the table names the move; the script is
checked loudly when it is read."""

from __future__ import annotations

import doctest
import json
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

import uno
from uno.academy import guided
from uno.academy.guided import LEARNER, Guided, ScriptError, load_script, message
from uno.academy.i18n import LANGS, card_the, catalog, t
from uno.academy.table import story_text
from uno.cards import Card, Kind
from uno.state import Event, GameState

VERSIONS = [(lang, kids) for lang in LANGS for kids in (False, True)]
IDS = [f"{lang}-{'kids' if kids else 'guided'}" for lang, kids in VERSIONS]


@dataclass(frozen=True)
class Played:
    """What happened in a played-through guided game: every state the table showed, each
    with the pause on it (if any), in order."""

    game: Guided
    seen: tuple[Guided, ...]


def play_through(kids: bool = False, check: Callable[[Guided], None] | None = None) -> Played:
    """The guided game played as the script says: "Continue" on each pause, the first move of
    each decision, the computer players one move at a time."""
    game = guided.start(kids)
    seen = [game]
    for _ in range(1000):
        if check is not None:
            check(game)
        if game.finished:
            return Played(game, tuple(seen))
        if game.pause is not None:
            game = game.go_on()
        elif game.decision is not None:
            game = game.tap(game.decision.actions[0], game.version)
            assert game.said is None, game.said
        else:
            assert game.waiting, "the guided game is stuck"
            game = game.step(game.version)
        seen.append(game)
    raise AssertionError("the guided game does not end")


@pytest.fixture(scope="module")
def played() -> Played:
    return play_through()


def events_of(game: Guided) -> list[tuple[int, Event, GameState]]:
    """Every event of the round with the index of its step and the state before that step."""
    out = []
    match = game.match
    for i, step in enumerate(match.steps):
        before = match.steps[i - 1].state if i else match.start
        out += [(i, event, before) for event in step.events]
    return out


# -- the rules, in the issue's order -----------------------------------------------------------


def matched_by_color(event: Event, before: GameState) -> bool:
    card = event.get("card")
    return (
        isinstance(card, Card)
        and card.kind is Kind.NUMBER
        and card.color == before.current_color
        and card.number != before.top.number
    )


def matched_by_number(event: Event, before: GameState) -> bool:
    card = event.get("card")
    return (
        isinstance(card, Card)
        and card.kind is Kind.NUMBER
        and card.color != before.current_color
        and card.number == before.top.number
    )


def kind_played(kind: Kind) -> Callable[[Event, GameState], bool]:
    def played(event: Event, before: GameState) -> bool:
        card = event.get("card")
        return event.type == "played" and isinstance(card, Card) and card.kind is kind

    return played


#: Each rule of the issue (in its order) and how its event looks.
RULES: list[tuple[str, Callable[[Event, GameState], bool]]] = [
    ("colour", lambda e, b: e.type == "played" and e.seat == LEARNER and matched_by_color(e, b)),
    ("number", lambda e, b: e.type == "played" and e.seat == LEARNER and matched_by_number(e, b)),
    ("skip", lambda e, b: kind_played(Kind.SKIP)(e, b)),
    ("reverse", lambda e, b: e.type == "reversed"),
    ("draw_two", lambda e, b: e.type == "drew" and e.reason == "draw_two"),
    ("wild", lambda e, b: kind_played(Kind.WILD)(e, b) and e.get("color") is not None),
    ("wild_draw_four", lambda e, b: kind_played(Kind.WILD_DRAW_FOUR)(e, b)),
    ("challenge", lambda e, b: e.type == "challenged"),
    ("kept", lambda e, b: e.type == "kept" and e.seat == LEARNER),
    ("uno", lambda e, b: e.type == "said_uno"),
    ("caught", lambda e, b: e.type == "caught"),
    ("scored", lambda e, b: e.type == "round_won" and e.seat == LEARNER and e.points > 0),
]


def test_every_rule_of_the_official_game_comes_up_in_the_issues_order(played: Played) -> None:
    events = events_of(played.game)
    first = {}
    for name, fits in RULES:
        found = [i for i, (_, event, before) in enumerate(events) if fits(event, before)]
        assert found, f"no event for {name}"
        first[name] = found[0]
    order = [first[name] for name, _ in RULES]
    assert order == sorted(order), first
    # The challenge shows what the challenger learns: the colour to match, and its verdict
    # (a computer player never bluffs: the challenge fails and the challenger draws 6).
    (challenge,) = [e for _, e, _ in events if e.type == "challenged"]
    assert (challenge.seat, challenge.target, challenge.guilty) == (0, 1, False)
    assert challenge.shown == () and challenge.count == 6
    # The learner says "Uno" too (after being caught), and wins the round with its points.
    said = [e.seat for _, e, _ in events if e.type == "said_uno"]
    assert LEARNER in said and said[0] != LEARNER
    caught = next(i for i, (_, e, _) in enumerate(events) if e.type == "caught")
    assert events[caught][1].target == LEARNER
    learner_uno = next(
        i for i, (_, e, _) in enumerate(events) if e.type == "said_uno" and e.seat == LEARNER
    )
    assert first["uno"] < caught < learner_uno
    won = [e for _, e, _ in events if e.type == "round_won"]
    assert len(won) == 1 and won[0].points == sum(won[0].hand_points) > 0
    assert played.game.state.phase is uno.Phase.ROUND_OVER  # official rules: a round of a game


def test_every_move_goes_through_the_match(played: Played) -> None:
    """The learner's moves are the match's person's steps, the computer players' its others;
    replaying them from the scenario gives the same round (the engine decided each)."""
    match = played.game.match
    script = load_script()
    person = [step.action for step in match.steps if step.person]
    assert [a.split(": ", 1)[1] for a in person] == [d.actions[0] for d in script.decisions]
    assert all(step.seat == LEARNER for step in match.steps if step.person)
    assert all(step.seat != LEARNER for step in match.steps if not step.person)
    again = uno.academy.match.Match.replayed(
        script.start, [s.action for s in match.steps], match.seats
    )
    assert again.state == match.state
    # The computer players are deterministic: a second game is the same game.
    assert play_through().game.match.steps == match.steps


def test_each_pause_is_shown_once_the_first_time_its_event_happens(played: Played) -> None:
    script = load_script()
    shown = []
    for before, after in zip(played.seen, played.seen[1:], strict=False):
        if after.pause is not None and after.pause is not before.pause:
            shown.append((after.pause.key, len(after.match.steps)))
    if played.seen[0].pause is not None:
        shown.insert(0, (played.seen[0].pause.key, 0))
    keys = [key for key, _ in shown]
    assert sorted(keys) == sorted(script.pause_keys)
    assert len(set(keys)) == len(keys)
    assert keys[0] == "start"
    # Each event pause comes with the first step whose events fit it.
    steps = played.game.match.steps
    for trigger in script.triggers:
        first = next(i for i, step in enumerate(steps) if any(map(trigger.fits, step.events)))
        assert (trigger.key, first + 1) in shown, trigger
    # While a pause is on the table, the computer players wait.
    for game in played.seen:
        if game.pause is not None:
            assert not game.waiting and game.decision is None


@pytest.mark.parametrize(("lang", "kids"), VERSIONS, ids=IDS)
def test_the_guided_game_plays_through_in_every_language(lang: str, kids: bool) -> None:
    """Every table of the game says something, in the reader's words, without a missing key:
    the pause, what to do now, the story; then what the learner scored."""
    names = guided.player_names(lang, kids)
    said = []

    def check(game: Guided) -> None:
        words = message(game, lang)
        if game.pause is not None or game.decision is not None:
            assert words is not None and words.text and "{" not in words.text
            said.append(words.text)
        story_text(game.match.round_story(), names, lang, LEARNER)

    played = play_through(kids, check)
    assert len(set(said)) >= 20
    assert played.game.finished
    end = guided.end_text(played.game, lang)
    points = played.game.state.scores[LEARNER]
    assert end == t("guided.kids.end" if kids else "guided.end", lang, count=points)
    assert str(points) in end
    # The pauses' words for children are theirs; the names too.
    prefix = "guided.kids." if kids else "guided."
    assert any(text == t(f"{prefix}pause.skip", lang, other=names[1]) for text in said)


def test_the_childrens_version_is_the_same_game_in_childrens_words(played: Played) -> None:
    kids = play_through(kids=True)
    assert kids.game.match.steps == played.game.match.steps
    assert guided.player_names("en", kids=True) == [
        t("classroom.kids.you", "en"),
        t("classroom.bot.1", "en"),
        t("classroom.bot.2", "en"),
    ]
    start = kids.seen[0]
    assert message(start, "fr") is not None
    assert message(start, "fr").text == t("guided.kids.pause.start", "fr")


# -- wrong taps change nothing ------------------------------------------------------------------


@pytest.fixture
def first_decision() -> Guided:
    game = guided.start().go_on()
    assert game.decision is not None and game.decision.teach == "match_color"
    return game


def same_game(a: Guided, b: Guided) -> bool:
    return a.match.steps == b.match.steps and a.match.state == b.match.state and a.at == b.at


@pytest.mark.parametrize("lang", LANGS)
def test_a_legal_but_unexpected_tap_changes_nothing_and_hints(
    first_decision: Guided, lang: str
) -> None:
    game = first_decision
    wrong = game.tap("play W B", game.version)  # a Wild is legal, but this lesson is colour
    assert same_game(wrong, game)
    assert wrong.said is not None and wrong.said.kind == "hint" and wrong.wrong == 1
    words = message(wrong, lang)
    assert words is not None and words.kind == "warning"
    assert words.text == t("guided.hint.match_color", lang, color=t("color.R", lang))
    assert guided.hint_card(wrong) is None  # the first hint never names the move
    assert wrong.version != game.version  # the table redraws to say it


@pytest.mark.parametrize(("lang", "kids"), VERSIONS, ids=IDS)
def test_two_wrong_taps_then_the_table_names_the_move(lang: str, kids: bool) -> None:
    game = guided.start(kids).go_on()
    once = game.tap("play W G", game.version)
    twice = once.tap("play B4", once.version)  # illegal: it counts as a wrong tap too
    assert twice.said is not None and twice.said.kind == "refused"
    assert twice.wrong == 2
    thrice = twice.tap("play W Y", twice.version)
    assert same_game(thrice, game)
    assert thrice.said is not None and thrice.said.kind == "answer"
    prefix = "guided.kids." if kids else "guided."
    words = message(thrice, lang)
    assert words is not None
    assert words.text == t(f"{prefix}answer.play", lang, the_card=card_the(Card("R2"), lang))
    assert guided.hint_card(thrice) == Card("R2")  # outlined on the table
    right = thrice.tap("play R2", thrice.version)
    assert right.said is None and right.wrong == 0 and right.at == 1
    assert right.match.steps[-1].action == "0: play R2"


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_tap_changes_nothing_and_says_the_engines_reason(
    first_decision: Guided, lang: str
) -> None:
    game = first_decision
    refused = game.tap("play B4", game.version)  # a blue 4 on a red 5
    assert same_game(refused, game)
    assert refused.said is not None and refused.said.kind == "refused"
    assert refused.said.refusal is not None and refused.said.refusal.reason == "no_match"
    words = message(refused, lang)
    assert words is not None and words.kind == "error"
    assert words.text == t("reason.no_match", lang)
    for bad in ("play X9", "", "draw draw", "1: play R8", "play R2 uno"):
        after = game.tap(bad, game.version)
        assert same_game(after, game), bad
        assert after.said is not None and after.said.kind in ("refused", "hint"), bad


def test_taps_out_of_turn_during_a_pause_or_on_an_old_table_change_nothing() -> None:
    game = guided.start()
    assert game.pause is not None
    paused = game.tap("play R2", game.version)
    assert same_game(paused, game) and paused.pause == game.pause
    assert paused.said is not None and paused.said.kind == "pause"
    assert message(paused, "en") is not None
    on = game.go_on()
    stale = on.tap("play R2", game.version)  # the table before "Continue"
    assert same_game(stale, on) and stale.said is not None and stale.said.kind == "stale"
    assert stale.wrong == 0
    moved = on.tap("play R2", on.version)
    assert moved.waiting and moved.decision is None
    waiting = moved.tap("play Y7", moved.version)
    assert same_game(waiting, moved) and waiting.said is not None and waiting.said.kind == "wait"
    assert moved.step(version=on.version) is moved  # a computer move for an old table: none


def test_a_forgotten_uno_is_caught_at_once() -> None:
    """The learner plays down to one card without "Uno": a computer player catches them in
    the same move, so the table never offers a late "Uno" for the demonstration to miss."""
    game = guided.start()
    while game.decision is None or game.decision.teach != "forget_uno":
        if game.pause is not None:
            game = game.go_on()
        elif game.decision is None:
            game = game.advance()
        else:
            game = game.tap(game.decision.actions[0])
    after = game.tap(game.decision.actions[0], game.version)
    assert after.pause is not None and after.pause.key == "caught"
    assert not after.state.uno_exposed and len(after.state.hands[LEARNER]) == 3
    assert [step.person for step in after.match.steps[-2:]] == [True, False]


def test_continue_reads_one_pause_and_the_computer_players_then_move() -> None:
    game = guided.start()
    assert game.go_on().go_on() == game.go_on()  # nothing left to read: the same game
    game = game.go_on().tap("play R2").advance()
    assert game.decision is not None and game.decision.teach == "match_number"
    assert [s.person for s in game.match.steps] == [True, False, False]


# -- words --------------------------------------------------------------------------------------


COUNTS = (0, 1, 2, 4, 5, 6, 11, 21, 22, 38)


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_of_the_script_formats_in_every_language(lang: str) -> None:
    """Each pause, "what to do now", hint and answer, with the values the guided game gives
    (names, a card, a colour) and every plural form (several counts)."""
    script = load_script()
    assert guided.missing_words(script) == []
    for kids in (False, True):
        prefix = "guided.kids." if kids else "guided."
        names = guided.player_names(lang, kids)
        values = {
            "name": names[1],
            "other": names[2],
            "card": "X",
            "the_card": card_the(Card("RS"), lang),
            "color": t("color.B", lang),
        }
        keys = [f"{prefix}pause.{k}" for k in script.pause_keys]
        keys += [f"{prefix}{part}.{d.teach}" for d in script.decisions for part in ("do", "hint")]
        keys += [f"{prefix}answer.{form}" for form in ANSWERS]
        keys += [f"{prefix}end"]
        for key in keys:
            for count in COUNTS:
                text = t(key, lang, count=count, **values)
                assert "{" not in text and text.strip(), (key, text)
                if "{count}" in plural_or_text(key, lang):
                    assert str(count) in text, (key, count)


ANSWERS = ("play", "play_wild", "play_wild_any", "play_uno", "play_no_uno", "draw", "pass")
ANSWERS += ("challenge", "accept")


def plural_or_text(key: str, lang: str) -> str:
    words = catalog(lang)
    return words.get(key) or words.get(f"{key}.other") or words[f"{key}.many"]


def test_the_answer_names_a_wild_with_its_colour_and_a_uno_with_its_button() -> None:
    """The words of the move after two wrong taps, at the decisions that are not a plain card:
    the Wild and its colour, "Uno" or not, drawing, keeping, challenging."""
    game = guided.start().go_on()
    answers = {}
    while not game.finished:
        if game.pause is not None:
            game = game.go_on()
            continue
        decision = game.decision
        if decision is None:
            game = game.advance()
            continue
        answered = replace(game, wrong=guided.ANSWER_AFTER, said=guided.Said("answer"))
        words = message(answered, "en")
        assert words is not None and words.kind == "warning"
        answers.setdefault(decision.teach, words.text)
        game = game.tap(decision.actions[0], game.version)
    assert answers["wild"] == t("guided.answer.play_wild", "en", the_card="the Wild", color="blue")
    assert answers["last_card"] == t("guided.answer.play_wild_any", "en", the_card="the Wild")
    assert answers["forget_uno"] == t("guided.answer.play_no_uno", "en", the_card="the Red 0")
    assert answers["say_uno"] == t("guided.answer.play_uno", "en", the_card="the Blue 9")
    assert answers["draw"] == t("guided.answer.draw", "en")
    assert answers["keep"] == t("guided.answer.pass", "en")
    assert answers["challenge"] == t("guided.answer.challenge", "en")


# -- the script is checked when it is read ------------------------------------------------------


@pytest.fixture
def script_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of content/guided/ the loader reads instead (its cache left alone)."""
    for path in guided.GUIDED_DIR.iterdir():
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.setattr(guided, "GUIDED_DIR", tmp_path)
    yield tmp_path


def load_changed(folder: Path, old: str, new: str) -> guided.Script:
    text = (folder / "first-game.toml").read_text(encoding="utf-8")
    assert old in text, old
    (folder / "bad.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_script.__wrapped__("bad")  # type: ignore[attr-defined,no-any-return]


BAD_SCRIPTS = [
    ('strategy = "first"', 'strategy = "first"\nspeed = 3', "unknown keys"),
    ('strategy = "first"', 'strategy = "clever"', "strategy"),
    ('teach = "skip"', 'teach = "skip"\nhint = "x"', "unknown keys"),
    ('actions = ["play YS"]', 'actions = ["play X9"]', "not an action"),
    ('actions = ["play YS"]', 'actions = ["0: play YS"]', "without the seat"),
    ('actions = ["play YS"]', "actions = []", "a list of texts"),
    ('event = "reversed"', 'event = "turned"', "unknown event"),
    ('card = "skip"', 'card = "joker"', "unknown card kind"),
    ('reason = "draw_two"', 'reason = "two"', "unknown reason"),
    ("guilty = false", 'guilty = "no"', "true or false"),
    ('teach = "skip"', 'teach = "somersault"', "no text for"),
    ('key = "reverse"', 'key = "skip"', "used twice"),
    ('"lesson.name.Ben"', '"lesson.name.Nobody"', "names"),
    ('scenario = "first-game.json"', 'scenario = "../x.json"', "scenario"),
]


@pytest.mark.parametrize(("old", "new", "said"), BAD_SCRIPTS, ids=[b[2] for b in BAD_SCRIPTS])
def test_a_bad_script_is_refused_loudly(script_dir: Path, old: str, new: str, said: str) -> None:
    with pytest.raises(ScriptError, match=said):
        load_changed(script_dir, old, new)


def test_a_bad_scenario_is_refused_loudly(script_dir: Path) -> None:
    data = json.loads((script_dir / "first-game.json").read_text(encoding="utf-8"))
    data["hands"][0][0] = "X9"
    (script_dir / "first-game.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScriptError, match=r"bad_card|X9"):
        load_script.__wrapped__("first-game")  # type: ignore[attr-defined]
    with pytest.raises(ScriptError, match="cannot be read"):
        load_script.__wrapped__("no-such-script")  # type: ignore[attr-defined]


def test_the_modules_examples_run() -> None:
    result = doctest.testmod(guided, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0


def test_the_script_is_data_the_engine_judges() -> None:
    script = load_script()
    assert script.strategy in uno.STRATEGIES and script.start.n_players == 3
    assert script.start.rules.preset == "official" and script.start.rules.target_score == 500
    assert len(script.decisions) == 19
    assert load_script() is script  # read once
