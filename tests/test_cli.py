"""``python -m uno``: check, simulate and play, worded with the app's words in en, fr and ru."""

from __future__ import annotations

import importlib.util
import io
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pandas as pd
import pytest

import uno
from tests.conftest import ROOT
from uno.academy import cli
from uno.academy.cli import parser as cli_parser
from uno.academy.cli import play as cli_play
from uno.academy.cli import simulate as cli_simulate
from uno.academy.i18n import LANGS, card_label, t
from uno.bots import make_strategy, play_bots
from uno.errors import IllegalAction, NotationError
from uno.simulation import COLUMNS, frame_of, simulate_rows
from uno.state import Phase

SCENARIO = {
    "format": "uno-scenario/1",
    "players": ["Ana", "Ben", "Chloé"],
    "hands": [["R7", "G2", "W"], ["B5"], ["YS", "WD4", "R1"]],
    "discard_pile": ["B7", "R7"],
    "current_color": "R",
    "turn": 2,
    "dealer": 1,
}


def call(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


# -- the command line ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", ["check", "simulate", "play"])
def test_help_of_each_command_in_each_language(command: str, lang: str) -> None:
    code, out, _ = call(command, "--help", "--lang", lang)
    assert code == 0
    assert t(f"cli.help.{command}", lang).split()[0] in out
    assert t("cli.help.usage", lang).strip() in out
    assert "--lang" in out


def test_top_level_help_lists_the_commands() -> None:
    code, out, _ = call("--help")
    assert code == 0
    for command in ("check", "simulate", "play"):
        assert command in out
    assert t("cli.help.help", "en") in out


def test_the_language_comes_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli.env_lang({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert cli.env_lang({"LANGUAGE": "ru:en", "LANG": "fr_FR.UTF-8"}) == "ru"
    assert cli.env_lang({"LANG": "C.UTF-8"}) == "en"
    assert cli.env_lang({}) == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert t("cli.help.check", "ru") in call("check", "--help")[1]
    assert t("cli.help.check", "fr") in call("check", "--help", "--lang=fr")[1]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "10"], "--out"),
        (["simulate", "0", "--out", "x.csv"], "“0”"),
        (["simulate", "٣", "--out", "x.csv"], "“٣”"),
        (["simulate", "5", "--players", "11", "--out", "x.csv"], "2 to 10"),
        (["simulate", "5", "--strategies", "clever", "--out", "x.csv"], "clever"),
        (["simulate", "5", "--rules", "nope", "--out", "x.csv"], "nope is not a known set"),
        (["simulate", "5", "--rules", '{"stacking": 1}', "--out", "x.csv"], "not a valid"),
        (["simulate", "5", "--rules", "{nope", "--out", "x.csv"], "not valid JSON"),
        (["simulate", "5", "--seed", "x", "--out", "x.csv"], "“x”"),
        (["play", "--players", "1"], "2 to 10"),
        (["check"], "FILE"),
        (["teach"], "teach"),
        (["check", "a.json", "--lang", "de"], "de"),
    ],
)
def test_a_command_line_that_cannot_be_read_exits_2(argv: list[str], words: str) -> None:
    code, out, err = call(*argv)
    assert code == cli.EXIT_USAGE
    assert words in err and "python -m uno" in err and err.startswith("usage:") and out == ""


#: Command lines that make argparse speak: each of its messages, and the help.
ARGPARSE_LINES: Final = (
    [],
    ["teach"],
    ["check"],
    ["check", "a.json", "--zzz"],
    ["simulate", "5", "--players"],
    ["simulate", "5", "--pla", "3", "--out", "x.csv"],
    ["simulate", "--out", "x.csv"],
    ["admin", "list"],
    ["check", "a.json", "--help"],
    ["simulate", "--help"],
    ["play", "--help"],
    ["review", "--help"],
    ["admin", "--help"],
    ["--help"],
)
#: What argparse says in English (its messages, its headings, its placeholders).
ARGPARSE_ENGLISH: Final = re.compile(
    r"usage:|error:|\bargument \S+:|arguments are required|unrecognized|invalid choice|"
    r"expected (?:one|at)|ambiguous option|show this help|positional arguments|"
    r"\b(?:COMMAND|FILE|N|PLAYERS|SEED|PATH_OR_URL|WHAT)\b"
)


