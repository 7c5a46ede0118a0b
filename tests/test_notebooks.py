"""Every question of the lab as a Jupyter notebook (``uno.academy.notebooks``): valid nbformat 4,
in the reader's language, and run with nbclient in a fresh kernel, small budgets, its numbers
are the app's for the same settings (``uno.academy.lab``'s tables, which the page draws:
tests/test_lab_page.py) and it draws every chart with Plotly."""

from __future__ import annotations

import base64
import json
from typing import Any

import numpy as np
import pytest

from uno import odds
from uno.academy import lab, notebooks
from uno.academy.i18n import LANGS, t
from uno.academy.lab_strength import strength_table

nbformat = pytest.importorskip("nbformat")  # the `notebook` extra, in `test` too
nbclient = pytest.importorskip("nbclient")

#: Small budgets, and settings other than the lab's defaults where a question has them.
SMALL: dict[str, dict[str, Any]] = {
    "can-play": {"top": "W", "color": "G", "hand_size": 5, "deals": 60, "seed": 3},
    "opening-hand": {"hand_size": 9},
    "challenge": {"hand_size": 3, "color": "B", "known": ["WD4", "B1"], "pending": 6},
    "hand-worth": {"n": 4},
    "game-length": {"players": [2, 4], "presets": ["official", "party"], "n": 12, "seed": 2},
    "who-wins": {
        "players": 3,
        "rules": "house",
        "n": 40,
        "strategies": ["first", "greedy", "random"],
        "challenge": "odds",
        "seed": 5,
    },
    "strength": {},
}
#: The tables each notebook leaves (``lab.SNIPPET_TABLES``), and its number of charts.
TABLES = {
    "can-play": ["table", "hands"],
    "opening-hand": ["table"],
    "challenge": ["table"],
    "hand-worth": ["table"],
    "game-length": ["table"],
    "who-wins": ["seats", "ranking"],
    "strength": ["table"],
}
CHARTS = {"who-wins": 2}
MARK = "UNO-TABLES "


def expected(question: str, s: dict[str, Any]) -> dict[str, tuple[str, list[float]]]:
    """What the app shows for these settings: by table, the column its chart draws."""
    if question == "can-play":
        color = lab.color_to_match(s["top"], s["color"]).name
        hands = lab.deal_hands(s["top"], color, s["hand_size"], s["deals"], s["seed"])
        curve = lab.can_play_curve(s["top"], s["color"])
        assert curve["p_play"].tolist() == [
            odds.p_legal_play(s["top"], h, s["color"]) for h in curve["hand_size"]
        ]
        return {
            "table": ("p_play", curve["p_play"].tolist()),
            "hands": ("frequency", hands["frequency"].tolist()),
        }
    if question == "opening-hand":
        table = lab.opening_hand_tables(s["hand_size"])
        return {"table": ("probability", table["probability"].tolist())}
    if question == "challenge":
        table = lab.challenge_table(s["hand_size"], s["color"], s["known"], s["pending"])
        return {"table": ("p_guilty", table["p_guilty"].tolist())}
    if question == "hand-worth":
        return {"table": ("probability", lab.hand_worth(s["n"])["probability"].tolist())}
    if question == "game-length":
        table = lab.game_length(s["players"], s["presets"], s["n"], s["seed"])
        return {"table": ("mean_turns", table["mean_turns"].tolist())}
    if question == "who-wins":
        seats = lab.seat_advantage(s["players"], s["rules"], s["n"], s["seed"])
        ranking = lab.tournament(
            s["strategies"], s["rules"], s["n"], s["seed"], challenge=s["challenge"]
        )
        return {
            "seats": ("share", seats["share"].tolist()),
            "ranking": ("share", ranking["share"].tolist()),
        }
    return {"table": ("share", strength_table()["share"].tolist())}


def ys(trace: dict[str, Any]) -> list[float]:
    """A trace's ``y`` as numbers (Plotly writes an array of numbers as typed base64)."""
    y = trace["y"]
    if isinstance(y, dict):
        return [float(v) for v in np.frombuffer(base64.b64decode(y["bdata"]), dtype=y["dtype"])]
    return [float(v) for v in y]


def run(book: dict[str, Any], names: list[str]) -> tuple[Any, dict[str, dict[str, list[Any]]]]:
    """Run the notebook in a fresh kernel, then one more cell (the test's) that prints its
    tables; return the notebook run and the tables."""
    node = nbformat.from_dict(book)
    dump = f"import json\nprint({MARK!r} + json.dumps({{"
    dump += ", ".join(f"{name!r}: {name}.to_dict(orient='list')" for name in names) + "}))"
    node.cells.append(nbformat.v4.new_code_cell(dump))
    nbclient.NotebookClient(node, timeout=120, kernel_name="python3").execute()
    last = node.cells.pop()
    text = "".join(o.get("text", "") for o in last.outputs if o.output_type == "stream")
    return node, json.loads(text.split(MARK, 1)[1])


