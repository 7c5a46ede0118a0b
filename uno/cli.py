"""The engine on the command line, for teachers and scripts, and the command that starts the app.

``python -m uno check FILE...``     validate scenario files, describe the situation of each
``python -m uno simulate N --out F``  play N games between computer players, save one row each
``python -m uno play``              play a round in the terminal against computer players
``uno-academy [streamlit flags]``   start the Streamlit app from wherever the package is installed

An entry point like app.py (tests/test_architecture.py): ``import uno`` never imports it, so it
may word everything with the app's own words (``uno.academy.i18n``, content/<lang>/cli.toml and
the keys the app uses for events, refusals and scenario errors). Exit codes: 0 ok, 1 a file or
an input that is refused (or a missing optional package), 2 a command line that cannot be read.

Everything from outside (file names and contents, arguments, typed lines, the environment) is
hostile: it is printed through ``shown`` (controls, bidi overrides and lone surrogates escaped,
the length bounded), every number on the line has a range, JSON is read with the scenario
loader's limits, files are opened without waiting (a FIFO) and read up to the loader's size,
and ``play`` reads ``MAX_LINE`` characters of a line at most.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib.util
import io
import json
import os
import stat
import subprocess
import sys
import time
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final, TextIO

import uno
from uno.academy.i18n import (
    DEFAULT_LANG,
    LANGS,
    card_label,
    join_words,
    normalize_lang,
    number,
    t,
)
from uno.academy.table import story_text
from uno.actions import VERBS, Action, parse_action
from uno.bots import STRATEGIES, Strategy, make_strategy, next_bot_move, play_bots
from uno.cards import parse_color
from uno.errors import IllegalAction, NotationError, ScenarioError
from uno.expert import Note, note_of
from uno.rules import PRESETS, RuleSet, as_ruleset
from uno.scenario import MAX_SCENARIO_BYTES, scenario_data
from uno.setup import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, check_names
from uno.state import GameState, Phase

__all__ = [
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_USAGE",
    "app_command",
    "app_files",
    "build_parser",
    "main",
    "run_app",
    "shown",
    "situation_summary",
    "streamlit_flags",
]

EXIT_OK: Final = 0
EXIT_REFUSED: Final = 1
EXIT_USAGE: Final = 2
#: The person is seat 0 in ``play``; the computer players take the other seats.
PERSON: Final = 0
#: A round of ``play`` that runs this many computer moves is stopped (R-DRAW-4 can loop).
MAX_MOVES: Final = 20_000
#: ``simulate N``: at most this many games (their rows are kept in memory until saved).
MAX_GAMES: Final = 1_000_000
#: ``play`` reads at most this many characters of a line; a longer line is dropped, unread.
MAX_LINE: Final = 200
#: ... and gives up on the input after this many characters without an end of line.
MAX_LINE_SKIPPED: Final = 64 * 1024 * 1024
#: A file name is shown whole up to this length; other outside text up to ``shown``'s ``most``.
MAX_SHOWN_PATH: Final = 500
#: What a terminal must never receive raw from outside: controls (ESC, BEL, C1 such as CSI),
#: format characters (bidi overrides such as U+202E), lone surrogates, private-use and
#: unassigned code points, line and paragraph separators. The joiners (U+200C, U+200D) are
#: format characters that emoji and several scripts need, and move no cursor: kept.
_ESCAPED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINERS: Final = frozenset("\u200c\u200d")
_QUIT: Final = frozenset({"quit", "exit", "q"})
_HELP: Final = frozenset({"help", "?", "h"})


# -- words ---------------------------------------------------------------------------------


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The reader's language from the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them): ``fr_FR.UTF-8`` gives ``fr``; English otherwise."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0]
        if value:
            return normalize_lang(value)
    return DEFAULT_LANG


def _lang_in(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` before argparse reads the line (the help is worded with it)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def refusal_text(refusal: IllegalAction, lang: str) -> str:
    """Why the engine refuses a move (``reason.*``), with the id of the ruling."""
    return t(
        "cli.play.refused",
        lang,
        reason=t(f"reason.{refusal.reason}", lang),
        rule=t("lessons.rule", lang, id=refusal.rule),
    )


def scenario_error_text(problem: ScenarioError, lang: str) -> str:
    """A refused file or setting in the reader's words (``scenario_error.*``)."""
    field, value = shown(str(problem.field), 100), shown(problem.value)
    count = problem.value if type(problem.value) is int else None  # "1 card", "5 cards"
    try:
        return t(f"scenario_error.{problem.code}", lang, field=field, value=value, count=count)
    except KeyError:  # a code without its own sentence (the content tests look for these)
        return t("scenario_error.wrong_phase", lang, field=field, value=value)


