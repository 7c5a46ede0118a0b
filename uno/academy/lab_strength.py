"""The lab's "How strong are the computer players?": the ``expert`` against each heuristic.

A searching player takes a tenth of a second or more per decision, so 2,000 rounds per pairing
take minutes of two cores: too long for a click. The lab shows a run measured beforehand by
``benchmarks/strength.py --json`` (single rounds, official rules, the expert at every seat in
turn), kept in ``strength.json`` beside this module, with each share's 95% Wilson interval and
its sample size. Pure: no Streamlit.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

import pandas as pd

from uno.academy.lab import wilson_interval
from uno.bots import HEURISTICS

__all__ = ["COMMAND", "RESULTS", "decision_times", "snippet", "strength_table"]

#: The measured run the lab shows.
RESULTS: Final = Path(__file__).with_name("strength.json")
#: The command that measured it (and measures it again).
COMMAND: Final = (
    "python benchmarks/strength.py --rounds 2000 --workers 2 --seats 2 4 --json strength.json"
)


@cache
def _results() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    return data


def strength_table() -> pd.DataFrame:
    """One row per pairing measured: ``opponent`` (a heuristic), ``seats`` (2: heads-up; 4: the
    expert and three copies of the opponent), ``wins`` and ``rounds`` (the expert's round wins
    of the rounds played), ``share``, its 95% interval ``low`` .. ``high``, and ``fair`` (the
    even share, 1 / seats). Opponents in the order of ``uno.bots.HEURISTICS``."""
    rows = []
    for row in _results()["pairings"]:
        wins, rounds, seats = int(row["wins"]), int(row["rounds"]), int(row["seats"])
        low, high = wilson_interval(wins, rounds)
        rows.append(
            {
                "opponent": str(row["opponent"]),
                "seats": seats,
                "wins": wins,
                "rounds": rounds,
                "share": wins / rounds,
                "low": low,
                "high": high,
                "fair": 1 / seats,
            }
        )
    table = pd.DataFrame(rows)
    order = {name: i for i, name in enumerate(HEURISTICS)}
    table["rank"] = table["opponent"].map(order)
    table = table.sort_values(["seats", "rank"], kind="stable").drop(columns="rank")
    return table.reset_index(drop=True)


def decision_times() -> dict[int, tuple[float, float, int]]:
    """Seconds per decision measured on one core at the default budget, by table size:
    (median, 95th percentile, decisions timed)."""
    out: dict[int, tuple[float, float, int]] = {}
    for row in _results().get("decisions", []):
        out[int(row["seats"])] = (float(row["median"]), float(row["p95"]), int(row["count"]))
    return out


def snippet() -> str:
    """The Python under the chart: the shares and their intervals from the measured wins (a
    comment shows how one pairing is played: minutes, not a notebook cell's seconds)."""
    rows = ",\n".join(
        f"    ({row.opponent!r}, {row.seats}, {row.wins}, {row.rounds})"
        for row in strength_table().itertuples()
    )
    return f"""import pandas as pd
from uno.academy.lab import wilson_interval

# The expert's round wins, measured by benchmarks/strength.py. One pairing is played so
# (the expert at seat 0 here; the benchmark seats it at every place in turn):
#   uno.simulate(2000, 2, {{"preset": "official", "target_score": None}},
#                [uno.make_strategy("expert"), "greedy"], seed=100)
measured = [
{rows},
]
table = pd.DataFrame(measured, columns=["opponent", "seats", "wins", "rounds"])
table["share"] = table["wins"] / table["rounds"]
table[["low", "high"]] = [wilson_interval(w, n) for w, n in zip(table["wins"], table["rounds"])]
print(table.round(3).to_string(index=False))
"""
