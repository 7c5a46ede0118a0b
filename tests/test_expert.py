"""uno.expert: the ``expert`` strategy and ``advise``.

Legal moves only under every rule option, no peeking (the decision depends only on what the
seat may know), the same decision for the same seed, the budget kept, and the advice's shape.
Budgets are tiny here: these tests check the search's plumbing, not its strength (that is
``benchmarks/strength.py``).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import pytest
from pandas.testing import assert_frame_equal

import uno
import uno.expert
import uno.fast
from tests.test_properties import BOOL_OPTIONS
from uno import Action, Card, Color, GameState, make_strategy
from uno.bots import HEURISTICS, ColorKeeper, Strategy
from uno.engine import Table
from uno.expert import DEFAULT_STEPS, EARLY, Expert, InfoSet, MoveAdvice, advise, candidates

SWITCHES = BOOL_OPTIONS  # every on/off rule option


def rules_of(bits: int, window: str = "next_player") -> dict[str, Any]:
    rules: dict[str, Any] = {"preset": "official", "target_score": None}
    rules.update({name: bool(bits >> i & 1) for i, name in enumerate(SWITCHES)})
    rules["uno_catch_window"] = window
    return rules


def positions(rules: Any, players: int, seed: int, every: int = 3) -> list[GameState]:
    """States met in a round between heuristics (every ``every``-th), where someone must act."""
    rng = random.Random(seed)
    bots = [
        make_strategy(HEURISTICS[(seed + i) % 5], forget_uno=0.3, bluff=0.3, challenge="odds")
        for i in range(players)
    ]
    state = uno.new_game(players, rules, seed)
    found: list[GameState] = []
    for step in range(400):
        if state.is_over:
            break
        if step % every == 0:
            found.append(state)
        state, _ = uno.apply(state, uno.bot_action(state, bots, rng))
    return found


def shuffle_hidden(state: GameState, rng: random.Random, seat: int) -> GameState:
    """The same state for ``seat``: the other hands and the draw pile hold the same cards among
    them (each hand keeps its size), dealt again at random; a Wild Draw Four being answered has
    its guilt worked out again from the new hand (R-CHAL-2)."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    hidden += state.draw_pile
    rng.shuffle(hidden)
    hands = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(hidden[: len(h)]))
            del hidden[: len(h)]
    challenge = state.challenge
    if challenge is not None:
        guilty = any(c.color == challenge.previous_color for c in hands[challenge.player])
        challenge = uno.Challenge(challenge.player, challenge.previous_color, guilty)
    return GameState(
        **{
            **{f: getattr(state, f) for f in state.__dataclass_fields__},
            "hands": tuple(hands),
            "draw_pile": tuple(hidden),
            "challenge": challenge,
        }
    )


# -- the strategy -----------------------------------------------------------------------------
def test_expert_is_a_registered_strategy_with_options() -> None:
    assert "expert" in uno.STRATEGIES and "expert" not in HEURISTICS
    assert set(uno.STRATEGIES) == {*HEURISTICS, "expert"}
    bot = make_strategy("expert", rollouts=200)
    assert isinstance(bot, Expert) and bot.name == "expert" and bot.rollouts == 200
    assert make_strategy("expert", seconds=0.1).seconds == 0.1
    assert make_strategy(bot, seconds=0.2).rollouts == 200
    for bad in ({"rollouts": 0}, {"rollouts": 1.5}, {"rollouts": True}, {"seconds": 0}):
        with pytest.raises(ValueError):
            make_strategy("expert", **bad)
    with pytest.raises(ValueError):
        make_strategy("expert", nope=1)


def test_simulate_plays_the_expert_the_same_for_any_workers() -> None:
    bots = [make_strategy("expert", rollouts=12), "greedy"]
    one = uno.simulate(6, 2, "single_round", bots, seed=3)
    two = uno.simulate(6, 2, "single_round", bots, seed=3, workers=2)
    assert_frame_equal(one, two)
    assert set(one["winner_strategy"]) <= {"expert", "greedy"}