def shown(value: object, most: int = 60) -> str:
    """Text from outside (a file's name, a value in it, an argument, a typed line) as it may be
    printed on a terminal: at most ``most`` characters of it (then ``...``), and every character
    that could drive the terminal or hide the text (``_ESCAPED``) written as an escape
    (``\\x1b``, ``\\u202e``, ``\\ud800``), so no file can set a title, clear the screen, reorder
    what follows, or stop the output with a character the terminal's encoding refuses.
    A value that is not text is written as JSON (numbers of any size, nested lists)."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (ValueError, TypeError, RecursionError):  # a number of thousands of digits...
            text = "…"
    if len(text) > most:
        text = text[: max(most - 3, 1)] + "..."
    return "".join(_escaped(char) for char in text)


def _escaped(char: str) -> str:
    if unicodedata.category(char) not in _ESCAPED or char in _JOINERS:
        return char
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _path(name: str) -> str:
    """A file name given on the command line, as ``shown`` prints it."""
    return shown(name, MAX_SHOWN_PATH)


def _os_problem(problem: OSError | ValueError, lang: str) -> str:
    """Why a file cannot be read or written, in the reader's words (the system's own words,
    escaped, for a rare error)."""
    if isinstance(problem, _NotAFile):
        return t("cli.read.not_file", lang)
    if isinstance(problem, ValueError):  # a NUL or a lone surrogate in the name
        return t("cli.read.bad_name", lang)
    key = {
        errno.ENOENT: "cli.read.not_found",
        errno.EACCES: "cli.read.denied",
        errno.EPERM: "cli.read.denied",
        errno.EISDIR: "cli.read.folder",
        errno.ENAMETOOLONG: "cli.read.long_name",
    }.get(problem.errno or 0)
    if key is not None:
        return t(key, lang)
    return t("cli.read.failed", lang, error=shown(problem.strerror or problem.errno, 200))


def situation_summary(state: GameState, lang: str) -> str:
    """One line: players, whose turn, top card and colour, phase, cards in each hand, draw pile."""
    names = [shown(name) for name in state.players]
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
        phase=str(state.phase),
        hands=join_words(
            [
                t("cli.check.hand", lang, name=name, count=len(hand))
                for name, hand in zip(names, state.hands, strict=True)
            ],
            lang,
        ),
        pile=t("cli.check.pile", lang, count=len(state.draw_pile)),
    )


# -- the command line ----------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors worded like ours (exit code 2 stays)."""

    lang: str = DEFAULT_LANG

    def error(self, message: str) -> Any:  # argparse's signature is NoReturn
        """argparse quotes what it could not read (``unrecognized arguments: ...``): shown
        escaped, and not at any length."""
        self.print_usage(sys.stderr)
        message = shown(message, 1000)
        self.exit(EXIT_USAGE, t("cli.usage_error", self.lang, prog=self.prog, message=message))


def _help(key: str, lang: str, **values: Any) -> str:
    return t(key, lang, **values).replace("%", "%%")  # argparse formats help with %


def _formatter(lang: str) -> type[argparse.HelpFormatter]:
    class Formatter(argparse.HelpFormatter):
        """argparse's help, with ``usage:`` in the reader's words."""

        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[argparse._MutuallyExclusiveGroup],
            prefix: str | None = None,
        ) -> None:
            words = t("cli.help.usage", lang) if prefix is None else prefix
            super().add_usage(usage, actions, groups, words)

    return Formatter


def _new_parser(lang: str, **options: Any) -> _Parser:
    """A parser whose help is worded in ``lang``: the usage line, the headings, ``--help``."""
    parser = _Parser(add_help=False, formatter_class=_formatter(lang), **options)
    parser.lang = lang
    parser._positionals.title = t("cli.help.positionals", lang)
    parser._optionals.title = t("cli.help.options", lang)
    parser.add_argument("-h", "--help", action="help", help=_help("cli.help.help", lang))
    return parser