@pytest.mark.slow  # 21 kernels, about a second each
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("question", lab.QUESTIONS)
def test_every_notebook_runs_and_gives_the_apps_numbers(question: str, lang: str) -> None:
    settings = SMALL[question]
    book = notebooks.notebook(question, lang, **settings)
    nbformat.validate(nbformat.from_dict(book))
    assert book["metadata"]["uno_academy"] == {
        "question": question,
        "lang": lang,
        "settings": notebooks.settings(question, **settings),
    }
    node, tables = run(book, TABLES[question])
    # Every code cell ran, none failed, and the charts are Plotly's.
    code = [cell for cell in node.cells if cell.cell_type == "code"]
    assert code[0].source.startswith("import plotly") and "import uno" in code[0].source
    assert all(cell.execution_count for cell in code)
    outputs = [o for cell in code for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    figures = [
        o["data"]["application/vnd.plotly.v1+json"]
        for o in outputs
        if o.output_type == "display_data" and "application/vnd.plotly.v1+json" in o["data"]
    ]
    assert len(figures) == CHARTS.get(question, 1)
    # The numbers: the app's, for the same settings.
    for name, (column, values) in expected(question, settings).items():
        assert tables[name][column] == values, (question, name)
    # The chart draws them (as percents, but the length of a round).
    _, values = next(iter(expected(question, settings).values()))
    traces = figures[0]["data"]
    if question == "game-length":  # moves, a line per set of rules
        assert [y for trace in traces for y in ys(trace)] == pytest.approx(values)
    elif question == "opening-hand":  # a panel per measure
        assert [y for trace in traces for y in ys(trace)] == pytest.approx(
            [100 * v for v in values]
        )
    elif question == "strength":  # a series per table of players
        shares = strength_table().sort_values("seats", kind="stable")["share"]
        drawn = [y for trace in traces if trace["type"] == "bar" for y in ys(trace)]
        assert drawn == pytest.approx([100 * v for v in shares])
    else:
        assert ys(traces[0]) == pytest.approx([100 * v for v in values]), question
    # Its words: the reader's language.
    text = "\n\n".join(cell.source for cell in node.cells if cell.cell_type == "markdown")
    words = lab.QUESTION_WORDS[question]
    assert node.cells[0].source.startswith(f"# {t(f'lab.{words}.title', lang)}")
    assert t(f"lab.{words}.next", lang) in text
    assert t("lab.notebook.next", lang) in text and t("lab.how", lang) in text
    layout = figures[0]["layout"]
    assert layout["separators"] == {"en": ".,", "fr": ",\u202f", "ru": ",\u202f"}[lang]


def test_the_can_play_notebook_deals_no_hands_until_the_reader_has() -> None:
    book = notebooks.notebook("can-play", "en")
    sources = "\n".join(cell["source"] for cell in book["cells"])
    assert "rng.sample" not in sources and "hands" not in sources.split("fig")[0]
    assert notebooks.settings("can-play")["deals"] == 0


@pytest.mark.parametrize(
    ("question", "settings"),
    [
        ("nope", {}),
        ("can-play", {"top": "W"}),  # a wild without its colour
        ("can-play", {"top": "R99"}),
        ("can-play", {"hand_size": 0}),
        ("can-play", {"colour": "R"}),  # no such setting
        ("challenge", {"known": ["WD4"] * 5}),  # the deck has four
        ("challenge", {"known": "WD4"}),
        ("game-length", {"players": []}),
        ("game-length", {"presets": ["chaos"]}),
        ("who-wins", {"strategies": ["first"]}),
        ("who-wins", {"n": True}),
        ("who-wins", {"challenge": "sometimes"}),
    ],
)
def test_settings_the_lab_cannot_take_are_refused(question: str, settings: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        notebooks.notebook(question, "en", **settings)


def test_a_notebook_file_is_json_in_the_readers_script() -> None:
    book = notebooks.notebook("challenge", "ru", hand_size=2)
    text = notebooks.dumps(book)
    assert json.loads(text) == book
    assert "Проверять или нет?" in text  # written as is, not \u-escaped
    assert notebooks.file_name("challenge", "ru") == "uno-lab-challenge-ru.ipynb"
    with pytest.raises(ValueError):
        notebooks.notebook("challenge", "de")
    # Defaults: the lab's own.
    assert notebooks.settings("hand-worth") == {"n": 7}