@pytest.mark.parametrize("lang", ["fr", "ru"])
@pytest.mark.parametrize("argv", ARGPARSE_LINES, ids=" ".join)
def test_argparse_speaks_the_readers_language(argv: list[str], lang: str) -> None:
    """Its messages, headings and the placeholders of values, in French and Russian
    (``--lang`` before the command, or after it)."""
    _, out, err = call("--lang", lang, *argv)
    english = ARGPARSE_ENGLISH.findall(out + err)
    assert not english, (english, out + err)
    _, out2, err2 = call(*argv, "--lang", lang)
    assert not ARGPARSE_ENGLISH.findall(out2 + err2), out2 + err2


def test_argparse_words_cover_its_messages() -> None:
    """Every message argparse formats while reading a line has our words, with the same
    ``%`` slots (so argparse's formatting fills them)."""
    for msgid in cli_parser._ARGPARSE_WORDS:
        for lang in LANGS:
            text = cli_parser.argparse_words(msgid, lang)
            ours = set(re.findall(r"%\((\w+)\)s", text))
            assert ours <= set(re.findall(r"%\((\w+)\)[sr]", msgid)), (msgid, lang, text)
            positional = len(re.findall(r"%[sr]", msgid))
            assert len(re.findall(r"(?<!%)%s", text)) == positional, (msgid, lang, text)
    assert cli_parser.argparse_words("something new", "fr") == "something new"


def test_usage_errors_are_worded_in_the_language() -> None:
    code, _, err = call("simulate", "0", "--out", "x.csv", "--lang", "fr")
    assert code == 2
    assert "python -m uno simulate\u202f: «\u202f0\u202f» n’est pas un nombre entier" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--out", "x.txt"], "“.txt”"),
        (["--strategies", "random,greedy", "--players", "3"], "Strategies given: 2. Seats at the"),
    ],
)
def test_simulate_checks_its_options_before_playing(
    argv: list[str], words: str, tmp_path: Path
) -> None:
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "x.csv"), *argv)
    assert code == 2
    assert words in err


def test_python_m_uno_is_the_same_command(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 2, "hands": [["X9"], ["R1"]], "discard_pile": ["R2"]}')
    done = subprocess.run(
        [sys.executable, "-m", "uno", "check", str(bad), "--lang", "en"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 1
    assert "refused (bad_card) at hands[0][0], value X9" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "uno"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 2 and "COMMAND" in done.stderr


# -- check ---------------------------------------------------------------------------------


def test_check_describes_the_situation(tmp_path: Path) -> None:
    path = tmp_path / "chloe.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    code, out, _ = call("check", str(path))
    assert code == 0
    state = uno.load_scenario(SCENARIO)
    assert out == (
        f"{path}: 3 players; Chloé (seat 2) to play; top card Red 7, colour red; "
        "waiting for a card or a draw; cards in hand: Ana 3, Ben 1 and Chloé 3; "
        f"{len(state.draw_pile)} cards in the draw pile\n"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_check_in_each_language(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            {
                **SCENARIO,
                "phase": "challenge",
                "discard_pile": ["R7", "WD4"],
                "challenge": {"player": 1, "previous_color": "R"},
                "turn": 2,
                "hands": [["R7"], ["B5", "G1"], ["YS"]],
            }
        )
    )
    code, out, _ = call("check", str(path), "--lang", lang)
    assert code == 0, out
    assert card_label(uno.Card("WD4"), lang, uno.Color.R) in out
    assert t("cli.check.players", lang, count=3) in out
    assert t("cli.check.phase.challenge", lang) in out


def test_check_refuses_with_code_field_value_and_message(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**SCENARIO, "hands": [["R7"], ["Z1"], ["R1"]]}))
    code, out, _ = call("check", str(path), "--lang", "fr")
    assert code == 1
    first, sentence = out.splitlines()  # the engine's English detail is for English only
    assert first == f"{path}\u202f: refusé (bad_card) dans hands[1][0], valeur Z1"
    assert sentence.strip() == t("scenario_error.bad_card", "fr", field="hands[1][0]", value="Z1")
    code, out, _ = call("check", str(path), "--lang", "en")
    assert out.splitlines()[2].strip().startswith("hands[1][0]: not a card code")