def _rules(lang: str) -> Callable[[str], RuleSet]:
    """A preset's name, or rules in JSON read with the scenario loader's limits (size, UTF-8,
    nesting, numbers: ``scenario_data``)."""

    def read(text: str) -> RuleSet:
        try:
            if not text.lstrip().startswith("{"):
                return as_ruleset(text.strip())
            try:
                spec = scenario_data(text)
            except ScenarioError as problem:
                if problem.code == "not_json":
                    deep = problem.value == "nesting"
                    key = "cli.rules_too_deep" if deep else "cli.bad_rules_json"
                    raise argparse.ArgumentTypeError(t(key, lang)) from None
                # the loader's limits name the "file": here it is the rules
                raise ScenarioError(problem.code, "rules", problem.value, str(problem)) from None
            return as_ruleset(spec)
        except ScenarioError as problem:
            raise argparse.ArgumentTypeError(scenario_error_text(problem, lang)) from None

    return read


def _whole(lang: str, low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (every number on the line has both bounds),
    else a refusal that gives the range. A line of digits far longer than the bounds' own is
    refused without being converted."""
    longest = max(len(str(low)), len(str(high))) + 8  # room for "+", "_" and spaces

    def read(text: str) -> int:
        value: int | None = None
        digits = text.strip()
        if digits.isascii() and len(digits) <= longest:
            try:
                value = int(digits)
            except ValueError:
                value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                t(
                    "cli.bad_range",
                    lang,
                    value=shown(text),
                    low=_integer(low, lang),
                    high=_integer(high, lang),
                )
            )
        return value

    return read


def _integer(value: int, lang: str) -> str:
    """A bound as the reader writes numbers (``1,000,000``; a seed's 19 digits as they are,
    which a float would round)."""
    return number(value, lang) if abs(value) < 2**53 else str(value)


def _seed(lang: str) -> Callable[[str], int]:
    """A seed: the 64-bit whole numbers ``new_game`` and scenario files take."""
    return _whole(lang, -MAX_SEED - 1, MAX_SEED)


def _strategy(lang: str) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text not in STRATEGIES:
            raise argparse.ArgumentTypeError(
                t("cli.bad_strategy", lang, value=shown(text), names=", ".join(STRATEGIES))
            )
        return text

    return read


def _strategies(lang: str) -> Callable[[str], list[str]]:
    one = _strategy(lang)

    def read(text: str) -> list[str]:
        return [one(name.strip()) for name in text.split(",")]

    return read


def build_parser(lang: str = DEFAULT_LANG) -> argparse.ArgumentParser:
    """The parser of ``python -m uno``, its help worded in ``lang``."""
    names = ", ".join(STRATEGIES)
    presets = ", ".join(PRESETS)
    parser = _new_parser(
        lang,
        prog="python -m uno",
        description=_help("cli.description", lang),
        epilog=_help("cli.epilog", lang),
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", title=t("cli.help.commands", lang)
    )

    def command(name: str) -> _Parser:
        sub: _Parser = commands.add_parser(
            name,
            help=_help(f"cli.help.{name}", lang),
            description=_help(f"cli.help.{name}", lang),
            add_help=False,
            formatter_class=_formatter(lang),
        )
        sub.lang = lang
        sub._positionals.title = t("cli.help.positionals", lang)
        sub._optionals.title = t("cli.help.options", lang)
        sub.add_argument("-h", "--help", action="help", help=_help("cli.help.help", lang))
        sub.add_argument("--lang", choices=LANGS, default=lang, help=_help("cli.help.lang", lang))
        return sub

    check = command("check")
    check.add_argument("files", nargs="+", metavar="FILE", help=_help("cli.help.files", lang))

    sim = command("simulate")
    sim.add_argument(
        "games", type=_whole(lang, 1, MAX_GAMES), metavar="N", help=_help("cli.help.games", lang)
    )
    sim.add_argument(
        "--players",
        type=_whole(lang, MIN_PLAYERS, MAX_PLAYERS),
        default=4,
        help=_help("cli.help.players", lang),
    )
    sim.add_argument(
        "--rules",
        type=_rules(lang),
        default=PRESETS["official"],
        help=_help("cli.help.rules", lang, presets=presets),
    )
    sim.add_argument(
        "--strategies",
        type=_strategies(lang),
        default=["random"],
        help=_help("cli.help.strategies", lang, names=names),
    )
    sim.add_argument("--seed", type=_seed(lang), default=0, help=_help("cli.help.seed", lang))
    sim.add_argument(
        "--workers", type=_whole(lang, 1, 64), default=1, help=_help("cli.help.workers", lang)
    )
    sim.add_argument(
        "--out", type=Path, required=True, metavar="FILE", help=_help("cli.help.out", lang)
    )

    play = command("play")
    play.add_argument(
        "--players",
        type=_whole(lang, MIN_PLAYERS, MAX_PLAYERS),
        default=3,
        help=_help("cli.help.play_players", lang),
    )
    play.add_argument(
        "--seed", type=_seed(lang), default=None, help=_help("cli.help.play_seed", lang)
    )
    play.add_argument(
        "--rules",
        type=_rules(lang),
        default=PRESETS["official"],
        help=_help("cli.help.rules", lang, presets=presets),
    )
    play.add_argument(
        "--strategy",
        type=_strategy(lang),
        default="greedy",
        help=_help("cli.help.strategy", lang, names=names),
    )
    play.add_argument("--name", default=None, help=_help("cli.help.name", lang))

    admin = command("admin")
    admin.add_argument("what", choices=["games"], help=_help("cli.help.admin_games", lang))
    admin.add_argument("--db", default=None, metavar="PATH_OR_URL", help=_help("cli.help.db", lang))
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``python -m uno`` with ``argv`` (default: the process's); returns the exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    inp = stdin or _tolerant(sys.stdin, "surrogateescape") or io.StringIO()
    out = stdout or _tolerant(sys.stdout, "backslashreplace") or io.StringIO()
    err = stderr or _tolerant(sys.stderr, "backslashreplace") or io.StringIO()
    lang = normalize_lang(_lang_in(args_in) or env_lang())
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
            return check(args.files, lang, out, inp)
        if args.command == "simulate":
            return simulate(args, lang, out, err)
        if args.command == "admin":
            return admin_games(args.db, lang, out, err)
        return play(args, lang, out, inp)
    except KeyboardInterrupt:
        out.write("\n")
        return 130
    except BrokenPipeError:  # ``python -m uno check *.json | head``: the reader left
        if out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python exits
        return EXIT_REFUSED


def _tolerant(stream: TextIO | None, errors: str) -> TextIO | None:
    """The process's own stream, made to accept any input (bytes that are not UTF-8 come in
    as lone surrogates, which ``shown`` escapes) or any output (a character the terminal's
    encoding lacks is written as an escape); ``None`` when the stream is closed."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):  # already in use, or closed
            reconfigure(errors=errors)
    return stream


