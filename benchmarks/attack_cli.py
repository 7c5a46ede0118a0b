"""The attack set for the command line: ``python -m uno`` given hostile files, names, values,
arguments and input, as real subprocesses, and what held.

    .venv/bin/python benchmarks/attack_cli.py

``check_cli(add)`` runs each attack once (``sys.executable -m uno ...`` in the repository's
root, hostile files in a temporary folder that is removed afterwards, at most ``TIMEOUT``
seconds a run) and calls ``add("command line", what was tried, problems)``, the shape of
``benchmarks/attack.py``'s ``Report.add``; ``problems`` is empty when the attack held. An
attack holds when the command

- exits with the codes it should: 1 (a file or an input refused) or 2 (a command line that
  cannot be read) for hostile input; 0 where hostile text is only shown (a valid file with a
  strange name, a round of ``play`` whose input ends);
- shows no traceback and no exception class name (``RecursionError``, ``UnicodeEncodeError``);
- writes no raw control character (C0 but line feed and tab, DEL, C1 such as CSI, bidi
  overrides and isolates), nor anything that is not UTF-8 (a lone surrogate);
- writes at most ``MAX_OUTPUT`` characters, even for a 20 MB input line;
- says, where the attack names one, the catalog's own sentence in the language asked for;
- finishes within ``TIMEOUT`` seconds (a FIFO opened for reading or writing would wait for
  ever).

About 10 s in all. Standard library only at import; ``uno.academy.i18n`` (the catalogs, for
the expected sentences) is imported when ``check_cli`` runs. Prints one line per attack and
exits 1 if any did not hold.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
#: Seconds one run of the command may take before it counts as hung.
TIMEOUT: Final = 60
#: The most a run may write (stdout and stderr together), whatever it was given.
MAX_OUTPUT: Final = 10_000
CLASS: Final = "command line"

#: Text that must never reach a reader: a traceback, its frames, an exception's class name.
LEAKS: Final = (
    re.compile(r"Traceback"),
    re.compile(r'File "'),
    re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception|Exit|Interrupt)\b"),
)
#: Characters a terminal obeys or that reorder the text: C0 controls but "\n" and "\t", DEL,
#: C1 controls, bidi embeddings, overrides and isolates.
RAW: Final = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
#: A name, value or title that would drive a terminal: CSI, OSC (set the title) ended by BEL,
#: a C1 CSI, a bidi override.
HOSTILE: Final = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202eAna"
GAME: Final = '{"players": 2, "hands": [["R1"], ["G1"]], "discard_pile": ["R2"]'
SCENARIO: Final = '{"players": ["Ana", "Ben"], "hands": [["R7"], ["G2"]], "discard_pile": ["R2"]}'


@dataclass
class Attack:
    """One run of the command: ``argv`` after ``python -m uno``; ``files`` written first in
    the temporary folder (name -> bytes; ``{dir}`` in ``argv`` is that folder)."""

    what: str
    argv: list[str | bytes]
    stdin: bytes = b""
    codes: tuple[int, ...] = (1, 2)
    expect: str | None = None
    files: dict[str | bytes, bytes] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)


def problems_of(code: int | None, out: bytes, err: bytes, attack: Attack) -> list[str]:
    """What did not hold in one run (``code`` None: it did not finish in time)."""
    if code is None:
        return [f"still running after {TIMEOUT} s (killed)"]
    found: list[str] = []
    if code not in attack.codes:
        found.append(f"exit code {code}, not {' or '.join(map(str, attack.codes))}")
    texts: list[str] = []
    for name, data in (("stdout", out), ("stderr", err)):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            found.append(f"{name} is not UTF-8 at byte {exc.start}")
            text = data.decode("utf-8", "replace")
        texts.append(text)
        for pattern in LEAKS:
            match = pattern.search(text)
            if match:
                found.append(f"{name} shows {match.group(0)!r}")
        raw = RAW.search(text)
        if raw:
            found.append(f"{name} holds the raw character {raw.group(0)!r}")
    size = sum(map(len, texts))
    if size > MAX_OUTPUT:
        found.append(f"{size:,} characters written (at most {MAX_OUTPUT:,})")
    if attack.expect is not None and attack.expect not in "".join(texts):
        found.append(f"does not say {attack.expect[:80]!r}")
    return found


def run(attack: Attack, folder: Path) -> list[str]:
    """Run one attack in a subprocess and return its problems."""
    for name, data in attack.files.items():
        path = os.path.join(os.fsencode(folder), os.fsencode(name))
        with open(path, "wb") as handle:
            handle.write(data)
    argv = [
        os.fsencode(arg.replace("{dir}", str(folder))) if isinstance(arg, str) else arg
        for arg in attack.argv
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env |= {"LANG": "C.UTF-8", "PYTHONPATH": str(ROOT)} | attack.env
    try:
        done = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"uno", *argv],
            input=attack.stdin,
            capture_output=True,
            cwd=ROOT,
            env=env,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return problems_of(None, b"", b"", attack)
    return problems_of(done.returncode, done.stdout, done.stderr, attack)


def attacks(folder: Path) -> list[Attack]:
    """The attack set. ``folder`` holds the FIFOs and folders that some attacks need."""
    from uno.academy.i18n import t as text  # the catalogs: the sentences each refusal says

    def t(key: str, lang: str, **values: object) -> str:
        """The sentence, or one no output holds when the catalog has no such key (a command
        line from before it: the attack then does not hold)."""
        try:
            return text(key, lang, **values)
        except KeyError:
            return f"\0 no sentence {key}"

    digits = "1234567890" * 4
    seeds = {"low": str(-(2**63)), "high": str(2**63 - 1)}
    escaped = "\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202eAna"
    out: list[Attack] = [
        Attack(
            "check: a lone surrogate in a name (JSON \\ud800)",
            ["check", "{dir}/surrogate.json"],
            files={"surrogate.json": GAME.replace("2", '["\\ud800", "B"]', 1).encode() + b"}"},
            expect="\\ud800",
        ),
        Attack(
            "check: a file name of bytes that are not UTF-8 (surrogateescape), bad content",
            ["check", b"{dir}/\xff\xed\xa0\x80.json".replace(b"{dir}", os.fsencode(folder))],
            files={b"\xff\xed\xa0\x80.json": b"\xff\xfe\xfd"},
            expect="\\udcff",
        ),
        Attack(
            "check: CSI, OSC title, BEL, C1 and U+202E in names and values (fr)",
            ["check", "{dir}/controls.json", "--lang", "fr"],
            files={
                "controls.json": (
                    '{"players": ["'
                    + _json(HOSTILE)
                    + '", "B"], "hands": [["R1"], ["'
                    + _json(HOSTILE)
                    + '"]], "discard_pile": ["R2"]}'
                ).encode()
            },
            expect=t("scenario_error.name_bad_char", "fr", field="players[0]"),
        ),
        Attack(
            "check: controls in a card code and an unknown field's name (ru)",
            ["check", "{dir}/card.json", "{dir}/field.json", "--lang", "ru"],
            files={
                "card.json": GAME.replace('"R1"', '"' + _json(HOSTILE) + '"').encode() + b"}",
                "field.json": GAME.encode() + b', "' + _json(HOSTILE).encode() + b'": 1}',
            },
            expect=t("scenario_error.unknown_field", "ru", field=escaped),
        ),
        Attack(
            "check: a valid file whose own name holds CSI, OSC, BEL, C1 and U+202E (exit 0)",
            ["check", "{dir}/" + HOSTILE + ".json"],
            files={HOSTILE + ".json": SCENARIO.encode()},
            codes=(0,),
            expect=escaped + ".json: 2 players",
        ),
        Attack(
            "check: NUL and a lone surrogate in names (JSON escapes)",
            ["check", "{dir}/nul.json"],
            files={"nul.json": GAME.replace("2", '["A\\u0000", "\\udfff"]', 1).encode() + b"}"},
        ),
        Attack(
            "simulate --rules: 60,000 nested brackets in JSON rules",
            ["simulate", "5", "--rules", '{"a": ' + "[" * 60_000, "--out", "{dir}/x.csv"],
            expect=t("cli.rules_too_deep", "en"),
        ),
        Attack(
            "simulate --rules: '[' * 60000 (a preset name)",
            ["simulate", "5", "--rules", "[" * 60_000, "--out", "{dir}/x.csv"],
        ),
        Attack(
            "play --rules: 15,000 nested objects (fr)",
            ["play", "--rules", '{"a": ' * 15_000 + "1" + "}" * 15_000, "--lang", "fr"],
            expect=t("cli.rules_too_deep", "fr"),
        ),
        Attack(
            "play --rules: numbers 1e400, NaN and 2**70 in JSON rules",
            ["play", "--rules", f'{{"stacking": 1e400, "target_score": {2**70}, "x": NaN}}'],
        ),
        Attack(
            "play --seed: 40 digits",
            ["play", "--seed", digits],
            expect=t("cli.bad_range", "en", value=digits, **seeds),
        ),
        Attack(
            "simulate: 40-digit game count, 2**70 workers, 5,000-digit players, seed -2**64",
            [
                *("simulate", digits, "--workers", str(2**70), "--players", "9" * 5000),
                *("--seed", str(-(2**64)), "--out", "{dir}/x.csv"),
            ],
        ),
        Attack(
            "simulate: N = 1e400 (ru)",
            ["simulate", "1e400", "--out", "{dir}/x.csv", "--lang", "ru"],
            expect=t("cli.bad_range", "ru", value="1e400", low="1", high="1\u202f000\u202f000"),
        ),
        Attack(
            "play: one input line of 20 MB, then the input ends (exit 0)",
            ["play", "--seed", "3"],
            stdin=b"\x1b[2J" + b"x" * 20_000_000 + b"\n",
            codes=(0,),
            expect=t("cli.play.too_long", "en", count=200),
        ),
        Attack(
            "play: a line that never ends (70 MB of NUL bytes)",
            ["play", "--seed", "3"],
            stdin=b"\x00" * 70_000_000,
            expect=t("cli.play.endless", "en"),
        ),
        Attack(
            "play: typed controls, a C1 CSI and bytes that are not UTF-8 (exit 0)",
            ["play", "--seed", "3"],
            stdin=HOSTILE.encode() + b"\n\xff\xfe\xed\xa0\x80\n\xc2\x9b2J\nquit\n",
            codes=(0,),
        ),
        Attack("play --name: CSI, OSC, BEL and U+202E", ["play", "--name", HOSTILE]),
        Attack("check: a folder", ["check", "{dir}/folder.json"]),
        Attack("check: a file that does not exist", ["check", "{dir}/missing.json"]),
        Attack("check: /dev/zero", ["check", "/dev/zero"]),
        Attack("check: an unreadable file (mode 000)", ["check", "{dir}/locked.json"]),
        Attack(
            "check: a 2 MB file",
            ["check", "{dir}/huge.json"],
            files={"huge.json": b"{" + b" " * 2_000_000 + b"}"},
        ),
        Attack(
            "check: binary garbage and invalid UTF-8",
            ["check", "{dir}/garbage.json", "-"],
            files={"garbage.json": bytes(range(256)) * 40},
            stdin=b"\xed\xa0\x80\xff" * 1000,
        ),
        Attack(
            "check: 1e400, NaN, -Infinity and 2**70 in fields",
            ["check", *(f"{{dir}}/n{i}.json" for i in range(4))],
            files={
                "n0.json": GAME.encode() + b', "seed": 1e400}',
                "n1.json": GAME.encode() + b', "turn": NaN}',
                "n2.json": GAME.encode() + b', "pending_draw": -Infinity}',
                "n3.json": GAME.encode() + f', "seed": {2**70}, "dealer": {2**700}}}'.encode(),
            },
        ),
        Attack(
            "check: deeply nested JSON and a 5,000-digit number in a scenario",
            ["check", "{dir}/deep.json", "{dir}/digits.json"],
            files={
                "deep.json": b'{"rules": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                "digits.json": GAME.encode() + b', "seed": ' + b"9" * 5000 + b"}",
            },
        ),
        Attack(
            "check --lang: CSI, U+202E and a byte that is not UTF-8",
            ["check", "x.json", "--lang", HOSTILE, b"--lang=\xff"],
        ),
        Attack("check: an unknown option made of controls", ["check", "x.json", "--" + HOSTILE]),
        Attack(
            "simulate --strategies and --out made of controls",
            ["simulate", "5", "--strategies", HOSTILE, "--out", HOSTILE + ".txt"],
        ),
        Attack(
            "simulate --out: a folder named games.csv", ["simulate", "3", "--out", "{dir}/d.csv"]
        ),
        Attack(
            "LANG made of controls, and an unknown command",
            ["\x1b]0;pwned\x07"],
            env={"LANG": HOSTILE, "LANGUAGE": "\x1b[2J"},
        ),
    ]
    if hasattr(os, "mkfifo"):
        out += [
            Attack("check: a FIFO no one writes to", ["check", "{dir}/fifo.json"]),
            Attack(
                "simulate --out: a FIFO no one reads", ["simulate", "3", "--out", "{dir}/f.csv"]
            ),
        ]
    return out


def _json(text: str) -> str:
    """``text`` inside a JSON string, every control written as a \\u escape."""
    return "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}" for c in text)


def _prepare(folder: Path) -> None:
    """The folders, FIFOs and locked file the attacks name."""
    (folder / "folder.json").mkdir()
    (folder / "d.csv").mkdir()
    (folder / "locked.json").write_bytes(b"not json")
    (folder / "locked.json").chmod(0)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")
        os.mkfifo(folder / "f.csv")


def check_cli(add: Callable[[str, str, list[str]], bool]) -> None:
    """Run every attack on ``python -m uno`` and report each with ``add(CLASS, what, problems)``."""
    with tempfile.TemporaryDirectory(prefix="uno-attack-cli-") as name:
        folder = Path(name)
        _prepare(folder)
        for attack in attacks(folder):
            add(CLASS, attack.what, run(attack, folder))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the attack set alone: one line per attack, then how many held."""
    del argv
    sys.path.insert(0, str(ROOT))
    rows: list[bool] = []

    def add(klass: str, tried: str, problems: list[str]) -> bool:
        mark = "held" if not problems else "FAILED"
        print(f"  [{mark:6}] {klass}: {tried}" + ("" if not problems else f": {problems}"))
        sys.stdout.flush()
        rows.append(not problems)
        return not problems

    started = time.perf_counter()
    check_cli(add)
    seconds = time.perf_counter() - started
    print(f"{sum(rows)} of {len(rows)} attacks held ({seconds:.1f} s)")
    return 0 if all(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