def test_check_several_files_and_standard_input(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(SCENARIO))
    code, out, _ = call(
        "check", str(good), str(tmp_path / "missing.json"), "-", stdin=json.dumps(SCENARIO)
    )
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{good}: 3 players")
    assert lines[1].startswith(f"{tmp_path / 'missing.json'}: cannot be read")
    assert lines[2].startswith("standard input: 3 players")
    assert call("check", "-", stdin="[1, 2]")[0] == 1


def test_check_never_reads_more_than_a_scenario_may_hold(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_bytes(b"{" + b" " * 2_000_000 + b"}")
    code, out, _ = call("check", str(huge))
    assert code == 1 and "(too_large)" in out


# -- simulate ------------------------------------------------------------------------------


def test_simulate_writes_the_same_frame_as_the_library(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    code, out, err = call(
        "simulate",
        "30",
        "--players",
        "3",
        "--seed",
        "4",
        "--strategies",
        "greedy",
        "--out",
        str(path),
    )
    assert code == 0, err
    frame = pd.read_csv(path, keep_default_na=False)
    assert tuple(frame.columns) == COLUMNS
    expected = uno.simulate(30, players=3, seed=4, strategies="greedy")
    assert frame["winner"].tolist() == expected["winner"].tolist()
    assert frame["turns"].tolist() == expected["turns"].tolist()
    assert out.startswith("30 games saved in") and str(path) in out
    assert "100% 30/30 games" in err and "[" + "#" * 30 + "]" in err


def test_simulate_progress_on_a_terminal_redraws_one_line() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = cli_simulate.Progress(stream, "ru", width=10)
    for done in range(1, 6):
        bar(done, 5)
    bar.close()
    text = stream.getvalue()
    assert text.count("\r") == 5 and text.endswith("5/5 партий\n")
    plain = io.StringIO()
    bar = cli_simulate.Progress(plain, "en", width=10)
    for done in range(1, 101):
        bar(done, 100)
    assert len(plain.getvalue().splitlines()) == 11  # 0%, 10%, ..., 100%


def test_simulate_one_round_rules_and_strategies_per_seat(tmp_path: Path) -> None:
    path = tmp_path / "rounds.csv"
    code, _, err = call(
        "simulate",
        "12",
        "--players",
        "2",
        "--strategies",
        "random, save_wilds",
        "--rules",
        '{"preset": "official", "target_score": null}',
        "--out",
        str(path),
        "--workers",
        "2",
    )
    assert code == 0, err
    frame = pd.read_csv(path, keep_default_na=False)
    assert set(frame["rounds"]) == {1}
    assert set(frame["winner_strategy"]) <= {"random", "save_wilds"}


def test_simulate_parquet_needs_pyarrow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.parquet"
    if importlib.util.find_spec("pyarrow") is not None:
        assert call("simulate", "5", "--out", str(path))[0] == 0
        assert len(pd.read_parquet(path)) == 5
    real = importlib.util.find_spec

    def without(*names: str) -> Any:
        return lambda name, *a: None if name in names else real(name, *a)

    monkeypatch.setattr(importlib.util, "find_spec", without("pyarrow"))
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "other.parquet"))
    assert code == 1 and "pip install pyarrow" in err
    assert not (tmp_path / "other.parquet").exists()
    monkeypatch.setattr(importlib.util, "find_spec", without("pandas"))
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "x.parquet"), "--lang", "ru")
    assert code == 1 and t("cli.simulate.no_pandas", "ru") in err
    assert not (tmp_path / "x.parquet").exists()
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "x.csv"), "--lang", "ru")
    assert code == 0, err  # a .csv file needs no pandas (the next tests play it without)
    assert (tmp_path / "x.csv").read_bytes() == pandas_csv(uno.simulate(5), tmp_path)


def test_simulate_into_a_missing_folder_fails_before_playing(tmp_path: Path) -> None:
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "no" / "x.csv"))
    assert code == 1 and "does not exist" in err


def pandas_csv(frame: pd.DataFrame, folder: Path) -> bytes:
    """What ``python -m uno simulate --out F.csv`` wrote when it saved ``uno.simulate``'s frame
    with pandas: ``frame.to_csv(F, index=False)``."""
    path = folder / "by-pandas.csv"
    frame.to_csv(path, index=False)
    return path.read_bytes()


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3, "seed": 4, "strategies": "greedy"},
        {"players": 2, "rules": "single_round", "strategies": ["random", "save_wilds"]},
        {"players": 5, "seed": 2**63 - 1, "workers": 2},
    ],
)
def test_simulate_rows_as_csv_are_the_bytes_pandas_wrote(
    options: dict[str, Any], tmp_path: Path
) -> None:
    frame = uno.simulate(40, **options)
    rows = simulate_rows(40, **options)
    assert [list(row) for row in rows] == frame.values.tolist()
    cli_simulate.write_csv(rows, tmp_path / "games.csv")
    assert (tmp_path / "games.csv").read_bytes() == pandas_csv(frame, tmp_path)