# -- admin -----------------------------------------------------------------------------------


def admin_games(db: str | None, lang: str, out: TextIO, err: TextIO) -> int:
    """For the server's administrator: the score pads that belong to nobody (kept from a
    file of before owners), each with the link path that opens it."""
    from uno.academy import store as st
    from uno.academy.scoring import share_link

    where = st.store_location(db)
    if not st.database_exists(db):
        err.write(t("cli.admin.no_database", lang, where=_path(str(where))) + "\n")
        return EXIT_REFUSED
    try:
        with st.open_store(db) as store:
            hidden = store.hidden_games()
    except st.StoreError as problem:
        where = _path(str(problem.where))
        err.write(
            t("cli.admin.store_error", lang, where=where, code=problem.code)
            + f" ({shown(problem.detail, 300)})\n"
        )
        return EXIT_REFUSED
    if not hidden:
        out.write(t("cli.admin.none", lang) + "\n")
        return 0
    out.write(t("cli.admin.count", lang, count=len(hidden)) + "\n")
    for game in hidden:
        line = t(
            "cli.admin.game",
            lang,
            number=game.id,
            players=", ".join(shown(name) for name in game.players),
            rounds=t("cli.admin.rounds", lang, count=game.rounds),
            updated=shown(game.updated.replace("T", " ")[:16]),
            link=shown(share_link("", game.share), 200),
        )
        out.write(line + "\n")
    return 0


# -- check ---------------------------------------------------------------------------------


class _NotAFile(OSError):
    """A name that is no ordinary file: a pipe, a socket, a device (``/dev/zero``)."""


def _read(name: str, inp: TextIO) -> bytes:
    """The bytes of a scenario file, never more than the loader accepts. A file that is not
    an ordinary one (a folder, a FIFO that would wait for a writer forever, ``/dev/zero``) is
    refused after an open that does not wait (``O_NONBLOCK``); OSError or ValueError (a NUL
    in the name) otherwise."""
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
            raise _NotAFile(errno.ENODEV, "not an ordinary file", name)
    except BaseException:
        os.close(descriptor)
        raise
    with open(descriptor, "rb") as handle:
        return handle.read(MAX_SCENARIO_BYTES + 1)


