"""Many games at once: ``simulate(n_games, ...)`` -> a pandas DataFrame, one row per game;
``simulate_rows`` gives the same rows as plain tuples, without pandas.

Games run on the engine's working Table with the very rule code of ``apply`` (no copies of the
state, no events), driven by the strategies of ``uno.bots``. ``play_game_slow`` plays the same
game through the public ``apply`` / ``next_round``; a test checks that both agree.

Determinism: game ``i`` of a call is seeded from ``(seed, i)`` only, so the frame is the same
whatever ``workers`` is. Workers are processes; each returns only rows, so memory stays flat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, Final, cast

from uno.bots import Strategy, bot_action, make_strategies
from uno.cards import FULL_DECK, Card
from uno.engine import Table, apply, seeded
from uno.rules import RuleSet, as_ruleset, game_winners
from uno.setup import deal_table, default_names, first_deal, new_game, next_round
from uno.state import GameState, Phase
from uno.strategy import play_round

if TYPE_CHECKING:  # pandas is imported by ``simulate`` only: ``import uno`` stays light
    import pandas as pd

__all__ = [
    "COLUMNS",
    "game_seed",
    "play_game",
    "play_game_slow",
    "simulate",
    "simulate_rows",
]

#: The columns of ``simulate``'s frame.
COLUMNS: Final = (
    "game",  # index of the game in this call
    "seed",  # the game's own seed: uno.new_game(players, rules, seed) deals the same first round
    "players",
    "rules",  # the preset the rules start from
    "winner",  # the seat that won the game (the first of them on a shared win); -1: unfinished
    "winner_strategy",
    "rounds",
    "turns",  # decisions made by the player whose turn it was
    "cards_drawn",
    "points",  # the winner's final score
    "longest_penalty",  # the most cards drawn at once for a Draw Two / Wild Draw Four / stack
    "challenges",
    "challenges_won",  # challenges that found the Wild Draw Four player guilty
    "uno_catches",
)
#: A round longer than this is recorded as unfinished (winner -1): a guard against the rare
#: endless round (every card in some hand, players passing cards round; R-DRAW-4).
MAX_ACTIONS_PER_ROUND: Final = 20_000
_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_MASK: Final = (1 << 63) - 1
#: The deck the fast path deals: the 108 cards as plain ints. A ``Card`` is an ``int`` that
#: changes no arithmetic, comparison or hash, so every rule plays the very same game; but
#: CPython's fast paths for indexing tables and comparing numbers take exact ints only. The
#: cards never leave ``play_game`` (no state is frozen from its tables).
_PLAIN_DECK: Final = cast(tuple[Card, ...], tuple(int(card) for card in FULL_DECK))


_TEXT_COLUMNS: Final = frozenset({"rules", "winner_strategy"})


def frame_of(rows: Sequence[tuple[Any, ...]]) -> pd.DataFrame:
    """The frame of ``rows`` (``COLUMNS``), built column by column from typed arrays: the same
    frame as ``pd.DataFrame.from_records(rows, columns=COLUMNS)``, in half the time."""
    pandas = _pandas()
    import numpy as np  # pandas's own dependency

    columns = list(zip(*rows, strict=True)) if rows else [()] * len(COLUMNS)
    frame: pd.DataFrame = pandas.DataFrame(
        {
            name: np.array(values, dtype=object if name in _TEXT_COLUMNS else np.int64)
            for name, values in zip(COLUMNS, columns, strict=True)
        }
    )
    return frame


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed`` (splitmix64-style)."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & _MASK


def _row(
    index: int,
    seed: int,
    rules: RuleSet,
    strategies: Sequence[Strategy],
    scores: Sequence[int],
    winners: Sequence[int],
    counters: list[int],
) -> tuple[Any, ...]:
    winner = winners[0] if winners else -1
    rounds, turns, drawn, longest, challenges, won, catches = counters
    return (
        index,
        seed,
        len(scores),
        rules.preset,
        winner,
        strategies[winner].name if winner >= 0 else "",
        rounds,
        turns,
        drawn,
        scores[winner] if winner >= 0 else 0,
        longest,
        challenges,
        won,
        catches,
    )


def _winners(t: Table) -> tuple[int, ...]:
    """The game's winners once ``end_round`` has scored the last round (its winner holds the
    turn then)."""
    return game_winners(t.scores, t.turn, target=t.rules.target_score, scoring=t.rules.scoring)


def play_game(
    players: int, rules: RuleSet, strategies: Sequence[Strategy], seed: int, index: int = 0
) -> tuple[Any, ...]:
    """One whole game (rounds until ``game_over``) on the fast path; returns a row."""
    rng = seeded(seed)  # random.Random(seed), made faster
    names = default_names(players)
    t = first_deal(names, rules, seed, record=False, cards=_PLAIN_DECK)
    dealer = t.dealer
    counters = [0, 0, 0, 0, 0, 0, 0]  # rounds, turns, drawn, longest, challenges, won, catches
    # decide, then carry it out (Strategy.move); the round's log kept for strategies that read
    # it (uno.expert), else play_round makes the commonest moves inline.
    moves: list[Callable[[Table, random.Random], bool]] | None = None
    log: list[Any] = []
    if any(bot.watches for bot in strategies):
        from uno.expert import watched_moves

        moves = watched_moves(strategies, log)
    while True:
        actions, reactions = play_round(t, strategies, rng, MAX_ACTIONS_PER_ROUND, moves)
        if t.phase is not _ROUND_OVER and t.phase is not _GAME_OVER:
            # No rule ends a round where every card sits in some hand and the players keep
            # passing cards round (R-DRAW-4: play goes on). Record the game as unfinished
            # (winner -1) rather than loop for ever.
            counters[1] += actions - reactions
            counters[0] += 1
            return _row(index, seed, rules, strategies, t.scores, (), counters)
        turns = actions - reactions  # decisions of the player whose turn it was
        counters[1] += turns
        counters[0] += 1
        counters[2] += t.n_drawn
        counters[3] = max(counters[3], t.max_penalty)
        counters[4] += t.n_challenges
        counters[5] += t.n_challenges_won
        counters[6] += t.n_catches
        if t.phase is Phase.GAME_OVER:
            return _row(index, seed, rules, strategies, t.scores, _winners(t), counters)
        dealer = (dealer + 1) % players
        log.clear()
        t = deal_table(
            names,
            rules,
            dealer=dealer,
            seed=seed,
            shuffles=t.shuffles,
            scores=t.scores,
            cards=_PLAIN_DECK,
            record=False,
        )


def play_game_slow(
    players: int, rules: RuleSet, strategies: Sequence[Strategy], seed: int
) -> GameState:
    """The same game as ``play_game``, through the public API; returns the final state."""
    rng = random.Random(seed)
    state = new_game(players, rules, seed)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        state, _ = apply(state, bot_action(state, strategies, rng))
    return state


def _run_chunk(
    start: int,
    stop: int,
    players: int,
    rules: RuleSet,
    strategies: tuple[Strategy, ...],
    seed: int,
) -> list[tuple[Any, ...]]:
    return [
        play_game(players, rules, strategies, game_seed(seed, i), i) for i in range(start, stop)
    ]


def _pandas() -> Any:
    """pandas, imported on first use: the engine itself needs no third-party package."""
    try:
        import pandas
    except ImportError:
        raise ImportError(
            "uno.simulate returns a pandas DataFrame: install pandas "
            "(pip install pandas, or pip install 'uno-academy[app]')"
        ) from None
    return pandas


def simulate(
    n_games: int,
    players: int = 4,
    rules: RuleSet | str | Mapping[str, Any] | None = None,
    strategies: str | Strategy | Sequence[str | Strategy] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` whole games and return one row per game (see ``COLUMNS``).

    ``rules``: what ``new_game`` takes, e.g. ``{"preset": "official", "target_score": None}``
    for single rounds. ``strategies``: one name or Strategy for every seat, or one per seat.
    ``progress(done, total)`` is called as games finish; an exception it raises stops the
    simulation (games not started are not played) and comes out of ``simulate``. Bad arguments
    raise ValueError before any game is played.

    >>> import uno
    >>> frame = uno.simulate(3, players=2, rules="single_round", seed=1)
    >>> len(frame), list(frame.columns[:5])
    (3, ['game', 'seed', 'players', 'rules', 'winner'])
    >>> sorted(set(frame["rounds"]))  # single_round: one round, winner takes all
    [1]
    >>> frame.equals(uno.simulate(3, players=2, rules="single_round", seed=1, workers=2))
    True
    """
    ruleset, bots = _checked(n_games, players, rules, strategies, seed, workers)
    _pandas()  # before any game is played: a missing pandas fails at once
    return frame_of(_played(n_games, players, ruleset, bots, seed, workers, progress))


