"""Lessons: every scenario loads, the engine judges the boards and quiz answers, and the three
languages have the same lessons, sections, boards and quiz questions."""

from __future__ import annotations

import re

import pytest

import uno
from uno.academy.i18n import LANGS, catalog
from uno.academy.lessons import (
    LESSONS_DIR,
    board_answer,
    board_options,
    judge_board,
    lesson_text,
    lessons,
    question_answer,
    question_options,
    right_board_options,
)

CARD_ROW = re.compile(r"^\[\[([A-Z0-9 ]+)\]\]$")
ALL = lessons()


def test_twelve_lessons_in_order() -> None:
    assert [lesson.number for lesson in ALL] == list(range(1, 13))
    assert len({lesson.slug for lesson in ALL}) == 12


def test_every_scenario_loads() -> None:
    files = sorted((LESSONS_DIR / "scenarios").glob("*.json"))
    assert len(files) >= 12
    for path in files:
        uno.load_scenario(path.read_bytes())


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_board_has_right_and_wrong_answers(lesson) -> None:
    options = board_options(lesson)
    right = right_board_options(lesson)
    assert right, "the board has no right answer"
    if lesson.board.kind != "points":
        assert set(right) <= set(options)
        assert set(options) - set(right), "the board offers no wrong answer"
        for option in options:
            assert judge_board(lesson, option, "G").right == (option in right)


def test_a_wild_on_a_board_names_the_colour_the_learner_chose() -> None:
    """R-ACT-4: the board never names a colour for the learner (it once named red)."""
    wild = next(lesson for lesson in ALL if lesson.slug == "wild")
    assert "play W" in board_options(wild)
    asked = judge_board(wild, "play W")
    assert (asked.right, asked.reason, asked.rule) == (False, "missing_color", "R-ACT-4")
    for color in "RYGB":
        played = judge_board(wild, "play W", color)
        assert played.right and played.state is not None
        assert played.state.current_color == uno.Color[color]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_words_of_every_lesson(lesson, lang: str) -> None:
    markdown, words = lesson_text(lesson, lang)
    assert words["title"].strip()
    for key in ("prompt", "right", "wrong"):
        assert words["board"][key].strip(), key
    if lesson.board.kind == "choice":
        assert set(words["board"]["options"]) == set(lesson.board.options)
    assert len(lesson.quiz) >= 3
    for q in lesson.quiz:
        text = words["quiz"][q.id]
        assert text["prompt"].strip() and text["explain"].strip()
        if q.kind == "choice":
            assert set(text["options"]) == set(q.options) == set(text["why"])
    assert "<" not in markdown, "no raw HTML in lessons"
    assert len(re.sub(r"\[\[[^\]]*\]\]", "", markdown).split()) <= 280
    for line in markdown.splitlines():
        match = CARD_ROW.match(line.strip())
        if match:
            for code in match.group(1).split():
                uno.parse_card(code)


def structure(markdown: str) -> tuple[int, list[str]]:
    headings = sum(1 for line in markdown.splitlines() if line.startswith("### "))
    rows = [line.strip() for line in markdown.splitlines() if CARD_ROW.match(line.strip())]
    return headings, rows


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_same_structure_in_every_language(lesson) -> None:
    english = structure(lesson_text(lesson, "en")[0])
    assert english[0] >= 2, "each lesson has sections"
    assert english[1], "each lesson shows cards"
    for lang in LANGS[1:]:
        assert structure(lesson_text(lesson, lang)[0]) == english, lang


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_quiz_answers_are_among_the_options(lesson) -> None:
    for q in lesson.quiz:
        answer = question_answer(q)
        options = question_options(q)
        if options:
            assert answer in options
        else:
            assert answer.isdigit()


def test_engine_reasons_are_worded_in_every_language() -> None:
    source = "".join(
        p.read_text(encoding="utf-8") for p in (LESSONS_DIR.parent.parent / "uno").glob("*.py")
    )
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
    codes |= {"not_your_challenge", "nothing_to_challenge", "no_match"}
    for lang in LANGS:
        words = catalog(lang)
        missing = [c for c in codes if f"reason.{c}" not in words]
        assert not missing, (lang, missing)


