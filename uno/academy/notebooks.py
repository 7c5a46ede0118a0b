"""Each question of the probability lab as a Jupyter notebook, in the reader's language.

``notebook(question, lang, **settings)`` returns a notebook (nbformat 4.5, a plain dict that
``json.dump`` writes and ``nbformat.from_dict`` reads) that takes a question of the lab further,
in the tool a class uses: markdown cells with the question, what its chart shows, how it is
computed (the formula) and what to try next; code cells that ``import uno``, recompute the
numbers with the reader's settings and draw the chart with Plotly. The numbers come from the
snippets the page shows under each chart (``uno.academy.lab.snippet``: the engine's public
functions, ``uno.odds``, ``uno.simulate``...), which give the very numbers of the lab's tables
(tests/test_notebooks.py runs every notebook and compares). Every word is the page's
(content/<lang>/lab.toml); numbers in the charts are written the reader's way. Nothing here
needs Streamlit, nor nbformat: ``pip install 'uno-academy[notebook]'`` brings Jupyter's parts
to run one.

>>> book = notebook("hand-worth", "fr", n=3)
>>> book["nbformat"], book["metadata"]["uno_academy"]["settings"]
(4, {'n': 3})
>>> [cell["cell_type"] for cell in book["cells"]][:3]
['markdown', 'code', 'markdown']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from string import Template
from typing import Any, Final

from uno.academy import lab, lab_strength
from uno.academy.i18n import LANGS, card_label, number, percent, t
from uno.bots import CHALLENGE_POLICIES, HEURISTICS
from uno.cards import parse_card, parse_color
from uno.errors import NotationError

__all__ = ["DEFAULTS", "MIME", "dumps", "file_name", "notebook", "settings"]

#: The type of a notebook file, for a download.
MIME: Final = "application/x-ipynb+json"
#: Each question's settings (the names of its snippets' values) and their defaults: the lab's.
DEFAULTS: Final[dict[str, dict[str, Any]]] = {
    "can-play": {"top": "R7", "color": None, "hand_size": 7, "deals": 0, "seed": 1},
    "opening-hand": {"hand_size": 7},
    "challenge": {"hand_size": 5, "color": "R", "known": ["WD4"], "pending": 4},
    "hand-worth": {"n": 7},
    "game-length": {
        "players": [2, 3, 4, 5, 6],
        "presets": ["official", "house"],
        "n": 200,
        "seed": 1,
    },
    "who-wins": {
        "players": 4,
        "rules": "official",
        "n": 2000,
        "strategies": list(HEURISTICS),
        "challenge": "never",
        "seed": 1,
    },
    "strength": {},
}
_SEED_MAX: Final = 2**31 - 1
_GAMES_MAX: Final = 20_000

# -- the code cells: the first one, then one chart per table -------------------------------------
_SETUP: Final = """\
import plotly.graph_objects as go

import uno

SEPARATORS, PERCENT = $separators, $percent


def percent(share):
    return f"{100 * share:.1f}".replace(".", SEPARATORS[0]) + PERCENT


def interval(table, column, scale=100):
    return {
        "type": "data",
        "symmetric": False,
        "array": scale * (table["high"] - table[column]),
        "arrayminus": scale * (table[column] - table["low"]),
    }


