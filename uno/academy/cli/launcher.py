"""``uno-academy [streamlit flags]``: start the Streamlit app from wherever the package is
installed, with the settings of its ``.streamlit/config.toml`` given as flags."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import uno
from uno.academy.cli.terminal import EXIT_OK, EXIT_REFUSED, env_lang
from uno.academy.i18n import t

__all__ = ["app_command", "app_files", "run_app", "streamlit_flags"]


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
    reads that file only from the working directory (``--client.toolbarMode=minimal``...)."""
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
