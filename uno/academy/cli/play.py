"""``python -m uno play``: a round in the terminal, the person at seat 0 against computer
players. ``play`` reads ``MAX_LINE`` characters of a line at most. ``--save FILE`` writes the
game when the round ends or the person stops: the situation with its history and the computer
players, as the sandbox saves a game (``uno.academy.sandbox.match_text``), which the sandbox
opens and ``python -m uno review`` reviews.
"""

from __future__ import annotations

import argparse
import errno
import os
from pathlib import Path
from typing import Any, Final, TextIO

import uno
from uno.academy.cli.terminal import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    NotAFile,
    os_problem,
    refusal_text,
    scenario_error_text,
    shown,
    shown_path,
)
from uno.academy.i18n import card_label, t
from uno.academy.match import MAX_STEPS, Match, Refusal
from uno.academy.sandbox import match_text
from uno.academy.table import story_text
from uno.academy.table_setup import TableSetup
from uno.actions import VERBS, Action, parse_action
from uno.cards import parse_color
from uno.errors import IllegalAction, NotationError, ScenarioError
from uno.rules import RuleSet
from uno.setup import check_names
from uno.state import GameState, Phase

__all__ = [
    "MAX_LINE",
    "MAX_LINE_SKIPPED",
    "MAX_MOVES",
    "PERSON",
    "person_action",
    "play",
    "save_problem",
    "saved_table",
]

#: The person is seat 0 in ``play``; the computer players take the other seats.
PERSON: Final = 0
#: A round of ``play`` that runs this many moves is stopped (R-DRAW-4 can loop): the match's
#: cap.
MAX_MOVES: Final = MAX_STEPS
#: ``play`` reads at most this many characters of a line; a longer line is dropped, unread.
MAX_LINE: Final = 200
#: ... and gives up on the input after this many characters without an end of line.
MAX_LINE_SKIPPED: Final = 64 * 1024 * 1024
_QUIT: Final = frozenset({"quit", "exit", "q"})
_HELP: Final = frozenset({"help", "?", "h"})


def person_action(state: GameState, text: str) -> Action:
    """What the person typed, as an action of seat 0: a verb (``draw``, ``pass``, ``uno``,
    ``challenge``, ``accept``, ``catch 2``, ``color G``), a bare colour while the first card's
    colour is to be named, or a card code with what it needs (``R7``, ``W B``, ``R5 uno``,
    ``play R7 2``), which ``uno.play_action`` reads as a tap on that card."""
    words = text.split()
    if not words:
        raise NotationError(text, message="nothing to read")
    verb = words[0].lower()
    if verb in VERBS and verb not in ("play", "jump"):
        return parse_action(f"{PERSON}: {text}", state)
    if state.phase is Phase.CHOOSE_COLOR and len(words) == 1:
        try:
            return Action(PERSON, "color", color=parse_color(words[0]))
        except NotationError:
            pass
    if verb in ("play", "jump"):
        text = " ".join(words[1:])
    tap = parse_action(f"{PERSON}: play {text}", state)
    assert tap.card is not None
    return uno.play_action(
        state, PERSON, tap.card, color=tap.color, target=tap.target, say_uno=tap.uno
    )


def save_problem(path: Path, lang: str) -> str | None:
    """Why ``--save`` could not write ``path`` (its folder missing, a folder or a device by that
    name), in the reader's words; None when it can be tried. Asked before the round is played."""
    try:
        folder = path.resolve().parent
        if not folder.is_dir():
            return t("cli.simulate.no_folder", lang, folder=shown_path(str(folder)))
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if path.exists() and not path.is_file():
            raise NotAFile(errno.ENODEV, "not an ordinary file", str(path))
    except (OSError, ValueError) as problem:
        error = os_problem(problem, lang)
        return t("cli.simulate.cannot_write", lang, file=shown_path(str(path)), error=error)
    return None


def saved_table(players: int, strategy: str) -> dict[str, Any]:
    """How a saved game asks to be shown (its ``table`` field): ``strategy`` plays the other
    seats, their hands hidden from the person at seat ``PERSON``."""
    return TableSetup(
        bots={seat: strategy for seat in range(players) if seat != PERSON},
        hide_hands=True,
        viewer=PERSON,
    ).to_dict()


def _board(state: GameState, lang: str) -> list[str]:
    """What the person sees before deciding: the table, their hand, what they may play."""
    names = state.players
    color = state.current_color
    lines = [
        t(
            "cli.play.table",
            lang,
            card=card_label(state.top, lang, color if state.top.is_wild else None),
            color=t(f"color.{color.name}", lang) if color is not None else t("cli.no_color", lang),
            pile=t("cli.check.pile", lang, count=len(state.draw_pile)),
        ),
        "  "
        + " · ".join(
            t("cli.play.other", lang, name=names[s], seat=s, count=len(state.hands[s]))
            for s in range(state.n_players)
            if s != PERSON
        ),
    ]
    hand = sorted(state.hands[PERSON])
    lines.append(
        t(
            "cli.play.hand",
            lang,
            count=len(hand),
            cards=", ".join(f"{card} ({card_label(card, lang)})" for card in hand),
        )
    )
    if state.turn == PERSON:
        playable = uno.playable_cards(state, PERSON)
        if playable:
            lines.append(t("cli.play.playable", lang, cards=", ".join(map(str, playable))))
        elif state.phase is Phase.PLAY:
            lines.append(t("cli.play.nothing_playable", lang))
    for seat in state.uno_exposed:
        if seat == PERSON:
            lines.append(t("cli.play.say_uno", lang))
        else:
            lines.append(t("cli.play.can_catch", lang, name=names[seat], seat=seat))
    if state.phase is Phase.PLAY and state.pending_draw:
        lines.append(t("phase.pending", lang, name=names[state.turn], count=state.pending_draw))
    else:
        lines.append(t(f"phase.{state.phase}", lang, name=names[state.turn]))
    return lines