def layout(fig, x_title, y_title):
    legend = {"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0}
    fig.update_layout(xaxis_title=x_title, yaxis_title=y_title, separators=SEPARATORS)
    fig.update_layout(legend=legend, margin={"t": 70})
    return fig
"""
_CHARTS: Final[dict[str, str]] = {
    "can_play": """\
fig = go.Figure()
fig.add_scatter(
    x=table["hand_size"], y=100 * table["p_play"], mode="lines+markers", name=$exact
)
layout(fig, $x_title, $y_title)
fig.update_yaxes(ticksuffix=PERCENT, range=[0, 105])
""",
    "deal_hands": """\
fig.add_scatter(
    x=[hand_size],
    y=[100 * hands["frequency"].iloc[-1]],
    mode="markers",
    name=$dealt,
    marker={"symbol": "diamond", "size": 14},
)
""",
    "opening_hand": """\
from plotly.subplots import make_subplots

fig = make_subplots(rows=1, cols=3, shared_yaxes=True, subplot_titles=$titles)
for col, (measure, x_title) in enumerate(zip($measures, $x_titles), 1):
    part = table[table["measure"] == measure]
    fig.add_bar(x=part["count"], y=100 * part["probability"], showlegend=False, row=1, col=col)
    fig.update_xaxes(title_text=x_title, dtick=1, row=1, col=col)
fig.update_layout(yaxis_title=$y_title, separators=SEPARATORS)
fig.update_yaxes(ticksuffix=PERCENT)
""",
    "challenge": """\
fig = go.Figure()
fig.add_scatter(
    x=table["hand_size"], y=100 * table["p_guilty"], mode="lines+markers", name=$curve
)
fig.add_scatter(
    x=table["hand_size"],
    y=100 * table["threshold"],
    mode="lines",
    name=$threshold,
    line={"dash": "dash"},
)
now = table[table["hand_size"] == $hand]
fig.add_scatter(
    x=now["hand_size"],
    y=100 * now["p_guilty"],
    mode="markers",
    name=$chosen,
    marker={"symbol": "diamond", "size": 15},
)
layout(fig, $x_title, $y_title)
fig.update_yaxes(ticksuffix=PERCENT, range=[0, 105])
""",
    "hand_worth": """\
mean = (table["points"] * table["probability"]).sum()
fig = go.Figure()
fig.add_bar(x=table["points"], y=100 * table["probability"], showlegend=False)
fig.add_vline(
    x=mean,
    line={"dash": "dash"},
    showlegend=True,
    name=$mean_line.format(points=f"{mean:.1f}".replace(".", SEPARATORS[0])),
)
layout(fig, $x_title, $y_title)
fig.update_yaxes(ticksuffix=PERCENT)
""",
    "game_length": """\
fig = go.Figure()
for preset, name in zip($presets, $names):
    part = table[table["rules"] == preset]
    fig.add_scatter(
        x=part["players"],
        y=part["mean_turns"],
        mode="lines+markers",
        name=name,
        error_y=interval(part, "mean_turns", scale=1),
    )
layout(fig, $x_title, $y_title)
fig.update_xaxes(dtick=1)
fig.update_yaxes(rangemode="tozero")
""",
    "seat_advantage": """\
labels = [str(order) for order in seats["order"]]
labels[-1] = $dealer.format(order=labels[-1])
fig = go.Figure()
fig.add_bar(
    x=labels, y=100 * seats["share"], error_y=interval(seats, "share"), showlegend=False
)
fig.add_hline(
    y=100 / players,
    line={"dash": "dash"},
    showlegend=True,
    name=$fair.format(share=percent(1 / players)),
)
layout(fig, $x_title, $y_title)
fig.update_xaxes(type="category")
fig.update_yaxes(ticksuffix=PERCENT, rangemode="tozero")
""",
    "tournament": """\
strategy_names = $strategy_names
fig = go.Figure()
fig.add_bar(
    x=[strategy_names[name] for name in ranking["strategy"]],
    y=100 * ranking["share"],
    error_y=interval(ranking, "share"),
    showlegend=False,
)
fig.add_hline(
    y=100 / len(ranking),
    line={"dash": "dash"},
    showlegend=True,
    name=$fair.format(share=percent(1 / len(ranking))),
)
layout(fig, $x_title, $y_title)
fig.update_xaxes(type="category")
fig.update_yaxes(ticksuffix=PERCENT, rangemode="tozero")
""",
    "strength": """\
opponents = $opponents
fig = go.Figure()
for seats, name in $series:
    rows = table[table["seats"] == seats]
    fig.add_bar(
        x=[opponents[o] for o in rows["opponent"]],
        y=100 * rows["share"],
        name=name,
        error_y=interval(rows, "share"),
    )
for seats, name in $fair:
    fig.add_hline(y=100 / seats, line={"dash": "dash"}, showlegend=True, name=name)
layout(fig, $x_title, $y_title)
fig.update_layout(barmode="group")
fig.update_yaxes(ticksuffix=PERCENT, rangemode="tozero")
""",
}


# -- the settings -------------------------------------------------------------------------------
def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _among(name: str, value: object, options: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name} must be one of {', '.join(options)}, not {value!r}")
    return value


def _code(name: str, value: object, parse: Any) -> str:
    try:
        return str(parse(value))
    except (NotationError, TypeError, ValueError) as error:
        raise ValueError(f"{name}: {error}") from None


def _codes(name: str, value: object, options: Sequence[str], least: int) -> list[str]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ValueError(f"{name} must be a list, not {value!r}")
    items = [_among(name, item, options) for item in value]
    if len(items) < least or len(set(items)) != len(items):
        raise ValueError(f"{name}: give {least} or more different ones among {options}")
    return items


def settings(question: str, **given: Any) -> dict[str, Any]:
    """The settings of ``question`` (one of ``lab.QUESTIONS``): its defaults with ``given``
    over them, checked as the lab's widgets bound them. An unknown question or setting, or a
    value the lab cannot take (a card that is no card, a wild without its colour, cards seen
    that cannot all have been seen), raises ``ValueError``."""
    if question not in DEFAULTS:
        raise ValueError(f"unknown question {question!r} (known: {', '.join(lab.QUESTIONS)})")
    unknown = sorted(given.keys() - DEFAULTS[question].keys())
    if unknown:
        raise ValueError(f"{question} has no setting {', '.join(unknown)}")
    values = {**DEFAULTS[question], **given}
    if "seed" in values:
        values["seed"] = _whole("seed", values["seed"], 0, _SEED_MAX)
    if question == "can-play":
        values["top"] = _code("top", values["top"], parse_card)
        wild = parse_card(values["top"]).is_wild
        if wild and values["color"] is None:
            raise ValueError("a wild is on top: give the colour that was named")
        values["color"] = _code("color", values["color"], parse_color) if wild else None
        values["hand_size"] = _whole("hand_size", values["hand_size"], 1, lab.MAX_HAND)
        values["deals"] = _whole("deals", values["deals"], 0, lab.MAX_DEALT)
    elif question in ("opening-hand", "hand-worth"):
        name = "hand_size" if question == "opening-hand" else "n"
        values[name] = _whole(name, values[name], 1, lab.MAX_HAND)
    elif question == "challenge":
        values["hand_size"] = _whole("hand_size", values["hand_size"], 1, 20)
        values["color"] = _code("color", values["color"], parse_color)
        if isinstance(values["known"], str) or not isinstance(values["known"], list | tuple):
            raise ValueError(f"known must be a list of card codes, not {values['known']!r}")
        values["known"] = [_code("known", code, parse_card) for code in values["known"]]
        values["pending"] = _whole("pending", values["pending"], 2, 40)
        lab.challenge_table(values["hand_size"], values["color"], values["known"])
    elif question == "game-length":
        players = values["players"]
        if isinstance(players, str) or not isinstance(players, list | tuple) or not players:
            raise ValueError(f"players must be a list of numbers of players, not {players!r}")
        values["players"] = [_whole("players", count, 2, 10) for count in players]
        values["presets"] = _codes("presets", values["presets"], lab.RULE_PRESETS, 1)
        values["n"] = _whole("n", values["n"], 2, _GAMES_MAX)
    elif question == "who-wins":
        values["players"] = _whole("players", values["players"], 2, 10)
        values["rules"] = _among("rules", values["rules"], lab.RULE_PRESETS)
        values["n"] = _whole("n", values["n"], 1, _GAMES_MAX)
        values["strategies"] = _codes("strategies", values["strategies"], list(HEURISTICS), 2)
        values["challenge"] = _among("challenge", values["challenge"], CHALLENGE_POLICIES)
    return values


# -- the cells ----------------------------------------------------------------------------------
def _literal(value: Any) -> str:
    """A value written as Python source, its text as the reader reads it (not escaped)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, str | int | float):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} as Python")