@pytest.mark.parametrize("bits", range(64))
def test_expert_plays_only_legal_moves_under_every_rule_option(bits: int) -> None:
    """All 2^6 combinations of the boolean house rules (H-STACK, H-70, H-JUMP, H-NOBLUFF,
    H-DRAWPLAY, R-PEN-1), each under both Uno catch windows (R-UNO-2): expert seats next to a
    forgetful, bluffing heuristic, through the public path, every move checked."""
    for window in ("next_player", "own_next_turn"):
        rules = rules_of(bits, window)
        players = 2 + (bits + (window == "own_next_turn")) % 3
        expert = make_strategy("expert", rollouts=6)
        other = make_strategy("random", forget_uno=0.5, bluff=0.5, challenge="always")
        bots = [expert if s % 2 == 0 else other for s in range(players)]
        rng = random.Random(bits)
        state = uno.new_game(players, rules, seed=bits * 2 + (window == "own_next_turn"))
        for _ in range(300):
            if state.is_over:
                break
            action = uno.bot_action(state, bots, rng)
            assert action in uno.legal_actions(state), (action, rules)
            state, _ = uno.apply(state, action)


@pytest.mark.parametrize("bits", [0, 1, 2, 4, 8, 16, 32, 63])
def test_every_candidate_is_legal(bits: int) -> None:
    for window in ("next_player", "own_next_turn"):
        for state in positions(rules_of(bits, window), 3, seed=bits, every=2):
            t = Table.from_state(state, record=False)
            legal = uno.legal_actions(state)
            for move in candidates(t, state.turn):
                assert move in legal, move
            seat = (state.turn + 1) % 3
            assert candidates(t, seat) == []


def test_r_uno_1_the_expert_always_says_uno_and_r_uno_2_catches() -> None:
    said = caught = 0
    forgetful = make_strategy("greedy", forget_uno=1.0, catch=0.0)
    expert = make_strategy("expert", rollouts=6)
    for seed in range(8):
        rng = random.Random(seed)
        state = uno.new_game(2, "single_round", seed)
        while not state.is_over:
            action = uno.bot_action(state, [expert, forgetful], rng)
            new, events = uno.apply(state, action)
            assert 0 not in new.uno_exposed  # the expert never forgets
            said += any(e.type == "said_uno" and e.seat == 0 for e in events)
            caught += any(e.type == "caught" and e.seat == 0 for e in events)
            state = new
    assert said > 2 and caught > 2


# -- no peeking -------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["single_round", "house", rules_of(63), rules_of(2)])
def test_the_expert_never_peeks(rules: Any) -> None:
    """Only the seat's hand and the public table count: dealing the other hands and the draw
    pile again (same sizes, same cards among them) leaves the decision and the advice as they
    are, for the same seed."""
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        for state in positions(rules, 3, seed, every=4)[:8]:
            seat = state.turn
            if len(candidates(Table.from_state(state, record=False), seat)) < 2:
                continue
            other = shuffle_hidden(state, rng, seat)
            assert other != state or not any(len(h) for s, h in enumerate(state.hands) if s != seat)
            assert InfoSet.of_state(other) == InfoSet.of_state(state)
            assert advise(other, rollouts=30, seed=9) == advise(state, rollouts=30, seed=9)
            bot = make_strategy("expert", rollouts=30)
            assert bot.decide(Table.from_state(other), random.Random(1)) == bot.decide(
                Table.from_state(state), random.Random(1)
            )
            checked += 1
    assert checked >= 6


def test_r_chal_2_the_expert_does_not_know_whether_a_wild_draw_four_was_a_bluff() -> None:
    """In phase challenge, a guilty and an innocent Wild Draw Four look alike to the target."""
    base = {
        "format": "uno-scenario/1",
        "rules": {"preset": "official", "target_score": None},
        "players": 2,
        "discard_pile": ["R5", "WD4"],
        "current_color": "B",
        "turn": 1,
        "phase": "challenge",
        "pending_draw": 4,
        "dealer": 0,
        "seed": 4,
    }
    guilty = uno.load_scenario(
        {
            **base,
            "hands": [["R1", "G2", "G3"], ["B1", "Y7", "R9"]],
            "challenge": {"player": 0, "previous_color": "R"},
        }
    )
    innocent = uno.load_scenario(
        {
            **base,
            "hands": [["Y1", "G2", "G3"], ["B1", "Y7", "R9"]],
            "challenge": {"player": 0, "previous_color": "R"},
        }
    )
    assert guilty.challenge is not None and guilty.challenge.guilty
    assert innocent.challenge is not None and not innocent.challenge.guilty
    assert InfoSet.of_state(guilty) == InfoSet.of_state(innocent)
    assert advise(guilty, rollouts=60, seed=2) == advise(innocent, rollouts=60, seed=2)
    verbs = {m.action.verb for m in advise(guilty, rollouts=60, seed=2)}
    assert verbs == {"challenge", "accept"}


