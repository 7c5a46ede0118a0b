"""uno.academy.lab, the probability lab's numbers: exact frames equal ``uno.odds`` for the same
inputs,
simulated frequencies converge on them, seeded simulations repeat, intervals behave, and every
snippet shown on the page runs and gives the same numbers as the chart."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

import uno
from uno import odds
from uno.academy import lab
from uno.academy.jobs import ABANDONED, DONE, Job, JobBoard
from uno.bots import HEURISTICS

TOPS = [("R7", None), ("GS", None), ("BD2", None), ("Y0", None), ("W", "G"), ("WD4", "B")]


# -- exact frames against uno.odds ----------------------------------------------------------------
@pytest.mark.parametrize(("top", "color"), TOPS)
def test_can_play_curve_is_uno_odds(top: str, color: str | None) -> None:
    curve = lab.can_play_curve(top, color)
    assert list(curve["hand_size"]) == list(range(1, lab.MAX_HAND + 1))
    assert list(curve["p_play"]) == [
        odds.p_legal_play(top, h, color) for h in range(1, lab.MAX_HAND + 1)
    ]
    # The K and N shown under the chart give the same numbers through the formula.
    k, n = int(curve["playable"].iloc[0]), int(curve["unseen"].iloc[0])
    assert n == 107
    for h, p in zip(curve["hand_size"], curve["p_play"], strict=True):
        assert p == pytest.approx(float(1 - Fraction(math.comb(n - k, h), math.comb(n, h))))


def test_playable_count_of_a_red_seven_and_a_wild() -> None:
    # Red 7 on top: the 24 other red cards, the 6 sevens of other colours, the 8 wilds.
    assert lab.playable_count("R7") == (24 + 6 + 8, 107)
    # A wild with green named: 25 greens + 7 other wilds (R-PLAY-3).
    assert lab.playable_count("W", "G") == (25 + 7, 107)
    with pytest.raises(ValueError):
        lab.playable_count("W")  # a wild on top needs the named colour


def test_opening_hand_tables_are_uno_odds() -> None:
    for size in (1, 7, 12):
        table = lab.opening_hand_tables(size)
        assert list(pd.unique(table["measure"])) == list(lab.OPENING_MEASURES)
        for measure, func in [
            ("wilds", odds.wild_count_distribution),
            ("actions", odds.action_count_distribution),
            ("colors", odds.color_count_distribution),
        ]:
            part = table[table["measure"] == measure]
            assert dict(zip(part["count"], part["probability"], strict=True)) == func(size)
            assert part["probability"].sum() == pytest.approx(1)


def test_challenge_table_is_uno_odds() -> None:
    known = ["WD4", "R1", "R2", "G5"]
    table = lab.challenge_table(5, "R", known, pending=4)
    assert list(table["hand_size"]) == list(range(1, lab.MAX_HAND + 1))
    for _, row in table.iterrows():
        advice = odds.challenge_advice(int(row["hand_size"]), "R", known, 4)
        assert row["p_guilty"] == advice.p_guilty
        assert row["expected_if_challenge"] == advice.expected_if_challenge
        assert row["expected_if_accept"] == advice.expected_if_accept == 4
        assert row["challenge"] == advice.challenge
        assert row["challenge"] == (row["p_guilty"] > row["threshold"])
    assert set(table["threshold"]) == {1 / 3}  # R-CHAL-3/4: 2 / (4 + 2)
    # A bigger hand than the chart's range extends it; a stacked penalty lowers the threshold.
    wide = lab.challenge_table(18, "B", pending=8)
    assert int(wide["hand_size"].max()) == 18
    assert set(wide["threshold"]) == {0.2}


def test_challenge_table_refuses_impossible_knowledge() -> None:
    with pytest.raises(ValueError):
        lab.challenge_table(5, "R", ["WD4"] * 5)  # the deck has 4
    with pytest.raises(ValueError):
        lab.challenge_table(20, "R", ["R1"] * 2 + [c for c in uno.FULL_DECK][:100])


def test_hand_worth_is_uno_odds_and_its_mean_is_n_average_cards() -> None:
    for n in (1, 3, 7):
        table = lab.hand_worth(n)
        dist = odds.hand_points_distribution(n)
        assert list(table["points"]) == list(dist)
        assert list(table["probability"]) == list(dist.values())
        assert table["cumulative"].iloc[-1] == pytest.approx(1)
        # One source of truth for points: the average hand is n times the average card.
        average_card = sum(uno.card_points(c) for c in uno.FULL_DECK) / len(uno.FULL_DECK)
        mean = (table["points"] * table["probability"]).sum()
        assert mean == pytest.approx(n * average_card)


# -- dealing hands: Monte Carlo against the exact value -------------------------------------------
@pytest.mark.parametrize(
    ("top", "color", "size"), [("R7", None, 3), ("W", "Y", 1), ("GD2", None, 2)]
)
def test_deal_hands_converges_within_4_standard_errors(
    top: str, color: str | None, size: int
) -> None:
    n = 4000
    hands = lab.deal_hands(top, color, size, n, seed=7)
    exact = odds.p_legal_play(top, size, color)
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(hands["frequency"].iloc[-1] - exact) < 4 * se
    low, high = lab.wilson_interval(int(hands["playable"].sum()), n, z=4)
    assert low <= exact <= high


def test_deal_hands_columns_seed_and_prefix() -> None:
    hands = lab.deal_hands("R7", None, 7, 200, seed=3)
    assert list(hands.columns) == ["hand", "cards", "playable", "frequency"]
    assert list(hands["hand"]) == list(range(1, 201))
    first = [uno.parse_card(code) for code in hands["cards"].iloc[0].split()]
    assert len(first) == 7
    # The engine decides playability: a hand with a wild or a red card can play on R7.
    for cards, playable in zip(hands["cards"], hands["playable"], strict=True):
        codes = cards.split()
        obvious = any(c in ("W", "WD4") or c.startswith("R") or c[1:] == "7" for c in codes)
        assert playable == obvious
    assert_frame_equal(hands, lab.deal_hands("R7", None, 7, 200, seed=3))
    # Dealing more hands keeps the first ones: the buttons add hands, they do not redeal.
    assert_frame_equal(lab.deal_hands("R7", None, 7, 50, seed=3), hands.head(50))
    assert not hands.equals(lab.deal_hands("R7", None, 7, 200, seed=4))


def test_bad_arguments_raise_value_error() -> None:
    with pytest.raises(ValueError):
        lab.deal_hands("R7", None, 0, 10, 1)
    with pytest.raises(ValueError):
        lab.deal_hands("R7", None, 7, 0, 1)
    with pytest.raises(ValueError):
        lab.game_length([], ["official"], 10, 1)
    with pytest.raises(ValueError):
        lab.single_round("chaos")
    with pytest.raises(ValueError):
        lab.tournament(["random", "random"], "official", 10, 1)
    with pytest.raises(ValueError):
        lab.tournament(["random", "greedy"], "official", 10, 1, challenge="sometimes")


# -- confidence intervals -------------------------------------------------------------------------
def test_wilson_interval_known_value_contains_estimate_and_shrinks() -> None:
    low, high = lab.wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)  # the textbook example
    assert lab.wilson_interval(0, 10)[0] == 0.0
    assert lab.wilson_interval(10, 10)[1] == 1.0
    widths = []
    for n in (20, 200, 2000, 20000):
        wins = n * 3 // 10
        low, high = lab.wilson_interval(wins, n)
        assert low <= wins / n <= high
        widths.append(high - low)
    assert widths == sorted(widths, reverse=True)
    with pytest.raises(ValueError):
        lab.wilson_interval(11, 10)


def test_mean_interval_contains_the_mean_and_shrinks() -> None:
    values = [3.0, 7.0, 5.0, 9.0, 1.0, 6.0]
    mean, low, high = lab.mean_interval(values)
    assert mean == pytest.approx(31 / 6)
    assert low < mean < high
    sd = pd.Series(values).std()
    assert high - mean == pytest.approx(1.96 * sd / math.sqrt(6))
    _, low4, high4 = lab.mean_interval(values * 4)
    assert high4 - low4 < high - low
    with pytest.raises(ValueError):
        lab.mean_interval([1.0])


def test_games_per_setting() -> None:
    assert lab.games_per_setting(2000, 5) == 400
    assert lab.games_per_setting(100, 27) == 3
    assert lab.games_per_setting(3, 10) == 2


# -- simulations ----------------------------------------------------------------------------------
def test_game_length_is_seeded_and_its_intervals_contain_the_means() -> None:
    steps: list[tuple[int, int]] = []
    args: dict[str, Any] = {
        "players_list": [2, 4],
        "rule_presets": ["official", "house"],
        "n_games": 60,
        "seed": 5,
    }
    first = lab.game_length(**args, progress=lambda done, total: steps.append((done, total)))
    assert_frame_equal(first, lab.game_length(**args))
    assert_frame_equal(first, lab.game_length(**args, workers=2))
    assert list(first["rules"]) == ["official", "official", "house", "house"]
    assert list(first["players"]) == [2, 4, 2, 4]
    assert (first["games"] == 60).all()
    assert ((first["low"] < first["mean_turns"]) & (first["mean_turns"] < first["high"])).all()
    # The progress bar is fed across the four simulations, up to the whole count.
    assert steps[-1] == (240, 240)
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
    # The mean is the mean of uno.simulate's turns for the same arguments.
    games = uno.simulate(60, players=4, rules=lab.single_round("house"), seed=5)
    assert first["mean_turns"].iloc[3] == games["turns"].mean()


def test_seat_advantage_counts_places_from_the_dealer() -> None:
    table = lab.seat_advantage(3, "official", 150, seed=2)
    assert list(table["order"]) == [1, 2, 3]
    games = uno.simulate(150, players=3, rules=lab.single_round("official"), seed=2)
    dealers = [uno.choose_dealer(3, int(s)).dealer for s in games["seed"]]
    # The seat on the dealer's left is place 1; the dealer is the last place.
    expected = [0, 0, 0]
    for winner, dealer in zip(games["winner"], dealers, strict=True):
        if winner >= 0:
            expected[(winner - dealer - 1) % 3] += 1
    assert list(table["wins"]) == expected
    assert ((table["low"] <= table["share"]) & (table["share"] <= table["high"])).all()
    assert set(table["fair"]) == {1 / 3}
    assert_frame_equal(table, lab.seat_advantage(3, "official", 150, seed=2, workers=2))


def test_tournament_is_seeded_and_intervals_shrink_with_more_games() -> None:
    names = ["random", "greedy", "save_wilds"]
    small = lab.tournament(names, "house", 80, seed=9, challenge="odds")
    assert_frame_equal(small, lab.tournament(names, "house", 80, seed=9, challenge="odds"))
    assert list(small["strategy"]) == names
    assert small["wins"].sum() <= 80
    assert ((small["low"] <= small["share"]) & (small["share"] <= small["high"])).all()
    big = lab.tournament(names, "house", 320, seed=9, challenge="odds")
    assert ((big["high"] - big["low"]) < (small["high"] - small["low"])).all()
    games = uno.simulate(
        80,
        players=3,
        rules=lab.single_round("house"),
        strategies=[uno.make_strategy(n, challenge="odds") for n in names],
        seed=9,
    )
    assert list(small["wins"]) == [int((games["winner_strategy"] == n).sum()) for n in names]


# -- the snippets: runnable as shown, the same numbers --------------------------------------------
def run(code: str, name: str = "table") -> pd.DataFrame:
    """Run a snippet; the table it leaves is ``name`` (``lab.SNIPPET_TABLES``: a notebook runs
    the two snippets of a question one after the other, so they leave different names)."""
    namespace: dict[str, Any] = {}
    exec(compile(code, "<snippet>", "exec"), namespace)
    table = namespace[name]
    assert isinstance(table, pd.DataFrame)
    return table


def same(table: pd.DataFrame, expected: pd.DataFrame) -> None:
    columns = [c for c in table.columns if c in expected.columns]
    assert len(columns) >= 2, columns
    assert_frame_equal(
        table[columns].reset_index(drop=True),
        expected[columns].reset_index(drop=True),
        check_dtype=False,
    )


SNIPPET_CASES: list[tuple[str, dict[str, Any], Any]] = [
    ("can_play", {}, lambda: lab.can_play_curve("R7")),
    ("can_play", {"top": "W", "color": "Y"}, lambda: lab.can_play_curve("W", "Y")),
    ("deal_hands", {}, lambda: lab.deal_hands("R7", "R", 7, 100, 1)),
    (
        "deal_hands",
        {"top": "WD4", "color": "B", "hand_size": 2, "n": 300, "seed": 8},
        lambda: lab.deal_hands("WD4", "B", 2, 300, 8),
    ),
    ("opening_hand", {}, lambda: lab.opening_hand_tables(7)),
    ("opening_hand", {"hand_size": 10}, lambda: lab.opening_hand_tables(10)),
    ("challenge", {}, lambda: lab.challenge_table(5, "R", ["WD4"])),
    (
        "challenge",
        {"color": "G", "known": ["WD4", "G1", "G2"], "pending": 6, "max_hand": 18},
        lambda: lab.challenge_table(18, "G", ["WD4", "G1", "G2"], pending=6),
    ),
    ("hand_worth", {}, lambda: lab.hand_worth(7)),
    ("hand_worth", {"n": 2}, lambda: lab.hand_worth(2)),
    (
        "game_length",
        {"presets": ["official", "party"], "players": [2, 5], "n": 40, "seed": 3},
        lambda: lab.game_length([2, 5], ["official", "party"], 40, 3),
    ),
    (
        "seat_advantage",
        {"players": 3, "rules": "house", "n": 120, "seed": 4},
        lambda: lab.seat_advantage(3, "house", 120, 4),
    ),
    (
        "tournament",
        {"strategies": ["first", "greedy"], "challenge": "always", "n": 120, "seed": 6},
        lambda: lab.tournament(["first", "greedy"], "official", 120, 6, challenge="always"),
    ),
]


@pytest.mark.parametrize(
    ("name", "values", "expected"),
    SNIPPET_CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(SNIPPET_CASES)],
)
def test_every_snippet_runs_and_gives_the_same_numbers(
    name: str, values: dict[str, Any], expected: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    code = lab.snippet(name, **values)
    assert "$" not in code  # every placeholder filled
    assert len(code.splitlines()) <= 16  # a few lines, notebook style
    same(run(code, lab.SNIPPET_TABLES[name]), expected())
    assert capsys.readouterr().out  # it prints its result


def test_every_snippet_is_tested_and_unknown_values_are_refused() -> None:
    assert {case[0] for case in SNIPPET_CASES} == set(lab.SNIPPETS)
    with pytest.raises(KeyError):
        lab.snippet("can_play", colour="R")


def test_parse_cards() -> None:
    cards, bad = lab.parse_cards("r7, GS  wd4;B2 xx Z9")
    assert [str(c) for c in cards] == ["R7", "GS", "WD4", "B2"]
    assert bad == ["xx", "Z9"]
    assert lab.parse_cards("") == ([], [])


# -- the page's bookkeeping -----------------------------------------------------------------------
def test_deals_keep_their_setting_count_to_the_limit_and_start_again() -> None:
    red = ("R7", "R", 7, 1)
    deals = lab.Deals().at(red)
    assert (deals.setting, deals.n, deals.full) == (red, 0, False)
    deals = deals.more(1).more(100).more(1000)
    assert deals.n == 1101 and deals.at(red) is deals  # the same setting keeps its hands
    assert deals.at(("R7", "R", 3, 1)) == lab.Deals(("R7", "R", 3, 1))  # another starts at 0
    many = deals
    for _ in range(25):
        many = many.more(1000)
    assert many.n == lab.MAX_DEALT and many.full
    assert many.again() == lab.Deals(red)
    with pytest.raises(ValueError):
        deals.more(0)


@pytest.mark.parametrize("size", [1, 7, 15])
def test_opening_and_worth_summaries_are_the_tables_figures(size: int) -> None:
    summary = lab.opening_summary(lab.opening_hand_tables(size))
    assert summary["wilds"] == pytest.approx(1 - odds.wild_count_distribution(size)[0])
    assert summary["actions"] == pytest.approx(1 - odds.action_count_distribution(size)[0])
    assert summary["colors"] == pytest.approx(odds.color_count_distribution(size).get(4, 0))
    dist = odds.hand_points_distribution(size)
    mean, median = lab.worth_summary(lab.hand_worth(size))
    assert mean == pytest.approx(float(sum(p * points for points, p in dist.items())))
    below = [points for points in dist if sum(p for v, p in dist.items() if v <= points) >= 0.5]
    assert median == min(below)


class StubBoard:
    """A board that answers at once, the first time with a job dropped as abandoned."""

    def __init__(self) -> None:
        self.keys: list[Any] = []

    def submit(self, key: Any, work: Any, owner: Any = None) -> Any:
        self.keys.append(key)
        job = Job(key, lambda: 0.0)
        if len(self.keys) == 1:
            job._finish(ABANDONED)
        else:
            job._finish(DONE, work(lambda done, total: None))
        return job


def test_ask_plays_the_lab_function_and_asks_again_for_a_dropped_job(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[dict[str, Any]] = []

    def fake(**kwargs: Any) -> pd.DataFrame:
        calls.append(kwargs)
        return pd.DataFrame({"share": [0.5]})

    monkeypatch.setattr(lab, "seat_advantage", fake)
    board = StubBoard()
    job = lab.ask(board, "seat_advantage", players=3, rules="official", n_games=10, seed=2)
    assert job is not None and job.state == "done"
    assert job.result["share"].tolist() == [0.5]
    key = ("seat_advantage", (("n_games", 10), ("players", 3), ("rules", "official"), ("seed", 2)))
    assert board.keys == [key, key]  # dropped once, asked again with the same question
    assert calls[0]["workers"] == lab.WORKERS and callable(calls[0]["progress"])
    assert lab.question("seat_advantage", seed=2, players=3) == lab.question(
        "seat_advantage", players=3, seed=2
    )
    with pytest.raises(ValueError):
        lab.ask(board, "hand_worth", n=7)


def test_ask_a_real_board_once_per_question_and_none_when_it_is_busy() -> None:
    board = JobBoard()
    first = lab.ask(board, "seat_advantage", players=2, rules="official", n_games=20, seed=3)
    assert first is not None and first.wait(30) and first.state == "done"
    again = lab.ask(board, "seat_advantage", players=2, rules="official", n_games=20, seed=3)
    assert again is not None and again.result is first.result  # kept, not played again
    assert_frame_equal(first.result, lab.seat_advantage(2, "official", 20, 3))
    board.submit = lambda key, work, owner=None: None
    question = {"strategies": ("first", "greedy"), "rules": "official", "n_games": 20, "seed": 3}
    assert lab.ask(board, "tournament", **question) is None


# -- the questions: links and the contents' answers ----------------------------------------------
def test_questions_have_words_and_old_anchors_open_them() -> None:
    assert tuple(lab.QUESTION_WORDS) == lab.QUESTIONS
    assert set(lab.SNIPPET_TABLES) == set(lab.SNIPPETS)
    for question in lab.QUESTIONS:
        assert lab.parse_question(question) == question
        assert lab.parse_question(f"#{question.upper()}") == question
        assert lab.parse_question(question.replace("-", "_")) == question
    # The old page's anchors of the two charts of "Who wins?".
    assert lab.parse_question("seat") == lab.parse_question("#tournament") == "who-wins"
    assert lab.parse_question(None) is lab.parse_question("") is lab.parse_question(" # ") is None


@pytest.mark.parametrize("raw", ["nope", "can-play?", "<script>", "x" * 41, 7, ["can-play"]])
def test_parse_question_refuses_what_names_no_question(raw: object) -> None:
    with pytest.raises(ValueError):
        lab.parse_question(raw)


def test_overview_is_what_each_question_shows_at_its_defaults() -> None:
    """The contents' one-line answers are the numbers each question's view shows at the lab's
    default settings (seed 1, 2,000 rounds; 200 per setting for the length of a round)."""
    from uno.academy.lab_strength import strength_table

    numbers = lab.overview(strength_table())
    assert set(numbers) == set(lab.QUESTIONS)
    assert numbers["can-play"]["share"] == odds.p_legal_play("R7", 7)
    assert numbers["opening-hand"]["share"] == odds.wild_count_distribution(7)[0]
    advice = odds.challenge_advice(5, "R", ["WD4"])
    assert numbers["challenge"] == {"count": 5, "share": advice.p_guilty, "challenge": True}
    assert numbers["hand-worth"]["points"] == round(lab.worth_summary(lab.hand_worth(7))[0])
    length = lab.game_length([2, 3, 4, 5, 6], ["official", "house"], 200, seed=1)
    four = length[(length["players"] == 4) & (length["rules"] == "official")]
    assert numbers["game-length"]["count"] == round(float(four["mean_turns"].iloc[0]))
    ranking = lab.tournament(list(HEURISTICS), "official", 2000, 1)
    assert numbers["who-wins"]["share"] == ranking["share"].max()
    best = ranking.loc[ranking["share"].idxmax(), "strategy"]
    assert numbers["who-wins"]["strategy"] == best
    table = strength_table()
    assert numbers["strength"]["share"] == table[table["seats"] == 2]["share"].min()
