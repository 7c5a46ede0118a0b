"""The probability lab's numbers: one pandas DataFrame per chart (``uno.ui.lab.figures`` makes
the figures of them, ``uno.ui.lab`` draws them).

Exact charts come from ``uno.odds`` (counting, no sampling); simulated ones from ``uno.simulate``
(whole rounds played by the bots, seeded). Nothing here imports Streamlit; nothing here decides a
rule: playability is the engine's ``matches``, the rest is ``uno.odds`` and ``uno.simulate``.

Each chart also has a short Python snippet (``SNIPPETS``, filled in by ``snippet(name, ...)``)
that a student can paste into a notebook: it calls ``uno`` directly and builds ``table``, the same
numbers as the function here (a test runs every snippet and compares).

Confidence intervals are at 95%: Wilson's score interval for a proportion (a win share, a
frequency), the normal interval ``mean +- 1.96 * sd / sqrt(n)`` for a mean (turns per round).

The page's own bookkeeping lives here too, so it is tested without a page: the questions and
the links that open one (``QUESTIONS``, ``parse_question``), the one-line answers of the
contents (``overview``), the hands dealt so far (``Deals``), the figures printed beside the
charts (``opening_summary``, ``worth_summary``) and the questions asked of the simulation board
(``ask``). ``uno.academy.notebooks`` writes each question as a Jupyter notebook from the same
snippets.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from string import Template
from typing import Any, Final

import pandas as pd

from uno import odds
from uno.academy.jobs import ABANDONED, Job, JobBoard
from uno.bots import CHALLENGE_POLICIES, HEURISTICS, make_strategy
from uno.cards import COLOR_OF, Card, Color, parse_card, parse_color
from uno.engine import matches
from uno.errors import NotationError
from uno.rules import PRESETS
from uno.setup import choose_dealer
from uno.simulation import simulate

__all__ = [
    "ANCHORS",
    "FORMULAS",
    "MAX_DEALT",
    "MAX_HAND",
    "OPENING_MEASURES",
    "QUESTIONS",
    "QUESTION_WORDS",
    "RULE_PRESETS",
    "SIMULATIONS",
    "SNIPPETS",
    "SNIPPET_TABLES",
    "WORKERS",
    "Z95",
    "Deals",
    "ask",
    "can_play_curve",
    "challenge_table",
    "color_to_match",
    "deal_hands",
    "game_length",
    "games_per_setting",
    "hand_worth",
    "mean_interval",
    "opening_hand_tables",
    "opening_summary",
    "overview",
    "parse_cards",
    "parse_question",
    "playable_count",
    "question",
    "seat_advantage",
    "single_round",
    "snippet",
    "tournament",
    "wilson_interval",
    "worth_summary",
]

Progress = Callable[[int, int], None]

#: Hand sizes drawn on the exact curves: 1 to 15 cards.
MAX_HAND: Final = 15
#: The rule presets the simulations compare, each played as single rounds.
RULE_PRESETS: Final = ("official", "house", "party")
#: The 97.5% quantile of the normal law, rounded as textbooks (and the snippets) write it.
Z95: Final = 1.96
#: The three distributions of the opening hand, in chart order.
OPENING_MEASURES: Final = ("wilds", "actions", "colors")
#: The most hands "can I play?" deals for one setting (each press adds 1, 100 or 1000).
MAX_DEALT: Final = 20_000
#: The simulated charts, by the name of the function here that plays them.
SIMULATIONS: Final = ("game_length", "seat_advantage", "tournament")
#: Worker processes per simulation: the board runs one at a time, so this is the whole share.
WORKERS: Final = min(2, os.cpu_count() or 1)
#: The lab's questions, in the contents' order: each opens alone (``?q=can-play``).
QUESTIONS: Final = (
    "can-play",
    "opening-hand",
    "challenge",
    "hand-worth",
    "game-length",
    "who-wins",
    "strength",
)
#: Each question's table of words in content/<lang>/lab.toml (``lab.<words>.title``, ...).
QUESTION_WORDS: Final = {
    "can-play": "can_play",
    "opening-hand": "opening",
    "challenge": "challenge",
    "hand-worth": "worth",
    "game-length": "length",
    "who-wins": "wins",
    "strength": "strength",
}
#: The anchors of the page that showed every question at once (``lab#challenge``, and the two
#: charts of "Who wins?", ``#seat`` and ``#tournament``): the question each one opens now.
ANCHORS: Final = {
    **{question: question for question in QUESTIONS},
    "seat": "who-wins",
    "tournament": "who-wins",
}
#: The longest ``?q=`` value read; a longer one is refused unread.
MAX_QUESTION_TEXT: Final = 40


# -- small helpers -------------------------------------------------------------------------------
def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


def color_to_match(top: Card | str, color: Color | str | None = None) -> Color:
    """The colour to match on ``top``: its own, or the one named after a wild (required)."""
    top = _card(top)
    if not top.is_wild:
        return Color(COLOR_OF[top])
    if color is None:
        raise ValueError("a wild is on top: give the colour that was named")
    return color if isinstance(color, Color) else parse_color(color)


def _check_count(name: str, value: object, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be a whole number, {low} or more, not {value!r}")
    return value


def single_round(preset: str) -> dict[str, Any]:
    """The rules of ``preset`` for one round (no target score): what the simulations play."""
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})")
    return {"preset": preset, "target_score": None}


def parse_cards(text: str) -> tuple[list[Card], list[str]]:
    """Card codes separated by spaces or commas -> (cards, codes that are not cards)."""
    cards: list[Card] = []
    bad: list[str] = []
    for token in text.replace(",", " ").replace(";", " ").split():
        try:
            cards.append(parse_card(token))
        except NotationError:
            bad.append(token)
    return cards, bad


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``successes / n``: the ``p`` for which the
    observed share is within ``z`` standard errors, ``|p_hat - p| <= z sqrt(p (1 - p) / n)``."""
    _check_count("n", n)
    if isinstance(successes, bool) or not 0 <= successes <= n:
        raise ValueError(f"successes must be from 0 to {n}, not {successes!r}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Iterable[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal interval ``mean +- z * sd / sqrt(n)`` (sd with
    n - 1, as pandas' ``sem``); returns ``(mean, low, high)``."""
    data = [float(v) for v in values]
    if len(data) < 2:
        raise ValueError("a confidence interval of a mean needs 2 values or more")
    series = pd.Series(data)
    mean = float(series.mean())
    half = z * float(series.sem())
    return mean, mean - half, mean + half


def games_per_setting(total: int, settings: int) -> int:
    """Share ``total`` games among ``settings`` simulations (at least 2 games each)."""
    _check_count("settings", settings)
    return max(2, _check_count("total", total) // settings)


# -- 1. Can I play? ------------------------------------------------------------------------------
def playable_count(top: Card | str, color: Color | str | None = None) -> tuple[int, int]:
    """``(K, N)``: the unseen cards that may be played on ``top``, and all the unseen cards."""
    top_card = _card(top)
    named = color_to_match(top_card, color)
    unseen = odds.unseen_cards(top_card)
    good = sum(n for card, n in unseen.items() if matches(card, top_card, named))
    return good, sum(unseen.values())


def can_play_curve(
    top: Card | str, color: Color | str | None = None, max_hand: int = MAX_HAND
) -> pd.DataFrame:
    """The exact chance of holding a card that may be played on ``top``, for 1..max_hand cards.

    Columns: ``hand_size``, ``p_play`` (``uno.odds.p_legal_play``), ``playable`` (K) and
    ``unseen`` (N), so that ``p_play = 1 - C(N - K, h) / C(N, h)``.
    """
    top_card = _card(top)
    named = color_to_match(top_card, color)
    good, pool = playable_count(top_card, named)
    sizes = list(range(1, _check_count("max_hand", max_hand) + 1))
    return pd.DataFrame(
        {
            "hand_size": sizes,
            "p_play": [float(odds.p_legal_play(top_card, h, named)) for h in sizes],
            "playable": good,
            "unseen": pool,
        }
    )


def deal_hands(
    top: Card | str, color: Color | str | None, hand_size: int, n: int, seed: int
) -> pd.DataFrame:
    """Deal ``n`` random hands of ``hand_size`` cards from the unseen cards, one after the other
    from ``random.Random(seed)`` (so the first hands of a longer run are the same hands).

    Columns: ``hand`` (1..n), ``cards`` (the codes), ``playable`` (the hand holds a card that may
    be played on ``top``) and ``frequency`` (the share of playable hands so far).
    """
    top_card = _card(top)
    named = color_to_match(top_card, color)
    _check_count("hand_size", hand_size)
    _check_count("n", n)
    deck = sorted(odds.unseen_cards(top_card).elements())
    if hand_size > len(deck):
        raise ValueError(f"cannot deal {hand_size} cards from {len(deck)} unseen cards")
    rng = random.Random(seed)
    codes: list[str] = []
    playable: list[bool] = []
    for _ in range(n):
        hand = rng.sample(deck, hand_size)
        codes.append(" ".join(str(card) for card in hand))
        playable.append(any(matches(card, top_card, named) for card in hand))
    table = pd.DataFrame({"hand": range(1, n + 1), "cards": codes, "playable": playable})
    table["frequency"] = table["playable"].cumsum() / table["hand"]
    return table


@dataclass(frozen=True)
class Deals:
    """How many random hands "can I play?" has dealt for one ``setting`` (the top card, the
    colour to match, the hand size and the seed). The hands themselves are ``deal_hands(...,
    n, seed)``: dealing more keeps the first ones, and another setting starts again from none."""

    setting: Hashable = None
    n: int = 0

    @property
    def full(self) -> bool:
        """True once ``MAX_DEALT`` hands are dealt: the deal buttons are then disabled."""
        return self.n >= MAX_DEALT

    def at(self, setting: Hashable) -> Deals:
        """These deals if they are for ``setting``, else none dealt yet for it."""
        return self if setting == self.setting else Deals(setting)

    def more(self, count: int) -> Deals:
        """``count`` more hands (at most ``MAX_DEALT`` in all)."""
        return Deals(self.setting, min(MAX_DEALT, self.n + _check_count("count", count)))

    def again(self) -> Deals:
        """None dealt, same setting ("start again")."""
        return Deals(self.setting)


# -- 2. Your opening hand ------------------------------------------------------------------------
def opening_hand_tables(hand_size: int = odds.HAND) -> pd.DataFrame:
    """How many wilds, action cards and different colours a hand of ``hand_size`` cards holds,
    exactly: columns ``measure`` (``wilds``, ``actions``, ``colors``), ``count``,
    ``probability``."""
    parts = [
        ("wilds", odds.wild_count_distribution(hand_size)),
        ("actions", odds.action_count_distribution(hand_size)),
        ("colors", odds.color_count_distribution(hand_size)),
    ]
    return pd.DataFrame(
        [(measure, k, float(p)) for measure, dist in parts for k, p in dist.items()],
        columns=["measure", "count", "probability"],
    )


def opening_summary(table: pd.DataFrame) -> dict[str, float]:
    """The three figures above the opening-hand chart, from ``opening_hand_tables``: the chance
    of at least one wild (``wilds``), of at least one action card (``actions``) and of all
    four colours (``colors``)."""

    def chance(measure: str, counts: Callable[[pd.Series], pd.Series]) -> float:
        part = table[table["measure"] == measure]
        return float(part.loc[counts(part["count"]), "probability"].sum())

    return {
        "wilds": chance("wilds", lambda count: count >= 1),
        "actions": chance("actions", lambda count: count >= 1),
        "colors": chance("colors", lambda count: count == 4),
    }


# -- 3. Should I challenge? ----------------------------------------------------------------------
def challenge_table(
    hand_size: int,
    color: Color | str,
    known: Iterable[Card | str] = (),
    pending: int = 4,
    max_hand: int = MAX_HAND,
) -> pd.DataFrame:
    """For a Wild Draw Four player holding 1..max(max_hand, hand_size) cards: the chance they
    bluffed (held a card of ``color``, ``uno.odds.p_guilty``), the cards you expect to draw if
    you challenge or accept, whether to challenge (``uno.odds.challenge_advice``), and the
    chance above which a challenge pays, ``2 / (pending + 2)``."""
    _check_count("hand_size", hand_size)
    seen = [_card(c) for c in known]
    pool = sum(odds.unseen_cards(None, seen).values())
    if hand_size > pool:
        raise ValueError(f"cannot deal {hand_size} cards from {pool} unseen cards")
    sizes = range(1, min(max(max_hand, hand_size), pool) + 1)
    rows = [odds.challenge_advice(h, color, seen, pending) for h in sizes]
    table = pd.DataFrame(rows)
    table.insert(0, "hand_size", list(sizes))
    table["threshold"] = 2 / (pending + 2)
    return table


# -- 4. What is a hand worth? --------------------------------------------------------------------
def hand_worth(n: int) -> pd.DataFrame:
    """The points left in a hand of ``n`` cards (R-SCORE-1), exactly: ``points``,
    ``probability`` and ``cumulative`` (the chance of that many points or fewer)."""
    dist = odds.hand_points_distribution(n)
    table = pd.DataFrame({"points": list(dist), "probability": [float(p) for p in dist.values()]})
    table["cumulative"] = table["probability"].cumsum()
    return table


def worth_summary(table: pd.DataFrame) -> tuple[float, int]:
    """The average points of a hand and the median (half the hands are worth at most that),
    from ``hand_worth``."""
    mean = float((table["points"] * table["probability"]).sum())
    median = int(table.loc[table["cumulative"] >= 0.5, "points"].iloc[0])
    return mean, median


# -- 5. How long is a game? ----------------------------------------------------------------------
def _chain(progress: Progress | None, before: int, total: int) -> Progress | None:
    """A progress callback for one simulation among several: reports the overall count."""
    if progress is None:
        return None
    report = progress  # bound here: mypy keeps the narrowed type inside the closure

    def step(done: int, _of: int) -> None:
        report(before + done, total)

    return step


def game_length(
    players_list: Sequence[int],
    rule_presets: Sequence[str],
    n_games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Moves in one round until someone goes out (``uno.simulate``'s ``turns``: every decision
    of the player whose turn it is, so a draw, a pass and a play each count), simulated with
    random bots: ``n_games`` rounds for each number of players and each preset.

    Columns: ``rules``, ``players``, ``mean_turns`` with its 95% interval ``low``..``high``,
    ``games``, ``median_turns``.
    """
    presets = list(rule_presets)
    counts = list(players_list)
    if not presets or not counts:
        raise ValueError("choose at least one preset and one number of players")
    _check_count("n_games", n_games, 2)
    total = len(presets) * len(counts) * n_games
    rows = []
    for i, preset in enumerate(presets):
        for j, players in enumerate(counts):
            before = (i * len(counts) + j) * n_games
            games = simulate(
                n_games,
                players=players,
                rules=single_round(preset),
                seed=seed,
                workers=workers,
                progress=_chain(progress, before, total),
            )
            mean, low, high = mean_interval(games["turns"])
            rows.append(
                (preset, players, mean, low, high, len(games), float(games["turns"].median()))
            )
    return pd.DataFrame(
        rows, columns=["rules", "players", "mean_turns", "low", "high", "games", "median_turns"]
    )


# -- 6. Who wins? --------------------------------------------------------------------------------
def _shares(labels: list[Any], wins: pd.Series, games: int) -> pd.DataFrame:
    counts = wins.value_counts().reindex(labels, fill_value=0)
    table = pd.DataFrame({"wins": [int(w) for w in counts]})
    table["games"] = games
    table["share"] = table["wins"] / games
    table[["low", "high"]] = [wilson_interval(int(w), games) for w in table["wins"]]
    table["fair"] = 1 / len(labels)
    return table


def seat_advantage(
    players: int,
    rules: str,
    n_games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    strategy: str = "random",
) -> pd.DataFrame:
    """Who wins a round, by place in the order of play: 1 is the player on the dealer's left
    (who usually plays first, R-SETUP-3), ``players`` is the dealer (R-SETUP-2 picks the dealer
    at random, ``uno.choose_dealer``). Every seat plays ``strategy``.

    Columns: ``order``, ``wins``, ``games``, ``share`` with its Wilson interval ``low``..``high``,
    ``fair`` (1 / players).
    """
    games = simulate(
        _check_count("n_games", n_games),
        players=players,
        rules=single_round(rules),
        strategies=strategy,
        seed=seed,
        workers=workers,
        progress=progress,
    )
    dealer = [choose_dealer(players, int(s)).dealer for s in games["seed"]]
    won = games["winner"] >= 0
    order = (games["winner"] - dealer - 1) % players + 1
    table = _shares(list(range(1, players + 1)), order[won], len(games))
    table.insert(0, "order", range(1, players + 1))
    return table


def tournament(
    strategies: Sequence[str],
    rules: str,
    n_games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    challenge: str = "never",
) -> pd.DataFrame:
    """One seat per strategy (2 to 10 different ones), ``n_games`` rounds: the share of rounds
    each one wins, with its Wilson interval. Every bot answers a Wild Draw Four with the policy
    ``challenge``. The dealer is drawn at random, so no strategy keeps the best seat.

    Columns: ``strategy``, ``wins``, ``games``, ``share``, ``low``, ``high``, ``fair``.
    """
    names = list(strategies)
    if len(set(names)) != len(names) or not set(names) <= set(HEURISTICS):
        raise ValueError(f"give different strategies among {', '.join(HEURISTICS)}")
    if challenge not in CHALLENGE_POLICIES:
        raise ValueError(f"challenge must be one of {', '.join(CHALLENGE_POLICIES)}")
    bots = [make_strategy(name, challenge=challenge) for name in names]
    games = simulate(
        _check_count("n_games", n_games),
        players=len(bots),
        rules=single_round(rules),
        strategies=bots,
        seed=seed,
        workers=workers,
        progress=progress,
    )
    table = _shares(names, games["winner_strategy"], len(games))
    table.insert(0, "strategy", names)
    return table


# -- the questions -------------------------------------------------------------------------------
def parse_question(raw: object) -> str | None:
    """The question a link opens: ``?q=`` (``can-play``, ...; also an anchor of the page of
    before, ``seat``, with or without its ``#``, in any case), None when there is none (the
    contents). Anything else raises ``ValueError``, which the page words for the reader.

    >>> parse_question("Who-Wins"), parse_question("#tournament"), parse_question("")
    ('who-wins', 'who-wins', None)
    """
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw) > MAX_QUESTION_TEXT:
        raise ValueError("not a question of the lab")
    text = raw.strip().lstrip("#").strip().lower().replace("_", "-")
    if not text:
        return None
    if text not in ANCHORS:
        raise ValueError("not a question of the lab")
    return ANCHORS[text]


def overview(
    strength: pd.DataFrame, seed: int = 1, rounds: int = 2000, length_rounds: int = 200
) -> dict[str, dict[str, Any]]:
    """The numbers of the contents' one-line answers, one small table per question, for the
    lab's default settings (then each answer is a number its question shows): exact ones, two
    small seeded simulations (a quarter of a second: ``length_rounds`` rounds of four players,
    ``rounds`` of the tournament) and ``strength``, the strength measured beforehand
    (``uno.academy.lab_strength.strength_table()``, which imports this module).

    - ``can-play``: ``count`` cards, the ``top`` card, ``share`` of the hands that can play;
    - ``opening-hand``: ``count`` cards, ``share`` of the hands with no wild;
    - ``challenge``: ``count`` cards left, ``share`` (a bluff), ``challenge`` (the advice);
    - ``hand-worth``: ``count`` cards, ``points`` (the average, rounded);
    - ``game-length``: ``players``, ``count`` (the average moves of a round, rounded);
    - ``who-wins``: ``strategy`` (the best of a tournament of every heuristic), its ``share``;
    - ``strength``: ``share``, the expert's lowest heads-up share against a heuristic.
    """
    hand, left = odds.HAND, 5
    advice = odds.challenge_advice(left, "R", ["WD4"])
    worth = hand_worth(hand)
    length = game_length([4], ["official"], length_rounds, seed)
    ranking = tournament(list(HEURISTICS), "official", rounds, seed)
    best = ranking.loc[ranking["share"].idxmax()]
    heads_up = strength[strength["seats"] == 2]["share"]
    return {
        "can-play": {"count": hand, "top": "R7", "share": float(odds.p_legal_play("R7", hand))},
        "opening-hand": {"count": hand, "share": float(odds.wild_count_distribution(hand)[0])},
        "challenge": {
            "count": left,
            "share": float(advice.p_guilty),
            "challenge": bool(advice.challenge),
        },
        "hand-worth": {"count": hand, "points": round(worth_summary(worth)[0])},
        "game-length": {"players": 4, "count": round(float(length["mean_turns"].iloc[0]))},
        "who-wins": {"strategy": str(best["strategy"]), "share": float(best["share"])},
        "strength": {"share": float(heads_up.min()) if len(heads_up) else 0.0},
    }


# -- the simulation board -----------------------------------------------------------------------
def question(name: str, **kwargs: Any) -> Hashable:
    """The board's key for ``<name>(**kwargs)``: the same question gives the same key."""
    if name not in SIMULATIONS:
        raise ValueError(f"{name!r} is not a simulation (known: {', '.join(SIMULATIONS)})")
    return (name, tuple(sorted(kwargs.items())))


def ask(
    board: JobBoard,
    name: str,
    *,
    workers: int = WORKERS,
    owner: Hashable | None = None,
    **kwargs: Any,
) -> Job | None:
    """The board's job answering ``<name>(**kwargs)`` (one of ``SIMULATIONS``): finished if
    someone asked before, else running or waiting, with its progress. None when the board is
    busy, or when ``owner`` (a session) already waits for its fair share of simulations. A job
    dropped just as it was asked again (nobody had looked at it for a while) is asked once
    more. Each call also tells the board that a reader still follows the job."""
    key = question(name, **kwargs)

    def work(progress: Progress) -> pd.DataFrame:
        table: pd.DataFrame = globals()[name](**kwargs, workers=workers, progress=progress)
        return table

    job = board.submit(key, work, owner)
    if job is not None and job.finished and job.state == ABANDONED:
        job = board.submit(key, work, owner)
    return job


# -- formulas and snippets -----------------------------------------------------------------------
#: Display formulas (LaTeX, no words: the words are in content/<lang>/lab.toml).
FORMULAS: Final[dict[str, str]] = {
    "can_play": r"P(X \ge 1) = 1 - P(X = 0) = 1 - \frac{\binom{N-K}{h}}{\binom{N}{h}}",
    "opening_hand": r"P(X = k) = \frac{\binom{K}{k}\binom{N-K}{h-k}}{\binom{N}{h}}",
    "challenge": r"(1 - p)\,(d + 2) < d \quad\Longleftrightarrow\quad p > \frac{2}{d + 2}",
    "hand_worth": r"P(S = s) = \frac{1}{\binom{N}{n}} \sum_{\sum k_v = n,\ \sum v\,k_v = s}"
    r" \ \prod_v \binom{N_v}{k_v}",
    "game_length": r"\bar{x} \pm 1.96\,\frac{s}{\sqrt{n}}",
    "wilson": (
        r"\frac{\hat{p} + \frac{z^2}{2n} \pm z\sqrt{\frac{\hat{p}(1-\hat{p})}{n}"
        r" + \frac{z^2}{4n^2}}}{1 + \frac{z^2}{n}},\quad z = 1.96"
    ),
}

#: The snippet templates by chart (``$name`` placeholders) and their default values.
SNIPPETS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "can_play": (
        """\
import pandas as pd
from uno import odds

top, color = $top, $color
table = pd.DataFrame({"hand_size": range(1, $max_hand + 1)})
table["p_play"] = [odds.p_legal_play(top, h, color) for h in table["hand_size"]]
print(table.round(3).to_string(index=False))
""",
        {"top": "R7", "color": None, "max_hand": MAX_HAND},
    ),
    "deal_hands": (
        """\
import random

import pandas as pd
from uno import Card, Color, matches, odds

top, color, hand_size, n = Card($top), Color[$color], $hand_size, $n
deck = sorted(odds.unseen_cards(top).elements())
rng = random.Random($seed)
dealt = [rng.sample(deck, hand_size) for _ in range(n)]
playable = [any(matches(card, top, color) for card in hand) for hand in dealt]
hands = pd.DataFrame({"hand": range(1, n + 1), "playable": playable})
hands["frequency"] = hands["playable"].cumsum() / hands["hand"]
print(hands["frequency"].iloc[-1], odds.p_legal_play(top, hand_size, color))
""",
        {"top": "R7", "color": "R", "hand_size": 7, "n": 100, "seed": 1},
    ),
    "opening_hand": (
        """\
import pandas as pd
from uno import odds

hand_size = $hand_size
parts = {
    "wilds": odds.wild_count_distribution(hand_size),
    "actions": odds.action_count_distribution(hand_size),
    "colors": odds.color_count_distribution(hand_size),
}
rows = [(name, k, p) for name, dist in parts.items() for k, p in dist.items()]
table = pd.DataFrame(rows, columns=["measure", "count", "probability"])
print(table.round(4).to_string(index=False))
""",
        {"hand_size": 7},
    ),
    "challenge": (
        """\
import pandas as pd
from uno import odds

color, known, pending = $color, $known, $pending
sizes = range(1, $max_hand + 1)
table = pd.DataFrame([odds.challenge_advice(h, color, known, pending) for h in sizes])
table.insert(0, "hand_size", list(sizes))
table["threshold"] = 2 / (pending + 2)
print(table.round(3).to_string(index=False))
""",
        {"color": "R", "known": ["WD4"], "pending": 4, "max_hand": MAX_HAND},
    ),
    "hand_worth": (
        """\
import pandas as pd
from uno import odds

dist = odds.hand_points_distribution($n)
table = pd.DataFrame({"points": list(dist), "probability": list(dist.values())})
print("average:", (table["points"] * table["probability"]).sum())
print(table.nlargest(5, "probability").round(4).to_string(index=False))
""",
        {"n": 7},
    ),
    "game_length": (
        """\
import pandas as pd
import uno

rows = []
for preset in $presets:
    for players in $players:
        rules = {"preset": preset, "target_score": None}
        games = uno.simulate($n, players=players, rules=rules, seed=$seed)
        mean, half = games["turns"].mean(), 1.96 * games["turns"].sem()
        rows.append((preset, players, mean, mean - half, mean + half))
table = pd.DataFrame(rows, columns=["rules", "players", "mean_turns", "low", "high"])
print(table.round(1).to_string(index=False))
""",
        {"presets": ["official"], "players": [2, 3, 4, 5, 6], "n": 400, "seed": 1},
    ),
    "seat_advantage": (
        """\
import pandas as pd
import uno
from uno.academy.lab import wilson_interval

players, rules = $players, {"preset": $rules, "target_score": None}
games = uno.simulate($n, players=players, rules=rules, seed=$seed)
dealer = [uno.choose_dealer(players, int(s)).dealer for s in games["seed"]]
order = (games["winner"] - dealer - 1) % players + 1
wins = order[games["winner"] >= 0].value_counts().reindex(range(1, players + 1), fill_value=0)
seats = pd.DataFrame({"order": wins.index, "wins": wins.values})
seats["share"] = seats["wins"] / len(games)
seats[["low", "high"]] = [wilson_interval(w, len(games)) for w in seats["wins"]]
print(seats.round(3).to_string(index=False))
""",
        {"players": 4, "rules": "official", "n": 2000, "seed": 1},
    ),
    "tournament": (
        """\
import pandas as pd
import uno
from uno.academy.lab import wilson_interval

names = $strategies
bots = [uno.make_strategy(name, challenge=$challenge) for name in names]
rules = {"preset": $rules, "target_score": None}
games = uno.simulate($n, players=len(bots), rules=rules, strategies=bots, seed=$seed)
wins = games["winner_strategy"].value_counts().reindex(names, fill_value=0)
ranking = pd.DataFrame({"strategy": names, "wins": wins.values})
ranking["share"] = ranking["wins"] / len(games)
ranking[["low", "high"]] = [wilson_interval(w, len(games)) for w in ranking["wins"]]
print(ranking.round(3).to_string(index=False))
""",
        {
            "strategies": list(HEURISTICS),
            "challenge": "never",
            "rules": "official",
            "n": 2000,
            "seed": 1,
        },
    ),
}


#: The table each snippet leaves, by snippet: ``table`` unless a notebook runs it beside another.
SNIPPET_TABLES: Final[dict[str, str]] = {
    **{name: "table" for name in SNIPPETS},
    "deal_hands": "hands",
    "seat_advantage": "seats",
    "tournament": "ranking",
}


def _py(value: Any) -> str:
    """A value written as Python source (double-quoted strings, like the rest of the code)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, Card | Color):
        return json.dumps(str(value))
    if isinstance(value, str | int | float):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_py(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as Python")


def snippet(name: str, **values: Any) -> str:
    """The runnable snippet of chart ``name`` with ``values`` (the others at their defaults)."""
    template, defaults = SNIPPETS[name]
    unknown = values.keys() - defaults.keys()
    if unknown:
        raise KeyError(f"{name}: no placeholder {sorted(unknown)}")
    filled = {**defaults, **values}
    return Template(template).substitute({k: _py(v) for k, v in filled.items()})