# -- the moves the playouts misjudge ----------------------------------------------------------
#: Positions (a seed of ``positions``, at four seats, and an index) where the search, trusting
#: its playouts as much for every move, left its policy's coloured card for a wild or a draw.
MISJUDGED = [(3, 0), (6, 0), (9, 42), (11, 17), (17, 4)]


def test_the_expert_keeps_its_coloured_card_rather_than_a_wild_or_a_draw_unless_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Played out against the true hands (benchmarks/departures.py), an early wild or a draw
    instead of the policy's coloured card loses rounds: the search needs ``STRICT`` standard
    errors, not ``MARGIN``, to choose one."""
    official = {"preset": "official", "target_score": None}
    states = [positions(official, 4, seed, every=2)[i] for seed, i in MISJUDGED]
    policy = [
        ColorKeeper().decide(Table.from_state(s, record=False), random.Random(0)) for s in states
    ]
    assert all(p.verb == "play" and p.card is not None and p.card.color is not None for p in policy)
    chosen = [advise(s, rollouts=400, seed=0)[0].action for s in states]
    assert chosen == policy
    monkeypatch.setattr(uno.expert, "STRICT", uno.expert.MARGIN)
    trusting = [advise(s, rollouts=400, seed=0)[0].action for s in states]
    assert all(m.verb == "draw" or (m.card is not None and m.card.color is None) for m in trusting)


def _answer(their_cards: int) -> str:
    """What the expert does with a Wild Draw Four played on red by a seat holding that many
    cards (none of them red; the expert cannot see them)."""
    theirs = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "Y1", "Y2", "Y3", "Y4", "Y5"]
    state = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": 2,
            "hands": [theirs[:their_cards], ["B1", "Y7", "G9"]],
            "discard_pile": ["R5", "WD4"],
            "current_color": "B",
            "turn": 1,
            "phase": "challenge",
            "pending_draw": 4,
            "challenge": {"player": 0, "previous_color": "R"},
            "dealer": 0,
            "seed": 4,
        }
    )
    return advise(state, rollouts=400, seed=0)[0].action.verb


def test_r_chal_1_the_expert_challenges_only_when_the_search_is_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A challenge must beat accepting (R-CHAL-4) by ``STRICT`` standard errors: the playouts
    suppose players bluff now and then (``BLUFF_PRIOR``), the computer players never do, and a
    failed challenge costs 6 cards (R-CHAL-3). A hand of 14 still gets challenged."""
    assert _answer(10) == "accept" and _answer(14) == "challenge"
    monkeypatch.setattr(uno.expert, "STRICT", uno.expert.MARGIN)
    assert _answer(10) == "challenge"


# -- determinism and budget -------------------------------------------------------------------
def test_same_seed_same_advice_and_another_seed_may_differ() -> None:
    state = uno.new_game(4, "single_round", seed=12)
    first = advise(state, rollouts=80, seed=1)
    assert first == advise(state, rollouts=80, seed=1)
    others = [advise(state, rollouts=80, seed=s) for s in range(2, 8)]
    assert any(o != first for o in others)


def test_budget_rollouts_is_the_number_of_playouts() -> None:
    state = uno.new_game(3, "single_round", seed=2)
    for budget in (1, 25, 200):
        moves = advise(state, rollouts=budget, seed=0)
        assert len(moves) > 1
        total = sum(m.rollouts for m in moves)
        assert budget <= total < budget + len(moves)
        assert len({m.rollouts for m in moves}) == 1  # every move meets the same worlds


def test_budget_seconds_stops_the_search_in_time() -> None:
    state = uno.new_game(10, "single_round", seed=3)
    start = time.perf_counter()
    moves = advise(state, rollouts=10**7, seconds=0.05, seed=0)
    # 10**7 playouts would take hours: the clock stopped the search (generous, for busy machines)
    assert time.perf_counter() - start < 5
    assert moves and moves[0].rollouts >= 1