def test_write_csv_quotes_and_leaves_empty_as_pandas_does(tmp_path: Path) -> None:
    """An unfinished game (winner -1, no strategy), and text the csv module must quote."""
    rows = [
        (0, 12, 4, "official", -1, "", 1, 20000, 300, 0, 4, 0, 0, 0),
        (1, 2**63 - 1, 2, 'a "quoted", name', 1, "x\ny", 2, 3, 4, 5, 6, 7, 8, 9),
        (2, 0, 10, "Лёва, Chloé", 0, " spaced ", 0, 0, 0, 0, 0, 0, 0, 0),
    ]
    cli_simulate.write_csv(rows, tmp_path / "games.csv")
    assert (tmp_path / "games.csv").read_bytes() == pandas_csv(frame_of(rows), tmp_path)


def test_simulate_csv_from_the_command_is_what_pandas_wrote(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    argv = ["--players", "3", "--strategies", "random,greedy,save_wilds", "--seed", "9"]
    code, out, err = call("simulate", "25", *argv, "--workers", "2", "--out", str(path))
    assert code == 0, err
    frame = uno.simulate(25, players=3, strategies=["random", "greedy", "save_wilds"], seed=9)
    assert path.read_bytes() == pandas_csv(frame, tmp_path)
    assert out.startswith("25 games saved in")


#: Run first by every Python started with its folder on PYTHONPATH: pandas (and the packages
#: that come with it) cannot be imported, and ``importlib.util.find_spec`` does not find them,
#: as on the engine-only install (``pip install uno-academy``).
NO_PANDAS = """\
import sys
for name in ("pandas", "numpy", "pyarrow"):
    sys.modules[name] = None  # import raises ImportError; find_spec gives None
"""


def test_simulate_csv_needs_no_pandas(tmp_path: Path) -> None:
    """``python -m uno simulate 20 --out x.csv`` on the engine-only install."""
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(NO_PANDAS)
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env |= {"LANG": "C.UTF-8", "PYTHONPATH": os.pathsep.join([str(blocker), str(ROOT)])}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *argv], capture_output=True, text=True, cwd=tmp_path, env=env
        )

    blocked = run("-c", "import pandas")
    assert blocked.returncode == 1 and "ModuleNotFoundError" in blocked.stderr
    done = run("-m", "uno", "simulate", "20", "--out", "x.csv")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("20 games saved in x.csv")
    assert "100% 20/20 games" in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "x.csv").read_bytes() == pandas_csv(uno.simulate(20), tmp_path)
    done = run("-m", "uno", "simulate", "20", "--out", "x.parquet", "--lang", "fr")
    assert done.returncode == 1 and not (tmp_path / "x.parquet").exists()
    assert done.stderr.strip() == t("cli.simulate.no_pandas", "fr")


# -- play ----------------------------------------------------------------------------------


def test_what_the_person_types() -> None:
    state = uno.load_scenario({**SCENARIO, "turn": 0, "current_color": "R"})
    assert cli_play.person_action(state, "R7") == uno.Action(0, "play", uno.Card("R7"))
    assert cli_play.person_action(state, "play r7") == uno.Action(0, "play", uno.Card("R7"))
    assert cli_play.person_action(state, "W b") == uno.Action(0, "play", uno.Card("W"), uno.Color.B)
    assert cli_play.person_action(state, "draw") == uno.Action(0, "draw")
    assert cli_play.person_action(state, "catch 1") == uno.Action(0, "catch", target=1)
    with pytest.raises(IllegalAction) as refusal:
        cli_play.person_action(state, "W")
    assert refusal.value.reason == "missing_color"
    with pytest.raises(IllegalAction) as refusal:
        cli_play.person_action(state, "G2")
    assert refusal.value.reason == "no_match"
    for text in ("X9", "catch ٢", "R7 ٢", "play"):
        with pytest.raises(NotationError):
            cli_play.person_action(state, text)
    first_wild = uno.load_scenario(
        {
            "players": 2,
            "hands": [
                ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
                ["G1", "G2", "G3", "G4", "G5", "G6", "G7"],
            ],
            "discard_pile": ["W"],
            "phase": "choose_color",
        }
    )
    assert cli_play.person_action(first_wild, "g") == uno.Action(0, "color", color=uno.Color.G)


