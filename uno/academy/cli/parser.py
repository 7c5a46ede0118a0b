"""The parser of ``python -m uno``: its commands and options, its help and its errors worded
in the reader's language, and every value on the line read with bounds (whole numbers in a
range, strategies by name, rules as a preset or JSON read with the scenario loader's limits).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from uno.academy.cli.terminal import EXIT_USAGE, scenario_error_text, shown
from uno.academy.i18n import DEFAULT_LANG, LANGS, join_words, number, t
from uno.bots import STRATEGIES
from uno.errors import ScenarioError
from uno.rules import PRESETS, RuleSet, as_ruleset
from uno.scenario import scenario_data
from uno.setup import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS

__all__ = ["MAX_GAMES", "MAX_ROLLOUTS", "build_parser"]

#: ``simulate N``: at most this many games (their rows are kept in memory until saved).
MAX_GAMES: Final = 1_000_000
#: ``review --rollouts N``: at most this many playouts per decision.
MAX_ROLLOUTS: Final = 1_000_000


#: argparse's own messages (its English ``msgid``, as argparse passes them to gettext) -> our
#: key and how each ``{name}`` of our text is written for argparse's ``%`` formatting. Every
#: message argparse can print while reading a command line; ``tests/test_cli.py`` makes
#: command lines that raise each of them and finds no English in French or Russian.
_ARGPARSE_WORDS: Final[dict[str, tuple[str, dict[str, str]]]] = {
    "usage: ": ("cli.help.usage", {}),
    "argument %(argument_name)s: %(message)s": (
        "cli.argparse.argument",
        {"name": "%(argument_name)s", "message": "%(message)s"},
    ),
    "unrecognized arguments: %s": ("cli.argparse.unrecognized", {"args": "%s"}),
    "the following arguments are required: %s": ("cli.argparse.required", {"names": "%s"}),
    "one of the arguments %s is required": ("cli.argparse.one_of", {"names": "%s"}),
    "expected one argument": ("cli.argparse.expected_one", {}),
    "expected at most one argument": ("cli.argparse.expected_at_most_one", {}),
    "expected at least one argument": ("cli.argparse.expected_at_least_one", {}),
    "expected %s argument": ("cli.argparse.expected_n", {"count": "%s"}),
    "expected %s arguments": ("cli.argparse.expected_n", {"count": "%s"}),
    "ambiguous option: %(option)s could match %(matches)s": (
        "cli.argparse.ambiguous",
        {"option": "%(option)s", "matches": "%(matches)s"},
    ),
    "ignored explicit argument %r": ("cli.argparse.ignored", {"value": "%s"}),
    "not allowed with argument %s": ("cli.argparse.not_allowed_with", {"name": "%s"}),
    "invalid %(type)s value: %(value)r": ("cli.argparse.invalid_value", {"value": "%(value)s"}),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "cli.argparse.invalid_choice",
        {"value": "%(value)s", "choices": "%(choices)s"},
    ),
    "unexpected option string: %s": ("cli.argparse.unexpected_option", {"option": "%s"}),
    "show this help message and exit": ("cli.help.help", {}),
    "positional arguments": ("cli.help.positionals", {}),
    "options": ("cli.help.options", {}),
}


def argparse_words(msgid: str, lang: str) -> str:
    """argparse's message ``msgid`` in ``lang``, ready for argparse's ``%`` formatting (a
    message we do not know stays as argparse wrote it)."""
    entry = _ARGPARSE_WORDS.get(msgid)
    if entry is None:
        return msgid
    key, slots = entry
    text = t(key, lang).replace("%", "%%")
    for name, slot in slots.items():
        text = text.replace("{" + name + "}", slot)
    return text


@contextlib.contextmanager
def _argparse_in(lang: str) -> Iterator[None]:
    """While a command line is read, argparse asks gettext for its messages: it gets them in
    ``lang`` (argparse looks ``_`` and ``ngettext`` up in its module on every call; the
    command line reads one line at a time, and the English ones are put back after)."""
    module: Any = argparse
    saved = module._, module.ngettext

    def gettext(msgid: str) -> str:
        return argparse_words(msgid, lang)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return argparse_words(singular if n == 1 else plural, lang)

    module._, module.ngettext = gettext, ngettext
    try:
        yield
    finally:
        module._, module.ngettext = saved


def _name_of(action: argparse.Action) -> str:
    """How argparse names an argument in its messages: its metavar, else its options."""
    if action.metavar is not None:
        return str(action.metavar)
    return "/".join(action.option_strings) or action.dest


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors worded like ours (exit code 2 stays)."""

    lang: str = DEFAULT_LANG

    def parse_known_args(  # type: ignore[override]  # typeshed's overloads, one behaviour
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """argparse's reading, with every message it prints in the reader's language."""
        with _argparse_in(self.lang):
            result: tuple[argparse.Namespace, list[str]] = super().parse_known_args(args, namespace)
        return result

    def parse_args(  # type: ignore[override]  # typeshed's overloads, one behaviour
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> argparse.Namespace:
        """argparse's reading, with its last word (arguments left over) in ``lang`` too."""
        with _argparse_in(self.lang):
            parsed: argparse.Namespace = super().parse_args(args, namespace)
        return parsed

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A value out of ``choices`` (a command, a language), said with the choices as
        the reader types them (argparse quotes each in Python's way)."""
        choices = action.choices
        if choices is not None and value not in choices:
            words = t(
                "cli.argparse.choice",
                self.lang,
                name=_name_of(action),
                value=shown(value),
                choices=join_words(list(map(str, choices)), self.lang, alternative=True),
            )
            raise argparse.ArgumentError(None, words)

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
        """argparse's help, with ``usage:`` and its headings in the reader's words."""

        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[argparse._MutuallyExclusiveGroup],
            prefix: str | None = None,
        ) -> None:
            words = t("cli.help.usage", lang) if prefix is None else prefix
            super().add_usage(usage, actions, groups, words)

        def start_section(self, heading: str | None) -> None:
            """A heading as the language writes it before argparse's colon ("options :")."""
            if heading:
                heading += t("cli.help.before_colon", lang)
            super().start_section(heading)

    return Formatter


def _new_parser(lang: str, **options: Any) -> _Parser:
    """A parser whose help is worded in ``lang``: the usage line, the headings, ``--help``."""
    parser = _Parser(add_help=False, formatter_class=_formatter(lang), **options)
    parser.lang = lang
    parser._positionals.title = t("cli.help.positionals", lang)
    parser._optionals.title = t("cli.help.options", lang)
    parser.add_argument("-h", "--help", action="help", help=_help("cli.help.help", lang))
    return parser


def _metavar(name: str, lang: str) -> str:
    """The placeholder of a value in the help (``FILE``, ``FICHIER``, ``ФАЙЛ``)."""
    return t(f"cli.metavar.{name}", lang)


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
        epilog=_help("cli.epilog", lang, command=_metavar("command", lang)),
    )
    # ``python -m uno --lang fr check ...`` as well as ``check ... --lang fr``
    parser.add_argument("--lang", choices=LANGS, default=lang, help=_help("cli.help.lang", lang))
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        metavar=_metavar("command", lang),
        title=t("cli.help.commands", lang),
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
    check.add_argument(
        "files", nargs="+", metavar=_metavar("file", lang), help=_help("cli.help.files", lang)
    )

    sim = command("simulate")
    sim.add_argument(
        "games",
        type=_whole(lang, 1, MAX_GAMES),
        metavar=_metavar("games", lang),
        help=_help("cli.help.games", lang),
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
        "--out",
        type=Path,
        required=True,
        metavar=_metavar("file", lang),
        help=_help("cli.help.out", lang),
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
    play.add_argument(
        "--save",
        type=Path,
        default=None,
        metavar=_metavar("file", lang),
        help=_help("cli.help.save", lang),
    )

    review = command("review")
    review.add_argument(
        "file", metavar=_metavar("file", lang), help=_help("cli.help.review_file", lang)
    )
    review.add_argument(
        "--seat",
        type=_whole(lang, 0, MAX_PLAYERS - 1),
        default=0,
        help=_help("cli.help.seat", lang),
    )
    review.add_argument(
        "--seed", type=_seed(lang), default=0, help=_help("cli.help.review_seed", lang)
    )
    review.add_argument(
        "--rollouts",
        type=_whole(lang, 1, MAX_ROLLOUTS),
        default=None,
        help=_help("cli.help.rollouts", lang),
    )

    puzzles = command("puzzles")
    puzzles.add_argument(
        "what",
        choices=["mine"],
        metavar=_metavar("what", lang),
        help=_help("cli.help.puzzles_mine", lang),
    )
    puzzles.add_argument(
        "--games",
        type=_whole(lang, 1, MAX_GAMES),
        default=100,
        help=_help("cli.help.puzzle_games", lang),
    )
    puzzles.add_argument(
        "--seed", type=_whole(lang, 0, 2**40), default=0, help=_help("cli.help.seed", lang)
    )
    puzzles.add_argument(
        "--workers", type=_whole(lang, 1, 64), default=1, help=_help("cli.help.workers", lang)
    )
    puzzles.add_argument(
        "--minutes",
        type=_whole(lang, 1, 10_000),
        default=None,
        help=_help("cli.help.minutes", lang),
    )
    puzzles.add_argument(
        "--every", type=_whole(lang, 1, MAX_GAMES), default=25, help=_help("cli.help.every", lang)
    )
    puzzles.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar=_metavar("file", lang),
        help=_help("cli.help.puzzle_out", lang),
    )

    admin = command("admin")
    admin.add_argument(
        "what",
        choices=["games"],
        metavar=_metavar("what", lang),
        help=_help("cli.help.admin_games", lang),
    )
    admin.add_argument(
        "--db", default=None, metavar=_metavar("db", lang), help=_help("cli.help.db", lang)
    )
    for sub in commands.choices.values():  # --players PLAYERS: the value's name in ``lang``
        for action in sub._actions:
            named = action.metavar is not None or action.choices is not None
            if action.option_strings and action.nargs != 0 and not named:
                action.metavar = _metavar(action.dest, lang)
    return parser