def test_default_budget_is_a_number_of_simulated_actions() -> None:
    state = uno.new_game(2, "single_round", seed=8)
    moves = advise(state, seed=0)
    assert len(moves) > 1
    # A two-player round lasts some 20 to 100 actions: the opening's budget (EARLY times less
    # than the endgame's) gives dozens of playouts, the racing drops the clearly worse moves.
    assert DEFAULT_STEPS / EARLY / 200 < sum(m.rollouts for m in moves) < DEFAULT_STEPS / EARLY


def test_a_round_about_to_end_is_decided_as_fast_as_any() -> None:
    """Playouts of one or two actions (two Draw Twos to play, heads-up) count as ``MIN_STEPS``
    each: dealing the world and copying the table cost that much. Counted as what they
    simulate, this position took 40,000 playouts (0.4 s and more on one core)."""
    state = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": 2,
            "hands": [["R1", "Y7", "G6"], ["RD2", "BD2"]],
            "discard_pile": ["Y5", "R5", "R3", "RD2"],
            "current_color": "R",
            "turn": 1,
            "dealer": 1,
            "seed": 3,
        }
    )
    moves = advise(state, seed=0)
    assert len(moves) > 1
    assert sum(m.rollouts for m in moves) <= DEFAULT_STEPS / uno.expert.MIN_STEPS + len(moves)


