"""``python -m uno review FILE --seat N``: the verdicts on one seat's decisions in a saved game.

FILE is a scenario with its history (``-``: standard input): a game the sandbox saved, or
``python -m uno play --save FILE``. The moves up to the situation the file shows are reviewed
by ``uno.review.review``, from what the seat could see at each of them; one line per decision:
the move (in the engine's notation), its grade, the points of chance lost, its chance to win
the round with its 95% interval, the expert's move and its chance when they differ, and the
ruling the decision was about; then how many decisions got each grade. The moves and grades are
worded as the app's "Review my round" words them (``uno.academy.review``: "You drew a card",
"better: Play the Green Skip").
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from uno.academy.cli.check import read_scenario_file, refused_lines
from uno.academy.cli.terminal import (
    EXIT_OK,
    EXIT_REFUSED,
    os_problem,
    shown,
    shown_path,
)
from uno.academy.i18n import join_words, percent, reader_names, t
from uno.academy.match import Match
from uno.academy.review import better_text, did_text, grade_text, lost_text
from uno.errors import ScenarioError
from uno.review import GRADES, Verdict, review

__all__ = ["review_command", "verdict_line"]


def _chance(share: float, interval: tuple[float, float], lang: str) -> str:
    low, high = interval
    return t(
        "cli.review.chance",
        lang,
        share=percent(share, lang),
        low=percent(low, lang),
        high=percent(high, lang),
    )


def verdict_line(verdict: Verdict, lang: str, names: Sequence[str]) -> str:
    """One decision in the reader's words (``names``: each seat's, for a swap or a catch):
    "Move 12: You played the Red 5 · mistake · 11 points of chance lost · 41% to win (35% to
    47%) · better: Play the Red 5, and say “Uno!” as you play it (52%, 46% to 58%) · Rule
    R-UNO-1"."""
    parts = [
        t("cli.review.move", lang, step=verdict.step + 1, text=did_text(verdict, lang, names)),
        grade_text(verdict.grade, lang),
    ]
    if verdict.move != verdict.best:
        parts.append(lost_text(verdict, lang))
    parts.append(_chance(verdict.chance, verdict.interval(), lang))
    if verdict.move != verdict.best:
        low, high = verdict.best_interval()
        parts.append(
            t(
                "cli.review.expert",
                lang,
                text=better_text(verdict, lang, names),
                share=percent(verdict.best_chance, lang),
                low=percent(low, lang),
                high=percent(high, lang),
            )
        )
    if verdict.rule is not None:
        parts.append(t("lessons.rule", lang, id=verdict.rule))
    return t("cli.review.separator", lang).join(parts)


def review_command(args: argparse.Namespace, lang: str, out: TextIO, inp: TextIO) -> int:
    """Review ``args.seat``'s decisions in the game of ``args.file``."""

    def say(*lines: str) -> None:
        for line in lines:
            out.write(line + "\n")
        out.flush()

    name: str = args.file
    file = t("cli.stdin", lang) if name == "-" else shown_path(name)
    try:
        data = read_scenario_file(name, inp)
    except (OSError, ValueError) as problem:
        say(t("cli.check.cannot_read", lang, file=file, error=os_problem(problem, lang)))
        return EXIT_REFUSED
    try:
        match = Match.from_scenario(data)
    except ScenarioError as problem:
        out.write(refused_lines(file, problem, lang))
        out.flush()
        return EXIT_REFUSED
    seat: int = args.seat
    players = match.start.n_players
    if seat >= players:
        say(t("cli.review.no_seat", lang, file=file, seat=seat, high=players - 1))
        return EXIT_REFUSED
    if not match.index:
        say(t("cli.review.no_history", lang, file=file))
        return EXIT_REFUSED
    who = shown(reader_names(match.start.players, lang)[seat])
    say(t("cli.review.title", lang, name=who, seat=seat))
    actions = [step.action for step in match.shown]
    verdicts = review(match.start, actions, seat, rollouts=args.rollouts, seed=args.seed)
    if not verdicts:
        say(t("cli.review.none", lang, name=who))
        return EXIT_OK
    names = [shown(name) for name in match.start.players]
    say(*(verdict_line(verdict, lang, names) for verdict in verdicts))
    tally = [
        t(f"cli.review.tally.{grade}", lang, count=count)
        for grade in GRADES
        if (count := sum(v.grade == grade for v in verdicts))
    ]
    say(f"{t('cli.review.total', lang, count=len(verdicts))} {join_words(tally, lang)}")
    return EXIT_OK
