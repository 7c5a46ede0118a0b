"""``python -m uno``: check, simulate and play, worded with the app's words in en, fr and ru."""

from __future__ import annotations

import importlib.util
import io
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import uno
from tests.conftest import ROOT
from uno import cli
from uno.academy.i18n import LANGS, card_label, t
from uno.bots import make_strategy, play_bots
from uno.errors import IllegalAction, NotationError
from uno.simulation import COLUMNS
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
    assert words in err and "error:" in err and out == ""


def test_usage_errors_are_worded_in_the_language() -> None:
    code, _, err = call("simulate", "0", "--out", "x.csv", "--lang", "fr")
    assert code == 2
    assert "erreur\u202f:" in err and "n’est pas un nombre entier" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--out", "x.txt"], "“.txt”"),
        (["--strategies", "random,greedy", "--players", "3"], "2 strategies for 3 players"),
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
        f"{path}: 3 players; Chloé (seat 2) to play; top card Red 7, colour red; phase play; "
        f"cards in hand: Ana 3, Ben 1 and Chloé 3; {len(state.draw_pile)} cards in the draw pile\n"
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
    assert "challenge" in out


def test_check_refuses_with_code_field_value_and_message(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**SCENARIO, "hands": [["R7"], ["Z1"], ["R1"]]}))
    code, out, _ = call("check", str(path), "--lang", "fr")
    assert code == 1
    first, sentence, detail = out.splitlines()
    assert first == f"{path}\u202f: refusé (bad_card) dans hands[1][0], valeur Z1"
    assert sentence.strip() == t("scenario_error.bad_card", "fr", field="hands[1][0]", value="Z1")
    assert "not a card code" in detail


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
    bar = cli.Progress(stream, "ru", width=10)
    for done in range(1, 6):
        bar(done, 5)
    bar.close()
    text = stream.getvalue()
    assert text.count("\r") == 5 and text.endswith("5/5 партий\n")
    plain = io.StringIO()
    bar = cli.Progress(plain, "en", width=10)
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
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "x.csv"), "--lang", "ru")
    assert code == 1 and t("cli.simulate.no_pandas", "ru") in err


def test_simulate_into_a_missing_folder_fails_before_playing(tmp_path: Path) -> None:
    code, _, err = call("simulate", "5", "--out", str(tmp_path / "no" / "x.csv"))
    assert code == 1 and "does not exist" in err


# -- play ----------------------------------------------------------------------------------


def test_what_the_person_types() -> None:
    state = uno.load_scenario({**SCENARIO, "turn": 0, "current_color": "R"})
    assert cli.person_action(state, "R7") == uno.Action(0, "play", uno.Card("R7"))
    assert cli.person_action(state, "play r7") == uno.Action(0, "play", uno.Card("R7"))
    assert cli.person_action(state, "W b") == uno.Action(0, "play", uno.Card("W"), uno.Color.B)
    assert cli.person_action(state, "draw") == uno.Action(0, "draw")
    assert cli.person_action(state, "catch 1") == uno.Action(0, "catch", target=1)
    with pytest.raises(IllegalAction) as refusal:
        cli.person_action(state, "W")
    assert refusal.value.reason == "missing_color"
    with pytest.raises(IllegalAction) as refusal:
        cli.person_action(state, "G2")
    assert refusal.value.reason == "no_match"
    for text in ("X9", "catch ٢", "R7 ٢", "play"):
        with pytest.raises(NotationError):
            cli.person_action(state, text)
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
    assert cli.person_action(first_wild, "g") == uno.Action(0, "color", color=uno.Color.G)


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
    given: list[list[Any]] = []
    real = cli.play_bots

    def spy(state: uno.GameState, seats: Any, **options: Any) -> Any:
        given.append(list(options["log"]))
        return real(state, seats, **options)

    monkeypatch.setattr(cli, "play_bots", spy)
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