def test_the_default_budget_is_read_when_the_search_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/strength.py ``--set DEFAULT_STEPS=...`` measures other budgets: the search
    reads the setting at each decision, not once at import."""
    import uno.expert

    state = uno.new_game(2, "single_round", seed=8)
    full = sum(m.rollouts for m in advise(state, seed=0))
    monkeypatch.setattr(uno.expert, "DEFAULT_STEPS", DEFAULT_STEPS // 10)
    assert sum(m.rollouts for m in advise(state, seed=0)) < full / 4
    assert all(hasattr(uno.expert, name) for name in uno.expert.TUNABLE)


def test_strength_script_changes_a_setting_and_refuses_an_unknown_one(tmp_path: Any) -> None:
    import json
    import subprocess
    import sys

    out = tmp_path / "s.json"
    base = [sys.executable, "benchmarks/strength.py", "--rounds", "4", "--seats", "2"]
    base += ["--opponents", "random", "--rollouts", "2", "--decisions", "2", "--workers", "1"]
    done = subprocess.run([*base, "--set", "MARGIN=0", "--json", str(out)], capture_output=True)
    assert done.returncode == 0, done.stderr
    table = json.loads(out.read_text(encoding="utf-8"))
    assert table["budget"] == "rollouts=2, MARGIN=0.0"
    assert table["pairings"][0]["rounds"] == 4
    refused = subprocess.run([*base, "--set", "SEED=3"], capture_output=True, text=True)
    assert refused.returncode == 2 and "'SEED' is not one of" in refused.stderr
    baseline = [*base, "--player", "color_keeper", "--json", str(out)]
    assert subprocess.run(baseline, capture_output=True).returncode == 0
    assert json.loads(out.read_text(encoding="utf-8"))["budget"] == "player color_keeper"
    # --resume: a run that stopped goes on; what the file holds is kept, not played again.
    part = tmp_path / "part.json"
    first = [*base, "--json", str(part)]
    assert subprocess.run(first, capture_output=True).returncode == 0
    kept = json.loads(part.read_text(encoding="utf-8"))
    more = [*first, "--resume", "--opponents", "random", "first"]
    done = subprocess.run(more, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    table = json.loads(part.read_text(encoding="utf-8"))
    assert table["pairings"][0] == kept["pairings"][0] and table["decisions"] == kept["decisions"]
    assert [row["opponent"] for row in table["pairings"]] == ["random", "first"]
    assert "| random |" not in done.stdout and "| first | 2 | 4 |" in done.stdout
    other = subprocess.run([*more, "--rounds", "8"], capture_output=True, text=True)
    assert other.returncode == 2 and "another budget, seed or rounds" in other.stderr


def test_compare_script_plays_both_settings_on_the_same_rounds(tmp_path: Any) -> None:
    """benchmarks/compare.py: the same settings twice win the very same rounds (a round is
    dealt and played alike for both); settings that change the moves change some rounds; the
    settings come back to their defaults between the two."""
    import json
    import subprocess
    import sys

    out = tmp_path / "c.json"
    base = [sys.executable, "benchmarks/compare.py", "--rounds", "24", "--seats", "4"]
    base += ["--workers", "1", "--json", str(out)]
    small = "DEFAULT_STEPS=2000"
    same = subprocess.run([*base, "--a", small, "--b", small], capture_output=True, text=True)
    assert same.returncode == 0, same.stderr
    result = json.loads(out.read_text(encoding="utf-8"))
    assert (result["only_a"], result["only_b"], result["difference"]) == (0, 0, [0.0, 0.0, 0.0])
    assert result["wins"]["a"] == result["wins"]["b"] > 0
    plain = result["wins"]["b"]
    trusting = [small, "MARGIN=-100", "STRICT=-100"]  # every move the search finds best
    other = [*base, "--a", *trusting, "--b", small]
    assert subprocess.run(other, capture_output=True).returncode == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["only_a"] + result["only_b"] > 0
    assert result["settings"]["b"] == {"DEFAULT_STEPS": "2000"}
    assert result["wins"]["b"] == plain  # b played with the defaults again, not a's settings
    low, high = result["difference"][1:]
    assert low < (result["wins"]["a"] - result["wins"]["b"]) / 24 < high
    refused = subprocess.run([*base, "--a", "SEED=3"], capture_output=True, text=True)
    assert refused.returncode == 2 and "'SEED' is not one of" in refused.stderr


# -- the advice -------------------------------------------------------------------------------
def test_advice_lists_every_candidate_best_first_with_its_estimate() -> None:
    state = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": 3,
            "hands": [["R7", "RS", "W", "G2", "B5"], ["Y1", "Y2"], ["B9", "G9", "R1"]],
            "discard_pile": ["R3"],
            "current_color": "R",
            "turn": 0,
            "dealer": 2,
            "seed": 1,
        }
    )
    moves = advise(state, rollouts=300, seed=4)
    assert all(isinstance(m, MoveAdvice) for m in moves)
    legal = uno.legal_actions(state)
    assert all(m.action in legal and m.action.seat == 0 for m in moves)
    texts = {str(m.action) for m in moves}
    assert {"0: play R7", "0: play RS", "0: draw"} <= texts
    assert {"0: play W G", "0: play W B"} <= texts  # the colours still held
    assert len(texts) == len(moves)
    for m in moves:
        assert 0 <= m.win_rate <= 1 and m.wins == round(m.win_rate * m.rollouts)
        low, high = m.interval()
        assert low <= m.win_rate <= high
        assert not m.bluff
    chosen = make_strategy("expert", rollouts=300)
    assert advise(state, rollouts=300, seed=4)[0].action == moves[0].action
    assert chosen.name == "expert"


def test_advice_flags_a_wild_draw_four_bluff() -> None:
    state = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": 2,
            "hands": [["WD4", "R2", "G5"], ["Y1", "Y2", "B3"]],
            "discard_pile": ["R9"],
            "current_color": "R",
            "turn": 0,
            "dealer": 1,
            "seed": 1,
        }
    )
    moves = advise(state, rollouts=60, seed=0)
    bluffs = {m.action.color for m in moves if m.bluff}
    assert bluffs and all(m.action.card == Card("WD4") for m in moves if m.bluff)
    assert not any(m.bluff for m in moves if m.action.card != Card("WD4"))


def test_advice_when_there_is_nothing_to_decide() -> None:
    state = uno.new_game(3, "single_round", seed=1)
    assert advise(state, seat=(state.turn + 1) % 3) == []
    only = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": 2,
            "hands": [["G1", "G2"], ["Y1", "Y2"]],
            "discard_pile": ["R9"],
            "current_color": "R",
            "turn": 0,
            "dealer": 1,
            "seed": 1,
        }
    )
    (move,) = advise(only, rollouts=50)
    assert move.action == Action(0, "draw") and move.rollouts == 0 and math.isnan(move.win_rate)
    one_left = dict(uno.dump_scenario(only))
    one_left.pop("draw_pile")
    one_left["hands"] = [["R1"], ["Y1", "Y2"]]
    over, _ = uno.apply(uno.load_scenario(one_left), "play R1")
    assert over.is_over and advise(over) == []


def test_choose_color_and_challenge_phases_are_searched() -> None:
    state = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": 2,
            "hands": [
                ["G1", "G2", "G3", "G5", "G6", "G7", "R4"],
                ["Y1", "Y2", "Y3", "Y4", "R1", "R2", "B2"],
            ],
            "discard_pile": ["W"],
            "current_color": None,
            "phase": "choose_color",
            "turn": 0,
            "dealer": 1,
            "seed": 1,
        }
    )
    moves = advise(state, rollouts=400, seed=0)
    assert [m.action.verb for m in moves] == ["color"] * 4
    assert moves[0].action.color == Color.G  # six greens in hand (R-SETUP-5)


def test_the_expert_beats_random_play() -> None:
    """A smoke test of strength (the real measure is benchmarks/strength.py): heads-up against
    ``random``, even a tiny budget wins more than an even share of rounds."""
    bots: list[Strategy | str] = [make_strategy("expert", rollouts=20), "random"]
    frame = uno.simulate(60, 2, "single_round", bots, seed=1)
    swapped = uno.simulate(60, 2, "single_round", bots[::-1], seed=2)
    wins = (frame["winner"] == 0).sum() + (swapped["winner"] == 1).sum()
    assert wins > 60  # of 120


@pytest.mark.parametrize("bits", [0, 1, 2, 4, 8, 16, 32, 63])
def test_expert_through_simulate_keeps_every_rule(bits: int) -> None:
    """On simulate's fast path the expert also reads the round's log of public draws
    (``watched_moves``); every move it makes there is checked by the table (an illegal one
    raises), under the house rules and both catch windows."""
    for window in ("next_player", "own_next_turn"):
        bots: list[Strategy | str] = [
            make_strategy("expert", rollouts=4),
            make_strategy("random", forget_uno=0.5, bluff=0.5, challenge="always"),
            "greedy",
        ]
        frame = uno.simulate(3, 3, rules_of(bits, window), bots, seed=bits)
        assert len(frame) == 3 and frame["winner"].between(0, 2).all()


# -- what the others' moves tell ----------------------------------------------------------------
CARD = uno.parse_card


def _table(hands: list[list[str]], top: str) -> Table:
    """A table where seat 1 is to play on ``top`` (its colour), nothing pending."""
    state = uno.load_scenario(
        {
            "format": "uno-scenario/1",
            "rules": {"preset": "official", "target_score": None},
            "players": len(hands),
            "hands": hands,
            "discard_pile": [top],
            "current_color": top[0],
            "turn": 1,
            "dealer": 0,
            "seed": 5,
        }
    )
    return Table.from_state(state, record=False)


def test_a_play_tells_the_expert_which_more_valuable_cards_were_not_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``READ_PLAYS``: ``greedy`` plays its most valuable playable card. Seeing it put
    down the red 3 on the red 8, the expert knows seat 1's other cards are none of the cards
    it could have played worth more (a Wild, a red 4 to 9 or action card, an 8), but may be
    any other (a red 2, a Wild Draw Four, which it could not play while holding red, a yellow
    9). The worlds it deals keep to that."""
    monkeypatch.setattr(uno.expert, "READ_PLAYS", 1)
    t = _table(
        [["B1", "B2", "G1", "G2"], ["R3", "B5", "Y2", "Y9"], ["Y1", "Y3", "B3", "B4"]],
        "R8",
    )
    log: list[Any] = []
    moves = uno.expert.watched_moves([Expert(), make_strategy("greedy"), Expert()], log)
    assert not moves[1](t, random.Random(0))
    assert t.discard[-1] == CARD("R3")
    (note,) = log
    assert note[0] == 1 and note[5] == CARD("R3")
    info = InfoSet.observe(t, 0, log)
    ((count, banned),) = info.known[1]
    assert count == 3
    for card in ("W", "R4", "R9", "RS", "RD2", "G8", "Y8"):
        assert CARD(card) in banned, card
    for card in ("R2", "R3", "WD4", "Y9", "B5", "G7"):
        assert CARD(card) not in banned, card
    rng = random.Random(1)
    for _ in range(50):
        world = uno.expert.deal_world(info, rng)
        assert banned.isdisjoint(world.hands[1])
        assert sorted(world.hands[2] + world.hands[1] + world.draw) == sorted(info.unseen)