def _code_cell(source: str) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": source.rstrip("\n"),
    }


def _markdown(*parts: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {}, "source": "\n\n".join(parts)}


def _chart(name: str, **words: Any) -> str:
    """A chart's code with its words (and the values it shows) in place."""
    return Template(_CHARTS[name]).substitute({k: _literal(v) for k, v in words.items()})


def _chart_cells(
    lang: str, explain: str, chart: str, text_key: str, formula: str, note: str = ""
) -> list[dict[str, Any]]:
    """The end of every question's notebook: what the chart shows, the code that draws it, and
    how it is computed."""
    return [
        _markdown(f"## {t('lab.notebook.chart', lang)}", t(explain, lang)),
        _code_cell(chart + "fig.show()\n"),
        _formula(lang, text_key, formula, note),
    ]


def _formula(lang: str, text_key: str, formula: str, note: str = "") -> dict[str, Any]:
    """The "how is this computed?" cell: the formula in words, then in maths."""
    parts = [f"## {t('lab.how', lang)}", t(text_key, lang), f"$${lab.FORMULAS[formula]}$$"]
    return _markdown(*parts, *([note] if note else []))


def _can_play(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    top, named, deals = values["top"], values["color"], values["deals"]
    color = lab.color_to_match(top, named)
    curve = lab.snippet("can_play", top=top, color=named)
    chart = _chart(
        "can_play",
        exact=t("lab.can_play.exact", lang),
        x_title=t("lab.can_play.x", lang),
        y_title=t("lab.can_play.y", lang),
    )
    cells = [_code_cell(curve)]
    if deals:
        deal = lab.snippet(
            "deal_hands",
            top=top,
            color=color.name,
            hand_size=values["hand_size"],
            n=deals,
            seed=values["seed"],
        )
        cells += [_markdown(t("lab.can_play.code_deals", lang)), _code_cell(deal)]
        chart += _chart("deal_hands", dealt=t("lab.notebook.dealt", lang))
    good, unseen = lab.playable_count(top, color)
    note = t("lab.can_play.values", lang, unseen=unseen, playable=good)
    return [
        *cells,
        *_chart_cells(
            lang, "lab.can_play.explain", chart, "lab.can_play.formula", "can_play", note
        ),
    ]


def _opening(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    measures = list(lab.OPENING_MEASURES)
    chart = _chart(
        "opening_hand",
        measures=measures,
        titles=[t(f"lab.opening.title_{m}", lang) for m in measures],
        x_titles=[t(f"lab.opening.x_{m}", lang) for m in measures],
        y_title=t("lab.chance", lang),
    )
    return [
        _code_cell(lab.snippet("opening_hand", hand_size=values["hand_size"])),
        *_chart_cells(lang, "lab.opening.explain", chart, "lab.opening.formula", "opening_hand"),
    ]


def _challenge(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    hand, color, known, pending = (values[k] for k in ("hand_size", "color", "known", "pending"))
    sizes = lab.challenge_table(hand, color, known, pending)["hand_size"]
    code = lab.snippet(
        "challenge", color=color, known=known, pending=pending, max_hand=int(sizes.max())
    )
    chart = _chart(
        "challenge",
        hand=hand,
        curve=t("lab.challenge.curve", lang),
        threshold=t("lab.challenge.threshold", lang),
        chosen=t("lab.challenge.chosen", lang),
        x_title=t("lab.challenge.x", lang),
        y_title=t("lab.challenge.y", lang),
    )
    return [
        _code_cell(code),
        *_chart_cells(lang, "lab.challenge.explain", chart, "lab.challenge.formula", "challenge"),
    ]


def _worth(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    chart = _chart(
        "hand_worth",
        mean_line=t("lab.worth.mean_line", lang, points="{points}"),
        x_title=t("lab.worth.x", lang),
        y_title=t("lab.chance", lang),
    )
    return [
        _code_cell(lab.snippet("hand_worth", n=values["n"])),
        *_chart_cells(lang, "lab.worth.explain", chart, "lab.worth.formula", "hand_worth"),
    ]


def _length(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    presets = values["presets"]
    code = lab.snippet(
        "game_length",
        presets=presets,
        players=values["players"],
        n=values["n"],
        seed=values["seed"],
    )
    chart = _chart(
        "game_length",
        presets=presets,
        names=[t(f"lab.rules.{preset}", lang) for preset in presets],
        x_title=t("lab.length.x", lang),
        y_title=t("lab.length.y", lang),
    )
    return [
        _code_cell(code),
        *_chart_cells(lang, "lab.length.explain", chart, "lab.length.formula", "game_length"),
    ]


def _wins(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    rules, n, seed = values["rules"], values["n"], values["seed"]
    seat = lab.snippet("seat_advantage", players=values["players"], rules=rules, n=n, seed=seed)
    tour = lab.snippet(
        "tournament",
        strategies=values["strategies"],
        challenge=values["challenge"],
        rules=rules,
        n=n,
        seed=seed,
    )
    fair = t("lab.wins.fair", lang, share="{share}")
    y_title = t("lab.wins.y", lang)
    seat_chart = _chart(
        "seat_advantage",
        dealer=t("lab.wins.dealer", lang, order="{order}"),
        fair=fair,
        x_title=t("lab.wins.x_seat", lang),
        y_title=y_title,
    )
    tour_chart = _chart(
        "tournament",
        strategy_names={name: t(f"bot.{name}.name", lang) for name in values["strategies"]},
        fair=fair,
        x_title=t("lab.wins.x_tour", lang),
        y_title=y_title,
    )
    return [
        _markdown(f"## {t('lab.wins.seat_title', lang)}"),
        _code_cell(seat),
        _markdown(t("lab.wins.explain_seat", lang)),
        _code_cell(seat_chart + "fig.show()\n"),
        _formula(lang, "lab.wins.formula_seat", "wilson"),
        _markdown(f"## {t('lab.wins.tour_title', lang)}"),
        _code_cell(tour),
        _markdown(t("lab.wins.explain_tour", lang)),
        _code_cell(tour_chart + "fig.show()\n"),
        _formula(lang, "lab.wins.formula_tour", "wilson"),
    ]


def _strength(lang: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    chart = _chart(
        "strength",
        opponents={name: t(f"bot.{name}.name", lang) for name in HEURISTICS},
        series=[[2, t("lab.strength.heads_up", lang)], [4, t("lab.strength.four", lang)]],
        fair=[
            [2, t("lab.strength.fair_two", lang, share=percent(1 / 2, lang, 1))],
            [4, t("lab.strength.fair_four", lang, share=percent(1 / 4, lang, 1))],
        ],
        x_title=t("lab.strength.x", lang),
        y_title=t("lab.strength.y", lang),
    )
    return [
        _markdown(t("lab.strength.intro", lang), t("lab.strength.measured", lang)),
        _code_cell(lab_strength.snippet()),
        *_chart_cells(lang, "lab.strength.explain", chart, "lab.strength.formula", "wilson"),
    ]


_BUILDERS: Final = {
    "can-play": _can_play,
    "opening-hand": _opening,
    "challenge": _challenge,
    "hand-worth": _worth,
    "game-length": _length,
    "who-wins": _wins,
    "strength": _strength,
}


def notebook(question: str, lang: str, **given: Any) -> dict[str, Any]:
    """The notebook of ``question`` (one of ``lab.QUESTIONS``) in ``lang``, with the reader's
    ``settings`` (``DEFAULTS`` names them; the others at the lab's defaults). Bad settings raise
    ``ValueError`` (``settings``)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    values = settings(question, **given)
    words = lab.QUESTION_WORDS[question]
    sample = number(1000.5, lang, 1)  # "1,000.5", "1 000,5": the decimal mark, the thousands'
    setup = Template(_SETUP).substitute(
        separators=_literal(sample[-2] + sample[1]), percent=_literal(percent(0, lang)[1:])
    )
    intro = [f"# {t(f'lab.{words}.title', lang)}"]
    intro.append(t("lab.notebook.from", lang, app=t("app.title", lang)))
    if question == "can-play":
        intro.append(t("lab.notebook.top", lang, card=card_label(parse_card(values["top"]), lang)))
    if values:
        intro.append(t("lab.notebook.settings", lang))
    one_chart = question not in ("who-wins", "strength")
    cells = [
        _markdown(*intro, t("lab.notebook.run", lang)),
        _code_cell(setup),
        *([_markdown(f"## {t('lab.notebook.numbers', lang)}")] if one_chart else []),
        *_BUILDERS[question](lang, values),
        _markdown(f"## {t('lab.notebook.next', lang)}", t(f"lab.{words}.next", lang)),
    ]
    for i, cell in enumerate(cells, 1):
        cell["id"] = f"{question}-{i}"
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "uno_academy": {"question": question, "lang": lang, "settings": values},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def dumps(book: dict[str, Any]) -> str:
    """The notebook as the text of an ``.ipynb`` file (as Jupyter writes one)."""
    return json.dumps(book, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def file_name(question: str, lang: str) -> str:
    """The name of the notebook's file: ``uno-lab-can-play-fr.ipynb``."""
    return f"uno-lab-{question}-{lang}.ipynb"