def situation(seed: int, players: int = 3) -> uno.GameState:
    """The board the person first sees in ``play --seed seed`` (the bots' moves done)."""
    names = ["Player", *(f"Computer {i}" for i in range(1, players))]
    state = uno.new_game(names, seed=seed)
    seats = [None, *([make_strategy("greedy")] * (players - 1))]
    moves = play_bots(state, seats)
    return moves[-1].state if moves else state


def test_play_help_unreadable_text_and_quit() -> None:
    code, out, _ = call("play", "--seed", "3", stdin="help\nX9\n\nquit\nnever read\n")
    assert code == 0
    assert t("cli.play.welcome", "en") in out
    assert t("cli.play.help", "en") in out
    assert t("cli.play.not_understood", "en", text="X9") in out
    assert out.rstrip().endswith(t("cli.play.bye", "en"))
    assert "never read" not in out


@pytest.mark.parametrize("lang", LANGS)
def test_play_a_card_and_a_refusal_in_each_language(lang: str) -> None:
    seed = next(
        s
        for s in range(100)
        if situation(s).phase is Phase.PLAY
        and situation(s).turn == 0
        and any(not c.is_wild for c in uno.playable_cards(situation(s)))
        and set(situation(s).hands[0]) - set(uno.playable_cards(situation(s)))
    )
    state = situation(seed)
    good = next(c for c in uno.playable_cards(state) if not c.is_wild)
    bad = next(c for c in state.hands[0] if c not in uno.playable_cards(state))
    person = t("cli.play.person", lang)
    code, out, _ = call("play", "--seed", str(seed), "--lang", lang, stdin=f"{bad}\n{good}\n")
    assert code == 0
    assert t("reason.no_match", lang) in out and "R-PLAY-1" in out
    assert t("event.played", lang, name=person, card=card_label(good, lang)) in out
    assert t("cli.play.bye", lang) in out  # the input ends: the game stops


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_round_in_the_terminal(lang: str) -> None:
    """The person only draws, keeps and accepts: the computer players win the round."""
    moves = "color R\naccept\ndraw\npass\n" * 200
    code, out, _ = call("play", "--seed", "11", "--players", "2", "--lang", lang, stdin=moves)
    assert code == 0
    assert t("cli.play.scores", lang, scores="").strip() in out
    computer = t("cli.play.computer", lang, number=1)
    won = t("event.round_won", lang, name=computer, points=0, count=0).split("0")[0]
    assert won in out
    assert t("table.you_drew", lang, card="X").split("X")[0].strip() in out  # the person's card


def test_play_gives_the_expert_what_each_seat_was_seen_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``uno play --strategy expert``: the computer players are given the round's log, the
    person's draws and plays in it as well as their own."""
    import uno.academy.match as match_module  # the one module that drives computer players

    given: list[list[Any]] = []
    real = match_module.next_bot_move

    def spy(state: uno.GameState, seats: Any, rng: Any = None, log: Any = ()) -> Any:
        given.append(list(log))
        return real(state, seats, rng, log)

    monkeypatch.setattr(match_module, "next_bot_move", spy)
    moves = "color R\naccept\ndraw\npass\n" * 3
    code, _, _ = call("play", "--seed", "11", "--players", "3", "--strategy", "expert", stdin=moves)
    assert code == 0 and len(given) > 2
    assert {note[0] for note in given[-1]} == {0, 1, 2}
    assert all(log[: len(before)] == before for before, log in itertools.pairwise(given))


def test_play_refuses_a_name_that_clashes() -> None:
    code, out, _ = call("play", "--name", "Computer 1")
    assert code == 2 and "already taken" in out