def test_computed_answers_match_the_engine() -> None:
    """A few answers checked by hand against the rules, so the computation itself is tested."""
    by_key = {lesson.slug: lesson for lesson in ALL}
    assert board_answer(by_key["skip-and-reverse"]) == "2"  # R-ACT-1: Léa after Ben is skipped
    assert board_answer(by_key["two-players"]) == "0"  # R-ACT-2: Reverse acts as Skip
    assert board_answer(by_key["scoring"]) == "88"  # R-SCORE-1: 7 + 50 + 20 + 2 + 9
    assert board_answer(by_key["wild-draw-four"]) == "challenge"  # R-CHAL-2: red was in hand
    assert question_answer(by_key["scoring"].quiz[1]) == "17"  # R-END-1: B9 and Y2 drawn first


# -- steps (issue 38) ---------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_every_lesson_is_steps_each_task_once_each_section_once(lesson) -> None:
    from uno.academy.lessons import lesson_steps, sections

    steps = lesson_steps(lesson)
    assert lesson.steps == steps  # written in the lesson's file, not the default
    tasks = [s.task for s in steps if s.task is not None]
    assert sorted(tasks) == sorted(["board", *(q.id for q in lesson.quiz)])
    shown = [s.section for s in steps if s.section is not None]
    for lang in LANGS:  # one step list serves the three languages
        assert shown == list(range(1, len(sections(lesson_text(lesson, lang)[0])) + 1)), lang
    assert {r for s in steps for r in s.rules} == set(lesson.rules)
    for lang in LANGS:  # a hint for the board and each question, what to look at after a refusal
        words = lesson_text(lesson, lang)[1]
        assert words["board"]["hint"] and words["board"]["look"]
        assert all(words["quiz"][q.id]["hint"] for q in lesson.quiz)


def test_a_step_list_that_does_not_fit_fails_at_load() -> None:
    from dataclasses import replace

    from uno.academy.lessons import Step, _check

    lesson = ALL[2]
    twice = replace(lesson, steps=(*lesson.steps, Step(task="q1")))
    with pytest.raises(ValueError, match="once each"):
        _check(twice)
    backwards = replace(lesson, steps=tuple(reversed(lesson.steps)))
    with pytest.raises(ValueError, match="sections"):
        _check(backwards)
    foreign = replace(
        lesson, steps=(*lesson.steps[:-1], replace(lesson.steps[-1], rules=("R-ACT-5",)))
    )
    with pytest.raises(ValueError, match="teach"):
        _check(foreign)


def test_each_rule_of_a_lesson_points_at_a_step_that_teaches_it() -> None:
    from uno.academy.lessons import lesson_for_rule, lesson_steps, step_for_rule

    for lesson in ALL:
        for rule in lesson.rules:
            found = step_for_rule(rule)
            assert found is not None and found[0] == lesson_for_rule(rule)
            number, step = found
            assert rule in lesson_steps(ALL[number - 1])[step - 1].rules
    assert step_for_rule("H-NOPE") is None


@pytest.mark.parametrize(
    ("given", "card", "counted", "twice"),
    [
        (77, None, None, False),  # right: nothing to say
        (47, "WD4", 20, False),  # the Wild Draw Four counted as 20
        (57, "GS", 0, False),  # the Skip left out
        (84, "R7", 14, True),  # the red 7 counted twice
        (70, "R7", 0, False),  # the red 7 left out
    ],
)
def test_a_wrong_total_names_the_likeliest_slip(
    given: int, card: str | None, counted: int | None, twice: bool
) -> None:
    from uno.academy.lessons import miscount
    from uno.cards import Card

    cards = (Card("R7"), Card("WD4"), Card("GS"))
    slip = miscount(cards, given)
    if card is None:
        assert slip is None
        return
    assert slip is not None and (str(slip.card), slip.counted, slip.twice) == (card, counted, twice)
    assert slip.worth == uno.card_points(Card(card))
    assert miscount(cards, 1_000) is None  # no single slip explains it
