"""``python -m uno check FILE...``: validate scenario files, describe the situation of each.

Files are opened without waiting (a FIFO) and read up to the scenario loader's size; JSON is
read with the loader's limits.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from typing import IO, TextIO

import uno
from uno.academy.cli.terminal import (
    EXIT_OK,
    EXIT_REFUSED,
    NotAFile,
    os_problem,
    scenario_error_text,
    shown,
    shown_path,
)
from uno.academy.i18n import card_label, join_words, reader_names, t
from uno.errors import ScenarioError
from uno.scenario import MAX_SCENARIO_BYTES
from uno.state import GameState

__all__ = ["check", "read_scenario_file", "refused_lines", "situation_summary"]


def situation_summary(state: GameState, lang: str) -> str:
    """One line: players, whose turn, top card and colour, phase, cards in each hand, draw pile."""
    names = [shown(name) for name in reader_names(state.players, lang)]
    seat = state.turn
    who = "cli.check.winner" if state.is_over else "cli.check.turn"
    color = state.current_color
    return t(
        "cli.check.summary",
        lang,
        players=t("cli.check.players", lang, count=state.n_players),
        turn=t(who, lang, name=names[seat], seat=seat),
        card=card_label(state.top, lang, color if state.top.is_wild else None),
        color=t(f"color.{color.name}", lang) if color is not None else t("cli.no_color", lang),
        phase=t(f"cli.check.phase.{state.phase}", lang),
        hands=join_words(
            [
                t("cli.check.hand", lang, name=name, count=len(hand))
                for name, hand in zip(names, state.hands, strict=True)
            ],
            lang,
        ),
        pile=t("cli.check.pile", lang, count=len(state.draw_pile)),
    )


def refused_lines(file: str, problem: ScenarioError, lang: str) -> str:
    """Why a file is refused: its code, field and value, then the reader's sentence. The
    engine's own message, in English, is the detail an English reader gets too; a JSON
    parser's words (the value of ``not_json``) are not repeated in another language."""
    value = shown(problem.value)
    if problem.code == "not_json" and lang != "en":
        head = t("cli.check.refused_file", lang, file=file, code=problem.code)
    else:
        field = shown(str(problem.field), 100)
        head = t("cli.check.refused", lang, file=file, code=problem.code, field=field, value=value)
    lines = [head, f"  {scenario_error_text(problem, lang)}"]
    if lang == "en":
        lines.append(f"  {t('cli.check.detail', lang, message=shown(str(problem), 300))}")
    return "".join(line + "\n" for line in lines)


def read_scenario_file(name: str, inp: TextIO) -> bytes:
    """The bytes of a scenario file (``-``: standard input), never more than the loader
    accepts (``check``, ``review``). A file that is not an ordinary one (a folder, a FIFO that
    would wait for a writer forever, ``/dev/zero``) is refused after an open that does not
    wait (``O_NONBLOCK``); OSError or ValueError (a NUL in the name) otherwise."""
    if name == "-":
        buffer: IO[bytes] | None = getattr(inp, "buffer", None)
        if buffer is not None:
            return buffer.read(MAX_SCENARIO_BYTES + 1)
        return inp.read(MAX_SCENARIO_BYTES + 1).encode("utf-8", "surrogatepass")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    descriptor = os.open(name, flags)
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), name)
        if not stat.S_ISREG(mode):
            raise NotAFile(errno.ENODEV, "not an ordinary file", name)
    except BaseException:
        os.close(descriptor)
        raise
    with open(descriptor, "rb") as handle:
        return handle.read(MAX_SCENARIO_BYTES + 1)


def check(files: Sequence[str], lang: str, out: TextIO, inp: TextIO) -> int:
    """Validate each file: a one-line summary, or the refusal (code, field, value, message)."""
    code = EXIT_OK
    for name in files:
        file = t("cli.stdin", lang) if name == "-" else shown_path(name)
        try:
            data = read_scenario_file(name, inp)
        except (OSError, ValueError) as problem:
            error = os_problem(problem, lang)
            out.write(t("cli.check.cannot_read", lang, file=file, error=error) + "\n")
            code = EXIT_REFUSED
            continue
        try:
            state = uno.load_scenario(data)
        except ScenarioError as problem:
            out.write(refused_lines(file, problem, lang))
            code = EXIT_REFUSED
            continue
        out.write(t("cli.check.ok", lang, file=file, summary=situation_summary(state, lang)))
        out.write("\n")
    return code