def check(files: Sequence[str], lang: str, out: TextIO, inp: TextIO) -> int:
    """Validate each file: a one-line summary, or the refusal (code, field, value, message)."""
    code = EXIT_OK
    for name in files:
        file = t("cli.stdin", lang) if name == "-" else _path(name)
        try:
            data = _read(name, inp)
        except (OSError, ValueError) as problem:
            error = _os_problem(problem, lang)
            out.write(t("cli.check.cannot_read", lang, file=file, error=error) + "\n")
            code = EXIT_REFUSED
            continue
        try:
            state = uno.load_scenario(data)
        except ScenarioError as problem:
            out.write(
                t(
                    "cli.check.refused",
                    lang,
                    file=file,
                    code=problem.code,
                    field=shown(str(problem.field), 100),
                    value=shown(problem.value),
                )
                + "\n"
            )
            out.write(f"  {scenario_error_text(problem, lang)}\n")
            detail = shown(str(problem), 300)
            out.write(f"  {t('cli.check.detail', lang, message=detail)}\n")
            code = EXIT_REFUSED
            continue
        out.write(t("cli.check.ok", lang, file=file, summary=situation_summary(state, lang)))
        out.write("\n")
    return code


# -- simulate ------------------------------------------------------------------------------


class Progress:
    """A plain-text progress bar on a stream: redrawn in place on a terminal, one line every
    10% elsewhere (a log file or a CI job)."""

    def __init__(self, stream: TextIO, lang: str, width: int = 30) -> None:
        self.stream = stream
        self.lang = lang
        self.width = width
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.step = -1

    def __call__(self, done: int, total: int) -> None:
        tenth = done * 10 // total
        if not self.tty and tenth == self.step:
            return
        self.step = tenth
        filled = done * self.width // total
        bar = "#" * filled + "." * (self.width - filled)
        words = t("cli.simulate.progress", self.lang, done=done, total=total, count=total)
        line = f"[{bar}] {done * 100 // total:3d}% {words}"
        self.stream.write(f"\r{line}" if self.tty else f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.step >= 0:
            self.stream.write("\n")
            self.stream.flush()


def simulate(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """``simulate N``: the games are played only when everything needed to save them is there."""
    path: Path = args.out
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        err.write(t("cli.simulate.bad_out", lang, suffix=shown(suffix or path.name)) + "\n")
        return EXIT_USAGE
    strategies: list[str] = args.strategies
    if len(strategies) not in (1, args.players):
        err.write(
            t(
                "cli.simulate.strategy_count",
                lang,
                count=len(strategies),
                players=t("cli.check.players", lang, count=args.players),
            )
            + "\n"
        )
        return EXIT_USAGE
    if importlib.util.find_spec("pandas") is None:
        err.write(t("cli.simulate.no_pandas", lang) + "\n")
        return EXIT_REFUSED
    if suffix == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        err.write(t("cli.simulate.no_pyarrow", lang) + "\n")
        return EXIT_REFUSED
    file = _path(str(path))
    try:
        folder = path.resolve().parent
        if not folder.is_dir():
            err.write(t("cli.simulate.no_folder", lang, folder=_path(str(folder))) + "\n")
            return EXIT_REFUSED
        if path.is_dir():  # before playing: a folder or a FIFO named games.csv
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if path.exists() and not path.is_file():
            raise _NotAFile(errno.ENODEV, "not an ordinary file", str(path))
    except (OSError, ValueError) as problem:
        error = _os_problem(problem, lang)
        err.write(t("cli.simulate.cannot_write", lang, file=file, error=error) + "\n")
        return EXIT_REFUSED
    progress = Progress(err, lang)
    started = time.perf_counter()
    frame = uno.simulate(
        args.games,
        players=args.players,
        rules=args.rules,
        strategies=strategies[0] if len(strategies) == 1 else strategies,
        seed=args.seed,
        workers=args.workers,
        progress=progress,
    )
    progress.close()
    try:
        if suffix == ".csv":
            frame.to_csv(path, index=False)
        else:
            frame.to_parquet(path, index=False)
    except (OSError, ValueError) as problem:
        error = _os_problem(problem, lang)
        err.write(t("cli.simulate.cannot_write", lang, file=file, error=error) + "\n")
        return EXIT_REFUSED
    seconds = f"{time.perf_counter() - started:.1f}"
    out.write(t("cli.simulate.done", lang, count=len(frame), file=file, seconds=seconds) + "\n")
    return EXIT_OK


# -- play ----------------------------------------------------------------------------------


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
    bot: Strategy = make_strategy(args.strategy)
    seats: list[Strategy | None] = [None, *([bot] * (n - 1))]
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
    moves = 0
    log: list[Note] = []  # what each seat was seen to do, for a strategy that reads it
    while True:
        for move in play_bots(state, seats, log=log):
            say(*(f"  {line}" for line in story_text(move.events, names, lang, PERSON)))
            log.extend(() if move.note is None else (move.note,))
            state = move.state
            moves += 1
        if state.is_over:
            pairs = zip(names, state.scores, strict=True)
            scores = " · ".join(f"{name} {score}" for name, score in pairs)
            say(t("cli.play.scores", lang, scores=scores))
            return EXIT_OK
        if moves > MAX_MOVES:
            say(t("cli.play.stopped", lang, count=moves))
            return EXIT_REFUSED
        if next_bot_move(state, seats) is not None:
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
            after, events = uno.apply(state, person_action(state, text))
        except NotationError:
            say(t("cli.play.not_understood", lang, text=shown(text)))
        except IllegalAction as refusal:
            say(refusal_text(refusal, lang))
        else:
            say(*(f"  {line}" for line in story_text(events, names, lang, PERSON)))
            note = note_of(state, events, after) if bot.watches else None
            log.extend(() if note is None else (note,))
            state = after


# -- uno-academy: the app ------------------------------------------------------------------


def app_files() -> tuple[Path, Path]:
    """The app's main script and its Streamlit settings: ``uno/ui/app/`` in an installed wheel
    (which carries app.py, pages/ and .streamlit/config.toml there), else the repository's."""
    package = Path(uno.__file__).resolve().parent
    for base in (package / "ui" / "app", package.parent):
        script = base / "app.py"
        if script.is_file() and (base / "pages").is_dir():
            return script, base / ".streamlit" / "config.toml"
    raise FileNotFoundError(f"the app's files are not beside {package}")


def streamlit_flags(config: Path) -> list[str]:
    """The settings of ``.streamlit/config.toml`` as ``streamlit run`` flags, because Streamlit
    reads that file only from the working directory (``--client.toolbarMode=viewer``...)."""
    if not config.is_file():
        return []
    with config.open("rb") as handle:
        table = tomllib.load(handle)

    def flat(section: Mapping[str, Any], prefix: str) -> list[str]:
        flags: list[str] = []
        for key, value in section.items():
            if isinstance(value, Mapping):
                flags += flat(value, f"{prefix}{key}.")
            elif isinstance(value, bool):
                flags.append(f"--{prefix}{key}={'true' if value else 'false'}")
            elif isinstance(value, int | float | str):
                flags.append(f"--{prefix}{key}={value}")
            else:
                raise ValueError(f"{config}: {prefix}{key} cannot be given as a flag")
        return flags

    return flat(table, "")


def app_command(extra: Sequence[str] = ()) -> list[str]:
    """``streamlit run <installed app.py> <the settings> <extra>``: the extra flags come last,
    so they override the settings (``--server.port 8502``)."""
    script, config = app_files()
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(script),
        *streamlit_flags(config),
        *extra,
    ]


def run_app(argv: Sequence[str] | None = None, *, replace_process: bool | None = None) -> int:
    """The ``uno-academy`` command: start the app; any flag is passed on to ``streamlit run``.

    On POSIX the command becomes Streamlit (``os.execv``, the same process), so a signal from a
    service manager or a user reaches the server itself and no orphan is left serving;
    elsewhere (``replace_process=False``) Streamlit runs as a child and its exit code is
    returned."""
    args = list(sys.argv[1:] if argv is None else argv)
    lang = env_lang()
    if args and args[0] in ("-h", "--help"):
        sys.stdout.write(t("cli.app.help", lang) + "\n")
        return EXIT_OK
    if importlib.util.find_spec("streamlit") is None:
        sys.stderr.write(t("cli.app.no_streamlit", lang) + "\n")
        return EXIT_REFUSED
    command = app_command(args)
    if os.name == "posix" if replace_process is None else replace_process:
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(command[0], command)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 130