def test_a_play_that_contradicts_what_was_read_makes_the_expert_forget_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat that plays a Wild after a red 3 (so it held the Wild then: it does not play its
    most valuable card) is read no more: what was known of its hand is forgotten, and its
    later plays add nothing; its later draws are read again. ``READ_PLAYS`` is on by default;
    with it 0 a play tells nothing."""
    assert uno.expert.READ_PLAYS == 1
    monkeypatch.setattr(uno.expert, "READ_PLAYS", 1)
    three = (1, uno.expert._WORTH_MORE[CARD("R3")] & uno.fast.MATCHING[0][CARD("R8")], 4)
    wild_then_three = [
        (*three, 0, True, CARD("R3")),
        (1, frozenset(), 3, 0, True, CARD("W")),
        (1, uno.expert._WORTH_MORE[CARD("B2")], 2, 0, True, CARD("B2")),
    ]
    read = uno.expert.read_log
    assert read(wild_then_three[:1], [4, 3, 4], 0)[1][0][0] == 3
    assert read(wild_then_three, [4, 1, 4], 0) == ((), (), ())
    drew = (1, uno.fast.MATCHING[2][CARD("G4")], 1, 1, True, -1)
    groups = read([*wild_then_three, drew], [4, 2, 4], 0)[1]  # the card it had, the one drawn
    assert [count for count, _ in groups] == [1, 1]
    assert all(CARD("G1") in banned and CARD("R9") not in banned for _, banned in groups)
    monkeypatch.setattr(uno.expert, "READ_PLAYS", 0)
    assert read(wild_then_three[:1], [4, 3, 4], 0) == ((), (), ())


def test_a_card_played_leaves_the_group_of_cards_that_may_hold_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``READ_PLAYS``: seat 1 drew on a red card and kept the card drawn (so none of its
    five cards is red), then was given two cards (a Draw Two). When it plays the red 5, that
    card was one of the two, its five others are still known not to be red, and the other new
    card is no red card worth more than 5."""
    monkeypatch.setattr(uno.expert, "READ_PLAYS", 1)
    red = uno.fast.MATCHING[0][CARD("R8")] - {CARD("WD4")}
    log = [
        (1, red, 4, 1, True, -1),
        (1, uno.expert._WORTH_MORE[CARD("R5")] & red, 7, 0, True, CARD("R5")),
    ]
    groups = uno.expert.read_log(log, [4, 6, 4], 0)[1]
    assert [count for count, _ in groups] == [4, 1, 1]
    assert all(CARD("R1") in banned for _, banned in groups[:2])
    assert CARD("R9") in groups[2][1] and CARD("R1") not in groups[2][1]


