"""The parts of the puzzles page: the reader's rating and streak, the puzzle on the table,
what the answer was worth, and the choice of puzzles."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import join_words, number, t
from uno.academy.match import Match
from uno.academy.puzzles import (
    Puzzle,
    answer_lines,
    load_bank,
    reveal_lines,
    seat_names,
    theme_choices,
)
from uno.academy.services import puzzles as service
from uno.academy.table import Message, TableView, story_text, table_model
from uno.ui.puzzles import callbacks, keys, session
from uno.ui.table import show_table

__all__ = ["answer_area", "choices", "puzzle_table", "status"]

#: A deviation above this: the rating is still being found ("still finding your level").
_UNSURE: float = 200.0
_HOUSE_RULES = (
    ("stacking", "H-STACK"),
    ("seven_zero", "H-70"),
    ("jump_in", "H-JUMP"),
    ("wd4_anytime", "H-NOBLUFF"),
    ("draw_until_playable", "H-DRAWPLAY"),
)


def status(found: service.Kept, token: str | None, lang: str) -> None:
    """One line: the reader's rating, its streak and how many it solved."""
    if token is None:
        st.caption(t("puzzles.loading", lang))
        return
    profile = found.profile
    rating = number(round(profile.rating), lang)
    if profile.deviation > _UNSURE:
        parts = [t("puzzles.rating_new", lang, rating=rating)]
    else:
        parts = [
            t("puzzles.rating", lang, rating=rating, deviation=number(profile.deviation, lang))
        ]
    parts.append(t("puzzles.streak", lang, count=profile.streak))
    if profile.tried:
        parts.append(t("puzzles.solved", lang, solved=profile.solved, tried=profile.tried))
    st.caption(" · ".join(parts))
    if found.said is not None or st.session_state.get(keys.NOT_SAVED):
        st.caption(t("puzzles.not_saved", lang))


def _task(puzzle: Puzzle, lang: str) -> str:
    rules = puzzle.state.rules
    house = [
        t(f"puzzles.theme.{rule}", lang) for field, rule in _HOUSE_RULES if getattr(rules, field)
    ]
    words = (
        t("puzzles.house", lang, rules=join_words(house, lang))
        if house
        else t("puzzles.official", lang)
    )
    players = t("puzzles.players", lang, count=puzzle.players)
    return t("puzzles.task", lang, players=players, rules=words)


def puzzle_table(puzzle: Puzzle, lang: str, *, kids: bool) -> None:
    """The puzzle on the game table, as its seat sees it (the others' hands hidden); after the
    right answer, the table once the move is made."""
    names = seat_names(puzzle, lang)
    state = puzzle.state
    answer = session.answer()
    acting = frozenset({puzzle.seat})
    story: list[str] = []
    if answer is not None:
        lines = answer_lines(puzzle, answer, lang, kids=kids)
        message = Message(lines[0][0], " ".join(text for _, text in lines[:2]))
        if answer.right:
            acting = frozenset()
            after = Match.new(state).act(puzzle.seat, puzzle.solution)
            if isinstance(after, Match):
                state = after.state
                story = story_text(after.story(), names, lang, puzzle.seat)
    else:
        message = Message("info", _task(puzzle, lang))
    view = TableView(
        acting=acting,
        hand=puzzle.seat,
        bots=(None,) * puzzle.players,
        lit=True,
        size="xl" if kids else "md",  # big cards for children, as the classroom has them
        kids=kids,
        bot_names=False,
        personal=True,  # the reader solves it: "Your turn", not the seat's name
        private=True,
        fill=True,
    )
    model = table_model(
        state,
        view,
        lang,
        names=names,
        story=story,
        message=message,
        version=int(st.session_state.get(keys.VERSION, 0)),
        land=bool(st.session_state.pop(keys.LAND, False)),
    )
    show_table(
        model,
        key=keys.TABLE,
        on_action=lambda text, version: callbacks.on_move(puzzle, text, version),
        tools=_tools(lang),
        on_tool=callbacks.on_tool,
    )


def _tools(lang: str) -> list[tuple[str, str]]:
    """The buttons beside the hand after an answer (in view on a phone): try again and the
    answer after a wrong one, the next puzzle."""
    answer = session.answer()
    if answer is None:
        return []
    tools = []
    if not answer.right:
        tools.append(("again", t("puzzles.again", lang)))
        if not st.session_state.get(keys.REVEALED):
            tools.append(("show", t("puzzles.show", lang)))
    tools.append(("next", t("puzzles.next", lang)))
    return tools


def answer_area(puzzle: Puzzle, lang: str, *, kids: bool) -> None:
    """After an answer: why (and the chances), the rating's change, and what to do next."""
    answer = session.answer()
    if answer is None:
        return
    lines = answer_lines(puzzle, answer, lang, kids=kids)
    for kind, text in lines[2:]:
        getattr(st, kind)(text)
    if st.session_state.get(keys.REVEALED):
        for kind, text in reveal_lines(puzzle, lang, kids=kids):
            getattr(st, kind)(text)
    rated = st.session_state.get(keys.RATED)
    if rated and not kids:
        rating, change = rated
        key = "puzzles.rated_up" if change >= 0 else "puzzles.rated_down"
        st.caption(
            t(
                key,
                lang,
                rating=number(round(rating), lang),
                change=number(abs(round(change)), lang),
            )
        )
    if answer.right and not kids:
        st.caption(t("puzzles.chances_note", lang))


def choices(found: service.Kept, lang: str, *, kids: bool) -> str | None:
    """Which puzzles: the day's, training (by theme), the class's set; the kids' choice.
    Returns the theme chosen (None: every theme)."""
    modes = [m for m in session.MODES if m != "class" or found.set]
    if st.session_state.get(keys.MODE) not in modes:
        st.session_state[keys.MODE] = "daily"
    st.radio(
        t("puzzles.mode_label", lang),
        modes,
        key=keys.MODE,
        horizontal=True,
        format_func=lambda m: t(f"puzzles.mode.{m}", lang),
    )
    st.toggle(t("puzzles.kids_toggle", lang), key=keys.KIDS)
    if session.mode() != "train":
        return None
    themes = theme_choices(load_bank())
    options = ["", *(rule for rule, _ in themes)]
    counts = dict(themes)
    if st.session_state.get(keys.THEME) not in options:
        st.session_state[keys.THEME] = ""
    st.selectbox(
        t("puzzles.theme_label", lang),
        options,
        key=keys.THEME,
        format_func=lambda rule: (
            t("puzzles.theme_all", lang)
            if not rule
            else t(
                "puzzles.theme_option",
                lang,
                name=t(f"puzzles.theme.{rule}", lang),
                id=rule,
                count=counts[rule],
            )
        ),
    )
    theme = st.session_state.get(keys.THEME)
    return str(theme) if theme else None