# -- admin ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_admin_games_lists_the_hidden_games_with_their_links(tmp_path: Path, lang: str) -> None:
    from tests.test_store import schema_1_file
    from uno.academy.store import SQLiteStore

    path = tmp_path / "scores.sqlite3"
    code, out, err = call("admin", "games", "--db", str(path), "--lang", lang)
    assert code == 1 and str(path) in err and not out  # no file yet: nothing made either
    assert not path.exists()
    schema_1_file(path)  # a file of before owners: its two games belong to nobody
    code, out, err = call("admin", "games", "--db", str(path), "--lang", lang)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == t("cli.admin.count", lang, count=2)
    with SQLiteStore(path) as store:
        hidden = store.hidden_games()
        device = "admin-test-device-0123456789"
        assert store.list_games(device) == []
        for line, game in zip(lines[1:], hidden, strict=True):
            assert f"scoring?game={game.share}" in line and ", ".join(game.players) in line
            assert t("cli.admin.rounds", lang, count=1) in line
        assert store.open_shared(device, hidden[0].share).id == hidden[0].id
    empty = tmp_path / "new.sqlite3"
    with SQLiteStore(empty) as store:
        store.create_game("admin-test-device-0123456789", ["A", "B"])
    assert call("admin", "games", "--db", str(empty), "--lang", lang)[1].strip() == t(
        "cli.admin.none", lang
    )
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"nope" * 1000)
    code, out, err = call("admin", "games", "--db", str(garbage), "--lang", lang)
    assert code == 1 and "corrupt" in err


# -- hostile input: every file, name, value and argument comes from outside ------------------

#: What a file or an argument may hold to drive a terminal: a CSI sequence, an OSC title
#: ended by BEL, a C1 CSI, a bidi override.
RAW: tuple[str, ...] = ("\x1b", "\x07", "\x9b", "\u202e")
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x9b\u202eAna"


def assert_inert(*texts: str) -> None:
    """Nothing a terminal would obey, no lone surrogate, no traceback."""
    for text in texts:
        assert not any(char in text for char in RAW), repr(text[:300])
        text.encode("utf-8")  # a lone surrogate raises here, as it would on a real terminal
        assert "Traceback" not in text


def test_shown_escapes_what_drives_a_terminal_and_keeps_the_rest() -> None:
    assert cli.shown(HOSTILE, 100) == "\\x1b]0;pwned\\x07\\x1b[2J\\x9b\\u202eAna"
    assert cli.shown("Chloé \U0001f468\u200d\U0001f469 Лёва") == "Chloé 👨\u200d👩 Лёва"
    assert cli.shown("\ud800\udcff\x00\u2028\U000e0001") == "\\ud800\\udcff\\x00\\u2028\\U000e0001"
    assert cli.shown("x" * 500) == "x" * 57 + "..."
    assert cli.shown(10**5000) == "…" and cli.shown(float("nan")) == "NaN"