def test_the_others_play_the_playouts_as_greedy_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the playouts the seat searching plays as its policy (``color_keeper``: the red 5, its
    Wild kept). The others play so too by default (``OTHERS`` 0), and as ``greedy`` with
    ``OTHERS`` 1: the Wild, worth the most points."""

    def played(seat: int) -> Card:
        t = _table([["B1", "B2", "G1"], ["R5", "W", "B2", "B3"], ["Y1", "Y3", "B3"]], "R8")
        bots = uno.expert.playout_bots(seat, 3)
        assert not bots[1].move(t, random.Random(0))
        return t.discard[-1]

    assert uno.expert.OTHERS == 0
    assert played(0) == played(1) == CARD("R5")
    monkeypatch.setattr(uno.expert, "OTHERS", 1)
    assert played(0) == CARD("W")
    assert played(1) == CARD("R5")


def _round_on_a_recording_table(
    rules: dict[str, Any], seed: int, rounds: int = 2
) -> tuple[list[Any], list[Any]]:
    """Rounds of four heuristics (who forget "Uno", bluff and challenge) driven as
    ``uno.simulate`` drives them (reactions first, then the watched move of the seat to act), on
    a table that records events: every step as (state, its events, state after), and the log
    ``watched_moves`` kept of the last round."""
    bots = [
        make_strategy(HEURISTICS[(seed + i) % 5], forget_uno=0.3, bluff=0.3, challenge="odds")
        for i in range(4)
    ]
    log: list[Any] = []
    moves = uno.expert.watched_moves(bots, log)
    rng = random.Random(seed)
    t = Table.from_state(uno.new_game(4, rules, seed))
    steps: list[Any] = []
    for played in range(rounds):
        if played:
            before = t.freeze()
            t = Table.from_state(uno.next_round(before))
            steps.append((before, (), t.freeze()))
            log.clear()  # as uno.simulate does between rounds
        for _ in range(600):
            before, start = t.freeze(), len(t.events or ())
            action = uno.bots.reaction(t, bots, rng) if t.exposed or t.rules.jump_in else None
            if action is not None:
                t.act(action)
                over = t.phase in (uno.Phase.ROUND_OVER, uno.Phase.GAME_OVER)
            else:
                over = moves[t.turn](t, rng)
            steps.append((before, tuple((t.events or [])[start:]), t.freeze()))
            if over:
                break
    return steps, log


@pytest.mark.parametrize("bits", [0, 0b1, 0b10, 0b100, 0b1000, 0b10000, -1])
def test_the_log_of_a_game_played_through_apply_is_the_log_the_simulations_keep(
    bits: int,
) -> None:
    """``log_of`` reads from states and events (what the app keeps) the very log that
    ``watched_moves`` keeps in a simulation: the same notes of draws and plays, none of
    reactions out of turn (a catch, a jump-in) or of challenges and colours named, only the
    last round's; under every rule option."""
    rules = {**rules_of(bits & (2 ** len(SWITCHES) - 1)), "target_score": 500}
    noted = 0
    for seed in range(4):
        steps, log = _round_on_a_recording_table(rules, seed)
        assert uno.expert.log_of(steps) == log
        noted += len(log)
    assert noted > 40  # draws and plays were noted