def simulate_rows(
    n_games: int,
    players: int = 4,
    rules: RuleSet | str | Mapping[str, Any] | None = None,
    strategies: str | Strategy | Sequence[str | Strategy] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[tuple[Any, ...]]:
    """The rows of ``simulate``'s frame, one tuple of plain ints and strings per game in
    ``COLUMNS``' order, game 0 first: the same games, arguments and errors as ``simulate``,
    and no third-party package (the command line writes them as CSV without pandas).

    >>> from uno.simulation import COLUMNS, simulate_rows
    >>> rows = simulate_rows(3, players=2, rules="single_round", seed=1)
    >>> [dict(zip(COLUMNS, row))["game"] for row in rows], {len(row) for row in rows}
    ([0, 1, 2], {14})
    >>> {dict(zip(COLUMNS, row))["rounds"] for row in rows}  # single_round: one round
    {1}
    """
    ruleset, bots = _checked(n_games, players, rules, strategies, seed, workers)
    return _played(n_games, players, ruleset, bots, seed, workers, progress)


def _checked(
    n_games: int,
    players: int,
    rules: RuleSet | str | Mapping[str, Any] | None,
    strategies: str | Strategy | Sequence[str | Strategy] | None,
    seed: int,
    workers: int,
) -> tuple[RuleSet, tuple[Strategy, ...]]:
    """The arguments of ``simulate`` checked (ValueError before any game is played): the rules
    and one strategy per seat."""
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ValueError(f"n_games must be a whole number, 1 or more, not {n_games!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ValueError(f"players must be from 2 to 10 (R-SETUP-1), not {players!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number, 1 or more, not {workers!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return as_ruleset(rules), make_strategies(strategies, players)


def _played(
    n_games: int,
    players: int,
    ruleset: RuleSet,
    bots: tuple[Strategy, ...],
    seed: int,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> list[tuple[Any, ...]]:
    """The rows of ``n_games`` games, in order, on ``workers`` processes."""
    rows: list[tuple[Any, ...]] = []
    if workers == 1 or n_games < 2 * workers:
        step = max(1, min(250, n_games // 100 or 1))
        for start in range(0, n_games, step):
            stop = min(n_games, start + step)
            rows.extend(_run_chunk(start, stop, players, ruleset, bots, seed))
            if progress is not None:
                progress(stop, n_games)
    else:
        size = max(1, min(1000, n_games // (workers * 8) or 1))
        chunks = [(a, min(n_games, a + size)) for a in range(0, n_games, size)]
        results: dict[int, list[tuple[Any, ...]]] = {}
        done = 0
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(_run_chunk, a, b, players, ruleset, bots, seed): a for a, b in chunks
            }
            try:
                for future in as_completed(futures):
                    chunk_rows = future.result()
                    results[futures[future]] = chunk_rows
                    done += len(chunk_rows)
                    if progress is not None:
                        progress(done, n_games)
            except BaseException:
                # progress may raise to stop the work (the reader left): the chunks not yet
                # started are dropped, so leaving the pool waits only for the running ones.
                for future in futures:
                    future.cancel()
                raise
        for a, _ in chunks:
            rows.extend(results[a])
    return rows