@pytest.mark.parametrize("lang", LANGS)
def test_check_a_lone_surrogate_is_shown_escaped(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text(
        '{"players": ["\\ud800", "Ben"], "hands": [["R1"], ["G1"]], "discard_pile": ["R2"]}'
    )
    code, out, _ = call("check", str(path), "--lang", lang)
    assert code == 1
    assert_inert(out)
    assert "\\ud800" in out
    assert t("scenario_error.name_bad_char", lang, field="players[0]") in out


def test_check_a_lone_surrogate_on_a_real_terminal(tmp_path: Path) -> None:
    """The process's own stdout is strict UTF-8: the fault was a UnicodeEncodeError there. The
    file's name is raw bytes that are not UTF-8 (they reach Python as lone surrogates)."""
    (tmp_path / "surrogate.json").write_text(
        '{"players": ["\\ud800", "B"], "hands": [["R1"], ["G1"]], "discard_pile": ["R2"]}'
    )
    (tmp_path / os.fsdecode(b"bad\xff.json")).write_text(json.dumps(SCENARIO))
    done = subprocess.run(
        [sys.executable, "-m", "uno", "check", "surrogate.json", b"bad\xff.json", "--lang", "en"],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    assert done.returncode == 1, err
    assert_inert(out, err)
    assert "\\ud800" in out and "bad\\udcff.json: 3 players" in out


@pytest.mark.parametrize("lang", LANGS)
def test_check_shows_names_values_and_file_names_with_controls_escaped(
    lang: str, tmp_path: Path
) -> None:
    name = tmp_path / f"{HOSTILE}.json"
    name.write_text(json.dumps({**SCENARIO, "players": [HOSTILE, "Ben", "Chloé"]}))
    card = tmp_path / "card.json"
    card.write_text(json.dumps({**SCENARIO, "hands": [["R7"], [HOSTILE], ["R1"]]}))
    field = tmp_path / "field.json"
    field.write_text(json.dumps({**SCENARIO, HOSTILE: 1}))
    good = tmp_path / f"{HOSTILE}good.json"
    good.write_text(json.dumps(SCENARIO))
    code, out, err = call("check", str(name), str(card), str(field), str(good), "--lang", lang)
    assert code == 1
    assert_inert(out, err)
    escaped = "\\x1b]0;pwned\\x07\\x1b[2J\\x9b\\u202eAna"
    lines = out.splitlines()
    assert lines[0].startswith(f"{tmp_path}/{escaped}.json")
    assert escaped in lines[0] and escaped in lines[2]  # the value, then the detail
    assert t("scenario_error.name_bad_char", lang, field="players[0]") in out
    assert t("scenario_error.bad_card", lang, field="hands[1][0]", value=escaped) in out
    assert t("scenario_error.unknown_field", lang, field=escaped) in out
    assert f"{tmp_path}/{escaped}good.json" in out  # the file that loads: its name too


@pytest.mark.parametrize("lang", LANGS)
def test_simulate_refuses_deeply_nested_rules_in_words(lang: str, tmp_path: Path) -> None:
    deep = '{"a": ' + "[" * 60_000
    out_file = str(tmp_path / "x.csv")
    code, out, err = call("simulate", "5", "--rules", deep, "--out", out_file, "--lang", lang)
    assert code == cli.EXIT_USAGE and out == ""
    assert t("cli.rules_too_deep", lang) in err
    assert_inert(err)
    assert not (tmp_path / "x.csv").exists()
    code, _, err = call("play", "--rules", '{"a": ' + "{" * 60_000, "--lang", lang)
    assert code == cli.EXIT_USAGE and t("cli.bad_rules_json", lang) in err


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_on_the_line_is_refused_outside_its_range(lang: str) -> None:
    digits = "1234567890" * 4
    low, high = str(-(2**63)), str(2**63 - 1)
    code, out, err = call("play", "--seed", digits, "--lang", lang, stdin="quit\n")
    assert code == cli.EXIT_USAGE and out == ""
    assert t("cli.bad_range", lang, value=digits, low=low, high=high) in err
    assert_inert(err)
    for argv in (
        ["simulate", "5", "--seed", str(2**63), "--out", "x.csv"],
        ["simulate", digits, "--out", "x.csv"],
        ["simulate", "5", "--workers", str(2**70), "--out", "x.csv"],
        ["simulate", "5", "--players", "9" * 5000, "--out", "x.csv"],
        ["play", "--players", "-" + digits],
    ):
        code, out, err = call(*argv, "--lang", lang)
        assert code == cli.EXIT_USAGE and out == "", argv
        assert t("cli.usage_error", lang, prog="", message="").split()[0] in err
        assert len(err) < 2000 and "Traceback" not in err
    games = t(
        "cli.bad_range",
        lang,
        value=digits,
        low="1",
        high=cli_parser._integer(cli_parser.MAX_GAMES, lang),
    )
    assert games in call("simulate", digits, "--out", "x.csv", "--lang", lang)[2]


@pytest.mark.parametrize("lang", LANGS)
def test_play_cuts_a_very_long_line_and_echoes_only_its_start(lang: str) -> None:
    line = "\x1b[2J" + "x" * 20_000_000
    code, out, _ = call("play", "--seed", "3", "--lang", lang, stdin=f"{line}\nquit\n")
    assert code == 0
    assert len(out) < 10_000
    assert t("cli.play.too_long", lang, count=cli_play.MAX_LINE) in out
    assert "\\x1b[2Jxxx" in out and "x" * 100 not in out
    assert_inert(out)
    assert out.rstrip().endswith(t("cli.play.bye", lang))  # the next line was read


def test_play_stops_on_an_input_line_that_never_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_play, "MAX_LINE_SKIPPED", 100_000)
    code, out, _ = call("play", "--seed", "3", "--lang", "fr", stdin="\x00" * 1_000_000)
    assert code == cli.EXIT_REFUSED
    assert t("cli.play.endless", "fr") in out and len(out) < 10_000
    assert_inert(out)


def test_play_shows_a_typed_line_escaped() -> None:
    code, out, _ = call("play", "--seed", "3", stdin=f"{HOSTILE}\n\ud800\nquit\n")
    assert code == 0
    assert_inert(out)
    assert t("cli.play.not_understood", "en", text=cli.shown(HOSTILE)) in out
    assert t("cli.play.not_understood", "en", text="\\ud800") in out


GAME = b'{"players": 2, "hands": [["R1"], ["G1"]], "discard_pile": ["R2"]'


@pytest.mark.parametrize(
    ("content", "code_word"),
    [
        (b"\x00\xff\xfe\x80garbage" * 100, "not_utf8"),
        (GAME + b', "seed": 1e400}', "bad_seed"),
        (GAME + b', "seed": NaN}', "bad_seed"),
        (GAME + b', "turn": -1e400}', "bad_type"),
        (GAME + f', "seed": {2**70}}}'.encode(), "bad_seed"),
        (GAME + f', "seed": {2**700}}}'.encode(), "out_of_range"),
        (b'{"players": ' + b"9" * 5000 + b"}", "not_json"),
        (b'{"players": ' + b"[" * 60_000 + b"]" * 60_000 + b"}", "not_json"),
        (b'{"rules": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5000 + b"}", "not_json"),
        (b"\xef\xbb\xbf" + b" " * 1_000_001, "too_large"),
        (b"", "not_json"),
    ],
)
def test_check_refuses_hostile_files_in_words(
    content: bytes, code_word: str, tmp_path: Path
) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    code, out, err = call("check", str(path), "--lang", "ru")
    assert code == 1
    assert_inert(out, err)
    assert f"({code_word})" in out and "отказ" in out and len(out) < 2000


@pytest.mark.parametrize("lang", LANGS)
def test_check_refuses_names_that_are_no_ordinary_file(lang: str, tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    names = {str(folder): "cli.read.folder", str(tmp_path / "no.json"): "cli.read.not_found"}
    names[f"{tmp_path}/nul\x00.json"] = "cli.read.bad_name"
    names[str(tmp_path / ("x" * 300))] = "cli.read.long_name"
    names["/dev/null"] = "cli.read.not_file"
    if hasattr(os, "mkfifo"):  # an open that waited for a writer would hang the command
        os.mkfifo(tmp_path / "fifo.json")
        names[str(tmp_path / "fifo.json")] = "cli.read.not_file"
    code, out, err = call("check", *names, "--lang", lang)
    assert code == 1
    assert_inert(out, err)
    lines = out.splitlines()
    assert len(lines) == len(names)
    for line, key in zip(lines, names.values(), strict=True):
        assert line.endswith(f"({t(key, lang)})") or line.endswith(f"({t(key, lang)}).")
    assert "\\x00" in lines[2]


def test_an_unreadable_argument_is_echoed_escaped() -> None:
    code, out, err = call("check", "a.json", f"--{HOSTILE}", "--lang", "fr")
    assert code == cli.EXIT_USAGE and out == ""
    assert "impossible de comprendre" in err and "\\x1b]0;pwned" in err
    assert_inert(err)
    for argv in (
        ["check", "a.json", "--lang", HOSTILE],
        ["check", "a.json", "--lang=\ud800"],
        ["simulate", "5", "--strategies", HOSTILE, "--out", "x.csv"],
        ["simulate", "5", "--rules", HOSTILE, "--out", "x.csv"],
        ["simulate", "5", "--out", f"{HOSTILE}.txt"],
        ["play", "--name", HOSTILE],
        ["check", *(["--x" + HOSTILE] * 5000)],
    ):
        code, out, err = call(*argv)
        assert code == cli.EXIT_USAGE, argv
        assert_inert(out, err)
        assert len(out + err) < 3000


def test_simulate_refuses_an_out_file_that_is_no_ordinary_file(tmp_path: Path) -> None:
    folder = tmp_path / "games.csv"
    folder.mkdir()
    code, _, err = call("simulate", "5", "--out", str(folder), "--lang", "fr")
    assert code == 1 and t("cli.read.folder", "fr") in err
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.csv")
        code, _, err = call("simulate", "5", "--out", str(tmp_path / "fifo.csv"))
        assert code == 1 and t("cli.read.not_file", "en") in err
    code, _, err = call("simulate", "5", "--out", f"{tmp_path}/nul\x00.csv")
    assert code == 1 and t("cli.read.bad_name", "en") in err