def test_next_bot_move_and_advise_give_the_expert_the_round_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The app plays through ``uno.apply``: ``next_bot_move(..., log=)`` and ``advise(...,
    log=)`` hand the round's log (``log_of``) to the expert's search, so the app's expert and
    coach keep to what the seat saw the others do; the other strategies take no notice."""
    steps, _ = _round_on_a_recording_table(rules_of(0), 2, rounds=1)
    for i in range(len(steps) - 1, 0, -1):  # late in the round, much seen
        state = steps[i][0]
        log = uno.expert.log_of(steps[:i])
        if (
            state.phase is uno.Phase.PLAY
            and len(candidates(Table.from_state(state), state.turn)) > 2
        ):
            break
    assert len(log) > 10 and not state.is_over
    seen: list[Any] = []
    observe = InfoSet.observe.__func__  # type: ignore[attr-defined]

    def spy(cls: Any, t: Table, seat: int, log: Any = None) -> InfoSet:
        seen.append(log)
        return observe(cls, t, seat, log)  # type: ignore[no-any-return]

    monkeypatch.setattr(InfoSet, "observe", classmethod(spy))
    seats: list[Strategy | None] = [None] * 4
    seats[state.turn] = Expert(rollouts=40)
    uno.bots.next_bot_move(state, seats, random.Random(0), log=log)
    assert seen == [log]
    with_log = advise(state, rollouts=200, race=False, log=log)
    without = advise(state, rollouts=200, race=False)
    assert seen[1:] == [log, ()]
    assert [m.wins for m in with_log] != [m.wins for m in without]  # same seed, other worlds
    seats[state.turn] = make_strategy("greedy")
    assert uno.bots.next_bot_move(state, seats, random.Random(0), log=log) == (
        uno.bots.next_bot_move(state, seats, random.Random(0))
    )


def test_play_bots_hands_on_the_round_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """``uno.bots.play_bots(..., log=)``: each computer move is given the log it began with and
    the notes of the moves made since (``log_of`` of the steps)."""
    given: list[list[Any]] = []
    next_bot_move = uno.bots.next_bot_move

    def spy(state: GameState, seats: Any, rng: Any = None, log: Any = ()) -> Any:
        given.append(list(log))
        return next_bot_move(state, seats, rng, log)

    monkeypatch.setattr(uno.bots, "next_bot_move", spy)
    steps, _ = _round_on_a_recording_table(rules_of(0), 1, rounds=1)
    past, state = steps[:11], steps[10][2]
    bots: list[Strategy | None] = [Expert(rollouts=16), make_strategy("greedy")] * 2
    moves = uno.bots.play_bots(state, bots, limit=8, log=uno.expert.log_of(past))
    assert len(moves) == len(given) == 8
    for move, log in zip(moves, given, strict=True):
        assert log == uno.expert.log_of(past)
        past.append((state, move.events, move.state))
        state = move.state
    assert len(uno.expert.log_of(past)) > len(given[0])
