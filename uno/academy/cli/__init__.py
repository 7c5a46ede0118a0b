"""The engine on the command line, for teachers and scripts, and the command that starts the app.

``python -m uno check FILE...``     validate scenario files, describe the situation of each
``python -m uno simulate N --out F``  play N games between computer players, save one row each
``python -m uno play``              play a round in the terminal against computer players
``python -m uno review FILE``       review one seat's decisions in a saved game (its history)
``python -m uno puzzles mine``      mine puzzles from seeded games (content/puzzles)
``python -m uno admin games``       the score pads that belong to nobody, with their links
``uno-academy [streamlit flags]``   start the Streamlit app from wherever the package is installed

It sits above the engine (``uno/__main__.py`` is its one entry there; ``import uno`` never
imports it) and words everything with the app's own words (``uno.academy.i18n``,
content/<lang>/cli.toml and the keys the app uses for events, refusals and scenario errors).
Exit codes: 0 ok, 1 a file or an input that is refused (or a missing optional package), 2 a
command line that cannot be read. Only ``simulate --out FILE.parquet`` and the app need a
third-party package.

The modules: ``terminal`` (exit codes, the reader's language, outside text made inert),
``parser`` (the command line and its bounds), one per command (``check``, ``simulate``,
``play``, ``review``, ``admin``) and ``launcher`` (``uno-academy``); ``main`` (here) runs a
command line.

Everything from outside (file names and contents, arguments, typed lines, the environment) is
hostile: it is printed through ``shown`` (controls, bidi overrides and lone surrogates escaped,
the length bounded), every number on the line has a range, JSON is read with the scenario
loader's limits, files are opened without waiting (a FIFO) and read up to the loader's size,
and ``play`` reads ``MAX_LINE`` characters of a line at most.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence
from typing import TextIO

# The commands' modules keep their names here (``uno.academy.cli.play`` is the module):
# ``main`` calls ``play.play``.
from uno.academy.cli import admin, check, play, puzzles, review, simulate
from uno.academy.cli.check import situation_summary
from uno.academy.cli.launcher import app_command, app_files, run_app, streamlit_flags
from uno.academy.cli.parser import build_parser
from uno.academy.cli.terminal import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    env_lang,
    lang_in,
    shown,
    tolerant,
)
from uno.academy.i18n import normalize_lang

__all__ = [
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_USAGE",
    "app_command",
    "app_files",
    "build_parser",
    "env_lang",
    "main",
    "run_app",
    "shown",
    "situation_summary",
    "streamlit_flags",
]


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``python -m uno`` with ``argv`` (default: the process's); returns the exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    inp = stdin or tolerant(sys.stdin, "surrogateescape") or io.StringIO()
    out = stdout or tolerant(sys.stdout, "backslashreplace") or io.StringIO()
    err = stderr or tolerant(sys.stderr, "backslashreplace") or io.StringIO()
    lang = normalize_lang(lang_in(args_in) or env_lang())
    parser = build_parser(lang)
    saved = sys.stdout, sys.stderr
    try:
        sys.stdout, sys.stderr = out, err  # argparse writes its help and errors there
        args = parser.parse_args(args_in)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    finally:
        sys.stdout, sys.stderr = saved
    lang = args.lang
    try:
        if args.command == "check":
            return check.check(args.files, lang, out, inp)
        if args.command == "simulate":
            return simulate.simulate(args, lang, out, err)
        if args.command == "admin":
            return admin.admin_games(args.db, lang, out, err)
        if args.command == "puzzles":
            return puzzles.puzzles_command(args, lang, out, err)
        if args.command == "review":
            return review.review_command(args, lang, out, inp)
        return play.play(args, lang, out, inp)
    except KeyboardInterrupt:
        out.write("\n")
        return 130
    except BrokenPipeError:  # ``python -m uno check *.json | head``: the reader left
        if out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python exits
        return EXIT_REFUSED
