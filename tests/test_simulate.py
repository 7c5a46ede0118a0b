"""uno.simulate: the frame, determinism across workers, argument checks, and the fast path
(``play_game`` on the engine's Table) against the public path (``bot_action`` + ``apply``)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

import uno
from uno import Kind, Phase, RuleSet, make_strategy, simulate
from uno import simulation as sim
from uno.bots import make_strategies
from uno.rules import as_ruleset

ROW = {name: i for i, name in enumerate(sim.COLUMNS)}


# -- the frame ---------------------------------------------------------------------------------
def test_frame_has_the_documented_columns_one_row_per_game() -> None:
    frame = simulate(30, players=3, seed=4)
    assert isinstance(frame, pd.DataFrame)
    assert tuple(frame.columns) == sim.COLUMNS
    assert len(frame) == 30
    assert list(frame["game"]) == list(range(30))
    assert list(frame["seed"]) == [sim.game_seed(4, i) for i in range(30)]
    assert frame["seed"].nunique() == 30
    assert set(frame["players"]) == {3}
    assert set(frame["rules"]) == {"official"}
    assert set(frame["winner_strategy"]) == {"random"}


def test_r_score_2_invariants_of_whole_games() -> None:
    frame = simulate(40, players=4, seed=11)
    assert frame["winner"].between(0, 3).all()
    assert (frame["points"] >= 500).all()  # R-SCORE-2: the game ends when someone reaches 500
    assert (frame["rounds"] >= 1).all()
    assert (frame["rounds"] > 1).any()
    assert (frame["turns"] > 0).all()
    assert (frame["turns"] >= 2 * frame["rounds"]).all()
    assert (frame["cards_drawn"] >= 0).all()
    assert (frame["challenges_won"] <= frame["challenges"]).all()
    assert (frame["challenges"] >= 0).all() and (frame["uno_catches"] >= 0).all()
    assert frame["longest_penalty"].isin([0, 2, 4]).all()  # no stacking: +2 or +4 at most


def test_r_score_2_target_score_option() -> None:
    frame = simulate(15, rules={"preset": "official", "target_score": 200}, seed=2)
    assert (frame["points"] >= 200).all()
    assert (frame["points"] < 500).any()


def test_rules_as_ruleset_name_or_dict() -> None:
    one_round = {"preset": "official", "target_score": None}
    by_dict = simulate(25, rules=one_round, seed=3)
    assert (by_dict["rounds"] == 1).all()
    by_object = simulate(25, rules=RuleSet(target_score=None), seed=3)
    assert_frame_equal(by_dict, by_object)
    by_name = simulate(25, rules="single_round", seed=3)
    assert (by_name["rounds"] == 1).all()
    assert set(by_name["rules"]) == {"single_round"}
    party = simulate(10, rules="party", seed=3)
    assert set(party["rules"]) == {"party"}
    assert_frame_equal(simulate(5, rules=None, seed=8), simulate(5, rules="official", seed=8))


def test_stacking_gives_longer_penalties() -> None:
    stacked = simulate(40, rules={"preset": "house", "target_score": None}, seed=5)
    assert stacked["longest_penalty"].max() > 4  # H-STACK: penalties add up


def test_strategies_one_name_list_or_objects() -> None:
    names = ["greedy", "first", "color_keeper", "save_wilds"]
    frame = simulate(30, strategies=names, seed=6)
    assert (frame["winner_strategy"] == [names[w] for w in frame["winner"]]).all()
    assert set(frame["winner_strategy"]) <= set(names)
    objects = [make_strategy(n) for n in names]
    assert_frame_equal(frame, simulate(30, strategies=objects, seed=6))
    mixed = [names[0], objects[1], names[2], objects[3]]
    assert_frame_equal(frame, simulate(30, strategies=mixed, seed=6))
    greedy = simulate(10, strategies="greedy", seed=6)
    assert set(greedy["winner_strategy"]) == {"greedy"}
    assert_frame_equal(greedy, simulate(10, strategies=make_strategy("greedy"), seed=6))
    assert_frame_equal(simulate(5, seed=1), simulate(5, strategies="random", seed=1))


def test_strategy_options_change_the_games() -> None:
    bluffers = [make_strategy("random", bluff=1.0, challenge="always")] * 4
    frame = simulate(20, rules="single_round", strategies=bluffers, seed=9)
    assert frame["challenges"].sum() > 0
    assert frame["challenges_won"].sum() > 0
    # One forgetful seat among careful catchers (if every seat forgot and every seat caught, a
    # round could never end: one card left is always caught and becomes three).
    forgetful = [make_strategy("random", forget_uno=1.0), *[make_strategy("random")] * 3]
    caught = simulate(20, rules="single_round", strategies=forgetful, seed=9)
    assert caught["uno_catches"].sum() > 5
    careful = simulate(20, rules="single_round", seed=9)
    assert (careful["uno_catches"] == 0).all()
    assert (careful["challenges"] == 0).all()  # "never" is the default policy


# -- determinism -------------------------------------------------------------------------------
def test_same_seed_same_frame_for_one_or_two_workers() -> None:
    for rules in (None, "party"):
        one = simulate(24, players=5, rules=rules, seed=21, workers=1)
        two = simulate(24, players=5, rules=rules, seed=21, workers=2)
        assert_frame_equal(one, two)
        assert_frame_equal(one, simulate(24, players=5, rules=rules, seed=21))


def test_a_game_depends_on_its_index_only() -> None:
    """Game i of a call is seeded from (seed, i): a shorter run is a prefix of a longer one."""
    long = simulate(12, seed=13)
    short = simulate(5, seed=13)
    assert_frame_equal(short, long.iloc[:5])


def test_different_seeds_differ() -> None:
    a = simulate(20, seed=0)
    b = simulate(20, seed=1)
    assert not a.equals(b)
    assert set(a["seed"]).isdisjoint(b["seed"])
    assert (
        a[["winner", "turns", "rounds"]].values != b[["winner", "turns", "rounds"]].values
    ).any()


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("n", [1, 7, 300])
def test_progress_counts_up_to_n(workers: int, n: int) -> None:
    calls: list[tuple[int, int]] = []
    frame = simulate(
        n, rules="single_round", seed=1, workers=workers, progress=lambda d, t: calls.append((d, t))
    )
    assert len(frame) == n
    assert calls, "progress was never called"
    assert calls[-1] == (n, n)
    done = [d for d, _ in calls]
    assert done == sorted(done) and len(set(done)) == len(done)  # strictly increasing
    assert all(total == n for _, total in calls)
    assert all(0 < d <= n for d in done)
    if n == 300:
        assert len(calls) > 1


# -- fast path == public path ------------------------------------------------------------------
def public_game(players: int, rules: RuleSet, bots: Any, seed: int) -> dict[str, Any]:
    """The game through new_game / bot_action / apply / next_round, with the frame's counters
    rebuilt from the events (R-SETUP-6's first Draw Two counts as drawn cards)."""
    rng = random.Random(seed)
    state = uno.new_game(players, rules, seed)
    c: Counter[str] = Counter()
    longest = {"all": 0, "in_play": 0}

    def setup_draws(s: uno.GameState) -> int:
        return 2 if s.discard_pile[-1].kind is Kind.DRAW_TWO else 0

    c["cards_drawn"] += setup_draws(state)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            c["rounds"] += 1
            state = uno.next_round(state)
            c["cards_drawn"] += setup_draws(state)
            continue
        action = uno.bot_action(state, bots, rng)
        if action.verb not in ("catch", "jump"):
            c["turns"] += 1
        state, events = uno.apply(state, action)
        for e in events:
            if e.type == "drew":
                c["cards_drawn"] += e.count
                # The penalty of a Draw Two / Wild Draw Four / stack / challenge (R-CHAL-3's
                # +2 is not part of the penalty itself).
                penalty = PENALTY_REASONS.get(e.reason)
                if penalty is not None:
                    size = e.count - penalty
                    longest["all"] = max(longest["all"], size)
                    if not state.is_over:  # R-END-1: drawn after the round's last card
                        longest["in_play"] = max(longest["in_play"], size)
            elif e.type == "challenged":
                c["challenges"] += 1
                c["challenges_won"] += bool(e.guilty)
            elif e.type == "caught":
                c["uno_catches"] += 1
    c["rounds"] += 1
    counters = ("rounds", "turns", "cards_drawn", "challenges", "challenges_won", "uno_catches")
    return {"state": state, "longest": longest, **{name: c[name] for name in counters}}


PENALTY_REASONS = {
    "draw_two": 0,
    "wild_draw_four": 0,
    "stack": 0,
    "challenge_guilty": 0,
    "challenge_failed": 2,
}


CASES = [
    (4, "official", "random"),
    (3, "house", "greedy"),
    (5, "party", ["first", "color_keeper", "save_wilds", "random", "greedy"]),
    (
        4,
        {"preset": "official", "jump_in": True, "seven_zero": True, "wd4_anytime": True},
        "color_keeper",
    ),
    (2, {"preset": "official", "strict_penalties": True, "draw_until_playable": True}, "first"),
    (6, {"preset": "official", "scoring": "lowest", "target_score": 300}, "save_wilds"),
    (3, {"preset": "official", "uno_catch_window": "own_next_turn"}, "random"),
    (10, "single_round", "greedy"),
]
OPTIONED = [
    make_strategy("random", challenge="odds", bluff=0.4, forget_uno=0.3, catch=0.6, jump=0.5),
    make_strategy("greedy", challenge="always", bluff=1.0, forget_uno=0.5, catch=0.3),
    make_strategy("first", challenge="never", forget_uno=1.0, catch=1.0, jump=0.2),
    make_strategy("save_wilds", challenge="odds", bluff=0.1, catch=0.0, jump=0.0),
]


@pytest.mark.parametrize(("players", "rules", "strategies"), CASES)
def test_fast_path_equals_public_path(
    players: int, rules: Any, strategies: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = as_ruleset(rules)
    bots = make_strategies(strategies, players)
    seen: list[tuple[list[int], tuple[int, ...]]] = []
    real_row = sim._row

    def spy(index, seed, rules, strategies, scores, winners, counters):  # type: ignore[no-untyped-def]
        seen.append((list(scores), tuple(winners)))
        return real_row(index, seed, rules, strategies, scores, winners, counters)

    monkeypatch.setattr(sim, "_row", spy)
    for seed in range(6):
        row = sim.play_game(players, ruleset, bots, seed)
        scores, winners = seen.pop()
        final = sim.play_game_slow(players, ruleset, bots, seed)
        assert final.phase is Phase.GAME_OVER
        assert list(final.scores) == scores, seed
        assert final.game_winners == winners, seed
        assert row[ROW["winner"]] == final.game_winners[0]
        assert row[ROW["points"]] == final.scores[final.game_winners[0]]
        public = public_game(players, ruleset, bots, seed)
        assert public["state"] == final
        for column in ("rounds", "turns", "cards_drawn", "challenges", "challenges_won"):
            assert row[ROW[column]] == public[column], (seed, column)
        assert row[ROW["uno_catches"]] == public["uno_catches"], seed
        longest = row[ROW["longest_penalty"]]
        assert public["longest"]["in_play"] <= longest <= public["longest"]["all"], seed


@pytest.mark.parametrize("players", [2, 4])
def test_fast_path_equals_public_path_with_options(players: int) -> None:
    for rules in ("official", "party", {"preset": "house", "seven_zero": True}):
        ruleset = as_ruleset(rules)
        bots = tuple(OPTIONED[:players])
        for seed in range(5):
            row = sim.play_game(players, ruleset, bots, seed)
            public = public_game(players, ruleset, bots, seed)
            final = public["state"]
            assert row[ROW["winner"]] == final.game_winners[0]
            assert row[ROW["points"]] == max(final.scores)
            for column in (
                "rounds",
                "turns",
                "cards_drawn",
                "challenges",
                "challenges_won",
                "uno_catches",
            ):
                assert row[ROW[column]] == public[column], (rules, seed, column)


def test_simulate_rows_replay_through_the_public_api() -> None:
    """A row's seed replays the same game with new_game and the bots (COLUMNS: 'seed')."""
    frame = simulate(6, players=3, rules="party", strategies="color_keeper", seed=77)
    bots = make_strategies("color_keeper", 3)
    for row in frame.itertuples():
        final = sim.play_game_slow(3, as_ruleset("party"), bots, int(row.seed))
        assert final.game_winners[0] == row.winner
        assert final.scores[row.winner] == row.points


def test_r_end_1_longest_penalty_counts_the_last_card_penalty() -> None:
    rules = as_ruleset({"preset": "house", "target_score": None})
    bots = make_strategies("random", 4)
    public = public_game(4, rules, bots, 155)
    assert public["longest"]["all"] > public["longest"]["in_play"]  # the case this seed shows
    row = sim.play_game(4, rules, bots, 155)
    assert row[ROW["longest_penalty"]] == public["longest"]["all"]


# -- bad arguments -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs",
    [
        {"n_games": 0},
        {"n_games": -5},
        {"n_games": 2.0},
        {"n_games": True},
        {"n_games": "10"},
        {"players": 11},
        {"players": 1},
        {"players": 4.0},
        {"strategies": "nope"},
        {"strategies": ["random", "greedy", "nope", "first"]},
        {"strategies": ["random", "greedy", "first"]},  # 3 strategies for 4 players
        {"strategies": ["random"] * 5},
        {"workers": 0},
        {"workers": -1},
        {"workers": 1.5},
        {"seed": 1.5},
        {"seed": "7"},
        {"seed": None},
        {"seed": True},
        {"rules": "nope"},
        {"rules": {"preset": "official", "stacking": "yes"}},
    ],
)
def test_bad_arguments_raise_before_any_game(
    kwargs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: Any, **kw: Any) -> Any:
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr(sim, "_run_chunk", no_games)
    monkeypatch.setattr(sim, "play_game", no_games)
    calls: list[tuple[int, int]] = []
    args = {"n_games": 10, **kwargs}
    with pytest.raises(ValueError):
        simulate(progress=lambda d, t: calls.append((d, t)), **args)
    assert not calls


def test_an_endless_round_is_recorded_as_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-DRAW-4 lets play go on for ever when every card sits in some hand; simulate records
    such a game as unfinished (winner -1) instead of looping (seen once in 100,000 fuzz games)."""
    import uno.simulation as sim

    monkeypatch.setattr(sim, "MAX_ACTIONS_PER_ROUND", 5)
    frame = uno.simulate(3, players=4, rules="single_round", seed=1)
    assert list(frame["winner"]) == [-1, -1, -1]
    assert list(frame["points"]) == [0, 0, 0]
    assert (frame["turns"] > 0).all()


# -- pinned results: a faster fast path must play the very same games -------------------------
PINNED_BOTS = [
    make_strategy("random", challenge="odds", bluff=0.4, forget_uno=0.3, catch=0.6, jump=0.5),
    make_strategy("greedy", challenge="always", bluff=1.0, forget_uno=0.5, catch=0.3),
    make_strategy("first", challenge="never", forget_uno=1.0, catch=1.0, jump=0.2),
    make_strategy("save_wilds", challenge="odds", bluff=0.1, catch=0.0, jump=0.0),
    make_strategy("color_keeper", challenge="always", bluff=0.2, forget_uno=0.1, catch=0.5),
]
EVERYTHING = {
    "preset": "official",
    "jump_in": True,
    "seven_zero": True,
    "stacking": True,
    "wd4_anytime": True,
    "target_score": 200,
}
#: (games, players, rules, strategies, seed, digest of the frame): digests computed before the
#: fast path was tuned, so any change in any seeded game fails here.
PINNED: list[tuple[int, int, Any, Any, int, str]] = [
    (2000, 4, "single_round", "random", 1, "15232a821120e063"),
    (1000, 2, "single_round", "random", 2, "372b2bea9121a533"),
    (150, 3, "house", "greedy", 3, "f8b42c184886bbe6"),
    (100, 5, "party", PINNED_BOTS, 4, "4146ca8e086ee614"),
    (150, 4, EVERYTHING, PINNED_BOTS[:4], 5, "27442b27d49f7239"),
    (
        200,
        2,
        {
            "preset": "official",
            "strict_penalties": True,
            "draw_until_playable": True,
            "target_score": 200,
        },
        ["first", PINNED_BOTS[1]],
        6,
        "7f58580696c1b615",
    ),
    (
        100,
        6,
        {"preset": "official", "scoring": "lowest", "target_score": 150},
        "save_wilds",
        7,
        "9e2f405b7f68013c",
    ),
    (
        300,
        3,
        {"preset": "official", "uno_catch_window": "own_next_turn", "target_score": None},
        PINNED_BOTS[2:5],
        8,
        "6ef611a8d08a4ac6",
    ),
    (200, 10, "single_round", "color_keeper", 9, "ae155e4bc1953ad4"),
]


def frame_digest(frame: pd.DataFrame) -> str:
    rows = [
        tuple(v if isinstance(v, str) else int(v) for v in row)
        for row in frame.itertuples(index=False)
    ]
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("games", "players", "rules", "strategies", "seed", "digest"), PINNED)
def test_seeded_games_are_pinned(
    games: int, players: int, rules: Any, strategies: Any, seed: int, digest: str
) -> None:
    assert frame_digest(simulate(games, players, rules, strategies, seed)) == digest


def test_the_frame_is_the_one_from_records_builds() -> None:
    rows = sim._run_chunk(0, 40, 3, as_ruleset("party"), make_strategies("greedy", 3), 5)
    rows.append((40, 1, 3, "party", -1, "", 9, 20_000, 5, 0, 0, 0, 0, 0))  # an unfinished game
    assert_frame_equal(
        sim.frame_of(rows), pd.DataFrame.from_records(rows, columns=list(sim.COLUMNS))
    )


def test_seeded_generators_are_random_random() -> None:
    from uno.engine import rng_for, seeded

    for seed in (0, 1, -7, 2**63 - 1, 2**80, 123_456_789):
        assert seeded(seed).getstate() == random.Random(seed).getstate()
        assert rng_for(seed, 3).getstate() == random.Random(f"uno:{seed}:3").getstate()
        assert rng_for(seed, "x").random() == random.Random(f"uno:{seed}:x").random()
