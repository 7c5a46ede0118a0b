"""What the command line writes to a terminal and reads from the process: exit codes, the
reader's language, outside text made inert (``shown``), and refusals in the reader's words.

Everything from outside (file names and contents, arguments, typed lines, the environment) is
hostile: it is printed through ``shown`` (controls, bidi overrides and lone surrogates escaped,
the length bounded).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Final, TextIO

from uno.academy.i18n import DEFAULT_LANG, normalize_lang, t
from uno.errors import IllegalAction, ScenarioError

__all__ = [
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_USAGE",
    "MAX_SHOWN_PATH",
    "NotAFile",
    "env_lang",
    "lang_in",
    "os_problem",
    "refusal_text",
    "scenario_error_text",
    "shown",
    "shown_path",
    "tolerant",
]

EXIT_OK: Final = 0
EXIT_REFUSED: Final = 1
EXIT_USAGE: Final = 2
#: A file name is shown whole up to this length; other outside text up to ``shown``'s ``most``.
MAX_SHOWN_PATH: Final = 500
#: What a terminal must never receive raw from outside: controls (ESC, BEL, C1 such as CSI),
#: format characters (bidi overrides such as U+202E), lone surrogates, private-use and
#: unassigned code points, line and paragraph separators. The joiners (U+200C, U+200D) are
#: format characters that emoji and several scripts need, and move no cursor: kept.
_ESCAPED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINERS: Final = frozenset("\u200c\u200d")


class NotAFile(OSError):
    """A name that is no ordinary file: a pipe, a socket, a device (``/dev/zero``)."""


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The reader's language from the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them): ``fr_FR.UTF-8`` gives ``fr``; English otherwise."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0]
        if value:
            return normalize_lang(value)
    return DEFAULT_LANG


def lang_in(argv: Sequence[str]) -> str | None:
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


def shown_path(name: str) -> str:
    """A file name given on the command line, as ``shown`` prints it."""
    return shown(name, MAX_SHOWN_PATH)


def os_problem(problem: OSError | ValueError, lang: str) -> str:
    """Why a file cannot be read or written, in the reader's words (the system's own words,
    escaped, for a rare error)."""
    if isinstance(problem, NotAFile):
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


def tolerant(stream: TextIO | None, errors: str) -> TextIO | None:
    """The process's own stream, made to accept any input (bytes that are not UTF-8 come in
    as lone surrogates, which ``shown`` escapes) or any output (a character the terminal's
    encoding lacks is written as an escape); ``None`` when the stream is closed."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):  # already in use, or closed
            reconfigure(errors=errors)
    return stream