def _read_line(inp: TextIO) -> tuple[str, bool | None] | None:
    """The next line the person typed (``None`` at the end of the input), read ``MAX_LINE``
    characters at most, and whether that is the whole line: ``False`` for a longer line, whose
    rest is read and dropped; ``None`` for a line that has not ended after
    ``MAX_LINE_SKIPPED`` characters (``< /dev/zero``), where reading stops."""
    line = inp.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line, True
    skipped = len(line)
    while skipped < MAX_LINE_SKIPPED:
        rest = inp.readline(64 * 1024)
        skipped += len(rest)
        if not rest or rest.endswith("\n"):
            return line[:MAX_LINE], False
    return line[:MAX_LINE], None


def play(args: argparse.Namespace, lang: str, out: TextIO, inp: TextIO) -> int:
    """A round against the computer: seat 0 is the person, every other seat a computer player."""

    def say(*lines: str) -> None:
        for line in lines:
            out.write(line + "\n")
        out.flush()

    n: int = args.players
    save: Path | None = args.save
    if save is not None:
        unsaved = save_problem(save, lang)
        if unsaved is not None:  # said before the round, not after it
            say(unsaved)
            return EXIT_REFUSED
    try:
        names = check_names(
            [args.name or t("cli.play.person", lang)]
            + [t("cli.play.computer", lang, number=i) for i in range(1, n)]
        )
    except ScenarioError as problem:
        say(scenario_error_text(problem, lang))
        return EXIT_USAGE
    rules: RuleSet = args.rules
    try:
        state = uno.new_game(names, rules, seed=args.seed)
    except ScenarioError as problem:  # the parser bounds the seed; this is the last word
        say(scenario_error_text(problem, lang))
        return EXIT_USAGE
    match = Match.new(state, [None, *([args.strategy] * (n - 1))])
    say(
        t("cli.play.welcome", lang),
        t(
            "cli.play.setup",
            lang,
            rules=t(f"sandbox.presets.{rules.preset}", lang),
            strategy=t(f"bot.{args.strategy}.name", lang),
            seed=state.seed,
        ),
    )
    if rules.house_rules_on():
        say(t("sandbox.house_rules", lang, ids=", ".join(rules.house_rules_on())))
    echo = not bool(getattr(inp, "isatty", lambda: False)())

    def turns() -> int:
        """The round, move by move, until it ends or the person stops: the exit code."""
        nonlocal match
        while True:
            before = match.index
            match = match.play_bots()  # the match keeps the round: a strategy that reads it can
            for step in match.steps[before:]:
                say(*(f"  {line}" for line in story_text(step.events, names, lang, PERSON)))
            state = match.state
            if state.is_over:
                pairs = zip(names, state.scores, strict=True)
                scores = " · ".join(f"{name} {score}" for name, score in pairs)
                say(t("cli.play.scores", lang, scores=scores))
                return EXIT_OK
            if match.full:  # R-DRAW-4 can loop: the round stops at the match's cap
                say(t("cli.play.stopped", lang, count=match.index))
                return EXIT_REFUSED
            if match.waiting:
                continue  # the computer players have more to do (play_bots stops at its limit)
            say("", *_board(state, lang))
            out.write(t("cli.play.prompt", lang))
            out.flush()
            read = _read_line(inp)
            if read is None:
                say("", t("cli.play.bye", lang))
                return EXIT_OK
            line, whole = read
            text = line.strip()
            if echo:
                say(shown(text, 40 if whole is not True else MAX_LINE))
            if whole is None:
                say(t("cli.play.endless", lang))
                return EXIT_REFUSED
            if not whole:
                say(t("cli.play.too_long", lang, count=MAX_LINE))
                continue
            if not text:
                continue
            if text.lower() in _QUIT:
                say(t("cli.play.bye", lang))
                return EXIT_OK
            if text.lower() in _HELP:
                say(t("cli.play.help", lang))
                continue
            try:
                acted = match.act(PERSON, person_action(state, text))
            except NotationError:
                say(t("cli.play.not_understood", lang, text=shown(text)))
                continue
            except IllegalAction as refusal:  # a card tapped that the rules refuse
                say(refusal_text(refusal, lang))
                continue
            if isinstance(acted, Refusal):
                if isinstance(acted.error, IllegalAction):
                    say(refusal_text(acted.error, lang))
                else:
                    say(t("cli.play.not_understood", lang, text=shown(text)))
                continue
            say(*(f"  {line}" for line in story_text(acted.steps[-1].events, names, lang, PERSON)))
            match = acted

    code = turns()
    if save is not None:
        try:
            save.write_text(match_text(match, saved_table(n, args.strategy)), encoding="utf-8")
        except (OSError, ValueError) as problem:
            error = os_problem(problem, lang)
            say(t("cli.simulate.cannot_write", lang, file=shown_path(str(save)), error=error))
            return EXIT_REFUSED
        say(t("cli.play.saved", lang, file=shown_path(str(save))))
    return code
