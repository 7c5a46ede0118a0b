"""The lean path of ``uno.strategy.play_round`` (``uno.fast.lean_round``, issue 39's speed) plays
exactly the moves of the plain loop: the same actions, the same cards, the same draws of the
random generator, under every rule set it runs under and with every heuristic strategy and
their options (bluffing, forgetting "Uno", never challenging or challenging). The plain loop is
``play_round`` given the strategies' ``move`` itself, which turns the lean path off."""

from __future__ import annotations

import random
from typing import Any

import pytest

from uno.bots import HEURISTICS, make_strategy
from uno.engine import Table
from uno.rules import as_ruleset
from uno.setup import default_names, first_deal
from uno.simulation import simulate
from uno.strategy import Strategy, play_round

RULES = {
    "official": {"preset": "official", "target_score": None},
    "stacking": {"preset": "official", "stacking": True, "target_score": None},
    "draw until playable": {"preset": "official", "draw_until_playable": True},
    "no bluff": {"preset": "official", "wd4_anytime": True},
    "jump-in and 7-0": {"preset": "official", "jump_in": True, "seven_zero": True},
}


def _seen(t: Table) -> tuple[Any, ...]:
    """Everything the round's moves change on the table."""
    return (
        [list(h) for h in t.hands],
        list(t.discard),
        list(t.draw),
        t.turn,
        t.color,
        t.direction,
        t.phase,
        t.drawn,
        t.n_drawn,
        t.max_penalty,
        t.pending,
        sorted(t.exposed),
    )


def _bots(k: int, players: int) -> tuple[Strategy, ...]:
    """Mixed seats: each heuristic in turn, some bluffing, forgetting "Uno" or challenging."""
    options: list[dict[str, object]] = [
        {},
        {"bluff": 0.5},
        {"forget_uno": 0.4, "catch": 0.5},
        {"challenge": "always"},
        {"bluff": 0.3, "forget_uno": 0.2},
    ]
    return tuple(
        make_strategy(HEURISTICS[(k + s) % len(HEURISTICS)], **options[(k * 3 + s) % len(options)])
        for s in range(players)
    )


@pytest.mark.parametrize("rules", list(RULES), ids=list(RULES))
def test_the_lean_path_plays_the_plain_loops_moves(rules: str) -> None:
    ruleset = as_ruleset(RULES[rules])
    lean_taken = 0
    for k in range(60):
        players = 2 + k % 5
        bots = _bots(k, players)
        for limit in (7, 40, 2_000):
            lean = first_deal(default_names(players), ruleset, seed=k, record=False)
            plain = first_deal(default_names(players), ruleset, seed=k, record=False)
            lean_rng, plain_rng = random.Random(k), random.Random(k)
            got = play_round(lean, bots, lean_rng, limit)
            want = play_round(plain, bots, plain_rng, limit, [b.move for b in bots])
            assert got == want, (rules, k, limit)
            assert _seen(lean) == _seen(plain), (rules, k, limit)
            assert lean_rng.random() == plain_rng.random(), (rules, k, limit)
            lean_taken += 1
    assert lean_taken == 180


def test_a_simulation_plays_the_same_games_on_either_path() -> None:
    """``uno.simulate`` with plain random players (the lean path) and with a random player
    whose ``move`` is its own (the plain loop): the same games, row for row."""
    calls = 0

    class Counting(Strategy):
        """A plain random player that counts its turns (its own ``move`` turns the lean path
        off)."""

        def move(self, t: Table, rng: random.Random) -> bool:  # turns the lean path off
            nonlocal calls
            calls += 1
            return super().move(t, rng)

    frame = simulate(20, 3, RULES["official"], "random", seed=3)
    plain = simulate(20, 3, RULES["official"], Counting(), seed=3)
    assert calls > 200  # the plain loop went through move() for each turn
    assert frame.drop(columns=["strategies"], errors="ignore").equals(
        plain.drop(columns=["strategies"], errors="ignore")
    )


def _compiler() -> str | None:
    """Why ``uno.fast`` cannot be compiled here, or None when it can (a C compiler and
    Python's headers, as ``make fast`` needs)."""
    import shutil
    import sysconfig
    from pathlib import Path

    if shutil.which("cc") is None and shutil.which("gcc") is None:
        return "no C compiler (make fast needs one)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (make fast needs them)"
    return None


def test_compiled_and_pure_python_play_the_same_games(tmp_path: Any) -> None:
    """``make fast`` compiles ``uno.fast`` with mypyc; the pure-Python module stays the
    fallback. Both play the very same seeded games and give the expert the same advice."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    why = _compiler()
    if why is not None:
        pytest.skip(why)
    root = Path(__file__).resolve().parent.parent
    for copy in ("compiled", "pure"):  # this checkout may have been compiled itself
        shutil.copytree(
            root / "uno", tmp_path / copy / "uno", ignore=shutil.ignore_patterns("*.so")
        )
    mypyc = Path(sys.executable).parent / "mypyc"
    import os

    # mypyc reads the modules it imports from its working directory, not from another checkout
    # that PYTHONPATH may name
    build_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    subprocess.run(
        [str(mypyc), "uno/fast.py"],
        env=build_env,
        cwd=tmp_path / "compiled",
        check=True,
        capture_output=True,
        timeout=300,
    )
    probe = (
        "import json, uno, uno.fast\n"
        "from uno.expert import advise\n"
        "frame = uno.simulate(300, 4, {'preset': 'official', 'stacking': True}, 'greedy', seed=5)\n"
        "s = uno.new_game(3, seed=2)\n"
        "advice = [(str(a.action), a.wins, a.rollouts) for a in advise(s, s.turn, seed=2)]\n"
        "print(json.dumps([uno.fast.COMPILED, frame.to_csv(), advice]))\n"
    )

    def run(where: Path) -> list[Any]:
        import json

        done = subprocess.run(
            [sys.executable, "-c", probe],
            cwd=where,
            env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"},
            check=True,
            capture_output=True,
            text=True,
            timeout=300,
        )
        return list(json.loads(done.stdout))

    compiled, pure = run(tmp_path / "compiled"), run(tmp_path / "pure")
    assert compiled[0] is True and pure[0] is False
    assert compiled[1:] == pure[1:]
