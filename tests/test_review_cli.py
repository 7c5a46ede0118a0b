"""``python -m uno review FILE --seat N`` and ``python -m uno play --save FILE``: a game saved
with its history, then each decision of one seat judged, in the reader's words."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import uno
from uno.academy import cli
from uno.academy.cli.review import verdict_line
from uno.academy.i18n import LANGS, t
from uno.academy.match import Match
from uno.academy.sandbox import match_text, open_match
from uno.review import review

#: The person draws, keeps and accepts everything: the computer player wins the round (as in
#: tests/test_cli.py), and every draw while a card could be played is a decision to review.
DRAWS = "color R\naccept\ndraw\npass\n" * 200


def call(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A round played in the terminal and saved with ``--save``."""
    path = tmp_path_factory.mktemp("games") / "round.json"
    code, out, _ = call("play", "--seed", "11", "--players", "2", "--save", str(path), stdin=DRAWS)
    assert code == 0
    assert t("cli.play.saved", "en", file=str(path)) in out
    return path


def test_play_save_writes_the_game_with_its_history_as_the_sandbox_does(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert uno.load_scenario(data).is_over  # the situation: the round's end
    match, table = open_match(saved.read_text(encoding="utf-8"))
    assert match.seats == (None, "greedy") and table.hide_hands and table.viewer == 0
    assert match.index == len(match.steps) > 0 and match.steps[0].state is not None
    assert {step.seat for step in match.steps if step.person} == {0}
    assert match_text(match, table.to_dict()) == saved.read_text(encoding="utf-8")


def test_play_save_stops_before_the_round_when_the_file_cannot_be_written(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "round.json"
    code, out, _ = call("play", "--seed", "11", "--save", str(missing), stdin=DRAWS)
    assert code == 1
    assert t("cli.simulate.no_folder", "en", folder=str(missing.parent)) in out
    assert t("cli.play.welcome", "en") not in out
    code, out, _ = call("play", "--seed", "11", "--save", str(tmp_path), stdin=DRAWS)
    assert code == 1 and t("cli.read.folder", "en") in out


def test_play_save_keeps_a_round_stopped_half_way(tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    code, out, _ = call(
        "play", "--seed", "11", "--players", "2", "--save", str(path), stdin="quit\n"
    )
    assert code == 0 and t("cli.play.bye", "en") in out
    match = Match.from_scenario(path.read_bytes())
    assert not match.state.is_over


def test_review_prints_one_line_per_verdict_of_the_library(saved: Path) -> None:
    code, out, _ = call("review", str(saved), "--seat", "0", "--rollouts", "40", "--seed", "2")
    assert code == 0
    match = Match.from_scenario(saved.read_bytes())
    actions = [step.action for step in match.steps]
    verdicts = review(match.start, actions, 0, rollouts=40, seed=2)
    assert verdicts and any(v.rule == "R-DRAW-2" for v in verdicts)  # drawing with a card to play
    lines = out.splitlines()
    name = match.start.players[0]
    assert lines[0] == t("cli.review.title", "en", name=name, seat=0)
    names = list(match.start.players)
    assert lines[1 : 1 + len(verdicts)] == [verdict_line(v, "en", names) for v in verdicts]
    assert lines[-1].startswith(t("cli.review.total", "en", count=len(verdicts)))
    first = verdicts[0]
    # The app's words, not the engine's notation: "Move 3: You drew a card · blunder ...".
    assert lines[1].startswith(f"Move {first.step + 1}: You ")
    drawn = next(i for i, v in enumerate(verdicts) if v.rule == "R-DRAW-2")
    line = lines[1 + drawn]
    assert f"Move {verdicts[drawn].step + 1}: You drew a card · " in line
    assert "better: Play the " in line and ": draw" not in line and "play " not in line


@pytest.mark.parametrize("lang", LANGS)
def test_review_in_each_language(saved: Path, lang: str) -> None:
    code, out, _ = call("review", str(saved), "--rollouts", "20", "--lang", lang)
    assert code == 0
    name = Match.from_scenario(saved.read_bytes()).start.players[0]
    assert out.startswith(t("cli.review.title", lang, name=name, seat=0))
    assert any(t(f"review.grade.{g}", lang) in out for g in ("best", "good", "blunder"))
    did = {"en": "You drew a card", "fr": "Vous avez pioché une carte", "ru": "Вы взяли карту"}
    better = {"en": "better: Play ", "fr": "mieux\u202f: Jouez ", "ru": "лучше: Сыграйте "}
    assert did[lang] in out and better[lang] in out
    code, out, _ = call("review", "--help", "--lang", lang)
    assert code == 0 and "--seat" in out and "--rollouts" in out
    assert t("cli.help.review_file", lang).split("(")[0].strip() in " ".join(out.split())


def test_review_reads_standard_input_and_refuses_what_it_cannot_review(
    saved: Path, tmp_path: Path
) -> None:
    code, out, _ = call("review", "-", "--seat", "1", "--rollouts", "20", stdin=saved.read_text())
    assert code == 0 and out.startswith(t("cli.review.title", "en", name="Computer 1", seat=1))
    code, out, _ = call("review", str(tmp_path / "nothing.json"))
    assert code == 1 and t("cli.read.not_found", "en") in out
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(uno.dump_scenario(uno.new_game(3, seed=4))), encoding="utf-8")
    code, out, _ = call("review", str(bare))
    assert code == 1 and out == t("cli.review.no_history", "en", file=str(bare)) + "\n"
    code, out, _ = call("review", str(saved), "--seat", "4")
    assert (
        code == 1 and out == t("cli.review.no_seat", "en", file=str(saved), seat=4, high=1) + "\n"
    )
    broken = tmp_path / "broken.json"
    broken.write_text('{"players": 2, "hands": [["X9"], ["R1"]], "discard_pile": ["R2"]}')
    code, out, _ = call("review", str(broken))
    assert code == 1 and "X9" in out
    code, _, err = call("review", str(saved), "--seat", "10")
    assert code == 2 and "10" in err
    code, _, err = call("review", str(saved), "--rollouts", "0")
    assert code == 2


def test_review_says_so_when_the_seat_had_nothing_to_decide(tmp_path: Path) -> None:
    start = uno.load_scenario(
        {
            "players": 2,
            "hands": [["B5", "G7"], ["B1", "B2", "G4"]],
            "discard_pile": ["R1"],
            "draw_pile": ["G9", "Y3", "Y4"],
            "rules": {"preset": "official", "target_score": None},
        }
    )
    match = Match.replayed(start, ["0: draw"])
    path = tmp_path / "forced.json"
    path.write_text(json.dumps(match.to_scenario()), encoding="utf-8")
    code, out, _ = call("review", str(path))
    assert code == 0
    assert out.splitlines()[-1] == t("cli.review.none", "en", name=start.players[0])
